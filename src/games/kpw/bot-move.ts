// The built-in player's movement (12.1, 12.7): which war band or company to
// move and where, by the battles it can reach. A group looks over every space
// it can stop in with the pips it has, and every enemy stack or site it could
// place a Battle marker on from there, and values each battle by the Combat
// Results Table (13.4): losses it expects to inflict minus losses it expects
// to take. It moves to the best one and attacks, or, with nothing worth
// attacking in reach, walks toward the nearest target worth it next turn.
// The English leave unallied tribes alone (attacking one brings it into the
// war, 12.1). The plan is recomputed at every step from the state alone, so
// the bot keeps no memory between its choices.
import type { LegalAction } from '../../engine/types.ts';
import { intact, siteSP, stopProblem, entry, leavesColony } from './common.ts';
import { attackable } from './battle-markers.ts';
import { crt } from './bot-battle.ts';
import { kpwMap, siteSide, spaceOf } from './map.ts';
import { edgeCost } from './move-costs.ts';
import { at, isInf, other, type KpwState, type Side, type Unit } from './state.ts';

const FACES = [1, 2, 3, 4, 5, 6];
/** Doubles stop one battle in six (13.2). */
const FOUGHT = 5 / 6;
/** A lone village razed scores (13.5): a little extra for attacking one. */
const VILLAGE = 0.3;
/** A battle worth fighting gains at least this many SP of losses over those it costs. */
export const WORTH = 0.3;

const means: number[] = [];
/** Mean SP losses a strength inflicts over the six faces (13.4), remembered per strength. */
const mean = (sp: number) => (means[sp] ??= FACES.reduce((sum, d) => sum + crt(sp, d), 0) / 6);

/** 13.4 strength of a stack, without its site. */
export function stackSP(us: Unit[]): number {
  let n = 0;
  for (const u of us) if (isInf(u)) n += u.str;
  if (us.some((u) => u.kind === 'key')) n += 1;
  if (us.some((u) => u.musket)) n += 1;
  if (us.some((u) => u.spy)) n -= 1;
  return Math.max(0, n);
}

/** Attacking an unallied tribe's village (or its stack) brings the tribe into the war (12.1, 13.6). */
export function wakesTribe(s: KpwState, t: string): boolean {
  const owner = spaceOf(t).owner;
  if (owner && siteSide(t) === 'indian' && intact(s, t) && s.tribes[owner]?.status !== 'allied') return true;
  return at(s, t, 'indian').some((u) => u.kind !== 'key' && s.tribes[u.owner]?.status !== 'allied');
}

/**
 * What an attack by `side` with `sp` on the space `t` is worth: expected SP
 * losses inflicted minus those taken. A standing enemy site adds its SP to
 * the defence and razing it scores (13.5), so a lone site counts a little more.
 */
export function attackValue(s: KpwState, side: Side, sp: number, t: string): number {
  const enemy = other(side);
  const def = at(s, t, enemy);
  const site = siteSide(t) === enemy ? siteSP(s, t) : 0;
  const theirs = stackSP(def) + site;
  const bonus = !def.some(isInf) && siteSide(t) === enemy && intact(s, t) ? VILLAGE : 0;
  return FOUGHT * (mean(sp) - mean(theirs)) + bonus;
}

/** The most an attack with `sp` can be worth (an undefended village). */
export const attackBound = (sp: number): number => FOUGHT * mean(sp) + VILLAGE;

export interface Plan {
  /** Spaces from the company's place to where it places its marker (just its place: attack from here). */
  path: string[];
  /** Step keys for each move of `path` (`space` or `space~river`). */
  keys: string[];
  target: string;
  targetKey: string;
  value: number;
}

interface Reach {
  cost: number;
  path: string[];
  keys: string[];
}

interface Node {
  cost: number;
  prev: string | null;
  key: string;
}

/** The path to `to` as reach() found it. */
function pathTo(nodes: Map<string, Node>, to: string): Reach {
  const path: string[] = [];
  const keys: string[] = [];
  for (let at: string | null = to; at !== null; at = nodes.get(at)!.prev) {
    path.unshift(at);
    if (nodes.get(at)!.prev !== null) keys.unshift(nodes.get(at)!.key);
  }
  return { cost: nodes.get(to)!.cost, path, keys };
}

