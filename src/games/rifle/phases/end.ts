// End Phase: record the award measures for the chart, count down the
// Kentucky Militia.
import type { Ctx } from '../../../engine/types.ts';
import { measuresOf, type RifleState, type Settlement } from '../state.ts';

export function endPhase(s: RifleState, st: Settlement, _ctx: Ctx): void {
  st.history.push(measuresOf(st, s.turn));
  if (st.militia > 0) st.militia -= 1;
}
