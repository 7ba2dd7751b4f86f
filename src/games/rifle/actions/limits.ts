// The Action phase limits, enforced by simulating a plan in the order it was
// planned (the order is also the order it resolves in at the reveal).
//
// Limit Rules (text): limiting factors are cumulative across actions that
// name them ("8 Tools ... 4 Clear Land and 4 Plant & Harvest, not 8 of each");
// hard maxima (Max 6 ...) are per turn. Ours, to keep the text consistent:
//  - factor capacities and per-turn maxima are counted from what the
//    settlement holds when the Action phase begins; things gained during the
//    phase (a bought Horse, a new Tool) do not raise this turn's limits;
//  - a unit of a limiting factor used by an action is "committed": it may not
//    be sold or given away the same turn (the Trade note), so its stock must
//    stay at or above the units committed at every step of the plan;
//  - free actions (leaders' extras, boons, Road/Tub Mill/Hominy/Shops, Shoe
//    Horses) waive only the Folk; every other limit still applies, and an
//    extra Hunting or Recruit raises that action's hard maximum by one;
//  - an extra Build action pays one point of the structure's labour.
import { check } from '../../../engine/errors.ts';
import {
  FACTORS,
  LEADERS,
  PRICES,
  RES_NAME,
  STRUCTURE,
  STRUCTURE_IDS,
  type Factor,
  type FreeKind,
  type ResourceId,
  type Season,
  type StructureId,
} from '../data.ts';
import {
  horseRoom,
  perTwentyFolk,
  seasonOf,
  syncHousing,
  type PlanEntry,
  type PlanTrade,
  type Resources,
  type Settlement,
  type Structures,
} from '../state.ts';
import { outputsIn, PLANNABLE, seasonAllows, type Plannable } from './catalogue.ts';

export interface Sim {
  season: Season;
  base: Resources;
  res: Resources;
  str: Structures;
  folkCap: number;
  folkUsed: number;
  cap: Record<Factor, number>;
  used: Record<Factor, number>;
  /** Lowest stock of each factor resource seen so far in the plan. */
  minStock: Record<Factor, number>;
  freeCap: Record<FreeKind, number>;
  freeUsed: Record<FreeKind, number>;
  counts: Record<string, number>;
  spec: Record<'carpenter' | 'blacksmith', { cap: number; used: number }>;
  horselessTrade: boolean;
  trades: number;
  /** Cubes per Action Board action id. */
  placed: Record<string, number>;
  /** House rule `roundup`: maxima per 20 Folk round up. */
  roundUp: boolean;
}

const zeroFactors = (): Record<Factor, number> => Object.fromEntries(FACTORS.map((f) => [f, 0])) as Record<Factor, number>;

function factorStock(res: Resources, f: Factor): number {
  return f === 'plots' ? res.plots - res.seed : res[f];
}

/** Free (no-Folk) action slots this turn, by kind. */
export function freeSlots(st: Settlement): Record<FreeKind, number> {
  const free: Record<FreeKind, number> = {
    trade: 0,
    build: 0,
    recruit: 0,
    hunting: 0,
    grind: 0,
    carpenter: 0,
    blacksmith: 0,
    home: 0,
    cooking: 0,
    weaving: 0,
  };
  for (const id of STRUCTURE_IDS) {
    const k = STRUCTURE[id].freeAction;
    if (k && st.str[id] > 0) free[k] += 1;
  }
  const leader = st.leader ? LEADERS[st.leader] : null;
  if (leader) {
    if (leader.extra.length === 1) free[leader.extra[0]] += 1;
    else if (leader.extra.length > 1 && st.extra) free[st.extra] += 1;
  }
  if (st.boon === 'stonecutter') free.build += 1;
  if (st.boon === 'traders') free.trade += 1;
  if (st.boon === 'nature') free.hunting += 1;
  return free;
}

