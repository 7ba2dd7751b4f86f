// All the King's Men: a top-down tabletop drawn from the picture alone
// (src/games/atkm/picture.ts). The table with an inch grid (bolder every 6"),
// terrain, deployment zones and objectives, each unit as its formation's
// footprint in its army's colour with a bead for its colour state, a front
// edge and arrow for facing, a disorder marker and its figure count; generals
// with their 12" command circle; the last activation's path and fire lines
// with ranges; a side panel with the card just drawn, the discard pile and
// each side's banked cards (optional rule).
// renderAtkmZoom crops round the action, large enough for Discord's preview.
import type { Pt } from '../src/engine/geometry.ts';
import type { AtkmPicture, PictureCard, PictureUnit } from '../src/games/atkm/picture.ts';
import type { TerrainPiece } from '../src/games/atkm/tabletop/types.ts';
import {
  alpha,
  darken,
  drawText,
  encodePngOnce,
  fitText,
  lighten,
  makeCanvas,
  measureText,
  roundRectPath,
  StaticLayerCache,
  type Ctx2D,
} from './kit.ts';

const CLOTH = '#86a86b';
const INK = '#1f2a1a';
const PAPER = '#f1ead6';
const STATE: Record<string, string> = { green: '#2fa84f', yellow: '#f2c230', red: '#d7322b' };
const SUIT_INK: Record<string, string> = { red: '#c0392b', black: '#1b1b1b' };

/**
 * Main image, laid out for Discord's preview (issue 19 §8): 1100 x 700 for a
 * 72 x 48" table, so it previews at half size and every label, the grid's
 * inches and the scale (22 and 20 px here) stay at least 10 px there, read
 * alone when the close-up is left out. 12 px an inch, a margin for the inch
 * labels, a two-line title, a 168 px panel.
 */
export const MAIN = { ppi: 12, margin: 34, title: 56, panel: 168, text: 2 } as const;
/** Text in the main image's title and panel: 10 px at the half-size preview. */
const PANEL_PX = 20;
/** Zoom image: Discord shows 11:7 at full preview width (550 x 350), so 1100 x 700 reads at half size. */
export const ZOOM = { w: 1100, h: 700, caption: 44, minInches: 20 } as const;

/** Inches to pixels for one drawing. */
interface View {
  x0: number;
  y0: number;
  k: number;
  ox: number;
  oy: number;
  /** Label size multiplier (the zoom draws larger text). */
  text: number;
}
const px = (v: View, p: Pt): Pt => ({ x: v.ox + (p.x - v.x0) * v.k, y: v.oy + (p.y - v.y0) * v.k });

function path(ctx: Ctx2D, v: View, pts: readonly Pt[], close: boolean): void {
  ctx.beginPath();
  pts.forEach((p, i) => {
    const q = px(v, p);
    if (i) ctx.lineTo(q.x, q.y);
    else ctx.moveTo(q.x, q.y);
  });
  if (close) ctx.closePath();
}

function sideColour(pic: AtkmPicture, side: string): string {
  return pic.sides.find((s) => s.id === side)?.colour ?? (side === 'red' ? '#b3261e' : side === 'black' ? '#2b2b33' : '#555');
}

function drawGrid(ctx: Ctx2D, v: View, w: number, h: number, labels: boolean): void {
  ctx.save();
  ctx.lineWidth = 1;
  for (let i = 0; i <= w; i++) {
    ctx.strokeStyle = i % 6 === 0 ? 'rgba(20,40,10,0.35)' : 'rgba(20,40,10,0.12)';
    const a = px(v, { x: i, y: 0 });
    const b = px(v, { x: i, y: h });
    ctx.beginPath();
    ctx.moveTo(Math.round(a.x) + 0.5, a.y);
    ctx.lineTo(Math.round(b.x) + 0.5, b.y);
    ctx.stroke();
  }
  for (let j = 0; j <= h; j++) {
    ctx.strokeStyle = j % 6 === 0 ? 'rgba(20,40,10,0.35)' : 'rgba(20,40,10,0.12)';
    const a = px(v, { x: 0, y: j });
    const b = px(v, { x: w, y: j });
    ctx.beginPath();
    ctx.moveTo(a.x, Math.round(a.y) + 0.5);
    ctx.lineTo(b.x, Math.round(b.y) + 0.5);
    ctx.stroke();
  }
  ctx.restore();
  if (!labels) return;
  const size = 11 * v.text;
  for (let i = 0; i <= w; i += 6) {
    const a = px(v, { x: i, y: 0 });
    drawText(ctx, String(i), a.x, a.y - 6, { size, color: INK, align: 'center', cache: true });
  }
  for (let j = 0; j <= h; j += 6) {
    const a = px(v, { x: 0, y: j });
    drawText(ctx, String(j), a.x - 5, a.y + size / 3, { size, color: INK, align: 'right', cache: true });
  }
}

