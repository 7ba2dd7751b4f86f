// Reading a tournament's results: the sides, points per match, standings,
// who goes on from an elimination game, the champion and how many rounds
// it plays. Queries over the repo only: nothing here changes anything.
import { getGame } from '../games/registry.ts';
import type { PairPlayer } from './pairing.ts';
import { knockoutRounds, roundRobinRounds } from './pairing.ts';
import type { Match, Tournament, TournamentRepo } from './repo.ts';
import { DEFAULT_TIE_BREAKS, standings, type Standing, type StandingGame, type TieBreak } from './standings.ts';
import { doubleElimState, type DoubleElimState, type ElimGame } from './double-elim.ts';

/** The sides of a two-seat system: [first, second]. */
export function sidesOf(system: string, options: Record<string, string | number | boolean>): [string, string] {
  const mod = getGame(system);
  if (!mod) throw new Error(`Unknown game system ${system}.`);
  const roles = mod.roles(mod.parseOptions(options));
  if (roles.length !== 2) throw new Error(`${mod.title} has ${roles.length} sides; tournaments pair two players per game.`);
  return [roles[0].id, roles[1].id];
}

/** A match as players name it: round and table ("R3 · T2"). */
export const matchName = (m: Pick<Match, 'round' | 'board'>): string => `R${m.round} · T${m.board}`;

export const isElimination = (tournament: Tournament, match?: Match) =>
  tournament.format === 'knockout' ||
  tournament.format === 'double' ||
  (tournament.format === 'swisscut' && (!match || match.bracket === 'cut'));

export function points(match: Match): { pa: number; pb: number; played: boolean } {
  const played = match.b !== null && match.how !== 'forfeit' && match.outcome !== 'none';
  switch (match.outcome) {
    case 'a':
    case 'bye':
      return { pa: 1, pb: 0, played };
    case 'b':
      return { pa: 0, pb: 1, played };
    case 'draw':
      return { pa: 0.5, pb: 0.5, played };
    default:
      return { pa: 0, pb: 0, played: false };
  }
}

/** The tournament's tie-break order: the organiser's, or its format's default. */
export const tieBreaksOf = (tournament: Tournament): TieBreak[] =>
  tournament.tieBreaks ?? DEFAULT_TIE_BREAKS[tournament.format === 'roundrobin' ? 'roundrobin' : 'swiss'];

/** Standings over the rounds up to `upTo` (default: all); the top cut's games are not in a Swiss's standings. */
export function tournamentStandings(repo: TournamentRepo, tournament: Tournament, upTo = Infinity): Standing[] {
  const entrants = repo.entrants(tournament.id);
  const games: StandingGame[] = repo
    .matches(tournament.id)
    .filter((m) => m.outcome !== null && m.round <= upTo && m.bracket !== 'cut')
    .map((match) => ({
      round: match.round,
      a: match.a,
      b: match.b,
      ...points(match),
      ...(match.how === 'absent' ? { absent: true } : {}),
    }));
  const rating = new Map(entrants.map((e) => [e.userId, e.rating]));
  return standings(
    entrants.filter((e) => e.checkedIn).map((e) => e.userId),
    games,
    (id) => rating.get(id) ?? 0,
    tieBreaksOf(tournament),
  );
}

/**
 * What the pairing knows of each player before `round`. Its `rating` ranks
 * equal scores: minus the seed, so a Swiss follows the seeding (by rating,
 * unrated players by sign-up order, or by hand). A round missed by a late
 * entrant is no pairing-allocated bye: it does not use up the player's bye.
 */
export function history(repo: TournamentRepo, tournament: Tournament, before = Infinity): Map<string, PairPlayer> {
  const out = new Map<string, PairPlayer>();
  for (const entrant of repo.entrants(tournament.id))
    if (entrant.checkedIn)
      out.set(entrant.userId, {
        id: entrant.userId,
        score: 0,
        rating: -(entrant.seed ?? Number.MAX_SAFE_INTEGER),
        opponents: [],
        byes: 0,
        sides: [],
      });
  for (const match of repo.matches(tournament.id)) {
    if (match.round >= before) continue;
    const playerA = out.get(match.a)!;
    const { pa: pointsA, pb: pointsB } = points(match);
    playerA.score += pointsA;
    if (match.b === null) {
      if (match.outcome === 'bye') playerA.byes++;
      continue;
    }
    const playerB = out.get(match.b)!;
    playerB.score += pointsB;
    playerA.opponents.push(playerB.id);
    playerB.opponents.push(playerA.id);
    playerA.sides.push('a');
    playerB.sides.push('b');
  }
  return out;
}

