// What a tournament shows in its channel: the hub (one message, edited in
// place, linking every match thread of the current round with its state;
// sign-up, check-in and drop buttons before the start) and the standings,
// posted after each round as an embed paged within Discord's limits with an
// image (alt text names the leaders) — and on request.
import type { Services } from '../app/services.ts';
import { getGame } from '../games/registry.ts';
import type { Attachment, Button, Embed, Post } from '../messages/types.ts';
import { renderStandings } from '../../render/standings.ts';
import { bracketImage } from './bracket-picture.ts';
import type { Match, Tournament } from './repo.ts';
import { repoOf, type TournamentRepo } from './repo.ts';
import { championOf, doubleElimOf, tieBreaksOf, totalRounds, tournamentStandings } from './results.ts';
import { placeText } from './double-elim.ts';
import { clockText } from './clock-text.ts';
import { tieBreakText, type Standing } from './standings.ts';
import { knockoutPlacements } from './knockout-placements.ts';
import { checkinState, lateEntryText } from './entry-rules.ts';
import type { Placement } from './double-elim.ts';

export const FORMAT_NAMES: Record<Tournament['format'], string> = {
  swiss: 'Swiss',
  roundrobin: 'Round robin',
  knockout: 'Single elimination',
  double: 'Double elimination',
  swisscut: 'Swiss, then a top cut',
};

/** Rows per standings page: 20 lines of at most ~130 characters stay well inside an embed's 4,096. */
export const PAGE_ROWS = 20;
/** Rows drawn in the standings image. */
export const IMAGE_ROWS = 64;

const decimal = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, ''));
const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** The hub post: built at delivery (Router.hub), edited in place. */
export const hubPost = (tid: number, channelId: string): Post => ({ channelId, hub: tid, kind: 'update', content: '' });

export function matchState(svc: Services, repo: TournamentRepo, match: Match): string {
  if (match.how === 'absent') return `missed (late entry): ${match.outcome === 'draw' ? '½' : '0'}`;
  const how = match.how && !['play', 'bye', 'organiser'].includes(match.how) ? ` (${match.how})` : '';
  switch (match.outcome) {
    case 'bye':
      return 'bye';
    case 'a':
      return `1–0${how}`;
    case 'b':
      return `0–1${how}`;
    case 'draw':
      return `½–½${how}`;
    case 'none':
      return `0–0${how}`;
  }
  const rep = repo.report(match.id);
  if (rep) return rep.disputedBy ? '⚠️ result disputed' : '📝 result reported, awaiting confirmation';
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  return row?.status === 'lobby' ? '🔒 bidding for sides' : '⏳ in play';
}

/** `<#thread>` once the match's thread exists (a placeholder home is no channel yet). */
const link = (svc: Services, match: Match) => {
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  return row && !row.channelId.includes(':') ? ` <#${row.channelId}>` : '';
};

function fieldsOf(name: string, lines: string[], maxFields: number): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  let cur = '';
  let shown = 0;
  for (const line of lines) {
    if (cur.length + line.length + 1 > 1000) {
      if (out.length + 1 >= maxFields) break;
      out.push({ name: out.length ? `${name} (cont.)` : name, value: cur });
      cur = '';
    }
    cur += (cur ? '\n' : '') + line;
    shown++;
  }
  if (cur) out.push({ name: out.length ? `${name} (cont.)` : name, value: cur });
  if (shown < lines.length) out[out.length - 1].value += `\n… ${lines.length - shown} more: /tournament pairings`;
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The format as organisers say it, with the bye's score and the tie-breaks: "3 Swiss rounds, then a top 4; a bye scores 1 point". */
export function formatText(tournament: Tournament): string {
  const ties = `ties broken by ${tieBreakText(tieBreaksOf(tournament))}`;
  switch (tournament.format) {
    case 'swiss':
      return `${plural(tournament.rounds, 'Swiss round')}; a bye scores 1 point; ${ties}`;
    case 'swisscut':
      return `${plural(tournament.rounds, 'Swiss round')}, then a top ${tournament.cut} (single elimination); a bye scores 1 point; ${ties}`;
    case 'roundrobin':
      return `Round robin (everyone plays everyone once); a bye scores 1 point; ${ties}`;
    case 'knockout':
      return 'Single elimination; byes (top seeds, first round only) go through; a draw sends the better seed through';
    case 'double':
      return "Double elimination: out after two losses; a grand final, replayed if the winners' champion loses it; byes only in the first round";
  }
}