export function newSim(st: Settlement, turn: number): Sim {
  const cap = zeroFactors();
  for (const f of FACTORS) cap[f] = Math.max(0, factorStock(st.res, f));
  return {
    season: seasonOf(turn),
    base: { ...st.res },
    res: { ...st.res },
    str: { ...st.str },
    folkCap: st.res.folk,
    folkUsed: 0,
    cap,
    used: zeroFactors(),
    minStock: { ...cap },
    freeCap: freeSlots(st),
    freeUsed: { trade: 0, build: 0, recruit: 0, hunting: 0, grind: 0, carpenter: 0, blacksmith: 0, home: 0, cooking: 0, weaving: 0 },
    counts: {},
    spec: {
      carpenter: { cap: 1 + st.craftsmen.carpenter + st.str.carpentry, used: 0 },
      blacksmith: { cap: 1 + st.craftsmen.blacksmith + st.str.smithy, used: 0 },
    },
    horselessTrade: false,
    trades: 0,
    placed: {},
    roundUp: !!st.roundUp,
  };
}

/** A deep copy of a simulation (plain objects of numbers; cheaper than structuredClone). */
export function cloneSim(s: Sim): Sim {
  return {
    season: s.season,
    base: { ...s.base },
    res: { ...s.res },
    str: { ...s.str },
    folkCap: s.folkCap,
    folkUsed: s.folkUsed,
    cap: { ...s.cap },
    used: { ...s.used },
    minStock: { ...s.minStock },
    freeCap: { ...s.freeCap },
    freeUsed: { ...s.freeUsed },
    counts: { ...s.counts },
    spec: { carpenter: { ...s.spec.carpenter }, blacksmith: { ...s.spec.blacksmith } },
    horselessTrade: s.horselessTrade,
    trades: s.trades,
    placed: { ...s.placed },
    roundUp: s.roundUp,
  };
}

/** Hard maximum per turn for a plannable (null: none). */
export function maxOf(sim: Sim, p: Plannable): number | null {
  let m: number | null = null;
  if (p.structure) return STRUCTURE[p.structure].max;
  if (p.max)
    m =
      'fixed' in p.max
        ? p.max.fixed
        : p.max.per === 'folk' && p.max.every === 20
          ? perTwentyFolk(sim, sim.base.folk)
          : Math.floor(sim.base[p.max.per] / p.max.every);
  if (m !== null && (p.free === 'hunting' || p.free === 'recruit')) m += sim.freeCap[p.free];
  return m;
}

const fail = (msg: string): string => msg;

/** Check the commitment rule after stock went down. */
function checkCommitted(sim: Sim): string | null {
  for (const f of FACTORS) {
    if (f === 'plots') continue;
    const stock = factorStock(sim.res, f);
    if (stock < sim.minStock[f]) sim.minStock[f] = stock;
    if (sim.minStock[f] < sim.used[f])
      return fail(`${sim.used[f]} ${RES_NAME[f]} are committed to actions this turn; they may not be sold or given away`);
  }
  return null;
}

function useFactor(sim: Sim, f: Factor, n: number, what: string): string | null {
  if (sim.used[f] + n > sim.cap[f])
    return fail(
      `${what}: limited by ${RES_NAME[f]} (${sim.cap[f]}${f === 'plots' ? ' free Plots' : ''}, ` +
        `${Math.max(0, sim.cap[f] - sim.used[f])} left)`,
    );
  if (sim.used[f] + n > sim.minStock[f]) return fail(`${what}: ${RES_NAME[f]} sold or given away earlier this turn cannot also be used`);
  sim.used[f] += n;
  return null;
}

/** Pay the Folk for one action (a free slot of `kind` first). */
function useFolk(sim: Sim, n: number, kind: FreeKind | undefined, what: string): string | null {
  let need = n;
  if (kind && sim.freeUsed[kind] < sim.freeCap[kind] && need > 0) {
    sim.freeUsed[kind]++;
    need--;
  }
  if (sim.folkUsed + need > sim.folkCap) {
    const left = sim.folkCap - sim.folkUsed;
    return fail(
      `${what}: not enough Folk (` +
        (left
          ? `${left} of ${sim.folkCap} Folk actions left, needs ${need})`
          : `all ${sim.folkCap} Folk actions are taken by this point of the plan)`),
    );
  }
  sim.folkUsed += need;
  return null;
}

