// The KPW close-up (issue 9): at Discord's preview width (~550 px) the full
// 1600×1200 map shrinks to a third and names are ~5 px high. This second
// image crops the board around where the action is (battles, else stacks
// that moved, else Church, else the stacks) and draws it 2.6× larger at the
// 11:7 aspect Discord previews at full width (550×350), so names and
// counter codes read without opening the image.
import { encodePng, makeOpaqueCanvas, type Canvas, type Ctx2D } from './kit/canvas.ts';
import { StaticLayerCache } from './kit/cache.ts';
import { drawText, fitText } from './kit/text.ts';
import type { Point } from './kit/shapes.ts';
import type { KpwView } from '../src/games/kpw/view-types.ts';
import { boardFor, staticBoard, staticKey } from './kpw.ts';
import { defaultKpwMap, type RenderMap } from './kpw/map-source.ts';
import { drawBattles, drawSites, drawStacks, type Board } from './kpw/pieces.ts';
import { drawConnections, drawRivers } from './kpw/network.ts';
import { drawSpace, drawSpaceLabel } from './kpw/spaces.ts';
import { MAP_VIEW } from './kpw/style.ts';

/**
 * Output size and magnification: 1100×700 shows a 423×256 px piece of the
 * board; at 2.6× a counter's 8 px codes are 10.4 px at the 550 px preview (issue 19).
 */
export const ZOOM = { w: 1100, h: 700, scale: 2.6, caption: 34 } as const;
const SRC_W = ZOOM.w / ZOOM.scale;
const SRC_H = (ZOOM.h - ZOOM.caption) / ZOOM.scale;

/** Spaces worth a close-up, most important first. */
export function focusSpaces(view: KpwView): string[] {
  const open = view.battles.filter((b) => !b.fought);
  const battles = (open.length ? open : view.battles).flatMap((b) => [b.to, b.from]);
  const moved = view.stacks.filter((s) => s.moved).map((s) => s.space);
  const church = view.church.status === 'on-map' && view.church.space ? [view.church.space] : [];
  const rest = view.stacks.map((s) => s.space);
  return [...new Set(battles.length ? battles : moved.length ? moved : church.length ? church : rest)];
}

/** The crop (board pixels): around as many focus spaces as fit, in priority order, inside the map area. */
export function zoomWindow(view: KpwView, b: Board): { x: number; y: number; w: number; h: number; spaces: string[] } {
  const pts: { id: string; p: Point }[] = [];
  for (const id of focusSpaces(view)) {
    const s = b.space.get(id);
    if (s) pts.push({ id, p: b.proj.at(s) });
  }
  const m = 70; // room for the stack above and the name below
  let box = pts.length ? { x0: pts[0].p.x, y0: pts[0].p.y, x1: pts[0].p.x, y1: pts[0].p.y } : null;
  const used = pts.slice(0, 1).map((q) => q.id);
  for (const q of pts.slice(1)) {
    if (!box) break;
    const nb = { x0: Math.min(box.x0, q.p.x), y0: Math.min(box.y0, q.p.y), x1: Math.max(box.x1, q.p.x), y1: Math.max(box.y1, q.p.y) };
    if (nb.x1 - nb.x0 + 2 * m > SRC_W || nb.y1 - nb.y0 + 2 * m > SRC_H) continue;
    box = nb;
    used.push(q.id);
  }
  const v = MAP_VIEW;
  const cx = box ? (box.x0 + box.x1) / 2 : v.x + v.w / 2;
  const cy = box ? (box.y0 + box.y1) / 2 : v.y + v.h / 2;
  const x = Math.min(Math.max(cx - SRC_W / 2, v.x), v.x + v.w - SRC_W);
  const y = Math.min(Math.max(cy - SRC_H / 2, v.y), v.y + v.h - SRC_H);
  return { x, y, w: SRC_W, h: SRC_H, spaces: used };
}

/** Rivers, connections, spaces and names near the window, drawn over the scaled base. */
function redrawNetwork(ctx: Ctx2D, map: RenderMap, b: Board, win: { x: number; y: number; w: number; h: number }): void {
  const m = 120;
  const near = new Set(
    map.spaces
      .filter((s) => {
        const p = b.proj.at(s);
        return p.x > win.x - m && p.x < win.x + win.w + m && p.y > win.y - m && p.y < win.y + win.h + m;
      })
      .map((s) => s.id),
  );
  const touches = (e: { a: string; b: string }) => near.has(e.a) || near.has(e.b);
  const connections = map.connections.filter(touches);
  const rivers = map.rivers.filter(touches);
  const ids = new Set([...near, ...connections.flatMap((e) => [e.a, e.b]), ...rivers.flatMap((e) => [e.a, e.b])]);
  const spaces = map.spaces.filter((s) => ids.has(s.id));
  const sub: RenderMap = { ...map, spaces, connections, rivers };
  drawRivers(ctx, sub, b.proj);
  drawConnections(ctx, sub, b.proj);
  for (const s of spaces) drawSpace(ctx, s, b.proj.at(s), (o) => (o ? (b.ownerColor.get(o) ?? null) : null));
  for (const s of spaces) drawSpaceLabel(ctx, s, b.proj.at(s));
}

