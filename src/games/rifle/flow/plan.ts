// The Action phase as a procedure: every settlement in play writes its plan
// (the orders of s.orders) after answering any Boon or leader question; the
// plans are revealed and carried out once all are final.
import type { Procedure } from '../../../engine/flow.ts';
import { retWith } from '../../../engine/flow.ts';
import { allFinal, reopen } from '../../../engine/submissions.ts';
import type { LegalAction } from '../../../engine/types.ts';
import type { Ctx } from '../../../engine/types.ts';
import { autoPlan } from '../bot.ts';
import { applyPlanAction, planLegal, planning, revealAndExecute } from '../plan.ts';
import { seasonName, type RifleFrame, type RifleState, type Settlement } from '../state.ts';
import { actor, ANSWERS, answer, decisionPrompt, notNow, pendingLegal } from './common.ts';

type F = Extract<RifleFrame, { proc: 'plan' }>;

const RULE = 'R&A Action Phase';

/** A settlement that is done may take its plan back while another is still planning. */
function reopenLegal(s: RifleState, st: Settlement): LegalAction[] {
  const sub = s.orders;
  if (!sub || sub.revealed || !sub.seats[st.role]?.final || allFinal(sub)) return [];
  return [{ action: { type: 'reopen' }, label: 'Reopen your plan (until every settlement is done)', sub: 'reopen', args: {} }];
}

/** /rifle auto: the bot settler's steps, each applied like the player's own (a step that no longer fits is skipped). */
function botFinishes(s: RifleState, ctx: Ctx): (x: Settlement) => void {
  const quiet: Ctx = { dice: ctx.dice, emit: () => {} };
  return (x) =>
    autoPlan(s, x, (step) => {
      try {
        applyPlanAction(s, x, step, quiet, () => {});
      } catch {
        /* skipped */
      }
    });
}

export const plan: Procedure<RifleState, F> = {
  prompts(s) {
    const out = [];
    for (const st of s.settlements) {
      if (st.out) continue;
      if (st.pending) out.push(decisionPrompt(st));
      else if (planning(s, st))
        out.push({
          role: st.role,
          text: `Plan your actions for ${seasonName(s.turn)} (${st.res.folk} Folk) — /rifle plan, /rifle plans, then /rifle done.`,
          secret: true,
        });
    }
    return out;
  },
  legal(s, _f, role) {
    const st = s.settlements.find((x) => x.role === role);
    if (!st || st.out) return [];
    if (st.pending) return pendingLegal(st);
    return planning(s, st) ? planLegal(s, st) : reopenLegal(s, st);
  },
  apply(s, _f, role, a, ctx) {
    const st = actor(s, role);
    if (ANSWERS.has(a.type)) return answer(s, st, a, ctx, () => {});
    if (a.type === 'leader' || st.pending) notNow(s, st, a);
    if (a.type === 'reopen') {
      reopen(s.orders!, st.role, RULE);
      ctx.emit({ kind: 'reopen', text: `${st.name} is planning again.` });
      return;
    }
    applyPlanAction(s, st, a, ctx, botFinishes(s, ctx));
  },
  auto(s, _f, ctx) {
    if (!s.orders || s.orders.revealed || !allFinal(s.orders)) return false;
    revealAndExecute(s, ctx);
    retWith(s.flow);
    return true;
  },
};
