// The Swiss pairer as an optimisation (issue 20 §2): on small fields with
// random histories its pairing is the best of all pairings under the Dutch
// criteria in the pairer's order (src/tournament/swiss/criteria.ts COST_ORDER:
// score differences before floaters), found here by exhaustive search;
// rematches only when none can be avoided, and then the fewest.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { swissPairing } from '../../src/tournament/swiss/pair.ts';
import { compareCost, roundCost, type RoundCost } from '../../src/tournament/swiss/criteria.ts';
import type { PairPlayer, Pairing } from '../../src/tournament/swiss/types.ts';
import { breathe } from '../setup/breathe.ts';

/** Every way to pair `ids` (one bye when odd). */
function allPairings(ids: string[]): Pairing[][] {
  if (ids.length === 0) return [[]];
  if (ids.length % 2) return ids.flatMap((bye, k) => allPairings(ids.filter((_, j) => j !== k)).map((ps) => [...ps, { a: bye, b: null }]));
  const [x, ...rest] = ids;
  return rest.flatMap((y, k) => allPairings(rest.filter((_, j) => j !== k)).map((ps) => [{ a: x, b: y }, ...ps]));
}

/** A field after `rounds` rounds paired at random (so rematches and odd histories happen), with random results. */
function randomField(seed: string, n: number, rounds: number): PairPlayer[] {
  const rand = seedrandom(seed);
  const players = Array.from({ length: n }, (_, i): PairPlayer => ({
    id: `p${i}`,
    score: 0,
    rating: Math.floor(rand() * 4) * 100,
    opponents: [],
    byes: 0,
    sides: [],
  }));
  for (let r = 0; r < rounds; r++) {
    const order = [...players].sort(() => rand() - 0.5);
    if (order.length % 2) {
      const bye = order.pop()!;
      bye.score += 1;
      bye.byes++;
    }
    for (let k = 0; k < order.length; k += 2) {
      const [a, b] = [order[k], order[k + 1]];
      const x = rand();
      a.score += x < 0.4 ? 1 : x < 0.6 ? 0.5 : 0;
      b.score += x < 0.4 ? 0 : x < 0.6 ? 0.5 : 1;
      a.opponents.push(b.id);
      b.opponents.push(a.id);
      a.sides.push('a');
      b.sides.push('b');
    }
  }
  return players;
}

function best(field: PairPlayer[]): RoundCost {
  return allPairings(field.map((p) => p.id))
    .map((ps) => roundCost(field, ps))
    .reduce((m, c) => (compareCost(c, m) < 0 ? c : m));
}