/** Where the event stands: "Swiss round 2 of 3", "Top cut round 1 of 2", "Round 4 of at most 7". */
function roundText(repo: TournamentRepo, tournament: Tournament): string {
  if (tournament.format === 'swisscut')
    return tournament.round <= tournament.rounds
      ? `Swiss round ${tournament.round} of ${tournament.rounds}, then a top ${tournament.cut}.`
      : `Top ${tournament.cut} round ${tournament.round - tournament.rounds} of ${totalRounds(repo, tournament) - tournament.rounds}.`;
  return `Round ${tournament.round} of ${tournament.format === 'double' ? 'at most ' : ''}${totalRounds(repo, tournament)}.`;
}

export function hubEmbed(svc: Services, tournament: Tournament): Embed {
  const repo = repoOf(svc);
  const mod = getGame(tournament.system);
  const entrants = repo.entrants(tournament.id);
  const names = new Map(entrants.map((e) => [e.userId, e.userName]));
  const name = (u: string | null) => (u === null ? 'bye' : clip(names.get(u) ?? u, 32));
  const spec = [
    mod?.title ?? tournament.system,
    formatText(tournament),
    tournament.clockHours ? `${clockText(tournament)}, or forfeit` : null,
    tournament.roundHours ? `a round every ${tournament.roundHours} h` : null,
    tournament.bidding ? 'side bidding in VP' : null,
    lateEntryText(tournament),
  ]
    .filter(Boolean)
    .join(' · ');
  const fields: { name: string; value: string; inline?: boolean }[] = [];
  let status: string;
  if (tournament.status === 'signup') {
    const ready = entrants.filter((e) => e.checkedIn).length;
    const signed = entrants.filter((e) => !e.missedCheckin).length;
    status =
      `Sign-up is open: ${signed} signed up, ${ready} checked in. Only checked-in players are paired. ` +
      `${checkinState(tournament, svc.now()).text}.${tournament.seededByHand ? ' Seeded by hand.' : ''}`;
    const lines = entrants.map(
      (entrant) =>
        `${entrant.checkedIn ? '✅' : entrant.missedCheckin ? '⌛' : '▫️'} ` +
        `${tournament.seededByHand && entrant.seed ? `#${entrant.seed} ` : ''}${clip(entrant.userName, 32)}`,
    );
    fields.push(...fieldsOf('Entrants', lines.length ? lines : ['nobody yet'], 3));
  } else {
    const champion = championOf(repo, tournament);
    status =
      tournament.status === 'finished'
        ? `🏁 Finished after ${plural(tournament.round, 'round')}.${champion ? ` Winner: <@${champion}>` : ''}`
        : roundText(repo, tournament);
    const roundMatches = repo.matches(tournament.id, tournament.round);
    const lines = roundMatches.map(
      (match) =>
        `T${match.board}${link(svc, match)} ${name(match.a)}${match.b ? ` v ${name(match.b)}` : ''} — ${matchState(svc, repo, match)}`,
    );
    fields.push(...fieldsOf(`Round ${tournament.round}`, lines, 4));
    const top = tournamentStandings(repo, tournament).slice(0, 8);
    if (placementTable(tournament) && tournament.round > 0)
      fields.push({
        name: tournament.status === 'finished' ? 'Placements' : 'Standing',
        value: placementLines(repo, tournament, name).slice(0, 8).join('\n'),
      });
    else if (inCut(tournament))
      fields.push({
        name: `Top ${tournament.cut}${tournament.status === 'finished' ? ': placements' : ''}`,
        value: placementLines(repo, tournament, name).slice(0, 8).join('\n') || '—',
      });
    else if (top.length && tournament.round > 0)
      fields.push({ name: 'Leaders', value: top.map((s) => `${s.rank}. ${name(s.id)} — ${decimal(s.score)}`).join('\n') });
  }
  return {
    title: clip(`🏆 ${tournament.name} (#${tournament.id})`, 256),
    description: `${spec}\n${status}`,
    color: tournament.status === 'finished' ? 0xd4af37 : 0x3b82f6,
    fields,
    footer: 'Muster tournament hub · /tournament standings · /tournament pairings',
  };
}

export const hubButtons = (tournament: Tournament): Button[] =>
  tournament.status === 'signup'
    ? [
        { customId: `tourn:signup:${tournament.id}`, label: 'Sign up', style: 'primary' },
        { customId: `tourn:checkin:${tournament.id}`, label: 'Check in', style: 'success' },
        { customId: `tourn:drop:${tournament.id}`, label: 'Withdraw', style: 'secondary' },
      ]
    : [{ customId: `tstand:${tournament.id}:1`, label: 'Standings', style: 'secondary' }];

