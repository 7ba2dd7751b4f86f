// Games stored before the flow table kept their place in the sequence of
// play as step counters (stage, phaseIdx, per-settlement ph.step and
// phaseDone) and each plan on its settlement (plan, done). A game in progress
// when the bot is updated is carried over once, the first time it is read:
// the counters become frames and the plans become the turn's submission.
// Games stored before the engine's ending (procstack.ts endGame) ended on an
// 'over' frame of their own: the ending moves onto the stack.
import type { Submission } from '../../engine/submissions.ts';
import { endRifle } from './flow/end.ts';
import { PHASE_STEPS } from './flow/resolve.ts';
import { RESOLVE_PHASES, type PlanEntry, type RifleFrame, type RifleState, type Stage } from './state.ts';

interface Before {
  stage?: Stage;
  phaseIdx?: number;
}
interface SettlementBefore {
  plan?: PlanEntry[];
  done?: boolean;
  ph?: { step: number; face?: number };
  phaseDone?: boolean;
}

/** Bring a stored state up to date (in place); a no-op on a current one. */
export function upgrade(s: RifleState): void {
  if (!s.flow) beforeFlow(s);
  const frames = s.flow.frames as { proc: string }[];
  if (frames.length === 1 && frames[0].proc === 'over') endRifle(s);
}

/** A state stored before the flow table: its counters become frames. */
function beforeFlow(s: RifleState): void {
  const old = s as RifleState & Before;
  const stage = old.stage ?? 'leaders';
  // phaseIdx ran past the last phase at the end of each turn and was only reset when resolving began.
  const phase = RESOLVE_PHASES[old.phaseIdx ?? 0] ?? RESOLVE_PHASES[0];
  const frames: RifleFrame[] = [];
  const at: Record<string, number> = {};
  const orders: Submission<PlanEntry> = { seats: {}, finals: 0, revealed: stage !== 'plan' };
  for (const st of s.settlements) {
    const o = st as typeof st & SettlementBefore;
    if (!st.out) {
      orders.seats[st.role] = { items: o.plan ?? [], final: !!o.done, finalAt: o.done ? ++orders.finals : null };
      at[st.role] = o.phaseDone ? PHASE_STEPS[phase].length : Math.min(o.ph?.step ?? 0, PHASE_STEPS[phase].length);
    }
    st.raidFace = o.ph?.face ?? null;
    delete o.plan;
    delete o.done;
    delete o.ph;
    delete o.phaseDone;
  }
  if (stage === 'leaders') frames.push({ proc: 'leaders', step: 'pick' });
  else if (stage === 'plan') frames.push({ proc: 'turn', step: 'plan' }, { proc: 'plan', step: 'orders' });
  else if (stage === 'resolve') frames.push({ proc: 'turn', step: 'resolve' }, { proc: 'resolve', step: phase, at });
  else frames.push({ proc: 'over', step: 'over' } as unknown as RifleFrame);
  s.flow = { frames };
  s.orders = stage === 'leaders' ? null : orders;
  delete old.stage;
  delete old.phaseIdx;
}
