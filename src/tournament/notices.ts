// What a tournament tells its players one by one (issue 20 §6, §9): each
// player's pairing by DM for those who asked (/remind pairings dm:on; the
// match thread's opening mentions both players in any case), and, when a game
// is called off by a re-pairing, a notice in its thread mentioning both
// players with their new pairing and what to do, and by DM to those who asked
// for their pairings by DM. Posts only: the outbox delivers them like any
// other (a DM is a post `to` one user and no seat).
import type { Services } from '../app/services.ts';
import type { Post } from '../messages/types.ts';
import { Reminders } from '../store/reminders.ts';
import type { Match, Tournament } from './repo.ts';
import { TournamentRepo } from './repo.ts';
import { matchName } from './results.ts';

const isBot = (u: string) => u.startsWith('bot:');

/** A private post to one player: their DM in Discord, `[to name]` at the offline table. */
const directMessage = (tournament: Tournament, userId: string, name: string, content: string): Post => ({
  channelId: tournament.channelId,
  content,
  to: { roles: [], userIds: [userId], names: [name] },
});

/** The round's pairings by DM, to each human player who asked for them. */
export function pairingDms(svc: Services, tournament: Tournament, matches: Match[]): Post[] {
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const reminders = new Reminders(svc.store.db);
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  const name = (u: string) => names.get(u) ?? u;
  const posts: Post[] = [];
  for (const match of matches) {
    for (const player of [match.a, match.b]) {
      if (player === null || isBot(player) || !reminders.pairingsByDm(player)) continue;
      const opponent = player === match.a ? match.b : match.a;
      const what =
        opponent === null
          ? match.how === 'absent'
            ? `you missed round ${match.round} (late entry)`
            : 'you have a bye this round'
          : `you play ${name(opponent)} at ${matchName(match)}; the game waits in its thread under <#${tournament.channelId}>`;
      posts.push(
        directMessage(
          tournament,
          player,
          name(player),
          `🎲 **${tournament.name}**, round ${match.round}: ${what}. (\`/remind pairings dm:off\` stops these messages.)`,
        ),
      );
    }
  }
  return posts;
}

/**
 * A game called off by a re-pairing: its players hear at once, in its thread
 * and by mention, why, and their new pairing (or that they have none), with
 * what to do next; those who asked for pairings by DM are told by DM too.
 */
export function calledOffNotice(svc: Services, tournament: Tournament, stale: Match, why: string, fresh: Match[]): Post[] {
  const row = stale.gameId ? svc.store.game(stale.gameId) : null;
  if (!row || stale.b === null) return [];
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const reminders = new Reminders(svc.store.db);
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  const name = (u: string) => names.get(u) ?? u;
  const mention = (u: string) => (isBot(u) ? name(u) : `<@${u}>`);
  const players = [stale.a, stale.b];
  const nextFor = (player: string) => {
    const newMatch = fresh.find((x) => x.a === player || x.b === player);
    if (!newMatch) return `no game this round for now (see \`/tournament pairings round:${stale.round}\`)`;
    const other = newMatch.a === player ? newMatch.b : newMatch.a;
    return other === null ? `a bye at ${matchName(newMatch)}` : `now ${matchName(newMatch)} v ${name(other)}, in its own new thread`;
  };
  const thread: Post = {
    channelId: row.channelId,
    gameId: row.id,
    kind: 'update',
    content:
      `⚠️ ${players.map(mention).join(' ')}: this game (${tournament.name}, ${matchName(stale)}) is called off — ${why}. ` +
      `Stop playing here; nothing played in it counts. ${players.map((p) => `${mention(p)}: ${nextFor(p)}`).join('; ')}. ` +
      `Play on in your new game's thread (\`/tournament pairings round:${stale.round}\` links it).`,
    mentions: players.filter((u) => !isBot(u)),
  };
  const dms = players
    .filter((me) => !isBot(me) && reminders.pairingsByDm(me))
    .map((player) =>
      directMessage(
        tournament,
        player,
        name(player),
        `⚠️ **${tournament.name}**, ${matchName(stale)} v ${name(player === stale.a ? stale.b! : stale.a)} is called off — ${why}. ` +
          `Stop playing there; nothing played in it counts. Your pairing: ${nextFor(player)} ` +
          `(\`/tournament pairings round:${stale.round}\` links it). (\`/remind pairings dm:off\` stops these messages.)`,
      ),
    );
  return [thread, ...dms];
}
