// Bench figures for tournaments: the Swiss pairing's quality over many random
// tournaments (the weighted matching next to the greedy pairer it replaced),
// the time to pair one round of 500 and 2,000 entrants mid-tournament, and
// the standings' time for 500.
import seedrandom from 'seedrandom';
import { swissPairing } from '../../src/tournament/swiss/pair.ts';
import { roundCost, sideMisses } from '../../src/tournament/swiss/criteria.ts';
import type { PairPlayer, Pairing } from '../../src/tournament/swiss/types.ts';
import { standings, type StandingGame } from '../../src/tournament/standings.ts';
import { greedySwissRound } from './swiss-greedy.ts';
import { dutchPairing, samePairs } from './swiss-dutch.ts';

type Print = (name: string, value: number, unit: string) => void;

/** Apply a round's pairings with random results: 45 % first side, 40 % second, 15 % draws. */
function playRound(byId: Map<string, PairPlayer>, pairs: Pairing[], round: number, rand: () => number, games: StandingGame[]): void {
  for (const p of pairs) {
    const a = byId.get(p.a)!;
    if (!p.b) {
      a.score += 1;
      a.byes++;
      games.push({ round, a: p.a, b: null, pa: 1, pb: 0, played: false });
      continue;
    }
    const b = byId.get(p.b)!;
    const x = rand();
    const [pa, pb] = x < 0.45 ? [1, 0] : x < 0.85 ? [0, 1] : [0.5, 0.5];
    a.score += pa;
    b.score += pb;
    a.opponents.push(b.id);
    b.opponents.push(a.id);
    a.sides.push('a');
    b.sides.push('b');
    games.push({ round, a: p.a, b: p.b, pa, pb, played: true });
  }
}

const fieldOf = (n: number, rand: () => number): PairPlayer[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    score: 0,
    rating: Math.floor(rand() * 2500),
    opponents: [],
    byes: 0,
    sides: [],
  }));

interface Quality {
  floaters: number;
  scoreDiff: number;
  sideMisses: number;
  rematches: number;
}

/** The pairer's figures on one field. */
function quality(field: PairPlayer[], pairs: Pairing[]): Quality {
  const c = roundCost(field, pairs);
  return { floaters: c.floaters, scoreDiff: c.scoreDiff / 2, sideMisses: sideMisses(field, pairs), rematches: c.rematches };
}

/**
 * Random Swiss tournaments (8–128 entrants, 5–9 rounds, 15 % draws, 3 %
 * drops a round): each round is paired by the weighted matching and played;
 * the greedy pairer pairs the same field too, so both are scored on the same
 * rounds. With BBP_PAIRINGS naming a bbpPairings binary, the FIDE Dutch
 * system pairs the same fields as an oracle (every BBP_EVERY-th tournament,
 * default every one).
 */
