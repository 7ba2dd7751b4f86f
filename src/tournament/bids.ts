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
export function settleBidsIfReady(svc: Services, t: Tournament, m: Match, force = false): Post[] {
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const row = m.gameId ? svc.store.game(m.gameId) : null;
  if (!row || row.status !== 'lobby' || !m.b) return [];
  const bids = repo.bids(m.id);
  const bidOf = (u: string) => bids.find((b) => b.userId === u) ?? (isBot(u) || force ? { userId: u, side: null, vp: 0 } : null);
  const ba = bidOf(m.a);
  const bb = bidOf(m.b);
  if (!ba || !bb) return [];
  const [sa, sb] = sidesOf(t.system, t.options);
  // Who takes the first side: start from the balance rule's choice (m.a).
  let first = m.a;
  let bidSide: string | null = null;
  let bidVp: number | null = null;
  if (ba.side && bb.side && ba.side === bb.side) {
    const want = ba.side;
    const winner = ba.vp > bb.vp ? m.a : bb.vp > ba.vp ? m.b : want === sa ? m.a : m.b;
    first = want === sa ? winner : winner === m.a ? m.b : m.a;
    bidSide = want;
    bidVp = Math.max(ba.vp, bb.vp) || null;
  } else if (ba.side || bb.side) {
    // One wish, or two different ones: granted.
    if (ba.side) first = ba.side === sa ? m.a : m.b;
    else first = bb.side === sa ? m.b : m.a;
  }
  const second = first === m.a ? m.b : m.a;
  const names = new Map(repo.entrants(t.id).map((e) => [e.userId, e.userName]));
  svc.store.db.transaction(() => {
    repo.setSides(m.id, first, second, bidSide, bidVp);
    svc.store.setSeat(row.id, sa, first, names.get(first) ?? first);
    svc.store.setSeat(row.id, sb, second, names.get(second) ?? second);
  })();
  const said = (b: { userId: string; side: string | null; vp: number }, missing: boolean) =>
    `${isBot(b.userId) ? b.userId : `<@${b.userId}>`}: ` +
    (missing ? 'no bid (any side, 0 VP)' : b.side ? `${b.side} for ${b.vp} VP` : 'any side');
  const reveal: Post = {
    channelId: row.channelId,
    gameId: row.id,
    kind: 'update',
    content:
      `🔓 Bids — ${said(ba, !bids.some((x) => x.userId === m.a))}; ${said(bb, !bids.some((x) => x.userId === m.b))}.\n` +
      `${first.startsWith('bot:') ? first : `<@${first}>`} plays ${sa}, ${second.startsWith('bot:') ? second : `<@${second}>`} plays ${sb}` +
      `${bidSide && bidVp ? `; ${bidSide} gives ${bidVp} VP at the end.` : '.'}`,
  };
  return [reveal, ...startMatch(svc, t, repo.match(m.id)!)];
}

/** Bidding time (the tournament's clock) ran out: settle what is in. */
export function bidTimeouts(svc: Services): Post[] {
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const posts: Post[] = [];
  for (const t of repo.running()) {
    if (!t.bidding || !t.clockHours) continue;
    const at = repo.pairedAt(t.id, t.round);
    if (at === null || at + t.clockHours * HOUR > svc.now()) continue;
    for (const m of repo.matches(t.id, t.round)) if (m.outcome === null) posts.push(...settleBidsIfReady(svc, t, m, true));
  }
  return posts;
}
