// Double elimination (pairing level): nobody is out before a second loss,
// the losers' bracket meets its drop-ins in the standard order, the grand
// final is replayed once when the losers' champion wins it.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { doubleElimChampion, doubleElimRound, knockoutRounds, type ElimGame } from '../../src/tournament/pairing.ts';

/** Plays a whole double elimination; `pick` decides each game's winner. */
function play(n: number, pick: (g: { a: string; b: string }, round: number) => string, drops: Map<number, string> = new Map()) {
  const seeds = Array.from({ length: n }, (_, i) => `s${i + 1}`);
  const games: ElimGame[] = [];
  const dropped = new Set<string>();
  const rounds: { bracket: string; a: string; b: string | null }[][] = [];
  for (let r = 1; r < 100; r++) {
    if (drops.has(r)) dropped.add(drops.get(r)!);
    const ps = doubleElimRound(seeds, games, dropped);
    if (!ps) break;
    rounds.push(ps);
    ps.forEach((p, i) =>
      games.push({ round: r, board: i + 1, bracket: p.bracket, a: p.a, b: p.b, winner: p.b === null ? p.a : pick({ a: p.a, b: p.b }, r) }),
    );
  }
  return { games, rounds, dropped };
}

const lossesOf = (games: ElimGame[]) => {
  const l = new Map<string, number>();
  for (const g of games) if (g.b) for (const p of [g.a, g.b]) if (p !== g.winner) l.set(p, (l.get(p) ?? 0) + 1);
  return l;
};

describe('double elimination', () => {
  it('8 players, better seed always wins: winners 3 rounds, losers 4 rounds, grand final (the standard bracket)', () => {
    const seedNo = (s: string) => Number(s.slice(1));
    const { rounds, games } = play(8, (g) => (seedNo(g.a) < seedNo(g.b) ? g.a : g.b));
    // Per round: [winners' bracket games, losers' bracket games, grand final].
    const shape = rounds.map((ps) => ['W', 'L', 'F'].map((b) => ps.filter((p) => p.bracket === b).length));
    expect(shape).toEqual([
      [4, 0, 0],
      [2, 2, 0],
      [1, 2, 0],
      [0, 1, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    // Losers' round 1: the losers of winners' games 1 and 2 meet (neighbours in the bracket).
    expect(rounds[1].filter((p) => p.bracket === 'L').map((p) => [p.a, p.b].sort())).toEqual([
      ['s5', 's8'],
      ['s6', 's7'],
    ]);
    // The seed-1 player wins without a loss: no reset.
    expect(doubleElimChampion(games)).toBe('s1');
    expect(rounds.at(-1)).toEqual([{ a: 's1', b: 's2', bracket: 'F' }]);
  });

  it('grand final reset: the losers’ champion beats the unbeaten one, and they play again', () => {
    const { rounds, games } = play(4, (g, r) => (r === 4 ? g.b : g.a < g.b ? g.a : g.b));
    expect(rounds.at(-1)![0].bracket).toBe('F2');
    expect(games.filter((g) => g.bracket === 'F' || g.bracket === 'F2')).toHaveLength(2);
    expect(doubleElimChampion(games)).toBe(games.at(-1)!.winner);
  });

  it('random fields of 2–24 with drops: nobody plays twice a round, nobody is out before two losses, it ends in time', () => {
    for (let s = 0; s < 120; s++) {
      const rand = seedrandom(`de-${s}`);
      const n = 2 + (s % 23);
      const drops = new Map<number, string>();
      if (s % 4 === 0 && n > 3) drops.set(2 + Math.floor(rand() * 3), `s${1 + Math.floor(rand() * n)}`);
      const { games, rounds, dropped } = play(n, (g) => (rand() < 0.5 ? g.a : g.b), drops);
      for (const ps of rounds) {
        const ids = ps.flatMap((p) => [p.a, p.b]).filter(Boolean);
        expect(new Set(ids).size).toBe(ids.length);
      }
      // Within 2·⌈log2 n⌉ + 2 rounds (grand final and its reset included).
      expect(rounds.length).toBeLessThanOrEqual(2 * knockoutRounds(n) + 2);
      const losses = lossesOf(games);
      const champion =
        doubleElimChampion(games) ?? [...Array(n).keys()].map((i) => `s${i + 1}`).find((p) => !dropped.has(p) && (losses.get(p) ?? 0) < 2);
      for (let i = 1; i <= n; i++) {
        const p = `s${i}`;
        if (p === champion || dropped.has(p)) continue;
        expect(losses.get(p) ?? 0, `${p} in field ${n} (seed ${s})`).toBeGreaterThanOrEqual(2);
      }
      // Nobody plays after being dropped.
      for (const [r, who] of drops) expect(games.filter((g) => g.round >= r && (g.a === who || g.b === who))).toHaveLength(0);
    }
  });
});
