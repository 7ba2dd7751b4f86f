// Bench figures for tournaments: pairing one Swiss round and computing the
// standings for 500 entrants, mid-tournament (after 5 random rounds).
import seedrandom from 'seedrandom';
import { swissRound, type PairPlayer } from '../../src/tournament/pairing.ts';
import { standings, type StandingGame } from '../../src/tournament/standings.ts';

export function benchTournament(print: (name: string, value: number, unit: string) => void): void {
  const rand = seedrandom('tournament-bench');
  const n = 500;
  const players = Array.from({ length: n }, (_, i): PairPlayer => ({
    id: `p${i}`,
    score: 0,
    rating: Math.floor(rand() * 2500),
    opponents: [],
    byes: 0,
    sides: [],
  }));
  const byId = new Map(players.map((p) => [p.id, p]));
  const games: StandingGame[] = [];
  const pairTimes: number[] = [];
  for (let r = 1; r <= 6; r++) {
    const t = performance.now();
    const pairs = swissRound(players.map((p) => structuredClone(p)));
    pairTimes.push(performance.now() - t);
    for (const p of pairs) {
      const a = byId.get(p.a)!;
      if (!p.b) {
        a.score += 1;
        a.byes++;
        games.push({ round: r, a: p.a, b: null, pa: 1, pb: 0, played: false });
        continue;
      }
      const b = byId.get(p.b)!;
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
  }
  // The slowest round (later rounds have more constraints).
  print('tournament.pair_round_ms', Math.max(...pairTimes.slice(1)), 'ms');
  standings(
    players.map((p) => p.id),
    games,
  );
  const t = performance.now();
  for (let i = 0; i < 10; i++)
    standings(
      players.map((p) => p.id),
      games,
    );
  print('tournament.standings_ms', (performance.now() - t) / 10, 'ms');
}
