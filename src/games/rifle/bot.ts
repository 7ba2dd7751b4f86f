// A bot settler with sense enough to keep its Folk fed, housed and clothed:
// food first, then salt, cooking and soap, planting and harvest, cabins,
// clothes and housewares, containers for the stores, a trade for what it
// lacks, and the rest of its Folk on fishing, gathering and trapping.
// Used for empty seats, solo companions, the demo, /rifle auto and the fuzz tests.
import type { Action, LegalAction } from '../../engine/types.ts';
import { canonical } from '../../engine/runner.ts';
import { PLANNABLE } from './actions/catalogue.ts';
import { maxActAfter, maxTradeAfter, probePlan } from './actions/limits.ts';
import { PRICES, RULES, type ResourceId } from './data.ts';
import { decisionLegal, defaultDecision, leaderLegal } from './decisions.ts';
import { planning } from './plan.ts';
import { fightLevel, seasonOf, storageRoom, type PlanEntry, type RifleState, type Settlement } from './state.ts';

type Rand = () => number;

function planned(plan: PlanEntry[], key: string): number {
  return plan.reduce((a, e) => a + (e.t === 'act' && e.key === key ? e.count : 0), 0);
}

function tradesPlanned(plan: PlanEntry[]): number {
  return plan.filter((e) => e.t === 'trade').length;
}

/** The next step of a sensible plan, or done. */
export function nextPlanAction(s: RifleState, st: Settlement, rand: Rand): Action {
  const probe = probePlan(st, s.turn, st.plan);
  const { sim, error } = probe;
  if (error) return { type: 'done' };
  const season = seasonOf(s.turn);
  const nextWinter = season === 'fall';
  const folk = st.res.folk;
  const e = sim.res;
  const want = (key: string, n: number): Action | null => {
    if (n < 1 || !PLANNABLE[key]) return null;
    const max = maxActAfter(probe, key, n);
    return max >= 1 ? { type: 'plan', act: key, count: max } : null;
  };
  const trade = (side: 'sell' | 'buy', good: ResourceId, n: number): Action | null => {
    if (n < 1) return null;
    const cap = side === 'sell' ? Math.min(n, e[good]) : Math.min(n, Math.floor(e.money / PRICES[good]!));
    if (cap < 1) return null;
    const max = maxTradeAfter(probe, side, good, cap);
    return max >= 1 ? { type: side, good, qty: max } : null;
  };
  const folkLeft = sim.folkCap - sim.folkUsed;
  const foodNeed = folk + 2 + (nextWinter ? Math.ceil(folk / 2) : 0);
  const saltNeed = Math.floor(folk / 10) + 1;
  const stored = RULES.storage.stored.reduce((a, r) => a + e[r], 0);
  const steps: (() => Action | null)[] = [
    () => (planned(st.plan, 'cooking') < 1 ? want('cooking', 1) : null),
    () => (planned(st.plan, 'soap') < 1 ? want('soap', 1) : null),
    () => (season === 'fall' ? want('harvest', e.seed) : null),
    () => (season === 'spring' ? want('plant', Math.min(e.grain - 2, Math.max(0, e.plots - e.seed))) : null),
    () => (e.food < foodNeed ? want('fishing', Math.min(6, foodNeed - e.food)) : null),
    () => (e.food < foodNeed && season !== 'winter' ? want('gathering', foodNeed - e.food) : null),
    () => (e.food < foodNeed && e.grain > (season === 'spring' ? 8 : 0) ? want('grind', 1) : null),
    () => (e.food < foodNeed && e.gunpowder > 3 ? want('hunting', Math.min(foodNeed - e.food, e.gunpowder - 3)) : null),
    () => (e.food < foodNeed ? want('milkbutcher:milk', foodNeed - e.food) : null),
    () => (e.food < foodNeed && e.livestock > 8 ? want('milkbutcher:butcher', Math.min(foodNeed - e.food, e.livestock - 8)) : null),
    () => (e.salt < saltNeed ? want('salt', saltNeed - e.salt) : null),
    () => (season !== 'winter' && e.housing > folk ? want('recruit', 1) : null),
    // Peace Points buy re-rolls of the Indian Raid: keep a few in hand.
    () => (e.peace < 3 && e.housewares > folk ? want('gift:housewares', Math.min(3 - e.peace, e.housewares - folk)) : null),
    () => (e.peace < 3 && e.clothing > folk ? want('gift:clothes', Math.min(3 - e.peace, e.clothing - folk)) : null),
    // Housing: wood → lumber → cabins.
    () => (e.housing < folk + 1 && e.wood >= 2 && e.lumber >= 1 ? want('build:cabins', 1) : null),
    () => (e.housing < folk + 1 && e.lumber < 1 && e.wood >= 4 ? want('planks', 1) : null),
    () => (e.housing < folk + 1 && e.wood < 6 ? want('clear', 2) : null),
    // Clothes and housewares.
    () => (e.clothing < folk && e.hides > 0 ? want('tailoring', Math.min(e.hides, folk - e.clothing)) : null),
    () => (e.clothing < folk ? want('weaving:clothes', folk - e.clothing) : null),
    () => (e.housewares < folk ? want('home', folk - e.housewares) : null),
    // Stores need containers.
    () => (stored > storageRoom({ res: e, str: sim.str }) - 2 && e.lumber >= 1 ? want('barrels', 1) : null),
    () => (stored > storageRoom({ res: e, str: sim.str }) - 2 ? want('weaving:containers', Math.min(4, stored - storageRoom({ res: e, str: sim.str }) + 2)) : null),
    // One trade a turn: sell hides and surplus grain, buy what is short.
    () => (tradesPlanned(st.plan) < 2 && e.hides > 2 ? trade('sell', 'hides', e.hides - (e.clothing < folk ? 2 : 0)) : null),
    () => (tradesPlanned(st.plan) < 2 && e.grain > 20 ? trade('sell', 'grain', e.grain - 16) : null),
    () => (e.gunpowder < 4 ? trade('buy', 'gunpowder', 4 - e.gunpowder) : null),
    () => (e.salt < saltNeed + 1 ? trade('buy', 'salt', saltNeed + 1 - e.salt) : null),
    () => (e.lye < 1 ? trade('buy', 'lye', 2) : null),
    () => (e.food < folk ? trade('buy', 'food', folk - e.food) : null),
    () => (fightLevel(st).total < 10 && e.money >= 15 ? trade('buy', 'rifles', 1) : null),
    () => (e.tools < 6 && e.money >= 8 ? trade('buy', 'tools', 1) : null),
    // Peace with the Shawnee when clothes are plentiful.
    () => (st.res.peace < 2 && e.clothing > folk + 2 ? want('gift:clothes', 1) : null),
    // Defences and comforts when rich in wood.
    () => (e.wood >= 10 && e.lumber >= 4 && sim.str.stockade === 0 ? want('build:stockade', 1) : null),
    () => (e.wood >= 4 && e.lumber >= 2 && sim.str.blockhouse < 2 ? want('build:blockhouse', 1) : null),
  ];
  for (const step of steps) {
    const a = step();
    if (a) return a;
  }
  if (folkLeft > 0) {
    const fillers = ['fishing', 'gathering', 'trapping', 'home', 'mining', 'weaving:clothes', 'clear'];
    // A little variety for the fuzz tests and the demo.
    const start = Math.floor(rand() * 3);
    for (let i = 0; i < fillers.length; i++) {
      const key = fillers[(start + i) % fillers.length];
      const a = want(key, Math.min(folkLeft, 3));
      if (a) return a;
    }
  }
  return { type: 'done' };
}

