// One Swiss round as an optimisation: a maximum-weight matching over the
// whole field (plus a bye vertex when the field is odd), each edge weighted
// by the Dutch criteria in tiers (criteria.ts) so that a better tier always
// outweighs everything below it. The tiers' units are computed from this
// field's own bounds, so the order is exact while the total fits a double;
// when it would not (thousands of entrants), the two lowest tiers are
// coarsened and the result says so.
//
// Passes, cheapest first: players meet only their own and the two nearest
// score groups either side (large fields); then anyone; rematches are
// allowed, at the top tier's cost, only when no pairing avoids them.
import { maxWeightMatching, type WeightedEdge } from './blossom.ts';
import { byeCost, byeEligible, pairCost, rankField, type RankedField } from './criteria.ts';
import { orient } from './sides.ts';
import type { PairPlayer, Pairing } from './types.ts';

/** Fields up to this size always use every edge. */
const DENSE_UP_TO = 48;
/** Larger fields: each player's candidates are its nearest this many in rank order, and as many around its Dutch partner. */
const NEAR = 12;
/** Weights stay below this so that the algorithm's duals are exact in a double. */
const WEIGHT_LIMIT = 2 ** 40;

export interface SwissPairingResult {
  pairs: Pairing[];
  /** False when the side and shape tiers had to be coarsened to fit a double. */
  exact: boolean;
  /** The widest graph needed: 'near' (candidates near in rank), 'all' (every pair), 'rematches' (rematches allowed). */
  pass: 'near' | 'all' | 'rematches';
}

/** Tiers from the lowest: shape, side, floaters, score difference, bye rank, rematches (criteria.ts says why score difference outranks floaters). */
const TIERS = 6;

interface Graph {
  edges: [number, number][];
  /** TIERS costs per edge, flat. */
  costs: number[];
}

/**
 * Candidate edges among `members` (field indices, in rank order), numbered
 * by their place in it; with a bye, vertex members.length is the bye. Every
 * pair when `near` is Infinity; else each player's `near` neighbours in rank
 * order (they hold the floats across a group's edge) and, in its score
 * group, those within `near / 2` places of its Dutch partner (the same place
 * in the other half).
 */
function buildGraph(f: RankedField, members: number[], bye: number[] | null, near: number, rematches: boolean): Graph {
  const n = members.length;
  const edges: [number, number][] = [];
  const costs: number[] = [];
  const band = near / 2;
  for (let x = 0; x < n; x++) {
    const i = members[x];
    const groupEnd = i - f.pos[i] + f.size[i];
    const half = Math.floor(f.size[i] / 2);
    for (let y = x + 1; y < n; y++) {
      const j = members[y];
      const sameGroup = j < groupEnd;
      if (y - x > near && !(sameGroup && Math.abs(j - i - half) <= band)) {
        if (sameGroup) continue;
        break;
      }
      const c = pairCost(f, i, j);
      if (c.rematch && !rematches) continue;
      edges.push([x, y]);
      costs.push(c.shape, c.side, c.float, c.diff, 0, c.rematch);
    }
  }
  if (bye)
    members.forEach((i, x) => {
      const c = byeCost(f, bye, i);
      if (c === Infinity) return;
      edges.push([x, n]);
      costs.push(0, 0, 0, 0, c, 0);
    });
  return { edges, costs };
}

/**
 * Integer weights ordering matchings lexicographically by the tiers: each
 * tier's unit exceeds the most the tiers below can add up to in one matching
 * (half the sum over vertices of their costliest edge). Null if they overflow.
 */
function weightsOf(g: Graph, vertices: number, scale: number[]): Float64Array | null {
  const m = g.edges.length;
  const cost = new Float64Array(m);
  const maxAt = new Float64Array(vertices);
  let below = 0;
  for (let t = 0; t < TIERS; t++) {
    const unit = below + 1;
    maxAt.fill(0);
    let maxEdge = 0;
    for (let e = 0; e < m; e++) {
      const c = Math.floor(g.costs[e * TIERS + t] / scale[t]);
      if (!c) continue;
      cost[e] += c * unit;
      const [i, j] = g.edges[e];
      if (c > maxAt[i]) maxAt[i] = c;
      if (c > maxAt[j]) maxAt[j] = c;
      if (c > maxEdge) maxEdge = c;
    }
    // The bye tier: a matching holds one bye edge at most.
    const bound = t === 4 ? maxEdge : Math.floor(maxAt.reduce((s, x) => s + x, 0) / 2);
    below += unit * bound;
    if (below >= WEIGHT_LIMIT) return null;
  }
  const top = cost.reduce((mx, c) => Math.max(mx, c), 0) + 1;
  if (2 * top >= WEIGHT_LIMIT) return null;
  return cost.map((c) => 2 * (top - c));
}

