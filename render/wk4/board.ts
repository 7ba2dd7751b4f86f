// The Warrior Kings IV hex board at any scale: the static map (terrain,
// territory, rivers, roads, beaches, centre names) and the picture's layers
// over it (centre owners, fog, trails, battles, armies and fleets). The full
// map and the close-up both draw through these, the close-up at a larger hex
// size with everything off the window culled.
import { hexCorners, hexToPixel, hexsideCorners, type HexId, type HexLayout, type PixelPoint } from '../../src/engine/hex.ts';
import type { Terrain, Wk4Map } from '../../src/games/wk4/map.ts';
import { NATIONS, type NationId } from '../../src/games/wk4/nations.ts';
import type { Wk4Marker, Wk4Picture } from '../../src/games/wk4/picture.ts';
import { alpha, contrastText, darken, drawText, fitText, measureText, mix, type Ctx2D } from '../kit.ts';

export const TERRAIN_FILL: Record<Terrain, string> = {
  clear: '#e4e8c4',
  desert: '#efd9a2',
  forest: '#9cc28a',
  mountain: '#c3ab8c',
  swamp: '#b3cbb4',
  sea: '#a9cbe2',
};
export const INK = '#2b2117';
const RIVER = '#3d7fc4';
const ROAD = '#8a4b22';
const BEACH = '#f6e6a8';
export const FOG = 'rgba(84,86,100,0.42)';

export interface Board {
  map: Wk4Map;
  layout: HexLayout;
  /** Visible window in board pixels (for culling); null = everything. */
  window: { x: number; y: number; w: number; h: number } | null;
}

export const centreOf = (b: Board, id: HexId): PixelPoint => {
  const h = b.map.hex(id);
  return hexToPixel({ q: h.q, r: h.r }, b.layout);
};

/** Board pixel size of the whole map at hex size `size`, with its layout. */
export function boardLayout(map: Wk4Map, size: number, margin = 4): { layout: HexLayout; width: number; height: number } {
  const w = Math.sqrt(3) * size;
  return {
    layout: { orientation: 'pointy', size, originX: margin + w / 2, originY: margin + size },
    width: Math.ceil(margin * 2 + w * (map.width + 0.5)),
    height: Math.ceil(margin * 2 + size * (1.5 * (map.height - 1) + 2)),
  };
}

function inWindow(b: Board, p: PixelPoint, pad: number): boolean {
  const w = b.window;
  return !w || (p.x > w.x - pad && p.x < w.x + w.w + pad && p.y > w.y - pad && p.y < w.y + w.h + pad);
}

function hexPathAt(ctx: Ctx2D, b: Board, id: HexId, shrink = 0): void {
  const h = b.map.hex(id);
  const c = hexToPixel(h, b.layout);
  const pts = hexCorners(h, b.layout);
  ctx.beginPath();
  pts.forEach((p, i) => {
    const x = p.x + (c.x - p.x) * shrink;
    const y = p.y + (c.y - p.y) * shrink;
    if (i) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
  });
  ctx.closePath();
}