function pick(legal: LegalAction[], a: Action): LegalAction | undefined {
  const key = canonical(a);
  return legal.find((l) => canonical(l.action) === key);
}

/** Match a wanted trade to a legal quantity (largest offered not above it). */
function pickTrade(legal: LegalAction[], a: Action): LegalAction | undefined {
  const opts = legal.filter((l) => l.action.type === a.type && l.action.good === a.good).sort((x, y) => Number(y.action.qty) - Number(x.action.qty));
  return opts.find((l) => Number(l.action.qty) <= Number(a.qty)) ?? opts[opts.length - 1];
}

export function bot(s: RifleState, role: string, legal: LegalAction[], ctx: { rand: Rand }): LegalAction {
  const st = s.settlements.find((x) => x.role === role)!;
  const rand = ctx.rand;
  const done = legal.find((l) => l.action.type === 'done');
  if (s.stage === 'leaders') {
    const opts = leaderLegal(s, st);
    return opts.length ? legal.find((l) => l.action.leader === opts[Math.floor(rand() * opts.length)].action.leader) ?? legal[0] : legal[0];
  }
  if (st.pending) {
    const p = st.pending;
    let a: Action | null = defaultDecision(st);
    if (p.kind === 'craftsman') a = { type: 'choose', option: rand() < 0.5 ? 'carpenter' : 'blacksmith' };
    // An extra Recruit is the surest growth a small settlement has (none "per 20 Folk" below 20).
    if (p.kind === 'extra') a = { type: 'choose', option: p.options.includes('recruit') && seasonOf(s.turn) !== 'winter' && st.res.horses > 0 ? 'recruit' : p.options[Math.floor(rand() * p.options.length)] };
    if (p.kind === 'reroll' && p.face >= 5) a = { type: 'reroll' };
    if (p.kind === 'barter') {
      const opts = decisionLegal(st);
      if (st.res.clothing > st.res.folk + 1) a = { type: 'choose', option: st.res.food < st.res.folk ? 'clothing-food' : 'clothing-hides' };
      else if (st.res.horses > 6) a = { type: 'choose', option: 'horses-food' };
      if (a && !opts.some((o) => o.action.option === a!.option)) a = { type: 'choose', option: 'finish' };
    }
    return (a && pick(legal, a)) ?? legal[0];
  }
  if (planning(s, st)) {
    const a = nextPlanAction(s, st, rand);
    const l = a.type === 'sell' || a.type === 'buy' ? pickTrade(legal, a) : pick(legal, a);
    return l ?? done ?? legal[0];
  }
  return legal[0];
}

/** Fill a plan with the bot's choices (for /rifle auto); deterministic. */
export function autoPlan(s: RifleState, st: Settlement, apply: (a: Action) => void): void {
  let seed = s.turn * 7919 + st.role.charCodeAt(1);
  const rand = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 200; i++) {
    const a = nextPlanAction(s, st, rand);
    if (a.type === 'done') return;
    apply(a);
  }
}
