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
export function closeCheckin(svc: Services, tournament: Tournament): Post[] {
  const repo = repoOf(svc);
  const missed = repo.entrants(tournament.id).filter((e) => !e.checkedIn && !e.dropped && !e.missedCheckin);
  svc.store.db.transaction(() => {
    for (const entrant of missed) repo.setEntrant(tournament.id, entrant.userId, { missedCheckin: true, dropped: true });
    repo.setCheckinDue(tournament.id, null);
  })();
  if (!missed.length) return [];
  const late = lateRoundOf(tournament);
  const people = missed.filter((e) => !e.userId.startsWith('bot:'));
  const who = missed.map((e) => (e.userId.startsWith('bot:') ? e.userName : `<@${e.userId}>`)).join(' ');
  const scores = tournament.latePoints ? '½ point' : '0 points';
  return [
    {
      channelId: tournament.channelId,
      content:
        `⌛ Check-in for **${tournament.name}** has closed. ${who}: ` +
        `you signed up but did not check in, so you are not in the field` +
        (late
          ? `; you may still enter late with \`/tournament signup\` until round ${late} is paired (each round missed scores ${scores}).`
          : '.'),
      ...(people.length ? { mentions: people.map((e) => e.userId) } : {}),
    },
    hubPost(tournament.id, tournament.channelId),
  ];
}

/** Open check-in: the signed-up players who have not checked in yet are called, by mention. */
function openCheckin(svc: Services, tournament: Tournament): Post[] {
  const repo = repoOf(svc);
  repo.setCheckinDue(tournament.id, tournament.checkinClosesAt);
  const waiting = repo.entrants(tournament.id).filter((e) => !e.checkedIn && !e.dropped && !e.userId.startsWith('bot:'));
  return [
    {
      channelId: tournament.channelId,
      content:
        `✅ Check-in for **${tournament.name}** is open${tournament.checkinClosesAt ? ` until ${stamp(tournament.checkinClosesAt)}` : ''}: ` +
        `\`/tournament checkin\` or the hub's *Check in* button. Only checked-in players are paired.` +
        (waiting.length ? ` ${waiting.map((e) => `<@${e.userId}>`).join(' ')}` : ''),
      ...(waiting.length ? { mentions: waiting.map((e) => e.userId) } : {}),
    },
    hubPost(tournament.id, tournament.channelId),
  ];
}

/** The tick: check-in windows whose time has come open or close (only tournaments due now are read). */
export function runCheckinWindows(svc: Services): Post[] {
  const repo = repoOf(svc);
  const now = svc.now();
  const posts: Post[] = [];
  for (const tournament of repo.checkinDue(now)) {
    if (tournament.status !== 'signup') repo.setCheckinDue(tournament.id, null);
    else if (tournament.checkinClosesAt !== null && now >= tournament.checkinClosesAt) posts.push(...closeCheckin(svc, tournament));
    else if (
      tournament.checkinOpensAt !== null &&
      now >= tournament.checkinOpensAt &&
      tournament.checkinDueAt === tournament.checkinOpensAt
    )
      posts.push(...openCheckin(svc, tournament));
    // Anything else (a due time left from an older schedule) waits for the next one.
    else
      repo.setCheckinDue(
        tournament.id,
        tournament.checkinClosesAt !== null && now < tournament.checkinClosesAt ? tournament.checkinClosesAt : null,
      );
  }
  return posts;
}

/**
 * A late entrant joins a running Swiss from the next round: checked in,
 * seeded after the field, each round already paired recorded as missed.
 * Returns the announcement.
 */
export function enterLate(svc: Services, tournament: Tournament, who: { id: string; name: string }): string {
  const repo = repoOf(svc);
  const last = lateRoundOf(tournament);
  if (!takesLateEntry(tournament))
    throw new UserError(
      `**${tournament.name}** has started, and its bracket (or round-robin schedule) is drawn for a fixed field: entries are closed.`,
    );
  if (tournament.round >= last)
    throw new UserError(
      `**${tournament.name}** has started and late entry is closed: ${last ? `it was open until round ${last} was paired` : 'it has none'}.`,
    );
  const was = repo.entrant(tournament.id, who.id);
  if (was && was.checkedIn && !was.dropped) throw new UserError(`<@${who.id}> is already playing in **${tournament.name}**.`);
  if (was?.dropped && was.checkedIn)
    throw new UserError(
      `<@${who.id}> dropped out of **${tournament.name}**: the organiser can bring them back with /tournament reinstate.`,
    );
  const seed = Math.max(0, ...repo.entrants(tournament.id).map((e) => e.seed ?? 0)) + 1;
  const rating = ratingsOf(svc).get(tournament.guildId, tournament.system, ALL_SIDES, who.id)?.ordinal ?? 0;
  svc.store.db.transaction(() => {
    repo.addEntrant(tournament.id, who.id, who.name);
    repo.setEntrant(tournament.id, who.id, { checkedIn: true, seed, rating });
    for (let round = 1; round <= tournament.round; round++) {
      const [board] = repo.freeBoards(tournament.id, round, 1);
      repo.addMatch({
        tournamentId: tournament.id,
        round,
        board,
        a: who.id,
        b: null,
        outcome: tournament.latePoints ? 'draw' : 'none',
        how: 'absent',
        bracket: 'main',
      });
    }
  })();
  const missed =
    tournament.round === 0
      ? ''
      : ` Round${tournament.round > 1 ? `s 1–${tournament.round}` : ' 1'} missed: ${missedText(tournament)} each, as announced.`;
  return `✍️ <@${who.id}> enters **${tournament.name}** late and is paired from round ${tournament.round + 1}.${missed}`;
}
