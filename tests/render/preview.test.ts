// Issue 19: the first image of every map post is the one Discord previews
// (~550 px wide, inside ~550×350): its names and numbers must be ≥ 10 px
// there. The render kit records every text it draws with its size in the
// final picture (render/kit/text-log.ts); each system's close-up, which
// commands/present.ts puts first in a map post, is checked against it. And
// sides stay apart for readers with protanopia or deuteranopia
// (tests/render/vision.ts simulates both, two ways each).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTextLog, recordTexts } from '../../render/kit/text-log.ts';
import { drawText, encodePng, makeCanvas, StaticLayerCache } from '../../render/kit.ts';
import { renderers } from '../../render/renderers.ts';
import { defaultKpwMap } from '../../render/kpw/map-source.ts';
import { makeBoard, unitCounter } from '../../render/kpw/pieces.ts';
import { fitProjection } from '../../render/kpw/layout.ts';
import { SIDE_COLOR } from '../../render/kpw/style.ts';
import { SIDE as WOG_SIDE } from '../../render/wog.ts';
import { NATIONS } from '../../src/games/wk4/nations.ts';
import { facingSize, MAIN } from '../../render/atkm.ts';
import { closeUp } from '../../commands/snapshots.ts';
import { createGame } from '../../src/engine/runner.ts';
import type { GameModule, Json } from '../../src/engine/types.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { wog } from '../../src/games/wog/index.ts';
import { samplePicture as atkmSample, scenarioPicture } from '../atkm/render-sample.ts';
import { samplePicture as wk4Sample } from '../wk4/pictures.ts';
import { blank, dice, inf, put, startBattles } from '../wog/helpers.ts';
import { emptyView } from './fixtures.ts';
import { rifleView } from './rifle-fixtures.ts';
import { busyView } from './sample.ts';
import { closestPair, previewScale, previewSizes } from './vision.ts';

// Before any picture is drawn, so the cached layers and sprites carry their texts too.
startTextLog();

const MIN_PX = 10;

function wogBattle(): Json {
  const s = blank();
  put(s, 'jeanne_darc', 'champagne', 'french', inf(2));
  put(s, 'edward_iii', 'champagne', 'english', inf(2));
  s.aggressor.champagne = 'english';
  startBattles(s, dice(6, 1, 1, 1));
  return wog.view(s, { kind: 'spectator' }) as Json;
}

/** Views from the tests' sample states, several per system: action, quiet, over, fog. */
function samples(): [string, string, Json][] {
  const j = (v: unknown) => v as Json;
  return [
    ['kpw', 'a battle turn', j(busyView())],
    ['kpw', 'nothing moved', j(emptyView({ stacks: busyView().stacks.map((s) => ({ ...s, moved: false })) }))],
    ['kpw', 'game over', j({ ...busyView(), result: { status: 'over', summary: 'Indian victory: Boston and Plymouth razed.' } })],
    ['rifle', 'game over', rifleView()],
    ['rifle', 'mid-game, four players', rifleView({ players: 4, turn: 6, over: false })],
    ['atkm', 'after a move and fire', j({ picture: atkmSample() })],
    ['atkm', 'deployment, nothing acted', j({ picture: scenarioPicture('open-field') })],
    ['wk4', 'umpire, full map', j({ picture: wk4Sample('full', 'umpire') })],
    ['wk4', 'one nation in its fog', j({ picture: wk4Sample('full', 'kalmar') })],
    ['wk4', 'public, small map', j({ picture: wk4Sample('small', 'public') })],
    ['wog', 'a battle', wogBattle()],
    ['wog', 'no battle', j(wog.view(createGame(wog, { scenario: 'hyw' }, 'preview-1').env.game, { kind: 'spectator' }))],
  ];
}