/** Small terrain glyphs: peaks, trees, marsh tufts, dune dots. */
function terrainGlyph(ctx: Ctx2D, t: Terrain, c: PixelPoint, s: number): void {
  ctx.save();
  ctx.lineWidth = Math.max(1, s / 14);
  if (t === 'mountain') {
    ctx.fillStyle = '#8e7355';
    ctx.strokeStyle = '#5e4a35';
    for (const [dx, dy, k] of [
      [-0.32, 0.05, 0.8],
      [0.15, -0.05, 1],
    ]) {
      const x = c.x + dx * s;
      const y = c.y + dy * s + 0.3 * s;
      ctx.beginPath();
      ctx.moveTo(x - 0.32 * s * k, y);
      ctx.lineTo(x, y - 0.55 * s * k);
      ctx.lineTo(x + 0.32 * s * k, y);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
  } else if (t === 'forest') {
    ctx.fillStyle = '#4f8a45';
    for (const [dx, dy] of [
      [-0.35, 0.25],
      [0, 0.1],
      [0.35, 0.25],
      [-0.15, 0.45],
      [0.2, 0.45],
    ]) {
      ctx.beginPath();
      ctx.arc(c.x + dx * s, c.y + dy * s, 0.15 * s, 0, Math.PI * 2);
      ctx.fill();
    }
  } else if (t === 'swamp') {
    ctx.strokeStyle = '#4f7a63';
    for (const [dx, dy] of [
      [-0.3, 0.2],
      [0.25, 0.3],
      [-0.05, 0.5],
    ]) {
      const x = c.x + dx * s;
      const y = c.y + dy * s;
      ctx.beginPath();
      ctx.moveTo(x - 0.18 * s, y);
      ctx.lineTo(x + 0.18 * s, y);
      ctx.moveTo(x - 0.08 * s, y);
      ctx.lineTo(x - 0.12 * s, y - 0.14 * s);
      ctx.moveTo(x + 0.06 * s, y);
      ctx.lineTo(x + 0.1 * s, y - 0.14 * s);
      ctx.stroke();
    }
  } else if (t === 'desert') {
    ctx.fillStyle = '#c9a35c';
    for (const [dx, dy] of [
      [-0.3, 0.2],
      [0.3, 0.25],
      [0, 0.45],
      [-0.1, 0.05],
    ]) {
      ctx.beginPath();
      ctx.arc(c.x + dx * s, c.y + dy * s, 0.06 * s, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.restore();
}

/** A smooth line through hex centres (rivers and roads). */
function chainPath(ctx: Ctx2D, pts: PixelPoint[]): void {
  ctx.beginPath();
  ctx.moveTo(pts[0].x, pts[0].y);
  for (let i = 1; i < pts.length - 1; i++) {
    const mx = (pts[i].x + pts[i + 1].x) / 2;
    const my = (pts[i].y + pts[i + 1].y) / 2;
    ctx.quadraticCurveTo(pts[i].x, pts[i].y, mx, my);
  }
  const last = pts[pts.length - 1];
  ctx.lineTo(last.x, last.y);
}

/** Terrain, territory tint and borders, beaches, rivers, roads, labels and centre names: what never changes. */
export function drawStaticBoard(ctx: Ctx2D, b: Board): void {
  const s = b.layout.size;
  const map = b.map;
  const hexes = map.hexes().filter((h) => inWindow(b, hexToPixel(h, b.layout), s * 2));
  for (const h of hexes) {
    hexPathAt(ctx, b, h.id, -0.01);
    const base = TERRAIN_FILL[h.terrain];
    ctx.fillStyle = h.nation ? mix(base, NATIONS[h.nation].colour, 0.14) : base;
    ctx.fill();
  }
  // Hex grid, faint.
  ctx.strokeStyle = 'rgba(60,50,30,0.18)';
  ctx.lineWidth = Math.max(0.5, s / 24);
  for (const h of hexes) {
    if (h.terrain === 'sea') continue;
    hexPathAt(ctx, b, h.id);
    ctx.stroke();
  }
  for (const h of hexes) if (h.terrain !== 'sea' && h.terrain !== 'clear') terrainGlyph(ctx, h.terrain, hexToPixel(h, b.layout), s);
  // Coast, beaches and home-territory borders along hexsides.
  ctx.lineCap = 'round';
  const sides = map.hexsides().filter((sd) => hexes.length === map.hexIds().length || inWindow(b, centreOf(b, sd.a), s * 2));
  for (const sd of sides) {
    const [p, q] = hexsideCorners(sd.a, sd.b, b.layout);
    const ha = map.hex(sd.a);
    const hb = map.hex(sd.b);
    if (sd.coast) {
      const land = ha.terrain === 'sea' ? hb : ha;
      if (land.beach) {
        // A sandy strip on the land side.
        const c = hexToPixel(land, b.layout);
        const k = 0.16;
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(q.x, q.y);
        ctx.lineTo(q.x + (c.x - q.x) * k, q.y + (c.y - q.y) * k);
        ctx.lineTo(p.x + (c.x - p.x) * k, p.y + (c.y - p.y) * k);
        ctx.closePath();
        ctx.fillStyle = BEACH;
        ctx.fill();
      }
      ctx.strokeStyle = '#4d7896';
      ctx.lineWidth = Math.max(1, s / 9);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
      ctx.stroke();
    } else if (ha.terrain !== 'sea' && hb.terrain !== 'sea' && ha.nation !== hb.nation) {
      ctx.strokeStyle = alpha(darken(NATIONS[(ha.nation ?? hb.nation)!].colour, 0.2), 0.8);
      ctx.lineWidth = Math.max(1, s / 8);
      ctx.setLineDash([s / 4, s / 6]);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }
  // Rivers, then roads.
  for (const rv of map.rivers) {
    const pts = rv.hexes.map((h) => centreOf(b, h));
    chainPath(ctx, pts);
    ctx.strokeStyle = '#e8f2fa';
    ctx.lineWidth = Math.max(2, s / 4);
    ctx.stroke();
    ctx.strokeStyle = RIVER;
    ctx.lineWidth = Math.max(1.5, s / 6);
    ctx.stroke();
  }
  for (const rd of map.roads) {
    chainPath(
      ctx,
      rd.hexes.map((h) => centreOf(b, h)),
    );
    ctx.strokeStyle = ROAD;
    ctx.lineWidth = Math.max(1, s / 10);
    ctx.setLineDash([s / 3, s / 5]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (const l of map.labels) {
    const c = centreOf(b, l.hex);
    if (!inWindow(b, c, s * 6)) continue;
    drawText(ctx, l.name, c.x, c.y, {
      size: Math.round(s * (l.kind === 'sea' ? 0.75 : 0.7)),
      weight: 'bold',
      color: l.kind === 'sea' ? '#3e6a8c' : 'rgba(70,50,30,0.75)',
      halo: l.kind === 'sea' ? undefined : 'rgba(255,255,240,0.6)',
      haloWidth: 3,
      align: 'center',
      baseline: 'middle',
    });
  }
}

/** Each land hex's id ("q,r") at its top, faint: what players type in orders (close-up only). */
export function drawHexIds(ctx: Ctx2D, b: Board): void {
  const s = b.layout.size;
  for (const h of b.map.hexes()) {
    const p = hexToPixel(h, b.layout);
    if (!inWindow(b, p, s * 2)) continue;
    drawText(ctx, h.id, p.x, p.y - s * 0.7, {
      size: Math.round(s * 0.4),
      color: h.terrain === 'sea' ? 'rgba(40,70,100,0.55)' : 'rgba(50,40,25,0.6)',
      align: 'center',
      baseline: 'middle',
    });
  }
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const overlap = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

/**
 * Names of centres (static; drawn above fog so the map stays legible): under
 * the symbol, or — where that would run into a name already placed — above
 * it, or beside it. Majors are placed first.
 */
export function drawCentreNames(ctx: Ctx2D, b: Board, fontPx: number): void {
  const s = b.layout.size;
  const placed: Box[] = [];
  const centres = [...b.map.centres].sort((x, y) => (x.kind === y.kind ? 0 : x.kind === 'major' ? -1 : 1));
  for (const c of centres) {
    const p = centreOf(b, c.hex);
    if (!inWindow(b, p, s * 3)) continue;
    const major = c.kind === 'major';
    const size = major ? fontPx + 1 : fontPx;
    const weight = major ? 'bold' : 'normal';
    const text = fitText(ctx, c.name, s * (major ? 6 : 4.5), size, weight);
    const w = measureText(ctx, text, size, weight);
    const r = s * (major ? 0.5 : 0.34);
    // Candidate centres of the label: below, above, right, left.
    const spots: { x: number; y: number }[] = [
      { x: p.x, y: p.y + r + size * 0.55 },
      { x: p.x, y: p.y - r - size * 0.55 },
      { x: p.x + r + 3 + w / 2, y: p.y },
      { x: p.x - r - 3 - w / 2, y: p.y },
    ];
    const boxOf = (q: { x: number; y: number }): Box => ({
      x0: q.x - w / 2 - 2,
      y0: q.y - size / 2,
      x1: q.x + w / 2 + 2,
      y1: q.y + size / 2,
    });
    let best = spots[0];
    let bestCost = Infinity;
    for (const [i, q] of spots.entries()) {
      const cost = placed.reduce((n, o) => n + overlap(boxOf(q), o), 0) + i * 0.5;
      if (cost < bestCost) {
        bestCost = cost;
        best = q;
      }
      if (cost < 1) break;
    }
    placed.push(boxOf(best));
    drawText(ctx, text, best.x, best.y, {
      size,
      weight,
      color: INK,
      halo: '#fffdf2',
      haloWidth: Math.max(2, fontPx / 3.5),
      align: 'center',
      baseline: 'middle',
    });
  }
}

/** Fog: hexes the viewer does not see now are veiled. */
export function drawFog(ctx: Ctx2D, b: Board, pic: Wk4Picture): void {
  if (pic.visible === 'all') return;
  const seen = new Set(pic.visible);
  ctx.fillStyle = FOG;
  for (const h of b.map.hexes()) {
    if (seen.has(h.id) || !inWindow(b, hexToPixel(h, b.layout), b.layout.size * 2)) continue;
    hexPathAt(ctx, b, h.id, -0.02);
    ctx.fill();
  }
}

export const ownerColour = (n: NationId | null | undefined): string => (n ? NATIONS[n].colour : '#ffffff');

/** Supply centres: circles (ports: squares), major larger; filled with the owner's colour; homes ringed in gold. */
export function drawCentres(ctx: Ctx2D, b: Board, pic: Wk4Picture): void {
  const s = b.layout.size;
  for (const c of b.map.centres) {
    const p = centreOf(b, c.hex);
    if (!inWindow(b, p, s * 2)) continue;
    const r = s * (c.kind === 'major' ? 0.42 : 0.26);
    const fill = ownerColour(pic.owners[c.id]);
    ctx.beginPath();
    if (c.port) ctx.rect(p.x - r, p.y - r, r * 2, r * 2);
    else ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1, s / 12);
    ctx.strokeStyle = '#1d1a16';
    ctx.stroke();
    if (c.home) {
      ctx.beginPath();
      const rr = r + Math.max(2, s / 8);
      if (c.port) ctx.rect(p.x - rr, p.y - rr, rr * 2, rr * 2);
      else ctx.arc(p.x, p.y, rr, 0, Math.PI * 2);
      ctx.strokeStyle = '#c8961e';
      ctx.lineWidth = Math.max(1.5, s / 9);
      ctx.stroke();
    }
    if (c.kind === 'major' && s >= 20) {
      drawText(ctx, '★', p.x, p.y + 1, {
        size: Math.round(r * 1.2),
        color: contrastText(fill),
        align: 'center',
        baseline: 'middle',
      });
    }
  }
}

/** Move trails: a line along the hexes in the nation's colour with a dot at the end. */
export function drawTrails(ctx: Ctx2D, b: Board, pic: Wk4Picture): void {
  const s = b.layout.size;
  for (const t of pic.trails ?? []) {
    const hexes = t.hexes.filter((h) => b.map.has(h));
    if (hexes.length < 2) continue;
    const pts = hexes.map((h) => centreOf(b, h));
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = Math.max(3, s / 3.2);
    chainPath(ctx, pts);
    ctx.stroke();
    ctx.strokeStyle = NATIONS[t.nation].colour;
    ctx.lineWidth = Math.max(2, s / 5);
    if (t.kind === 'sea') ctx.setLineDash([s / 3, s / 4]);
    chainPath(ctx, pts);
    ctx.stroke();
    const end = pts[pts.length - 1];
    const prev = pts[pts.length - 2];
    const a = Math.atan2(end.y - prev.y, end.x - prev.x);
    const hl = Math.max(6, s / 2);
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(end.x, end.y);
    ctx.lineTo(end.x - hl * Math.cos(a - 0.5), end.y - hl * Math.sin(a - 0.5));
    ctx.lineTo(end.x - hl * Math.cos(a + 0.5), end.y - hl * Math.sin(a + 0.5));
    ctx.closePath();
    ctx.fillStyle = NATIONS[t.nation].colour;
    ctx.fill();
    ctx.restore();
  }
}

/** Battle sites: a red ring round the hex and crossed swords. */
export function drawBattles(ctx: Ctx2D, b: Board, pic: Wk4Picture, labels: boolean): void {
  const s = b.layout.size;
  for (const bt of pic.battles) {
    if (!b.map.has(bt.hex)) continue;
    const p = centreOf(b, bt.hex);
    if (!inWindow(b, p, s * 3)) continue;
    hexPathAt(ctx, b, bt.hex, 0.04);
    ctx.strokeStyle = '#c0161b';
    ctx.lineWidth = Math.max(2, s / 5);
    ctx.stroke();
    // The badge sits right of the centre symbol, clear of the tokens above it.
    const x = p.x + s * 0.62;
    const y = p.y - s * 0.05;
    ctx.beginPath();
    ctx.arc(x, y, s * 0.34, 0, Math.PI * 2);
    ctx.fillStyle = '#c0161b';
    ctx.fill();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = Math.max(1, s / 14);
    ctx.stroke();
    drawText(ctx, bt.kind === 'naval' ? '⚓' : '⚔', x, y + 1, {
      size: Math.round(s * 0.46),
      weight: 'bold',
      color: '#fff',
      align: 'center',
      baseline: 'middle',
    });
    if (labels && bt.label)
      drawText(ctx, bt.label, x + s * 0.42, y, {
        size: Math.round(s * 0.42),
        weight: 'bold',
        color: '#8c0f12',
        halo: '#fff',
        haloWidth: 3,
        align: 'left',
        baseline: 'middle',
      });
  }
}

/**
 * Armies and fleets: a token per marker in its nation's colour with its
 * nation's mark and the strength (and, when `labels`, the lord's name),
 * fanned out across the top of the hex; more than `max` in a hex collapse
 * into "+n". The mark ("Ka 7") tells nations apart where the colours do not
 * (colour-blind readers, issue 19 §8).
 */
export function drawMarkers(ctx: Ctx2D, b: Board, pic: Wk4Picture, labels: boolean): void {
  const s = b.layout.size;
  const seen = pic.visible === 'all' ? null : new Set(pic.visible);
  const byHex = new Map<HexId, Wk4Marker[]>();
  for (const m of [...pic.markers].sort((x, y) => x.nation.localeCompare(y.nation) || x.id.localeCompare(y.id))) {
    if (!b.map.has(m.hex) || (seen && !seen.has(m.hex))) continue;
    byHex.set(m.hex, [...(byHex.get(m.hex) ?? []), m]);
  }
  const tw = labels ? s * 2.1 : s * 1.45;
  const th = labels ? s * 0.56 : s * 0.66;
  const max = labels ? 3 : 2;
  for (const [hex, ms] of byHex) {
    const p = centreOf(b, hex);
    if (!inWindow(b, p, s * 3)) continue;
    const shown = ms.slice(0, ms.length > max ? max - 1 : max);
    const rest = ms.length - shown.length;
    const n = shown.length + (rest ? 1 : 0);
    const rows = labels ? n : 1;
    const cols = labels ? 1 : n;
    shown.forEach((m, i) => {
      const x = labels ? p.x - tw / 2 : p.x - (cols * tw) / 2 + i * tw;
      const y = labels ? p.y - s * 0.5 - (rows - i) * (th + 1) : p.y - s * 0.2 - th;
      token(ctx, m, x, y, tw - 1, th, labels);
    });
    if (rest) {
      const x = labels ? p.x - tw / 2 : p.x - (cols * tw) / 2 + shown.length * tw;
      const y = labels ? p.y - s * 0.5 - (th + 1) : p.y - s * 0.2 - th;
      ctx.fillStyle = '#fff';
      ctx.fillRect(x, y, tw - 1, th);
      ctx.strokeStyle = '#222';
      ctx.lineWidth = 1;
      ctx.strokeRect(x, y, tw - 1, th);
      drawText(ctx, `+${rest}`, x + (tw - 1) / 2, y + th / 2 + 0.5, {
        size: Math.round(th * 0.7),
        weight: 'bold',
        color: INK,
        align: 'center',
        baseline: 'middle',
      });
    }
  }
}

function token(ctx: Ctx2D, m: Wk4Marker, x: number, y: number, w: number, h: number, labels: boolean): void {
  const colour = NATIONS[m.nation].colour;
  ctx.beginPath();
  if (m.kind === 'fleet') {
    // A hull: flat deck, rounded keel.
    ctx.moveTo(x, y);
    ctx.lineTo(x + w, y);
    ctx.lineTo(x + w - h * 0.35, y + h);
    ctx.lineTo(x + h * 0.35, y + h);
    ctx.closePath();
  } else ctx.rect(x, y, w, h);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.strokeStyle = '#111';
  ctx.lineWidth = Math.max(1, h / 9);
  ctx.stroke();
  const ink = contrastText(colour);
  const strength = `${NATIONS[m.nation].mark} ${m.strength === null ? '?' : String(m.strength)}`;
  const size = Math.round(h * 0.72);
  if (!labels) {
    drawText(ctx, strength, x + w / 2, y + h / 2 + 0.5, { size, weight: 'bold', color: ink, align: 'center', baseline: 'middle' });
    return;
  }
  // Close-up: mark and strength in a white box at the left (a neighbour's token may cover a long name's end, never these).
  const bw = Math.max(h, measureText(ctx, strength, size, 'bold') + 8);
  ctx.fillStyle = '#fff';
  ctx.fillRect(x + 2, y + 2, bw - 1, h - 4);
  drawText(ctx, strength, x + 2 + bw / 2, y + h / 2 + 0.5, { size, weight: 'bold', color: '#111', align: 'center', baseline: 'middle' });
  const text = `${m.label}${m.note ? ` · ${m.note}` : ''}`;
  drawText(ctx, fitText(ctx, text, w - bw - 6, size, 'bold'), x + bw + 4, y + h / 2 + 0.5, {
    size,
    weight: 'bold',
    color: ink,
    baseline: 'middle',
  });
}
