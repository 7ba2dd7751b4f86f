// Results recorded for confirmation: a moderator (or one of the players)
// records a match's result; it takes effect when both players have
// confirmed it (buttons in the match thread, or /tournament confirm). A
// player who disputes it sends it back to the organiser, who decides with
// /tournament result. A bot seat confirms at once.
import type { Services } from '../app/services.ts';
import type { Button, Post } from '../messages/types.ts';
import { UserError } from '../messages/user-error.ts';
import type { Match, Outcome, Tournament } from './repo.ts';
import { TournamentRepo } from './repo.ts';
import { finishMatchGame } from './service.ts';
import { getGame } from '../games/registry.ts';
import { hubPost } from './hub.ts';
import { matchName } from './results.ts';

const repoOf = (svc: Services) => new TournamentRepo(svc.store.db, svc.store.now);
const who = (u: string) => (u.startsWith('bot:') ? u : `<@${u}>`);

export const confirmButtons = (matchId: number): Button[] => [
  { customId: `tconfirm:${matchId}`, label: 'Confirm result', style: 'success' },
  { customId: `tdispute:${matchId}`, label: 'Dispute', style: 'danger' },
];

export function outcomeText(t: Tournament, m: Match, outcome: Outcome): string {
  const mod = getGame(t.system)!;
  const [sa, sb] = mod.roles(mod.parseOptions(t.options)).map((r) => r.name);
  if (outcome === 'a') return `${who(m.a)} (${sa}) wins`;
  if (outcome === 'b') return `${who(m.b!)} (${sb}) wins`;
  if (outcome === 'draw') return 'a draw';
  return 'nobody scores';
}

function matchChannel(svc: Services, t: Tournament, m: Match): string {
  return (m.gameId && svc.store.game(m.gameId)?.channelId) || t.channelId;
}

/** Record a result for both players to confirm. `isMod`: the caller is a moderator. */
export function reportResult(
  svc: Services,
  t: Tournament,
  m: Match,
  outcome: Outcome,
  by: string,
  isMod: boolean,
  reason: string,
): { text: string; posts: Post[] } {
  const repo = repoOf(svc);
  const players = [m.a, m.b].filter((u): u is string => !!u);
  if (!m.b) throw new UserError(`Match ${m.id} is a bye; there is no result to record.`);
  if (m.outcome !== null)
    throw new UserError(`Match ${m.id} is already decided (${m.outcome}). The organiser corrects results with /tournament result.`);
  if (!isMod && !players.includes(by)) throw new UserError('Only a moderator or one of the two players can record this result.');
  const confirmed = [...new Set([...(players.includes(by) ? [by] : []), ...players.filter((u) => u.startsWith('bot:'))])];
  repo.setReport(m.id, outcome, by, reason, confirmed);
  repo.log(t.id, by, `report match ${m.id}: ${outcome}`, reason);
  const applied = applyIfConfirmed(svc, t, m);
  if (applied) return { text: `📋 Result of ${matchName(m)} recorded and confirmed: ${outcomeText(t, m, outcome)}.`, posts: applied };
  const waiting = players.filter((u) => !confirmed.includes(u));
  return {
    text:
      `📝 Result of ${matchName(m)} recorded: ${outcomeText(t, m, outcome)}. ` +
      `It counts once ${waiting.map(who).join(' and ')} confirm${waiting.length === 1 ? 's' : ''}.`,
    posts: [
      {
        channelId: matchChannel(svc, t, m),
        gameId: m.gameId ?? undefined,
        kind: 'update',
        content:
          `📝 ${who(by)} recorded the result of this match: **${outcomeText(t, m, outcome)}** (${reason}).\n` +
          `${waiting.map(who).join(', ')}: please confirm with the button or \`/tournament confirm match:${m.id}\`, ` +
          `or \`/tournament dispute match:${m.id} reason:…\`.`,
        mentions: waiting.filter((u) => !u.startsWith('bot:')),
        buttons: confirmButtons(m.id),
      },
      hubPost(t.id, t.channelId),
    ],
  };
}

/** Both players have confirmed: the game ends with that result (one game_finished event). */
function applyIfConfirmed(svc: Services, t: Tournament, m: Match): Post[] | null {
  const rep = repoOf(svc).report(m.id);
  if (!rep || rep.disputedBy || ![m.a, m.b!].every((u) => rep.confirmed.includes(u))) return null;
  finishMatchGame(svc, t, m, rep.outcome, `Result recorded by ${rep.by} and confirmed by both players: ${rep.reason}`);
  return [
    {
      channelId: matchChannel(svc, t, m),
      gameId: m.gameId ?? undefined,
      kind: 'update',
      content: `✅ Both players confirmed: ${outcomeText(t, m, rep.outcome)}.`,
    },
  ];
}

export function confirmResult(svc: Services, t: Tournament, m: Match, by: string): { text: string; posts: Post[] } {
  const repo = repoOf(svc);
  const rep = repo.report(m.id);
  if (!rep || m.outcome !== null) throw new UserError(`Match ${m.id} has no recorded result waiting for confirmation.`);
  if (by !== m.a && by !== m.b) throw new UserError(`Only the players of ${matchName(m)} confirm its result.`);
  if (rep.disputedBy) throw new UserError(`The result of ${matchName(m)} is disputed; the organiser decides it with /tournament result.`);
  repo.confirmReport(m.id, [...new Set([...rep.confirmed, by])]);
  const applied = applyIfConfirmed(svc, t, m);
  if (applied) return { text: `✅ You confirmed the result of ${matchName(m)}; it counts now.`, posts: applied };
  return { text: `✅ You confirmed the result of ${matchName(m)}; waiting for your opponent.`, posts: [hubPost(t.id, t.channelId)] };
}

export function disputeResult(svc: Services, t: Tournament, m: Match, by: string, why: string): { text: string; posts: Post[] } {
  const repo = repoOf(svc);
  const rep = repo.report(m.id);
  if (!rep || m.outcome !== null) throw new UserError(`Match ${m.id} has no recorded result waiting for confirmation.`);
  if (by !== m.a && by !== m.b) throw new UserError(`Only the players of ${matchName(m)} can dispute its result.`);
  repo.disputeReport(m.id, by, why);
  repo.log(t.id, by, `dispute match ${m.id}`, why);
  return {
    text: `⚠️ You disputed the result of ${matchName(m)}. The organiser will decide it.`,
    posts: [
      {
        channelId: t.channelId,
        kind: 'update',
        content:
          `⚠️ ${who(by)} disputes the result recorded for ${matchName(m)} (${outcomeText(t, m, rep.outcome)}): ${why}\n` +
          `<@${t.createdBy}>: decide it with \`/tournament result match:${m.id} outcome:… reason:…\`.`,
        mentions: [t.createdBy],
      },
      hubPost(t.id, t.channelId),
    ],
  };
}
