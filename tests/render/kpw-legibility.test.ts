// Issue 9: what a channel reader sees at Discord's preview size. Discord
// shows an image at most ~550×350 in a message, so the effective height of a
// glyph is its font size × the renderer's magnification × the preview scale.
import { describe, expect, it } from 'vitest';
import { closeUp } from '../../commands/snapshots.ts';
import { makeCanvas, makeOpaqueCanvas, pngSize } from '../../render/kit/canvas.ts';
import { stripeLabelSize } from '../../render/kit/counters.ts';
import { boardFor } from '../../render/kpw.ts';
import { ZOOM, ZOOM_TILES, drawScaledBoard, drawZoomedBoard, renderKpwZoom, zoomWindow } from '../../render/kpw-zoom.ts';
import { defaultKpwMap } from '../../render/kpw/map-source.ts';
import { placeStacks } from '../../render/kpw/pieces.ts';
import { LABEL_SIZE } from '../../render/kpw/spaces.ts';
import { COUNTER, HEIGHT, WIDTH } from '../../render/kpw/style.ts';
import { renderers } from '../../render/renderers.ts';
import type { Json } from '../../src/engine/types.ts';
import { busyView } from './sample.ts';

const PREVIEW = { w: 550, h: 350 };
/** Scale at which Discord previews a w×h image (fit inside 550×350). */
const preview = (w: number, h: number) => Math.min(PREVIEW.w / w, PREVIEW.h / h);
/** Effective glyph height at preview size: font px × magnification × preview scale. */
const effective = (font: number, magnification: number, w: number, h: number) => font * magnification * preview(w, h);

describe('KPW legibility at Discord preview size', () => {
  it('the close-up shows space names and counter codes ≥ 10 px (issue 19)', () => {
    const name = effective(LABEL_SIZE, ZOOM.scale, ZOOM.w, ZOOM.h);
    const code = effective(stripeLabelSize(COUNTER), ZOOM.scale, ZOOM.w, ZOOM.h);
    expect(name).toBeGreaterThanOrEqual(10);
    expect(code).toBeGreaterThanOrEqual(10);
    // At 11:7 the close-up previews at the full 550 px width.
    expect(preview(ZOOM.w, ZOOM.h)).toBeCloseTo(0.5, 5);
    // The full map alone is what issue 9 reported: ~4 px names, well under 9.
    expect(effective(LABEL_SIZE, 1, WIDTH, HEIGHT)).toBeLessThan(5);
  });

  it('renders an 1100×700 close-up framing the open battle and its stacks', () => {
    const view = busyView();
    expect(pngSize(renderKpwZoom(view))).toEqual({ width: ZOOM.w, height: ZOOM.h });
    const b = boardFor(defaultKpwMap());
    const win = zoomWindow(view, b);
    expect(win.spaces.slice(0, 2)).toEqual(['great_swamp', 'wickford']);
    const inside = (x: number, y: number) => x >= win.x && x <= win.x + win.w && y >= win.y && y <= win.y + win.h;
    for (const id of ['great_swamp', 'wickford']) {
      const p = b.proj.at(b.space.get(id)!);
      expect(inside(p.x, p.y), id).toBe(true);
    }
    const rows = placeStacks(makeCanvas(10, 10).getContext('2d'), b, view.stacks).filter(
      (r) => r.space === 'wickford' || r.space === 'great_swamp',
    );
    for (const r of rows) expect(inside(r.x, r.y) && inside(r.x + r.w, r.y + r.h), r.space).toBe(true);
  });

  it("the close-up's board comes from tiles drawn once: they meet without a seam, the same pixels as the board drawn in one piece", () => {
    const view = busyView();
    const map = defaultKpwMap();
    const board = boardFor(map);
    const win = zoomWindow(view, board);
    const area = { left: Math.round(win.x * ZOOM.scale), top: Math.round(win.y * ZOOM.scale), width: 600, height: 400 };
    const whole = makeOpaqueCanvas(area.width, area.height);
    drawScaledBoard(whole.getContext('2d'), view, map, board, area);
    const tiled = makeOpaqueCanvas(area.width, area.height);
    drawZoomedBoard(tiled.getContext('2d'), view, map, board, area.left, area.top);
    const pixels = (c: ReturnType<typeof makeCanvas>) => c.getContext('2d').getImageData(0, 0, area.width, area.height).data;
    const [a, b] = [pixels(whole), pixels(tiled)];
    // Rounding apart (the tiles' own offsets): no value more than a few levels off, and few off at all.
    let off = 0;
    let most = 0;
    for (let i = 0; i < a.length; i++) {
      const diff = Math.abs(a[i] - b[i]);
      if (diff) off++;
      most = Math.max(most, diff);
    }
    expect(most).toBeLessThanOrEqual(8);
    expect(off / a.length).toBeLessThan(0.01);
    // Drawn again, the same place builds no tile.
    const built = ZOOM_TILES.builds;
    renderKpwZoom(view);
    renderKpwZoom(view);
    expect(ZOOM_TILES.builds - built).toBeLessThanOrEqual(ZOOM_TILES.size);
    const again = ZOOM_TILES.builds;
    renderKpwZoom(view);
    expect(ZOOM_TILES.builds).toBe(again);
  });

  it('is posted once per batch, after the last snapshot, only when that board was drawn', async () => {
    const calls: string[] = [];
    const mod = { id: 'kpw', renderZoom: renderers['kpw:zoom'] } as never;
    const render = async (m: { id: string }, _v: Json) => {
      calls.push(m.id);
      return Buffer.from('png');
    };
    const mark = { phase: 'Turn 4 · English Combat', view: busyView() as unknown as Json };
    expect(await closeUp(mod, [{ mark, draw: true }], 'z.png', render)).toMatchObject({ name: 'z.png' });
    expect(calls).toEqual(['kpw:zoom']);
    expect(
      await closeUp(
        mod,
        [
          { mark, draw: true },
          { mark, draw: false },
        ],
        'z.png',
        render,
      ),
    ).toBeNull();
    expect(await closeUp({ id: 'rifle' } as never, [{ mark, draw: true }], 'z.png', render)).toBeNull();
    // A module's zoomWorthy may still decline a close-up (KPW has none: every map post opens with one).
    const quiet = { ...(mod as object), zoomWorthy: (v: Json) => (v as { battles: unknown[] }).battles.length > 0 } as never;
    expect(
      await closeUp(quiet, [{ mark: { ...mark, view: { ...busyView(), battles: [] } as unknown as Json }, draw: true }], 'z.png', render),
    ).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
