// Rifle and Axe snapshots, drawn only from the view: each settlement's
// Resource Board (5×5) and Structure Board (4×4) with values, fight level and
// leader; the shared Action Board (6×5) with each player's revealed cubes in
// their colour; season and year. At game end the award-measure chart is
// appended below (renderRifleChart draws it alone).
import type { Json } from '../src/engine/types.ts';
import {
  drawText,
  drawWrapped,
  encodePng,
  fitText,
  lighten,
  measureText,
  niceTicks,
  paint,
  reusedOpaqueCanvas,
  roundRectPath,
  StaticLayerCache,
  wrapLines,
  type Canvas,
  type Ctx2D,
} from './kit.ts';
import { drawSettlementMark } from './rifle-marks.ts';

export interface Cell {
  id: string;
  name: string;
  value: number;
  max?: number | null;
}
export interface Measures {
  turn: number;
  population: number;
  happiness: number;
  builder: number;
  prosperity: number;
  hoarder: number;
}
export interface Award {
  id: string;
  name: string;
  measure: string;
  best: number;
  winners: string[];
  shared: boolean;
}
export interface SV {
  role: string;
  name: string;
  color: string;
  leaderName: string | null;
  out: string | null;
  /** The turn it went out, if the view carries it (else inferred from the history). */
  outTurn?: number | null;
  resources: Cell[];
  structures: Cell[];
  fight: { total: number; notes: string[] };
  militia: number;
  planning: boolean;
  pending: string | null;
  placed: Record<string, number>;
  history: Measures[];
}
export interface RV {
  turn: number;
  turns: number;
  seasonLabel: string;
  season: string;
  phase: string;
  stage: string;
  solo: boolean;
  revealedTurn: number;
  actionBoard: { columns: number; rows: number; actions: { n: number; id: string; name: string }[] };
  settlements: SV[];
  awards: Award[] | null;
  result: { winners: string[]; summary: string } | null;
}

const INK = '#2b2117';
const PAPER = '#f4ecd8';
const SEASON_TINT: Record<string, string> = { spring: '#dcebc8', summer: '#f3e3a6', fall: '#ecc9a0', winter: '#dbe4ee' };

const PANEL_W = 660;
const RES_W = 74;
const RES_H = 38;
const STR_W = 64;
const STR_H = 50;

function box(ctx: Ctx2D, x: number, y: number, w: number, h: number, fill: string, stroke = '#7a6a55', r = 4): void {
  roundRectPath(ctx, x, y, w, h, r);
  paint(ctx, { fill, stroke, lineWidth: 1 });
}

const LABEL_SIZES = [10, 9.5, 9];
/** Room for a cell's name (resource cells take one line, structure cells two). */
export const CELL_LABEL = { resource: { width: RES_W - 10, lines: 1 }, structure: { width: STR_W - 10, lines: 2 } };

/**
 * A board cell's name as it fits maxWidth: one line at 10px (down to 9px),
 * else up to maxLines lines; ellipsised only if nothing else fits.
 */
export function cellLabel(ctx: Ctx2D, name: string, maxWidth: number, maxLines = 2): { lines: string[]; size: number } {
  for (const size of LABEL_SIZES) if (measureText(ctx, name, size) <= maxWidth) return { lines: [name], size };
  for (const size of LABEL_SIZES) {
    const lines = wrapLines(ctx, name, maxWidth, size);
    if (lines.length <= maxLines && lines.every((l) => measureText(ctx, l, size) <= maxWidth)) return { lines, size };
  }
  const size = LABEL_SIZES[LABEL_SIZES.length - 1];
  return {
    lines: wrapLines(ctx, name, maxWidth, size)
      .slice(0, maxLines)
      .map((l) => fitText(ctx, l, maxWidth, size)),
    size,
  };
}

