// /tournament export: the standings, the pairings and the results as CSV
// and JSON, and for a Swiss a TRF file (FIDE's Tournament Report File,
// TRF16, the format pairing programs such as JaVaFo and bbpPairings read) so
// other tools can check the pairings. Names, never ids: these files are read
// by people too.
import type { Attachment } from '../messages/types.ts';
import type { Match, Tournament, TournamentRepo } from './repo.ts';
import { matchName, points, tieBreaksOf, tournamentStandings, doubleElimOf } from './results.ts';
import { placeText } from './double-elim.ts';
import { TIE_BREAK_NAMES } from './standings.ts';

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, ''));

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csv = (rows: (string | number)[][]) => rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

/** How a match ended, in words: "1-0", "0-1", "½-½", "bye", "forfeit 1-0", "double forfeit", "" while in play. */
function resultText(match: Match): string {
  if (match.outcome === null) return '';
  if (match.outcome === 'bye') return 'bye';
  const forfeit = match.how === 'forfeit';
  if (match.outcome === 'none') return forfeit ? 'double forfeit' : '0-0';
  const score = match.outcome === 'a' ? '1-0' : match.outcome === 'b' ? '0-1' : '½-½';
  return forfeit ? `forfeit ${score}` : score;
}

interface Export {
  standings: Record<string, string | number | boolean>[];
  matches: Record<string, string | number | null>[];
}

function collect(repo: TournamentRepo, tournament: Tournament): Export {
  const entrants = repo.entrants(tournament.id);
  const name = new Map(entrants.map((e) => [e.userId, e.userName]));
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  const nameOf = (id: string | null) => (id === null ? '' : (name.get(id) ?? 'unknown player'));
  const standings: Export['standings'] =
    tournament.format === 'double'
      ? doubleElimOf(repo, tournament).placements.map((placement) => ({
          place: placement.stage === 'still in' ? '' : placeText(placement),
          name: nameOf(placement.id),
          wins: placement.wins,
          draws: placement.draws,
          losses: placement.losses,
          stage: placement.stage,
          dropped: dropped.has(placement.id),
        }))
      : tournamentStandings(repo, tournament).map((standing) => ({
          rank: standing.rank,
          name: nameOf(standing.id),
          score: standing.score,
          wins: standing.wins,
          draws: standing.draws,
          losses: standing.losses,
          byes: standing.byes,
          forfeits: standing.forfeits,
          buchholz_cut1: standing.buchholzCut1,
          buchholz: standing.buchholz,
          median_buchholz: standing.medianBuchholz,
          sonneborn_berger: standing.sonnebornBerger,
          dropped: dropped.has(standing.id),
        }));
  const matches = repo.matches(tournament.id).map((match) => ({
    match: matchName(match),
    round: match.round,
    table: match.board,
    bracket: match.bracket,
    first: nameOf(match.a),
    second: match.b === null ? 'bye' : nameOf(match.b),
    result: resultText(match),
  }));
  return { standings, matches };
}

const toCsv = (rows: Record<string, string | number | boolean | null>[]) =>
  rows.length
    ? csv([Object.keys(rows[0]), ...rows.map((row) => Object.values(row).map((v) => (typeof v === 'number' ? num(v) : String(v ?? ''))))])
    : '';

/** A fixed-column line: `put(pos, text)` writes text from 1-based column pos. */
class Columns {
  private chars: string[] = [];
  put(pos: number, text: string): this {
    while (this.chars.length < pos - 1 + text.length) this.chars.push(' ');
    for (let k = 0; k < text.length; k++) this.chars[pos - 1 + k] = text[k];
    return this;
  }
  toString(): string {
    return this.chars.join('').trimEnd();
  }
}

const right = (s: string | number, width: number) => String(s).slice(0, width).padStart(width);

/**
 * The round cell of a player's 001 line: opponent's starting rank (0000 for
 * none), colour (w: the first side, b: the second, -: none), result (1 = 0,
 * + - for forfeits, U for the pairing-allocated bye, H / Z for a late
 * entrant's missed round (½ / 0), Z for a round not played, blank while the game is on).
 */
