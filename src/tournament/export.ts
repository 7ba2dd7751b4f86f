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
const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: (string | number)[][]) => rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

/** How a match ended, in words: "1-0", "0-1", "½-½", "bye", "forfeit 1-0", "double forfeit", "" while in play. */
function resultText(m: Match): string {
  if (m.outcome === null) return '';
  if (m.outcome === 'bye') return 'bye';
  const forfeit = m.how === 'forfeit';
  if (m.outcome === 'none') return forfeit ? 'double forfeit' : '0-0';
  const score = m.outcome === 'a' ? '1-0' : m.outcome === 'b' ? '0-1' : '½-½';
  return forfeit ? `forfeit ${score}` : score;
}

interface Export {
  standings: Record<string, string | number | boolean>[];
  matches: Record<string, string | number | null>[];
}

function collect(repo: TournamentRepo, t: Tournament): Export {
  const entrants = repo.entrants(t.id);
  const name = new Map(entrants.map((e) => [e.userId, e.userName]));
  const dropped = new Set(entrants.filter((e) => e.dropped).map((e) => e.userId));
  const nameOf = (id: string | null) => (id === null ? '' : (name.get(id) ?? 'unknown player'));
  const standings: Export['standings'] =
    t.format === 'double'
      ? doubleElimOf(repo, t).placements.map((p) => ({
          place: p.stage === 'still in' ? '' : placeText(p),
          name: nameOf(p.id),
          wins: p.wins,
          draws: p.draws,
          losses: p.losses,
          stage: p.stage,
          dropped: dropped.has(p.id),
        }))
      : tournamentStandings(repo, t).map((s) => ({
          rank: s.rank,
          name: nameOf(s.id),
          score: s.score,
          wins: s.wins,
          draws: s.draws,
          losses: s.losses,
          byes: s.byes,
          forfeits: s.forfeits,
          buchholz_cut1: s.buchholzCut1,
          buchholz: s.buchholz,
          median_buchholz: s.medianBuchholz,
          sonneborn_berger: s.sonnebornBerger,
          dropped: dropped.has(s.id),
        }));
  const matches = repo.matches(t.id).map((m) => ({
    match: matchName(m),
    round: m.round,
    table: m.board,
    bracket: m.bracket,
    first: nameOf(m.a),
    second: m.b === null ? 'bye' : nameOf(m.b),
    result: resultText(m),
  }));
  return { standings, matches };
}

const toCsv = (rows: Record<string, string | number | boolean | null>[]) =>
  rows.length
    ? csv([Object.keys(rows[0]), ...rows.map((r) => Object.values(r).map((v) => (typeof v === 'number' ? num(v) : String(v ?? ''))))])
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
function roundCell(m: Match | undefined, me: string, rankOf: Map<string, number>): [string, string, string] {
  if (!m) return ['0000', '-', 'Z'];
  // A late entrant's missed round is a bye chosen by the rules, not the pairing: H (½) or Z (0).
  if (m.b === null && m.how === 'absent') return ['0000', '-', points(m).pa === 0.5 ? 'H' : 'Z'];
  if (m.b === null) return ['0000', '-', 'U'];
  const first = m.a === me;
  const opp = rankOf.get(first ? m.b : m.a) ?? 0;
  const colour = first ? 'w' : 'b';
  if (m.outcome === null) return [right(opp, 4), colour, ' '];
  const { pa, pb } = points(m);
  const mine = first ? pa : pb;
  if (m.how === 'forfeit' || m.outcome === 'none') return [right(opp, 4), colour, mine === 1 ? '+' : '-'];
  return [right(opp, 4), colour, mine === 1 ? '1' : mine === 0.5 ? '=' : '0'];
}

/** The TRF16 text of a Swiss (the Swiss rounds only: a top cut is not part of it). */
export function trfOf(repo: TournamentRepo, t: Tournament): string {
  const entrants = repo.entrants(t.id).filter((e) => e.checkedIn);
  // Starting rank: the seed (entrants come in seed order).
  const rankOf = new Map(entrants.map((e, i) => [e.userId, i + 1]));
  const standing = new Map(tournamentStandings(repo, t).map((s) => [s.id, s]));
  const swiss = repo.matches(t.id).filter((m) => m.bracket === 'main');
  const rounds = Math.max(0, ...swiss.map((m) => m.round));
  const lines = [
    `012 ${t.name}`,
    `062 ${entrants.length}`,
    `092 Swiss (Muster: a weighted matching after the Dutch criteria)`,
    // The rounds planned (JaVaFo's and bbpPairings' XXR record).
    `XXR ${t.rounds}`,
  ];
  for (const e of entrants) {
    const s = standing.get(e.userId);
    const line = new Columns()
      .put(1, '001')
      .put(5, right(rankOf.get(e.userId)!, 4))
      .put(15, e.userName.replace(/\s+/g, ' ').slice(0, 33))
      .put(81, right((s?.score ?? 0).toFixed(1), 4))
      .put(86, right(s?.rank ?? '', 4));
    for (let r = 1; r <= rounds; r++) {
      const m = swiss.find((x) => x.round === r && (x.a === e.userId || x.b === e.userId));
      const [opp, colour, result] = roundCell(m, e.userId, rankOf);
      const at = 92 + (r - 1) * 10;
      line
        .put(at, opp)
        .put(at + 5, colour)
        .put(at + 7, result);
    }
    lines.push(line.toString());
  }
  return lines.join('\r\n') + '\r\n';
}

/** The files of /tournament export. */
export function tournamentExport(repo: TournamentRepo, t: Tournament): Attachment[] {
  const data = collect(repo, t);
  const base = `tournament${t.id}`;
  const json = {
    name: t.name,
    system: t.system,
    format: t.format,
    rounds: t.rounds,
    round: t.round,
    status: t.status,
    tieBreaks: t.format === 'double' ? [] : tieBreaksOf(t).map((k) => TIE_BREAK_NAMES[k]),
    standings: data.standings,
    matches: data.matches,
  };
  const files: Attachment[] = [
    { name: `${base}-standings.csv`, data: Buffer.from(toCsv(data.standings)), description: `Standings of ${t.name}` },
    { name: `${base}-pairings.csv`, data: Buffer.from(toCsv(data.matches)), description: `Pairings and results of ${t.name}` },
    { name: `${base}.json`, data: Buffer.from(JSON.stringify(json, null, 2)), description: `${t.name}: standings, pairings, results` },
  ];
  if (t.format === 'swiss' || t.format === 'swisscut')
    files.push({
      name: `${base}.trf`,
      data: Buffer.from(trfOf(repo, t)),
      description: `${t.name} as a FIDE TRF16 file (Swiss rounds), for pairing programs`,
    });
  return files;
}