function addRes(sim: Sim, amounts: Partial<Record<ResourceId, number>>): void {
  for (const [r, n] of Object.entries(amounts) as [ResourceId, number][]) sim.res[r] += n;
}

function checkHorseRoom(sim: Sim): string | null {
  const room = horseRoom(sim.str);
  if (sim.res.horses > room) return fail(`Corral Pens hold only ${room} Horses`);
  return null;
}

/** The checks of one unit that read the sim without changing it (season, hard maximum, specialist). */
function unitBlocked(sim: Sim, p: Plannable): string | null {
  const what = p.name;
  if (!seasonAllows(p, sim.season)) {
    return fail(
      `${what} is not possible in ${sim.season[0].toUpperCase()}${sim.season.slice(1)}${p.only ? ` (${p.only.join('/')} only)` : ''}`,
    );
  }
  const max = p.structure ? STRUCTURE[p.structure].max : maxOf(sim, p);
  const counted = p.structure ? sim.str[p.structure] : (sim.counts[p.maxKey] ?? 0);
  if (max !== null && counted + 1 > max) {
    return fail(p.structure ? `${STRUCTURE[p.structure].name}: at most ${max} may be built` : `${what}: at most ${max} per turn`);
  }
  if (p.specialist) {
    const sp = sim.spec[p.specialist];
    if (sp.used + 1 > sp.cap)
      return fail(
        `${what}: at most ${sp.cap} ${p.specialist === 'carpenter' ? 'Carpenter' : 'Blacksmith'} action${sp.cap > 1 ? 's' : ''} per turn`,
      );
  }
  return null;
}

/** Apply one unit of a plannable action. Returns a reason on failure (the sim is then spoiled). */
export function stepUnit(sim: Sim, p: Plannable): string | null {
  const what = p.name;
  const blocked = unitBlocked(sim, p);
  if (blocked) return blocked;
  if (p.specialist) sim.spec[p.specialist].used++;
  let err: string | null;
  if (p.structure) {
    const s = STRUCTURE[p.structure];
    err = useFolk(sim, s.labor, 'build', `${what} (labour ${s.labor})`);
    if (err) return err;
    err = useFactor(sim, 'tools', s.labor, `${what} (labour ${s.labor} needs ${s.labor} Tools)`);
    if (err) return err;
    err = useFactor(sim, 'horses', 1, `${what} (needs 1 Horse)`);
    if (err) return err;
  } else {
    if (!p.noFolk) {
      err = useFolk(sim, 1, p.free, what);
      if (err) return err;
    }
    for (const f of p.factors) {
      err = useFactor(sim, f, 1, what);
      if (err) return err;
    }
  }
  // Inputs.
  if (p.action.kind === 'grind') {
    if (sim.res.grain < 1) return fail(`${what}: no Grain to grind`);
    const n = Math.min(4, sim.res.grain);
    sim.res.grain -= n;
    sim.res.food += n;
  } else {
    for (const [r, n] of Object.entries(p.inputs) as [ResourceId, number][]) {
      if (n > 0 && sim.res[r] < n) return fail(`${what}: needs ${n} ${RES_NAME[r]} (${sim.res[r]} left at this point of the plan)`);
      sim.res[r] -= n;
    }
    addRes(sim, outputsIn(p, sim.season));
  }
  if (p.structure) {
    sim.str[p.structure]++;
    syncHousing(sim.res, sim.str);
    sim.res.happiness += STRUCTURE[p.structure].happyOnce ?? 0;
  }
  if (p.action.kind === 'shoe') sim.freeCap.trade++;
  sim.counts[p.maxKey] = (sim.counts[p.maxKey] ?? 0) + 1;
  sim.placed[p.action.id] = (sim.placed[p.action.id] ?? 0) + (p.structure ? STRUCTURE[p.structure].labor : 1);
  return checkCommitted(sim) ?? checkHorseRoom(sim);
}

