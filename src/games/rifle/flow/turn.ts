// One turn: Growth, Livestock and Boon for every settlement (automatic),
// then the Action phase (plan), then phases 5-12 (resolve); at the end the
// next turn starts or the game is over.
import type { Procedure } from '../../../engine/flow.ts';
import { call } from '../../../engine/procstack.ts';
import { openSubmission } from '../../../engine/submissions.ts';
import type { Ctx } from '../../../engine/types.ts';
import { RULES } from '../data.ts';
import { askExtra, boonPhase } from '../phases/boon.ts';
import { growthPhase, livestockPhase } from '../phases/growth.ts';
import { endRifle } from './end.ts';
import {
  active,
  freshNotes,
  measuresOf,
  RESOLVE_PHASES,
  say,
  seasonName,
  type PlanEntry,
  type RifleFrame,
  type RifleState,
} from '../state.ts';

type F = Extract<RifleFrame, { proc: 'turn' }>;

/** Phases 1-3 for every settlement; each settlement in play gets a fresh plan to write. */
function phasesOneToThree(s: RifleState, ctx: Ctx): void {
  s.chronicle = [];
  say(s, `— Turn ${s.turn}: ${seasonName(s.turn)} —`);
  ctx.emit({ kind: 'turn', text: `Turn ${s.turn} of ${RULES.turns.count}: ${seasonName(s.turn)}.` });
  s.orders = openSubmission<PlanEntry>(active(s).map((st) => st.role));
  for (const st of active(s)) {
    st.boon = null;
    st.extra = null;
    st.raidFace = null;
    st.notes = freshNotes();
    growthPhase(s, st, ctx);
    livestockPhase(s, st, ctx);
    boonPhase(s, st, ctx);
    askExtra(s, st);
  }
  ctx.emit({ kind: 'phase', text: `Action Phase: plan your actions privately (/rifle plan, /rifle plans), then /rifle done.` });
}

export const turn: Procedure<RifleState, F> = {
  auto(s, f, ctx) {
    if (f.step !== 'start') return false;
    phasesOneToThree(s, ctx);
    f.step = 'plan';
    call(s.flow, { proc: 'plan', step: 'orders' });
    return true;
  },
  resume(s, f, _result, ctx) {
    if (f.step === 'plan') {
      f.step = 'resolve';
      call(s.flow, { proc: 'resolve', step: RESOLVE_PHASES[0], at: {} });
      return;
    }
    // The turn is over: settlements that went out keep their last measures for the charts.
    for (const st of s.settlements)
      if (st.out && st.history[st.history.length - 1]?.turn !== s.turn) st.history.push(measuresOf(st, s.turn));
    if (s.turn >= RULES.turns.count || active(s).length === 0) {
      endRifle(s);
      ctx.emit({ kind: 'over', text: 'The game is over.' });
      return;
    }
    s.turn++;
    f.step = 'start';
  },
};
