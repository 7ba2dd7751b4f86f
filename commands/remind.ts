// Reminders before a decision's deadline (by default at half time and one
// hour before), to the seat's players privately (their seat thread or DM in
// Discord, `[to bob]` at the offline table). Computed in the tick from the
// stored deadlines and the reminders already sent, so a restart loses none
// and sends none twice. /remind sets a user's preferences.
import type { Services } from '../src/app/services.ts';
import { isBotSeat, moduleOf } from '../src/app/session.ts';
import { Reminders, type DeadlineRow, type ReminderSettings } from '../src/store/reminders.ts';
import { int, str } from './context.ts';
import { UserError } from '../src/messages/user-error.ts';
import { only, privateReply } from '../src/messages/replies.ts';
import { roleName } from '../src/app/prompts.ts';
import type { Invocation } from './types.ts';
import type { Command } from './table.ts';
import type { Outcome, Post } from '../src/messages/types.ts';
import type { GameHead } from '../src/store/store.ts';
import { damageBehind, noteDamage } from '../src/app/damage.ts';

const HOUR = 3_600_000;
const stamp = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

export function remindCommand(): Command {
  return {
    name: 'remind',
    description: 'Reminders before your decisions are due',
    subcommands: [
      { name: 'on', description: 'Remind me before my deadlines (the default)', options: [], ...mine(remindOn) },
      { name: 'off', description: 'No reminders for me', options: [], ...mine(remindOff) },
      {
        name: 'interval',
        description: 'Remind me every N hours after a deadline is set (0: at half time), and one hour before',
        options: [
          { name: 'hours', description: 'Hours between reminders (0: half time)', type: 'integer', required: true, min: 0, max: 168 },
        ],
        ...mine(interval),
      },
      {
        name: 'quiet',
        description: 'No reminders between these UTC hours (from = to: none)',
        options: [
          { name: 'from', description: 'UTC hour quiet time starts (0–23)', type: 'integer', required: true, min: 0, max: 23 },
          { name: 'to', description: 'UTC hour quiet time ends (0–23)', type: 'integer', required: true, min: 0, max: 23 },
        ],
        ...mine(quiet),
      },
      {
        name: 'pairings',
        description: 'Tournament pairings by DM too (the match thread always mentions you)',
        options: [
          {
            name: 'dm',
            description: 'on: a DM with each pairing; off: only the mention (the default)',
            type: 'string',
            required: true,
            choices: [
              { name: 'on', value: 'on' },
              { name: 'off', value: 'off' },
            ],
          },
        ],
        ...mine(pairings),
      },
      { name: 'status', description: 'Show my reminder settings', options: [], ...mine(status) },
    ],
  };
}

const repo = (svc: Services) => new Reminders(svc.store.db);

export function describeSettings(settings: ReminderSettings): string {
  if (!settings.enabled) return '🔕 Reminders are off. `/remind on` turns them back on.';
  const when = settings.intervalMs ? `every ${settings.intervalMs / HOUR} h after a deadline is set` : 'at half time';
  const quiet =
    settings.quietFrom !== null && settings.quietTo !== null && settings.quietFrom !== settings.quietTo
      ? `, never between ${settings.quietFrom}:00 and ${settings.quietTo}:00 UTC`
      : '';
  return `⏰ Reminders are on: ${when} and one hour before each deadline${quiet}.`;
}

/** Every /remind subcommand is the caller's own setting, answered privately. */
const mine = (run: (svc: Services, inv: Invocation) => Outcome) => ({ who: 'anyone' as const, private: true, run });

const remindOn = (svc: Services, inv: Invocation) =>
  only(privateReply(describeSettings(repo(svc).update(inv.caller.id, { enabled: true }))));

const remindOff = (svc: Services, inv: Invocation) =>
  only(privateReply(describeSettings(repo(svc).update(inv.caller.id, { enabled: false }))));

function interval(svc: Services, inv: Invocation): Outcome {
  const hours = int(inv.options, 'hours', 0, 168)!;
  return only(privateReply(describeSettings(repo(svc).update(inv.caller.id, { enabled: true, intervalMs: hours ? hours * HOUR : null }))));
}

function quiet(svc: Services, inv: Invocation): Outcome {
  const from = int(inv.options, 'from', 0, 23)!;
  const to = int(inv.options, 'to', 0, 23)!;
  const same = from === to;
  return only(
    privateReply(describeSettings(repo(svc).update(inv.caller.id, { quietFrom: same ? null : from, quietTo: same ? null : to }))),
  );
}

/** /remind pairings dm:on|off: each tournament pairing by DM too (issue 20 §9), stored per user. */
function pairings(svc: Services, inv: Invocation): Outcome {
  const byDm = str(inv.options, 'dm') === 'on';
  if (!byDm && str(inv.options, 'dm') !== 'off') throw new UserError('Give dm:on (a DM with each pairing) or dm:off.');
  repo(svc).setPairingsByDm(inv.caller.id, byDm);
  return only(privateReply(pairingsText(byDm)));
}

const pairingsText = (byDm: boolean) =>
  byDm
    ? '🎲 Your tournament pairings come by DM too (and the match thread mentions you). `/remind pairings dm:off` stops them.'
    : '🎲 Tournament pairings: the match thread mentions you; no DM (`/remind pairings dm:on` asks for one).';

const status = (svc: Services, inv: Invocation) =>
  only(privateReply(`${describeSettings(repo(svc).settings(inv.caller.id))}\n${pairingsText(repo(svc).pairingsByDm(inv.caller.id))}`));