/** Start a Trade Convoy: one Folk (or a free trade), one Horse (or the one trade allowed without). */
function stepConvoy(sim: Sim): string | null {
  const err = useFolk(sim, 1, 'trade', 'Trade Convoy');
  if (err) return err;
  if (sim.used.horses + 1 <= sim.cap.horses && sim.used.horses + 1 <= sim.minStock.horses) sim.used.horses++;
  else if (!sim.horselessTrade && sim.trades === 0) sim.horselessTrade = true;
  else return fail(`Trade Convoy: limited by Horses (${sim.cap.horses}, none left; only one trade may go without horses)`);
  sim.trades++;
  sim.placed.trade = (sim.placed.trade ?? 0) + 1;
  return null;
}

function stepTrade(sim: Sim, t: PlanTrade): string | null {
  const err = stepConvoy(sim);
  if (err) return err;
  if (t.sell) {
    const price = PRICES[t.sell.good];
    if (!price) return fail(`${RES_NAME[t.sell.good]} cannot be traded`);
    if (t.sell.qty < 1) return fail('Sell at least 1');
    if (sim.res[t.sell.good] < t.sell.qty)
      return fail(`Trade: only ${sim.res[t.sell.good]} ${RES_NAME[t.sell.good]} to sell at this point of the plan`);
    sim.res[t.sell.good] -= t.sell.qty;
    sim.res.money += price * t.sell.qty;
    const c = checkCommitted(sim);
    if (c) return c;
  }
  if (t.buy) {
    const price = PRICES[t.buy.good];
    if (!price) return fail(`${RES_NAME[t.buy.good]} cannot be traded`);
    if (t.sell && t.sell.good === t.buy.good) return fail('A convoy cannot buy the good it sells');
    if (t.buy.qty < 1) return fail('Buy at least 1');
    const cost = price * t.buy.qty;
    if (sim.res.money < cost) return fail(`Trade: ${t.buy.qty} ${RES_NAME[t.buy.good]} cost ${cost} Money; ${sim.res.money} on hand`);
    sim.res.money -= cost;
    sim.res[t.buy.good] += t.buy.qty;
    const h = checkHorseRoom(sim);
    if (h) return h;
  }
  return null;
}

export function stepEntry(sim: Sim, e: PlanEntry): string | null {
  if (e.t === 'trade') return stepTrade(sim, e);
  const p = PLANNABLE[e.key];
  if (!p) return fail(`Unknown action ${e.key}`);
  for (let i = 0; i < e.count; i++) {
    const err = stepUnit(sim, p);
    if (err) return err;
  }
  return null;
}

/** Simulate a whole plan; `error` names the first broken limit. */
export function simulate(st: Settlement, turn: number, plan: PlanEntry[]): { sim: Sim; error: string | null } {
  const sim = newSim(st, turn);
  for (const e of plan) {
    const error = stepEntry(sim, e);
    if (error) return { sim, error };
  }
  return { sim, error: null };
}

export function assertPlan(st: Settlement, turn: number, plan: PlanEntry[]): Sim {
  const { sim, error } = simulate(st, turn, plan);
  check(!error, 'R&A Limit Rules', error ?? '');
  return sim;
}

/** Keep what still fits after a change (unplanning can strand later actions). */
export function prune(st: Settlement, turn: number, plan: PlanEntry[]): { kept: PlanEntry[]; dropped: string[] } {
  let sim = newSim(st, turn);
  const kept: PlanEntry[] = [];
  const dropped: string[] = [];
  for (const e of plan) {
    if (e.t === 'trade') {
      const trial = cloneSim(sim);
      if (stepTrade(trial, e)) dropped.push('a Trade Convoy');
      else {
        sim = trial;
        kept.push(e);
      }
      continue;
    }
    let n = 0;
    for (let i = 0; i < e.count; i++) {
      const trial = cloneSim(sim);
      if (stepUnit(trial, PLANNABLE[e.key])) {
        dropped.push(PLANNABLE[e.key].name);
        continue;
      }
      sim = trial;
      n++;
    }
    if (n > 0) kept.push({ t: 'act', key: e.key, count: n });
  }
  return { kept, dropped };
}

