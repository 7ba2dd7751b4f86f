// 8.0 Sequence of play as a flow table (engine/flow.ts): one procedure per
// frame kind, each with who is asked what, the legal choices, the apply and
// the automatic steps. The turn procedure walks the phase table (phases.ts).
import { fail } from '../../engine/errors.ts';
import { FlowMachine, type Procedure } from '../../engine/flow.ts';
import type { Action, Ctx, LegalAction, Prompt } from '../../engine/types.ts';
import { applyAttrition, autoAttrition, legalAttrition } from './attrition.ts';
import { applyCombat, autoCombat, legalCombat } from './battle.ts';
import { applyBattle, askBattle, autoBattle, legalBattle } from './battle-steps.ts';
import {
  ATTRITION,
  battleDecision,
  COMBAT,
  interceptDecision,
  MOVEMENT,
  placeDecision,
  refuseUnrelated,
  type Decision,
} from './decision.ts';
import { applyIntercept, autoIntercept, legalIntercept } from './interception.ts';
import { applyMove, autoMove, legalMove } from './movement.ts';
import { phaseDef, stepPhase } from './phases.ts';
import { applyPlace, autoPlace, legalPlace } from './placement.ts';
import { askAttrition, askCombat, askIntercept, askMove, askPlace } from './prompts.ts';
import { SIDE_NAME, withIndex, type KFrame, type KpwState, type Side } from './state.ts';

/** One KPW procedure: at most one player is asked at a time, and the decision names its commands. */
interface KProc<F extends KFrame> {
  ask(s: KpwState, f: F): Prompt | null;
  /** The open decision: the commands that answer it (refuseUnrelated). */
  answers(f: F): Decision | null;
  legal(s: KpwState, f: F, role: Side): LegalAction[];
  apply(s: KpwState, f: F, role: Side, a: Action, ctx: Ctx): void;
  auto?(s: KpwState, f: F, ctx: Ctx): boolean;
}

/** The checks every action passes first: it is the player's turn, and the command answers what is asked. */
function guard<F extends KFrame>(k: KProc<F>, s: KpwState, f: F, role: Side, a: Action): void {
  const asked = k.ask(s, f);
  if (asked?.role !== role) {
    const who = asked ? SIDE_NAME[asked.role as Side] : 'nobody';
    fail('KPW 8.0', `It is not your turn to act: ${who} ${asked ? `must act (${asked.text})` : 'is asked anything'}.`);
  }
  refuseUnrelated(k.answers(f), a, asked.text, () => withIndex(s, () => k.legal(s, f, role)));
}

function proc<F extends KFrame>(k: KProc<F>): Procedure<KpwState, F> {
  return {
    prompts: (s, f) => {
      const p = k.ask(s, f);
      return p ? [p] : [];
    },
    legal: (s, f, role) => withIndex(s, () => k.legal(s, f, role as Side)),
    apply: (s, f, role, a, ctx) => {
      guard(k, s, f, role as Side, a);
      k.apply(s, f, role as Side, a, ctx);
    },
    auto: k.auto,
  };
}

type Of<P extends KFrame['proc']> = Extract<KFrame, { proc: P }>;

/** The turn frame asks only what its phase asks (phase 1's rolls, diplomacy). */
const turn = proc<Of<'turn'>>({
  ask: (s, f) => phaseDef(f.step).decision?.(f)?.ask(s, f) ?? null,
  answers: (f) => phaseDef(f.step).decision?.(f)?.answers ?? null,
  legal: (s, f, role) => phaseDef(f.step).decision?.(f)?.legal(s, f, role) ?? [],
  apply: (s, f, role, a, ctx) => phaseDef(f.step).decision?.(f)?.apply(s, f, role, a, ctx),
  auto: stepPhase,
});

export const KPW_FLOW = {
  turn,
  place: proc<Of<'place'>>({ ask: askPlace, answers: placeDecision, legal: legalPlace, apply: applyPlace, auto: autoPlace }),
  move: proc<Of<'move'>>({ ask: askMove, answers: () => MOVEMENT, legal: legalMove, apply: applyMove, auto: (s, f) => autoMove(s, f) }),
  intercept: proc<Of<'intercept'>>({
    ask: askIntercept,
    answers: interceptDecision,
    legal: legalIntercept,
    apply: applyIntercept,
    auto: (s, f) => autoIntercept(s, f),
  }),
  combat: proc<Of<'combat'>>({ ask: askCombat, answers: () => COMBAT, legal: legalCombat, apply: applyCombat, auto: autoCombat }),
  battle: proc<Of<'battle'>>({ ask: askBattle, answers: battleDecision, legal: legalBattle, apply: applyBattle, auto: autoBattle }),
  attrition: proc<Of<'attrition'>>({
    ask: askAttrition,
    answers: () => ATTRITION,
    legal: legalAttrition,
    apply: applyAttrition,
    auto: (s, f) => autoAttrition(s, f),
  }),
} satisfies Record<KFrame['proc'], Procedure<KpwState, any>>;

export const machine = new FlowMachine<KpwState>(KPW_FLOW, {
  stack: (s) => s.stack,
  scores: (s) => ({ english: s.vp.english, indian: s.vp.indian }),
  // The only refusal the machine gives itself: every procedure's apply names its own rule.
  rule: 'KPW 16.0',
  maxSteps: 10_000,
});
