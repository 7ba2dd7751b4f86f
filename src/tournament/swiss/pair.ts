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
//
// Speed (issue 20: one round of 500 entrants in ≤ 200 ms of CPU): large
// fields are split into pieces at score group boundaries (solveInPieces),
// the graphs are sparse (NEAR) and kept in typed arrays, and the matcher
// starts from a greedy matching on tight edges (maxWeightPerfectMatching),
// since a pass only uses a perfect matching.
import { maxWeightPerfectMatching } from './blossom.ts';
import { byeCost, byeEligible, rankField, writePairCost, type PairCost, type RankedField } from './criteria.ts';
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
/** The bye tier's place in a graph's costs. */
const BYE_TIER = 4;

interface Graph {
  edgeCount: number;
  /** Edge k joins vertices ends[2k] and ends[2k + 1] (places in the piece's members; members.length is the bye). */
  ends: Int32Array;
  /** TIERS costs per edge, flat, lowest tier first. */
  costs: Int32Array;
}

/** The first place in ascending `sorted` holding a value ≥ `value` (sorted.length if none). */
function firstAtLeast(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Player `from`'s candidate partners after it among `members` (field
 * indices, in rank order), as places in it: every later one when `near` is
 * Infinity; else its `near` neighbours in rank order (they hold the floats
 * across a group's edge) and, in its score group, those within `near / 2`
 * places of its Dutch partner (the same place in the other half).
 * Returns [nearEnd, bandStart, bandEnd]: places from + 1..nearEnd and
 * bandStart..bandEnd - 1.
 */
function candidatesOf(field: RankedField, members: number[], from: number, near: number): [number, number, number] {
  const count = members.length;
  const nearEnd = Math.min(count - 1, from + near);
  if (nearEnd === count - 1) return [nearEnd, count, count];
  const player = members[from];
  const groupEnd = player - field.pos[player] + field.size[player];
  const partner = player + Math.floor(field.size[player] / 2);
  const band = near / 2;
  const bandStart = Math.max(nearEnd + 1, firstAtLeast(members, partner - band));
  const bandEnd = Math.max(bandStart, firstAtLeast(members, Math.min(groupEnd, Math.floor(partner + band) + 1)));
  return [nearEnd, bandStart, bandEnd];
}

/**
 * The candidate edges (candidatesOf) without forbidden rematches, and with
 * a bye, vertex members.length joined to each eligible member. Typed arrays
 * sized from the candidates' ranges: thousands of edges pushed one by one
 * kept the garbage collector busy.
 */
function buildGraph(field: RankedField, members: number[], bye: number[] | null, near: number, rematches: boolean): Graph {
  const count = members.length;
  const ranges = new Int32Array(3 * count);
  let bound = bye ? count : 0;
  for (let from = 0; from < count; from++) {
    const [nearEnd, bandStart, bandEnd] = candidatesOf(field, members, from, near);
    ranges[3 * from] = nearEnd;
    ranges[3 * from + 1] = bandStart;
    ranges[3 * from + 2] = bandEnd;
    bound += nearEnd - from + bandEnd - bandStart;
  }
  const graph: Graph = { edgeCount: 0, ends: new Int32Array(2 * bound), costs: new Int32Array(TIERS * bound) };
  const cost: PairCost = { rematch: 0, diff: 0, float: 0, side: 0, shape: 0 };
  /** One edge: its pair costs and bye rank, stored in tier order. */
  const addEdge = (place: number, other: number, tiers: PairCost, byeRank: number): void => {
    const edge = graph.edgeCount++;
    graph.ends[2 * edge] = place;
    graph.ends[2 * edge + 1] = other;
    const offset = TIERS * edge;
    graph.costs[offset] = tiers.shape;
    graph.costs[offset + 1] = tiers.side;
    graph.costs[offset + 2] = tiers.float;
    graph.costs[offset + 3] = tiers.diff;
    graph.costs[offset + BYE_TIER] = byeRank;
    graph.costs[offset + 5] = tiers.rematch;
  };
  const consider = (place: number, other: number): void => {
    writePairCost(field, members[place], members[other], cost);
    if (!cost.rematch || rematches) addEdge(place, other, cost, 0);
  };
  for (let from = 0; from < count; from++) {
    for (let to = from + 1; to <= ranges[3 * from]; to++) consider(from, to);
    for (let to = ranges[3 * from + 1]; to < ranges[3 * from + 2]; to++) consider(from, to);
  }
  if (bye) {
    const none: PairCost = { rematch: 0, diff: 0, float: 0, side: 0, shape: 0 };
    for (let place = 0; place < count; place++) {
      const byeRank = byeCost(bye, members[place]);
      if (byeRank !== Infinity) addEdge(place, count, none, byeRank);
    }
  }
  return graph;
}

/**
 * Integer weights ordering matchings lexicographically by the tiers: each
 * tier's unit exceeds the most the tiers below can add up to in one matching
 * (half the sum over vertices of their costliest edge). Null if they overflow.
 */
function weightsOf(graph: Graph, vertices: number, scale: number[]): Float64Array | null {
  const edgeCount = graph.edgeCount;
  const tierCostOf = (edge: number, tier: number) => {
    const cost = graph.costs[edge * TIERS + tier];
    return scale[tier] === 1 ? cost : Math.floor(cost / scale[tier]);
  };
  // Each tier's costliest edge at each vertex (vertex-major) and overall, in one pass.
  const costliestAt = new Float64Array(TIERS * vertices);
  const costliest = new Float64Array(TIERS);
  for (let edge = 0; edge < edgeCount; edge++) {
    const fromAt = TIERS * graph.ends[2 * edge];
    const toAt = TIERS * graph.ends[2 * edge + 1];
    for (let tier = 0; tier < TIERS; tier++) {
      const tierCost = tierCostOf(edge, tier);
      if (!tierCost) continue;
      if (tierCost > costliestAt[fromAt + tier]) costliestAt[fromAt + tier] = tierCost;
      if (tierCost > costliestAt[toAt + tier]) costliestAt[toAt + tier] = tierCost;
      if (tierCost > costliest[tier]) costliest[tier] = tierCost;
    }
  }
  const unit = new Float64Array(TIERS);
  let below = 0;
  for (let tier = 0; tier < TIERS; tier++) {
    unit[tier] = below + 1;
    // The bye tier: a matching holds one bye edge at most.
    let bound = costliest[tier];
    if (tier !== BYE_TIER) {
      let sum = 0;
      for (let vertex = 0; vertex < vertices; vertex++) sum += costliestAt[TIERS * vertex + tier];
      bound = Math.floor(sum / 2);
    }
    below += unit[tier] * bound;
    if (below >= WEIGHT_LIMIT) return null;
  }
  const weights = new Float64Array(edgeCount);
  let top = 0;
  for (let edge = 0; edge < edgeCount; edge++) {
    let cost = 0;
    for (let tier = 0; tier < TIERS; tier++) if (costliest[tier]) cost += tierCostOf(edge, tier) * unit[tier];
    weights[edge] = cost;
    if (cost > top) top = cost;
  }
  top += 1;
  if (2 * top >= WEIGHT_LIMIT) return null;
  for (let edge = 0; edge < edgeCount; edge++) weights[edge] = 2 * (top - weights[edge]);
  return weights;
}

/** Coarsen the shape tier, then the side tier, until the weights fit. */
function fittedWeights(graph: Graph, vertices: number): { weights: Float64Array; exact: boolean } {
  const scale = [1, 1, 1, 1, 1, 1];
  for (let tier = 0; tier <= 1; tier++)
    for (;;) {
      const weights = weightsOf(graph, vertices, scale);
      if (weights) return { weights, exact: scale.every((factor) => factor === 1) };
      if (scale[tier] > 2 ** 20) break;
      scale[tier] *= 4;
    }
  throw new Error('Swiss pairing: the criteria do not fit a double even without side and shape tiers.');
}

type Pass = SwissPairingResult['pass'];

interface Solution {
  /** Field index → partner's field index (-1: the bye). */
  mate: Map<number, number>;
  exact: boolean;
  pass: Pass;
}

/**
 * The best perfect matching of `members` (and the bye vertex, if given) over
 * the passes' graphs in turn; null if even the widest has none.
 */
function solve(field: RankedField, members: number[], bye: number[] | null, rematches: boolean): Solution | null {
  const count = members.length;
  const vertices = count + (bye ? 1 : 0);
  const passes: { pass: Pass; near: number }[] = [
    ...(count > DENSE_UP_TO
      ? [
          { pass: 'near' as const, near: NEAR },
          { pass: 'near' as const, near: 4 * NEAR },
        ]
      : []),
    { pass: rematches ? 'rematches' : 'all', near: Infinity },
  ];
  for (const { pass, near } of passes) {
    const graph = buildGraph(field, members, bye, near, rematches);
    const { weights, exact } = fittedWeights(graph, vertices);
    const local = maxWeightPerfectMatching(vertices, graph.ends.subarray(0, 2 * graph.edgeCount), weights);
    if (!local) continue;
    const mate = new Map<number, number>();
    members.forEach((player, place) => mate.set(player, local[place] === count ? -1 : members[local[place]]));
    return { mate, exact, pass };
  }
  return null;
}

/** Pairs and the bye, boards in order of the higher-ranked player. */
function pairsOf(field: RankedField, mate: Map<number, number>): Pairing[] {
  const pairs: Pairing[] = [];
  let bye: Pairing | null = null;
  for (let rank = 0; rank < field.order.length; rank++) {
    const partner = mate.get(rank)!;
    if (partner === -1) bye = { a: field.order[rank].id, b: null };
    else if (partner > rank) pairs.push(orient(field.order[rank], field.order[partner], pairs.length));
  }
  return bye ? [...pairs, bye] : pairs;
}

/**
 * Large fields in pieces: the lowest-ranked eligible player takes the bye,
 * and the rest splits at every score group boundary with an even number of
 * players above it; each piece is matched alone (pairing across such a
 * boundary would only add floaters and score difference), and a piece that
 * cannot be paired without a rematch joins the next. Null: no piece-wise
 * pairing without rematches.
 */
function solveInPieces(field: RankedField, eligible: number[]): Solution | null {
  const fieldSize = field.order.length;
  const byeAt = fieldSize % 2 ? eligible[eligible.length - 1] : -1;
  const rest = field.order.map((_, rank) => rank).filter((rank) => rank !== byeAt);
  const pieces: number[][] = [];
  let piece: number[] = [];
  rest.forEach((rank, place) => {
    piece.push(rank);
    const next = rest[place + 1];
    if (piece.length % 2 === 0 && (next === undefined || field.order[next].score !== field.order[rank].score)) {
      pieces.push(piece);
      piece = [];
    }
  });
  const mate = new Map<number, number>();
  if (byeAt >= 0) mate.set(byeAt, -1);
  let exact = true;
  let pass: Pass = 'near';
  for (let index = 0; index < pieces.length; index++) {
    let members = pieces[index];
    for (;;) {
      const solution = solve(field, members, null, false);
      if (solution) {
        for (const [player, partner] of solution.mate) mate.set(player, partner);
        exact &&= solution.exact;
        if (solution.pass === 'all') pass = 'all';
        break;
      }
      if (++index >= pieces.length) return null;
      members = [...members, ...pieces[index]];
    }
  }
  return { mate, exact, pass };
}

export function swissPairing(players: PairPlayer[]): SwissPairingResult {
  const field = rankField(players);
  const fieldSize = field.order.length;
  if (fieldSize < 2) return { pairs: fieldSize ? [{ a: field.order[0].id, b: null }] : [], exact: true, pass: 'all' };
  const eligible = byeEligible(field);
  const everyone = field.order.map((_, rank) => rank);
  const bye = fieldSize % 2 ? eligible : null;
  const solution =
    (fieldSize > DENSE_UP_TO ? solveInPieces(field, eligible) : null) ??
    solve(field, everyone, bye, false) ??
    solve(field, everyone, bye, true);
  if (!solution) throw new Error('Swiss pairing: no perfect matching even with rematches allowed.');
  return { pairs: pairsOf(field, solution.mate), exact: solution.exact, pass: solution.pass };
}

/** One Swiss round's pairings (the bye, if any, last). */
export const swissRound = (players: PairPlayer[]): Pairing[] => swissPairing(players).pairs;