/** Append n units of a key, merging with the last entry when it is the same action. */
export function withAct(plan: PlanEntry[], key: string, n: number): PlanEntry[] {
  const out = plan.map((e) => ({ ...e }) as PlanEntry);
  const last = out[out.length - 1];
  if (last && last.t === 'act' && last.key === key) last.count += n;
  else out.push({ t: 'act', key, count: n });
  return out;
}

/** Sell or buy on the open convoy (the last plan entry, if a trade with that side free or the same good) or a new one. */
export function withTrade(plan: PlanEntry[], side: 'sell' | 'buy', good: ResourceId, qty: number): PlanEntry[] {
  const out = plan.map((e) =>
    e.t === 'trade' ? { ...e, sell: e.sell && { ...e.sell }, buy: e.buy && { ...e.buy } } : { ...e },
  ) as PlanEntry[];
  const last = out[out.length - 1];
  if (last && last.t === 'trade') {
    const cur = last[side];
    if (!cur) {
      last[side] = { good, qty };
      return out;
    }
    if (cur.good === good) {
      cur.qty += qty;
      return out;
    }
  }
  out.push({ t: 'trade', sell: side === 'sell' ? { good, qty } : null, buy: side === 'buy' ? { good, qty } : null });
  return out;
}

/** Would the open convoy take this side (no new Trade action needed)? */
export function opensConvoy(plan: PlanEntry[], side: 'sell' | 'buy', good: ResourceId): boolean {
  const last = plan[plan.length - 1];
  if (last?.t !== 'trade') return true;
  const cur = last[side];
  return !!cur && cur.good !== good;
}

/**
 * A plan simulated once, to probe many candidate additions without replaying
 * it for each: `sim` is the state after the whole plan; `before` the state
 * before its last entry (kept only when that entry is a Trade Convoy, which a
 * sell or buy may still change).
 */
export interface PlanProbe {
  plan: PlanEntry[];
  sim: Sim;
  before: Sim | null;
  error: string | null;
}

/** Same result as simulate(); also keeps what probing needs. */
export function probePlan(st: Settlement, turn: number, plan: PlanEntry[]): PlanProbe {
  let sim = newSim(st, turn);
  let before: Sim | null = null;
  for (let i = 0; i < plan.length; i++) {
    const e = plan[i];
    if (i === plan.length - 1 && e.t === 'trade') {
      before = sim;
      sim = cloneSim(before);
    }
    const error = stepEntry(sim, e);
    if (error) return { plan, sim, before: null, error };
  }
  return { plan, sim, before, error: null };
}

/**
 * Largest n (≤ cap) for which withAct(plan, key, n) stays a legal plan; 0 if
 * none. The plan must be legal (probe.error null). withAct only appends units
 * after the plan, and each unit is stepped in turn, so n units are legal
 * exactly when the first n steps after the plan succeed: step until one fails.
 */
export function maxActAfter(probe: PlanProbe, key: string, cap: number): number {
  const p = PLANNABLE[key];
  if (cap < 1 || !p) return 0;
  // The first unit's read-only checks, before paying for a copy.
  if (unitBlocked(probe.sim, p)) return 0;
  const trial = cloneSim(probe.sim);
  let n = 0;
  while (n < cap && !stepUnit(trial, p)) n++;
  return n;
}

/**
 * Largest qty (≤ cap) for which withTrade(plan, side, good, qty) stays a legal
 * plan; 0 if none. Same search as maxFeasible, but each probe steps only the
 * changed or added convoy on a copy of the simulated plan. The plan must be
 * legal (probe.error null).
 */
export function maxTradeAfter(probe: PlanProbe, side: 'sell' | 'buy', good: ResourceId, cap: number): number {
  const last = probe.plan[probe.plan.length - 1];
  let from: Sim;
  let make: (q: number) => PlanTrade;
  if (last && last.t === 'trade' && (!last[side] || last[side]!.good === good)) {
    // withTrade puts it on the open convoy: re-run that convoy, changed.
    const had = last[side]?.qty ?? 0;
    const keep = last;
    from = probe.before!;
    make = (q) => ({
      t: 'trade',
      sell: side === 'sell' ? { good, qty: had + q } : keep.sell,
      buy: side === 'buy' ? { good, qty: had + q } : keep.buy,
    });
  } else {
    from = probe.sim;
    make = (q) => ({ t: 'trade', sell: side === 'sell' ? { good, qty: q } : null, buy: side === 'buy' ? { good, qty: q } : null });
  }
  const ok = (q: number) => !stepTrade(cloneSim(from), make(q));
  if (cap < 1 || !ok(1)) return 0;
  let lo = 1;
  let hi = cap;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (!ok(mid)) hi = mid - 1;
    else lo = mid;
  }
  return lo;
}