function drawTerrain(ctx: Ctx2D, v: View, terrain: readonly TerrainPiece[]): void {
  // Areas first (hills under woods), then lines (rivers, roads, fences), then buildings on top.
  const order = ['hill', 'rough', 'lake', 'woods', 'river', 'road', 'fence', 'building'];
  const sorted = [...terrain].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const t of sorted) {
    ctx.save();
    if (t.polygon) {
      path(ctx, v, t.polygon, true);
      switch (t.kind) {
        case 'hill':
          ctx.fillStyle = (t.level ?? 1) > 1 ? '#b59a63' : '#c6ad74';
          ctx.fill();
          ctx.strokeStyle = '#7d6534';
          ctx.lineWidth = 2;
          ctx.stroke();
          ctx.setLineDash([4, 4]);
          ctx.lineWidth = 1;
          // An inner contour so hills read as slopes.
          insetContour(ctx, v, t.polygon);
          break;
        case 'woods':
          ctx.fillStyle = t.impassable ? '#1f4d24' : '#3f7a3a';
          ctx.fill();
          ctx.strokeStyle = '#1e3b1a';
          ctx.lineWidth = 2;
          ctx.stroke();
          trees(ctx, v, t.polygon);
          break;
        case 'building':
          ctx.fillStyle = '#8c6f5a';
          ctx.fill();
          ctx.strokeStyle = '#3b2a1f';
          ctx.lineWidth = 2.5;
          ctx.stroke();
          roofLine(ctx, v, t.polygon);
          break;
        case 'lake':
          ctx.fillStyle = '#4f86b8';
          ctx.fill();
          ctx.strokeStyle = '#2c5a85';
          ctx.lineWidth = 2;
          ctx.stroke();
          break;
        default:
          ctx.fillStyle = 'rgba(120,100,60,0.35)';
          ctx.fill();
          ctx.setLineDash([3, 3]);
          ctx.strokeStyle = '#6b5a34';
          ctx.stroke();
      }
    } else if (t.line) {
      const w = (t.width ?? 1) * v.k;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      path(ctx, v, t.line, false);
      if (t.kind === 'river') {
        ctx.strokeStyle = '#2c5a85';
        ctx.lineWidth = w + 3;
        ctx.stroke();
        ctx.strokeStyle = t.impassable ? '#3f73a8' : '#7fb2dd';
        ctx.lineWidth = w;
        ctx.stroke();
      } else if (t.kind === 'road') {
        ctx.strokeStyle = '#8a7650';
        ctx.lineWidth = w + 2;
        ctx.stroke();
        ctx.strokeStyle = '#d8c59a';
        ctx.lineWidth = w;
        ctx.stroke();
      } else {
        ctx.strokeStyle = '#5b3f1e';
        ctx.lineWidth = Math.max(2, w);
        ctx.setLineDash([6, 3]);
        ctx.stroke();
      }
    }
    ctx.restore();
    if (t.name && v.text >= 1) {
      const c = labelPoint(t);
      const p = px(v, c);
      drawText(ctx, t.name, p.x, p.y, {
        size: 11 * v.text,
        color: '#fff',
        halo: 'rgba(0,0,0,0.55)',
        haloWidth: 3,
        align: 'center',
        cache: true,
      });
    }
  }
}

function labelPoint(t: TerrainPiece): Pt {
  const pts = t.polygon ?? t.line!;
  if (t.line) {
    // A quarter of the way along, clear of the middle of the table where the fighting is.
    const lens = pts.slice(1).map((p, i) => Math.hypot(p.x - pts[i]!.x, p.y - pts[i]!.y));
    let want = lens.reduce((a, b) => a + b, 0) / 4;
    for (let i = 0; i < lens.length; i++) {
      if (want <= lens[i]! || i === lens.length - 1) {
        const t = lens[i]! ? Math.min(1, want / lens[i]!) : 0;
        return { x: pts[i]!.x + (pts[i + 1]!.x - pts[i]!.x) * t, y: pts[i]!.y + (pts[i + 1]!.y - pts[i]!.y) * t };
      }
      want -= lens[i]!;
    }
  }
  return { x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length };
}

