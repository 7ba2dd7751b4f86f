// Table results that take things away, and the "X or Y" choices the tables
// leave to the player (−4 Grain or Food, −1 Happy or Peace, −1 Wood or Lumber).
import type { Ctx } from '../../../engine/types.ts';
import { RES_NAME, STRUCTURE, type LossRow, type ResourceId, type StructureId } from '../data.ts';
import { lose, loseFolk, say, syncHousing, type RifleState, type Settlement } from '../state.ts';

function has(st: Settlement, r: ResourceId): boolean {
  return r === 'happiness' || st.res[r] > 0;
}

/** Apply a loss row; returns true when the player must choose (pending set). */
export function applyLoss(s: RifleState, st: Settlement, row: LossRow, why: string, ctx: Ctx): boolean {
  const parts: string[] = [];
  for (const [r, n] of Object.entries(row.lose ?? {}) as [ResourceId, number][]) {
    const lost = r === 'folk' ? loseFolk(st, n) : lose(st, r, n);
    parts.push(`−${lost} ${RES_NAME[r]}`);
  }
  for (const [id, n] of Object.entries(row.loseStructure ?? {}) as [StructureId, number][]) {
    const lost = Math.min(st.str[id], n);
    st.str[id] -= lost;
    syncHousing(st.res, st.str);
    parts.push(`−${lost} ${STRUCTURE[id].name}`);
  }
  if (row.either) {
    const [a, b] = row.either.of;
    if (has(st, a) && has(st, b)) {
      st.pending = { kind: 'either', amount: row.either.amount, of: [a, b], why: `${why} — ${row.name}` };
      const text = `${st.name}: ${why} — ${row.name}: −${row.either.amount} ${RES_NAME[a]} or ${RES_NAME[b]} (the player chooses).`;
      ctx.emit({ kind: 'loss', text });
      say(s, text);
      return true;
    }
    const r = has(st, a) ? a : has(st, b) ? b : a;
    const lost = lose(st, r, row.either.amount);
    parts.push(`−${lost} ${RES_NAME[r]}`);
  }
  const text = `${st.name}: ${why} — ${row.name}: ${parts.join(', ') || 'nothing to lose'}.`;
  ctx.emit({ kind: 'loss', text });
  say(s, text);
  return false;
}

/**
 * "−4 Grain or Food" is one loss of 4: the chosen good pays what it can and
 * the rest falls on the other (ours: otherwise choosing an empty pile would
 * dodge the loss).
 */
export function resolveEither(s: RifleState, st: Settlement, r: ResourceId, ctx: Ctx): void {
  const p = st.pending;
  if (p?.kind !== 'either') return;
  const lost = lose(st, r, p.amount);
  const other = p.of[0] === r ? p.of[1] : p.of[0];
  const rest = lost < p.amount ? lose(st, other, p.amount - lost) : 0;
  st.pending = null;
  const text = `${st.name} chose to lose ${lost} ${RES_NAME[r]}${rest ? ` and the other ${rest} from ${RES_NAME[other]}` : ''} (${p.why}).`;
  ctx.emit({ kind: 'loss', text });
  say(s, text);
}

/** Sensible default: Happiness before Peace, otherwise the larger pile. */
export function defaultEither(st: Settlement, of: [ResourceId, ResourceId]): ResourceId {
  if (of.includes('happiness')) return 'happiness';
  return st.res[of[0]] >= st.res[of[1]] ? of[0] : of[1];
}
