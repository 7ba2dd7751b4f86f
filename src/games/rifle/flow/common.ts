// What every procedure of Rifle's sequence of play shares: who may act, the
// per-settlement decision prompts (pending records), and the refusal for an
// action that belongs to another moment of the turn.
import { check, RuleError } from '../../../engine/errors.ts';
import type { Action, Ctx, LegalAction, Prompt } from '../../../engine/types.ts';
import { applyDecision, decisionLegal, decisionText } from '../decisions.ts';
import { needPlanning } from '../plan.ts';
import { byRole, type RifleState, type Settlement } from '../state.ts';

/** Answers to a settlement's pending decision. */
export const ANSWERS = new Set(['choose', 'reroll', 'accept']);

/** The settlement acting as `role`: it must exist and still be in play. */
export function actor(s: RifleState, role: string): Settlement {
  const st = byRole(s, role);
  check(st, 'R&A', `There is no seat ${role}.`);
  check(!st.out, 'R&A', `${st.name} is out of the game.`);
  return st;
}

export function decisionPrompt(st: Settlement): Prompt {
  return { role: st.role, text: decisionText(st), buttons: true };
}

export function pendingLegal(st: Settlement): LegalAction[] {
  return st.pending ? decisionLegal(st) : [];
}

/** Answer `st`'s pending decision; `then` continues what it paused. */
export function answer(s: RifleState, st: Settlement, a: Action, ctx: Ctx, then: () => void): void {
  check(st.pending, 'R&A', 'You have no decision to make now.');
  applyDecision(s, st, a, ctx, then);
}

/** Refuse an action the procedure on top does not take, with the rule it belongs to. */
export function notNow(s: RifleState, st: Settlement, a: Action): never {
  if (a.type === 'leader') throw new RuleError('R&A Setup', 'Leaders are picked at the start of the game.');
  if (ANSWERS.has(a.type)) throw new RuleError('R&A', 'You have no decision to make now.');
  check(!st.pending, 'R&A', `Answer first: ${st.pending ? decisionText(st) : ''}`);
  needPlanning(s, st);
  throw new RuleError('R&A Action Phase', `Unknown planning action ${a.type}.`);
}
