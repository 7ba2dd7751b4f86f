// Property tests on pairings and tie-breaks: random fields and results,
// many seeds, each checked against what the rules require.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  knockoutFirstRound,
  roundRobinRound,
  roundRobinRounds,
  swissRound,
  type PairPlayer,
  type Pairing,
} from '../../src/tournament/pairing.ts';
import { standings, type StandingGame } from '../../src/tournament/standings.ts';

/** Plays a random Swiss; drops some players between rounds. Returns the games and the field per round. */
function randomSwiss(seed: string, n: number, rounds: number, dropRate = 0) {
  const rand = seedrandom(seed);
  const players = new Map<string, PairPlayer>();
  for (let i = 0; i < n; i++)
    players.set(`p${i}`, { id: `p${i}`, score: 0, rating: Math.floor(rand() * 2000), opponents: [], byes: 0, sides: [] });
  const dropped = new Set<string>();
  const games: StandingGame[] = [];
  const rounds_: { field: PairPlayer[]; pairs: Pairing[] }[] = [];
  for (let r = 1; r <= rounds; r++) {
    const field = [...players.values()].filter((p) => !dropped.has(p.id)).map((p) => structuredClone(p));
    const pairs = swissRound(field);
    rounds_.push({ field, pairs });
    for (const p of pairs) {
      const a = players.get(p.a)!;
      if (p.b === null) {
        a.byes++;
        a.score += 1;
        games.push({ round: r, a: p.a, b: null, pa: 1, pb: 0, played: false });
        continue;
      }
      const b = players.get(p.b)!;
      const x = rand();
      const [pa, pb] = x < 0.45 ? [1, 0] : x < 0.9 ? [0, 1] : [0.5, 0.5];
      a.score += pa;
      b.score += pb;
      a.opponents.push(b.id);
      b.opponents.push(a.id);
      a.sides.push('a');
      b.sides.push('b');
      games.push({ round: r, a: p.a, b: p.b, pa, pb, played: true });
    }
    for (const p of players.values()) if (rand() < dropRate) dropped.add(p.id);
  }
  return { games, rounds: rounds_, players };
}

/** Exhaustive: can `ids` be paired with no repeat (one left out when odd)? For small fields. */
function repeatFree(field: PairPlayer[]): boolean {
  const ids = field.map((p) => p.id);
  const met = new Map(field.map((p) => [p.id, new Set(p.opponents)]));
  const go = (left: string[], skip: boolean): boolean => {
    if (left.length === 0) return true;
    if (left.length === 1) return skip;
    const [x, ...rest] = left;
    if (skip && go(rest, false)) return true;
    return rest.some(
      (y, i) =>
        !met.get(x)!.has(y) &&
        go(
          rest.filter((_, j) => j !== i),
          skip,
        ),
    );
  };
  return go(ids, ids.length % 2 === 1);
}