function insetContour(ctx: Ctx2D, v: View, poly: readonly Pt[]): void {
  const c = labelPoint({ id: '', kind: 'hill', polygon: [...poly] });
  path(
    ctx,
    v,
    poly.map((p) => ({ x: c.x + (p.x - c.x) * 0.6, y: c.y + (p.y - c.y) * 0.6 })),
    true,
  );
  ctx.stroke();
}

/** Tree crowns on a 2-inch lattice inside a wood. */
function trees(ctx: Ctx2D, v: View, poly: readonly Pt[]): void {
  const xs = poly.map((p) => p.x);
  const ys = poly.map((p) => p.y);
  ctx.fillStyle = '#2d5e2a';
  for (let y = Math.ceil(Math.min(...ys)); y <= Math.max(...ys); y += 2)
    for (let x = Math.ceil(Math.min(...xs)) + (y % 4 ? 1 : 0); x <= Math.max(...xs); x += 2) {
      if (!inside({ x, y }, poly)) continue;
      const p = px(v, { x, y });
      ctx.beginPath();
      ctx.arc(p.x, p.y, 0.6 * v.k, 0, Math.PI * 2);
      ctx.fill();
    }
}

function inside(p: Pt, poly: readonly Pt[]): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}

function roofLine(ctx: Ctx2D, v: View, poly: readonly Pt[]): void {
  if (poly.length !== 4) return;
  const mid = (a: Pt, b: Pt): Pt => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const [a, b, c, d] = poly as [Pt, Pt, Pt, Pt];
  const long = Math.hypot(b.x - a.x, b.y - a.y) >= Math.hypot(c.x - b.x, c.y - b.y);
  const p = long ? mid(d, a) : mid(a, b);
  const q = long ? mid(b, c) : mid(c, d);
  path(ctx, v, [p, q], false);
  ctx.strokeStyle = '#5a4030';
  ctx.lineWidth = 2;
  ctx.stroke();
}

function drawZones(ctx: Ctx2D, v: View, pic: AtkmPicture): void {
  for (const z of pic.zones) {
    ctx.save();
    path(ctx, v, z.polygon, true);
    ctx.fillStyle = alpha(sideColour(pic, z.side), 0.08);
    ctx.fill();
    ctx.setLineDash([8, 6]);
    ctx.strokeStyle = alpha(sideColour(pic, z.side), 0.6);
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.restore();
  }
  for (const o of pic.objectives) {
    ctx.save();
    path(ctx, v, o.polygon, true);
    ctx.setLineDash([10, 5]);
    ctx.strokeStyle = '#e2b33c';
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.restore();
    const top = o.polygon.reduce((m, p) => (p.y < m.y ? p : m), o.polygon[0]!);
    const xs = o.polygon.map((p) => p.x);
    const p = px(v, { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: top.y });
    drawText(ctx, `★ ${o.name}`, p.x, p.y - 4, {
      size: 12 * v.text,
      weight: 'bold',
      color: '#fff3c4',
      halo: '#5a4a10',
      haloWidth: 3,
      align: 'center',
    });
  }
}

function drawGenerals(ctx: Ctx2D, v: View, pic: AtkmPicture): void {
  for (const g of pic.generals) {
    const c = px(v, g);
    const col = sideColour(pic, g.side);
    ctx.save();
    ctx.beginPath();
    ctx.arc(c.x, c.y, g.radius * v.k, 0, Math.PI * 2);
    ctx.fillStyle = alpha(col, 0.07);
    ctx.fill();
    ctx.setLineDash([6, 5]);
    ctx.strokeStyle = alpha(col, 0.75);
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.restore();
    star(ctx, c, Math.max(7, 0.9 * v.k), col);
    const label = `${g.name ?? g.id}${g.rating ? ` (${g.rating})` : ''}`;
    drawText(ctx, label, c.x, c.y - Math.max(9, v.k) - 3, {
      size: 11 * v.text,
      weight: 'bold',
      color: '#fff',
      halo: col,
      haloWidth: 3,
      align: 'center',
    });
  }
}

