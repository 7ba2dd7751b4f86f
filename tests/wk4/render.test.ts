// WK4 map pictures (render/wk4.ts): a PNG of sane size in reasonable time,
// the close-up at Discord's preview shape, and the fog of war: nothing outside
// the viewer's visible hexes is drawn.
import { loadImage, createCanvas } from 'canvas';
import { describe, expect, it } from 'vitest';
import { hexToPixel } from '../../src/engine/hex.ts';
import { pngSize } from '../../render/kit.ts';
import { fullHexSize, renderWk4, renderWk4Zoom, ZOOM, zoomWindow, focusHexes } from '../../render/wk4.ts';
import { boardLayout } from '../../render/wk4/board.ts';
import { wk4Map } from '../../src/games/wk4/map.ts';
import type { Wk4Picture } from '../../src/games/wk4/picture.ts';
import { samplePicture } from './pictures.ts';

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data];
}

describe('wk4 render', () => {
  it('draws the full map for every kind of viewer as a PNG of sane size, quickly once warm', () => {
    renderWk4(samplePicture('full', 'umpire')); // builds the cached static layers
    for (const viewer of ['umpire', 'public', 'corona'] as const) {
      const t0 = performance.now();
      const png = renderWk4(samplePicture('full', viewer));
      const ms = performance.now() - t0;
      const { width, height } = pngSize(png);
      expect(width).toBeGreaterThan(1200);
      expect(width).toBeLessThan(1700);
      expect(height).toBeGreaterThan(600);
      expect(height).toBeLessThan(900);
      expect(png.length).toBeGreaterThan(50_000);
      expect(png.length).toBeLessThan(3_000_000);
      expect(ms).toBeLessThan(2000);
    }
  });

  it('the close-up is 1100 x 700 and frames the battle, else the viewer’s own forces', () => {
    const ump = samplePicture('full', 'umpire');
    expect(pngSize(renderWk4Zoom(ump))).toEqual({ width: ZOOM.w, height: ZOOM.h });
    const map = wk4Map('full');
    expect(focusHexes(map, ump)).toEqual([ump.battles[0].hex]);
    const mine = samplePicture('full', 'kalmar');
    const focus = focusHexes(map, mine);
    expect(focus.length).toBeGreaterThan(0);
    for (const h of focus) expect(mine.markers.filter((m) => m.hex === h).every((m) => m.nation === 'kalmar')).toBe(true);
    // The window holds the first focus hex, inside the board.
    const win = zoomWindow(map, mine);
    const { layout, width, height } = boardLayout(map, ZOOM.hex);
    const p = hexToPixel(map.hex(focus[0]), layout);
    expect(p.x).toBeGreaterThanOrEqual(win.x);
    expect(p.x).toBeLessThanOrEqual(win.x + win.w);
    expect(p.y).toBeGreaterThanOrEqual(win.y);
    expect(p.y).toBeLessThanOrEqual(win.y + win.h);
    expect(win.x + win.w).toBeLessThanOrEqual(width);
    expect(win.y + win.h).toBeLessThanOrEqual(height);
  });

  it('fog of war: a marker in a hex the viewer does not see changes nothing in either picture', () => {
    const pic = samplePicture('full', 'corona');
    const map = wk4Map('full');
    expect(pic.visible).not.toBe('all');
    const seen = new Set(pic.visible as string[]);
    const hidden = map.centres.find((c) => !seen.has(c.hex))!.hex;
    const leaky: Wk4Picture = {
      ...pic,
      markers: [...pic.markers, { id: 'x', kind: 'army', nation: 'kalmar', hex: hidden, label: 'Spy', strength: 12 }],
    };
    expect(renderWk4(leaky).equals(renderWk4(pic))).toBe(true);
    expect(renderWk4Zoom({ ...leaky, focus: [hidden] }).equals(renderWk4Zoom({ ...pic, focus: [hidden] }))).toBe(true);
  });

  it('fog of war: unseen hexes are veiled, seen ones are not', async () => {
    const map = wk4Map('full');
    const fogged = samplePicture('full', 'corona');
    const clear: Wk4Picture = { ...fogged, visible: 'all', markers: [], battles: [], trails: [] };
    const veiled: Wk4Picture = { ...clear, visible: fogged.visible };
    const { layout } = boardLayout(map, fullHexSize(map));
    const seen = new Set(fogged.visible as string[]);
    const plainHex = (want: boolean) =>
      map.hexes().find((h) => seen.has(h.id) === want && !h.centre && h.terrain === 'clear' && !h.rivers.length && !h.roads.length)!;
    const out = hexToPixel(plainHex(false), layout);
    const inn = hexToPixel(plainHex(true), layout);
    const [a, b] = [renderWk4(clear), renderWk4(veiled)];
    const [pa, pb] = [await pixel(a, out.x, out.y + 3), await pixel(b, out.x, out.y + 3)];
    expect(pb.slice(0, 3).reduce((n, v) => n + v, 0)).toBeLessThan(pa.slice(0, 3).reduce((n, v) => n + v, 0) - 60);
    expect(await pixel(b, inn.x, inn.y + 3)).toEqual(await pixel(a, inn.x, inn.y + 3));
  });

  it('draws the small map too, larger hexes for fewer of them', () => {
    const pic = samplePicture('small', 'capetan');
    expect(fullHexSize(wk4Map('small'))).toBeGreaterThan(fullHexSize(wk4Map('full')));
    const { width, height } = pngSize(renderWk4(pic));
    expect(width).toBeGreaterThan(900);
    expect(height).toBeGreaterThan(500);
    expect(pngSize(renderWk4Zoom(pic))).toEqual({ width: ZOOM.w, height: ZOOM.h });
  });
});