/** Largest n (≤ cap) for which `make(n)` stays a legal plan; 0 if none. */
export function maxFeasible(st: Settlement, turn: number, make: (n: number) => PlanEntry[], cap: number): number {
  if (cap < 1 || simulate(st, turn, make(1)).error) return 0;
  let lo = 1;
  let hi = cap;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (simulate(st, turn, make(mid)).error) hi = mid - 1;
    else lo = mid;
  }
  return lo;
}

/**
 * Units of a factor later actions may still use: the cap, less what is used,
 * and no more than the lowest stock so far (a Horse sold or given away
 * earlier in the plan cannot also work; useFactor enforces the same).
 */
export function factorLeft(sim: Sim, f: Factor): number {
  const usable = f === 'plots' ? sim.cap[f] : Math.min(sim.cap[f], sim.minStock[f]);
  return Math.max(0, usable - sim.used[f]);
}

/** "Horses 4/8 (3 sold or given away)": the note only when stock went below the cap. */
function factorText(sim: Sim, f: Factor): string {
  const gone = f === 'plots' ? 0 : sim.cap[f] - Math.min(sim.cap[f], sim.minStock[f]);
  return `${RES_NAME[f]} ${factorLeft(sim, f)}/${sim.cap[f]}${gone > 0 ? ` (${gone} sold or given away)` : ''}`;
}

/** One line on what the limiting factors still allow after the plan. */
export function limitsLine(sim: Sim): string {
  const parts = [`Folk ${sim.folkCap - sim.folkUsed}/${sim.folkCap}`];
  for (const f of ['tools', 'horses', 'implements', 'rifles', 'looms'] as Factor[]) parts.push(factorText(sim, f));
  const free = (Object.entries(sim.freeCap) as [FreeKind, number][])
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n - sim.freeUsed[k]}/${n}`);
  if (free.length) parts.push(`free: ${free.join(', ')}`);
  parts.push(
    `Carpenter ${sim.spec.carpenter.cap - sim.spec.carpenter.used}/${sim.spec.carpenter.cap}`,
    `Blacksmith ${sim.spec.blacksmith.cap - sim.spec.blacksmith.used}/${sim.spec.blacksmith.cap}`,
  );
  return parts.join(' · ');
}

/** Short text on what one plannable still allows (for autocomplete labels). */
export function allowsText(sim: Sim, p: Plannable, canAdd: number): string {
  const bits: string[] = [];
  const max = p.structure ? STRUCTURE[p.structure].max : maxOf(sim, p);
  if (max !== null) {
    const counted = p.structure ? sim.str[p.structure] : (sim.counts[p.maxKey] ?? 0);
    bits.push(p.structure ? `${counted}/${max} built` : `max ${max}, ${Math.max(0, max - counted)} left`);
  }
  if (p.structure) {
    const s = STRUCTURE[p.structure];
    bits.push(`labour ${s.labor}, Wood ${s.wood}, Lumber ${s.lumber}`);
  }
  for (const f of p.structure ? (['tools', 'horses'] as Factor[]) : p.factors) bits.push(`${RES_NAME[f]} ${factorLeft(sim, f)} left`);
  if (p.specialist) bits.push(`${p.specialist} ${sim.spec[p.specialist].cap - sim.spec[p.specialist].used} left`);
  if (p.noFolk) bits.push('no Folk');
  else bits.push(`Folk ${sim.folkCap - sim.folkUsed} left`);
  bits.push(`can add ${canAdd}`);
  return bits.join('; ');
}

export function structureBuilt(sim: Sim, id: StructureId): number {
  return sim.str[id];
}