/** Router.hub: the hub as it stands, with the message it replaces. */
export function currentHub(svc: Services, tid: number): { post: Post; messageId: string | null } | null {
  const tournament = repoOf(svc).get(tid);
  if (!tournament) return null;
  const messageId = tournament.hubChannelId === tournament.channelId ? tournament.hubMessageId : null;
  return {
    post: {
      channelId: tournament.channelId,
      kind: 'update',
      content: '',
      embed: hubEmbed(svc, tournament),
      buttons: hubButtons(tournament),
      ...(messageId ? { edit: messageId } : {}),
    },
    messageId,
  };
}

export function standingLine(row: Standing, name: string, dropped: boolean): string {
  const countOf = (count: number, what: string) => (count ? ` · ${count} ${what}${count > 1 ? 's' : ''}` : '');
  return (
    `**${row.rank}.** ${clip(name, 32)}${dropped ? ' (dropped)' : ''} — **${decimal(row.score)}** · ${row.wins}-${row.draws}-${row.losses}` +
    `${countOf(row.byes, 'bye')}${countOf(row.forfeits, 'forfeit')}` +
    `${row.absent ? ` · ${row.absent} missed (late entry)` : ''} · ` +
    `Buchholz cut-1 ${decimal(row.buchholzCut1)} · Buchholz ${decimal(row.buchholz)} · ` +
    `median ${decimal(row.medianBuchholz)} · SB ${decimal(row.sonnebornBerger)}`
  );
}

/** A Swiss with a top cut, once the cut has begun: its standings are the Swiss's, its placements the cut's. */
export const inCut = (t: Tournament) => t.format === 'swisscut' && t.round > t.rounds;

/** An elimination bracket's placements: a double elimination's, a knockout's, or a Swiss's top cut. */
export function placementsOf(repo: TournamentRepo, tournament: Tournament): Placement[] {
  if (tournament.format === 'double') return doubleElimOf(repo, tournament).placements;
  if (tournament.format === 'knockout' || tournament.format === 'swisscut')
    return knockoutPlacements(repo, tournament, championOf(repo, tournament));
  return [];
}

/** Placements from the bracket (not a Swiss table), with each player's record. */
function placementLines(repo: TournamentRepo, tournament: Tournament, name: (id: string) => string): string[] {
  const dropped = new Set(
    repo
      .entrants(tournament.id)
      .filter((e) => e.dropped)
      .map((e) => e.userId),
  );
  return placementsOf(repo, tournament).map(
    (placement) =>
      `**${placement.stage === 'still in' ? '—' : placeText(placement)}** ${name(placement.id)}${dropped.has(placement.id) ? ' (dropped)' : ''} — ` +
      `${placement.wins} won, ${placement.draws ? `${placement.draws} drawn, ` : ''}${placement.losses} lost · ${placement.stage}`,
  );
}

/** Whether the standings are placements in a bracket rather than a points table (no table image). */
export const placementTable = (t: Tournament) => t.format === 'double' || t.format === 'knockout';

/** What a points table shows: "standings after round 3", "Swiss standings (final, after 5 rounds)" during a top cut. */
function afterText(tournament: Tournament): string {
  if (inCut(tournament)) return `Swiss standings (final, after ${plural(tournament.rounds, 'round')})`;
  return `standings after round ${tournament.round}${tournament.status === 'finished' ? ' (final)' : ''}`;
}

