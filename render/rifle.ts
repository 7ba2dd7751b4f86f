// Rifle and Axe snapshots, drawn only from the view: each settlement's
// Resource Board (5×5) and Structure Board (4×4) with values, fight level and
// leader; the shared Action Board (6×5) with each player's revealed cubes in
// their colour; season and year. At game end the award-measure chart is
// appended below (renderRifleChart draws it alone).
import type { Json } from '../src/engine/types.ts';
import { contrastText, drawText, encodePng, fitText, lighten, makeCanvas, paint, roundRectPath, type Ctx2D } from './kit.ts';

interface Cell { id: string; name: string; value: number; max?: number | null }
interface SV {
  role: string;
  name: string;
  color: string;
  leaderName: string | null;
  out: string | null;
  resources: Cell[];
  structures: Cell[];
  fight: { total: number; notes: string[] };
  militia: number;
  planning: boolean;
  pending: string | null;
  placed: Record<string, number>;
  history: { turn: number; population: number; happiness: number; builder: number; prosperity: number; hoarder: number }[];
}
interface RV {
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
  result: { summary: string } | null;
}

const INK = '#2b2117';
const PAPER = '#f4ecd8';
const SEASON_TINT: Record<string, string> = { spring: '#dcebc8', summer: '#f3e3a6', fall: '#ecc9a0', winter: '#dbe4ee' };

const PANEL_W = 640;
const RES_W = 74;
const RES_H = 38;
const STR_W = 60;
const STR_H = 47;

function box(ctx: Ctx2D, x: number, y: number, w: number, h: number, fill: string, stroke = '#7a6a55', r = 4): void {
  roundRectPath(ctx, x, y, w, h, r);
  paint(ctx, { fill, stroke, lineWidth: 1 });
}

function cellText(ctx: Ctx2D, name: string, value: string, x: number, y: number, w: number, h: number, dim: boolean): void {
  drawText(ctx, fitText(ctx, name, w - 6, 10), x + 4, y + 3, { size: 10, color: dim ? '#9a8f7e' : '#5a4a36', baseline: 'top' });
  drawText(ctx, value, x + w - 5, y + h - 4, { size: 15, weight: 'bold', color: dim ? '#9a8f7e' : INK, align: 'right', baseline: 'bottom' });
}

