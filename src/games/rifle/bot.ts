// A bot settler with sense enough to keep its Folk fed, housed and clothed:
// food first, then salt, cooking and soap, planting and harvest, cabins,
// clothes and housewares, containers for the stores, a trade for what it
// lacks, and the rest of its Folk on fishing, gathering and trapping.
// Used for empty seats, solo companions, the demo, /rifle auto and the fuzz tests.
import type { Action, LegalAction } from '../../engine/types.ts';
import { canonical } from '../../engine/runner.ts';
import { PLANNABLE } from './actions/catalogue.ts';
import { maxActAfter, maxTradeAfter, probePlan } from './actions/limits.ts';
import { PRICES, RULES, TABLES, type ResourceId } from './data.ts';
import { decisionLegal, defaultDecision, leaderLegal } from './decisions.ts';
import { planning, planOf } from './plan.ts';
import { fightLevel, horseRoom, seasonOf, stageOf, storageRoom, type PlanEntry, type RifleState, type Settlement } from './state.ts';

type Rand = () => number;

function planned(plan: PlanEntry[], key: string): number {
  return plan.reduce((a, e) => a + (e.t === 'act' && e.key === key ? e.count : 0), 0);
}

/** Fight level the settlement will have at the Raid phase if the plan so far is carried out. */
function projectedFight(st: Settlement, sim: { res: Settlement['res']; str: Settlement['str'] }): number {
  // Gunpowder is wasted by a Wet mishap or spent hunting; count it only when some is left over.
  return fightLevel({ ...st, res: sim.res, str: sim.str }).total;
}

/** Expected cost (in Folk) of one Raid Table result at a given Fight level; overrun weighs as the whole settlement. */
export function raidCost(face: number, fight: number, folk: number): number {
  const row = TABLES.raid.lookup(face);
  if (row.kind === 'trade' || row.kind === 'truce') return 0;
  const F = RULES.fighting;
  const need = F.target - (fight > row.fight ? 1 : fight < row.fight ? -1 : 0);
  const p = Math.max(0, Math.min(6, 7 - need)) / 6;
  if (row.kind === 'horses') return 0.25 * (3.5 - F.reduction * p);
  let cost = row.losses - Math.min(row.losses, F.reduction) * p;
  if (row.catastrophe && fight < row.fight) cost += ((7 - F.overrunOn) / 6) * Math.max(folk, 5);
  return cost;
}

