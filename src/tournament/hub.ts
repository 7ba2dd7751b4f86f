// What a tournament shows in its channel: the hub (one message, edited in
// place, linking every match thread of the current round with its state;
// sign-up, check-in and drop buttons before the start) and the standings,
// posted after each round as an embed paged within Discord's limits with an
// image (alt text names the leaders) — and on request.
import type { Services } from '../app/services.ts';
import { getGame } from '../games/registry.ts';
import type { Attachment, Button, Embed, Post } from '../messages/types.ts';
import { renderStandings } from '../../render/standings.ts';
import type { Match, Tournament } from './repo.ts';
import { repoOf, type TournamentRepo } from './repo.ts';
import { championOf, doubleElimOf, totalRounds, tournamentStandings } from './results.ts';
import { placeText } from './double-elim.ts';
import { clockText } from './clock-text.ts';
import { TIE_BREAK_TEXT, type Standing } from './standings.ts';

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

const f = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, ''));
const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** The hub post: built at delivery (Router.hub), edited in place. */
export const hubPost = (tid: number, channelId: string): Post => ({ channelId, hub: tid, kind: 'update', content: '' });

export function matchState(svc: Services, repo: TournamentRepo, match: Match): string {
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
  const ties = `ties broken by ${TIE_BREAK_TEXT[tournament.format === 'roundrobin' ? 'roundrobin' : 'swiss']}`;
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
  ]
    .filter(Boolean)
    .join(' · ');
  const fields: { name: string; value: string; inline?: boolean }[] = [];
  let status: string;
  if (tournament.status === 'signup') {
    const ready = entrants.filter((e) => e.checkedIn).length;
    status = `Sign-up is open: ${entrants.length} signed up, ${ready} checked in. Only checked-in players are paired.`;
    const lines = entrants.map((e) => `${e.checkedIn ? '✅' : '▫️'} ${clip(e.userName, 32)}`);
    fields.push(...fieldsOf('Entrants', lines.length ? lines : ['nobody yet'], 3));
  } else {
    const champion = championOf(repo, tournament);
    status =
      tournament.status === 'finished'
        ? `🏁 Finished after ${plural(tournament.round, 'round')}.${champion ? ` Winner: <@${champion}>` : ''}`
        : roundText(repo, tournament);
    const ms = repo.matches(tournament.id, tournament.round);
    const lines = ms.map((m) => `T${m.board}${link(svc, m)} ${name(m.a)}${m.b ? ` v ${name(m.b)}` : ''} — ${matchState(svc, repo, m)}`);
    fields.push(...fieldsOf(`Round ${tournament.round}`, lines, 4));
    const top = tournamentStandings(repo, tournament).slice(0, 8);
    if (tournament.format === 'double' && tournament.round > 0)
      fields.push({
        name: tournament.status === 'finished' ? 'Placements' : 'Standing',
        value: placementLines(repo, tournament, name).slice(0, 8).join('\n'),
      });
    else if (top.length && tournament.round > 0)
      fields.push({ name: 'Leaders', value: top.map((s) => `${s.rank}. ${name(s.id)} — ${f(s.score)}`).join('\n') });
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

export function standingLine(standing: Standing, name: string, dropped: boolean): string {
  return (
    `**${standing.rank}.** ${clip(name, 32)}${dropped ? ' (dropped)' : ''} — **${f(standing.score)}** · ${standing.wins}-${standing.draws}-${standing.losses}` +
    `${standing.byes ? ` · ${standing.byes} bye${standing.byes > 1 ? 's' : ''}` : ''}` +
    `${standing.forfeits ? ` · ${standing.forfeits} forfeit${standing.forfeits > 1 ? 's' : ''}` : ''} · ` +
    `Buchholz ${f(standing.buchholz)} · median ${f(standing.medianBuchholz)} · SB ${f(standing.sonnebornBerger)}`
  );
}

/** A double elimination's standings: placements from the bracket (not a Swiss table), with each player's record. */
function placementLines(repo: TournamentRepo, tournament: Tournament, name: (id: string) => string): string[] {
  const dropped = new Set(
    repo
      .entrants(tournament.id)
      .filter((e) => e.dropped)
      .map((e) => e.userId),
  );
  return doubleElimOf(repo, tournament).placements.map(
    (p) =>
      `**${p.stage === 'still in' ? '—' : placeText(p)}** ${name(p.id)}${dropped.has(p.id) ? ' (dropped)' : ''} — ` +
      `${p.wins} won, ${p.losses} lost · ${p.stage}`,
  );
}

/** Whether the standings are placements in a bracket rather than a points table (no table image). */
export const placementTable = (t: Tournament) => t.format === 'double';

/** Page `page` (1-based) of the standings as an embed, and how many pages there are. */
export function standingsPage(svc: Services, tournament: Tournament, page: number): { embed: Embed; pages: number; page: number } {
  const repo = repoOf(svc);
  const entrants = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e]));
  if (placementTable(tournament)) {
    const lines = placementLines(repo, tournament, (id) => clip(entrants.get(id)?.userName ?? id, 32));
    const pages = Math.max(1, Math.ceil(lines.length / PAGE_ROWS));
    const p = Math.min(Math.max(1, page), pages);
    return {
      embed: {
        title: clip(
          `🏆 ${tournament.name} — ${tournament.status === 'finished' ? 'final placements' : `placements after round ${tournament.round}`}`,
          256,
        ),
        description: lines.slice((p - 1) * PAGE_ROWS, p * PAGE_ROWS).join('\n') || 'Nobody has played yet.',
        color: 0x3b82f6,
        footer: `Page ${p} of ${pages} · players out at the same stage share a place; out after a second loss`,
      },
      pages,
      page: p,
    };
  }
  const standings = tournamentStandings(repo, tournament);
  const pages = Math.max(1, Math.ceil(standings.length / PAGE_ROWS));
  const p = Math.min(Math.max(1, page), pages);
  const rows = standings
    .slice((p - 1) * PAGE_ROWS, p * PAGE_ROWS)
    .map((x) => standingLine(x, entrants.get(x.id)?.userName ?? x.id, !!entrants.get(x.id)?.dropped));
  return {
    embed: {
      title: clip(
        `🏆 ${tournament.name} — standings after round ${tournament.round}${tournament.status === 'finished' ? ' (final)' : ''}`,
        256,
      ),
      description: rows.join('\n') || 'Nobody has played yet.',
      color: 0x3b82f6,
      footer:
        `Page ${p} of ${pages} · ties broken by ${TIE_BREAK_TEXT[tournament.format === 'roundrobin' ? 'roundrobin' : 'swiss']} ` +
        '(FIDE; byes and forfeits against a virtual opponent)',
    },
    pages,
    page: p,
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
  const standings = tournamentStandings(repo, tournament);
  const rows = standings.slice(0, IMAGE_ROWS).map((x) => ({
    rank: x.rank,
    name: entrants.get(x.id)?.userName ?? x.id,
    dropped: !!entrants.get(x.id)?.dropped,
    score: x.score,
    buchholz: x.buchholz,
    median: x.medianBuchholz,
    sb: x.sonnebornBerger,
    played: x.played,
  }));
  const title = `${tournament.name} — after round ${tournament.round}${tournament.status === 'finished' ? ' (final)' : ''}`;
  const data = renderStandings(title, rows, standings.length);
  const leaders = standings
    .slice(0, 10)
    .map((x) => `${x.rank}. ${entrants.get(x.id)?.userName ?? x.id} ${f(x.score)}`)
    .join(', ');
  const alt =
    `Standings table of ${tournament.name} after round ${tournament.round}, ` +
    `${standings.length} players: ${leaders}${standings.length > 10 ? ', …' : ''}.`;
  return { name: `tournament${tournament.id}-r${tournament.round}-standings.png`, data, description: clip(alt, 1000) };
}

/** After a round: page 1 of the standings with the image, and buttons for the other pages. */
export function roundStandingsPosts(svc: Services, tournament: Tournament): Post[] {
  const { embed, pages, page } = standingsPage(svc, tournament, 1);
  return [
    {
      channelId: tournament.channelId,
      kind: 'update',
      content: `🏆 **${tournament.name}** standings after round ${tournament.round}${tournament.status === 'finished' ? ' (final)' : ''}:`,
      embed,
      ...(placementTable(tournament) ? {} : { files: [standingsImage(svc, tournament)] }),
      buttons: pageButtons(tournament.id, page, pages),
    },
  ];
}
