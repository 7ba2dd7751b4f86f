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

export const isElimination = (t: Tournament, m?: Match) =>
  t.format === 'knockout' || t.format === 'double' || (t.format === 'swisscut' && (!m || m.bracket === 'cut'));

export function points(m: Match): { pa: number; pb: number; played: boolean } {
  const played = m.b !== null && m.how !== 'forfeit' && m.outcome !== 'none';
  switch (m.outcome) {
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
export const tieBreaksOf = (t: Tournament): TieBreak[] =>
  t.tieBreaks ?? DEFAULT_TIE_BREAKS[t.format === 'roundrobin' ? 'roundrobin' : 'swiss'];

/** Standings over the rounds up to `upTo` (default: all); the top cut's games are not in a Swiss's standings. */
export function tournamentStandings(repo: TournamentRepo, t: Tournament, upTo = Infinity): Standing[] {
  const entrants = repo.entrants(t.id);
  const games: StandingGame[] = repo
    .matches(t.id)
    .filter((m) => m.outcome !== null && m.round <= upTo && m.bracket !== 'cut')
    .map((m) => ({ round: m.round, a: m.a, b: m.b, ...points(m), ...(m.how === 'absent' ? { absent: true } : {}) }));
  const rating = new Map(entrants.map((e) => [e.userId, e.rating]));
  return standings(
    entrants.filter((e) => e.checkedIn).map((e) => e.userId),
    games,
    (id) => rating.get(id) ?? 0,
    tieBreaksOf(t),
  );
}

/**
 * What the pairing knows of each player before `round`. Its `rating` ranks
 * equal scores: minus the seed, so a Swiss follows the seeding (by rating,
 * unrated players by sign-up order, or by hand). A round missed by a late
 * entrant is no pairing-allocated bye: it does not use up the player's bye.
 */
export function history(repo: TournamentRepo, t: Tournament, before = Infinity): Map<string, PairPlayer> {
  const out = new Map<string, PairPlayer>();
  for (const e of repo.entrants(t.id))
    if (e.checkedIn)
      out.set(e.userId, { id: e.userId, score: 0, rating: -(e.seed ?? Number.MAX_SAFE_INTEGER), opponents: [], byes: 0, sides: [] });
  for (const m of repo.matches(t.id)) {
    if (m.round >= before) continue;
    const a = out.get(m.a)!;
    const { pa, pb } = points(m);
    a.score += pa;
    if (m.b === null) {
      if (m.outcome === 'bye') a.byes++;
      continue;
    }
    const b = out.get(m.b)!;
    b.score += pb;
    a.opponents.push(b.id);
    b.opponents.push(a.id);
    a.sides.push('a');
    b.sides.push('b');
  }
  return out;
}

/** Seed numbers for a draw in an elimination game: the entry seed, or the Swiss rank in a top cut. */
function seedsFor(repo: TournamentRepo, t: Tournament, m: Match): Map<string, number> {
  if (m.bracket === 'cut') return new Map(tournamentStandings(repo, t, t.rounds).map((s) => [s.id, s.rank]));
  return new Map(repo.entrants(t.id).map((e) => [e.userId, e.seed ?? Number.MAX_SAFE_INTEGER]));
}

/** Who goes on from an elimination game: a draw sends the better seed through. */
export function winnerOf(repo: TournamentRepo, t: Tournament, m: Match): string | null {
  if (m.outcome === 'a' || m.outcome === 'bye') return m.a;
  if (m.outcome === 'b') return m.b;
  if (m.outcome === 'draw') {
    const seed = seedsFor(repo, t, m);
    return (seed.get(m.a) ?? Infinity) <= (seed.get(m.b!) ?? Infinity) ? m.a : m.b;
  }
  return null;
}

/** Rounds the tournament plays (double elimination: at most, with the grand final's reset). */
export function totalRounds(repo: TournamentRepo, t: Tournament): number {
  const n = repo.entrants(t.id).filter((e) => e.checkedIn).length;
  if (t.format === 'roundrobin') return roundRobinRounds(n);
  if (t.format === 'knockout') return knockoutRounds(n);
  if (t.format === 'double') return 2 * knockoutRounds(n) + 1;
  if (t.format === 'swisscut') return t.rounds + knockoutRounds(Math.min(t.cut, n));
  return t.rounds;
}

/** The Swiss rounds of a Swiss with a top cut are `rounds`; the cut comes after them. */
export const swissRoundsOf = (repo: TournamentRepo, t: Tournament) =>
  t.format === 'swisscut' ? t.rounds : t.format === 'knockout' || t.format === 'double' ? 0 : totalRounds(repo, t);

/** The winner of a finished tournament (elimination: the last game's; else the standings' first). */
export function championOf(repo: TournamentRepo, t: Tournament): string | null {
  if (t.status !== 'finished') return null;
  if (t.format === 'double') return doubleElimOf(repo, t).champion;
  const bracket = repo.matches(t.id).filter((m) => m.bracket !== 'main' || t.format === 'knockout');
  if (isElimination(t) && bracket.length) {
    const ms = bracket.filter((m) => m.round === Math.max(...bracket.map((x) => x.round)));
    const alive = ms.map((m) => winnerOf(repo, t, m)).filter(Boolean);
    return alive.length === 1 ? alive[0] : null;
  }
  return tournamentStandings(repo, t)[0]?.id ?? null;
}

/** A double elimination's state from its games before `round` (default: all). */
export function doubleElimOf(repo: TournamentRepo, t: Tournament, round = Infinity): DoubleElimState {
  const games: ElimGame[] = repo
    .matches(t.id)
    .filter((m) => m.round < round && m.outcome !== null && m.bracket !== 'main' && m.bracket !== 'cut')
    .map((m) => ({
      round: m.round,
      board: m.board,
      bracket: m.bracket as ElimGame['bracket'],
      a: m.a,
      b: m.b,
      winner: winnerOf(repo, t, m),
    }));
  // Seed order; players who withdrew before the start have no seed and no place in the bracket.
  const entrants = repo.entrants(t.id).filter((e) => e.checkedIn && e.seed !== null);
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  return doubleElimState(
    entrants.map((e) => e.userId),
    games,
    dropped,
  );
}
