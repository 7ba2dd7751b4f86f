// What makes one Swiss pairing better than another, after the FIDE Dutch
// system's criteria (Handbook C.04.3): no rematch, the bye to the
// lowest-ranked player who has not had one, smallest score differences,
// fewest floaters, side preferences (a clash of two absolute ones weighs 3,
// of milder ones 1: FIDE makes absolute ones hard, we keep them soft), then
// the Dutch shape inside a score group (top half against bottom half; the
// lowest floats down, to the top of the group below). The pairer minimises
// these costs lexicographically; tests and the bench score pairings with the
// same code.
//
// Why score differences before floaters (the Dutch text lists floaters
// first): the Dutch system pairs score groups from the top, floating the
// fewest players of each into the next group down, so a float is short by
// construction. One matching over the whole field has no such order: ranked
// floaters first, it would rather float two leaders three points down than
// have three players float one point each. With score differences first,
// floats stay short and, measured against bbpPairings' Dutch pairing on the
// bench's 2,088 rounds (npm run bench -- tournament, BBP_PAIRINGS set), the
// matching has fewer floaters (2.08 a round against 2.97), no larger score
// differences (1.62 against 1.63) and side misses within 10 % (5.15 against
// 4.80, +7.3 %); with floaters first the score differences were 3 % above
// Dutch's.
import { sidePreference, type SidePreference } from './sides.ts';
import type { PairPlayer, Pairing } from './types.ts';

/** The ranking the Dutch system pairs in: score, then rating, then id. */
export const byRank = (first: PairPlayer, second: PairPlayer) =>
  second.score - first.score || second.rating - first.rating || (first.id < second.id ? -1 : first.id > second.id ? 1 : 0);

/** A field ranked, with each player's place in their score group (for the shape cost). */
export interface RankedField {
  order: PairPlayer[];
  index: Map<string, number>;
  /** Position inside the score group (0 = top) and the group's size. */
  pos: number[];
  size: number[];
  pref: SidePreference[];
  met: Set<string>[];
}

export function rankField(players: PairPlayer[]): RankedField {
  const order = [...players].sort(byRank);
  const pos: number[] = [];
  const size: number[] = [];
  let start = 0;
  for (let i = 0; i <= order.length; i++) {
    if (i < order.length && order[i].score === order[start].score) continue;
    for (let k = start; k < i; k++) {
      pos.push(k - start);
      size.push(i - start);
    }
    start = i;
  }
  return {
    order,
    index: new Map(order.map((player, rank) => [player.id, rank])),
    pos,
    size,
    pref: order.map(sidePreference),
    met: order.map((player) => new Set(player.opponents)),
  };
}

/** Costs of one pair (lower is better), tier by tier. */
export interface PairCost {
  rematch: number;
  /** Score difference in half points. */
  diff: number;
  float: number;
  /** 3 when both must have the same side (one breaks an absolute rule), 1 when both prefer it, else 0. */
  side: number;
  shape: number;
}

/** The cost of pairing ranked players `first` and `second` (field order, either way round). */
export const pairCost = (field: RankedField, first: number, second: number): PairCost =>
  writePairCost(field, first, second, { rematch: 0, diff: 0, float: 0, side: 0, shape: 0 });

/** pairCost written into `into` (the pairer reuses one object for its thousands of edges); returns `into`. */
export function writePairCost(field: RankedField, first: number, second: number, into: PairCost): PairCost {
  const higher = Math.min(first, second);
  const lower = Math.max(first, second);
  const top = field.order[higher];
  const bottom = field.order[lower];
  const topPref = field.pref[higher];
  const bottomPref = field.pref[lower];
  const clash = topPref.side !== null && topPref.side === bottomPref.side;
  const sameGroup = top.score === bottom.score;
  into.rematch = field.met[higher].has(bottom.id) ? 1 : 0;
  into.float = sameGroup ? 0 : 1;
  into.diff = Math.round(Math.abs(top.score - bottom.score) * 2);
  into.side = clash ? (topPref.absolute && bottomPref.absolute ? 3 : 1) : 0;
  // Dutch: the k-th of the top half meets the k-th of the bottom half; a
  // floater is the lowest of its group, to the highest of the group it joins.
  into.shape = sameGroup
    ? Math.abs(field.pos[lower] - field.pos[higher] - Math.floor(field.size[higher] / 2))
    : field.size[higher] - 1 - field.pos[higher] + field.pos[lower];
  return into;
}

/** A whole round's quality, in the order it is minimised (COST_ORDER). */
export interface RoundCost {
  rematches: number;
  /** The bye's distance from the bottom of those who may have it (0: the lowest-ranked eligible). */
  byeRank: number;
  /** Score differences summed over the pairs, in half points. */
  scoreDiff: number;
  floaters: number;
  side: number;
  shape: number;
}

/** Players who may take the bye: those without one (everyone, if all have had one), as field indices. */
export function byeEligible(field: RankedField): number[] {
  const free = field.order.flatMap((player, rank) => (player.byes === 0 ? [rank] : []));
  return free.length ? free : field.order.map((_, rank) => rank);
}

/** The bye's cost: how many eligible players rank below its receiver (Infinity: not eligible). */
export function byeCost(eligible: number[], receiver: number): number {
  const place = eligible.indexOf(receiver);
  return place < 0 ? Infinity : eligible.length - 1 - place;
}

export function roundCost(players: PairPlayer[], pairs: Pairing[]): RoundCost {
  const field = rankField(players);
  const eligible = byeEligible(field);
  const total: RoundCost = { rematches: 0, byeRank: 0, scoreDiff: 0, floaters: 0, side: 0, shape: 0 };
  for (const pair of pairs) {
    const first = field.index.get(pair.a)!;
    if (pair.b === null) {
      total.byeRank += byeCost(eligible, first);
      continue;
    }
    const cost = pairCost(field, first, field.index.get(pair.b)!);
    total.rematches += cost.rematch;
    total.floaters += cost.float;
    total.scoreDiff += cost.diff;
    total.side += cost.side;
    total.shape += cost.shape;
  }
  return total;
}

/** Score differences before floaters: see the note at the top. */
export const COST_ORDER: (keyof RoundCost)[] = ['rematches', 'byeRank', 'scoreDiff', 'floaters', 'side', 'shape'];

/** Lexicographic comparison of round costs (negative: x is better). */
export const compareCost = (first: RoundCost, second: RoundCost) => {
  for (const tier of COST_ORDER) if (first[tier] !== second[tier]) return first[tier] - second[tier];
  return 0;
};

/** Players who did not get the side they preferred (after `orient`), for the bench's figures. */
export function sideMisses(players: PairPlayer[], pairs: Pairing[]): number {
  const byId = new Map(players.map((player) => [player.id, player]));
  let misses = 0;
  for (const pair of pairs) {
    if (pair.b === null) continue;
    if (sidePreference(byId.get(pair.a)!).side === 'b') misses++;
    if (sidePreference(byId.get(pair.b)!).side === 'a') misses++;
  }
  return misses;
}
