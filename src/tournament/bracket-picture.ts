// The bracket picture of an elimination event (issue 20 §8): the matches of a
// single elimination, or of a double elimination's winners', losers' and
// final brackets, by round, with names (never ids) and who went through.
import { renderBracket, type BracketMatch, type BracketSection } from '../../render/bracket.ts';
import type { Attachment } from '../messages/types.ts';
import { clip } from '../messages/text.ts';
import { matchName } from './results.ts';
import type { Match, Tournament, TournamentRepo } from './repo.ts';

/** Who went through: the result, a bye, or on a draw the better seed (as the pairing sends them on). */
function winnerOf(m: Match, seedOf: (id: string) => number): BracketMatch['winner'] {
  if (m.b === null) return 'a';
  if (m.outcome === 'a' || m.outcome === 'bye') return 'a';
  if (m.outcome === 'b') return 'b';
  if (m.outcome === 'draw') return seedOf(m.a) <= seedOf(m.b) ? 'a' : 'b';
  return null;
}

/** The sections of the picture, each bracket's rounds in order. */
export function bracketSections(repo: TournamentRepo, t: Tournament): BracketSection[] {
  const entrants = repo.entrants(t.id);
  const name = new Map(entrants.map((e) => [e.userId, e.userName]));
  const seed = new Map(entrants.map((e, i) => [e.userId, e.seed ?? i + 1]));
  const seedOf = (id: string) => seed.get(id) ?? Infinity;
  const matches = repo.matches(t.id);
  const section = (
    brackets: Match['bracket'][],
    roundName: (i: number, last: boolean) => string,
    title?: string,
  ): BracketSection | null => {
    const ms = matches.filter((m) => brackets.includes(m.bracket));
    const rounds = [...new Set(ms.map((m) => m.round))].sort((x, y) => x - y);
    if (!rounds.length) return null;
    return {
      ...(title ? { title } : {}),
      rounds: rounds.map((r, i) => ({
        name: roundName(i, i === rounds.length - 1),
        matches: ms
          .filter((m) => m.round === r)
          .sort((x, y) => x.board - y.board)
          .map((m) => ({
            label: matchName(m),
            a: name.get(m.a) ?? m.a,
            b: m.b === null ? null : (name.get(m.b) ?? m.b),
            winner: winnerOf(m, seedOf),
          })),
      })),
    };
  };
  if (t.format === 'double')
    return [
      section(['W'], (i) => `Round ${i + 1}`, "Winners' bracket"),
      section(['L'], (i) => `Losers' ${i + 1}`, "Losers' bracket"),
      section(['F', 'F2'], (i) => (i ? 'Reset' : 'Grand final'), 'Grand final'),
    ].filter((s): s is BracketSection => s !== null);
  const single = section(t.format === 'knockout' ? ['main'] : ['cut'], (i, last) => (last && i > 0 ? 'Final' : `Round ${i + 1}`));
  return single ? [single] : [];
}

/** The picture, with alt text naming the matches still to play (Discord's limit is 1,024 characters). */
export function bracketImage(repo: TournamentRepo, t: Tournament): Attachment | null {
  const sections = bracketSections(repo, t);
  if (!sections.length) return null;
  const open = sections.flatMap((s) => s.rounds.flatMap((r) => r.matches.filter((m) => !m.winner && m.b !== null)));
  const alt =
    `Bracket of ${t.name}, round ${t.round}` +
    (open.length ? `; to play: ${open.map((m) => `${m.label} ${m.a} v ${m.b}`).join(', ')}.` : '.');
  return {
    name: `tournament${t.id}-r${t.round}-bracket.png`,
    data: renderBracket(`${t.name} — bracket after round ${t.round}`, sections),
    description: clip(alt, 1000),
  };
}