export function isQuiet(settings: ReminderSettings, now: number): boolean {
  if (settings.quietFrom === null || settings.quietTo === null || settings.quietFrom === settings.quietTo) return false;
  const hour = new Date(now).getUTCHours();
  return settings.quietFrom < settings.quietTo
    ? hour >= settings.quietFrom && hour < settings.quietTo
    : hour >= settings.quietFrom || hour < settings.quietTo;
}

/** The reminder moments of one deadline for one user's settings: kind → time. */
export function schedule(deadline: DeadlineRow, settings: ReminderSettings): Map<string, number> {
  const out = new Map<string, number>();
  const start = deadline.setAt;
  // One hour before, unless the deadline was set less than an hour ahead.
  if (start === null || deadline.dueAt - HOUR > start) out.set('hour', deadline.dueAt - HOUR);
  if (start === null) return out; // set before reminders existed: no half time known
  if (settings.intervalMs) {
    for (let step = 1, at = start + settings.intervalMs; at < deadline.dueAt - HOUR && step <= 200; step++, at += settings.intervalMs)
      out.set(`every${settings.intervalMs / HOUR}h:${step}`, at);
  } else {
    const half = start + (deadline.dueAt - start) / 2;
    if (half < deadline.dueAt - HOUR) out.set('half', half);
  }
  return out;
}

/** What the tick found for one deadline: when to look at it next, and the reminder owed now (users and kinds; none: nothing to send). */
interface ReminderPlan {
  deadline: DeadlineRow;
  lookAt: number | null;
  row: GameHead | null;
  users: { id: string; name: string }[];
  kinds: string[];
}

/** One deadline's reminder, read and worked out; nothing written. */
function planReminder(svc: Services, reminders: Reminders, deadline: DeadlineRow, now: number): ReminderPlan {
  // Its name, channel and options: the state is not read.
  const row = svc.store.gameHead(deadline.gameId);
  if (!row || row.status !== 'active') return { deadline, lookAt: null, row: null, users: [], kinds: [] };
  const sent = reminders.sent(deadline);
  const users: { id: string; name: string }[] = [];
  const kinds = new Set<string>();
  let next = Infinity;
  for (const seat of svc.store.seats(row.id).filter((x) => x.role === deadline.role && !isBotSeat(x))) {
    const settings = reminders.settings(seat.userId);
    if (!settings.enabled) continue; // turning them on looks again (Reminders.recheck)
    const moments = [...schedule(deadline, settings)].filter(([k]) => !sent.has(k));
    const later = moments.filter(([, at]) => at > now).map(([, at]) => at);
    if (later.length) next = Math.min(next, ...later);
    if (isQuiet(settings, now)) {
      // Quiet: the reminder stays due; look again at the next hour.
      if (moments.length) next = Math.min(next, (Math.floor(now / HOUR) + 1) * HOUR);
      continue;
    }
    const due = moments.filter(([, at]) => at <= now).map(([k]) => k);
    if (!due.length) continue;
    users.push({ id: seat.userId, name: seat.userName });
    for (const kind of due) kinds.add(kind);
  }
  return { deadline, lookAt: Number.isFinite(next) ? next : null, row, users, kinds: [...kinds] };
}

/** Deadlines settled per transaction: one commit for many (each costs a flush on PostgreSQL), the write lock held briefly. */
const SETTLED_PER_COMMIT = 100;

/**
 * Reminders due now, as private posts to the seats' players; marks them sent.
 * `sweep` (the first tick): forget marks an older version left behind (the
 * deadlines now take their marks with them when they go). Everything is read
 * first; then each deadline's next look and the marks are written together,
 * a hundred deadlines a commit, instead of two commits per deadline.
 */
export function runReminders(svc: Services, sweep = true): Post[] {
  const reminders = repo(svc);
  const now = svc.now();
  const posts: Post[] = [];
  if (sweep) reminders.prune();
  // Only deadlines whose next reminder may be due (remind_at): nothing is read for the others.
  const plans = reminders.upcoming(now).map((deadline) => planReminder(svc, reminders, deadline, now));
  const owed = plans.map((plan) => {
    if (!plan.users.length) return null;
    try {
      return moduleOf(plan.row!);
    } catch (error) {
      // A damaged game (issue 22): its moderators are told once; the other reminders go on.
      const damage = damageBehind(svc.store, error, plan.row!.id);
      if (!damage) throw error;
      posts.push(...noteDamage(svc, damage));
      return null;
    }
  });
  // Marked first, posted by whoever marked it (another process may have: issue 21 §3).
  const fresh: boolean[] = [];
  for (let start = 0; start < plans.length; start += SETTLED_PER_COMMIT) {
    const chunk = plans.slice(start, start + SETTLED_PER_COMMIT);
    fresh.push(
      ...reminders.settle(
        chunk.map((plan, i) => ({ ...plan, kinds: owed[start + i] ? plan.kinds : [] })),
        now,
      ),
    );
  }
  plans.forEach((plan, index) => {
    const mod = owed[index];
    if (!mod || !fresh[index]) return;
    const row = plan.row!;
    const { deadline, users } = plan;
    const who = roleName(mod, mod.parseOptions(row.options), deadline.role);
    // Several moments passed at once (a restart): one reminder covers them.
    posts.push({
      channelId: row.channelId,
      gameId: row.id,
      kind: 'update',
      content:
        `⏰ ${users.map((u) => `<@${u.id}>`).join(' ')} reminder: **${who}** in ${mod.title} #${row.id} must decide ` +
        `${stamp(deadline.dueAt)}, or the default is taken. (\`/remind\` changes these ` +
        `reminders.)`,
      mentions: users.map((u) => u.id),
      // Not sent once the decision closed (issue 19 §4).
      decisions: [{ role: deadline.role, decision: deadline.decisionId }],
      to: { roles: [deadline.role], userIds: users.map((u) => u.id), names: users.map((u) => u.name) },
    });
  });
  return posts;
}
