// King Philip's War snapshot: a cached static board plus the view's pieces.
// Draws only from the KpwView (and the public map), so a view decides what a
// viewer can see.
import { encodePng, makeCanvas, type Canvas } from './kit/canvas.ts';
import { StaticLayerCache } from './kit/cache.ts';
import { drawText, drawWrapped } from './kit/text.ts';
import type { KpwView } from '../src/games/kpw/view-types.ts';
import { fitProjection, type Projection } from './kpw/layout.ts';
import { defaultKpwMap, mapKey, type RenderMap } from './kpw/map-source.ts';
import { drawDynamicPanels } from './kpw/panels.ts';
import { drawBattles, drawSites, drawStacks, makeBoard, type Board } from './kpw/pieces.ts';
import { drawStaticLayer } from './kpw/static-layer.ts';
import { HEIGHT, MAP_VIEW, WIDTH } from './kpw/style.ts';

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

/** The cached static board (1600×1200) for a view's game length. */
export function staticBoard(view: KpwView, map: RenderMap): Canvas {
  const board = boardFor(map);
  const lastTurn = Math.max(9, view.lastTurn || 9);
  const key = `kpw:${mapKey(map)}:${view.short ? 'short' : 'full'}:${lastTurn}`;
  return KPW_STATIC_CACHE.get(key, WIDTH, HEIGHT, (c) => drawStaticLayer(c, map, board.proj, view.short, lastTurn));
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

function drawResult(ctx: ReturnType<Canvas['getContext']>, summary: string): void {
  const v = MAP_VIEW;
  const bh = 150;
  const y = v.y + v.h / 2 - bh / 2;
  ctx.fillStyle = 'rgba(30,18,10,0.84)';
  ctx.fillRect(v.x, y, v.w, bh);
  ctx.fillStyle = '#c99a1c';
  ctx.fillRect(v.x, y + 4, v.w, 3);
  ctx.fillRect(v.x, y + bh - 7, v.w, 3);
  drawText(ctx, 'GAME OVER', v.x + v.w / 2, y + 20, { size: 34, weight: 'bold', color: '#f5c542', align: 'center', baseline: 'top' });
  drawWrapped(ctx, summary, v.x + v.w / 2, y + 68, v.w - 160, {
    size: 20,
    weight: 'bold',
    color: '#fff4dc',
    align: 'center',
    maxLines: 3,
    lineHeight: 25,
  });
}

// One output canvas reused by every snapshot: allocating and clearing a fresh
// 1600×1200 surface costs ~5 ms, and the opaque static layer overwrites it
// all anyway. Safe because drawing and encoding are synchronous.
let output: Canvas | null = null;

/** The snapshot PNG (1600×1200). */
export function renderKpw(view: KpwView, map: RenderMap = defaultKpwMap()): Buffer {
  output ??= makeCanvas(WIDTH, HEIGHT);
  drawKpw(view, output, map);
  return encodePng(output);
}