describe('the text recorder (render/kit/text-log.ts)', () => {
  it('records each text at its size in the encoded picture, through cached layers and scaling', () => {
    const layers = new StaticLayerCache(2);
    const rec = recordTexts(() => {
      const canvas = makeCanvas(1100, 700);
      const ctx = canvas.getContext('2d');
      drawText(ctx, 'plain', 10, 20, { size: 14 });
      drawText(ctx, 'sprite', 10, 60, { size: 12, cache: true });
      const layer = layers.get('l', 200, 100, (c) => drawText(c, 'layer', 5, 50, { size: 10 }));
      ctx.drawImage(layer, 0, 100, 600, 300); // drawn 3× larger
      ctx.save();
      ctx.scale(2, 2);
      drawText(ctx, 'scaled', 10, 200, { size: 9 });
      ctx.restore();
      drawText(ctx, 'outside', 2000, 20, { size: 30 });
      return encodePng(canvas);
    });
    const size = Object.fromEntries(rec.texts.map((t) => [t.text, t.size]));
    expect(size).toEqual({ plain: 14, sprite: 12, layer: 30, scaled: 18 });
    // A 14 px text on an 1100 px picture is 7 px at the preview: the check below would catch it.
    expect(previewSizes(rec)[0]).toMatchObject({ text: 'sprite', preview: 6 });
  });
});

describe("each map post's first image reads at Discord's preview size (issue 19)", () => {
  registerAllGames();
  const cases = samples();
  it.each(cases.map(([system, what, view]) => [`${system}: ${what}`, system, view] as const))(
    '%s: every text ≥ 10 px at 550 px wide',
    (_name, system, view) => {
      const rec = recordTexts(() => renderers[`${system}:zoom`](view));
      expect(rec.texts.length, 'texts drawn').toBeGreaterThan(3);
      // Made for the preview: 11:7, shown at half size.
      expect(previewScale(rec.width, rec.height)).toBeCloseTo(0.5, 5);
      const small = previewSizes(rec).filter((t) => t.preview < MIN_PX);
      expect(small.map((t) => `${t.text} (${t.preview.toFixed(1)} px)`)).toEqual([]);
    },
  );

  it('ATKM: the whole tabletop alone reads there too (labels, inches of the grid, the scale, the panel), when its close-up is left out (issue 19 §8)', () => {
    for (const [system, what, view] of cases.filter(([sys]) => sys === 'atkm')) {
      const rec = recordTexts(() => renderers[system](view));
      expect(previewScale(rec.width, rec.height), what).toBeCloseTo(0.5, 5);
      const texts = rec.texts.map((t) => t.text);
      // Unit and general labels, the grid's inches, the 6" scale bar and the card drawn are all there…
      expect(texts).toEqual(expect.arrayContaining(['6"', '0', '72', '48', 'Card drawn']));
      expect(texts.filter((t) => /\(\d+\)$/.test(t)).length, what).toBeGreaterThanOrEqual(4);
      // The facing arrows too (a shape, not a text): at least 10 px long at the preview.
      expect(facingSize({ k: MAIN.ppi, text: MAIN.text }) * previewScale(rec.width, rec.height)).toBeGreaterThanOrEqual(MIN_PX);
      // …and no text is under 10 px at the preview.
      const small = previewSizes(rec).filter((t) => t.preview < MIN_PX);
      expect(
        small.map((t) => `${t.text} (${t.preview.toFixed(1)} px)`),
        what,
      ).toEqual([]);
    }
  });

  it('the other full maps alone do not: the reason the close-up goes first', () => {
    const onePerSystem = new Map(cases.filter(([sys, what]) => what !== 'game over' && sys !== 'atkm').map((c) => [c[0], c]));
    expect(onePerSystem.size).toBe(4);
    for (const [system, , view] of onePerSystem.values()) {
      const rec = recordTexts(() => renderers[system](view));
      expect(previewSizes(rec)[0].preview, system).toBeLessThan(MIN_PX);
    }
  });

  it('every system draws a close-up for every drawn map, so a map post always opens with it', async () => {
    const render = async (m: GameModule<any, any>, v: Json) => (await m.render!(v)) as Buffer;
    for (const [system, what, view] of cases) {
      const mod = getGame(system)!;
      const zoom = await closeUp(mod, [{ mark: { phase: what, view }, draw: true }], 'z.png', render);
      expect(zoom?.data.length, `${system}: ${what}`).toBeGreaterThan(0);
    }
  });
});

