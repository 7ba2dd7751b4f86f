// Work that several bot processes on one database must do once: a named
// lease (one holder at a time, until it expires: a dead holder's work is
// taken over) and a claim per slot (the first process to claim a slot does
// it, e.g. one scheduled backup). On SQLite a lease is a row with its owner
// and expiry, taken by one conditional upsert; a PostgreSQL backend would
// take the same row with `SELECT … FOR UPDATE SKIP LOCKED` (or an advisory
// lock) and keep this interface.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { SqlDatabase } from './database.ts';

/** What acquire() found: the lease was free or expired (taken), already ours (renewed), or held by another. */
export type LeaseResult = 'taken' | 'renewed' | null;

export interface LeaseHolder {
  owner: string;
  expiresAt: number;
}

/** A process's name in leases and outbox claims: host, pid and a random tail (pids repeat after a restart). */
export function processOwner(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export class Leases {
  constructor(
    private readonly db: SqlDatabase,
    readonly owner: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Take lease `name` for `ttlMs`, or renew it when we hold it; null while another holds it unexpired. */
  acquire(name: string, ttlMs: number): LeaseResult {
    const now = this.now();
    return this.db
      .transaction((): LeaseResult => {
        const before = this.holder(name);
        const changed = this.db
          .prepare(
            `INSERT INTO leases (name, owner, expires_at, taken_at) VALUES (?, ?, ?, ?)
           ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at,
             taken_at = CASE WHEN leases.owner = excluded.owner THEN leases.taken_at ELSE excluded.taken_at END
           WHERE leases.owner = excluded.owner OR leases.expires_at <= ?`,
          )
          .run(name, this.owner, now + ttlMs, now, now).changes;
        if (changed !== 1) return null;
        return before?.owner === this.owner && before.expiresAt > now ? 'renewed' : 'taken';
      })
      .immediate();
  }

  /** Give the lease up (a graceful stop): another process takes it at once instead of after its expiry. */
  release(name: string): void {
    this.db.prepare('DELETE FROM leases WHERE name = ? AND owner = ?').run(name, this.owner);
  }

  /** Every lease this process holds (closing the store). */
  releaseAll(): void {
    this.db.prepare('DELETE FROM leases WHERE owner = ?').run(this.owner);
  }

  holder(name: string): LeaseHolder | null {
    const holder = this.db.prepare('SELECT owner, expires_at AS "expiresAt" FROM leases WHERE name = ?').get(name) as
      LeaseHolder | undefined;
    return holder ?? null;
  }

  /** The first process to claim `slot` of `name` gets true (a backup at 03:17 is taken once); a slot not after the last claimed one, false. */
  once(name: string, slot: number): boolean {
    return (
      this.db
        .prepare(
          `INSERT INTO lease_slots (name, slot, owner, at) VALUES (?, ?, ?, ?)
           ON CONFLICT(name) DO UPDATE SET slot = excluded.slot, owner = excluded.owner, at = excluded.at
           WHERE lease_slots.slot < excluded.slot`,
        )
        .run(name, slot, this.owner, this.now()).changes === 1
    );
  }
}
