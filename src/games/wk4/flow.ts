// The campaign's sequence of play as a flow table: each season the nations
// write secret orders (engine submissions; a whole sheet may be pasted), the
// engine adjudicates, the umpire reviews (or the engine takes every default),
// preliminary results go to the players, the challenge window opens, the
// umpire rules on challenges, and the results become official.
import { check, RuleError } from '../../engine/errors.ts';
import { FlowMachine, retWith, type Flow, type Procedure } from '../../engine/flow.ts';
import { call } from '../../engine/procstack.ts';
import { addOrder, openSubmission, ordersProcedure, reviseOrders, withdrawOrder } from '../../engine/submissions.ts';
import { UMPIRE, type Ctx, type Json, type Role } from '../../engine/types.ts';
import { orderChoices } from './choices.ts';
import { orderLabel } from './labels.ts';
import { checkOrder, type Order } from './orders.ts';
import { closeTurn, makeOfficial, openSeason, resolveSeason } from './season.ts';
import { readSheet } from './sheet.ts';
import { seasonName, type Wk4State } from './state.ts';
import { buildView } from './view.ts';
import { engineReview, engineRuling, RU, umpireApply, umpireLegal } from './umpire.ts';

export const RULE = 'WK4 Order of Battle / Turn Sequence';

const base = ordersProcedure<Wk4State, Json>({
  rule: RULE,
  submission: (s) => s.sub,
  prompt: (s) =>
    `write your orders for the ${seasonName(s)} (/wk4 order …, or paste a sheet with /wk4 order sheet), then /wk4 orders final`,
  choices: (s, _f, role) => orderChoices(s, role).map((c) => ({ ...c, item: c.item as unknown as Json })),
  check: (s, _f, role, item) => checkOrder(s, role, item as unknown as Order),
  label: (s, _f, _r, item) => orderLabel(s, item as unknown as Order),
  resolve: (s, _f, ctx) => {
    openSeason(s, ctx);
    retWith(s.stack);
  },
  subs: { order: 'move', withdraw: 'withdraw', final: 'final', reopen: 'reopen' },
});

/** The orders procedure plus the pasted sheet: every good line is added, every refused line is reported with its rule. */
const orders: Procedure<Wk4State> = {
  ...base,
  apply(s, f, role, a, ctx) {
    if (a.type === 'withdraw') return withdraw(s, role, Number(a.index), ctx);
    if (a.type !== 'sheet') return base.apply!(s, f, role, a, ctx);
    const lines = readSheet(s, role, String(a.text ?? ''));
    check(
      lines.some((l) => l.order),
      'WK4 Order sheet',
      sheetRefusal(lines),
    );
    for (const l of lines) if (l.order) addOrder(s.sub, role, l.order as unknown as Json, RULE);
    ctx.emit({
      kind: 'sheet',
      to: [role],
      text:
        `Order sheet: ${lines.filter((l) => l.order).length} accepted, ${lines.filter((l) => !l.order).length} refused.\n` +
        lines.map((l) => (l.order ? `✔ ${l.line}` : `✘ ${l.line} — ${l.error}`)).join('\n'),
    });
  },
  open: {
    ...base.open,
    sheet: {
      sub: 'sheet',
      secret: true,
      check: (s, _f, role, a) => {
        check(
          s.sub.seats[role] && !s.sub.revealed && !s.sub.seats[role].final,
          RULE,
          'You have no orders to write now (or they are final: reopen them).',
        );
        const lines = readSheet(s, role, String(a.text ?? ''));
        check(
          lines.some((l) => l.order),
          'WK4 Order sheet',
          sheetRefusal(lines),
        );
      },
      label: (s, _f, role, a) => {
        const lines = readSheet(s, role, String(a.text ?? ''));
        return `Order sheet: ${lines.filter((l) => l.order).length} order(s)${
          lines.some((l) => !l.order)
            ? `; refused: ${lines
                .filter((l) => !l.order)
                .map((l) => `"${l.line}" — ${l.error}`)
                .join('; ')}`
            : ''
        }`;
      },
    },
  },
};

/** Withdraw an order; later orders that built on it (a path from where it ended, money it left) are checked again and dropped if they no longer hold. */
function withdraw(s: Wk4State, role: Role, index: number, ctx: Ctx): void {
  const items = [...(s.sub.seats[role]?.items ?? [])];
  withdrawOrder(s.sub, role, index, RULE);
  items.splice(index, 1);
  const kept: Json[] = [];
  const dropped: string[] = [];
  for (const it of items) {
    try {
      checkOrder(s, role, it as unknown as Order, kept as unknown as Order[]);
      kept.push(it);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      dropped.push(`${orderLabel(s, it as unknown as Order)} — ${e.message}`);
    }
  }
  reviseOrders(s.sub, role, kept, RULE);
  if (dropped.length) ctx.emit({ kind: 'orders', to: [role], text: `Dropped with it (they built on it):\n${dropped.join('\n')}` });
}