function roundCell(match: Match | undefined, player: string, rankOf: Map<string, number>): [string, string, string] {
  if (!match) return ['0000', '-', 'Z'];
  // A late entrant's missed round is a bye chosen by the rules, not the pairing: H (½) or Z (0).
  if (match.b === null && match.how === 'absent') return ['0000', '-', points(match).pa === 0.5 ? 'H' : 'Z'];
  if (match.b === null) return ['0000', '-', 'U'];
  const first = match.a === player;
  const opp = rankOf.get(first ? match.b : match.a) ?? 0;
  const colour = first ? 'w' : 'b';
  if (match.outcome === null) return [right(opp, 4), colour, ' '];
  const { pa: firstPoints, pb: secondPoints } = points(match);
  const mine = first ? firstPoints : secondPoints;
  if (match.how === 'forfeit' || match.outcome === 'none') return [right(opp, 4), colour, mine === 1 ? '+' : '-'];
  return [right(opp, 4), colour, mine === 1 ? '1' : mine === 0.5 ? '=' : '0'];
}

/** The TRF16 text of a Swiss (the Swiss rounds only: a top cut is not part of it). */
export function trfOf(repo: TournamentRepo, tournament: Tournament): string {
  const entrants = repo.entrants(tournament.id).filter((e) => e.checkedIn);
  // Starting rank: the seed (entrants come in seed order).
  const rankOf = new Map(entrants.map((e, i) => [e.userId, i + 1]));
  const standing = new Map(tournamentStandings(repo, tournament).map((s) => [s.id, s]));
  const swiss = repo.matches(tournament.id).filter((m) => m.bracket === 'main');
  const rounds = Math.max(0, ...swiss.map((m) => m.round));
  const lines = [
    `012 ${tournament.name}`,
    `062 ${entrants.length}`,
    `092 Swiss (Muster: a weighted matching after the Dutch criteria)`,
    // The rounds planned (JaVaFo's and bbpPairings' XXR record).
    `XXR ${tournament.rounds}`,
  ];
  for (const entrant of entrants) {
    const standingOf = standing.get(entrant.userId);
    const line = new Columns()
      .put(1, '001')
      .put(5, right(rankOf.get(entrant.userId)!, 4))
      .put(15, entrant.userName.replace(/\s+/g, ' ').slice(0, 33))
      .put(81, right((standingOf?.score ?? 0).toFixed(1), 4))
      .put(86, right(standingOf?.rank ?? '', 4));
    for (let r = 1; r <= rounds; r++) {
      const match = swiss.find((x) => x.round === r && (x.a === entrant.userId || x.b === entrant.userId));
      const [opp, colour, result] = roundCell(match, entrant.userId, rankOf);
      const column = 92 + (r - 1) * 10;
      line
        .put(column, opp)
        .put(column + 5, colour)
        .put(column + 7, result);
    }
    lines.push(line.toString());
  }
  return lines.join('\r\n') + '\r\n';
}

/** The files of /tournament export. */
export function tournamentExport(repo: TournamentRepo, tournament: Tournament): Attachment[] {
  const data = collect(repo, tournament);
  const base = `tournament${tournament.id}`;
  const json = {
    name: tournament.name,
    system: tournament.system,
    format: tournament.format,
    rounds: tournament.rounds,
    round: tournament.round,
    status: tournament.status,
    tieBreaks: tournament.format === 'double' ? [] : tieBreaksOf(tournament).map((k) => TIE_BREAK_NAMES[k]),
    standings: data.standings,
    matches: data.matches,
  };
  const files: Attachment[] = [
    { name: `${base}-standings.csv`, data: Buffer.from(toCsv(data.standings)), description: `Standings of ${tournament.name}` },
    { name: `${base}-pairings.csv`, data: Buffer.from(toCsv(data.matches)), description: `Pairings and results of ${tournament.name}` },
    {
      name: `${base}.json`,
      data: Buffer.from(JSON.stringify(json, null, 2)),
      description: `${tournament.name}: standings, pairings, results`,
    },
  ];
  if (tournament.format === 'swiss' || tournament.format === 'swisscut')
    files.push({
      name: `${base}.trf`,
      data: Buffer.from(trfOf(repo, tournament)),
      description: `${tournament.name} as a FIDE TRF16 file (Swiss rounds), for pairing programs`,
    });
  return files;
}