function star(ctx: Ctx2D, c: Pt, r: number, fill: string): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    const x = c.x + Math.cos(a) * rr;
    const y = c.y + Math.sin(a) * rr;
    if (i) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
  }
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = '#fff3c4';
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** The facing arrow's length, px: at least 10 px at Discord's half-size preview of either picture (issue 19 §8). */
export function facingSize(v: Pick<View, 'k' | 'text'>): number {
  return Math.max(8, 0.9 * v.k, 10 * v.text);
}

/** A unit: footprint in its army's colour, front edge and arrow, type mark, state bead, disorder, figures. */
function drawUnit(ctx: Ctx2D, v: View, pic: AtkmPicture, u: PictureUnit, focus: boolean): void {
  const col = sideColour(pic, u.side);
  const [fl, fr, br, bl] = u.footprint.map((p) => px(v, p)) as [Pt, Pt, Pt, Pt];
  ctx.save();
  path(ctx, v, u.footprint, true);
  ctx.fillStyle = u.formation === 'skirmish' ? alpha(col, 0.45) : u.formation === 'mob' ? alpha(col, 0.6) : col;
  ctx.fill();
  if (u.formation === 'skirmish') ctx.setLineDash([4, 3]);
  ctx.strokeStyle = focus ? '#fff' : darken(col, 0.4);
  ctx.lineWidth = focus ? 3 : 1.5;
  ctx.stroke();
  ctx.setLineDash([]);
  // The front edge, bright, and a facing arrow beyond it (none for a mob, which has no front).
  if (u.formation !== 'mob' && u.formation !== 'square') {
    ctx.beginPath();
    ctx.moveTo(fl.x, fl.y);
    ctx.lineTo(fr.x, fr.y);
    ctx.strokeStyle = '#fff7d6';
    ctx.lineWidth = Math.max(2.5, 0.25 * v.k);
    ctx.stroke();
    const m = { x: (fl.x + fr.x) / 2, y: (fl.y + fr.y) / 2 };
    const back = { x: (bl.x + br.x) / 2, y: (bl.y + br.y) / 2 };
    const dl = Math.hypot(m.x - back.x, m.y - back.y) || 1;
    const ux = (m.x - back.x) / dl;
    const uy = (m.y - back.y) / dl;
    const s = facingSize(v);
    ctx.beginPath();
    ctx.moveTo(m.x + ux * s, m.y + uy * s);
    ctx.lineTo(m.x - uy * s * 0.6, m.y + ux * s * 0.6);
    ctx.lineTo(m.x + uy * s * 0.6, m.y - ux * s * 0.6);
    ctx.closePath();
    ctx.fillStyle = '#fff7d6';
    ctx.fill();
    ctx.strokeStyle = darken(col, 0.4);
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  // Type mark: crossed diagonals for infantry, one slash for cavalry (the map convention).
  if (u.type === 'infantry' || u.type === 'cavalry') {
    ctx.beginPath();
    ctx.moveTo(fl.x, fl.y);
    ctx.lineTo(br.x, br.y);
    if (u.type === 'infantry') {
      ctx.moveTo(fr.x, fr.y);
      ctx.lineTo(bl.x, bl.y);
    }
    ctx.strokeStyle = alpha('#ffffff', 0.35);
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  if (u.cannon) {
    path(ctx, v, u.cannon, true);
    ctx.fillStyle = '#2b2b2b';
    ctx.fill();
    ctx.strokeStyle = '#d9c9a0';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  ctx.restore();
  // Colour-state bead at the back-right corner; disorder marker at the back-left.
  const r = Math.max(5, 0.45 * v.k, 6.4 * v.text);
  ctx.beginPath();
  ctx.arc(br.x, br.y, r, 0, Math.PI * 2);
  ctx.fillStyle = STATE[u.colour] ?? '#999';
  ctx.fill();
  ctx.strokeStyle = '#111';
  ctx.lineWidth = 1.5;
  ctx.stroke();
  // Its initial too: green and red beads look alike to many colour-blind readers (issue 19).
  beadLetter(ctx, u.colour, br.x, br.y, r);
  if (u.disorder) {
    // Its letter as large as the bead's (≥ 10 px at the preview, issue 19 §8).
    const s = r * 1.25;
    ctx.beginPath();
    ctx.moveTo(bl.x, bl.y - s);
    ctx.lineTo(bl.x + s, bl.y);
    ctx.lineTo(bl.x, bl.y + s);
    ctx.lineTo(bl.x - s, bl.y);
    ctx.closePath();
    ctx.fillStyle = '#111';
    ctx.fill();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    drawText(ctx, 'D', bl.x, bl.y + s * 0.45, { size: Math.round(s * 1.3), weight: 'bold', color: '#fff', align: 'center', cache: true });
  }
}

/** A colour-state bead's initial (G, Y, R), when the bead is big enough to hold it. */
function beadLetter(ctx: Ctx2D, state: string, x: number, y: number, r: number): void {
  if (r < 6) return;
  drawText(ctx, state.slice(0, 1).toUpperCase(), x, y + 0.5, {
    size: Math.round(r * 1.6),
    weight: 'bold',
    color: state === 'yellow' ? '#111' : '#fff',
    align: 'center',
    baseline: 'middle',
    cache: true,
  });
}

/** The kind's last word shortened, so a label cut to fit still tells a battery from the infantry ("1st F.Bty", not "1st Foot…"). */
const SHORT_KIND: [RegExp, string][] = [
  [/\bFoot Battery$/, 'F.Bty'],
  [/\bHorse Battery$/, 'H.Bty'],
  [/\bRifles$/, 'Rfl'],
];

/**
 * A unit's label that fits `max` px: the full name and figures; else the kind
 * shortened (with, then without, the figures); only then cut, and the cut keeps
 * the shortened kind, never a prefix that reads as another unit.
 */
export function unitLabelText(ctx: Ctx2D, label: string, figures: number, max: number, size: number): string {
  const short = SHORT_KIND.reduce((t, [re, to]) => t.replace(re, to), label);
  for (const t of [`${label} (${figures})`, `${short} (${figures})`, short]) if (measureText(ctx, t, size, 'bold') <= max) return t;
  // Still too wide: keep the last word (the kind) and cut the front.
  const words = short.split(' ');
  const last = words.pop() ?? short;
  return words.length
    ? `${fitText(ctx, words.join(' '), Math.max(0, max - measureText(ctx, ` ${last}`, size, 'bold')), size, 'bold')} ${last}`
    : fitText(ctx, short, max, size, 'bold');
}

/** Label and figure count at the footprint's centre, drawn over paths and fire lines. */
function drawUnitLabel(ctx: Ctx2D, v: View, pic: AtkmPicture, u: PictureUnit): void {
  const col = sideColour(pic, u.side);
  const c = u.footprint.reduce((s, p) => ({ x: s.x + p.x / 4, y: s.y + p.y / 4 }), { x: 0, y: 0 });
  const q = px(v, c);
  const size = 11 * v.text;
  const wpx = Math.hypot(u.footprint[1]!.x - u.footprint[0]!.x, u.footprint[1]!.y - u.footprint[0]!.y) * v.k;
  const text = unitLabelText(ctx, u.label ?? u.id, u.figures, Math.max(wpx + 16, 6 * size), size);
  drawText(ctx, text, q.x, q.y + size / 3, {
    size,
    weight: 'bold',
    color: '#fff',
    halo: darken(col, 0.5),
    haloWidth: 3,
    align: 'center',
    cache: true,
  });
}

/** A melee: a disc with crossed swords where the fronts met, its result under it (over the unit labels). */
function drawMelee(ctx: Ctx2D, v: View, pic: AtkmPicture): void {
  const a = pic.last;
  if (a?.melee) {
    const m = px(v, a.melee.at);
    const r = Math.max(10, 0.9 * v.k);
    ctx.beginPath();
    ctx.arc(m.x, m.y, r, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    ctx.fill();
    ctx.strokeStyle = '#8a1c12';
    ctx.lineWidth = 2.5;
    ctx.stroke();
    // Crossed swords as two strokes (no font glyph needed).
    ctx.beginPath();
    ctx.moveTo(m.x - r * 0.55, m.y - r * 0.55);
    ctx.lineTo(m.x + r * 0.55, m.y + r * 0.55);
    ctx.moveTo(m.x + r * 0.55, m.y - r * 0.55);
    ctx.lineTo(m.x - r * 0.55, m.y + r * 0.55);
    ctx.strokeStyle = '#8a1c12';
    ctx.lineWidth = Math.max(2.5, r * 0.22);
    ctx.stroke();
    if (a.melee.text)
      drawText(ctx, a.melee.text, m.x, m.y + r + 12 * v.text + 2, {
        size: 12 * v.text,
        weight: 'bold',
        color: '#fff',
        halo: '#8a1c12',
        haloWidth: 4,
        align: 'center',
      });
  }
}

/** The last activation: the path walked (dashed, arrow at the end) and fire lines with their ranges. */
function drawActivation(ctx: Ctx2D, v: View, pic: AtkmPicture): void {
  const a = pic.last;
  if (!a) return;
  if (a.path.length > 1) {
    ctx.save();
    path(ctx, v, a.path, false);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = 'rgba(0,0,0,0.55)';
    ctx.lineWidth = 5;
    ctx.stroke();
    ctx.setLineDash([9, 6]);
    ctx.strokeStyle = '#fffbe6';
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.restore();
    const p = px(v, a.path[0]!);
    ctx.beginPath();
    ctx.arc(p.x, p.y, 4, 0, Math.PI * 2);
    ctx.fillStyle = '#fffbe6';
    ctx.fill();
  }
  for (const e of a.escapes ?? []) {
    if (e.path.length < 2) continue;
    ctx.save();
    path(ctx, v, e.path, false);
    ctx.setLineDash([4, 5]);
    ctx.strokeStyle = '#ffd0c8';
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.restore();
  }
  for (const f of a.fire) {
    const p = px(v, f.from);
    const q = px(v, f.to);
    ctx.save();
    ctx.strokeStyle = 'rgba(0,0,0,0.5)';
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
    ctx.strokeStyle = '#ff8a1f';
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.restore();
    // Burst at the target.
    star(ctx, q, 7 * Math.max(1, v.text * 0.8), '#ff8a1f');
    const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    const text = `${f.distance}" / ${f.range}"${f.casualties !== null ? ` · ${f.casualties} hit` : ''}`;
    drawText(ctx, text, mid.x, mid.y - 4, {
      size: 12 * v.text,
      weight: 'bold',
      color: '#fff',
      halo: '#8a3b00',
      haloWidth: 4,
      align: 'center',
    });
  }
}

function drawCard(ctx: Ctx2D, x: number, y: number, w: number, c: PictureCard, size: number): void {
  const h = w * 1.4;
  roundRectPath(ctx, x, y, w, h, w * 0.08);
  ctx.fillStyle = '#fffdf7';
  ctx.fill();
  ctx.strokeStyle = '#333';
  ctx.lineWidth = 1.5;
  ctx.stroke();
  drawText(ctx, fitText(ctx, c.label, w - 6, size, 'bold'), x + w / 2, y + h / 2 + size / 3, {
    size,
    weight: 'bold',
    color: SUIT_INK[c.colour] ?? '#111',
    align: 'center',
  });
}

/** Banking Cards (p.14): a row per side, its banked cards after the count of its limit; returns the next y. */
function drawBanked(ctx: Ctx2D, pic: AtkmPicture, x: number, y: number, cw: number): number {
  drawText(ctx, 'Banked', x, y, { size: PANEL_PX, weight: 'bold', color: INK });
  y += 28;
  for (const b of pic.banked ?? []) {
    const name = pic.sides.find((s) => s.id === b.side)?.name.replace(/ army$/, '') ?? b.side;
    drawText(ctx, `${name} ${b.used}/${b.limit}${b.cards.length ? '' : ' —'}`, x, y, { size: PANEL_PX, color: INK });
    y += 8;
    b.cards.forEach((c, i) => drawCard(ctx, x + (i % 3) * (cw + 4), y + Math.floor(i / 3) * (cw * 1.4 + 4), cw, c, PANEL_PX));
    y += Math.ceil(b.cards.length / 3) * (cw * 1.4 + 4) + 26;
  }
  return y;
}

function drawPanel(ctx: Ctx2D, pic: AtkmPicture, x0: number, h: number): void {
  const w = MAIN.panel;
  const size = PANEL_PX;
  const x = x0 + 10;
  ctx.fillStyle = PAPER;
  ctx.fillRect(x0, 0, w, h);
  let y = 30;
  drawText(ctx, 'Card drawn', x, y, { size, weight: 'bold', color: INK });
  y += 8;
  if (pic.card) drawCard(ctx, x, y, 72, pic.card, 30);
  else drawText(ctx, '—', x + 30, y + 56, { size, color: INK });
  y += 72 * 1.4 + 26;
  if (pic.deckLeft !== null) {
    drawText(ctx, fitText(ctx, `${pic.deckLeft} in deck`, w - 20, size), x, y, { size, color: INK });
    y += 30;
  }
  drawText(ctx, `Discards (${pic.discard.length})`, x, y, { size, weight: 'bold', color: INK });
  y += 8;
  const cw = 46;
  const perRow = Math.floor((w - 16) / (cw + 4));
  // Newest last: the latest two rows' worth.
  const shown = pic.discard.slice(-perRow * 2);
  shown.forEach((c, i) => drawCard(ctx, x + (i % perRow) * (cw + 4), y + Math.floor(i / perRow) * (cw * 1.4 + 4), cw, c, size));
  y += Math.max(1, Math.ceil(shown.length / perRow)) * (cw * 1.4 + 4) + 26;
  if (pic.banked) y = drawBanked(ctx, pic, x, y, cw);
  // Armies: units left; then the colour-state key.
  for (const sd of pic.sides) {
    const n = pic.units.filter((u) => u.side === sd.id).length;
    ctx.fillStyle = sd.colour;
    ctx.fillRect(x, y - 16, 18, 18);
    drawText(ctx, fitText(ctx, `${sd.name.replace(/ army$/, '')}: ${n}`, w - 46, size), x + 26, y, { size, color: INK });
    y += 28;
  }
  y += 6;
  for (const [k, c] of Object.entries(STATE)) {
    ctx.beginPath();
    ctx.arc(x + 13, y - 7, 13, 0, Math.PI * 2);
    ctx.fillStyle = c;
    ctx.fill();
    ctx.strokeStyle = '#111';
    ctx.stroke();
    beadLetter(ctx, k, x + 13, y - 7, 13);
    drawText(ctx, k, x + 34, y, { size, color: INK });
    y += 32;
  }
}

/** The cloth, grid, zones, objectives and terrain: the same every snapshot of a battle, so drawn once per view. */
const layers = new StaticLayerCache(16);

function drawGround(ctx: Ctx2D, v: View, pic: AtkmPicture, labels: boolean, cw: number, ch: number): void {
  const key = JSON.stringify([v, labels, cw, ch, pic.table, pic.terrain, pic.zones, pic.objectives]);
  const layer = layers.get(key, cw, ch, (c) => {
    const { width, height } = pic.table;
    const a = px(v, { x: 0, y: 0 });
    c.fillStyle = CLOTH;
    c.fillRect(a.x, a.y, width * v.k, height * v.k);
    drawGrid(c, v, width, height, labels);
    // Terrain stops at the table's edge (a river's round cap would spill into the margin).
    c.save();
    c.beginPath();
    c.rect(a.x, a.y, width * v.k, height * v.k);
    c.clip();
    drawZones(c, v, pic);
    drawTerrain(c, v, pic.terrain);
    c.restore();
  });
  ctx.drawImage(layer, 0, 0);
}

function drawScene(ctx: Ctx2D, v: View, pic: AtkmPicture, focus: ReadonlySet<string>, labels: boolean): void {
  drawGround(ctx, v, pic, labels, ctx.canvas.width, ctx.canvas.height);
  drawGenerals(ctx, v, pic);
  for (const u of pic.units) drawUnit(ctx, v, pic, u, focus.has(u.id));
  drawActivation(ctx, v, pic);
  for (const u of pic.units) drawUnitLabel(ctx, v, pic, u);
  drawMelee(ctx, v, pic);
}

/** A scale bar of `inches` ending at (right, y), its length printed above it. */
function scaleBar(ctx: Ctx2D, right: number, y: number, inches: number, k: number, size: number): void {
  const bar = inches * k;
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillRect(right - bar - 8, y - size - 6, bar + 16, size + 14);
  ctx.fillStyle = INK;
  ctx.fillRect(right - bar, y, bar, 5);
  drawText(ctx, `${inches}"`, right - bar / 2, y - 6, { size, weight: 'bold', color: INK, align: 'center' });
}

/** The whole table, 12 px an inch, with the title, the last activation and the side panel: read alone at the preview. */
export function renderAtkm(pic: AtkmPicture): Buffer {
  const { width, height } = pic.table;
  const m = MAIN.margin;
  const tw = width * MAIN.ppi + 2 * m;
  const th = height * MAIN.ppi + 2 * m + MAIN.title;
  const canvas = makeCanvas(tw + MAIN.panel, th);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = lighten(CLOTH, 0.55);
  ctx.fillRect(0, 0, tw, th);
  drawText(ctx, fitText(ctx, pic.title, tw - 20, 22, 'bold'), 12, 24, { size: 22, weight: 'bold', color: INK });
  if (pic.last?.text)
    drawText(ctx, fitText(ctx, `Last: ${pic.last.text}`, tw - 20, PANEL_PX), 12, 50, { size: PANEL_PX, color: '#3b3023' });
  const v: View = { x0: 0, y0: 0, k: MAIN.ppi, ox: m, oy: m + MAIN.title, text: MAIN.text };
  drawScene(ctx, v, pic, new Set(pic.last ? [pic.last.unit] : []), true);
  scaleBar(ctx, tw - m - 10, th - m - 12, 6, MAIN.ppi, PANEL_PX);
  drawPanel(ctx, pic, tw, th);
  return encodePngOnce(canvas);
}

/** The inches the zoom shows: the last activation's unit, path and targets (else every unit), padded, at 11:7. */
export function zoomWindow(pic: AtkmPicture): { x0: number; y0: number; w: number; h: number } {
  const pts: Pt[] = [];
  const ids = pic.last ? new Set([pic.last.unit, ...pic.last.targets]) : null;
  for (const u of pic.units) if (!ids || ids.has(u.id)) pts.push(...u.footprint);
  if (pic.last) {
    pts.push(...pic.last.path);
    for (const f of pic.last.fire) pts.push(f.from, f.to);
    if (pic.last.melee) pts.push(pic.last.melee.at);
    for (const e of pic.last.escapes ?? []) pts.push(...e.path);
  }
  if (!pts.length) pts.push({ x: 0, y: 0 }, { x: pic.table.width, y: pic.table.height });
  const pad = 2.5;
  let x0 = Math.min(...pts.map((p) => p.x)) - pad;
  let x1 = Math.max(...pts.map((p) => p.x)) + pad;
  let y0 = Math.min(...pts.map((p) => p.y)) - pad;
  let y1 = Math.max(...pts.map((p) => p.y)) + pad;
  const aspect = ZOOM.w / (ZOOM.h - ZOOM.caption);
  let w = Math.max(x1 - x0, ZOOM.minInches, (y1 - y0) * aspect);
  w = Math.min(w, pic.table.width, pic.table.height * aspect);
  const h = w / aspect;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  x0 = Math.max(0, Math.min(pic.table.width - w, cx - w / 2));
  y0 = Math.max(0, Math.min(pic.table.height - h, cy - h / 2));
  x1 = x0 + w;
  y1 = y0 + h;
  return { x0, y0, w: x1 - x0, h: y1 - y0 };
}

/** Label size factor in the zoom: 11 px labels become at least 22 px (11 px at the half-size preview). */
export function zoomTextScale(k: number): number {
  return Math.max(2, Math.min(2.6, k / 18));
}

/** The action up close, 1100 x 700 (legible at Discord's 550 px preview), with the title and card in the caption. */
export function renderAtkmZoom(pic: AtkmPicture): Buffer {
  const canvas = makeCanvas(ZOOM.w, ZOOM.h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, ZOOM.w, ZOOM.h);
  const win = zoomWindow(pic);
  const k = ZOOM.w / win.w;
  const v: View = { x0: win.x0, y0: win.y0, k, ox: 0, oy: ZOOM.caption, text: zoomTextScale(k) };
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, ZOOM.caption, ZOOM.w, ZOOM.h - ZOOM.caption);
  ctx.clip();
  drawScene(ctx, v, pic, new Set(pic.last ? [pic.last.unit] : []), false);
  ctx.restore();
  let x = 12;
  if (pic.card) {
    roundRectPath(ctx, x, 5, 64, 34, 5);
    ctx.fillStyle = '#fffdf7';
    ctx.fill();
    ctx.strokeStyle = '#333';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    drawText(ctx, fitText(ctx, pic.card.label, 58, 24, 'bold'), x + 32, 31, {
      size: 24,
      weight: 'bold',
      color: SUIT_INK[pic.card.colour] ?? '#111',
      align: 'center',
    });
    x += 76;
  }
  const caption = pic.last?.text ?? pic.title;
  drawText(ctx, fitText(ctx, caption, ZOOM.w - x - 12, 26, 'bold'), x, 32, { size: 26, weight: 'bold', color: INK });
  scaleBar(ctx, ZOOM.w - 16, ZOOM.h - 14, 6, k, 20);
  return encodePngOnce(canvas);
}
