// Who gets into a tournament, and when (issue 20 §4): a check-in window the
// tick opens and closes on its schedule (found through the indexed
// checkin_due_at, so the tick reads nothing for other tournaments); signed-up
// players who miss check-in are told, by mention, and left out; and late
// entry to a Swiss up to a round the organiser chose (default: until half the
// rounds are paired), each round missed scored as announced (0, or ½ as a
// half-point bye) by a match row of its own (how 'absent', no opponent).
import type { Services } from '../app/services.ts';
import type { Post } from '../messages/types.ts';
import { UserError } from '../messages/user-error.ts';
import { ALL_SIDES, ratingsOf } from './ratings.ts';
import { repoOf, type Tournament } from './repo.ts';
import { hubPost } from './hub.ts';
import { lateRoundOf, missedText, stamp, takesLateEntry } from './entry-rules.ts';

/**
 * Close check-in: every signed-up player who has not checked in is told, by
 * mention in the tournament's channel, that they are not in the field (and
 * how they may still enter late). Each is told once (missed_checkin).
 */
export function closeCheckin(svc: Services, t: Tournament): Post[] {
  const repo = repoOf(svc);
  const missed = repo.entrants(t.id).filter((e) => !e.checkedIn && !e.dropped && !e.missedCheckin);
  svc.store.db.transaction(() => {
    for (const e of missed) repo.setEntrant(t.id, e.userId, { missedCheckin: true, dropped: true });
    repo.setCheckinDue(t.id, null);
  })();
  if (!missed.length) return [];
  const late = lateRoundOf(t);
  const people = missed.filter((e) => !e.userId.startsWith('bot:'));
  const who = missed.map((e) => (e.userId.startsWith('bot:') ? e.userName : `<@${e.userId}>`)).join(' ');
  const scores = t.latePoints ? '½ point' : '0 points';
  return [
    {
      channelId: t.channelId,
      content:
        `⌛ Check-in for **${t.name}** has closed. ${who}: ` +
        `you signed up but did not check in, so you are not in the field` +
        (late
          ? `; you may still enter late with \`/tournament signup\` until round ${late} is paired (each round missed scores ${scores}).`
          : '.'),
      ...(people.length ? { mentions: people.map((e) => e.userId) } : {}),
    },
    hubPost(t.id, t.channelId),
  ];
}

/** Open check-in: the signed-up players who have not checked in yet are called, by mention. */
function openCheckin(svc: Services, t: Tournament): Post[] {
  const repo = repoOf(svc);
  repo.setCheckinDue(t.id, t.checkinClosesAt);
  const waiting = repo.entrants(t.id).filter((e) => !e.checkedIn && !e.dropped && !e.userId.startsWith('bot:'));
  return [
    {
      channelId: t.channelId,
      content:
        `✅ Check-in for **${t.name}** is open${t.checkinClosesAt ? ` until ${stamp(t.checkinClosesAt)}` : ''}: ` +
        `\`/tournament checkin\` or the hub's *Check in* button. Only checked-in players are paired.` +
        (waiting.length ? ` ${waiting.map((e) => `<@${e.userId}>`).join(' ')}` : ''),
      ...(waiting.length ? { mentions: waiting.map((e) => e.userId) } : {}),
    },
    hubPost(t.id, t.channelId),
  ];
}

/** The tick: check-in windows whose time has come open or close (only tournaments due now are read). */
export function runCheckinWindows(svc: Services): Post[] {
  const repo = repoOf(svc);
  const now = svc.now();
  const posts: Post[] = [];
  for (const t of repo.checkinDue(now)) {
    if (t.status !== 'signup') repo.setCheckinDue(t.id, null);
    else if (t.checkinClosesAt !== null && now >= t.checkinClosesAt) posts.push(...closeCheckin(svc, t));
    else if (t.checkinOpensAt !== null && now >= t.checkinOpensAt && t.checkinDueAt === t.checkinOpensAt)
      posts.push(...openCheckin(svc, t));
    // Anything else (a due time left from an older schedule) waits for the next one.
    else repo.setCheckinDue(t.id, t.checkinClosesAt !== null && now < t.checkinClosesAt ? t.checkinClosesAt : null);
  }
  return posts;
}

/**
 * A late entrant joins a running Swiss from the next round: checked in,
 * seeded after the field, each round already paired recorded as missed.
 * Returns the announcement.
 */
export function enterLate(svc: Services, t: Tournament, who: { id: string; name: string }): string {
  const repo = repoOf(svc);
  const last = lateRoundOf(t);
  if (!takesLateEntry(t))
    throw new UserError(
      `**${t.name}** has started, and its bracket (or round-robin schedule) is drawn for a fixed field: entries are closed.`,
    );
  if (t.round >= last)
    throw new UserError(
      `**${t.name}** has started and late entry is closed: ${last ? `it was open until round ${last} was paired` : 'it has none'}.`,
    );
  const was = repo.entrant(t.id, who.id);
  if (was && was.checkedIn && !was.dropped) throw new UserError(`<@${who.id}> is already playing in **${t.name}**.`);
  if (was?.dropped && was.checkedIn)
    throw new UserError(`<@${who.id}> dropped out of **${t.name}**: the organiser can bring them back with /tournament reinstate.`);
  const seed = Math.max(0, ...repo.entrants(t.id).map((e) => e.seed ?? 0)) + 1;
  const rating = ratingsOf(svc).get(t.guildId, t.system, ALL_SIDES, who.id)?.ordinal ?? 0;
  svc.store.db.transaction(() => {
    repo.addEntrant(t.id, who.id, who.name);
    repo.setEntrant(t.id, who.id, { checkedIn: true, seed, rating });
    for (let round = 1; round <= t.round; round++) {
      const [board] = repo.freeBoards(t.id, round, 1);
      repo.addMatch({
        tournamentId: t.id,
        round,
        board,
        a: who.id,
        b: null,
        outcome: t.latePoints ? 'draw' : 'none',
        how: 'absent',
        bracket: 'main',
      });
    }
  })();
  const missed = t.round === 0 ? '' : ` Round${t.round > 1 ? `s 1–${t.round}` : ' 1'} missed: ${missedText(t)} each, as announced.`;
  return `✍️ <@${who.id}> enters **${t.name}** late and is paired from round ${t.round + 1}.${missed}`;
}
