// Double elimination (pairing level). The reference chart is brackets-manager's
// (MIT; its `defaultMinorOrdering` for the losers' drop-ins, the same as
// Challonge's published double-elimination charts): winners' bracket in
// standard seed order (1 v 8, 4 v 5, 2 v 7, 3 v 6), losers' round 1 the
// first-round losers in bracket order, then each batch of drop-ins crossed
// (reversed for a bracket of 8) so the halves meet. Nobody is out before a
// second loss; the grand final is replayed exactly when the winners'
// champion loses it.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { doubleElimState, placeText, type BracketPairing, type ElimGame } from '../../src/tournament/double-elim.ts';

const seedsOf = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const seedNo = (s: string) => Number(s.slice(1));
const better = (g: { a: string; b: string }) => (seedNo(g.a) < seedNo(g.b) ? g.a : g.b);

/** Plays a whole double elimination; `pick` decides each game's winner. */
function play(
  n: number,
  pick: (g: { a: string; b: string; bracket: string }, round: number) => string,
  drops: Map<number, string> = new Map(),
) {
  const seeds = seedsOf(n);
  const games: ElimGame[] = [];
  const dropped = new Set<string>();
  const rounds: BracketPairing[][] = [];
  for (let r = 1; r < 100; r++) {
    if (drops.has(r)) dropped.add(drops.get(r)!);
    const { next } = doubleElimState(seeds, games, dropped);
    if (!next) break;
    rounds.push(next);
    next.forEach((p, i) =>
      games.push({
        round: r,
        board: i + 1,
        bracket: p.bracket,
        a: p.a,
        b: p.b,
        winner: p.b === null ? p.a : pick({ a: p.a, b: p.b, bracket: p.bracket }, r),
      }),
    );
  }
  return { games, rounds, dropped, state: doubleElimState(seeds, games, dropped) };
}

const lossesOf = (games: ElimGame[]) => {
  const l = new Map<string, number>();
  for (const g of games) if (g.b) for (const p of [g.a, g.b]) if (p !== g.winner) l.set(p, (l.get(p) ?? 0) + 1);
  return l;
};

/** The properties every standard double elimination has, checked on one played bracket. */
function checkBracket(n: number, played: ReturnType<typeof play>, label: string) {
  const { games, state } = played;
  let size = 2;
  while (size < n) size *= 2;
  // Byes only in the first winners' round, to the top seeds (as many as the bracket size forces).
  const byes = games.filter((g) => g.b === null);
  expect(
    byes.every((g) => g.round === 1 && g.bracket === 'W'),
    label,
  ).toBe(true);
  expect(
    byes.map((g) => seedNo(g.a)).sort((x, y) => x - y),
    label,
  ).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));
  // Nobody plays twice in a round.
  for (const r of new Set(games.map((g) => g.round))) {
    const ids = games.filter((g) => g.round === r).flatMap((g) => [g.a, g.b].filter(Boolean));
    expect(new Set(ids).size, label).toBe(ids.length);
  }
  // Every entrant but the champion out after exactly two losses; the champion after at most one.
  const losses = lossesOf(games);
  expect(state.champion, label).not.toBeNull();
  expect(losses.get(state.champion!) ?? 0, label).toBeLessThanOrEqual(1);
  for (const p of seedsOf(n)) if (p !== state.champion) expect(losses.get(p), `${label}: ${p}`).toBe(2);
  // The grand final is reset exactly when the winners' champion (no loss before it) lost it.
  const final = games.find((g) => g.bracket === 'F')!;
  const lossesBefore = (p: string) =>
    games.filter((g) => g.round < final.round && g.b && (g.a === p || g.b === p) && g.winner !== p).length;
  const wChamp = [final.a, final.b!].find((p) => lossesBefore(p) === 0)!;
  expect(lossesBefore(wChamp === final.a ? final.b! : final.a), label).toBe(1);
  expect(
    games.some((g) => g.bracket === 'F2'),
    label,
  ).toBe(final.winner !== wChamp);
  // No losers'-bracket rematch while one can be avoided: in each round, the games where a player just
  // out of the winners' bracket drops in have no more rematches than any other way of placing those drop-ins
  // against the same opponents (all orders up to 6 games; beyond, no swap of two drop-ins does better).
  const met = (x: string, y: string, before: number) =>
    games.some((g) => g.round < before && g.b && ((g.a === x && g.b === y) || (g.a === y && g.b === x)));
  const dropIn = (p: string, r: number) => {
    const prev = games.filter((g) => g.round < r && g.b && (g.a === p || g.b === p)).at(-1);
    return !!prev && prev.bracket === 'W' && prev.winner !== p;
  };
  for (const r of new Set(games.map((g) => g.round))) {
    const ls = games.filter((g) => g.round === r && g.bracket === 'L' && g.b && dropIn(g.a, r) !== dropIn(g.b, r));
    const drops = ls.map((g) => (dropIn(g.a, r) ? g.a : g.b!));
    const others = ls.map((g) => (dropIn(g.a, r) ? g.b! : g.a));
    const cost = (order: string[]) => order.filter((d, i) => met(d, others[i], r)).length;
    const actual = cost(drops);
    if (!actual) continue;
    if (drops.length <= 6) {
      const perms = (xs: string[]): string[][] =>
        xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
      expect(Math.min(...perms(drops).map(cost)), `${label}: avoidable rematch in round ${r}`).toBe(actual);
    } else
      for (let i = 0; i < drops.length; i++)
        for (let j = i + 1; j < drops.length; j++) {
          const swapped = [...drops];
          [swapped[i], swapped[j]] = [swapped[j], swapped[i]];
          expect(cost(swapped), `${label}: avoidable rematch in round ${r}`).toBeGreaterThanOrEqual(actual);
        }
  }
  // Placements: 1..n covered by shared ranges; the finalists first and second; whoever knocked a player out placed above them.
  const place = new Map(state.placements.map((p) => [p.id, p]));
  expect(state.placements).toHaveLength(n);
  expect(place.get(state.champion!)!.place).toBe(1);
  const last = games.filter((g) => g.bracket === 'F' || g.bracket === 'F2').at(-1)!;
  expect(place.get(last.winner === last.a ? last.b! : last.a)!.place, label).toBe(2);
  let next = 1;
  for (const p of state.placements) {
    expect(p.place, label).toBeLessThanOrEqual(next);
    expect(p.to - p.place + 1, label).toBe(state.placements.filter((q) => q.place === p.place).length);
    next = p.to + 1;
  }
  expect(next - 1).toBe(n);
  for (const g of games)
    if (g.b && g.winner && g.bracket !== 'W') {
      const loser = g.winner === g.a ? g.b : g.a;
      if ((losses.get(loser) ?? 0) === 2 && games.filter((x) => x.round > g.round && (x.a === loser || x.b === loser)).length === 0)
        expect(place.get(g.winner)!.place, `${label}: ${g.winner} knocked out ${loser}`).toBeLessThan(place.get(loser)!.place);
    }
  return state;
}

