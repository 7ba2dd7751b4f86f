// Warriors of God snapshots, drawn only from the view (plus the static map
// data): area outlines filled by control, sea connections, value and control
// markers, leader stacks (rank, SP, king, disgraced), aggressor and miss
// markers, and a side panel with the turn track, the zero-sum VP track, the
// prison, routed and killed boxes, the future leader piles and the log.
// Borders show their kind (river blue, obstructed brown dashed, sea thick
// blue); during a battle the fought-over area is ringed here, and the
// close-up (wog-zoom.ts) is a second image.
import type { Json } from '../src/engine/types.ts';
import { wogData } from '../src/games/wog/data.ts';
import type { WogView } from '../src/games/wog/view.ts';
import { drawText, encodePngOnce, fitText, lighten, makeCanvas, paint, roundRectPath, wrapLines, type Ctx2D } from './kit.ts';

export const INK = '#2b2117';
const PAPER = '#efe6cf';
export const SEA = '#b9d3e6';
export const SIDE: Record<string, string> = { english: '#c0392b', french: '#2e5cb8', nonaligned: '#6b6b6b' };
const PANEL = 360;

/** Every area filled by control, borders by kind and sea connections; `scale` thins lines when the caller has zoomed in. */
export function drawAreas(ctx: Ctx2D, v: WogView, scale = 1): void {
  const map = wogData().map;
  const byId = new Map(v.areas.map((a) => [a.id, a]));
  for (const a of map.areas) {
    const av = byId.get(a.id)!;
    ctx.beginPath();
    a.polygon.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    const fill = a.kind === 'neutral' ? '#d9d4c7' : av.control ? lighten(SIDE[av.control]!, 0.7) : '#f2e9d0';
    paint(ctx, { fill, stroke: '#6d5f49', lineWidth: 1.5 * scale });
  }
  drawBorders(ctx, scale);
  // Sea connections: thick blue lines between label points.
  ctx.save();
  ctx.strokeStyle = BORDER.sea.color;
  ctx.globalAlpha = 0.75;
  ctx.lineWidth = BORDER.sea.width * scale;
  ctx.lineCap = 'round';
  const label = new Map(map.areas.map((a) => [a.id, a.label]));
  for (const s of map.seaConnections) {
    const p = label.get(s.a)!;
    const q = label.get(s.b)!;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.restore();
}

/** Border styles (Phase 2 limits differ by kind): rivers blue, obstructed brown dashed, clear plain, sea thick blue. */
export const BORDER = {
  clear: { color: '#6d5f49', width: 1.5, dash: [] as number[] },
  river: { color: '#2f7fd0', width: 5, dash: [] as number[] },
  obstructed: { color: '#7a4a1c', width: 5, dash: [10, 6] },
  sea: { color: '#1f5f8b', width: 7, dash: [] as number[] },
} as const;

type Seg = [number, number, number, number];
let shared: { a: string; b: string; kind: 'clear' | 'river' | 'obstructed'; segs: Seg[] }[] | null = null;
/** Each land border's stretch of outline: the edges of a's polygon whose ends are both corners of b's (the cells share them). */
export function borderSegments(): NonNullable<typeof shared> {
  if (shared) return shared;
  const map = wogData().map;
  const poly = new Map(map.areas.map((a) => [a.id, a.polygon]));
  const near = (p: number[], pts: number[][]) => pts.some((q) => Math.abs(q[0]! - p[0]!) < 1 && Math.abs(q[1]! - p[1]!) < 1);
  shared = map.borders.map((b) => {
    const pa = poly.get(b.a)!;
    const pb = poly.get(b.b)!;
    const segs: Seg[] = [];
    pa.forEach((p, i) => {
      const q = pa[(i + 1) % pa.length]!;
      if (near(p, pb) && near(q, pb)) segs.push([p[0]!, p[1]!, q[0]!, q[1]!]);
    });
    return { a: b.a, b: b.b, kind: b.kind, segs };
  });
  return shared;
}

/** River and obstructed borders over the plain outlines (scale: line widths, for a zoomed drawing). */
export function drawBorders(ctx: Ctx2D, scale: number, only?: string): void {
  ctx.save();
  ctx.lineCap = 'round';
  for (const b of borderSegments()) {
    if (b.kind === 'clear' || (only && b.a !== only && b.b !== only)) continue;
    const st = BORDER[b.kind];
    ctx.strokeStyle = st.color;
    ctx.lineWidth = st.width * scale;
    ctx.setLineDash(st.dash.map((d) => d * scale));
    ctx.beginPath();
    for (const [x1, y1, x2, y2] of b.segs) {
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** The special troops in an army, compact: 2L 1K (longbowmen, knights, gunners, mercenaries); the close-up spells them out. */
function specials(troops: string[]): string {
  const n = { L: 0, K: 0, G: 0, M: 0 };
  for (const t of troops)
    if (t.includes('longbow')) n.L++;
    else if (t.includes('knight') || t.includes('chevalier')) n.K++;
    else if (t === 'gunner') n.G++;
    else if (t.startsWith('mercenar')) n.M++;
  return Object.entries(n)
    .filter(([, c]) => c)
    .map(([k, c]) => `${c}${k}`)
    .join(' ');
}

function drawArea(ctx: Ctx2D, v: WogView, id: string): void {
  const a = wogData().map.areas.find((x) => x.id === id)!;
  const av = v.areas.find((x) => x.id === id)!;
  const { x, y } = a.label;
  drawText(ctx, `${a.name}${a.value ? ` ${a.value}` : ''}`, x, y - 14, {
    size: 15,
    weight: 'bold',
    color: INK,
    halo: '#fffaf0',
    haloWidth: 3,
    align: 'center',
  });
  if (av.control) {
    ctx.beginPath();
    ctx.arc(x + 62, y - 19, 8, 0, Math.PI * 2);
    paint(ctx, { fill: SIDE[av.control], stroke: '#fff', lineWidth: 2 });
  }
  if (av.aggressor)
    drawText(ctx, `⚔ ${av.aggressor}${av.misses ? ` ${'●'.repeat(av.misses)} miss` : ''}`, x, y - 34, {
      size: 12,
      weight: 'bold',
      color: SIDE[av.aggressor],
      halo: '#fff',
      haloWidth: 2,
      align: 'center',
    });
  let yy = y;
  for (const l of av.leaders.slice(0, 6)) {
    const w = 150;
    roundRectPath(ctx, x - w / 2, yy, w, 18, 3);
    paint(ctx, { fill: SIDE[l.side] ?? '#666', stroke: l.king ? '#e2b33c' : '#222', lineWidth: l.king ? 2.5 : 1 });
    const special = specials(l.troops);
    const text = `${'★'.repeat(l.rank)} ${l.name.split(/[ ,(]/)[0]} ${l.troops.length}SP${special ? ` ${special}` : ''}${l.disgraced ? ' ✗' : ''}`;
    drawText(ctx, fitText(ctx, text, w - 6, 11), x, yy + 13, { size: 11, color: '#fff', align: 'center' });
    yy += 20;
  }
  if (av.leaders.length > 6) drawText(ctx, `+${av.leaders.length - 6} more`, x, yy + 12, { size: 11, color: INK, align: 'center' });
  if (av.loose.length)
    drawText(ctx, `${av.loose.length} loose SP`, x, yy + 12, { size: 11, color: '#5a4a32', halo: '#fff', haloWidth: 2, align: 'center' });
}

function drawPanel(ctx: Ctx2D, v: WogView, x0: number, h: number): void {
  ctx.fillStyle = PAPER;
  ctx.fillRect(x0, 0, PANEL, h);
  let y = 30;
  drawText(ctx, 'Warriors of God', x0 + 16, y, { size: 22, weight: 'bold', color: INK });
  y += 24;
  drawText(ctx, `${v.scenarioName} · ${v.year}`, x0 + 16, y, { size: 14, color: INK });
  y += 22;
  // The result heads the panel: never over the board (issue 19).
  for (const line of v.over ? wrapLines(ctx, v.over, PANEL - 32, 17, 'bold') : []) {
    drawText(ctx, line, x0 + 16, y + 2, { size: 17, weight: 'bold', color: '#7a2e1f' });
    y += 22;
  }
  for (const line of wrapLines(ctx, v.phase, PANEL - 32, 14)) {
    drawText(ctx, line, x0 + 16, y, { size: 14, weight: 'bold', color: INK });
    y += 18;
  }
  // Turn track 1-12.
  y += 8;
  for (let t = 1; t <= 12; t++) {
    const bx = x0 + 16 + (t - 1) * 27;
    roundRectPath(ctx, bx, y, 24, 24, 3);
    paint(ctx, { fill: t === v.turn ? '#7a2e1f' : '#fff', stroke: '#6d5f49' });
    drawText(ctx, String(t), bx + 12, y + 17, { size: 12, color: t === v.turn ? '#fff' : INK, align: 'center' });
  }
  y += 44;
  // Zero-sum VP track −30..30.
  const w = PANEL - 32;
  ctx.fillStyle = lighten(SIDE.french!, 0.6);
  ctx.fillRect(x0 + 16, y, w / 2, 18);
  ctx.fillStyle = lighten(SIDE.english!, 0.6);
  ctx.fillRect(x0 + 16 + w / 2, y, w / 2, 18);
  const mx = x0 + 16 + ((Math.max(-30, Math.min(30, v.vp)) + 30) / 60) * w;
  ctx.beginPath();
  ctx.arc(mx, y + 9, 10, 0, Math.PI * 2);
  paint(ctx, { fill: '#222', stroke: '#fff', lineWidth: 2 });
  drawText(ctx, String(Math.abs(v.vp)), mx, y + 13, { size: 11, weight: 'bold', color: '#fff', align: 'center' });
  y += 34;
  drawText(ctx, `French 30 ◀ VP ▶ English 30`, x0 + 16 + w / 2, y, { size: 12, color: INK, align: 'center' });
  y += 26;
  const ip = v.ip ? `Initiative: ${v.ip}` : 'Initiative: not yet rolled';
  drawText(ctx, `${ip} · impulses E ${v.impulses.english} F ${v.impulses.french}`, x0 + 16, y, { size: 13, color: INK });
  y += 22;
  drawText(ctx, fitText(ctx, `Kings: ${v.kingNames.english ?? 'none'} / ${v.kingNames.french ?? 'none'}`, PANEL - 32, 13), x0 + 16, y, {
    size: 13,
    color: INK,
  });
  y += 22;
  const box = (txt: string, color: string): void => {
    for (const line of wrapLines(ctx, txt, PANEL - 32, 12)) {
      drawText(ctx, line, x0 + 16, y, { size: 12, color });
      y += 16;
    }
  };
  // Boxes: each prison holds the enemy's leaders; routed leaders return in Phase 9; the killed score in Phase 11.
  for (const side of ['english', 'french'] as const)
    box(`${side === 'english' ? 'English' : 'French'} prison: ${v.prisons[side].join(', ') || 'empty'}`, SIDE[side]!);
  for (const side of ['english', 'french'] as const)
    if (v.routed[side].length) box(`${side === 'english' ? 'English' : 'French'} routed: ${v.routed[side].join(', ')}`, SIDE[side]!);
  if (v.killed.length) box(`Killed this turn: ${v.killed.map((k) => `${k.name}${k.king ? ' (king)' : ''}`).join(', ')}`, INK);
  y += 6;
  drawText(ctx, 'Future leader piles', x0 + 16, y, { size: 13, weight: 'bold', color: INK });
  y += 16;
  for (const p of v.piles.slice(0, 2)) {
    const txt = `Turn ${p.turn}: ${p.leaders.map((l) => `${l.name} ${'★'.repeat(l.rank)}`).join(', ')}`;
    for (const line of wrapLines(ctx, txt, PANEL - 32, 11)) {
      drawText(ctx, line, x0 + 16, y, { size: 11, color: '#3b3023' });
      y += 14;
    }
  }
  if (v.piles.length > 2) {
    drawText(ctx, `…and ${v.piles.length - 2} more piles (turns ${v.piles[2]!.turn}-${v.piles.at(-1)!.turn})`, x0 + 16, y, {
      size: 11,
      color: '#5a4a32',
    });
    y += 14;
  }
  y += 10;
  drawText(ctx, 'Latest', x0 + 16, y, { size: 13, weight: 'bold', color: INK });
  y += 18;
  for (const entry of [...v.log].reverse()) {
    for (const line of wrapLines(ctx, entry, PANEL - 32, 11)) {
      if (y > h - 12) return;
      drawText(ctx, line, x0 + 16, y, { size: 11, color: '#3b3023' });
      y += 14;
    }
    y += 3;
  }
}

/** The fought-over area ringed on the main map, so the inset's subject is found at a glance. */
function outlineArea(ctx: Ctx2D, id: string): void {
  const a = wogData().map.areas.find((x) => x.id === id);
  if (!a) return;
  ctx.beginPath();
  a.polygon.forEach(([px, py], i) => (i ? ctx.lineTo(px!, py!) : ctx.moveTo(px!, py!)));
  ctx.closePath();
  paint(ctx, { stroke: '#111', lineWidth: 5 });
}

export function renderWog(view: Json): Buffer {
  const v = view as unknown as WogView;
  const map = wogData().map;
  const canvas = makeCanvas(map.width + PANEL, map.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = SEA;
  ctx.fillRect(0, 0, map.width, map.height);
  drawAreas(ctx, v);
  // The fought-over area ringed under the counters, so its stacks stay readable.
  if (v.battle) outlineArea(ctx, v.battle.area);
  for (const a of map.areas) drawArea(ctx, v, a.id);
  drawPanel(ctx, v, map.width, map.height);
  return encodePngOnce(canvas);
}
