// The Rifle and Axe preview (issue 19): the full table (render/rifle.ts) is a
// tall page whose numbers are ~2 px at Discord's ~550 px preview. This
// 1100×700 picture (11:7, previewed at half size) holds what a channel reader
// wants at a glance, every text ≥ 20 px: the season, each settlement's five
// award measures and fight, and whose cubes are on which action.
import type { Json } from '../src/engine/types.ts';
import { drawText, encodePng, fitText, makeOpaqueCanvas, type Canvas, type Ctx2D } from './kit.ts';
import { drawSettlementMark } from './rifle-marks.ts';
import { livedHistory, winnerLine, type RV } from './rifle.ts';

export const PREVIEW = { w: 1100, h: 700 } as const;
const INK = '#2b2117';
const PAPER = '#f4ecd8';
const COLS = [
  { id: 'population', head: 'Folk' },
  { id: 'happiness', head: 'Happy' },
  { id: 'builder', head: 'Build' },
  { id: 'prosperity', head: 'Money' },
  { id: 'hoarder', head: 'Food' },
] as const;

function header(ctx: Ctx2D, v: RV): number {
  ctx.fillStyle = '#e3d6b8';
  ctx.fillRect(0, 0, PREVIEW.w, 84);
  const title = `Rifle and Axe · ${v.seasonLabel} · turn ${Math.min(v.turn, v.turns)}/${v.turns}`;
  drawText(ctx, fitText(ctx, title, PREVIEW.w - 32, 28, 'bold'), 16, 10, { size: 28, weight: 'bold', color: INK, baseline: 'top' });
  const win = v.result ? winnerLine(v) : '';
  drawText(ctx, fitText(ctx, win ? `Game over · ${win}` : v.phase, PREVIEW.w - 32, 22, 'bold'), 16, 48, {
    size: 22,
    weight: 'bold',
    color: win ? '#7a2e1f' : '#5a4a36',
    baseline: 'top',
  });
  return 96;
}

/** One row per settlement: mark, name, the five award measures and its fight (or how it went out). */
function table(ctx: Ctx2D, v: RV, top: number): number {
  const rowH = v.settlements.length > 3 ? 50 : 56;
  const colX = (k: number) => 470 + k * 100;
  COLS.forEach((c, k) =>
    drawText(ctx, c.head, colX(k), top, { size: 20, weight: 'bold', color: '#5a4a36', align: 'right', baseline: 'top' }),
  );
  drawText(ctx, 'Fight', PREVIEW.w - 24, top, { size: 20, weight: 'bold', color: '#5a4a36', align: 'right', baseline: 'top' });
  let y = top + 30;
  v.settlements.forEach((st, i) => {
    const cy = y + rowH / 2;
    if (i % 2 === 0) {
      ctx.fillStyle = 'rgba(255,255,255,0.55)';
      ctx.fillRect(8, y, PREVIEW.w - 16, rowH);
    }
    drawSettlementMark(ctx, i, 36, cy, 17, st.color);
    const name = `${st.name}${st.leaderName ? ` · ${st.leaderName}` : ''}`;
    drawText(ctx, fitText(ctx, name, 334, 22, 'bold'), 66, cy, { size: 22, weight: 'bold', color: INK, baseline: 'middle' });
    const h = livedHistory(st);
    const last = h[h.length - 1];
    COLS.forEach((c, k) => {
      const value = last ? String(last[c.id]) : '—';
      drawText(ctx, value, colX(k), cy, { size: 26, weight: 'bold', color: st.out ? '#9a8f7e' : INK, align: 'right', baseline: 'middle' });
    });
    const fight = st.out ? (st.out === 'overrun' ? 'overrun' : st.out) : String(st.fight.total);
    drawText(ctx, fight, PREVIEW.w - 24, cy, {
      size: st.out ? 20 : 26,
      weight: 'bold',
      color: st.out ? '#9b1c1c' : '#7a2e1f',
      align: 'right',
      baseline: 'middle',
    });
    y += rowH;
  });
  return y + 14;
}

/** The actions with cubes on them, each with its settlements' marks and counts, in three columns. */
function cubes(ctx: Ctx2D, v: RV, top: number): void {
  const used = v.actionBoard.actions.filter((a) => v.settlements.some((s) => (s.placed?.[a.id] ?? 0) > 0));
  const head = v.revealedTurn ? `Cubes revealed in turn ${v.revealedTurn}` : 'Plans are secret until all are done';
  drawText(ctx, head, 16, top, { size: 22, weight: 'bold', color: INK, baseline: 'top' });
  const colW = (PREVIEW.w - 32) / 3;
  const rowH = 40;
  const rows = Math.floor((PREVIEW.h - top - 40) / rowH);
  used.slice(0, rows * 3).forEach((a, k) => {
    const x = 16 + Math.floor(k / rows) * colW;
    const cy = top + 36 + (k % rows) * rowH + rowH / 2;
    let px = x + colW - 8;
    // Marks from the right, so the action's name keeps the room on the left.
    for (let si = v.settlements.length - 1; si >= 0; si--) {
      const n = v.settlements[si].placed?.[a.id] ?? 0;
      if (!n) continue;
      const label = n > 1 ? `×${n}` : '';
      const tw = label ? drawText(ctx, label, px, cy, { size: 20, weight: 'bold', color: INK, align: 'right', baseline: 'middle' }) : 0;
      px -= tw + (label ? 16 : 0);
      drawSettlementMark(ctx, si, px, cy, 16, v.settlements[si].color);
      px -= 40;
    }
    drawText(ctx, fitText(ctx, `${a.n} ${a.name}`, px - x, 20), x, cy, { size: 20, color: '#3b3023', baseline: 'middle' });
  });
  if (used.length > rows * 3)
    drawText(ctx, `+${used.length - rows * 3} more on the full table`, PREVIEW.w - 16, PREVIEW.h - 14, {
      size: 20,
      color: '#5a4a36',
      align: 'right',
      baseline: 'bottom',
    });
  if (!used.length) drawText(ctx, 'No cubes on the board', 16, top + 44, { size: 20, color: '#5a4a36', baseline: 'top' });
}

let output: Canvas | null = null;

/** The preview PNG (1100×700). */
export function renderRiflePreview(view: Json): Buffer {
  const v = view as unknown as RV;
  output ??= makeOpaqueCanvas(PREVIEW.w, PREVIEW.h);
  const ctx = output.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, PREVIEW.w, PREVIEW.h);
  const y = table(ctx, v, header(ctx, v));
  cubes(ctx, v, y);
  return encodePng(output);
}