function drawSettlement(ctx: Ctx2D, st: SV, x: number, y: number): number {
  const h = 262;
  box(ctx, x, y, PANEL_W, h, st.out ? '#e2dccf' : '#fbf6ea', st.color, 8);
  ctx.fillStyle = st.color;
  ctx.fillRect(x, y, 10, h);
  const title = `${st.name}${st.leaderName ? ` — ${st.leaderName}` : ''}`;
  drawText(ctx, fitText(ctx, title, 360, 16, 'bold'), x + 18, y + 8, { size: 16, weight: 'bold', color: INK, baseline: 'top' });
  const status = st.out ? (st.out === 'overrun' ? 'OVERRUN' : 'ABANDONED') : `Fight ${st.fight.total}${st.militia > 0 ? ' (Militia)' : ''}`;
  drawText(ctx, status, x + PANEL_W - 12, y + 8, { size: 15, weight: 'bold', color: st.out ? '#9b1c1c' : '#7a2e1f', align: 'right', baseline: 'top' });
  const sub = st.pending ? `asked: ${st.pending}` : st.planning ? 'planning…' : st.fight.notes.join('; ');
  if (sub) drawText(ctx, fitText(ctx, sub, PANEL_W - 30, 11), x + 18, y + 28, { size: 11, color: '#6b5b45', baseline: 'top' });
  // Resource Board 5×5.
  const rx = x + 14;
  const ry = y + 46;
  drawText(ctx, 'Resource Board', rx, ry, { size: 11, weight: 'bold', color: INK, baseline: 'top' });
  st.resources.forEach((r, i) => {
    const cx = rx + (i % 5) * RES_W;
    const cy = ry + 16 + Math.floor(i / 5) * RES_H;
    box(ctx, cx, cy, RES_W - 3, RES_H - 3, lighten(st.color, 0.9), '#b9a98f', 3);
    cellText(ctx, `${i + 1} ${r.name}`, String(r.value), cx, cy, RES_W - 3, RES_H - 3, r.value === 0);
  });
  // Structure Board 4×4.
  const sx = rx + 5 * RES_W + 10;
  drawText(ctx, 'Structure Board', sx, ry, { size: 11, weight: 'bold', color: INK, baseline: 'top' });
  st.structures.forEach((s, i) => {
    const cx = sx + (i % 4) * STR_W;
    const cy = ry + 16 + Math.floor(i / 4) * STR_H;
    const empty = s.id === 'empty';
    box(ctx, cx, cy, STR_W - 3, STR_H - 3, empty ? '#e7e1d3' : s.value > 0 ? lighten(st.color, 0.75) : '#f7f1e3', '#b9a98f', 3);
    if (empty) {
      drawText(ctx, '3 —', cx + 4, cy + 3, { size: 10, color: '#9a8f7e', baseline: 'top' });
      return;
    }
    ctx.font = '10px "DejaVu Sans"';
    const words = `${i + 1} ${s.name}`.split(' ');
    const l1: string[] = [];
    const l2: string[] = [];
    for (const w of words) (ctx.measureText([...l1, w].join(' ')).width < STR_W - 8 && !l2.length ? l1 : l2).push(w);
    drawText(ctx, l1.join(' '), cx + 3, cy + 2, { size: 10, color: '#5a4a36', baseline: 'top' });
    if (l2.length) drawText(ctx, fitText(ctx, l2.join(' '), STR_W - 8, 10), cx + 3, cy + 13, { size: 10, color: '#5a4a36', baseline: 'top' });
    drawText(ctx, `${s.value}${s.max ? `/${s.max}` : ''}`, cx + STR_W - 7, cy + STR_H - 6, { size: 14, weight: 'bold', color: s.value ? INK : '#9a8f7e', align: 'right', baseline: 'bottom' });
  });
  return h;
}

