// Warrior Kings IV snapshots, drawn only from a Wk4Picture (what one viewer
// may see) plus the static map: the whole hex map with a legend panel, and a
// close-up of the hexes that matter (battles, else the viewer's forces) at a
// scale that reads at Discord's ~550 px preview.
import { hexToPixel, type HexId } from '../src/engine/hex.ts';
import { SIDE_LIMITS, wk4Map, type Wk4Map } from '../src/games/wk4/map.ts';
import { NATIONS, type NationId } from '../src/games/wk4/nations.ts';
import type { Wk4Picture } from '../src/games/wk4/picture.ts';
import {
  boardLayout,
  centreOf,
  drawBattles,
  drawCentreNames,
  drawCentres,
  drawFog,
  drawMarkers,
  drawHexIds,
  drawStaticBoard,
  drawTrails,
  FOG,
  INK,
  TERRAIN_FILL,
  type Board,
} from './wk4/board.ts';
import {
  drawCircle,
  drawLegend,
  drawText,
  encodePngOnce,
  fitText,
  makeCanvas,
  StaticLayerCache,
  wrapLines,
  type Canvas,
  type Ctx2D,
  type LegendItem,
} from './kit.ts';

const PAPER = '#efe6cf';
const PANEL = 340;
/** Hex size of the whole-map picture: about 1170 px of board across (15 px for the 44-wide map), at most 30. */
export function fullHexSize(map: Wk4Map): number {
  return Math.min(30, Math.floor(1170 / (Math.sqrt(3) * (map.width + 0.5))));
}
const layers = new StaticLayerCache(8);
/** Close-up windows (~3 MB each): a few, since a campaign keeps framing the same places. */
const windows = new StaticLayerCache(6);

function staticLayers(map: Wk4Map, size: number): { board: Canvas; names: Canvas; b: Board; width: number; height: number } {
  const { layout, width, height } = boardLayout(map, size);
  const b: Board = { map, layout, window: null };
  const board = layers.get(`${map.id}:${size}:board`, width, height, (ctx) => drawStaticBoard(ctx, b));
  const names = layers.get(`${map.id}:${size}:names`, width, height, (ctx) => drawCentreNames(ctx, b, Math.round(size * 0.62)));
  return { board, names, b, width, height };
}

/** Who holds what: counts and VP per nation from the picture's public owners. */
export function holdings(map: Wk4Map, pic: Wk4Picture): Map<NationId, { centres: number; vp: number }> {
  const out = new Map<NationId, { centres: number; vp: number }>(map.nations.map((n) => [n, { centres: 0, vp: 0 }]));
  for (const c of map.centres) {
    const o = pic.owners[c.id];
    if (!o) continue;
    const h = out.get(o) ?? { centres: 0, vp: 0 };
    h.centres++;
    h.vp += map.vpOf(c);
    out.set(o, h);
  }
  return out;
}

const viewerLine = (pic: Wk4Picture): string =>
  pic.viewer === 'umpire'
    ? 'Umpire: everything'
    : pic.viewer === 'public'
      ? 'Public map: centres and published results'
      : `${NATIONS[pic.viewer].name}: own forces and what they see`;

