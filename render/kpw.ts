// King Philip's War snapshot: a cached static board plus the view's pieces.
// Draws only from the KpwView (and the public map), so a view decides what a
// viewer can see.
import { encodeJpeg, makeOpaqueCanvas, type Canvas } from './kit/canvas.ts';
import { StaticLayerCache } from './kit/cache.ts';
import { drawText, drawWrapped } from './kit/text.ts';
import type { KpwView } from '../src/games/kpw/view-types.ts';
import { fitProjection, type Projection } from './kpw/layout.ts';
import { defaultKpwMap, mapKey, type RenderMap } from './kpw/map-source.ts';
import { drawDynamicPanels } from './kpw/panels.ts';
import { drawBattles, drawSites, drawStacks, makeBoard, type Board } from './kpw/pieces.ts';
import { drawStaticLayer } from './kpw/static-layer.ts';
import { HEIGHT, PANEL_X, TOP_H, WIDTH } from './kpw/style.ts';

export { KPW_STATIC_CACHE };
export type { RenderMap };

/** One per process: the board is drawn once and reused by every snapshot. */
const KPW_STATIC_CACHE = new StaticLayerCache(8);
const boards = new WeakMap<RenderMap, Board>();

/** The board (projection, spaces) for a map, built once. */
export function boardFor(map: RenderMap): Board {
  let b = boards.get(map);
  if (!b) {
    const proj: Projection = fitProjection(map);
    b = makeBoard(map, proj);
    boards.set(map, b);
  }
  return b;
}

/** Which static board a view is drawn on: its map and its game's length (the turn track). */
export function staticKey(view: KpwView, map: RenderMap): string {
  return `kpw:${mapKey(map)}:${view.short ? 'short' : 'full'}:${Math.max(9, view.lastTurn || 9)}`;
}

/** The cached static board (1600×1200) for a view's game length. */
export function staticBoard(view: KpwView, map: RenderMap): Canvas {
  const board = boardFor(map);
  const lastTurn = Math.max(9, view.lastTurn || 9);
  return KPW_STATIC_CACHE.get(staticKey(view, map), WIDTH, HEIGHT, (c) => drawStaticLayer(c, map, board.proj, view.short, lastTurn));
}

export function drawKpw(view: KpwView, canvas: Canvas, map: RenderMap = defaultKpwMap()): void {
  const ctx = canvas.getContext('2d');
  const board = boardFor(map);
  ctx.drawImage(staticBoard(view, map), 0, 0);
  drawSites(ctx, board, view.sites);
  drawStacks(ctx, board, view.stacks);
  // Battle arrows over the counters: who attacks where matters more than a chit's corner.
  drawBattles(ctx, board, view.battles);
  drawDynamicPanels(ctx, view, map);
  if (view.result.status === 'over') drawResult(ctx, view.result.summary);
}

/** The result, over the top of the side panel: never over the board (issue 19). */
function drawResult(ctx: ReturnType<Canvas['getContext']>, summary: string): void {
  const x = PANEL_X;
  const w = WIDTH - PANEL_X;
  const y = TOP_H;
  const bh = 230;
  ctx.fillStyle = 'rgba(30,18,10,0.92)';
  ctx.fillRect(x, y, w, bh);
  ctx.fillStyle = '#c99a1c';
  ctx.fillRect(x, y + 4, w, 3);
  ctx.fillRect(x, y + bh - 7, w, 3);
  drawText(ctx, 'GAME OVER', x + w / 2, y + 18, { size: 30, weight: 'bold', color: '#f5c542', align: 'center', baseline: 'top' });
  drawWrapped(ctx, summary, x + w / 2, y + 60, w - 24, {
    size: 17,
    weight: 'bold',
    color: '#fff4dc',
    align: 'center',
    maxLines: 7,
    lineHeight: 22,
  });
}

// One output canvas reused by every snapshot: allocating and clearing a fresh
// 1600×1200 surface costs ~5 ms, and the opaque static layer overwrites it
// all anyway. Safe because drawing and encoding are synchronous.
let output: Canvas | null = null;

/** The snapshot (1600×1200), a JPEG: the largest picture the bot posts, and the costliest to encode as a PNG (encodeJpeg). */
export function renderKpw(view: KpwView, map: RenderMap = defaultKpwMap()): Buffer {
  output ??= makeOpaqueCanvas(WIDTH, HEIGHT);
  drawKpw(view, output, map);
  return encodeJpeg(output);
}
