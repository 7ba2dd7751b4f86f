// The pairings of the next round of each format, from the rounds before it.
import { knockoutFirstRound, knockoutNextRound, orient, roundRobinRound, roundRobinRounds, swissRound, type Pairing } from './pairing.ts';
import type { Bracket, Match, Tournament, TournamentRepo } from './repo.ts';
import { doubleElimOf, history, tournamentStandings, winnerOf } from './results.ts';

export type RoundPairing = Pairing & { bracket: Bracket };

/** Sides in elimination games balance like the Swiss's (who played the first side last takes the second). */
function balanced(repo: TournamentRepo, t: Tournament, round: number, pairs: RoundPairing[]): RoundPairing[] {
  const h = history(repo, t, round);
  return pairs.map((p, i) => (p.b === null ? p : { ...orient(h.get(p.a)!, h.get(p.b)!, i), bracket: p.bracket }));
}

function knockoutFrom(repo: TournamentRepo, t: Tournament, prev: Match[], dropped: Set<string>, bracket: Bracket): RoundPairing[] | null {
  const winners = prev.map((m) => winnerOf(repo, t, m)).map((w) => (w && !dropped.has(w) ? w : null));
  if (winners.filter(Boolean).length <= 1) return null;
  return knockoutNextRound(winners).map((p) => ({ ...p, bracket }));
}

/** The pairings of round `round` from the results of the rounds before it (null: the tournament is over). */
export function nextPairings(repo: TournamentRepo, t: Tournament, round: number): RoundPairing[] | null {
  const entrants = repo.entrants(t.id).filter((e) => e.checkedIn);
  const active = entrants.filter((e) => !e.dropped);
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  const main = (ps: Pairing[]) => ps.map((p): RoundPairing => ({ ...p, bracket: 'main' }));
  if (t.format === 'swiss' || (t.format === 'swisscut' && round <= t.rounds)) {
    if (round > t.rounds || active.length < 2) return null;
    const h = history(repo, t, round);
    return main(swissRound(active.map((e) => h.get(e.userId)!)));
  }
  if (t.format === 'roundrobin') {
    if (round > roundRobinRounds(entrants.length)) return null;
    // The schedule is fixed by seed; a dropped player's opponent gets the round off (a bye).
    return main(
      roundRobinRound(
        entrants.map((e) => e.userId),
        round,
      ).flatMap((p) => {
        const aIn = !dropped.has(p.a);
        const bIn = p.b !== null && !dropped.has(p.b);
        if (aIn && bIn) return [p];
        if (aIn) return [{ a: p.a, b: null }];
        if (bIn) return [{ a: p.b!, b: null }];
        return [];
      }),
    );
  }
  if (t.format === 'swisscut') {
    if (round === t.rounds + 1) {
      const top = tournamentStandings(repo, t, t.rounds)
        .filter((s) => !dropped.has(s.id))
        .slice(0, t.cut)
        .map((s) => s.id);
      if (top.length < 2) return null;
      return balanced(
        repo,
        t,
        round,
        knockoutFirstRound(top).map((p) => ({ ...p, bracket: 'cut' })),
      );
    }
    const ps = knockoutFrom(repo, t, repo.matches(t.id, round - 1), dropped, 'cut');
    return ps && balanced(repo, t, round, ps);
  }
  if (t.format === 'double') {
    // The bracket decides who meets whom; sides balance after (the reset is read from the bracket, not from a/b).
    const ps = doubleElimOf(repo, t, round).next;
    return ps && balanced(repo, t, round, ps);
  }
  if (round === 1) return balanced(repo, t, 1, main(knockoutFirstRound(active.map((e) => e.userId))));
  const ps = knockoutFrom(repo, t, repo.matches(t.id, round - 1), dropped, 'main');
  return ps && balanced(repo, t, round, ps);
}
