// Reminders before a decision's deadline: per-user settings (and whether a
// player wants tournament pairings by DM), and which
// reminders went out per (game, role, decision, kind), so the tick that
// computes them from decision_deadlines never sends one twice, restarts included.
import type { SqlDatabase } from './database.ts';
import { UNPLAYABLE_IDS } from './damaged.ts';

export interface ReminderSettings {
  enabled: boolean;
  /** Remind every this many ms after the deadline was set (instead of at half time); null: default. */
  intervalMs: number | null;
  /** Quiet hours in UTC, [from, to), wrapping midnight when from > to; null: none. */
  quietFrom: number | null;
  quietTo: number | null;
}

export const DEFAULT_SETTINGS: ReminderSettings = { enabled: true, intervalMs: null, quietFrom: null, quietTo: null };

/** A deadline row as the reminders need it. */
export interface DeadlineRow {
  gameId: number;
  role: string;
  decisionId: number;
  dueAt: number;
  setAt: number | null;
}

export class Reminders {
  constructor(private readonly database: SqlDatabase) {}

  settings(userId: string): ReminderSettings {
    const stored = this.database
      .prepare('SELECT enabled, interval_ms, quiet_from, quiet_to FROM reminder_settings WHERE user_id = ?')
      .get(userId) as { enabled: number; interval_ms: number | null; quiet_from: number | null; quiet_to: number | null } | undefined;
    return stored
      ? { enabled: stored.enabled === 1, intervalMs: stored.interval_ms, quietFrom: stored.quiet_from, quietTo: stored.quiet_to }
      : { ...DEFAULT_SETTINGS };
  }

  update(userId: string, patch: Partial<ReminderSettings>): ReminderSettings {
    const next = { ...this.settings(userId), ...patch };
    this.database
      .prepare(
        'INSERT INTO reminder_settings (user_id, enabled, interval_ms, quiet_from, ' +
          'quiet_to) VALUES (?, ?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET enabled = ' +
          'excluded.enabled, interval_ms = excluded.interval_ms, quiet_from = ' +
          'excluded.quiet_from, quiet_to = excluded.quiet_to',
      )
      .run(userId, next.enabled ? 1 : 0, next.intervalMs, next.quietFrom, next.quietTo);
    this.recheck(userId);
    return next;
  }

  /** Whether the user asked for their tournament pairings by DM too (/remind pairings; off by default). */
  pairingsByDm(userId: string): boolean {
    const stored = this.database.prepare('SELECT pairings_dm FROM reminder_settings WHERE user_id = ?').get(userId) as
      { pairings_dm: number } | undefined;
    return stored?.pairings_dm === 1;
  }

  setPairingsByDm(userId: string, wanted: boolean): void {
    const defaults = DEFAULT_SETTINGS;
    this.database
      .prepare(
        'INSERT INTO reminder_settings (user_id, enabled, interval_ms, quiet_from, quiet_to, pairings_dm) VALUES (?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT(user_id) DO UPDATE SET pairings_dm = excluded.pairings_dm',
      )
      .run(userId, defaults.enabled ? 1 : 0, defaults.intervalMs, defaults.quietFrom, defaults.quietTo, wanted ? 1 : 0);
  }

  /** Deadlines still ahead whose next reminder may be due (remind_at index); none of an unplayable damaged game. */
  upcoming(now: number, limit = 500): DeadlineRow[] {
    const rows = this.database
      .prepare(
        'SELECT game_id, role, decision_id, due_at, set_at FROM decision_deadlines WHERE remind_at <= ? AND due_at > ? ' +
          `AND game_id NOT IN (${UNPLAYABLE_IDS}) ORDER BY remind_at LIMIT ?`,
      )
      .all(now, now, limit) as {
      game_id: number;
      role: string;
      decision_id: number;
      due_at: number;
      set_at: number | null;
    }[];
    return rows.map((row) => ({ gameId: row.game_id, role: row.role, decisionId: row.decision_id, dueAt: row.due_at, setAt: row.set_at }));
  }

  /** When the tick next looks at this deadline (null: no reminder left; it stays until the deadline goes). */
  remindAt(deadline: DeadlineRow, lookAt: number | null): void {
    this.database
      .prepare('UPDATE decision_deadlines SET remind_at = ? WHERE game_id = ? AND role = ? AND decision_id = ?')
      .run(lookAt ?? Number.MAX_SAFE_INTEGER, deadline.gameId, deadline.role, deadline.decisionId);
  }

  /** Settings changed: the user's seats' deadlines are looked at again on the next tick. */
  recheck(userId: string): void {
    this.database
      .prepare(
        'UPDATE decision_deadlines SET remind_at = 0 WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = ' +
          'decision_deadlines.game_id AND s.role = decision_deadlines.role AND s.user_id = ?)',
      )
      .run(userId);
  }

  sent(deadline: DeadlineRow): Set<string> {
    const rows = this.database
      .prepare('SELECT kind FROM reminders_sent WHERE game_id = ? AND role = ? AND decision_id = ?')
      .all(deadline.gameId, deadline.role, deadline.decisionId) as { kind: string }[];
    return new Set(rows.map((r) => r.kind));
  }

  /** Mark reminders sent; false when every one was marked already (another process sent them: issue 21 §3). */
  markSent(deadline: DeadlineRow, kinds: string[], sentAt: number): boolean {
    return this.database.transaction(() => this.markKinds(deadline, kinds, sentAt) > 0)();
  }

  /** Marks these kinds sent (inside the caller's transaction); how many were not marked before. */
  private markKinds(deadline: DeadlineRow, kinds: string[], sentAt: number): number {
    const insert = this.database.prepare(
      'INSERT INTO reminders_sent (game_id, role, decision_id, kind, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    let fresh = 0;
    for (const kind of kinds) fresh += insert.run(deadline.gameId, deadline.role, deadline.decisionId, kind, sentAt).changes;
    return fresh;
  }

  /**
   * Many deadlines at once, in one transaction (one commit instead of two per
   * deadline): each one's next look (remindAt) and the reminders it sends now
   * marked (markSent). Returns, per deadline, whether it marked any kind
   * afresh: false for none to send, or all marked already by another process.
   */
  settle(items: { deadline: DeadlineRow; lookAt: number | null; kinds: string[] }[], sentAt: number): boolean[] {
    return this.database.transaction(() =>
      items.map(({ deadline, lookAt, kinds }) => {
        this.remindAt(deadline, lookAt);
        return this.markKinds(deadline, kinds, sentAt) > 0;
      }),
    )();
  }

  /** Forget the marks of deadlines that are gone (decided, defaulted, cleared). */
  prune(): void {
    this.database.exec(
      'DELETE FROM reminders_sent WHERE NOT EXISTS (SELECT 1 FROM decision_deadlines d ' +
        'WHERE d.game_id = reminders_sent.game_id AND d.role = reminders_sent.role AND ' +
        'd.decision_id = reminders_sent.decision_id)',
    );
  }
}
