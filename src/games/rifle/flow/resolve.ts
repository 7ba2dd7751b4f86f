// Phases 5-12 after the reveal. Each phase runs for every settlement in seat
// order, as a list of steps; a step that leaves the settlement a decision
// (pending) pauses that settlement only, so the others roll on and it
// finishes the phase once it has answered. The frame keeps how many steps
// each settlement has run, so the flow, not the phase code, says what is next.
import type { Procedure } from '../../../engine/flow.ts';
import { retWith } from '../../../engine/flow.ts';
import type { Ctx } from '../../../engine/types.ts';
import { consumePhase } from '../phases/consume.ts';
import { endPhase } from '../phases/end.ts';
import { happinessPhase } from '../phases/happiness.ts';
import { hardshipPhase } from '../phases/hardship.ts';
import { mishapRoll } from '../phases/mishap.ts';
import { raidResolve, raidRoll } from '../phases/raid.ts';
import { seasonalPhase } from '../phases/seasonal.ts';
import { storagePhase } from '../phases/storage.ts';
import { active, RESOLVE_PHASES, say, type ResolvePhase, type RifleFrame, type RifleState, type Settlement } from '../state.ts';
import { actor, ANSWERS, answer, decisionPrompt, notNow, pendingLegal } from './common.ts';

type F = Extract<RifleFrame, { proc: 'resolve' }>;
type Step = (s: RifleState, st: Settlement, ctx: Ctx) => void;

/** The steps of each phase; a decision may follow any step (Hardship, either Mishap, the raid roll, a Trade's barter, Storage). */
export const PHASE_STEPS: Record<ResolvePhase, Step[]> = {
  hardship: [hardshipPhase],
  mishap: [mishapRoll(1), mishapRoll(2)],
  raid: [raidRoll, raidResolve],
  consume: [consumePhase],
  seasonal: [seasonalPhase],
  storage: [storagePhase],
  happiness: [happinessPhase],
  end: [endPhase],
};

/** A settlement with no Folk left is abandoned (out of the game). */
function checkAbandoned(s: RifleState, st: Settlement, ctx: Ctx): void {
  if (!st.out && st.res.folk <= 0) {
    st.out = 'abandoned';
    st.outTurn = s.turn;
    const text = `${st.name} has no Folk left and is abandoned.`;
    ctx.emit({ kind: 'out', text });
    say(s, text);
  }
  if (st.out) st.pending = null;
}

function finished(f: F, st: Settlement): boolean {
  return (f.at[st.role] ?? 0) >= PHASE_STEPS[f.step].length;
}

/** Run `st`'s remaining steps of this phase until it owes a decision or is through. */
function runSettlement(s: RifleState, f: F, st: Settlement, ctx: Ctx): void {
  const steps = PHASE_STEPS[f.step];
  while (!st.pending && (f.at[st.role] ?? 0) < steps.length) {
    const i = f.at[st.role] ?? 0;
    f.at[st.role] = i + 1;
    steps[i](s, st, ctx);
  }
  checkAbandoned(s, st, ctx);
}

export const resolve: Procedure<RifleState, F> = {
  prompts: (s) =>
    active(s)
      .filter((st) => st.pending)
      .map(decisionPrompt),
  legal(s, _f, role) {
    const st = s.settlements.find((x) => x.role === role);
    return st && !st.out ? pendingLegal(st) : [];
  },
  apply(s, f, role, a, ctx) {
    const st = actor(s, role);
    if (!ANSWERS.has(a.type)) notNow(s, st, a);
    answer(s, st, a, ctx, () => {
      if (!st.pending && !st.out && !finished(f, st)) runSettlement(s, f, st, ctx);
    });
  },
  auto(s, f, ctx) {
    for (const st of active(s)) if (!st.pending && !finished(f, st)) runSettlement(s, f, st, ctx);
    if (active(s).some((st) => st.pending)) return false;
    const next = RESOLVE_PHASES[RESOLVE_PHASES.indexOf(f.step) + 1];
    if (!next) {
      retWith(s.flow);
      return true;
    }
    f.step = next;
    f.at = {};
    return true;
  },
};
