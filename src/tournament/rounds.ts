// The pairings of the next round of each format, from the rounds before it.
import { knockoutFirstRound, knockoutNextRound, orient, roundRobinRound, roundRobinRounds, swissRound, type Pairing } from './pairing.ts';
import type { Bracket, Match, Tournament, TournamentRepo } from './repo.ts';
import { doubleElimOf, history, tournamentStandings, winnerOf } from './results.ts';

export type RoundPairing = Pairing & { bracket: Bracket };

/** Sides in elimination games balance like the Swiss's (who played the first side last takes the second). */
function balanced(repo: TournamentRepo, tournament: Tournament, round: number, pairs: RoundPairing[]): RoundPairing[] {
  const players = history(repo, tournament, round);
  return pairs.map((pair, index) =>
    pair.b === null ? pair : { ...orient(players.get(pair.a)!, players.get(pair.b)!, index), bracket: pair.bracket },
  );
}

function knockoutFrom(
  repo: TournamentRepo,
  tournament: Tournament,
  prev: Match[],
  dropped: Set<string>,
  bracket: Bracket,
): RoundPairing[] | null {
  const winners = prev.map((m) => winnerOf(repo, tournament, m)).map((w) => (w && !dropped.has(w) ? w : null));
  if (winners.filter(Boolean).length <= 1) return null;
  return knockoutNextRound(winners).map((p) => ({ ...p, bracket }));
}

/** The pairings of round `round` from the results of the rounds before it (null: the tournament is over). */
export function nextPairings(repo: TournamentRepo, tournament: Tournament, round: number): RoundPairing[] | null {
  const entrants = repo.entrants(tournament.id).filter((e) => e.checkedIn);
  const active = entrants.filter((e) => !e.dropped);
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  const main = (ps: Pairing[]) => ps.map((p): RoundPairing => ({ ...p, bracket: 'main' }));
  if (tournament.format === 'swiss' || (tournament.format === 'swisscut' && round <= tournament.rounds)) {
    if (round > tournament.rounds || active.length < 2) return null;
    const players = history(repo, tournament, round);
    return main(swissRound(active.map((e) => players.get(e.userId)!)));
  }
  if (tournament.format === 'roundrobin') {
    if (round > roundRobinRounds(entrants.length)) return null;
    // The schedule is fixed by seed; a dropped player's opponent gets the round off (a bye).
    return main(
      roundRobinRound(
        entrants.map((e) => e.userId),
        round,
      ).flatMap((pairing) => {
        const aIn = !dropped.has(pairing.a);
        const bIn = pairing.b !== null && !dropped.has(pairing.b);
        if (aIn && bIn) return [pairing];
        if (aIn) return [{ a: pairing.a, b: null }];
        if (bIn) return [{ a: pairing.b!, b: null }];
        return [];
      }),
    );
  }
  if (tournament.format === 'swisscut') {
    if (round === tournament.rounds + 1) {
      const top = tournamentStandings(repo, tournament, tournament.rounds)
        .filter((s) => !dropped.has(s.id))
        .slice(0, tournament.cut)
        .map((s) => s.id);
      if (top.length < 2) return null;
      return balanced(
        repo,
        tournament,
        round,
        knockoutFirstRound(top).map((p) => ({ ...p, bracket: 'cut' })),
      );
    }
    const pairs = knockoutFrom(repo, tournament, repo.matches(tournament.id, round - 1), dropped, 'cut');
    return pairs && balanced(repo, tournament, round, pairs);
  }
  if (tournament.format === 'double') {
    // The bracket decides who meets whom; sides balance after (the reset is read from the bracket, not from a/b).
    const pairs = doubleElimOf(repo, tournament, round).next;
    return pairs && balanced(repo, tournament, round, pairs);
  }
  if (round === 1) return balanced(repo, tournament, 1, main(knockoutFirstRound(active.map((e) => e.userId))));
  const pairs = knockoutFrom(repo, tournament, repo.matches(tournament.id, round - 1), dropped, 'main');
  return pairs && balanced(repo, tournament, round, pairs);
}
