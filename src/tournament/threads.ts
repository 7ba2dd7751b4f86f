// Match threads: every match's game is created under a placeholder home
// `<parent>:t<id>-r<round>-m<table>` (no real channel has such an id); the
// adapter opens the thread (or forum post) under the parent when the first
// post for that home is delivered and moves the game there
// (Router.threadCreated). The offline table names it `<parent>/t1-r1-m1`.
import type { Services } from '../app/services.ts';
import type { Envelope } from '../engine/runner.ts';
import { getGame } from '../games/registry.ts';
import { followButton } from '../messages/buttons.ts';
import { promptLines } from '../app/prompts.ts';
import type { Post } from '../messages/types.ts';
import type { Match, Tournament } from './repo.ts';
import { matchName } from './results.ts';
import { TournamentRepo } from './repo.ts';
import { clockText } from './clock-text.ts';
import { hubPost } from './hub.ts';

const SLUG = /^(.*):(t\d+-r\d+-m\d+)$/;

export const matchSlug = (tid: number, round: number, board: number) => `t${tid}-r${round}-m${board}`;
export const matchHome = (tournament: Tournament, round: number, board: number) =>
  `${tournament.matchParent ?? tournament.channelId}:${matchSlug(tournament.id, round, board)}`;

/** A thread still to be opened for `lane` (a match's placeholder home with a live game), else null. */
export function pendingThread(svc: Services, lane: string): { parent: string; name: string; slug: string } | null {
  const parts = SLUG.exec(lane);
  if (!parts) return null;
  const row = svc.store.liveGame(lane) ?? svc.store.latestGame(lane);
  if (!row) return null;
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const match = repo.matchOfGame(row.id);
  const tournament = match && repo.get(match.tournamentId);
  if (!match || !tournament) return null;
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  const name = `${tournament.name} R${match.round} T${match.board}: ${names.get(match.a)} v ${names.get(match.b ?? '') ?? 'bye'}`;
  return { parent: parts[1], name: name.slice(0, 100), slug: parts[2] };
}

/** The hub of the tournament whose match game G is (to link its thread once open), or nothing. */
export function hubOfMatch(svc: Services, gameId: number): Post[] {
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const match = repo.matchOfGame(gameId);
  const tournament = match && repo.get(match.tournamentId);
  return tournament ? [hubPost(tournament.id, tournament.channelId)] : [];
}

/**
 * A match thread's first post: both players mentioned (which adds them to a
 * Discord thread), the sides, the clock, how to play (or to bid), and the
 * Follow button for spectators.
 */
export function matchOpening(
  svc: Services,
  tournament: Tournament,
  match: Match,
  gameId: number,
  phase: 'bidding' | 'start',
  env?: Envelope<any>,
): Post {
  const mod = getGame(tournament.system)!;
  const row = svc.store.game(gameId)!;
  const seats = svc.store.seats(gameId);
  const roles = mod.roles(mod.parseOptions(tournament.options));
  const who = (u: string) => (u.startsWith('bot:') ? u : `<@${u}>`);
  const head = `⚔️ **${tournament.name}**, round ${match.round}, table ${match.board} (${matchName(match)}): ${who(match.a)} v ${who(match.b!)}.`;
  const clock = tournament.clockHours ? `\n⏰ ${clockText(tournament)}: running out of time forfeits the game.` : '';
  let body: string;
  if (phase === 'bidding')
    body =
      `\nSide bidding: each of you bids privately with \`/tournament bid match:${match.id} side:<side> vp:<n>\` ` +
      `(sides: ${roles.map((r) => `\`${r.name}\``).join(', ')}, or \`any\`). Different wishes: each plays theirs at no cost. ` +
      `The same side: the higher bid takes it and gives the opponent that many VP at the end (a tie: the side the balance ` +
      `rule gives). The game starts when both bids are in` +
      `${tournament.clockHours ? ` (a missing bid after ${tournament.clockHours} h counts as \`any\`, 0 VP)` : ''}.`;
  else {
    const sides = roles
      .map(
        (role) =>
          `${role.name}: ${
            seats
              .filter((s) => s.role === role.id)
              .map((s) => who(s.userId))
              .join(', ') || '—'
          }`,
      )
      .join(' · ');
    const bid = match.bidSide && match.bidVp ? `\nBid: ${match.bidSide} gives ${match.bidVp} VP to the other side at the end.` : '';
    const prompt = env && row.status === 'active' ? `\n${promptLines(mod, env, seats).text}` : '';
    body = `\n${sides}${bid}\nPlay with \`/${mod.command}\`; \`/game help\` teaches the rules.${prompt}`;
  }
  return {
    channelId: row.channelId,
    gameId,
    kind: 'update',
    content: `${head}${body}${clock}`,
    mentions: [match.a, match.b!].filter((u) => !u.startsWith('bot:')),
    buttons: [followButton(gameId)],
  };
}

/** Start a match's game (both seats taken) and post its opening in its thread. Bot seats may play it to the end here. */
export function startMatch(svc: Services, tournament: Tournament, match: Match): Post[] {
  const row = svc.store.game(match.gameId!)!;
  if (row.status !== 'lobby') return [];
  const { res } = svc.sessions.start(row);
  return [matchOpening(svc, tournament, match, row.id, 'start', res.env)];
}
