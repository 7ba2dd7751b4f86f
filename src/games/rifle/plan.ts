// The Action phase, played simultaneously: each settlement plans privately
// (every change checked against the limits, told only to its owner), then
// declares done; when all are done the plans are revealed together and
// carried out in the order each was planned. The plans are the orders of the
// engine's Submission (s.orders): a plan step revises the seat's list, done
// is `finalize`, and the reveal is the submission's.
import { check } from '../../engine/errors.ts';
import { finalize, reveal, reviseOrders } from '../../engine/submissions.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { PLANNABLE, PLANNABLES, TRADE_ACTION } from './actions/catalogue.ts';
import {
  allowsText,
  assertPlan,
  limitsLine,
  maxActAfter,
  maxTradeAfter,
  opensConvoy,
  probePlan,
  prune,
  simulate,
  withAct,
  withTrade,
  type Sim,
} from './actions/limits.ts';
import { PRICES, RES_NAME, TRADE_GOODS, type ResourceId } from './data.ts';
import { active, say, stageOf, type PlanEntry, type RifleState, type Settlement } from './state.ts';

const RULE = 'R&A Action Phase';

/** The settlement's plan this turn (its orders; kept after the reveal until the next turn). */
export function planOf(s: RifleState, st: Settlement): PlanEntry[] {
  return s.orders?.seats[st.role]?.items ?? [];
}

/** Has the settlement declared done (its orders final)? Out settlements count as done. */
export function isDone(s: RifleState, st: Settlement): boolean {
  return !!st.out || !!s.orders?.seats[st.role]?.final;
}

function setPlan(s: RifleState, st: Settlement, plan: PlanEntry[]): void {
  reviseOrders(s.orders!, st.role, plan, RULE);
}

export function entryText(e: PlanEntry): string {
  if (e.t === 'act') return `${PLANNABLE[e.key]?.name ?? e.key}${e.count > 1 ? ` ×${e.count}` : ''}`;
  const parts: string[] = [];
  if (e.sell) parts.push(`sell ${e.sell.qty} ${RES_NAME[e.sell.good]}`);
  if (e.buy) parts.push(`buy ${e.buy.qty} ${RES_NAME[e.buy.good]}`);
  return `Trade Convoy (${parts.join(', ') || 'empty'})`;
}

export function planText(plan: PlanEntry[]): string {
  return plan.length ? plan.map(entryText).join(', ') : 'nothing planned';
}

/** `known`: the simulation of st.plan, when the caller has it already. */
function privateLine(s: RifleState, st: Settlement, ctx: Ctx, lead: string, known?: Sim): void {
  const plan = planOf(s, st);
  const sim = known ?? simulate(st, s.turn, plan).sim;
  ctx.emit({ kind: 'plan', to: [st.role], text: `${lead} Your plan: ${planText(plan)}. Still allowed: ${limitsLine(sim)}.` });
}

/** Legal planning actions for one settlement (no pending decision, not done). */
export function planLegal(s: RifleState, st: Settlement): LegalAction[] {
  const out: LegalAction[] = [];
  const plan = planOf(s, st);
  const probe = probePlan(st, s.turn, plan);
  const { sim, error } = probe;
  if (error) return [{ action: { type: 'done' }, label: 'Done planning', sub: 'done', args: {} }];
  for (const p of PLANNABLES) {
    const max = maxActAfter(probe, p.key, 20);
    if (max < 1) continue;
    const allow = allowsText(sim, p, max);
    for (let n = 1; n <= max; n++) {
      out.push({
        action: { type: 'plan', act: p.key, count: n },
        label: `Plan ${p.name}${n > 1 ? ` ×${n}` : ''} (${allow})`,
        sub: 'plan',
        secret: true,
        args: { action: p.key, count: String(n) },
        argLabels: { action: `${p.name} — ${allow}`, count: String(n) },
        group: `Plan ${p.name}${max > 1 ? ` ×1–${max}` : ''} (${allow})`,
      });
    }
  }
  for (const side of ['sell', 'buy'] as const) {
    for (const good of TRADE_GOODS) {
      const price = PRICES[good]!;
      const cap = side === 'sell' ? sim.res[good] : Math.floor(sim.res.money / price);
      if (cap < 1) continue;
      const max = maxTradeAfter(probe, side, good, cap);
      if (max < 1) continue;
      const fresh = opensConvoy(plan, side, good);
      // Any quantity (the Trade Convoy rule), each one enumerated so autocomplete and apply agree.
      for (let q = 1; q <= max; q++) {
        out.push({
          action: { type: side, good, qty: q },
          label:
            `${side === 'sell' ? 'Sell' : 'Buy'} ${q} ${RES_NAME[good]} for ${q * price} Money` +
            `${fresh ? ' (a new Trade Convoy)' : ' (on the open convoy)'}`,
          sub: side,
          secret: true,
          args: { good, qty: String(q) },
          argLabels: { good: `${RES_NAME[good]} (price ${price}, up to ${max})`, qty: String(q) },
          group:
            `${side === 'sell' ? 'Sell' : 'Buy'} up to ${max} ${RES_NAME[good]} at ${price} Money each` +
            `${fresh ? ' (a new Trade Convoy)' : ' (on the open convoy)'}`,
        });
      }
    }
  }
  const keys = new Set<string>();
  for (const e of plan) keys.add(e.t === 'act' ? e.key : 'trade');
  for (const k of keys) {
    const name = k === 'trade' ? 'the last Trade Convoy' : `one ${PLANNABLE[k].name}`;
    out.push({
      action: { type: 'unplan', act: k },
      label: `Unplan ${name}`,
      sub: 'unplan',
      secret: true,
      args: { action: k },
      argLabels: { action: k === 'trade' ? TRADE_ACTION.name : PLANNABLE[k].name },
    });
  }
  // The label is announced publicly: it must not carry the plan (secret until the reveal).
  out.push({ action: { type: 'done' }, label: 'Done planning', sub: 'done', args: {} });
  out.push({ action: { type: 'auto' }, label: 'Let the bot settler finish the plan and declare done', sub: 'auto', args: {} });
  return out;
}

