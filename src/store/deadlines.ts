// Deadlines belong to a decision and to the seat it waits on: a row names
// the decision id it was set for, so it can never fire on a later decision.
// A game's clock policy gives every new decision its own deadline.
import type { SqlDatabase } from './database.ts';
import type { DecisionBook } from '../engine/decisions.ts';
import type { Role } from '../engine/types.ts';
import { UNPLAYABLE_IDS } from './damaged.ts';

export interface DecisionDeadline {
  gameId: number;
  role: Role;
  decisionId: number;
  dueAt: number;
}

interface Raw {
  game_id: number;
  role: string;
  decision_id: number;
  due_at: number;
}

const toDeadline = (raw: Raw): DecisionDeadline => ({
  gameId: raw.game_id,
  role: raw.role,
  decisionId: raw.decision_id,
  dueAt: raw.due_at,
});

const HOUR = 3_600_000;

/**
 * The earliest moment any reminder of a deadline can fall, whatever the
 * user's settings (an interval is at least an hour; half time and one hour
 * before come later): the tick first looks at it then, not before.
 */
export function firstReminderAt(dueAt: number, setAt: number | null): number {
  return setAt === null ? dueAt - HOUR : Math.min(setAt + HOUR, dueAt - HOUR);
}

export class Deadlines {
  constructor(private readonly db: SqlDatabase) {}

  ofGame(gameId: number): DecisionDeadline[] {
    return (this.db.prepare('SELECT * FROM decision_deadlines WHERE game_id = ? ORDER BY due_at').all(gameId) as Raw[]).map(toDeadline);
  }

  /**
   * Deadlines that have passed, oldest first (served by the due_at index);
   * an unplayable damaged game waits, so it cannot take every tick's turn.
   */
  due(now: number, limit = 100): DecisionDeadline[] {
    return (
      this.db
        .prepare(`SELECT * FROM decision_deadlines WHERE due_at <= ? AND game_id NOT IN (${UNPLAYABLE_IDS}) ORDER BY due_at LIMIT ?`)
        .all(now, limit) as Raw[]
    ).map(toDeadline);
  }

  /** `setAt`: when it was set (reminders at half time); unknown when omitted. */
  set(gameId: number, role: Role, decisionId: number, dueAt: number, setAt: number | null = null): void {
    this.db
      .prepare(
        'INSERT INTO decision_deadlines (game_id, role, decision_id, due_at, set_at, remind_at) ' +
          'VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(game_id, role) DO UPDATE SET decision_id = ' +
          'excluded.decision_id, due_at = excluded.due_at, set_at = excluded.set_at, remind_at = excluded.remind_at',
      )
      .run(gameId, role, decisionId, dueAt, setAt, firstReminderAt(dueAt, setAt));
    // A seat's deadline now for another decision: the marks of the earlier one are done with.
    this.db.prepare('DELETE FROM reminders_sent WHERE game_id = ? AND role = ? AND decision_id <> ?').run(gameId, role, decisionId);
  }

  /** Remove one seat's deadline (only if it is still the one for `decisionId`, when given), or all of a game's. */
  clear(gameId: number, role?: Role, decisionId?: number): void {
    // The reminders sent for a deadline go with it, so the tick need not look for orphans.
    for (const table of ['decision_deadlines', 'reminders_sent']) {
      if (role === undefined) this.db.prepare(`DELETE FROM ${table} WHERE game_id = ?`).run(gameId);
      else if (decisionId === undefined) this.db.prepare(`DELETE FROM ${table} WHERE game_id = ? AND role = ?`).run(gameId, role);
      else this.db.prepare(`DELETE FROM ${table} WHERE game_id = ? AND role = ? AND decision_id = ?`).run(gameId, role, decisionId);
    }
  }

  clock(gameId: number): number | null {
    const row = this.db.prepare('SELECT clock_ms FROM games WHERE id = ?').get(gameId) as { clock_ms: number | null } | undefined;
    return row?.clock_ms ?? null;
  }

  setClock(gameId: number, clockMs: number | null): void {
    this.db.prepare('UPDATE games SET clock_ms = ? WHERE id = ?').run(clockMs, gameId);
  }

  /**
   * A time bank instead of a fixed time per decision: each seat starts with
   * the clock, spends what each decision takes, gains `bonusMs` per decision
   * made, and never holds more than `capMs` (correspondence "days + bonus, capped").
   */
  setBank(gameId: number, bonusMs: number | null, capMs: number | null): void {
    this.db.prepare('UPDATE games SET clock_bonus_ms = ?, clock_cap_ms = ? WHERE id = ?').run(bonusMs, capMs, gameId);
  }

  /** A seat's bank now (the clock, before its first decision). */
  bank(gameId: number, role: Role): number | null {
    const row = this.db.prepare('SELECT clock_ms, clock_bonus_ms FROM games WHERE id = ?').get(gameId) as
      { clock_ms: number | null; clock_bonus_ms: number | null } | undefined;
    if (!row?.clock_ms || row.clock_bonus_ms === null) return null;
    const bank = this.db.prepare('SELECT bank_ms FROM clock_banks WHERE game_id = ? AND role = ?').get(gameId, role) as
      { bank_ms: number } | undefined;
    return bank?.bank_ms ?? row.clock_ms;
  }

  /** A decision of a banked seat closed after `spentMs`: the bank pays it, then gains the bonus (capped). */
  private settleBank(gameId: number, role: Role, spentMs: number): void {
    const row = this.db.prepare('SELECT clock_bonus_ms, clock_cap_ms FROM games WHERE id = ?').get(gameId) as {
      clock_bonus_ms: number | null;
      clock_cap_ms: number | null;
    };
    const before = this.bank(gameId, role);
    if (before === null || row.clock_bonus_ms === null) return;
    const after = Math.min(row.clock_cap_ms ?? Infinity, Math.max(0, before - spentMs) + row.clock_bonus_ms);
    this.db
      .prepare(
        'INSERT INTO clock_banks (game_id, role, bank_ms) VALUES (?, ?, ?) ON CONFLICT (game_id, role) DO UPDATE SET bank_ms = excluded.bank_ms',
      )
      .run(gameId, role, after);
  }

  /**
   * After a commit: drop deadlines whose decision has closed, and give each
   * new decision the clock policy's deadline. Runs inside the commit's transaction.
   */
  sync(gameId: number, book: DecisionBook | undefined, now: number, over: boolean): void {
    if (over || !book) return this.clear(gameId);
    const open = book.open;
    const setAt = this.db.prepare('SELECT set_at FROM decision_deadlines WHERE game_id = ? AND role = ?');
    for (const deadline of this.ofGame(gameId))
      if (open[deadline.role]?.id !== deadline.decisionId) {
        const setAtTime = (setAt.get(gameId, deadline.role) as { set_at: number | null } | undefined)?.set_at;
        if (setAtTime !== null && setAtTime !== undefined) this.settleBank(gameId, deadline.role, now - setAtTime);
        this.clear(gameId, deadline.role, deadline.decisionId);
      }
    const clock = this.clock(gameId);
    if (!clock) return;
    const have = new Set(this.ofGame(gameId).map((d) => d.role));
    for (const [role, dec] of Object.entries(open))
      if (!have.has(role)) this.set(gameId, role, dec.id, now + (this.bank(gameId, role) ?? clock), now);
  }
}