export function benchSwissQuality(print: Print, tournaments = 300): void {
  const binary = process.env.BBP_PAIRINGS;
  const every = Math.max(1, Number(process.env.BBP_EVERY ?? 1));
  const oracle = {
    rounds: 0,
    none: 0,
    same: 0,
    better: 0,
    worse: 0,
    ms: 0,
    matching: { floaters: 0, scoreDiff: 0, sideMisses: 0, rematches: 0 },
    /** Rounds where the matching has more (less) of a figure than Dutch, figure by figure. */
    more: { floaters: 0, scoreDiff: 0, sideMisses: 0, rematches: 0 },
    less: { floaters: 0, scoreDiff: 0, sideMisses: 0, rematches: 0 },
    dutch: { floaters: 0, scoreDiff: 0, sideMisses: 0, rematches: 0 },
  };
  const rand = seedrandom('swiss-quality');
  const sum = {
    matching: { floaters: 0, scoreDiff: 0, sideMisses: 0, rematches: 0 },
    greedy: { floaters: 0, scoreDiff: 0, sideMisses: 0, rematches: 0 },
  };
  let rounds = 0;
  let inexact = 0;
  let worse = 0;
  let better = 0;
  for (let t = 0; t < tournaments; t++) {
    const n = 8 + Math.floor(rand() * 121);
    const total = 5 + Math.floor(rand() * 5);
    const players = fieldOf(n, rand);
    const byId = new Map(players.map((p) => [p.id, p]));
    const dropped = new Set<string>();
    const games: StandingGame[] = [];
    for (let r = 1; r <= total; r++) {
      const field = players.filter((p) => !dropped.has(p.id)).map((p) => structuredClone(p));
      if (field.length < 2) break;
      const result = swissPairing(field);
      const greedy = greedySwissRound(field);
      const qm = quality(field, result.pairs);
      const qg = quality(field, greedy);
      for (const k of Object.keys(qm) as (keyof Quality)[]) {
        sum.matching[k] += qm[k];
        sum.greedy[k] += qg[k];
      }
      const fm = roundCost(field, result.pairs);
      const fg = roundCost(field, greedy);
      // The pairer's own order of the first criteria (criteria.ts COST_ORDER).
      const key = (c: typeof fm) => [c.rematches, c.scoreDiff, c.floaters];
      const cmp = key(fm).findIndex((x, i) => x !== key(fg)[i]);
      if (cmp >= 0 && key(fm)[cmp] < key(fg)[cmp]) better++;
      else if (cmp >= 0) worse++;
      if (!result.exact) inexact++;
      rounds++;
      if (binary && t % every === 0) {
        const t0 = performance.now();
        const dutch = dutchPairing(binary, players, games, field, r, total);
        oracle.ms += performance.now() - t0;
        if (!dutch) oracle.none++;
        else {
          const qd = quality(field, dutch);
          for (const k of Object.keys(qm) as (keyof Quality)[]) {
            oracle.matching[k] += qm[k];
            oracle.dutch[k] += qd[k];
            if (qm[k] > qd[k]) oracle.more[k]++;
            if (qm[k] < qd[k]) oracle.less[k]++;
          }
          const kd = key(roundCost(field, dutch));
          const c = key(fm).findIndex((x, i) => x !== kd[i]);
          if (c >= 0 && key(fm)[c] < kd[c]) oracle.better++;
          else if (c >= 0) {
            oracle.worse++;
            if (process.env.BBP_DEBUG)
              console.log(`worse than Dutch: t${t} r${r} n=${field.length}`, roundCost(field, result.pairs), roundCost(field, dutch));
          }
          if (samePairs(result.pairs, dutch)) oracle.same++;
          oracle.rounds++;
        }
      }
      playRound(byId, result.pairs, r, rand, games);
      for (const p of players) if (rand() < 0.03) dropped.add(p.id);
    }
  }
  print('tournament.swiss_rounds', rounds, 'count');
  for (const k of ['floaters', 'scoreDiff', 'sideMisses', 'rematches'] as (keyof Quality)[]) {
    print(`tournament.swiss_${k}_per_round.greedy`, sum.greedy[k] / rounds, 'per round');
    print(`tournament.swiss_${k}_per_round.matching`, sum.matching[k] / rounds, 'per round');
  }
  print('tournament.swiss_rounds_matching_better', better, 'count');
  print('tournament.swiss_rounds_matching_worse', worse, 'count');
  print('tournament.swiss_rounds_coarsened', inexact, 'count');
  if (!binary) return;
  // The Dutch lines average over the rounds the oracle paired; so does
  // `.matching_on_dutch_rounds`, printed when those are not all the rounds.
  console.log(`Dutch oracle (${binary}): ${oracle.rounds} rounds of every ${every === 1 ? '' : `${every}th `}tournament`);
  for (const k of ['floaters', 'scoreDiff', 'sideMisses', 'rematches'] as (keyof Quality)[]) {
    print(`tournament.swiss_${k}_per_round.dutch`, oracle.dutch[k] / oracle.rounds, 'per round');
    if (oracle.rounds !== rounds)
      print(`tournament.swiss_${k}_per_round.matching_on_dutch_rounds`, oracle.matching[k] / oracle.rounds, 'per round');
    print(`tournament.swiss_${k}_rounds_matching_more_than_dutch`, oracle.more[k], 'count');
    print(`tournament.swiss_${k}_rounds_matching_less_than_dutch`, oracle.less[k], 'count');
  }
  print('tournament.swiss_dutch_rounds', oracle.rounds, 'count');
  print('tournament.swiss_dutch_no_pairing', oracle.none, 'count');
  print('tournament.swiss_rounds_same_as_dutch', oracle.same, 'count');
  // Lexicographic on (rematches, score difference, floaters).
  print('tournament.swiss_rounds_matching_better_than_dutch', oracle.better, 'count');
  print('tournament.swiss_rounds_matching_worse_than_dutch', oracle.worse, 'count');
  print('tournament.swiss_dutch_ms_per_round', oracle.ms / (oracle.rounds + oracle.none), 'ms');
}

/**
 * The slowest round's pairing time for `n` entrants over 6 rounds (rounds
 * 2–6; round 1 has no history): the least of three tries, in CPU time (the
 * figure that does not swing with other processes' load) and wall time.
 */
function pairTime(n: number): { cpu: number; wall: number } {
  const rand = seedrandom(`tournament-bench-${n}`);
  const players = fieldOf(n, rand);
  const byId = new Map(players.map((p) => [p.id, p]));
  const games: StandingGame[] = [];
  let cpu = 0;
  let wall = 0;
  for (let r = 1; r <= 6; r++) {
    let pairs: Pairing[] = [];
    let bestCpu = Infinity;
    let bestWall = Infinity;
    for (let k = 0; k < 3; k++) {
      const field = players.map((p) => structuredClone(p));
      const before = process.cpuUsage();
      const t = performance.now();
      pairs = swissPairing(field).pairs;
      bestWall = Math.min(bestWall, performance.now() - t);
      const used = process.cpuUsage(before);
      bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
    }
    if (r > 1) {
      cpu = Math.max(cpu, bestCpu);
      wall = Math.max(wall, bestWall);
    }
    playRound(byId, pairs, r, rand, games);
  }
  return { cpu, wall };
}

export function benchTournament(print: Print): void {
  const t500 = pairTime(500);
  print('tournament.pair_round_ms', t500.cpu, 'ms');
  print('tournament.pair_round_wall_ms', t500.wall, 'ms');
  const t2000 = pairTime(2000);
  print('tournament.pair_round_ms.2000', t2000.cpu, 'ms');
  print('tournament.pair_round_wall_ms.2000', t2000.wall, 'ms');
  const rand = seedrandom('tournament-bench');
  const players = fieldOf(500, rand);
  const byId = new Map(players.map((p) => [p.id, p]));
  const games: StandingGame[] = [];
  for (let r = 1; r <= 6; r++) playRound(byId, swissPairing(players.map((p) => structuredClone(p))).pairs, r, rand, games);
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

/** `npm run bench -- tournament [TOURNAMENTS]`: the pairing times and the Swiss quality figures. */
export function runTournamentBench(args: string[], print: Print): void {
  benchTournament(print);
  benchSwissQuality(print, Number(args[0] ?? 300));
}