export function planning(s: RifleState, st: Settlement): boolean {
  return stageOf(s) === 'plan' && !st.out && !isDone(s, st) && !st.pending && !!s.orders?.seats[st.role];
}

/** Why `st` may not change its plan now (the rule and what to do instead). */
export function needPlanning(s: RifleState, st: Settlement): void {
  check(
    stageOf(s) === 'plan' && s.orders && !s.orders.revealed,
    RULE,
    'Plans are made in the Action phase; it is not the Action phase now.',
  );
  check(!st.out && s.orders.seats[st.role], RULE, 'Your settlement is out of the game.');
  check(!st.pending, RULE, 'Answer your pending decision first (/rifle choose).');
  check(
    !s.orders.seats[st.role].final,
    RULE,
    'You have declared done; your plan is locked until the reveal (/rifle reopen ' +
      'takes it back while another settlement is still planning).',
  );
}

export function applyPlanAction(s: RifleState, st: Settlement, a: Action, ctx: Ctx, autoPlan: (st: Settlement) => void): void {
  needPlanning(s, st);
  const plan = planOf(s, st);
  switch (a.type) {
    case 'plan': {
      const key = String(a.act);
      const p = PLANNABLE[key];
      check(p, RULE, `There is no action "${key}".`);
      const n = Number(a.count ?? 1);
      check(Number.isInteger(n) && n >= 1, RULE, 'Count must be a whole number, 1 or more.');
      const next = withAct(plan, key, n);
      const sim = assertPlan(st, s.turn, next);
      setPlan(s, st, next);
      privateLine(s, st, ctx, `Planned ${p.name}${n > 1 ? ` ×${n}` : ''}.`, sim);
      return;
    }
    case 'sell':
    case 'buy': {
      const good = String(a.good) as ResourceId;
      check(
        PRICES[good] !== undefined,
        'R&A Buy and Sell Table',
        `${RES_NAME[good] ?? good} is not on the Buy and Sell Table (Wood and Lumber are ` +
          `too heavy; Peace, Looms, Plots and Happiness are not goods).`,
      );
      const q = Number(a.qty);
      check(Number.isInteger(q) && q >= 1, RULE, 'Quantity must be a whole number, 1 or more.');
      const next = withTrade(plan, a.type, good, q);
      const sim = assertPlan(st, s.turn, next);
      setPlan(s, st, next);
      privateLine(s, st, ctx, `${a.type === 'sell' ? 'Selling' : 'Buying'} ${q} ${RES_NAME[good]}.`, sim);
      return;
    }
    case 'unplan': {
      const key = String(a.act);
      const copy = plan.map((e) => ({ ...e }) as PlanEntry);
      let idx = -1;
      for (let i = copy.length - 1; i >= 0; i--) {
        const e = copy[i];
        if ((key === 'trade' && e.t === 'trade') || (e.t === 'act' && e.key === key)) {
          idx = i;
          break;
        }
      }
      check(idx >= 0, RULE, `Nothing planned under "${key === 'trade' ? 'trade' : (PLANNABLE[key]?.name ?? key)}".`);
      const e = copy[idx];
      if (e.t === 'act' && e.count > 1) e.count -= 1;
      else copy.splice(idx, 1);
      const { kept, dropped } = prune(st, s.turn, copy);
      setPlan(s, st, kept);
      privateLine(
        s,
        st,
        ctx,
        `Removed ${key === 'trade' ? 'a Trade Convoy' : PLANNABLE[key].name}.` +
          `${dropped.length ? ` Also dropped (no longer possible): ${dropped.join(', ')}.` : ''}`,
      );
      return;
    }
    case 'auto':
      autoPlan(st);
      privateLine(s, st, ctx, 'The bot settler finished your plan.');
      markDone(s, st, ctx);
      return;
    case 'done':
      markDone(s, st, ctx);
      return;
  }
  check(false, RULE, `Unknown planning action "${a.type}".`);
}

