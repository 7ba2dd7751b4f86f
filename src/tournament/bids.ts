// Side bidding in VP, where the organiser chose it: before a match's game
// starts, each player bids privately for a side (or `any`) and a number of
// VP. Different wishes: each plays theirs at no cost. The same side: the
// higher bid takes it and gives the opponent that many VP at the end; a tie
// keeps the side the balance rule gave. The bid changes a result only when
// the game was decided on VP (its winner is the side with more VP): a
// surrender or a sudden death stands as it is.
import type { Services } from '../app/services.ts';
import type { Post } from '../messages/types.ts';
import type { Match, Tournament } from './repo.ts';
import { TournamentRepo } from './repo.ts';
import { sidesOf } from './results.ts';
import { startMatch } from './threads.ts';

const HOUR = 3_600_000;

const isBot = (u: string) => u.startsWith('bot:');

/**
 * When both bids are in (a bot bids `any`, 0 VP), or `force` (the bidding
 * time ran out: a missing bid is `any`, 0 VP): settle the sides, seat the
 * players and start the game. Returns the posts (the reveal and the opening).
 */
export function settleBidsIfReady(svc: Services, tournament: Tournament, match: Match, force = false): Post[] {
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  if (!row || row.status !== 'lobby' || !match.b) return [];
  const bids = repo.bids(match.id);
  const bidOf = (userId: string) =>
    bids.find((b) => b.userId === userId) ?? (isBot(userId) || force ? { userId, side: null, vp: 0 } : null);
  const bid = bidOf(match.a);
  const secondBid = bidOf(match.b);
  if (!bid || !secondBid) return [];
  const [firstSide, secondSide] = sidesOf(tournament.system, tournament.options);
  // Who takes the first side: start from the balance rule's choice (m.a).
  let first = match.a;
  let bidSide: string | null = null;
  let bidVp: number | null = null;
  if (bid.side && secondBid.side && bid.side === secondBid.side) {
    const want = bid.side;
    const winner = bid.vp > secondBid.vp ? match.a : secondBid.vp > bid.vp ? match.b : want === firstSide ? match.a : match.b;
    first = want === firstSide ? winner : winner === match.a ? match.b : match.a;
    bidSide = want;
    bidVp = Math.max(bid.vp, secondBid.vp) || null;
  } else if (bid.side || secondBid.side) {
    // One wish, or two different ones: granted.
    if (bid.side) first = bid.side === firstSide ? match.a : match.b;
    else first = secondBid.side === firstSide ? match.b : match.a;
  }
  const second = first === match.a ? match.b : match.a;
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  svc.store.db.transaction(() => {
    repo.setSides(match.id, first, second, bidSide, bidVp);
    svc.store.setSeat(row.id, firstSide, first, names.get(first) ?? first);
    svc.store.setSeat(row.id, secondSide, second, names.get(second) ?? second);
  })();
  const said = (shown: { userId: string; side: string | null; vp: number }, missing: boolean) =>
    `${isBot(shown.userId) ? shown.userId : `<@${shown.userId}>`}: ` +
    (missing ? 'no bid (any side, 0 VP)' : shown.side ? `${shown.side} for ${shown.vp} VP` : 'any side');
  const reveal: Post = {
    channelId: row.channelId,
    gameId: row.id,
    kind: 'update',
    content:
      `🔓 Bids — ${said(bid, !bids.some((x) => x.userId === match.a))}; ${said(secondBid, !bids.some((x) => x.userId === match.b))}.\n` +
      `${first.startsWith('bot:') ? first : `<@${first}>`} plays ${firstSide}, ${second.startsWith('bot:') ? second : `<@${second}>`} plays ${secondSide}` +
      `${bidSide && bidVp ? `; ${bidSide} gives ${bidVp} VP at the end.` : '.'}`,
  };
  return [reveal, ...startMatch(svc, tournament, repo.match(match.id)!)];
}

/** Bidding time (the tournament's clock) ran out: settle what is in. */
export function bidTimeouts(svc: Services): Post[] {
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const posts: Post[] = [];
  for (const tournament of repo.running()) {
    if (!tournament.bidding || !tournament.clockHours) continue;
    const pairedAt = repo.pairedAt(tournament.id, tournament.round);
    if (pairedAt === null || pairedAt + tournament.clockHours * HOUR > svc.now()) continue;
    for (const match of repo.matches(tournament.id, tournament.round))
      if (match.outcome === null) posts.push(...settleBidsIfReady(svc, tournament, match, true));
  }
  return posts;
}