/** The next step of a sensible plan, or done. */
export function nextPlanAction(s: RifleState, st: Settlement, rand: Rand): Action {
  const probe = probePlan(st, s.turn, planOf(s, st));
  const { sim, error } = probe;
  if (error) return { type: 'done' };
  const season = seasonOf(s.turn);
  const e = sim.res;
  const folk = e.folk; // includes this turn's recruits: they eat too
  const want = (key: string, n: number): Action | null => {
    if (n < 1 || !PLANNABLE[key]) return null;
    // legal() offers counts up to 20 at a time.
    const max = maxActAfter(probe, key, Math.min(n, 20));
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
  const toolsLeft = sim.cap.tools - sim.used.tools;
  const carpenterFree = sim.spec.carpenter.used < sim.spec.carpenter.cap;
  const fishYield = season === 'winter' ? 1 : 2;
  const fishLeft = Math.max(0, 6 - (sim.counts.fishing ?? 0));
  // Grain kept back: seed for the free Plots in Spring, and next Spring's seed through Fall and Winter.
  const seedKeep = season === 'spring' ? Math.max(0, e.plots - e.seed) : season === 'summer' ? 0 : Math.min(e.plots, 8);
  const grainSpare = Math.max(0, e.grain - seedKeep);
  // Hardship and Spoilage take "Grain or Food": the bot pays them in Grain while it has some.
  const foodNeed = folk + (e.grain >= 6 ? 1 : 3);
  const saltUse = Math.floor(folk / 10);
  const saltNeed = saltUse + 1;
  const fight = projectedFight(st, sim);
  const fightGoal = 26; // above the Siege's 25: +1 on every defence roll, never overrun
  const gunpowderGoal = 4;
  const room = storageRoom({ res: e, str: sim.str });
  const storedEnd = RULES.storage.stored.reduce((a, r) => a + e[r], 0) - Math.min(e.food, folk) - Math.min(e.salt, saltUse);
  const excess = storedEnd - room;
  const fuel = e.wood + e.lumber;
  const fuelGoal = season === 'fall' ? 5 : season === 'winter' ? 1 : 0;
  const housingGoal = folk + (season === 'winter' ? 0 : 1);
  // Wood and Lumber wanted in stock for the next structure (Stockade first, then Blockhouses, then Cabins).
  const target =
    sim.str.stockade === 0 ? { wood: 10, lumber: 4 } : sim.str.blockhouse < 4 ? { wood: 4, lumber: 2 } : { wood: 2, lumber: 1 };
  const woodWant = target.wood + fuelGoal + 1;
  // Food the rest of the Folk could still bring in, if they fished (then milked or gathered).
  const feedable = (n: number) => e.food + Math.min(n, fishLeft) * fishYield + Math.max(0, n - fishLeft);
  const tradesPlanned = sim.trades;
  const horsesLeft = sim.cap.horses - sim.used.horses;
  const peaceGoal = fight < 21 ? 3 : fight < 25 ? 2 : 1;
  const gift = (): Action | null => {
    if (e.peace >= peaceGoal) return null;
    const n = peaceGoal - e.peace;
    if (e.horses >= horseRoom(sim.str) && e.horses > 4) return want('gift:horses', 1);
    if (e.housewares > folk) return want('gift:housewares', Math.min(n, e.housewares - folk));
    if (e.clothing > folk) return want('gift:clothes', Math.min(n, e.clothing - folk));
    // Below a War Party's Fight a Siege or War Party overruns the fort on a 5+: a Peace Point (a re-roll) is
    // worth more than a Houseware's Happiness then, down to a few short of one each.
    if (fight < 21 && e.housewares > folk - 3) return want('gift:housewares', Math.min(n, e.housewares - (folk - 3)));
    return null;
  };
  // Money for a purchase: sell spare Livestock (4 each), Hides or Grain first, on a convoy of its own.
  const stockKeep = Math.max(15, folk);
  const sellFor = (short: number): Action | null => {
    if (e.livestock > stockKeep) {
      const a = trade('sell', 'livestock', Math.min(e.livestock - stockKeep, Math.ceil(short / 4)));
      if (a) return a;
    }
    const hidesSpare = e.hides - Math.max(0, folk + 1 - e.clothing);
    if (hidesSpare > 0) {
      const a = trade('sell', 'hides', Math.min(hidesSpare, Math.ceil(short / 2)));
      if (a) return a;
    }
    if (grainSpare > 4) return trade('sell', 'grain', Math.min(grainSpare - 4, short));
    return null;
  };
  const buyWith = (good: ResourceId, n: number): Action | null => {
    if (n < 1) return null;
    const cost = n * PRICES[good]!;
    if (e.money < cost && tradesPlanned < 4) {
      const a = sellFor(cost - e.money);
      if (a) return a;
    }
    return trade('buy', good, n);
  };
  // Food the Folk could still bring in this turn (grinding, fishing, gathering, milking, spare Livestock sold),
  // leaving a few actions for everything else: recruits beyond it would only starve.
  const foodCapacity = (): number => {
    let acts = Math.max(0, folkLeft - 4);
    let food = e.food + 2 * Math.max(0, e.livestock - stockKeep);
    const take = (n: number, per: number) => {
      const k = Math.max(0, Math.min(acts, n));
      acts -= k;
      food += k * per;
    };
    take(Math.min(sim.cap.implements - sim.used.implements, Math.floor(grainSpare / 4)), 4);
    take(fishLeft, fishYield);
    if (season !== 'winter') take(10 - (sim.counts.gathering ?? 0), 1);
    take(Math.floor(e.livestock / 2) - (sim.counts['milkbutcher:milk'] ?? 0), 1);
    return food;
  };
  const canGrow = () =>
    season !== 'winter' && foodCapacity() >= folk + 2 && 4 + (sim.cap.horses - sim.used.horses) >= Math.floor((folk + 1) / 10);
  const steps: (() => Action | null)[] = [
    // Folk first: a recruit is the surest growth (Horses permitting; housing follows), while there is food for them.
    () => (canGrow() && horsesLeft > 2 ? want('recruit', 1) : null),
    // The Stockade (+10 Fight) as soon as it can be built and the others can still feed everyone.
    () =>
      sim.str.stockade === 0 && e.wood >= 10 && e.lumber >= 4 && feedable(folkLeft - 6 + sim.freeCap.build - sim.freeUsed.build) >= foodNeed
        ? want('build:stockade', 1)
        : null,
    () => (season === 'fall' ? want('harvest', e.seed) : null),
    // Food ≥ Folk for the Consume phase: grind spare grain (4 Food an action), fish, milk, gather, hunt, butcher.
    () => (e.food < foodNeed && grainSpare > 0 ? want('grind', Math.ceil(Math.min(foodNeed - e.food, grainSpare) / 4)) : null),
    () => (e.food < foodNeed ? want('fishing', Math.ceil((foodNeed - e.food) / fishYield)) : null),
    // Spare Livestock buys Food without the Folk that milking takes.
    () =>
      e.food < foodNeed && e.livestock > stockKeep + 2 ? buyWith('food', Math.min(foodNeed - e.food, (e.livestock - stockKeep) * 2)) : null,
    () => (e.food < foodNeed ? want('milkbutcher:milk', foodNeed - e.food) : null),
    () => (e.food < foodNeed && season !== 'winter' ? want('gathering', foodNeed - e.food) : null),
    () => (e.food < foodNeed && e.gunpowder > 4 ? want('hunting', Math.min(foodNeed - e.food, e.gunpowder - 4)) : null),
    () => (e.food < foodNeed && e.grain > seedKeep / 2 ? want('grind', 1) : null),
    () => (e.food < folk ? buyWith('food', folk - e.food) : null),
    // Last resorts: Livestock sold down to a breeding herd, then butchered.
    () => (e.food < folk && e.livestock > 8 ? trade('sell', 'livestock', Math.min(e.livestock - 8, Math.ceil((folk - e.food) / 2))) : null),
    () => (e.food < folk && e.livestock > 8 ? want('milkbutcher:butcher', Math.min(folk - e.food, e.livestock - 8)) : null),
    () => (e.food < folk && e.grain > 0 ? want('grind', 1) : null),
    // Peace Points buy re-rolls of a bad Indian Raid: more while the fort is weak.
    gift,
    // Rifles fire only with Gunpowder (a defence spends up to 2, a Wet mishap 1) and at half without Metal:
    // a reserve for two defences is bought before anything but food, since an empty keg is Fight 0 against a Siege.
    () => (e.rifles > 0 && e.gunpowder < gunpowderGoal ? buyWith('gunpowder', gunpowderGoal - e.gunpowder) : null),
    () => (e.rifles > 1 && e.metal < 1 ? buyWith('metal', 1) : null),
    // Salt: one for every 10 Folk.
    () => (e.salt < saltNeed ? want('salt', saltNeed - e.salt) : null),
    () => (e.salt < saltNeed ? buyWith('salt', saltNeed - e.salt) : null),
    // Cooking and Soap Making (each skipped costs 2 Happiness).
    () => (planned(planOf(s, st), 'cooking') < 1 && e.wood >= 1 ? want('cooking', 1) : null),
    () => (planned(planOf(s, st), 'soap') < 1 && e.lye < 1 && folkLeft > 2 && fight >= 21 ? buyWith('lye', 1) : null),
    () => (planned(planOf(s, st), 'soap') < 1 && e.lye >= 1 ? want('soap', 1) : null),
    // Grain the Containers cannot hold is sold (its convoy then buys what is short) rather than spoiled.
    () =>
      excess > 2 && grainSpare > 2 && e.grain - Math.max(seedKeep, e.grain - excess) >= 3
        ? trade('sell', 'grain', Math.min(excess, grainSpare))
        : null,
    // Defence and housing: the Stockade, then Blockhouses (Fight and Housing), Cabins when short.
    () => (sim.str.stockade === 0 ? want('build:stockade', 1) : null),
    () => (e.housing < housingGoal || fight < fightGoal ? want('build:blockhouse', 1) : null),
    () =>
      e.housing < housingGoal && (sim.str.blockhouse >= 4 || e.wood < 4 || e.lumber < 2)
        ? want('build:cabins', Math.min(2, housingGoal - e.housing))
        : null,
    // Stores need containers before the Storage phase throws goods away.
    () => (excess > 0 && e.lumber >= 1 ? want('barrels', Math.min(e.lumber, Math.ceil(excess / 5))) : null),
    () => (excess > 0 && e.lumber < 1 && e.wood >= 4 && carpenterFree && planned(planOf(s, st), 'planks') === 0 ? want('planks', 1) : null),
    () => (season === 'spring' ? want('plant', Math.min(e.grain, Math.max(0, e.plots - e.seed))) : null),
    // Wood and Lumber: for the next structure, Barrels and Winter Fuel.
    () => (e.wood < woodWant ? want('clear', Math.ceil((woodWant - e.wood) / 2)) : null),
    () => (e.lumber < target.lumber + (excess > -5 ? 1 : 0) && e.wood >= 4 && carpenterFree ? want('planks', 1) : null),
    // A Leaching Vat: Lye every turn for Soap Making (and +1 Fight with a Blockhouse).
    () => (sim.str.vat === 0 && e.lumber >= 2 && (sim.str.stockade > 0 || e.lumber >= 6 || fight >= 21) ? want('build:vat', 1) : null),
    // Winter: Fuel, Clothes and Housing ready in the Fall.
    () => (fuel < fuelGoal ? want('clear', Math.ceil((fuelGoal - fuel) / 2)) : null),
    () =>
      e.clothing < folk + (season === 'fall' ? 1 : 0) && e.hides > 0 ? want('tailoring', Math.min(e.hides, folk + 1 - e.clothing)) : null,
    () => (e.clothing < folk + (season === 'fall' ? 1 : 0) ? want('weaving:clothes', folk + 1 - e.clothing) : null),
    () => (e.clothing + e.hides < folk ? want('trapping', Math.ceil((folk - e.clothing - e.hides) / 2)) : null),
    () => (e.clothing < folk && e.hides > 0 ? want('tailoring', Math.min(e.hides, folk - e.clothing)) : null),
    () => (e.housewares < folk ? want('home', folk - e.housewares) : null),
    () => (excess > 0 ? want('weaving:containers', excess) : null),
    // Tools limit clearing, building, trapping: the Blacksmith turns spare Metal into Tools (one Metal kept for the Rifles).
    () => (e.tools < 10 && e.metal >= 2 ? want('repair:tool', 1) : null),
    () => (e.tools < 8 && e.metal < 2 && e.wood >= 1 ? want('smelting', 1) : null),
    // Trade: sell the Grain there is no room for (and spare Hides), buy what is short.
    () => {
      if (tradesPlanned >= 2) return null;
      const grainRoom = Math.max(seedKeep, e.grain - Math.max(0, excess));
      if (e.grain - grainRoom >= 3) return trade('sell', 'grain', e.grain - grainRoom);
      const hidesSpare = e.hides - Math.max(0, folk + 1 - e.clothing);
      return hidesSpare >= 2 ? trade('sell', 'hides', hidesSpare) : null;
    },
    () => (e.gunpowder < 4 ? buyWith('gunpowder', 4 - e.gunpowder) : null),
    () => (e.salt < saltNeed + 1 ? trade('buy', 'salt', saltNeed + 1 - e.salt) : null),
    () => (e.metal < 1 ? buyWith('metal', 2) : null),
    () => (e.tools < 6 ? trade('buy', 'tools', 6 - e.tools) : null),
    () => (fight < fightGoal && e.money >= 10 ? trade('buy', 'rifles', Math.min(fightGoal - fight, Math.floor(e.money / 5))) : null),
    () => (e.lye < 1 && sim.str.vat === 0 ? buyWith('lye', 2) : null),
    () => (e.horses >= horseRoom(sim.str) - 1 && e.wood >= 2 ? want('build:corrals', 1) : null),
    () =>
      e.horses < horseRoom(sim.str) && (e.money >= 6 || e.livestock > stockKeep + 2)
        ? buyWith('horses', Math.min(horseRoom(sim.str) - e.horses, 4))
        : null,
    () => (carpenterFree && e.tools < 8 && e.wood > woodWant ? want('handles', 1) : null),
    // Implements limit planting, harvest and grinding.
    () => (e.implements < Math.min(e.plots, 12) && e.metal >= 2 ? want('repair:implement', 1) : null),
    () =>
      e.implements < Math.min(e.plots, 12) && e.money >= 4
        ? trade('buy', 'implements', Math.min(Math.min(e.plots, 12) - e.implements, Math.floor(e.money / 4)))
        : null,
    () => (e.housewares < folk + 2 ? want('home', folk + 2 - e.housewares) : null),
  ];
  for (const step of steps) {
    const a = step();
    if (a) return a;
  }
  if (folkLeft > 0 && toolsLeft >= 0) {
    const fillers = ['fishing', 'gathering', 'trapping', 'home', 'mining', 'weaving:clothes', 'clear'];
    // A little variety for the fuzz tests and the demo.
    const start = Math.floor(rand() * 3);
    for (let i = 0; i < fillers.length; i++) {
      const key = fillers[(start + i) % fillers.length];
      // Food beyond the Containers would spoil: no more fishing or gathering then.
      if ((key === 'fishing' || key === 'gathering') && excess >= 0) continue;
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
  const opts = legal
    .filter((l) => l.action.type === a.type && l.action.good === a.good)
    .sort((x, y) => Number(y.action.qty) - Number(x.action.qty));
  return opts.find((l) => Number(l.action.qty) <= Number(a.qty)) ?? opts[opts.length - 1];
}

export function bot(s: RifleState, role: string, legal: LegalAction[], ctx: { rand: Rand }): LegalAction {
  const st = s.settlements.find((x) => x.role === role)!;
  const rand = ctx.rand;
  const done = legal.find((l) => l.action.type === 'done');
  if (stageOf(s) === 'leaders') {
    const opts = leaderLegal(s, st);
    if (!opts.length) return legal[0];
    // Harrod's extra Recruit is the surest growth; then Fight (Clark +4, Logan/Boone +2).
    const order = ['harrod', 'clark', 'logan', 'boone', 'lindsay'];
    const best = order.find((id) => opts.some((o) => o.action.leader === id)) ?? opts[Math.floor(rand() * opts.length)].action.leader;
    return legal.find((l) => l.action.leader === best) ?? legal[0];
  }
  if (st.pending) {
    const p = st.pending;
    let a: Action | null = defaultDecision(st);
    if (p.kind === 'craftsman')
      a = { type: 'choose', option: st.craftsmen.carpenter <= st.craftsmen.blacksmith ? 'carpenter' : 'blacksmith' };
    if (p.kind === 'extra') {
      // An extra Recruit is the surest growth a small settlement has; else an extra Build (labour) or Cooking.
      const opt =
        p.options.includes('recruit') && seasonOf(s.turn) !== 'winter' && st.res.horses > 0
          ? 'recruit'
          : p.options.includes('build')
            ? 'build'
            : p.options.includes('cooking')
              ? 'cooking'
              : p.options[Math.floor(rand() * p.options.length)];
      a = { type: 'choose', option: opt };
    }
    if (p.kind === 'either') {
      const [x, y] = p.of;
      const has = (r: ResourceId) => r === 'happiness' || st.res[r] >= p.amount;
      // Pay in what matters least: Happiness before Peace, Grain before Food (Food is eaten this turn), Wood before Lumber.
      const order: ResourceId[] = ['happiness', 'grain', 'wood', 'livestock', 'lumber', 'peace', 'food'];
      const pref = [x, y].sort((u, v) => order.indexOf(u) - order.indexOf(v));
      const choice = has(pref[0]) ? pref[0] : has(pref[1]) ? pref[1] : pref[0];
      a = { type: 'choose', option: choice };
    }
    if (p.kind === 'reroll') {
      // Re-roll when this result is clearly worse than a fresh roll's average (a Peace Point is worth keeping).
      const fight = fightLevel(st).total;
      const folk = st.res.folk;
      let avg = 0;
      for (let f = 1; f <= 10; f++) avg += raidCost(f, fight, folk) / 10;
      a = raidCost(p.face, fight, folk) > avg + 0.3 ? { type: 'reroll' } : { type: 'accept' };
    }
    if (p.kind === 'barter') {
      const opts = decisionLegal(st);
      if (st.res.clothing > st.res.folk + 1) a = { type: 'choose', option: st.res.food < st.res.folk ? 'clothing-food' : 'clothing-hides' };
      else if (st.res.horses > 6) a = { type: 'choose', option: st.res.food < st.res.folk ? 'horses-food' : 'horses-hides' };
      else if (st.res.gunpowder > 6) a = { type: 'choose', option: 'gunpowder-food' };
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