/** A board cell: name at the top, its board number small at bottom left, the value large at bottom right. */
function cellText(
  ctx: Ctx2D,
  n: number,
  name: string,
  value: string,
  x: number,
  y: number,
  w: number,
  h: number,
  dim: boolean,
  maxLines: number,
): void {
  const ink = dim ? '#9a8f7e' : '#5a4a36';
  const { lines, size } = cellLabel(ctx, name, w - 7, maxLines);
  lines.forEach((line, k) => drawText(ctx, line, x + 4, y + 3 + k * (size + 1.5), { size, color: ink, baseline: 'top', cache: true }));
  drawText(ctx, String(n), x + 4, y + h - 4, { size: 9, color: '#a3937a', baseline: 'bottom', cache: true });
  drawText(ctx, value, x + w - 5, y + h - 4, {
    size: 15,
    weight: 'bold',
    color: dim ? '#9a8f7e' : INK,
    align: 'right',
    baseline: 'bottom',
    cache: true,
  });
}

function drawSettlement(ctx: Ctx2D, st: SV, index: number, x: number, y: number): number {
  const h = PANEL_H;
  box(ctx, x, y, PANEL_W, h, st.out ? '#e2dccf' : '#fbf6ea', st.color, 8);
  ctx.fillStyle = st.color;
  ctx.fillRect(x, y, 10, h);
  const title = `${st.name}${st.leaderName ? ` — ${st.leaderName}` : ''}`;
  drawSettlementMark(ctx, index, x + 30, y + 17, 10, st.color);
  drawText(ctx, fitText(ctx, title, 340, 16, 'bold'), x + 46, y + 8, { size: 16, weight: 'bold', color: INK, baseline: 'top' });
  const status = st.out ? (st.out === 'overrun' ? 'OVERRUN' : 'ABANDONED') : `Fight ${st.fight.total}${st.militia > 0 ? ' (Militia)' : ''}`;
  drawText(ctx, status, x + PANEL_W - 12, y + 8, {
    size: 15,
    weight: 'bold',
    color: st.out ? '#9b1c1c' : '#7a2e1f',
    align: 'right',
    baseline: 'top',
    cache: true,
  });
  const sub = st.pending ? `asked: ${st.pending}` : st.planning ? 'planning…' : st.fight.notes.join('; ');
  if (sub) drawText(ctx, fitText(ctx, sub, PANEL_W - 30, 11), x + 18, y + 28, { size: 11, color: '#6b5b45', baseline: 'top' });
  // Resource Board 5×5.
  const rx = x + 14;
  const ry = y + 46;
  drawText(ctx, 'Resource Board', rx, ry, { size: 11, weight: 'bold', color: INK, baseline: 'top', cache: true });
  st.resources.forEach((r, i) => {
    const cx = rx + (i % 5) * RES_W;
    const cy = ry + 16 + Math.floor(i / 5) * RES_H;
    box(ctx, cx, cy, RES_W - 3, RES_H - 3, lighten(st.color, 0.9), '#b9a98f', 3);
    cellText(ctx, i + 1, r.name, String(r.value), cx, cy, RES_W - 3, RES_H - 3, r.value === 0, CELL_LABEL.resource.lines);
  });
  // Structure Board 4×4.
  const sx = rx + 5 * RES_W + 10;
  drawText(ctx, 'Structure Board', sx, ry, { size: 11, weight: 'bold', color: INK, baseline: 'top', cache: true });
  st.structures.forEach((s, i) => {
    const cx = sx + (i % 4) * STR_W;
    const cy = ry + 16 + Math.floor(i / 4) * STR_H;
    const empty = s.id === 'empty';
    box(ctx, cx, cy, STR_W - 3, STR_H - 3, empty ? '#e7e1d3' : s.value > 0 ? lighten(st.color, 0.75) : '#f7f1e3', '#b9a98f', 3);
    if (empty) {
      drawText(ctx, '3 —', cx + 4, cy + 3, { size: 10, color: '#9a8f7e', baseline: 'top', cache: true });
      return;
    }
    cellText(
      ctx,
      i + 1,
      s.name,
      `${s.value}${s.max ? `/${s.max}` : ''}`,
      cx,
      cy,
      STR_W - 3,
      STR_H - 3,
      !s.value,
      CELL_LABEL.structure.lines,
    );
  });
  return h;
}