/** Seed numbers for a draw in an elimination game: the entry seed, or the Swiss rank in a top cut. */
function seedsFor(repo: TournamentRepo, tournament: Tournament, match: Match): Map<string, number> {
  if (match.bracket === 'cut') return new Map(tournamentStandings(repo, tournament, tournament.rounds).map((s) => [s.id, s.rank]));
  return new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.seed ?? Number.MAX_SAFE_INTEGER]));
}

/** Who goes on from an elimination game: a draw sends the better seed through. */
export function winnerOf(repo: TournamentRepo, tournament: Tournament, match: Match): string | null {
  if (match.outcome === 'a' || match.outcome === 'bye') return match.a;
  if (match.outcome === 'b') return match.b;
  if (match.outcome === 'draw') {
    const seed = seedsFor(repo, tournament, match);
    return (seed.get(match.a) ?? Infinity) <= (seed.get(match.b!) ?? Infinity) ? match.a : match.b;
  }
  return null;
}

/** Rounds the tournament plays (double elimination: at most, with the grand final's reset). */
export function totalRounds(repo: TournamentRepo, tournament: Tournament): number {
  const entrantCount = repo.entrants(tournament.id).filter((e) => e.checkedIn).length;
  if (tournament.format === 'roundrobin') return roundRobinRounds(entrantCount);
  if (tournament.format === 'knockout') return knockoutRounds(entrantCount);
  if (tournament.format === 'double') return 2 * knockoutRounds(entrantCount) + 1;
  if (tournament.format === 'swisscut') return tournament.rounds + knockoutRounds(Math.min(tournament.cut, entrantCount));
  return tournament.rounds;
}

/** The Swiss rounds of a Swiss with a top cut are `rounds`; the cut comes after them. */
export const swissRoundsOf = (repo: TournamentRepo, tournament: Tournament) =>
  tournament.format === 'swisscut'
    ? tournament.rounds
    : tournament.format === 'knockout' || tournament.format === 'double'
      ? 0
      : totalRounds(repo, tournament);

/** The winner of a finished tournament (elimination: the last game's; else the standings' first). */
export function championOf(repo: TournamentRepo, tournament: Tournament): string | null {
  if (tournament.status !== 'finished') return null;
  if (tournament.format === 'double') return doubleElimOf(repo, tournament).champion;
  const bracket = repo.matches(tournament.id).filter((m) => m.bracket !== 'main' || tournament.format === 'knockout');
  if (isElimination(tournament) && bracket.length) {
    const lastMatches = bracket.filter((m) => m.round === Math.max(...bracket.map((x) => x.round)));
    const alive = lastMatches.map((m) => winnerOf(repo, tournament, m)).filter(Boolean);
    return alive.length === 1 ? alive[0] : null;
  }
  return tournamentStandings(repo, tournament)[0]?.id ?? null;
}

/** A double elimination's state from its games before `round` (default: all). */
export function doubleElimOf(repo: TournamentRepo, tournament: Tournament, round = Infinity): DoubleElimState {
  const games: ElimGame[] = repo
    .matches(tournament.id)
    .filter((match) => match.round < round && match.outcome !== null && match.bracket !== 'main' && match.bracket !== 'cut')
    .map((match) => ({
      round: match.round,
      board: match.board,
      bracket: match.bracket as ElimGame['bracket'],
      a: match.a,
      b: match.b,
      winner: winnerOf(repo, tournament, match),
    }));
  // Seed order; players who withdrew before the start have no seed and no place in the bracket.
  const entrants = repo.entrants(tournament.id).filter((e) => e.checkedIn && e.seed !== null);
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  return doubleElimState(
    entrants.map((e) => e.userId),
    games,
    dropped,
  );
}
