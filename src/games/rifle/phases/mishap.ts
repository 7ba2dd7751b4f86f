// Mishap Phase: two d10 rolls on the Mishap Table (each may ask a choice).
import type { Ctx } from '../../../engine/types.ts';
import { TABLES } from '../data.ts';
import type { RifleState, Settlement } from '../state.ts';
import { applyLoss } from './losses.ts';

export function mishapPhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  while (st.ph.step < 2) {
    st.ph.step++;
    const face = ctx.dice.d10(`${st.name} mishap #${st.ph.step}`);
    if (applyLoss(s, st, TABLES.mishap.lookup(face), `Mishap ${st.ph.step} d10=${face}`, ctx)) return;
  }
  st.phaseDone = true;
}
