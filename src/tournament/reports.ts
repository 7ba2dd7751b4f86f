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

export function outcomeText(tournament: Tournament, match: Match, outcome: Outcome): string {
  const mod = getGame(tournament.system)!;
  const [firstSide, secondSide] = mod.roles(mod.parseOptions(tournament.options)).map((r) => r.name);
  if (outcome === 'a') return `${who(match.a)} (${firstSide}) wins`;
  if (outcome === 'b') return `${who(match.b!)} (${secondSide}) wins`;
  if (outcome === 'draw') return 'a draw';
  return 'nobody scores';
}

function matchChannel(svc: Services, tournament: Tournament, match: Match): string {
  return (match.gameId && svc.store.game(match.gameId)?.channelId) || tournament.channelId;
}

/** Record a result for both players to confirm (the command's driver lets only they or a moderator record it). */
export function reportResult(
  svc: Services,
  tournament: Tournament,
  match: Match,
  outcome: Outcome,
  actorId: string,
  reason: string,
): { text: string; posts: Post[] } {
  const repo = repoOf(svc);
  const players = [match.a, match.b].filter((u): u is string => !!u);
  if (!match.b) throw new UserError(`Match ${match.id} is a bye; there is no result to record.`);
  if (match.outcome !== null)
    throw new UserError(`Match ${match.id} is already decided (${match.outcome}). The organiser corrects results with /tournament result.`);
  const confirmed = [...new Set([...(players.includes(actorId) ? [actorId] : []), ...players.filter((u) => u.startsWith('bot:'))])];
  repo.setReport(match.id, outcome, actorId, reason, confirmed);
  repo.log(tournament.id, actorId, `report match ${match.id}: ${outcome}`, reason);
  const applied = applyIfConfirmed(svc, tournament, match);
  if (applied)
    return { text: `📋 Result of ${matchName(match)} recorded and confirmed: ${outcomeText(tournament, match, outcome)}.`, posts: applied };
  const waiting = players.filter((u) => !confirmed.includes(u));
  return {
    text:
      `📝 Result of ${matchName(match)} recorded: ${outcomeText(tournament, match, outcome)}. ` +
      `It counts once ${waiting.map(who).join(' and ')} confirm${waiting.length === 1 ? 's' : ''}.`,
    posts: [
      {
        channelId: matchChannel(svc, tournament, match),
        gameId: match.gameId ?? undefined,
        kind: 'update',
        content:
          `📝 ${who(actorId)} recorded the result of this match: **${outcomeText(tournament, match, outcome)}** (${reason}).\n` +
          `${waiting.map(who).join(', ')}: please confirm with the button or \`/tournament confirm match:${match.id}\`, ` +
          `or \`/tournament dispute match:${match.id} reason:…\`.`,
        mentions: waiting.filter((u) => !u.startsWith('bot:')),
        buttons: confirmButtons(match.id),
      },
      hubPost(tournament.id, tournament.channelId),
    ],
  };
}

/** Both players have confirmed: the game ends with that result (one game_finished event). */
function applyIfConfirmed(svc: Services, tournament: Tournament, match: Match): Post[] | null {
  const rep = repoOf(svc).report(match.id);
  if (!rep || rep.disputedBy || ![match.a, match.b!].every((u) => rep.confirmed.includes(u))) return null;
  finishMatchGame(svc, tournament, match, rep.outcome, `Result recorded by ${rep.by} and confirmed by both players: ${rep.reason}`);
  return [
    {
      channelId: matchChannel(svc, tournament, match),
      gameId: match.gameId ?? undefined,
      kind: 'update',
      content: `✅ Both players confirmed: ${outcomeText(tournament, match, rep.outcome)}.`,
    },
  ];
}

/** A player confirms the recorded result (the command's driver and the button's, through it, let only the match's players). */
export function confirmResult(svc: Services, tournament: Tournament, match: Match, actorId: string): { text: string; posts: Post[] } {
  const repo = repoOf(svc);
  const rep = repo.report(match.id);
  if (!rep || match.outcome !== null) throw new UserError(`Match ${match.id} has no recorded result waiting for confirmation.`);
  if (rep.disputedBy)
    throw new UserError(`The result of ${matchName(match)} is disputed; the organiser decides it with /tournament result.`);
  repo.confirmReport(match.id, [...new Set([...rep.confirmed, actorId])]);
  const applied = applyIfConfirmed(svc, tournament, match);
  if (applied) return { text: `✅ You confirmed the result of ${matchName(match)}; it counts now.`, posts: applied };
  return {
    text: `✅ You confirmed the result of ${matchName(match)}; waiting for your opponent.`,
    posts: [hubPost(tournament.id, tournament.channelId)],
  };
}

/** A player disputes the recorded result (only the match's players: checked by the command's driver, as for confirming). */
export function disputeResult(
  svc: Services,
  tournament: Tournament,
  match: Match,
  actorId: string,
  why: string,
): { text: string; posts: Post[] } {
  const repo = repoOf(svc);
  const rep = repo.report(match.id);
  if (!rep || match.outcome !== null) throw new UserError(`Match ${match.id} has no recorded result waiting for confirmation.`);
  repo.disputeReport(match.id, actorId, why);
  repo.log(tournament.id, actorId, `dispute match ${match.id}`, why);
  return {
    text: `⚠️ You disputed the result of ${matchName(match)}. The organiser will decide it.`,
    posts: [
      {
        channelId: tournament.channelId,
        kind: 'update',
        content:
          `⚠️ ${who(actorId)} disputes the result recorded for ${matchName(match)} (${outcomeText(tournament, match, rep.outcome)}): ${why}\n` +
          `<@${tournament.createdBy}>: decide it with \`/tournament result match:${match.id} outcome:… reason:…\`.`,
        mentions: [tournament.createdBy],
      },
      hubPost(tournament.id, tournament.channelId),
    ],
  };
}