/** The Action Board's boxes and names, the same in every game: drawn once per process. */
const ACTION_GRIDS = new StaticLayerCache(4);

function actionGrid(v: RV, cw: number, ch: number): Canvas {
  const { columns, rows, actions } = v.actionBoard;
  const key = `rifle:actions:${cw}:${ch}:${columns}:${actions.map((a) => `${a.n} ${a.name}`).join('|')}`;
  // A pixel's margin all round: the boxes' outlines straddle their edges.
  return ACTION_GRIDS.get(key, columns * cw + 2, rows * ch + 2, (grid) =>
    actions.forEach((a, i) => {
      const cx = 1 + (i % columns) * cw;
      const cy = 1 + Math.floor(i / columns) * ch;
      box(grid, cx, cy, cw - 4, ch - 4, '#fbf6ea', '#b9a98f', 4);
      drawText(grid, fitText(grid, `${a.n} ${a.name}`, cw - 12, 11), cx + 5, cy + 4, {
        size: 11,
        weight: 'bold',
        color: '#5a4a36',
        baseline: 'top',
      });
    }),
  );
}

function drawActionBoard(ctx: Ctx2D, v: RV, x: number, y: number, w: number): number {
  const cols = v.actionBoard.columns;
  const rows = v.actionBoard.rows;
  const cw = Math.floor(w / cols);
  const ch = 54;
  drawText(
    ctx,
    `Action Board${v.revealedTurn ? ` — cubes as revealed in turn ${v.revealedTurn}` : ' — plans are secret until all are done'}`,
    x,
    y,
    { size: 14, weight: 'bold', color: INK, baseline: 'top', cache: true },
  );
  const top = y + 22;
  ctx.drawImage(actionGrid(v, cw, ch), x - 1, top - 1);
  v.actionBoard.actions.forEach((a, i) => {
    const cx = x + (i % cols) * cw;
    const cy = top + Math.floor(i / cols) * ch;
    let px = cx + 6;
    v.settlements.forEach((st, si) => {
      const n = st.placed?.[a.id] ?? 0;
      if (!n) return;
      // The settlement's mark (number and shape, not colour alone), then how many cubes.
      drawSettlementMark(ctx, si, px + 12, cy + 34, 11, st.color);
      const tw = drawText(ctx, `×${n}`, px + 27, cy + 34, { size: 13, weight: 'bold', color: INK, baseline: 'middle', cache: true });
      px += 27 + tw + 8;
    });
  });
  return 22 + rows * ch;
}

const MEASURES: { id: 'population' | 'happiness' | 'builder' | 'prosperity' | 'hoarder'; name: string }[] = [
  { id: 'population', name: 'Population (Folk)' },
  { id: 'happiness', name: 'Happiness' },
  { id: 'builder', name: 'Builder (Structures + Plots)' },
  { id: 'prosperity', name: 'Prosperity (Money)' },
  { id: 'hoarder', name: 'Hoarder (Grain + Livestock + Food)' },
];

/**
 * The points to draw for a settlement: all of them while it plays; for one
 * that is out, up to the turn it went out (view.outTurn), or, when the view
 * doesn't say, up to the first of the identical points it repeats since.
 */
export function livedHistory(s: Pick<SV, 'out' | 'outTurn' | 'history'>): Measures[] {
  const h = s.history;
  if (!s.out || h.length < 2) return h;
  if (typeof s.outTurn === 'number') return h.filter((p) => p.turn <= s.outTurn!);
  const same = (a: Measures, b: Measures) => MEASURES.every((m) => a[m.id] === b[m.id]);
  let k = h.length - 1;
  while (k > 0 && same(h[k - 1], h[k])) k--;
  return h.slice(0, k + 1);
}

const CHART_H = 190;
const CHART_GAP = 14;

function chartsHeight(): number {
  return 26 + 2 * (CHART_H + CHART_GAP);
}