describe('sides stay apart for colour-blind readers (issue 19)', () => {
  const MIN_DE = 20;
  it('KPW: red English and green Indians (rules 6.1) differ in lightness, and Indian chits are octagons', () => {
    const worst = closestPair(SIDE_COLOR);
    expect(worst.dE, JSON.stringify(worst)).toBeGreaterThanOrEqual(MIN_DE);
    const board = makeBoard(defaultKpwMap(), fitProjection(defaultKpwMap()));
    const unit = { id: 'x', kind: 'warrior', name: 'Warriors', owner: 'NA', strength: 2 } as const;
    expect(unitCounter(unit, 'indian', board.ownerColor).cut).toBe(true);
    expect(unitCounter({ ...unit, kind: 'soldier', owner: 'MA' }, 'english', board.ownerColor).cut).toBe(false);
  });

  it('Rifle: the four player colours (data/rifle/rules.json)', () => {
    const rules = JSON.parse(readFileSync(new URL('../../data/rifle/rules.json', import.meta.url), 'utf8')) as { colors: string[] };
    const worst = closestPair(Object.fromEntries(rules.colors.map((c, i) => [`settlement ${i + 1}`, c])));
    expect(worst.dE, JSON.stringify(worst)).toBeGreaterThanOrEqual(MIN_DE);
  });

  it('WoG: English, French and non-aligned', () => {
    const worst = closestPair(WOG_SIDE);
    expect(worst.dE, JSON.stringify(worst)).toBeGreaterThanOrEqual(MIN_DE);
  });

  it('ATKM: the two armies', () => {
    const sides = atkmSample().sides;
    const worst = closestPair(Object.fromEntries(sides.map((s) => [s.id, s.colour])));
    expect(worst.dE, JSON.stringify(worst)).toBeGreaterThanOrEqual(MIN_DE);
  });

  it("WK4: eleven nation colours cannot all stay apart, so every army and fleet carries its nation's two-letter mark (issue 19 §8)", () => {
    const colours = Object.fromEntries(Object.values(NATIONS).map((n) => [n.name, n.colour]));
    // Too many colours for the distance alone (the closest pair is far below 20 for a deuteranope): the mark is the cue.
    expect(closestPair(colours).dE).toBeLessThan(MIN_DE);
    const marks = Object.values(NATIONS).map((n) => n.mark);
    expect(new Set(marks).size).toBe(11);
    for (const m of marks) expect(m).toMatch(/^[A-Z][a-z]$/);
    const picture = wk4Sample('full', 'umpire');
    const perHex = new Map<string, number>();
    for (const m of picture.markers) perHex.set(String(m.hex), (perHex.get(String(m.hex)) ?? 0) + 1);
    // The whole map: every token shown (a hex of at most two) says whose it is; the legend says what each mark means.
    const full = new Set(recordTexts(() => renderers.wk4({ picture } as unknown as Json)).texts.map((t) => t.text));
    const shown = picture.markers.filter((m) => perHex.get(String(m.hex))! <= 2);
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.filter((m) => !full.has(`${NATIONS[m.nation].mark} ${m.strength}`)).map((m) => m.id)).toEqual([]);
    for (const n of Object.values(NATIONS)) expect(full.has(`${n.mark} · ${n.name}`), n.name).toBe(true);
    // The close-up too, in the white box beside the lord's name.
    const zoom = recordTexts(() => renderers['wk4:zoom']({ picture } as unknown as Json)).texts.map((t) => t.text);
    const [n1, n2] = [...new Set(picture.markers.map((m) => m.nation))];
    expect(zoom).toEqual(expect.arrayContaining([`${NATIONS[n1].mark} 9`, `${NATIONS[n2].mark} 7`]));
  });

  it('the check can fail: the old KPW red and green were 5.6 apart with deuteranopia', () => {
    const worst = closestPair({ english: '#b8483a', indian: '#4e7d36' });
    expect(worst.deficiency).toMatch(/deuteranopia/);
    expect(worst.dE).toBeLessThan(MIN_DE);
  });
});