describe('double elimination (chart: brackets-manager defaultMinorOrdering)', () => {
  it('8 players, better seed always wins: the standard bracket, round by round', () => {
    const { rounds, state } = play(8, better);
    const shape = rounds.map((ps) => ['W', 'L', 'F'].map((b) => ps.filter((p) => p.bracket === b).length));
    expect(shape).toEqual([
      [4, 0, 0],
      [2, 2, 0],
      [1, 2, 0],
      [0, 1, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    const lb = (r: number) => rounds[r].filter((p) => p.bracket === 'L').map((p) => [p.a, p.b].sort());
    // Losers' round 1: the losers of winners' games 1 and 2 meet, then 3 and 4 (natural order).
    expect(lb(1)).toEqual([
      ['s5', 's8'],
      ['s6', 's7'],
    ]);
    // Losers' round 2: the winners' round-2 losers drop in reversed (3 from the bottom half meets 5 from the top).
    expect(lb(2)).toEqual([
      ['s3', 's5'],
      ['s4', 's6'],
    ]);
    expect(rounds.at(-1)).toEqual([{ a: 's1', b: 's2', bracket: 'F' }]);
    expect(state.champion).toBe('s1');
    expect(state.placements.map((p) => `${placeText(p)} ${p.id}`)).toEqual([
      '1st s1',
      '2nd s2',
      '3rd s3',
      '4th s4',
      '5th–6th s5',
      '5th–6th s6',
      '7th–8th s7',
      '7th–8th s8',
    ]);
  });

  it('6 players: a first-round loser does not meet again the player who beat him, and nobody has a losers’ bye', () => {
    // 4 beats 5 and then loses to 1; 3 beats 6 and loses to 2.
    const { rounds, games } = play(6, better);
    expect(games.filter((g) => g.b === null).map((g) => [g.round, g.a])).toEqual([
      [1, 's1'],
      [1, 's2'],
    ]);
    const lbFirst = rounds.flat().filter((p) => p.bracket === 'L')[0];
    // s5 (lost to s4 in round 1) meets s3 (who lost to s2), not s4.
    expect([lbFirst.a, lbFirst.b].sort()).toEqual(['s3', 's5']);
  });

  it('grand final, winners’ champion wins it: no reset, the losers’ champion is second', () => {
    const { games, state } = play(6, better);
    expect(games.filter((g) => g.bracket === 'F2')).toHaveLength(0);
    expect(state.champion).toBe('s1');
    expect(state.placements[1]).toMatchObject({ id: 's2', place: 2 });
  });

  it('grand final, losers’ champion wins it: a reset, and its winner is champion (whichever side each played)', () => {
    for (const swap of [false, true]) {
      const { games, state } = play(6, (g) => (g.bracket === 'F' ? (seedNo(g.a) > seedNo(g.b) ? g.a : g.b) : better(g)));
      const f = games.find((g) => g.bracket === 'F')!;
      if (swap) [f.a, f.b] = [f.b!, f.a];
      const again = doubleElimState(
        seedsOf(6),
        games.filter((g) => g.bracket !== 'F2'),
        new Set(),
      );
      expect(again.next).toEqual([{ a: 's1', b: 's2', bracket: 'F2' }]);
      expect(state.champion).toBe('s1');
      expect(lossesOf(games).get('s1')).toBe(1);
    }
    // And the losers' champion wins the reset too: champion with one loss, the other has two.
    const { state, games } = play(6, (g) => (g.bracket === 'F' || g.bracket === 'F2' ? 's2' : better(g)));
    expect(state.champion).toBe('s2');
    expect(lossesOf(games).get('s1')).toBe(2);
    expect(state.placements.slice(0, 2).map((p) => [p.id, p.place])).toEqual([
      ['s2', 1],
      ['s1', 2],
    ]);
  });

  for (const n of [4, 5, 6, 8, 12, 16, 33])
    it(`${n} entrants: byes to the top seeds in round 1 only, no avoidable losers' rematch, two losses out, placements consistent`, () => {
      checkBracket(n, play(n, better), `${n} by seed`);
      checkBracket(
        n,
        play(n, (g) => (seedNo(g.a) > seedNo(g.b) ? g.a : g.b)),
        `${n} upsets`,
      );
      for (let s = 0; s < 12; s++) {
        const rand = seedrandom(`de-${n}-${s}`);
        checkBracket(
          n,
          play(n, (g) => (rand() < 0.5 ? g.a : g.b)),
          `${n} seed ${s}`,
        );
      }
    });

  it('every result combination of a 6-player event: the right champion, the reset exactly when due', () => {
    let events = 0;
    const seeds = seedsOf(6);
    const walk = (games: ElimGame[], round: number) => {
      const { next } = doubleElimState(seeds, games, new Set());
      if (!next) {
        events++;
        checkBracket(6, { games, rounds: [], dropped: new Set(), state: doubleElimState(seeds, games, new Set()) }, `6, event ${events}`);
        return;
      }
      const real = next.filter((p) => p.b !== null);
      for (let mask = 0; mask < 1 << real.length; mask++) {
        let k = 0;
        const more = next.map((p, i): ElimGame => {
          const winner = p.b === null ? p.a : mask & (1 << k++) ? p.b : p.a;
          return { round, board: i + 1, bracket: p.bracket, a: p.a, b: p.b, winner };
        });
        walk([...games, ...more], round + 1);
      }
    };
    walk([], 1);
    // 10 games without a reset, 11 with one: 2^9 brackets reach the final, each ends in 1 or 2 ways more.
    expect(events).toBe(512 * 3);
  });

  it('random fields of 2–24 with drops: nobody plays after dropping, nobody else is out before two losses', () => {
    for (let s = 0; s < 120; s++) {
      const rand = seedrandom(`de-${s}`);
      const n = 2 + (s % 23);
      const drops = new Map<number, string>();
      if (s % 4 === 0 && n > 3) drops.set(2 + Math.floor(rand() * 3), `s${1 + Math.floor(rand() * n)}`);
      const { games, rounds, dropped, state } = play(n, (g) => (rand() < 0.5 ? g.a : g.b), drops);
      for (const ps of rounds) {
        const ids = ps.flatMap((p) => [p.a, p.b]).filter(Boolean);
        expect(new Set(ids).size).toBe(ids.length);
      }
      let size = 2;
      while (size < n) size *= 2;
      expect(rounds.length).toBeLessThanOrEqual(2 * Math.log2(size) + 2);
      const losses = lossesOf(games);
      for (const p of seedsOf(n))
        if (p !== state.champion && !dropped.has(p)) expect(losses.get(p) ?? 0, `${p} in field ${n} (seed ${s})`).toBe(2);
      for (const [r, who] of drops) expect(games.filter((g) => g.round >= r && (g.a === who || g.b === who))).toHaveLength(0);
      expect(state.placements).toHaveLength(n);
    }
  });
});