/** Coarsen the shape tier, then the side tier, until the weights fit. */
function fittedWeights(g: Graph, vertices: number): { weights: Float64Array; exact: boolean } {
  const scale = [1, 1, 1, 1, 1, 1];
  for (let t = 0; t <= 1; t++)
    for (;;) {
      const weights = weightsOf(g, vertices, scale);
      if (weights) return { weights, exact: scale.every((s) => s === 1) };
      if (scale[t] > 2 ** 20) break;
      scale[t] *= 4;
    }
  throw new Error('Swiss pairing: the criteria do not fit a double even without side and shape tiers.');
}

type Pass = SwissPairingResult['pass'];

/**
 * The best perfect matching of `members` (and the bye vertex, if given) over
 * the passes' graphs in turn: field index → partner's field index (-1: the bye).
 */
function solve(
  f: RankedField,
  members: number[],
  bye: number[] | null,
  rematches: boolean,
): { mate: Map<number, number>; exact: boolean; pass: Pass } | null {
  const n = members.length;
  const vertices = n + (bye ? 1 : 0);
  const passes: { pass: Pass; near: number }[] = [
    ...(n > DENSE_UP_TO
      ? [
          { pass: 'near' as const, near: NEAR },
          { pass: 'near' as const, near: 4 * NEAR },
        ]
      : []),
    { pass: rematches ? 'rematches' : 'all', near: Infinity },
  ];
  for (const { pass, near } of passes) {
    const g = buildGraph(f, members, bye, near, rematches);
    const { weights, exact } = fittedWeights(g, vertices);
    const edges: WeightedEdge[] = g.edges.map(([i, j], e) => ({ i, j, w: weights[e] }));
    const local = maxWeightMatching(vertices, edges, true);
    if (!local.every((m) => m >= 0)) continue;
    const mate = new Map<number, number>();
    members.forEach((i, x) => mate.set(i, local[x] === n ? -1 : members[local[x]]));
    return { mate, exact, pass };
  }
  return null;
}

/** Pairs and the bye, boards in order of the higher-ranked player. */
function pairsOf(f: RankedField, mate: Map<number, number>): Pairing[] {
  const out: Pairing[] = [];
  let bye: Pairing | null = null;
  for (let i = 0; i < f.order.length; i++) {
    const j = mate.get(i)!;
    if (j === -1) bye = { a: f.order[i].id, b: null };
    else if (j > i) out.push(orient(f.order[i], f.order[j], out.length));
  }
  return bye ? [...out, bye] : out;
}

/**
 * Large fields in pieces: the lowest-ranked eligible player takes the bye,
 * and the rest splits at every score group boundary with an even number of
 * players above it; each piece is matched alone (pairing across such a
 * boundary would only add floaters and score difference), and a piece that cannot be paired
 * without a rematch joins the next. Null: no piece-wise pairing without rematches.
 */
function solveInPieces(f: RankedField, eligible: number[]): { mate: Map<number, number>; exact: boolean; pass: Pass } | null {
  const n = f.order.length;
  const byeAt = n % 2 ? eligible[eligible.length - 1] : -1;
  const rest = f.order.map((_, i) => i).filter((i) => i !== byeAt);
  const pieces: number[][] = [];
  let cur: number[] = [];
  rest.forEach((i, x) => {
    cur.push(i);
    const next = rest[x + 1];
    if (cur.length % 2 === 0 && (next === undefined || f.order[next].score !== f.order[i].score)) {
      pieces.push(cur);
      cur = [];
    }
  });
  const mate = new Map<number, number>();
  if (byeAt >= 0) mate.set(byeAt, -1);
  let exact = true;
  let pass: Pass = 'near';
  for (let k = 0; k < pieces.length; k++) {
    let members = pieces[k];
    for (;;) {
      const r = solve(f, members, null, false);
      if (r) {
        for (const [i, j] of r.mate) mate.set(i, j);
        exact &&= r.exact;
        if (r.pass === 'all') pass = 'all';
        break;
      }
      if (++k >= pieces.length) return null;
      members = [...members, ...pieces[k]];
    }
  }
  return { mate, exact, pass };
}

export function swissPairing(players: PairPlayer[]): SwissPairingResult {
  const f = rankField(players);
  const n = f.order.length;
  if (n < 2) return { pairs: n ? [{ a: f.order[0].id, b: null }] : [], exact: true, pass: 'all' };
  const eligible = byeEligible(f);
  const all = f.order.map((_, i) => i);
  const bye = n % 2 ? eligible : null;
  const r = (n > DENSE_UP_TO ? solveInPieces(f, eligible) : null) ?? solve(f, all, bye, false) ?? solve(f, all, bye, true);
  if (!r) throw new Error('Swiss pairing: no perfect matching even with rematches allowed.');
  return { pairs: pairsOf(f, r.mate), exact: r.exact, pass: r.pass };
}

/** One Swiss round's pairings (the bye, if any, last). */
export const swissRound = (players: PairPlayer[]): Pairing[] => swissPairing(players).pairs;