/** Side of a tile of the board at the close-up's scale, in pixels. */
const TILE = 256;

/**
 * The board at the close-up's scale (land, sea and colony tints from the
 * cached 1× layer, soft shapes that scale well; lines, spaces and names
 * drawn again as paths, so they are crisp), in tiles drawn once each and
 * reused: redrawing them took about half of a close-up's CPU. The full static
 * layer at this scale took ~1 s (colony tints) and would hold 154 tiles; the
 * close-ups of 250 games at once touched 39 to 55 of them (the load bench's
 * games, early and late), so at most 96 are kept (24 MB), which a mix of
 * short and full games (two boards) still mostly fits.
 */
export const ZOOM_TILES = new StaticLayerCache(96, { opaque: true, freeEvicted: true });

/** The board at the close-up's scale over width×height of its pixels from (left, top), placed at the canvas's origin. */
export function drawScaledBoard(
  ctx: Ctx2D,
  view: KpwView,
  map: RenderMap,
  board: Board,
  area: { left: number; top: number; width: number; height: number },
): void {
  const win = { x: area.left / ZOOM.scale, y: area.top / ZOOM.scale, w: area.width / ZOOM.scale, h: area.height / ZOOM.scale };
  ctx.save();
  ctx.scale(ZOOM.scale, ZOOM.scale);
  ctx.translate(-win.x, -win.y);
  ctx.drawImage(staticBoard(view, map), 0, 0);
  redrawNetwork(ctx, map, board, win);
  ctx.restore();
}

function zoomTile(view: KpwView, map: RenderMap, board: Board, tx: number, ty: number): Canvas {
  return ZOOM_TILES.get(`${staticKey(view, map)}:${tx},${ty}`, TILE, TILE, (ctx) =>
    drawScaledBoard(ctx, view, map, board, { left: tx * TILE, top: ty * TILE, width: TILE, height: TILE }),
  );
}

/** drawScaledBoard from its tiles (area: the canvas's size), at whole pixels so they meet exactly. */
export function drawZoomedBoard(ctx: Ctx2D, view: KpwView, map: RenderMap, board: Board, left: number, top: number): void {
  const { width, height } = ctx.canvas;
  for (let ty = Math.floor(top / TILE); ty * TILE < top + height; ty++)
    for (let tx = Math.floor(left / TILE); tx * TILE < left + width; tx++)
      ctx.drawImage(zoomTile(view, map, board, tx, ty), tx * TILE - left, ty * TILE - top);
}

export function drawKpwZoom(view: KpwView, canvas: Canvas, map: RenderMap = defaultKpwMap()): void {
  const ctx: Ctx2D = canvas.getContext('2d');
  const b = boardFor(map);
  const win = zoomWindow(view, b);
  // The window's corner on whole pixels of the scaled board (at most half a pixel off), where the tiles meet.
  const left = Math.round(win.x * ZOOM.scale);
  const top = Math.round(win.y * ZOOM.scale);
  // Under the caption too: it lets a tenth of the board show through.
  drawZoomedBoard(ctx, view, map, b, left, top - ZOOM.caption);
  ctx.save();
  ctx.translate(0, ZOOM.caption);
  ctx.scale(ZOOM.scale, ZOOM.scale);
  ctx.translate(-left / ZOOM.scale, -top / ZOOM.scale);
  drawSites(ctx, b, view.sites);
  drawStacks(ctx, b, view.stacks, true);
  drawBattles(ctx, b, view.battles);
  ctx.restore();
  ctx.fillStyle = 'rgba(30,18,10,0.9)';
  ctx.fillRect(0, 0, ZOOM.w, ZOOM.caption);
  const names = win.spaces
    .map((id) => b.space.get(id)?.name ?? id)
    .slice(0, 4)
    .join(', ');
  // At the end the caption says so (the full map's result sits over its side panel).
  const caption =
    view.result.status === 'over' ? `Game over · ${view.result.summary}` : `Close-up${names ? `: ${names}` : ''} · ${view.phase}`;
  drawText(ctx, fitText(ctx, caption, ZOOM.w - 24, 20, 'bold'), 12, ZOOM.caption / 2, {
    size: 20,
    weight: 'bold',
    color: '#fff4dc',
    baseline: 'middle',
  });
}

let output: Canvas | null = null;

/** The close-up PNG (1100×700). */
export function renderKpwZoom(view: KpwView, map: RenderMap = defaultKpwMap()): Buffer {
  output ??= makeOpaqueCanvas(ZOOM.w, ZOOM.h);
  drawKpwZoom(view, output, map);
  return encodePng(output);
}
