// The WoG snapshot renderer draws a PNG from a view alone (map + side panel).
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../render/kit.ts';
import { renderWog } from '../../render/wog.ts';
import { createGame } from '../../src/engine/runner.ts';
import { wogData } from '../../src/games/wog/data.ts';
import { wog } from '../../src/games/wog/index.ts';
import type { WogView } from '../../src/games/wog/view.ts';

describe('WoG renderer', () => {
  it('renders the map width plus the side panel, at the map height, for a fresh game view', () => {
    const { env } = createGame(wog, { scenario: 'liw' }, 'render-1');
    const png = renderWog(wog.view(env.game, { kind: 'spectator' }));
    const { width, height } = pngSize(png);
    expect(width).toBe(wogData().map.width + 360);
    expect(height).toBe(wogData().map.height);
  });
});

describe('WoG renderer: border kinds and the battle close-up (Phase 2 borders, Phase 3 battles)', () => {
  it('every land border has a stretch of shared outline to draw in its own style', async () => {
    const { borderSegments, BORDER } = await import('../../render/wog.ts');
    const segs = borderSegments();
    expect(segs).toHaveLength(wogData().map.borders.length);
    for (const b of segs) expect(b.segs.length, `${b.a}-${b.b}`).toBeGreaterThan(0);
    expect(BORDER.river.color).not.toBe(BORDER.obstructed.color);
    expect(BORDER.obstructed.dash.length).toBeGreaterThan(0);
    expect(BORDER.sea.width).toBeGreaterThan(BORDER.clear.width);
  });

  it('a battle view names the area, commanders and dice; the close-up is a second 1100×700 image, the board in brief without a battle', async () => {
    const { renderWogZoom, zoomCrop, WOG_ZOOM } = await import('../../render/wog-zoom.ts');
    const { blank, dice, inf, put, startBattles } = await import('./helpers.ts');
    const s = blank();
    put(s, 'jeanne_darc', 'champagne', 'french', inf(2));
    put(s, 'edward_iii', 'champagne', 'english', inf(2));
    s.aggressor.champagne = 'english';
    startBattles(s, dice(6, 1, 1, 1));
    const v = wog.view(s, { kind: 'spectator' }) as WogView;
    expect(v.battle).toMatchObject({
      area: 'champagne',
      round: 1,
      bc: { english: 'Edward III', french: "Jeanne d'Arc" },
      aggressor: 'english',
      misses: 1,
      dice: { english: { dice: 4, mod: 0 }, french: { dice: 3, mod: 1 } },
    });
    expect(v.battle!.rolls.join(' ')).toMatch(/English roll 6 against bravery 2: the English roll no dice.*French: 3 dice/);
    expect(wog.phase(s)).toBe('Turn 1 · Phase 3: Battle in Champagne, after round 1');
    // Every map post opens with the close-up (issue 19): the battle, else the board in brief.
    expect(wog.zoomWorthy).toBeUndefined();
    expect(pngSize(renderWogZoom({ ...v, battle: null } as never))).toEqual({ width: WOG_ZOOM.w, height: WOG_ZOOM.h });
    const png = renderWogZoom(v as never);
    expect(pngSize(png)).toEqual({ width: WOG_ZOOM.w, height: WOG_ZOOM.h });
    // The crop holds the whole area fought over, at the box's aspect.
    const crop = zoomCrop('champagne');
    const poly = wogData().map.areas.find((a) => a.id === 'champagne')!.polygon;
    for (const [x, y] of poly) {
      expect(x).toBeGreaterThanOrEqual(crop.x);
      expect(x).toBeLessThanOrEqual(crop.x + crop.w);
      expect(y).toBeGreaterThanOrEqual(crop.y);
      expect(y).toBeLessThanOrEqual(crop.y + crop.h);
    }
    expect(crop.w / crop.h).toBeCloseTo(WOG_ZOOM.mapW / (WOG_ZOOM.h - WOG_ZOOM.caption), 5);
  });

  it('the table posts the close-up with every snapshot (GameTable.renderZoom)', async () => {
    const { registerAllGames } = await import('../../src/app/games.ts');
    const { getGame } = await import('../../src/games/registry.ts');
    const { closeUp } = await import('../../commands/snapshots.ts');
    const { blank, dice, inf, put, startBattles } = await import('./helpers.ts');
    registerAllGames();
    const mod = getGame('wog')!;
    expect(mod.renderZoom).toBeDefined();
    const s = blank();
    put(s, 'walter_manny', 'champagne', 'english', inf(1));
    put(s, 'philippe_vi', 'champagne', 'french', inf(3));
    startBattles(s, dice());
    const view = mod.view(s, { kind: 'spectator' });
    const render = async (m: typeof mod, v: unknown) => m.render!(v as never) as Buffer;
    const zoom = await closeUp(mod, [{ mark: { phase: mod.phase(s), view }, draw: true }], 'z.png', render);
    expect(zoom && pngSize(zoom.data)).toEqual({ width: 1100, height: 700 });
    // Without a battle the close-up is the board in brief (issue 19: every map post opens with a preview-size image).
    const quiet = await closeUp(mod, [{ mark: { phase: 'x', view: { ...view, battle: null } }, draw: true }], 'z.png', render);
    expect(quiet && pngSize(quiet.data)).toEqual({ width: 1100, height: 700 });
    expect(quiet!.data.equals(zoom!.data)).toBe(false);
  });
});
