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
// matching has fewer floaters (2.10 a round against 2.97), no larger score
// differences (1.61 against 1.62) and side misses within 10 % (5.11 against
// 4.78); with floaters first the score differences were 3 % above Dutch's.
import { sidePreference, type SidePreference } from './sides.ts';
import type { PairPlayer, Pairing } from './types.ts';

/** The ranking the Dutch system pairs in: score, then rating, then id. */
export const byRank = (x: PairPlayer, y: PairPlayer) =>
  y.score - x.score || y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

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
    index: new Map(order.map((p, i) => [p.id, i])),
    pos,
    size,
    pref: order.map(sidePreference),
    met: order.map((p) => new Set(p.opponents)),
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

/** The cost of pairing ranked players i < j (field order). */
export function pairCost(f: RankedField, i: number, j: number): PairCost {
  const [hi, lo] = i < j ? [i, j] : [j, i];
  const x = f.order[hi];
  const y = f.order[lo];
  const px = f.pref[hi];
  const py = f.pref[lo];
  const clash = px.side !== null && px.side === py.side;
  let shape: number;
  if (x.score === y.score) {
    // Dutch: the k-th of the top half meets the k-th of the bottom half.
    const half = Math.floor(f.size[hi] / 2);
    shape = Math.abs(f.pos[lo] - f.pos[hi] - half);
  } else {
    // A floater: the lowest of its group, to the highest of the group it joins.
    shape = f.size[hi] - 1 - f.pos[hi] + f.pos[lo];
  }
  return {
    rematch: f.met[hi].has(y.id) ? 1 : 0,
    float: x.score === y.score ? 0 : 1,
    diff: Math.round(Math.abs(x.score - y.score) * 2),
    side: clash ? (px.absolute && py.absolute ? 3 : 1) : 0,
    shape,
  };
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

/** Players who may take the bye: those without one (everyone, if all have had one). */
export function byeEligible(f: RankedField): number[] {
  const free = f.order.map((p, i) => (p.byes === 0 ? i : -1)).filter((i) => i >= 0);
  return free.length ? free : f.order.map((_, i) => i);
}

/** The bye's cost: how many eligible players rank below its receiver (Infinity: not eligible). */
export function byeCost(f: RankedField, eligible: number[], i: number): number {
  const k = eligible.indexOf(i);
  return k < 0 ? Infinity : eligible.length - 1 - k;
}

export function roundCost(players: PairPlayer[], pairs: Pairing[]): RoundCost {
  const f = rankField(players);
  const eligible = byeEligible(f);
  const out: RoundCost = { rematches: 0, byeRank: 0, scoreDiff: 0, floaters: 0, side: 0, shape: 0 };
  for (const p of pairs) {
    const i = f.index.get(p.a)!;
    if (p.b === null) {
      out.byeRank += byeCost(f, eligible, i);
      continue;
    }
    const c = pairCost(f, i, f.index.get(p.b)!);
    out.rematches += c.rematch;
    out.floaters += c.float;
    out.scoreDiff += c.diff;
    out.side += c.side;
    out.shape += c.shape;
  }
  return out;
}

/** Score differences before floaters: see the note at the top. */
export const COST_ORDER: (keyof RoundCost)[] = ['rematches', 'byeRank', 'scoreDiff', 'floaters', 'side', 'shape'];

/** Lexicographic comparison of round costs (negative: x is better). */
export const compareCost = (x: RoundCost, y: RoundCost) => {
  for (const k of COST_ORDER) if (x[k] !== y[k]) return x[k] - y[k];
  return 0;
};

/** Players who did not get the side they preferred (after `orient`), for the bench's figures. */
export function sideMisses(players: PairPlayer[], pairs: Pairing[]): number {
  const byId = new Map(players.map((p) => [p.id, p]));
  let misses = 0;
  for (const p of pairs) {
    if (p.b === null) continue;
    const wa = sidePreference(byId.get(p.a)!).side;
    const wb = sidePreference(byId.get(p.b)!).side;
    if (wa === 'b') misses++;
    if (wb === 'a') misses++;
  }
  return misses;
}