/** Page `page` (1-based) of the standings as an embed, and how many pages there are. */
export function standingsPage(svc: Services, tournament: Tournament, page: number): { embed: Embed; pages: number; page: number } {
  const repo = repoOf(svc);
  const entrants = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e]));
  if (placementTable(tournament)) {
    const lines = placementLines(repo, tournament, (id) => clip(entrants.get(id)?.userName ?? id, 32));
    const pages = Math.max(1, Math.ceil(lines.length / PAGE_ROWS));
    const shownPage = Math.min(Math.max(1, page), pages);
    return {
      embed: {
        title: clip(
          `🏆 ${tournament.name} — ${tournament.status === 'finished' ? 'final placements' : `placements after round ${tournament.round}`}`,
          256,
        ),
        description: lines.slice((shownPage - 1) * PAGE_ROWS, shownPage * PAGE_ROWS).join('\n') || 'Nobody has played yet.',
        color: 0x3b82f6,
        footer:
          `Page ${shownPage} of ${pages} · players out at the same stage share a place` +
          `${tournament.format === 'double' ? '; out after a second loss' : ''}`,
      },
      pages,
      page: shownPage,
    };
  }
  const allStandings = tournamentStandings(repo, tournament);
  const pages = Math.max(1, Math.ceil(allStandings.length / PAGE_ROWS));
  const shownPage = Math.min(Math.max(1, page), pages);
  const rows = allStandings
    .slice((shownPage - 1) * PAGE_ROWS, shownPage * PAGE_ROWS)
    .map((x) => standingLine(x, entrants.get(x.id)?.userName ?? x.id, !!entrants.get(x.id)?.dropped));
  // During and after a top cut the Swiss table stands as it was after its last round; the cut's placements come apart.
  const cut = inCut(tournament)
    ? [
        {
          name: `Top ${tournament.cut} (single elimination)`,
          value: placementLines(repo, tournament, (id) => clip(entrants.get(id)?.userName ?? id, 32)).join('\n'),
        },
      ]
    : [];
  return {
    embed: {
      title: clip(`🏆 ${tournament.name} — ${afterText(tournament)}`, 256),
      description: rows.join('\n') || 'Nobody has played yet.',
      color: 0x3b82f6,
      ...(cut.length ? { fields: cut } : {}),
      footer:
        `Page ${shownPage} of ${pages} · ties broken by ${tieBreakText(tieBreaksOf(tournament))} ` +
        '(FIDE; byes and forfeits against a virtual opponent)',
    },
    pages,
    page: shownPage,
  };
}

export const pageButtons = (tid: number, page: number, pages: number): Button[] =>
  pages <= 1
    ? []
    : [
        ...(page > 1 ? [{ customId: `tstand:${tid}:${page - 1}`, label: '◀ Previous', style: 'secondary' as const }] : []),
        ...(page < pages ? [{ customId: `tstand:${tid}:${page + 1}`, label: 'Next ▶', style: 'secondary' as const }] : []),
      ];

/** The standings image, with alt text naming the leaders (Discord's limit is 1,024 characters). */
export function standingsImage(svc: Services, tournament: Tournament): Attachment {
  const repo = repoOf(svc);
  const entrants = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e]));
  const allStandings = tournamentStandings(repo, tournament);
  const rows = allStandings.slice(0, IMAGE_ROWS).map((standing) => ({
    rank: standing.rank,
    name: entrants.get(standing.id)?.userName ?? standing.id,
    dropped: !!entrants.get(standing.id)?.dropped,
    score: standing.score,
    buchholz: standing.buchholz,
    median: standing.medianBuchholz,
    sb: standing.sonnebornBerger,
    played: standing.played,
  }));
  const title = `${tournament.name} — ${afterText(tournament)}`;
  const data = renderStandings(title, rows, allStandings.length, tieBreakText(tieBreaksOf(tournament)));
  const leaders = allStandings
    .slice(0, 10)
    .map((x) => `${x.rank}. ${entrants.get(x.id)?.userName ?? x.id} ${decimal(x.score)}`)
    .join(', ');
  const alt =
    `Standings table of ${tournament.name} ${afterText(tournament).replace(/^(Swiss )?standings /, '')}, ` +
    `${allStandings.length} players: ${leaders}${allStandings.length > 10 ? ', …' : ''}.`;
  return { name: `tournament${tournament.id}-r${tournament.round}-standings.png`, data, description: clip(alt, 1000) };
}

/** The standings post's heading: placements for a bracket, the cut's placements beside the Swiss table, else the table. */
function postTitle(tournament: Tournament): string {
  const finished = tournament.status === 'finished';
  if (placementTable(tournament)) return finished ? 'final placements' : `placements after round ${tournament.round}`;
  if (inCut(tournament))
    return `top ${tournament.cut} ${finished ? 'final placements' : `placements after round ${tournament.round}`}, and the Swiss standings`;
  return afterText(tournament);
}

/** An elimination event's picture is its bracket (issue 20 §8). */
function bracketFiles(svc: Services, tournament: Tournament): { files?: Attachment[] } {
  const image = bracketImage(repoOf(svc), tournament);
  return image ? { files: [image] } : {};
}

/** After a round: page 1 of the standings with the image (a bracket's picture for an elimination), and buttons for the other pages. */
export function roundStandingsPosts(svc: Services, tournament: Tournament): Post[] {
  const { embed, pages, page } = standingsPage(svc, tournament, 1);
  return [
    {
      channelId: tournament.channelId,
      kind: 'update',
      content: `🏆 **${tournament.name}** ${postTitle(tournament)}:`,
      embed,
      ...(placementTable(tournament) ? bracketFiles(svc, tournament) : { files: [standingsImage(svc, tournament)] }),
      buttons: pageButtons(tournament.id, page, pages),
    },
  ];
}