function sheetRefusal(lines: { line: string; error: string | null }[]): string {
  if (!lines.length)
    return 'The sheet has no orders (one a line: move, attack, river, sail, deploy, buy, militia, landsknekt, bribe, match, war, ally, leave).';
  return `No line of the sheet can be accepted:\n${lines.map((l) => `✘ ${l.line} — ${l.error}`).join('\n')}`;
}

const reviewProc = (stage: 'initiative' | 'review' | 'ruling'): Procedure<Wk4State> => ({
  prompts: (s) => [
    {
      role: UMPIRE,
      text:
        stage === 'initiative'
          ? `determine the order of movement among nations tied on actions spent (/wk4 umpire approve or choose), ` +
            'then /wk4 umpire publish to resolve the movement'
          : stage === 'review'
            ? // The prompt is public: how many proposals (or challenges) there are is for the umpire's own list (/wk4 info proposals).
              `review the ${seasonName(s)}: approve, change or override the proposals (/wk4 umpire …), then /wk4 umpire publish`
            : `rule on the challenges (/wk4 umpire rule), then /wk4 umpire publish the official results`,
      decision: `umpire:${stage}:${s.year}:${s.season}`,
    },
  ],
  legal: (s, _f, role) => umpireLegal(s, role, stage),
  apply(s, _f, role, a, ctx) {
    check(role === UMPIRE, RU, 'Only the umpire rules now.');
    if (umpireApply(s, stage, a, ctx) === 'publish') retWith(s.stack);
  },
  open: {
    // With a note (not listed): the public announcement names the proposal only; the ruling goes to the nations concerned.
    approve: {
      sub: 'approve',
      check: (s, _f, role, a) => (check(role === UMPIRE, RU, 'Only the umpire approves.'), umpireCheck(s, stage, a)),
      label: (_s, _f, _r, a) => `Approves ${a.id}, with a note`,
    },
    choose: {
      sub: 'choose',
      check: (s, _f, role, a) => (check(role === UMPIRE, RU, 'Only the umpire rules.'), umpireCheck(s, stage, a)),
      label: (_s, _f, _r, a) => `Rules on ${a.id}, with a note`,
    },
    override: {
      sub: 'override',
      check: (s, _f, role, a) => (check(role === UMPIRE, RU, 'Only the umpire overrides.'), umpireCheck(s, stage, a)),
      label: (_s, _f, _r, a) => `Overrides ${a.id}`,
    },
    adjust: {
      sub: 'adjust',
      check: (s, _f, role, a) => (check(role === UMPIRE, RU, 'Only the umpire adjusts.'), umpireCheck(s, stage, a)),
      label: () => 'Adjusts the board by hand',
    },
    note: {
      sub: 'note',
      check: (s, _f, role, a) => (check(role === UMPIRE, RU, 'Only the umpire writes notes.'), umpireCheck(s, stage, a)),
      label: (s, _f, _r, a) => (a.to ? `A note to ${s.nations[String(a.to)]?.name ?? a.to}` : `Note: ${a.text}`),
    },
    rule: {
      sub: 'rule',
      check: (s, _f, role, a) => (check(role === UMPIRE, RU, 'Only the umpire rules.'), umpireCheck(s, stage, a)),
      label: (_s, _f, _r, a) => `Rules on challenge ${a.challenge}`,
    },
  },
});

import { checkAdjust, checkDecide, checkNote, checkOverride, checkRule } from './umpire.ts';
function umpireCheck(s: Wk4State, stage: string, a: { type: string; [k: string]: Json }): void {
  if (a.type === 'approve' || a.type === 'choose') return checkDecide(s, a);
  if (a.type === 'override') return checkOverride(s, a);
  if (a.type === 'adjust') return checkAdjust(s, a);
  if (a.type === 'note') return checkNote(s, a);
  if (a.type === 'rule') return checkRule(s, stage, a);
  throw new RuleError(RU, `Not an umpire action: ${a.type}.`);
}