describe('Swiss pairing as a weighted matching (issue 20 §2)', () => {
  it('equals exhaustive search under the Dutch criteria on 300 random fields of 2–8 players', async () => {
    let withRematch = 0;
    for (let s = 0; s < 300; s++) {
      if (s % 50 === 0) await breathe();
      const n = 2 + (s % 7);
      const field = randomField(`exh-${s}`, n, s % 6);
      const { pairs } = swissPairing(field);
      const ids = pairs.flatMap((p) => [p.a, p.b]).filter((x) => x !== null);
      expect(new Set(ids)).toEqual(new Set(field.map((p) => p.id)));
      expect(ids.length).toBe(n);
      const got = roundCost(field, pairs);
      const want = best(field);
      expect(got).toEqual(want);
      if (want.rematches > 0) withRematch++;
    }
    // Some of these fields cannot avoid a rematch: the fewest is still found.
    expect(withRematch).toBeGreaterThan(10);
  });

  it('when a rematch cannot be avoided, makes only one (not the first pairing found, with two)', () => {
    // a met b, c and d; b met d; c met d: only b v c is new, so a must meet someone again.
    const p = (id: string, opponents: string[], score: number): PairPlayer => ({ id, score, rating: 0, opponents, byes: 0, sides: [] });
    const field = [p('a', ['b', 'c', 'd'], 3), p('b', ['a', 'd'], 1), p('c', ['a', 'd'], 1), p('d', ['a', 'b', 'c'], 1)];
    const { pairs, pass } = swissPairing(field);
    expect(pass).toBe('rematches');
    expect(roundCost(field, pairs).rematches).toBe(1);
    expect(pairs.map((x) => [x.a, x.b].sort().join('-')).sort()).toEqual(['a-d', 'b-c']);
  });

  it('smaller score differences outrank fewer floaters: two leaders float one point, not two and three (criteria.ts)', () => {
    // a and b (3 points) have met; c and d (2) have not; a met c, b met d; e (1) met c; f has 0.
    // Fewest floaters (2): a v e, b v f, c v d, with score differences 2 + 3 + 0 = 5 points.
    // Smallest differences (3 points, one more floater): a v d, b v c, e v f, as the Dutch system floats a and b
    // into the next score group and pairs them there.
    const p = (id: string, score: number, opponents: string[]): PairPlayer => ({ id, score, rating: 0, opponents, byes: 0, sides: [] });
    const field = [p('a', 3, ['b', 'c']), p('b', 3, ['a', 'd']), p('c', 2, ['a', 'e']), p('d', 2, ['b']), p('e', 1, ['c']), p('f', 0, [])];
    const { pairs } = swissPairing(field);
    expect(pairs.map((x) => [x.a, x.b].sort().join('-')).sort()).toEqual(['a-d', 'b-c', 'e-f']);
    expect(roundCost(field, pairs)).toMatchObject({ rematches: 0, scoreDiff: 6, floaters: 3 });
  });

  it('gives the bye to the lowest-ranked player who has not had one', () => {
    const p = (id: string, score: number, byes: number): PairPlayer => ({ id, score, rating: 0, opponents: [], byes, sides: [] });
    const field = [p('a', 2, 0), p('b', 1, 0), p('c', 1, 0), p('d', 0, 1), p('e', 0, 0)];
    const { pairs } = swissPairing(field);
    expect(pairs.find((x) => x.b === null)!.a).toBe('e');
    const again = [p('a', 2, 0), p('b', 1, 0), p('c', 1, 0), p('d', 0, 1), p('e', 0, 1)];
    expect(swissPairing(again).pairs.find((x) => x.b === null)!.a).toBe('c');
  });

  it('two players due the same side are not paired when another pairing in their group avoids it', () => {
    // Four on the same score: w1 and w3 played the first side twice, w2 and w4 the second twice.
    const p = (id: string, sides: ('a' | 'b')[]): PairPlayer => ({ id, score: 2, rating: 0, opponents: [], byes: 0, sides });
    const field = [p('w1', ['a', 'a']), p('w2', ['b', 'b']), p('w3', ['a', 'a']), p('w4', ['b', 'b'])];
    const { pairs } = swissPairing(field);
    // w1 and w3 must have the second side now, w2 and w4 the first: each pair is one of each, sides as due.
    for (const x of pairs) {
      expect(['w2', 'w4']).toContain(x.a);
      expect(['w1', 'w3']).toContain(x.b);
    }
  });

  it('pairs large fields in pieces: everyone once, no rematch in 7 rounds of 300', async () => {
    const rand = seedrandom('large');
    const players = Array.from({ length: 301 }, (_, i): PairPlayer => ({
      id: `p${i}`,
      score: 0,
      rating: Math.floor(rand() * 2000),
      opponents: [],
      byes: 0,
      sides: [],
    }));
    const byId = new Map(players.map((x) => [x.id, x]));
    for (let r = 0; r < 7; r++) {
      await breathe();
      const { pairs } = swissPairing(players.map((x) => structuredClone(x)));
      const field = players.map((x) => structuredClone(x));
      const cost = roundCost(field, pairs);
      expect(cost.rematches).toBe(0);
      expect(cost.byeRank).toBe(0);
      expect(pairs.flatMap((x) => [x.a, x.b]).filter(Boolean).length).toBe(301);
      for (const x of pairs) {
        const a = byId.get(x.a)!;
        if (!x.b) {
          a.score += 1;
          a.byes++;
          continue;
        }
        const b = byId.get(x.b)!;
        const win = rand() < 0.5;
        a.score += win ? 1 : 0;
        b.score += win ? 0 : 1;
        a.opponents.push(b.id);
        b.opponents.push(a.id);
        a.sides.push('a');
        b.sides.push('b');
      }
    }
  });
});