function drawChart(ctx: Ctx2D, v: RV, x: number, y: number, w: number): number {
  drawText(ctx, 'Award measures, turn by turn', x, y, { size: 15, weight: 'bold', color: INK, baseline: 'top' });
  const cw = Math.floor((w - 20) / 3);
  const chh = CHART_H;
  const lived = v.settlements.map((s) => livedHistory(s));
  MEASURES.forEach((m, i) => {
    const gx = x + (i % 3) * (cw + 10);
    const gy = y + 26 + Math.floor(i / 3) * (chh + CHART_GAP);
    box(ctx, gx, gy, cw, chh, '#fbf6ea', '#b9a98f', 6);
    drawText(ctx, m.name, gx + 8, gy + 6, { size: 12, weight: 'bold', color: INK, baseline: 'top', cache: true });
    const px = gx + 40;
    const py = gy + 28;
    const pw = cw - 56;
    const ph = chh - 52;
    const all = lived.flatMap((h) => h.map((p) => p[m.id]));
    const axis = niceTicks(Math.min(0, ...all), Math.max(1, ...all), 5);
    const lo = axis.lo;
    const hi = axis.hi;
    const yOf = (val: number) => py + ph - ((val - lo) / (hi - lo)) * ph;
    ctx.strokeStyle = '#cdbfa6';
    ctx.lineWidth = 1;
    for (const t of axis.ticks) {
      const yy = Math.round(yOf(t)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(px, yy);
      ctx.lineTo(px + pw, yy);
      ctx.stroke();
      drawText(ctx, String(t), px - 5, yy, { size: 10, color: '#6b5b45', align: 'right', baseline: 'middle', cache: true });
    }
    for (let t = 0; t <= v.turns; t += 4)
      drawText(ctx, String(t), px + (t / v.turns) * pw, py + ph + 4, {
        size: 10,
        color: '#6b5b45',
        align: 'center',
        baseline: 'top',
        cache: true,
      });
    v.settlements.forEach((s, si) => {
      const pts = lived[si].map((p) => [px + (p.turn / v.turns) * pw, yOf(p[m.id])] as const);
      if (!pts.length) return;
      ctx.strokeStyle = s.color;
      ctx.lineWidth = 2.5;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      pts.forEach(([xx, yy], k) => (k === 0 ? ctx.moveTo(xx, yy) : ctx.lineTo(xx, yy)));
      ctx.stroke();
      // Its mark at the line's end: which line is whose without the colours.
      const [lx0, ly0] = pts[pts.length - 1];
      if (!s.out) drawSettlementMark(ctx, si, lx0, ly0, 6, s.color);
      if (s.out) {
        // A cross where the settlement went out.
        const [ex, ey] = pts[pts.length - 1];
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(ex - 4, ey - 4);
        ctx.lineTo(ex + 4, ey + 4);
        ctx.moveTo(ex + 4, ey - 4);
        ctx.lineTo(ex - 4, ey + 4);
        ctx.stroke();
      }
    });
  });
  // Legend in the sixth slot.
  const lx = x + 2 * (cw + 10) + 10;
  const ly = y + 26 + chh + CHART_GAP + 10;
  const rowH = v.settlements.some((s) => s.out) ? 34 : 24;
  v.settlements.forEach((s, i) => {
    const ry = ly + i * rowH;
    drawSettlementMark(ctx, i, lx + 9, ry + 6, 8, s.color);
    drawText(ctx, fitText(ctx, `${s.name}${s.leaderName ? ` (${s.leaderName})` : ''}`, cw - 40, 12), lx + 26, ry + 6, {
      size: 12,
      color: INK,
      baseline: 'middle',
    });
    const t = outTurnOf(s);
    if (s.out)
      drawText(ctx, `× ${s.out}${t !== null ? ` in turn ${t}` : ''}`, lx + 26, ry + 21, {
        size: 11,
        color: '#9b1c1c',
        baseline: 'middle',
        cache: true,
      });
  });
  return chartsHeight();
}

function outTurnOf(s: SV): number | null {
  if (!s.out) return null;
  const h = livedHistory(s);
  return h.length ? h[h.length - 1].turn : null;
}

const nameOf = (v: RV, role: string) => v.settlements.find((s) => s.role === role)?.name ?? role;
const joinNames = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');

/** Who won, in a few words, from the view's result and awards. */
export function winnerLine(v: Pick<RV, 'settlements' | 'awards' | 'result'>): string {
  const r = v.result;
  if (!r) return '';
  const names = r.winners.map((role) => nameOf(v as RV, role));
  if (!v.awards) {
    const st = v.settlements[0];
    return names.length ? `${st.name} survived` : `${st?.name ?? 'The settlement'} did not survive`;
  }
  const count = (role: string) => v.awards!.filter((a) => a.winners.includes(role)).length;
  if (!names.length) return 'No winner: no settlement survived';
  const n = count(r.winners[0]);
  const of = `${n} of ${v.awards.length} award${v.awards.length === 1 ? '' : 's'}`;
  return names.length > 1 ? `Shared victory: ${joinNames(names)}, ${of} each` : `${names[0]} wins with ${of}`;
}

const AWARD_ROW = 21;

function awardsHeight(v: RV): number {
  if (!v.result) return 0;
  const outs = v.settlements.some((s) => s.out) ? 18 : 0;
  return v.awards ? 12 + 26 + AWARD_ROW * (v.awards.length + 1) + 34 + outs : 12 + 26 + 3 * 18 + 8;
}

/** The awards table (who took each, tied or not), the winner, and who went out; the summary text for a solo game. */
function drawAwards(ctx: Ctx2D, v: RV, x: number, y: number, w: number): void {
  if (!v.result) return;
  const h = awardsHeight(v) - 12;
  y += 12;
  box(ctx, x, y, w, h, '#fbf6ea', '#b9a98f', 6);
  const win = winnerLine(v);
  drawText(ctx, v.awards ? 'Awards' : 'Result', x + 10, y + 8, { size: 15, weight: 'bold', color: INK, baseline: 'top' });
  if (!v.awards) {
    drawWrapped(ctx, v.result.summary, x + 10, y + 32, w - 20, { size: 13, color: INK, lineHeight: 18, maxLines: 3 });
    return;
  }
  const cols = [x + 12, x + 200, x + 470, x + 540];
  let ry = y + 32;
  const head = { size: 11, weight: 'bold' as const, color: '#6b5b45', baseline: 'top' as const, cache: true };
  drawText(ctx, 'Award', cols[0], ry, head);
  drawText(ctx, 'Measure', cols[1], ry, head);
  drawText(ctx, 'Best', cols[2] + 40, ry, { ...head, align: 'right' });
  drawText(ctx, 'Won by', cols[3], ry, head);
  ry += AWARD_ROW;
  for (const a of v.awards) {
    ctx.strokeStyle = '#e3d8c2';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x + 8, Math.round(ry - 3) + 0.5);
    ctx.lineTo(x + w - 8, Math.round(ry - 3) + 0.5);
    ctx.stroke();
    drawText(ctx, a.name, cols[0], ry, { size: 13, weight: 'bold', color: INK, baseline: 'top', cache: true });
    drawText(ctx, fitText(ctx, a.measure, cols[2] - cols[1] - 10, 13), cols[1], ry, {
      size: 13,
      color: '#5a4a36',
      baseline: 'top',
      cache: true,
    });
    drawText(ctx, a.winners.length ? String(a.best) : '—', cols[2] + 40, ry, {
      size: 13,
      weight: 'bold',
      color: INK,
      align: 'right',
      baseline: 'top',
      cache: true,
    });
    let wx = cols[3];
    if (!a.winners.length)
      drawText(ctx, 'nobody (no settlement left)', wx, ry, { size: 13, color: '#9a8f7e', baseline: 'top', cache: true });
    a.winners.forEach((role, k) => {
      const st = v.settlements.find((s) => s.role === role);
      ctx.fillStyle = st?.color ?? '#888';
      ctx.fillRect(wx, ry + 2, 12, 11);
      wx += 17;
      wx +=
        drawText(ctx, `${nameOf(v, role)}${k < a.winners.length - 1 ? ',' : ''}`, wx, ry, {
          size: 13,
          color: INK,
          baseline: 'top',
          cache: true,
        }) + 8;
    });
    if (a.shared) drawText(ctx, '(tied, shared)', wx, ry, { size: 12, color: '#7a2e1f', baseline: 'top', cache: true });
    ry += AWARD_ROW;
  }
  const outs = v.settlements
    .filter((s) => s.out)
    .map((s) => `${s.name} ${s.out === 'overrun' ? 'was overrun' : s.out === 'resigned' ? 'resigned' : 'was abandoned'}`);
  drawText(ctx, fitText(ctx, `${win}.`, w - 24, 16, 'bold'), x + 12, ry + 6, {
    size: 16,
    weight: 'bold',
    color: '#7a2e1f',
    baseline: 'top',
  });
  if (outs.length)
    drawText(ctx, fitText(ctx, `${outs.join('; ')} and lost.`, w - 24, 12), x + 12, ry + 30, {
      size: 12,
      color: '#6b5b45',
      baseline: 'top',
    });
}