/** Every space the group can reach within `budget` half-pips, at its cheapest (12.1, 12.2; costs are small whole numbers). */
function reach(s: KpwState, side: Side, us: Unit[], from: string, budget: number): Map<string, Node> {
  const best = new Map<string, Node>([[from, { cost: 0, prev: null, key: from }]]);
  const buckets: string[][] = [[from]];
  for (let c = 0; c < buckets.length; c++) {
    for (const cur of buckets[c] ?? []) {
      if (best.get(cur)!.cost !== c) continue;
      for (const n of kpwMap().graph.neighbors(cur)) {
        const cost = edgeCost(s, side, us, n.edge.data);
        if (cost === null || c + cost > budget) continue;
        const known = best.get(n.to);
        if (known && known.cost <= c + cost) continue;
        if (entry(s, side, n.to, n.edge.data.river) === 'no' || (side === 'english' && leavesColony(s, us, n.to))) continue;
        best.set(n.to, { cost: c + cost, prev: cur, key: n.edge.data.river ? `${n.to}~river` : n.to });
        (buckets[c + cost] ??= []).push(n.to);
      }
    }
  }
  return best;
}

/** Attack values per target for one group, each reckoned once; the English leave unallied tribes alone. */
function targets(s: KpwState, side: Side, sp: number): (t: string) => number | null {
  const known = new Map<string, number | null>();
  return (t) => {
    if (!known.has(t))
      known.set(t, attackable(s, side, t) && !(side === 'english' && wakesTribe(s, t)) ? attackValue(s, side, sp, t) : null);
    return known.get(t)!;
  };
}

/**
 * The best battle a company can reach: stop somewhere within its pips, then
 * place a marker with the pips left (12.7). `staying`: it has not stepped yet.
 */
export function bestAttack(s: KpwState, side: Side, us: Unit[], from: string, budget: number, staying: boolean): Plan | null {
  if (!us.some(isInf)) return null;
  const value = targets(s, side, stackSP(us));
  const nodes = reach(s, side, us, from, budget);
  let best: Plan | null = null;
  for (const [pos, node] of nodes) {
    let top: { value: number; target: string; key: string } | null = null;
    for (const n of kpwMap().graph.neighbors(pos)) {
      const cost = edgeCost(s, side, us, n.edge.data);
      if (cost === null || node.cost + cost > budget) continue;
      const v = value(n.to);
      if (v === null) continue;
      const score = v - node.cost / 100;
      if ((!best || score > best.value) && (!top || score > top.value))
        top = { value: score, target: n.to, key: n.edge.data.river ? `${n.to}~river` : n.to };
    }
    // Only a place worth attacking from is checked for stopping there (stacking, 12.1).
    if (!top || stopProblem(s, side, us, pos, [], staying && pos === from)) continue;
    const { path, keys } = pathTo(nodes, pos);
    best = { path, keys, target: top.target, targetKey: top.key, value: top.value };
  }
  return best;
}

/**
 * With nothing worth attacking in reach: the first leg toward the nearest
 * space from which a worthwhile target can be attacked, ending where the
 * company may stop. Null when none is in sight or the company is there.
 */
export function approach(s: KpwState, side: Side, us: Unit[], from: string, budget: number): Reach | null {
  if (!us.some(isInf)) return null;
  const value = targets(s, side, stackSP(us));
  const good = (pos: string) =>
    kpwMap()
      .graph.neighbors(pos)
      .some((n) => (value(n.to) ?? 0) > WORTH);
  if (good(from)) return null;
  const far = reach(s, side, us, from, 40);
  let goal: string | null = null;
  for (const [pos, node] of far) {
    if (pos === from || (goal && far.get(goal)!.cost <= node.cost)) continue;
    if (good(pos) && !stopProblem(s, side, us, pos)) goal = pos;
  }
  if (!goal) return null;
  const route = pathTo(far, goal);
  // Walk the path as far as the pips go, back to the last space it may stop in.
  for (let i = route.path.length - 1; i > 0; i--) {
    const pos = route.path[i];
    if (far.get(pos)!.cost > budget || stopProblem(s, side, us, pos)) continue;
    return { cost: far.get(pos)!.cost, path: route.path.slice(0, i + 1), keys: route.keys.slice(0, i) };
  }
  return null;
}

/** The legal action among `legal` whose `field` is `value`. */
export function find(legal: LegalAction[], sub: string, field: string, value: string): LegalAction | undefined {
  return legal.find((l) => l.sub === sub && String(l.action[field]) === value);
}