/** Done: the orders are final; the flow reveals them once every settlement in play is done. */
function markDone(s: RifleState, st: Settlement, ctx: Ctx): void {
  const plan = planOf(s, st);
  const { error } = simulate(st, s.turn, plan);
  if (error) setPlan(s, st, prune(st, s.turn, plan).kept);
  finalize(s.orders!, st.role, RULE);
  if (!planOf(s, st).length) {
    // The last settlement done: the reveal and its dice follow at once, past undo.
    const last = active(s).every((x) => s.orders!.seats[x.role]?.final);
    ctx.emit({
      kind: 'plan',
      to: [st.role],
      text:
        'You planned nothing: skipping Soap Making and Cooking costs 2 Happiness each ' +
        (last ? '(every plan is revealed now).' : '(/game undo takes "done" back while nobody else has acted).'),
    });
  }
  ctx.emit({ kind: 'done', text: `${st.name} has finished planning.` });
}

/** Reveal every plan, carry them out, and record the cubes on the Action Board. */
export function revealAndExecute(s: RifleState, ctx: Ctx): void {
  const lines: string[] = [];
  for (const st of s.settlements) {
    st.placed = {};
    st.revealedPlan = [];
  }
  // Seat order (the order the plans are announced and carried out), not who was done first.
  const seatNo = (r: string) => s.settlements.findIndex((x) => x.role === r);
  const plans = new Map(reveal(s.orders!, (a, b) => seatNo(a[0]) - seatNo(b[0])).map((x) => [x.role, x.items]));
  for (const st of active(s)) {
    const plan = plans.get(st.role) ?? [];
    const sim = assertPlan(st, s.turn, plan);
    st.res = sim.res;
    st.str = sim.str;
    st.placed = sim.placed;
    st.revealedPlan = plan.map((e) => structuredClone(e));
    const penalties: string[] = [];
    for (const id of ['soap', 'cooking']) {
      const def = PLANNABLE[id];
      if (!plan.some((e) => e.t === 'act' && e.key === id)) {
        st.res.happiness -= def.action.penaltyIfSkipped ?? 0;
        penalties.push(`no ${def.name}: −${def.action.penaltyIfSkipped} Happiness`);
      }
    }
    lines.push(`${st.name}: ${planText(plan)}${penalties.length ? ` (${penalties.join('; ')})` : ''}.`);
  }
  s.revealedTurn = s.turn;
  const text = `Plans revealed — ${lines.join(' ')}`;
  say(s, text);
  ctx.emit({ kind: 'reveal', text, reveal: true, data: Object.fromEntries(active(s).map((st) => [st.role, st.placed])) });
}

/** Free-text plans: "fishing x3, trapping x2, build cabin, sell 4 hides, buy 2 tools". */
export function parsePlanText(text: string): Action[] {
  const out: Action[] = [];
  const items = text
    .split(/[,;\n+]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  for (const raw of items) {
    let t = raw.toLowerCase().replace(/\s+/g, ' ');
    const trade = /^(sell|buy) (\d+) (.+)$/.exec(t) ?? /^(sell|buy) (.+?) (?:x|×)\s*(\d+)$/.exec(t);
    if (trade) {
      const [, side, a, b] = trade;
      const qty = /^\d+$/.test(a) ? Number(a) : Number(b);
      const goodText = /^\d+$/.test(a) ? b : a;
      const good = TRADE_GOODS.find(
        (g) =>
          g === goodText ||
          RES_NAME[g].toLowerCase() === goodText ||
          RES_NAME[g].toLowerCase().replace(/s$/, '') === goodText.replace(/s$/, ''),
      );
      check(
        good,
        'R&A Buy and Sell Table',
        `"${goodText}" is not a tradeable good. Goods: ${TRADE_GOODS.map((g) => RES_NAME[g]).join(', ')}.`,
      );
      out.push({ type: side, good, qty });
      continue;
    }
    let count = 1;
    const m = /^(.*?)\s*(?:x|×|\*)\s*(\d+)$/.exec(t) ?? /^(\d+)\s*(?:x|×)?\s+(.*)$/.exec(t);
    if (m) {
      if (/^\d+$/.test(m[1])) {
        count = Number(m[1]);
        t = m[2];
      } else {
        count = Number(m[2]);
        t = m[1];
      }
    }
    const p = findByText(t);
    check(
      p,
      RULE,
      `"${raw}" is not an action. Try e.g. "clear land x2, planks, build cabin, sell 4 ` +
        `grain". Actions: ${PLANNABLES.map((x) => x.name).join(', ')}.`,
    );
    out.push({ type: 'plan', act: p.key, count });
  }
  check(out.length > 0, RULE, 'Nothing to plan: write e.g. "clear land x2, planks, build cabin, fishing x3".');
  return out;
}

function findByText(t: string) {
  const norm = (x: string) =>
    x
      .trim()
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/\band\b/g, '&');
  const n = norm(t);
  return (
    PLANNABLE[n] ??
    PLANNABLES.find((p) => norm(p.name) === n) ??
    PLANNABLES.find((p) => p.aliases.some((a) => norm(a) === n)) ??
    PLANNABLES.find((p) => norm(p.name).startsWith(n) && n.length >= 3)
  );
}

export { findByText };
