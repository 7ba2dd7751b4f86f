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

const f = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, ''));
const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** The hub post: built at delivery (Router.hub), edited in place. */
export const hubPost = (tid: number, channelId: string): Post => ({ channelId, hub: tid, kind: 'update', content: '' });

export function matchState(svc: Services, repo: TournamentRepo, m: Match): string {
  if (m.how === 'absent') return `missed (late entry): ${m.outcome === 'draw' ? '½' : '0'}`;
  const how = m.how && !['play', 'bye', 'organiser'].includes(m.how) ? ` (${m.how})` : '';
  switch (m.outcome) {
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
  const rep = repo.report(m.id);
  if (rep) return rep.disputedBy ? '⚠️ result disputed' : '📝 result reported, awaiting confirmation';
  const row = m.gameId ? svc.store.game(m.gameId) : null;
  return row?.status === 'lobby' ? '🔒 bidding for sides' : '⏳ in play';
}

/** `<#thread>` once the match's thread exists (a placeholder home is no channel yet). */
const link = (svc: Services, m: Match) => {
  const row = m.gameId ? svc.store.game(m.gameId) : null;
  return row && !row.channelId.includes(':') ? ` <#${row.channelId}>` : '';
};

function fieldsOf(name: string, lines: string[], maxFields: number): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  let cur = '';
  let shown = 0;
  for (const l of lines) {
    if (cur.length + l.length + 1 > 1000) {
      if (out.length + 1 >= maxFields) break;
      out.push({ name: out.length ? `${name} (cont.)` : name, value: cur });
      cur = '';
    }
    cur += (cur ? '\n' : '') + l;
    shown++;
  }
  if (cur) out.push({ name: out.length ? `${name} (cont.)` : name, value: cur });
  if (shown < lines.length) out[out.length - 1].value += `\n… ${lines.length - shown} more: /tournament pairings`;
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The format as organisers say it, with the bye's score and the tie-breaks: "3 Swiss rounds, then a top 4; a bye scores 1 point". */
export function formatText(t: Tournament): string {
  const ties = `ties broken by ${tieBreakText(tieBreaksOf(t))}`;
  switch (t.format) {
    case 'swiss':
      return `${plural(t.rounds, 'Swiss round')}; a bye scores 1 point; ${ties}`;
    case 'swisscut':
      return `${plural(t.rounds, 'Swiss round')}, then a top ${t.cut} (single elimination); a bye scores 1 point; ${ties}`;
    case 'roundrobin':
      return `Round robin (everyone plays everyone once); a bye scores 1 point; ${ties}`;
    case 'knockout':
      return 'Single elimination; byes (top seeds, first round only) go through; a draw sends the better seed through';
    case 'double':
      return "Double elimination: out after two losses; a grand final, replayed if the winners' champion loses it; byes only in the first round";
  }
}

/** Where the event stands: "Swiss round 2 of 3", "Top cut round 1 of 2", "Round 4 of at most 7". */
function roundText(repo: TournamentRepo, t: Tournament): string {
  if (t.format === 'swisscut')
    return t.round <= t.rounds
      ? `Swiss round ${t.round} of ${t.rounds}, then a top ${t.cut}.`
      : `Top ${t.cut} round ${t.round - t.rounds} of ${totalRounds(repo, t) - t.rounds}.`;
  return `Round ${t.round} of ${t.format === 'double' ? 'at most ' : ''}${totalRounds(repo, t)}.`;
}

export function hubEmbed(svc: Services, t: Tournament): Embed {
  const repo = repoOf(svc);
  const mod = getGame(t.system);
  const entrants = repo.entrants(t.id);
  const names = new Map(entrants.map((e) => [e.userId, e.userName]));
  const name = (u: string | null) => (u === null ? 'bye' : clip(names.get(u) ?? u, 32));
  const spec = [
    mod?.title ?? t.system,
    formatText(t),
    t.clockHours ? `${clockText(t)}, or forfeit` : null,
    t.roundHours ? `a round every ${t.roundHours} h` : null,
    t.bidding ? 'side bidding in VP' : null,
    lateEntryText(t),
  ]
    .filter(Boolean)
    .join(' · ');
  const fields: { name: string; value: string; inline?: boolean }[] = [];
  let status: string;
  if (t.status === 'signup') {
    const ready = entrants.filter((e) => e.checkedIn).length;
    const signed = entrants.filter((e) => !e.missedCheckin).length;
    status =
      `Sign-up is open: ${signed} signed up, ${ready} checked in. Only checked-in players are paired. ` +
      `${checkinState(t, svc.now()).text}.${t.seededByHand ? ' Seeded by hand.' : ''}`;
    const lines = entrants.map(
      (e) =>
        `${e.checkedIn ? '✅' : e.missedCheckin ? '⌛' : '▫️'} ${t.seededByHand && e.seed ? `#${e.seed} ` : ''}${clip(e.userName, 32)}`,
    );
    fields.push(...fieldsOf('Entrants', lines.length ? lines : ['nobody yet'], 3));
  } else {
    const champion = championOf(repo, t);
    status =
      t.status === 'finished'
        ? `🏁 Finished after ${plural(t.round, 'round')}.${champion ? ` Winner: <@${champion}>` : ''}`
        : roundText(repo, t);
    const ms = repo.matches(t.id, t.round);
    const lines = ms.map((m) => `T${m.board}${link(svc, m)} ${name(m.a)}${m.b ? ` v ${name(m.b)}` : ''} — ${matchState(svc, repo, m)}`);
    fields.push(...fieldsOf(`Round ${t.round}`, lines, 4));
    const top = tournamentStandings(repo, t).slice(0, 8);
    if (placementTable(t) && t.round > 0)
      fields.push({
        name: t.status === 'finished' ? 'Placements' : 'Standing',
        value: placementLines(repo, t, name).slice(0, 8).join('\n'),
      });
    else if (inCut(t))
      fields.push({
        name: `Top ${t.cut}${t.status === 'finished' ? ': placements' : ''}`,
        value: placementLines(repo, t, name).slice(0, 8).join('\n') || '—',
      });
    else if (top.length && t.round > 0)
      fields.push({ name: 'Leaders', value: top.map((s) => `${s.rank}. ${name(s.id)} — ${f(s.score)}`).join('\n') });
  }
  return {
    title: clip(`🏆 ${t.name} (#${t.id})`, 256),
    description: `${spec}\n${status}`,
    color: t.status === 'finished' ? 0xd4af37 : 0x3b82f6,
    fields,
    footer: 'Muster tournament hub · /tournament standings · /tournament pairings',
  };
}

export const hubButtons = (t: Tournament): Button[] =>
  t.status === 'signup'
    ? [
        { customId: `tourn:signup:${t.id}`, label: 'Sign up', style: 'primary' },
        { customId: `tourn:checkin:${t.id}`, label: 'Check in', style: 'success' },
        { customId: `tourn:drop:${t.id}`, label: 'Withdraw', style: 'secondary' },
      ]
    : [{ customId: `tstand:${t.id}:1`, label: 'Standings', style: 'secondary' }];

/** Router.hub: the hub as it stands, with the message it replaces. */
export function currentHub(svc: Services, tid: number): { post: Post; messageId: string | null } | null {
  const t = repoOf(svc).get(tid);
  if (!t) return null;
  const messageId = t.hubChannelId === t.channelId ? t.hubMessageId : null;
  return {
    post: {
      channelId: t.channelId,
      kind: 'update',
      content: '',
      embed: hubEmbed(svc, t),
      buttons: hubButtons(t),
      ...(messageId ? { edit: messageId } : {}),
    },
    messageId,
  };
}

export function standingLine(s: Standing, name: string, dropped: boolean): string {
  return (
    `**${s.rank}.** ${clip(name, 32)}${dropped ? ' (dropped)' : ''} — **${f(s.score)}** · ${s.wins}-${s.draws}-${s.losses}` +
    `${s.byes ? ` · ${s.byes} bye${s.byes > 1 ? 's' : ''}` : ''}${s.forfeits ? ` · ${s.forfeits} forfeit${s.forfeits > 1 ? 's' : ''}` : ''}` +
    `${s.absent ? ` · ${s.absent} missed (late entry)` : ''} · ` +
    `Buchholz cut-1 ${f(s.buchholzCut1)} · Buchholz ${f(s.buchholz)} · median ${f(s.medianBuchholz)} · SB ${f(s.sonnebornBerger)}`
  );
}

/** A Swiss with a top cut, once the cut has begun: its standings are the Swiss's, its placements the cut's. */
export const inCut = (t: Tournament) => t.format === 'swisscut' && t.round > t.rounds;

/** An elimination bracket's placements: a double elimination's, a knockout's, or a Swiss's top cut. */
export function placementsOf(repo: TournamentRepo, t: Tournament): Placement[] {
  if (t.format === 'double') return doubleElimOf(repo, t).placements;
  if (t.format === 'knockout' || t.format === 'swisscut') return knockoutPlacements(repo, t, championOf(repo, t));
  return [];
}

/** Placements from the bracket (not a Swiss table), with each player's record. */
function placementLines(repo: TournamentRepo, t: Tournament, name: (id: string) => string): string[] {
  const dropped = new Set(
    repo
      .entrants(t.id)
      .filter((e) => e.dropped)
      .map((e) => e.userId),
  );
  return placementsOf(repo, t).map(
    (p) =>
      `**${p.stage === 'still in' ? '—' : placeText(p)}** ${name(p.id)}${dropped.has(p.id) ? ' (dropped)' : ''} — ` +
      `${p.wins} won, ${p.draws ? `${p.draws} drawn, ` : ''}${p.losses} lost · ${p.stage}`,
  );
}

/** Whether the standings are placements in a bracket rather than a points table (no table image). */
export const placementTable = (t: Tournament) => t.format === 'double' || t.format === 'knockout';

/** What a points table shows: "standings after round 3", "Swiss standings (final, after 5 rounds)" during a top cut. */
function afterText(t: Tournament): string {
  if (inCut(t)) return `Swiss standings (final, after ${plural(t.rounds, 'round')})`;
  return `standings after round ${t.round}${t.status === 'finished' ? ' (final)' : ''}`;
}

/** Page `page` (1-based) of the standings as an embed, and how many pages there are. */
export function standingsPage(svc: Services, t: Tournament, page: number): { embed: Embed; pages: number; page: number } {
  const repo = repoOf(svc);
  const entrants = new Map(repo.entrants(t.id).map((e) => [e.userId, e]));
  if (placementTable(t)) {
    const lines = placementLines(repo, t, (id) => clip(entrants.get(id)?.userName ?? id, 32));
    const pages = Math.max(1, Math.ceil(lines.length / PAGE_ROWS));
    const p = Math.min(Math.max(1, page), pages);
    return {
      embed: {
        title: clip(`🏆 ${t.name} — ${t.status === 'finished' ? 'final placements' : `placements after round ${t.round}`}`, 256),
        description: lines.slice((p - 1) * PAGE_ROWS, p * PAGE_ROWS).join('\n') || 'Nobody has played yet.',
        color: 0x3b82f6,
        footer: `Page ${p} of ${pages} · players out at the same stage share a place${t.format === 'double' ? '; out after a second loss' : ''}`,
      },
      pages,
      page: p,
    };
  }
  const s = tournamentStandings(repo, t);
  const pages = Math.max(1, Math.ceil(s.length / PAGE_ROWS));
  const p = Math.min(Math.max(1, page), pages);
  const rows = s
    .slice((p - 1) * PAGE_ROWS, p * PAGE_ROWS)
    .map((x) => standingLine(x, entrants.get(x.id)?.userName ?? x.id, !!entrants.get(x.id)?.dropped));
  // During and after a top cut the Swiss table stands as it was after its last round; the cut's placements come apart.
  const cut = inCut(t)
    ? [
        {
          name: `Top ${t.cut} (single elimination)`,
          value: placementLines(repo, t, (id) => clip(entrants.get(id)?.userName ?? id, 32)).join('\n'),
        },
      ]
    : [];
  return {
    embed: {
      title: clip(`🏆 ${t.name} — ${afterText(t)}`, 256),
      description: rows.join('\n') || 'Nobody has played yet.',
      color: 0x3b82f6,
      ...(cut.length ? { fields: cut } : {}),
      footer:
        `Page ${p} of ${pages} · ties broken by ${tieBreakText(tieBreaksOf(t))} ` + '(FIDE; byes and forfeits against a virtual opponent)',
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
export function standingsImage(svc: Services, t: Tournament): Attachment {
  const repo = repoOf(svc);
  const entrants = new Map(repo.entrants(t.id).map((e) => [e.userId, e]));
  const s = tournamentStandings(repo, t);
  const rows = s.slice(0, IMAGE_ROWS).map((x) => ({
    rank: x.rank,
    name: entrants.get(x.id)?.userName ?? x.id,
    dropped: !!entrants.get(x.id)?.dropped,
    score: x.score,
    buchholz: x.buchholz,
    median: x.medianBuchholz,
    sb: x.sonnebornBerger,
    played: x.played,
  }));
  const title = `${t.name} — ${afterText(t)}`;
  const data = renderStandings(title, rows, s.length, tieBreakText(tieBreaksOf(t)));
  const leaders = s
    .slice(0, 10)
    .map((x) => `${x.rank}. ${entrants.get(x.id)?.userName ?? x.id} ${f(x.score)}`)
    .join(', ');
  const alt = `Standings table of ${t.name} ${afterText(t).replace(/^(Swiss )?standings /, '')}, ${s.length} players: ${leaders}${s.length > 10 ? ', …' : ''}.`;
  return { name: `tournament${t.id}-r${t.round}-standings.png`, data, description: clip(alt, 1000) };
}

/** The standings post's heading: placements for a bracket, the cut's placements beside the Swiss table, else the table. */
function postTitle(t: Tournament): string {
  const finished = t.status === 'finished';
  if (placementTable(t)) return finished ? 'final placements' : `placements after round ${t.round}`;
  if (inCut(t)) return `top ${t.cut} ${finished ? 'final placements' : `placements after round ${t.round}`}, and the Swiss standings`;
  return afterText(t);
}

/** An elimination event's picture is its bracket (issue 20 §8). */
function bracketFiles(svc: Services, t: Tournament): { files?: Attachment[] } {
  const image = bracketImage(repoOf(svc), t);
  return image ? { files: [image] } : {};
}

/** After a round: page 1 of the standings with the image (a bracket's picture for an elimination), and buttons for the other pages. */
export function roundStandingsPosts(svc: Services, t: Tournament): Post[] {
  const { embed, pages, page } = standingsPage(svc, t, 1);
  return [
    {
      channelId: t.channelId,
      kind: 'update',
      content: `🏆 **${t.name}** ${postTitle(t)}:`,
      embed,
      ...(placementTable(t) ? bracketFiles(svc, t) : { files: [standingsImage(svc, t)] }),
      buttons: pageButtons(t.id, page, pages),
    },
  ];
}
