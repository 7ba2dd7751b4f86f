// Mishap Phase: two d10 rolls on the Mishap Table (each may ask a choice).
import type { Ctx } from '../../../engine/types.ts';
import { TABLES } from '../data.ts';
import type { RifleState, Settlement } from '../state.ts';
import { applyLoss } from './losses.ts';

/** Mishap roll `n` (1 or 2): each is its own step, as either may ask "X or Y". */
export function mishapRoll(n: number): (s: RifleState, st: Settlement, ctx: Ctx) => void {
  return (s, st, ctx) => {
    const face = ctx.dice.d10(`${st.name} mishap #${n}`);
    applyLoss(s, st, TABLES.mishap.lookup(face), `Mishap ${n} d10=${face}`, ctx);
  };
}