const PANEL_H = 274;
const PANEL_GAP = 12;

function layout(v: RV, withChart: boolean): { w: number; h: number; boardsH: number } {
  const perRow = v.settlements.length === 1 ? 1 : 2;
  const rowsN = Math.ceil(v.settlements.length / perRow);
  const w = perRow * PANEL_W + (perRow + 1) * 16;
  const boardsH = 56 + rowsN * (PANEL_H + PANEL_GAP);
  const actionH = 22 + v.actionBoard.rows * 54 + 16;
  const chartH = withChart ? chartsHeight() + awardsHeight(v) + 6 : 0;
  return { w: Math.max(w, 980), h: boardsH + actionH + chartH + 10, boardsH };
}

function draw(v: RV, withBoards: boolean, withChart: boolean): Buffer {
  const { w, h, boardsH } = withBoards ? layout(v, withChart) : { w: 1100, h: 56 + chartsHeight() + awardsHeight(v) + 16, boardsH: 0 };
  const canvas = reusedOpaqueCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = SEASON_TINT[v.season] ?? '#eee';
  ctx.fillRect(0, 0, w, 44);
  const title = `Rifle and Axe — ${v.seasonLabel} · turn ${Math.min(v.turn, v.turns)} of ${v.turns}`;
  const tw = drawText(ctx, title, 16, 12, { size: 20, weight: 'bold', color: INK, baseline: 'top' });
  // At the end the header says who won (the largest text, legible in a preview).
  const win = v.result ? winnerLine(v) : '';
  const right = win ? `Game over · ${win}` : v.phase;
  const rightStyle = win ? { size: 15, weight: 'bold' as const, color: '#7a2e1f' } : { size: 13, color: '#5a4a36' };
  drawText(ctx, fitText(ctx, right, w - tw - 60, rightStyle.size, rightStyle.weight), w - 16, win ? 14 : 16, {
    ...rightStyle,
    align: 'right',
    baseline: 'top',
  });
  let y = 56;
  if (withBoards) {
    const perRow = v.settlements.length === 1 ? 1 : 2;
    v.settlements.forEach((st, i) => {
      drawSettlement(ctx, st, i, 16 + (i % perRow) * (PANEL_W + 16), y + Math.floor(i / perRow) * (PANEL_H + PANEL_GAP));
    });
    y = boardsH;
    y += drawActionBoard(ctx, v, 16, y, w - 32) + 16;
  }
  if (withChart) {
    const cw = Math.min(w - 32, 1200);
    y += drawChart(ctx, v, 16, y, cw);
    drawAwards(ctx, v, 16, y, cw);
  }
  return encodePng(canvas);
}

/** The table snapshot; at game end with the award chart below. */
export function renderRifle(view: Json): Buffer {
  const v = view as unknown as RV;
  return draw(v, true, v.stage === 'over');
}

/** The line chart of each player's award measures across the turns. */
export function renderRifleChart(view: Json): Buffer {
  return draw(view as unknown as RV, false, true);
}