const challenges: Procedure<Wk4State> = {
  prompts: (s) =>
    s.order
      .filter((n) => s.nations[n].alive && !s.challengeDone.includes(n))
      .map((role) => ({
        role,
        text: `read your preliminary results; /wk4 results challenge reason:… within the window, or /wk4 results agree`,
        decision: `challenge:${s.year}:${s.season}`,
      })),
  legal: (s, _f, role) =>
    s.nations[role]?.alive && !s.challengeDone.includes(role)
      ? // Secret like a challenge: a public "no challenge" would tell by elimination who challenged.
        [{ action: { type: 'agree' }, label: 'No challenge: the results may stand', sub: 'agree', args: {}, secret: true }]
      : [],
  apply(s, _f, role, a, ctx) {
    check(s.nations[role]?.alive && !s.challengeDone.includes(role), RU, 'You have nothing to challenge now.');
    if (a.type === 'challenge') {
      checkChallenge(a);
      s.challenges.push({ nation: role, reason: String(a.reason).trim(), ruling: null });
      const heard =
        s.options.umpire === 'human'
          ? 'Your challenge is with the umpire'
          : 'Your challenge is recorded; the engine as umpire lets the results stand (a human umpire would rule on it)';
      ctx.emit({ kind: 'challenge', to: [role], text: `${heard}: ${String(a.reason).trim()}` });
    } else check(a.type === 'agree', RU, 'Challenge the results (with your reason) or agree.');
    s.challengeDone.push(role);
    if (s.order.every((n) => !s.nations[n].alive || s.challengeDone.includes(n))) retWith(s.stack);
  },
  open: {
    challenge: {
      sub: 'challenge',
      check: (s, _f, role, a) => {
        check(s.nations[role]?.alive && !s.challengeDone.includes(role), RU, 'You have nothing to challenge now.');
        checkChallenge(a);
      },
      label: (_s, _f, _r, a) => `Challenge: ${a.reason}`,
    },
  },
};

function checkChallenge(a: { [k: string]: Json }): void {
  check(typeof a.reason === 'string' && a.reason.trim().length > 0, RU, 'A challenge needs your reason.');
}

const flow: Flow<Wk4State> = {
  campaign: {
    auto(s, f) {
      if (f.step !== 'start') return false;
      const live = s.order.filter((n) => s.nations[n].alive);
      s.sub = openSubmission(live);
      f.step = 'orders';
      call(s.stack, { proc: 'orders', step: 'write' });
      return true;
    },
    resume(s, f, _r, ctx) {
      if (f.step === 'orders') {
        f.step = 'initiative';
        // Movement waits for the umpire's order among tied nations; the engine as umpire keeps its default at once.
        if (s.options.umpire === 'human' && s.proposals.some((p) => p.status === 'proposed')) {
          return void call(s.stack, { proc: 'initiative', step: 'order' });
        }
        engineReview(s, ctx);
      }
      if (f.step === 'initiative') {
        resolveSeason(s, ctx);
        f.step = 'review';
        if (s.options.umpire === 'human') return void call(s.stack, { proc: 'review', step: 'review' });
        engineReview(s, ctx);
      }
      if (f.step === 'review') {
        closeTurn(s, ctx);
        f.step = 'challenges';
        return void call(s.stack, { proc: 'challenges', step: 'window' });
      }
      if (f.step === 'challenges') {
        f.step = 'ruling';
        if (s.options.umpire === 'human' && s.challenges.length) {
          return void call(s.stack, { proc: 'ruling', step: 'rule' });
        }
        engineRuling(s, ctx);
      }
      if (f.step === 'ruling') {
        makeOfficial(s, ctx);
        f.step = 'start';
      }
    },
  },
  orders,
  initiative: reviewProc('initiative'),
  review: reviewProc('review'),
  challenges,
  ruling: reviewProc('ruling'),
  over: {},
};

/** Each nation's VP as the umpire sees them: the result's scores. */
function campaignScores(s: Wk4State): Record<Role, number> {
  const scores: Record<Role, number> = Object.fromEntries(s.order.map((n) => [n, 0]));
  for (const nation of buildView(s, { kind: 'umpire' }).nations) scores[nation.id] = nation.vp;
  return scores;
}

export const machine = new FlowMachine<Wk4State>(flow, { stack: (s) => s.stack, scores: campaignScores, rule: RULE });

export const openActions = machine.openActions([
  { type: 'order', sub: 'move', secret: true },
  { type: 'sheet', sub: 'sheet', secret: true },
  // Rulings are announced without their labels (which name proposals and challenges): the nations concerned hear them.
  { type: 'approve', sub: 'approve', secret: true },
  { type: 'choose', sub: 'choose', secret: true },
  { type: 'override', sub: 'override', secret: true },
  { type: 'adjust', sub: 'adjust' },
  { type: 'note', sub: 'note' },
  { type: 'rule', sub: 'rule', secret: true },
  { type: 'challenge', sub: 'challenge', secret: true },
]);

export type { Role };