function drawActionBoard(ctx: Ctx2D, v: RV, x: number, y: number, w: number): number {
  const cols = v.actionBoard.columns;
  const rows = v.actionBoard.rows;
  const cw = Math.floor(w / cols);
  const ch = 54;
  drawText(ctx, `Action Board${v.revealedTurn ? ` — cubes as revealed in turn ${v.revealedTurn}` : ' — plans are secret until all are done'}`, x, y, { size: 14, weight: 'bold', color: INK, baseline: 'top' });
  const top = y + 22;
  v.actionBoard.actions.forEach((a, i) => {
    const cx = x + (i % cols) * cw;
    const cy = top + Math.floor(i / cols) * ch;
    box(ctx, cx, cy, cw - 4, ch - 4, '#fbf6ea', '#b9a98f', 4);
    drawText(ctx, fitText(ctx, `${a.n} ${a.name}`, cw - 12, 11), cx + 5, cy + 4, { size: 11, weight: 'bold', color: '#5a4a36', baseline: 'top' });
    let px = cx + 6;
    for (const st of v.settlements) {
      const n = st.placed?.[a.id] ?? 0;
      if (!n) continue;
      box(ctx, px, cy + 22, 26, 24, st.color, '#222', 3);
      drawText(ctx, String(n), px + 13, cy + 34, { size: 13, weight: 'bold', color: contrastText(st.color), align: 'center', baseline: 'middle' });
      px += 30;
    }
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

function drawChart(ctx: Ctx2D, v: RV, x: number, y: number, w: number): number {
  drawText(ctx, 'Award measures, turn by turn', x, y, { size: 15, weight: 'bold', color: INK, baseline: 'top' });
  const cw = Math.floor((w - 20) / 3);
  const chh = 190;
  MEASURES.forEach((m, i) => {
    const gx = x + (i % 3) * (cw + 10);
    const gy = y + 26 + Math.floor(i / 3) * (chh + 14);
    box(ctx, gx, gy, cw, chh, '#fbf6ea', '#b9a98f', 6);
    drawText(ctx, m.name, gx + 8, gy + 6, { size: 12, weight: 'bold', color: INK, baseline: 'top' });
    const px = gx + 40;
    const py = gy + 26;
    const pw = cw - 52;
    const ph = chh - 50;
    const all = v.settlements.flatMap((s) => s.history.map((h) => h[m.id]));
    const lo = Math.min(0, ...all);
    const hi = Math.max(1, ...all);
    ctx.strokeStyle = '#cdbfa6';
    ctx.lineWidth = 1;
    for (let k = 0; k <= 4; k++) {
      const yy = py + ph - (k / 4) * ph;
      ctx.beginPath();
      ctx.moveTo(px, yy);
      ctx.lineTo(px + pw, yy);
      ctx.stroke();
      drawText(ctx, String(Math.round(lo + ((hi - lo) * k) / 4)), px - 4, yy, { size: 9, color: '#6b5b45', align: 'right', baseline: 'middle' });
    }
    for (let t = 0; t <= v.turns; t += 4) drawText(ctx, String(t), px + (t / v.turns) * pw, py + ph + 4, { size: 9, color: '#6b5b45', align: 'center', baseline: 'top' });
    for (const s of v.settlements) {
      ctx.strokeStyle = s.color;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      s.history.forEach((h, k) => {
        const xx = px + (h.turn / v.turns) * pw;
        const yy = py + ph - ((h[m.id] - lo) / (hi - lo)) * ph;
        if (k === 0) ctx.moveTo(xx, yy);
        else ctx.lineTo(xx, yy);
      });
      ctx.stroke();
    }
  });
  // Legend in the sixth slot.
  const lx = x + 2 * (cw + 10) + 10;
  const ly = y + 26 + chh + 14 + 10;
  v.settlements.forEach((s, i) => {
    ctx.fillStyle = s.color;
    ctx.fillRect(lx, ly + i * 24, 18, 12);
    drawText(ctx, fitText(ctx, `${s.name}${s.leaderName ? ` (${s.leaderName})` : ''}${s.out ? ` — ${s.out}` : ''}`, cw - 40, 12), lx + 26, ly + i * 24 + 6, { size: 12, color: INK, baseline: 'middle' });
  });
  return 26 + 2 * (chh + 14);
}

function layout(v: RV, withChart: boolean): { w: number; h: number; boardsH: number } {
  const perRow = v.settlements.length === 1 ? 1 : 2;
  const rowsN = Math.ceil(v.settlements.length / perRow);
  const w = perRow * PANEL_W + (perRow + 1) * 16;
  const boardsH = 56 + rowsN * 274;
  const actionH = 22 + v.actionBoard.rows * 54 + 16;
  const chartH = withChart ? 26 + 2 * 204 + 20 : 0;
  return { w: Math.max(w, 980), h: boardsH + actionH + chartH + 10, boardsH };
}

function draw(v: RV, withBoards: boolean, withChart: boolean): Buffer {
  const { w, h, boardsH } = withBoards ? layout(v, withChart) : { w: 1100, h: 26 + 2 * 204 + 80, boardsH: 0 };
  const canvas = makeCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = SEASON_TINT[v.season] ?? '#eee';
  ctx.fillRect(0, 0, w, 44);
  drawText(ctx, `Rifle and Axe — ${v.seasonLabel} · turn ${Math.min(v.turn, v.turns)} of ${v.turns}`, 16, 12, { size: 20, weight: 'bold', color: INK, baseline: 'top' });
  drawText(ctx, fitText(ctx, v.phase, 420, 13), w - 16, 16, { size: 13, color: '#5a4a36', align: 'right', baseline: 'top' });
  let y = 56;
  if (withBoards) {
    const perRow = v.settlements.length === 1 ? 1 : 2;
    v.settlements.forEach((st, i) => {
      drawSettlement(ctx, st, 16 + (i % perRow) * (PANEL_W + 16), y + Math.floor(i / perRow) * 274);
    });
    y = boardsH;
    y += drawActionBoard(ctx, v, 16, y, w - 32) + 16;
  }
  if (withChart) {
    drawChart(ctx, v, 16, y, Math.min(w - 32, 1200));
    if (v.result) drawText(ctx, fitText(ctx, v.result.summary, w - 32, 11), 16, h - 18, { size: 11, color: INK, baseline: 'top' });
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
