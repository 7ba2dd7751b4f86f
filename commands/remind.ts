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
import type { GameModule } from '../src/engine/types.ts';
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

export function describeSettings(s: ReminderSettings): string {
  if (!s.enabled) return '🔕 Reminders are off. `/remind on` turns them back on.';
  const when = s.intervalMs ? `every ${s.intervalMs / HOUR} h after a deadline is set` : 'at half time';
  const quiet =
    s.quietFrom !== null && s.quietTo !== null && s.quietFrom !== s.quietTo
      ? `, never between ${s.quietFrom}:00 and ${s.quietTo}:00 UTC`
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
  const on = str(inv.options, 'dm') === 'on';
  if (!on && str(inv.options, 'dm') !== 'off') throw new UserError('Give dm:on (a DM with each pairing) or dm:off.');
  repo(svc).setPairingsByDm(inv.caller.id, on);
  return only(privateReply(pairingsText(on)));
}

const pairingsText = (on: boolean) =>
  on
    ? '🎲 Your tournament pairings come by DM too (and the match thread mentions you). `/remind pairings dm:off` stops them.'
    : '🎲 Tournament pairings: the match thread mentions you; no DM (`/remind pairings dm:on` asks for one).';

const status = (svc: Services, inv: Invocation) =>
  only(privateReply(`${describeSettings(repo(svc).settings(inv.caller.id))}\n${pairingsText(repo(svc).pairingsByDm(inv.caller.id))}`));

export function isQuiet(s: ReminderSettings, now: number): boolean {
  if (s.quietFrom === null || s.quietTo === null || s.quietFrom === s.quietTo) return false;
  const h = new Date(now).getUTCHours();
  return s.quietFrom < s.quietTo ? h >= s.quietFrom && h < s.quietTo : h >= s.quietFrom || h < s.quietTo;
}

/** The reminder moments of one deadline for one user's settings: kind → time. */
export function schedule(d: DeadlineRow, s: ReminderSettings): Map<string, number> {
  const out = new Map<string, number>();
  const start = d.setAt;
  // One hour before, unless the deadline was set less than an hour ahead.
  if (start === null || d.dueAt - HOUR > start) out.set('hour', d.dueAt - HOUR);
  if (start === null) return out; // set before reminders existed: no half time known
  if (s.intervalMs) {
    for (let k = 1, at = start + s.intervalMs; at < d.dueAt - HOUR && k <= 200; k++, at += s.intervalMs)
      out.set(`every${s.intervalMs / HOUR}h:${k}`, at);
  } else {
    const half = start + (d.dueAt - start) / 2;
    if (half < d.dueAt - HOUR) out.set('half', half);
  }
  return out;
}

/**
 * Reminders due now, as private posts to the seats' players; marks them sent.
 * `sweep` (the first tick): forget marks an older version left behind (the
 * deadlines now take their marks with them when they go).
 */
export function runReminders(svc: Services, sweep = true): Post[] {
  const r = repo(svc);
  const now = svc.now();
  const posts: Post[] = [];
  if (sweep) r.prune();
  // Only deadlines whose next reminder may be due (remind_at): nothing is read for the others.
  for (const d of r.upcoming(now)) {
    const row = svc.store.game(d.gameId);
    if (!row || row.status !== 'active') {
      r.remindAt(d, null);
      continue;
    }
    const sent = r.sent(d);
    const users: { id: string; name: string }[] = [];
    const kinds = new Set<string>();
    let next = Infinity;
    for (const seat of svc.store.seats(row.id).filter((x) => x.role === d.role && !isBotSeat(x))) {
      const s = r.settings(seat.userId);
      if (!s.enabled) continue; // turning them on looks again (Reminders.recheck)
      const moments = [...schedule(d, s)].filter(([k]) => !sent.has(k));
      const later = moments.filter(([, at]) => at > now).map(([, at]) => at);
      if (later.length) next = Math.min(next, ...later);
      if (isQuiet(s, now)) {
        // Quiet: the reminder stays due; look again at the next hour.
        if (moments.length) next = Math.min(next, (Math.floor(now / HOUR) + 1) * HOUR);
        continue;
      }
      const due = moments.filter(([, at]) => at <= now).map(([k]) => k);
      if (!due.length) continue;
      users.push({ id: seat.userId, name: seat.userName });
      for (const k of due) kinds.add(k);
    }
    r.remindAt(d, Number.isFinite(next) ? next : null);
    if (!users.length) continue;
    let mod: GameModule<any, any>;
    try {
      mod = moduleOf(row);
    } catch (e) {
      // A damaged game (issue 22): its moderators are told once; the other reminders go on.
      const damage = damageBehind(svc.store, e, row.id);
      if (!damage) throw e;
      posts.push(...noteDamage(svc, damage));
      continue;
    }
    const who = roleName(mod, mod.parseOptions(row.options), d.role);
    // Several moments passed at once (a restart): one reminder covers them. Marked first, posted by whoever marked it.
    if (!r.markSent(d, [...kinds], now)) continue;
    posts.push({
      channelId: row.channelId,
      gameId: row.id,
      kind: 'update',
      content:
        `⏰ ${users.map((u) => `<@${u.id}>`).join(' ')} reminder: **${who}** in ${mod.title} #${row.id} must decide ` +
        `${stamp(d.dueAt)}, or the default is taken. (\`/remind\` changes these ` +
        `reminders.)`,
      mentions: users.map((u) => u.id),
      // Not sent once the decision closed (issue 19 §4).
      decisions: [{ role: d.role, decision: d.decisionId }],
      to: { roles: [d.role], userIds: users.map((u) => u.id), names: users.map((u) => u.name) },
    });
  }
  return posts;
}