describe('Swiss pairing properties', () => {
  it('pairs everyone present once, never with themselves or a dropped player, byes to the lowest score group (unless that forces a rematch) and never twice', () => {
    for (let s = 0; s < 60; s++) {
      const n = 5 + (s % 14);
      const { rounds } = randomSwiss(`prop-${s}`, n, Math.min(6, n - 1), 0.05);
      const byes = new Map<string, number>();
      for (const { field, pairs } of rounds) {
        const ids = pairs.flatMap((p) => [p.a, p.b]).filter((x): x is string => x !== null);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(field.map((p) => p.id)));
        for (const p of pairs) expect(p.a).not.toBe(p.b);
        const bye = pairs.filter((p) => p.b === null);
        expect(bye.length).toBe(field.length % 2);
        for (const b of bye) {
          const eligible = field.filter((p) => p.byes === 0);
          const me = field.find((p) => p.id === b.a)!;
          if (eligible.length) {
            expect(me.byes).toBe(0);
            // Above the lowest score group only to avoid a rematch (the Dutch order: no rematch comes first).
            if (me.score !== Math.min(...eligible.map((p) => p.score)))
              expect(pairs.some((p) => p.b && field.find((x) => x.id === p.a)!.opponents.includes(p.b))).toBe(false);
          }
          byes.set(b.a, (byes.get(b.a) ?? 0) + 1);
        }
      }
    }
  });

  it('avoids a repeat pairing whenever a repeat-free pairing exists (checked exhaustively on small fields)', () => {
    let checked = 0;
    for (let s = 0; s < 80; s++) {
      const n = 4 + (s % 7);
      const { rounds } = randomSwiss(`rep-${s}`, n, n - 1);
      for (const { field, pairs } of rounds) {
        const repeats = pairs.filter((p) => p.b && field.find((x) => x.id === p.a)!.opponents.includes(p.b)).length;
        if (repeatFree(field) && field.length % 2 === 0) {
          checked++;
          expect(repeats).toBe(0);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('makes no repeat pairing in 7 rounds of 40 players', () => {
    for (let s = 0; s < 5; s++) {
      const { games } = randomSwiss(`big-${s}`, 40, 7, 0.02);
      const keys = games.filter((g) => g.b).map((g) => [g.a, g.b].sort().join('|'));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});

describe('standings', () => {
  it("count a bye against FIDE's virtual opponent in Buchholz and Sonneborn-Berger", () => {
    // Round 1: x has the bye, y beats z. Round 2: x beats y, z has the bye... (two rounds, three players).
    const games: StandingGame[] = [
      { round: 1, a: 'x', b: null, pa: 1, pb: 0, played: false },
      { round: 1, a: 'y', b: 'z', pa: 1, pb: 0, played: true },
      { round: 2, a: 'x', b: 'y', pa: 1, pb: 0, played: true },
      { round: 2, a: 'z', b: null, pa: 1, pb: 0, played: false },
    ];
    const s = new Map(standings(['x', 'y', 'z'], games).map((r) => [r.id, r]));
    // n = 2. x's virtual opponent in round 1: 0 before + (1 − 1) + 0.5 × (2 − 1) = 0.5.
    // y's score for tie-breaks: played games only, unplayed rounds as draws: 1 (win over z) + 0 (loss to x) = 1.
    expect(s.get('x')!.buchholz).toBe(0.5 + 1);
    expect(s.get('x')!.sonnebornBerger).toBe(0.5 * 1 + 1 * 1);
    // z: lost to y (adjusted 1), bye in round 2: 0 + (1 − 1) + 0 = 0.
    expect(s.get('z')!.buchholz).toBe(1 + 0);
    expect(s.get('z')!.sonnebornBerger).toBe(0);
    // y: beat z (z's adjusted score: 0 played + 0.5 for the bye round = 0.5), lost to x (x: 1 played + 0.5 = 1.5).
    expect(s.get('y')!.buchholz).toBe(0.5 + 1.5);
    expect(s.get('y')!.sonnebornBerger).toBe(0.5);
    expect(standings(['x', 'y', 'z'], games).map((r) => r.id)).toEqual(['x', 'y', 'z']);
  });
});

describe('round robin and knockout', () => {
  it('round robin: everyone meets everyone once, one bye each when odd', () => {
    for (const n of [2, 3, 4, 7, 8, 11]) {
      const ids = Array.from({ length: n }, (_, i) => `p${i}`);
      const met = new Set<string>();
      const byes = new Map<string, number>();
      for (let r = 1; r <= roundRobinRounds(n); r++) {
        for (const p of roundRobinRound(ids, r)) {
          if (p.b === null) byes.set(p.a, (byes.get(p.a) ?? 0) + 1);
          else {
            const k = [p.a, p.b].sort().join('|');
            expect(met.has(k)).toBe(false);
            met.add(k);
          }
        }
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      expect([...byes.values()].every((v) => v === 1)).toBe(true);
      expect(byes.size).toBe(n % 2 ? n : 0);
    }
  });

  it('knockout: top seeds get the byes and meet only late', () => {
    const ids = Array.from({ length: 6 }, (_, i) => `s${i + 1}`);
    const r1 = knockoutFirstRound(ids);
    expect(
      r1
        .filter((p) => p.b === null)
        .map((p) => p.a)
        .sort(),
    ).toEqual(['s1', 's2']);
    expect(r1.find((p) => p.a === 's1')!.b).toBeNull();
    expect(r1.map((p) => [p.a, p.b])).toContainEqual(['s4', 's5']);
  });
});
