// Hardship Phase: one d10 on the Hardship Table.
import type { Ctx } from '../../../engine/types.ts';
import { TABLES } from '../data.ts';
import type { RifleState, Settlement } from '../state.ts';
import { applyLoss } from './losses.ts';

export function hardshipPhase(s: RifleState, st: Settlement, ctx: Ctx): void {
  const face = ctx.dice.d10(`${st.name} hardship`);
  applyLoss(s, st, TABLES.hardship.lookup(face), `Hardship d10=${face}`, ctx);
}