function drawPanel(ctx: Ctx2D, map: Wk4Map, pic: Wk4Picture, x0: number, h: number): void {
  ctx.fillStyle = PAPER;
  ctx.fillRect(x0, 0, PANEL, h);
  const x = x0 + 14;
  const w = PANEL - 28;
  let y = 30;
  drawText(ctx, 'Warrior Kings IV', x, y, { size: 22, weight: 'bold', color: INK });
  y += 8;
  for (const line of wrapLines(ctx, pic.title, w, 15, 'bold').slice(0, 3)) {
    y += 19;
    drawText(ctx, line, x, y, { size: 15, weight: 'bold', color: INK });
  }
  y += 20;
  drawText(ctx, fitText(ctx, viewerLine(pic), w, 13), x, y, { size: 13, color: '#5a4a32' });
  y += 14;
  const held = holdings(map, pic);
  const items: LegendItem[] = map.nations.map((n) => {
    const hd = held.get(n)!;
    const vp = pic.vp?.[n] ?? hd.vp;
    return {
      swatch: NATIONS[n].colour,
      label: `${NATIONS[n].mark} · ${NATIONS[n].name}`,
      note: `${hd.centres} SC · ${vp} VP`,
      muted: hd.centres === 0,
    };
  });
  y += drawLegend(ctx, x, y, items, { width: w, rowHeight: 20, size: 13, title: 'Nations', cache: true });
  y += 8;
  const terrain: LegendItem[] = (['clear', 'forest', 'mountain', 'swamp', 'desert', 'sea'] as const).map((t) => ({
    swatch: TERRAIN_FILL[t],
    label: `${t[0].toUpperCase()}${t.slice(1)}${t === 'sea' ? '' : ` · side limit ${SIDE_LIMITS[t]}`}`,
  }));
  if (pic.visible !== 'all') terrain.push({ swatch: '#6f7180', label: 'Fog of war: not seen now' });
  const half = w / 2 - 4;
  const th = drawLegend(ctx, x, y, terrain, { width: half + 40, rowHeight: 18, size: 11, title: 'Terrain', cache: true });
  const sym: LegendItem[] = [
    { swatch: (c, cx, cy, s) => drawCircle(c, cx, cy, s * 0.45, { fill: '#fff', stroke: '#111', lineWidth: 1.5 }), label: 'Major centre' },
    { swatch: (c, cx, cy, s) => drawCircle(c, cx, cy, s * 0.28, { fill: '#fff', stroke: '#111', lineWidth: 1.2 }), label: 'Minor centre' },
    {
      swatch: (c, cx, cy, s) => {
        c.fillStyle = '#fff';
        c.fillRect(cx - s * 0.3, cy - s * 0.3, s * 0.6, s * 0.6);
        c.strokeStyle = '#111';
        c.strokeRect(cx - s * 0.3, cy - s * 0.3, s * 0.6, s * 0.6);
      },
      label: 'Port (square)',
    },
    { swatch: (c, cx, cy, s) => drawCircle(c, cx, cy, s * 0.42, { stroke: '#c8961e', lineWidth: 2.5 }), label: 'Home city/port' },
    { swatch: line('#3d7fc4', 3, []), label: 'River' },
    { swatch: line('#8a4b22', 2, [5, 3]), label: 'Road' },
    { swatch: '#f6e6a8', label: 'Beach' },
    { swatch: (c, cx, cy, s) => drawCircle(c, cx, cy, s * 0.45, { fill: '#c0161b', stroke: '#fff', lineWidth: 1 }), label: 'Battle' },
  ];
  const sh = drawLegend(ctx, x + half + 48, y, sym, { width: w - half - 48, rowHeight: 18, size: 11, title: 'Map', cache: true });
  y += Math.max(th, sh) + 10;
  for (const note of pic.notes ?? []) {
    for (const l of wrapLines(ctx, note, w, 12)) {
      if (y > h - 10) return;
      drawText(ctx, l, x, y, { size: 12, color: '#3b3023' });
      y += 15;
    }
    y += 3;
  }
}

function line(colour: string, width: number, dash: number[]) {
  return (c: Ctx2D, cx: number, cy: number, s: number) => {
    c.save();
    c.strokeStyle = colour;
    c.lineWidth = width;
    c.setLineDash(dash);
    c.beginPath();
    c.moveTo(cx - s / 2, cy);
    c.lineTo(cx + s / 2, cy);
    c.stroke();
    c.restore();
  };
}

