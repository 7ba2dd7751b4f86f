// The bracket picture of an elimination event (issue 20 §8): the matches of a
// single elimination, or of a double elimination's winners', losers' and
// final brackets, by round, with names (never ids) and who went through.
import { renderBracket, type BracketMatch, type BracketSection } from '../../render/bracket.ts';
import type { Attachment } from '../messages/types.ts';
import { clip } from '../messages/text.ts';
import { matchName } from './results.ts';
import type { Match, Tournament, TournamentRepo } from './repo.ts';

/** Who went through: the result, a bye, or on a draw the better seed (as the pairing sends them on). */
function winnerOf(match: Match, seedOf: (id: string) => number): BracketMatch['winner'] {
  if (match.b === null) return 'a';
  if (match.outcome === 'a' || match.outcome === 'bye') return 'a';
  if (match.outcome === 'b') return 'b';
  if (match.outcome === 'draw') return seedOf(match.a) <= seedOf(match.b) ? 'a' : 'b';
  return null;
}

/** The sections of the picture, each bracket's rounds in order. */
export function bracketSections(repo: TournamentRepo, tournament: Tournament): BracketSection[] {
  const entrants = repo.entrants(tournament.id);
  const name = new Map(entrants.map((e) => [e.userId, e.userName]));
  const seed = new Map(entrants.map((e, i) => [e.userId, e.seed ?? i + 1]));
  const seedOf = (id: string) => seed.get(id) ?? Infinity;
  const matches = repo.matches(tournament.id);
  const section = (
    brackets: Match['bracket'][],
    roundName: (roundIndex: number, last: boolean) => string,
    title?: string,
  ): BracketSection | null => {
    const inBrackets = matches.filter((m) => brackets.includes(m.bracket));
    const rounds = [...new Set(inBrackets.map((m) => m.round))].sort((x, y) => x - y);
    if (!rounds.length) return null;
    return {
      ...(title ? { title } : {}),
      rounds: rounds.map((round, roundIndex) => ({
        name: roundName(roundIndex, roundIndex === rounds.length - 1),
        matches: inBrackets
          .filter((m) => m.round === round)
          .sort((x, y) => x.board - y.board)
          .map((match) => ({
            label: matchName(match),
            a: name.get(match.a) ?? match.a,
            b: match.b === null ? null : (name.get(match.b) ?? match.b),
            winner: winnerOf(match, seedOf),
          })),
      })),
    };
  };
  if (tournament.format === 'double')
    return [
      section(['W'], (i) => `Round ${i + 1}`, "Winners' bracket"),
      section(['L'], (i) => `Losers' ${i + 1}`, "Losers' bracket"),
      section(['F', 'F2'], (i) => (i ? 'Reset' : 'Grand final'), 'Grand final'),
    ].filter((s): s is BracketSection => s !== null);
  const single = section(tournament.format === 'knockout' ? ['main'] : ['cut'], (i, last) => (last && i > 0 ? 'Final' : `Round ${i + 1}`));
  return single ? [single] : [];
}

/** The picture, with alt text naming the matches still to play (Discord's limit is 1,024 characters). */
export function bracketImage(repo: TournamentRepo, tournament: Tournament): Attachment | null {
  const sections = bracketSections(repo, tournament);
  if (!sections.length) return null;
  const open = sections.flatMap((section) => section.rounds.flatMap((r) => r.matches.filter((m) => !m.winner && m.b !== null)));
  const alt =
    `Bracket of ${tournament.name}, round ${tournament.round}` +
    (open.length ? `; to play: ${open.map((m) => `${m.label} ${m.a} v ${m.b}`).join(', ')}.` : '.');
  return {
    name: `tournament${tournament.id}-r${tournament.round}-bracket.png`,
    data: renderBracket(`${tournament.name} — bracket after round ${tournament.round}`, sections),
    description: clip(alt, 1000),
  };
}
