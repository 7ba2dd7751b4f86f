// The WoG snapshot renderer draws a PNG from a view alone (map + side panel).
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../render/kit.ts';
import { renderWog } from '../../render/wog.ts';
import { createGame } from '../../src/engine/runner.ts';
import { wogData } from '../../src/games/wog/data.ts';
import { wog } from '../../src/games/wog/index.ts';

describe('WoG renderer', () => {
  it('renders the map width plus the side panel, at the map height, for a fresh game view', () => {
    const { env } = createGame(wog, { scenario: 'liw' }, 'render-1');
    const png = renderWog(wog.view(env.game, { kind: 'spectator' }));
    const { width, height } = pngSize(png);
    expect(width).toBe(wogData().map.width + 360);
    expect(height).toBe(wogData().map.height);
  });
});

describe('WoG renderer: border kinds and the battle inset (Phase 2 borders, Phase 3 battles)', () => {
  it('every land border has a stretch of shared outline to draw in its own style', async () => {
    const { borderSegments, BORDER } = await import('../../render/wog.ts');
    const segs = borderSegments();
    expect(segs).toHaveLength(wogData().map.borders.length);
    for (const b of segs) expect(b.segs.length, `${b.a}-${b.b}`).toBeGreaterThan(0);
    expect(BORDER.river.color).not.toBe(BORDER.obstructed.color);
    expect(BORDER.obstructed.dash.length).toBeGreaterThan(0);
    expect(BORDER.sea.width).toBeGreaterThan(BORDER.clear.width);
  });

  it('a battle view names the area and the snapshot draws the inset over the open sea; none without a battle', async () => {
    const { INSET } = await import('../../render/wog.ts');
    const { loadImage, createCanvas } = await import('canvas');
    const { blank, dice, inf, put, startBattles } = await import('./helpers.ts');
    const s = blank();
    put(s, 'jeanne_darc', 'champagne', 'french', inf(2));
    put(s, 'edward_iii', 'champagne', 'english', inf(2));
    startBattles(s, dice(6, 1, 1, 1));
    const v = wog.view(s, { kind: 'spectator' }) as { battle: { area: string; round: number } | null };
    expect(v.battle).toEqual({ area: 'champagne', round: 1 });
    const pixel = async (view: unknown) => {
      const img = await loadImage(renderWog(view as never));
      const c = createCanvas(img.width, img.height);
      c.getContext('2d').drawImage(img, 0, 0);
      return [
        ...c
          .getContext('2d')
          .getImageData(INSET.x + INSET.w - 20, INSET.y + INSET.h - 20, 1, 1)
          .data.slice(0, 3),
      ];
    };
    expect(await pixel(v)).toEqual([0xff, 0xfa, 0xf0]);
    expect(await pixel({ ...v, battle: null })).toEqual([0xb9, 0xd3, 0xe6]);
  });
});
