// The tournament and the match a /tournament subcommand names (`id:`,
// `match:`), resolved once for the handler and for the driver's permission
// check ("a player of this match"), with the refusals a wrong name gets.
import type { Services } from '../src/app/services.ts';
import { repoOf, type Match, type Tournament } from '../src/tournament/repo.ts';
import { echo } from '../src/messages/text.ts';
import { UserError } from '../src/messages/user-error.ts';
import { int, seatName, str } from './context.ts';
import type { Invocation } from './types.ts';

/** A match named by `match:`, with its tournament. */
export interface NamedMatch {
  match: Match;
  tournament: Tournament;
}

/** The tournament `id:` names, or the server's current one. */
export function tournamentNamed(svc: Services, inv: Invocation): Tournament {
  const repo = repoOf(svc);
  const tournamentId = int(inv.options, 'id', 1, Number.MAX_SAFE_INTEGER);
  const tournament = tournamentId ? repo.get(tournamentId) : repo.current(inv.where.guildId);
  if (!tournament || tournament.guildId !== inv.where.guildId)
    throw new UserError(
      tournamentId
        ? `There is no tournament #${tournamentId} on this server.`
        : 'There is no tournament on this server yet. A moderator opens one with /tournament create.',
    );
  return tournament;
}

/** The match `match:` names: its round and table (R3T2, in the tournament `id:` names) or its number. */
export function matchNamed(svc: Services, inv: Invocation): NamedMatch {
  const repo = repoOf(svc);
  const given = str(inv.options, 'match') ?? '';
  const named = /^r\s*(\d+)\s*[·.\-/,:]?\s*t\s*(\d+)$/i.exec(given.trim());
  if (!named && !/^\d+$/.test(given.trim()))
    throw new UserError(
      `'${echo(given, 40)}' is not a match: give its round and table (e.g. R3T2) or its number (see /tournament pairings).`,
    );
  const match = named
    ? repo.matches(tournamentNamed(svc, inv).id, Number(named[1])).find((candidate) => candidate.board === Number(named[2]))
    : repo.match(Number(given));
  const tournament = match && repo.get(match.tournamentId);
  if (!match || !tournament || tournament.guildId !== inv.where.guildId)
    throw new UserError('There is no such match on this server (see /tournament pairings).');
  return { match, tournament };
}

/** The match's players (one for a bye), by the names they signed up with. */
export function matchPlayerNames(svc: Services, { match, tournament }: NamedMatch): string[] {
  const repo = repoOf(svc);
  return [match.a, match.b]
    .filter((userId): userId is string => userId !== null)
    .map((userId) => seatName({ userId, userName: repo.entrant(tournament.id, userId)?.userName ?? userId }));
}