/** The whole map with the legend panel on the right. */
export function renderWk4(pic: Wk4Picture): Buffer {
  const map = wk4Map(pic.map);
  const { board, names, b, width, height } = staticLayers(map, fullHexSize(map));
  const h = Math.max(height, 640);
  const canvas = makeCanvas(width + PANEL, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = TERRAIN_FILL.sea;
  ctx.fillRect(0, 0, width, h);
  if (pic.visible !== 'all') {
    // The margins round the hexes are veiled too (the board's hexes cover the rest), so the fog has no bright rim.
    ctx.fillStyle = FOG;
    ctx.fillRect(0, 0, width, h);
  }
  ctx.drawImage(board, 0, 0);
  drawFog(ctx, b, pic);
  drawTrails(ctx, b, pic);
  drawCentres(ctx, b, pic);
  ctx.drawImage(names, 0, 0);
  drawBattles(ctx, b, pic, false);
  drawMarkers(ctx, b, pic, false);
  drawPanel(ctx, map, pic, width, h);
  return encodePngOnce(canvas);
}

// ---- The close-up ----

/**
 * Output size (Discord previews 11:7 at full width, at half size) and the hex
 * size drawn at: at 50 px a token's strength and lord are 20 px, 10 px in the preview (issue 19).
 */
export const ZOOM = { w: 1100, h: 700, caption: 40, hex: 50 } as const;

/** Hexes worth a close-up, most important first. */
export function focusHexes(map: Wk4Map, pic: Wk4Picture): HexId[] {
  const seen = pic.visible === 'all' ? null : new Set(pic.visible);
  const ok = (h: HexId) => map.has(h);
  if (pic.focus?.some(ok)) return pic.focus.filter(ok);
  const battles = pic.battles.map((b) => b.hex).filter(ok);
  if (battles.length) return [...new Set(battles)];
  const own = pic.viewer !== 'umpire' && pic.viewer !== 'public' ? pic.viewer : null;
  const markers = pic.markers.filter((m) => ok(m.hex) && (!seen || seen.has(m.hex)));
  const mine = own ? markers.filter((m) => m.nation === own) : markers;
  if (mine.length) return [...new Set(mine.map((m) => m.hex))];
  if (own) return map.homes(own).map((c) => c.hex);
  return [map.centreByName('Silvandros')?.hex ?? map.centres[0].hex];
}

/** The window (board pixels at the close-up's hex size) around as many focus hexes as fit, in order. */
export function zoomWindow(map: Wk4Map, pic: Wk4Picture): { x: number; y: number; w: number; h: number; hexes: HexId[] } {
  const { layout, width, height } = boardLayout(map, ZOOM.hex);
  const w = ZOOM.w;
  const h = ZOOM.h - ZOOM.caption;
  const m = ZOOM.hex * 2;
  const pts = focusHexes(map, pic).map((id) => ({ id, p: hexToPixel(map.hex(id), layout) }));
  let box = { x0: pts[0].p.x, y0: pts[0].p.y, x1: pts[0].p.x, y1: pts[0].p.y };
  const used = [pts[0].id];
  for (const q of pts.slice(1)) {
    const nb = { x0: Math.min(box.x0, q.p.x), y0: Math.min(box.y0, q.p.y), x1: Math.max(box.x1, q.p.x), y1: Math.max(box.y1, q.p.y) };
    if (nb.x1 - nb.x0 + 2 * m > w || nb.y1 - nb.y0 + 2 * m > h) continue;
    box = nb;
    used.push(q.id);
  }
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const x = Math.round(Math.max(0, Math.min(cx - w / 2, width - w)));
  const y = Math.round(Math.max(0, Math.min(cy - h / 2, height - h)));
  return { x, y, w, h, hexes: used };
}

/** The close-up PNG (1100 x 700): the focus hexes large, with lords' names and battle labels. */
export function renderWk4Zoom(pic: Wk4Picture): Buffer {
  const map = wk4Map(pic.map);
  const win = zoomWindow(map, pic);
  const { layout } = boardLayout(map, ZOOM.hex);
  const b: Board = { map, layout, window: win };
  const canvas = makeCanvas(ZOOM.w, ZOOM.h);
  const ctx = canvas.getContext('2d');
  // The static part of a window is cached: close-ups of one campaign keep framing the same places.
  const base = windows.get(`${map.id}:zoom:${win.x},${win.y}`, win.w, win.h, (c) => {
    c.fillStyle = TERRAIN_FILL.sea;
    c.fillRect(0, 0, win.w, win.h);
    c.translate(-win.x, -win.y);
    drawStaticBoard(c, b);
    drawHexIds(c, b);
  });
  ctx.drawImage(base, 0, ZOOM.caption);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, ZOOM.caption, ZOOM.w, ZOOM.h - ZOOM.caption);
  ctx.clip();
  ctx.translate(-win.x, ZOOM.caption - win.y);
  drawFog(ctx, b, pic);
  drawTrails(ctx, b, pic);
  drawCentres(ctx, b, pic);
  drawCentreNames(ctx, b, 20);
  drawBattles(ctx, b, pic, true);
  drawMarkers(ctx, b, pic, true);
  ctx.restore();
  ctx.fillStyle = 'rgba(30,18,10,0.92)';
  ctx.fillRect(0, 0, ZOOM.w, ZOOM.caption);
  const names = win.hexes
    .map((id) => map.centreAt(id)?.name ?? nearestName(map, layout, id))
    .filter((n, i, a) => a.indexOf(n) === i)
    .slice(0, 3)
    .join(', ');
  const who = pic.viewer === 'umpire' ? 'umpire' : pic.viewer === 'public' ? 'public' : NATIONS[pic.viewer].name;
  drawText(ctx, fitText(ctx, `${pic.title} · ${who}${names ? ` · near ${names}` : ''}`, ZOOM.w - 24, 22, 'bold'), 12, ZOOM.caption / 2, {
    size: 22,
    weight: 'bold',
    color: '#fff4dc',
    baseline: 'middle',
  });
  return encodePngOnce(canvas);
}

/** The centre nearest a hex, to name a close-up on open ground. */
function nearestName(map: Wk4Map, layout: Board['layout'], id: HexId): string {
  const b: Board = { map, layout, window: null };
  const p = centreOf(b, id);
  let best = map.centres[0];
  let bd = Infinity;
  for (const c of map.centres) {
    const q = centreOf(b, c.hex);
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (d < bd) {
      bd = d;
      best = c;
    }
  }
  return best.name;
}
