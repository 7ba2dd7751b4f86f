// Issue 21 §3 on SQLite: work several bot processes on one database must do
// once. Two Store instances on one file stand for two processes (each has its
// own owner name); time is injected so a lapsed lease is tested without waiting.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { backupSlot, listBackups, scheduleBackups } from '../../src/store/backup.ts';
import { itOnSqlite, tempDb } from '../setup/test-db.ts';

function pair(now: () => number) {
  const file = tempDb();
  return [new Store(file, now), new Store(file, now)] as const;
}

describe('leases and claims across processes (issue 21 §3)', () => {
  it('one holder per lease; it renews, the other waits, and takes over once it lapses', () => {
    let t = 1_000_000;
    const [a, b] = pair(() => t);
    expect(a.leases.owner).not.toBe(b.leases.owner);
    expect(a.leases.acquire('tick', 90_000)).toBe('taken');
    expect(b.leases.acquire('tick', 90_000)).toBeNull();
    t += 30_000;
    expect(a.leases.acquire('tick', 90_000)).toBe('renewed');
    t += 89_999;
    expect(b.leases.acquire('tick', 90_000)).toBeNull();
    // a stops ticking (killed): its lease lapses and b leads.
    t += 1;
    expect(b.leases.acquire('tick', 90_000)).toBe('taken');
    expect(a.leases.acquire('tick', 90_000)).toBeNull();
    expect(b.leases.holder('tick')?.owner).toBe(b.leases.owner);
    // A graceful stop hands it over at once.
    b.close();
    expect(a.leases.acquire('tick', 90_000)).toBe('taken');
    a.close();
  });

  it('a slot of a schedule is claimed once, and never again after a later one', () => {
    const [a, b] = pair(Date.now);
    expect(a.leases.once('backup', 60_000)).toBe(true);
    expect(b.leases.once('backup', 60_000)).toBe(false);
    expect(b.leases.once('backup', 120_000)).toBe(true);
    expect(a.leases.once('backup', 120_000)).toBe(false);
    // A late trigger for an older slot takes nothing.
    expect(a.leases.once('backup', 60_000)).toBe(false);
    a.close();
    b.close();
  });

  it('an outbox row is delivered by one process at a time; a dead claimant’s row is taken over after its hold', () => {
    let t = 5_000_000;
    const [a, b] = pair(() => t);
    const [row] = a.outbox.enqueue([{ channelId: 'c1', content: 'one' }], { hold: false });
    expect(a.outbox.claim(row.id)).toBe(true);
    expect(b.outbox.claim(row.id)).toBe(false);
    expect(b.outbox.claimedBy(row.id)).toBe(a.outbox.owner);
    // Progress renews the hold.
    t += a.outbox.leaseMs - 1;
    a.outbox.progress(row.id, 1);
    t += a.outbox.leaseMs - 1;
    expect(b.outbox.claim(row.id)).toBe(false);
    // a dies mid-delivery: once its hold lapses b resumes after the part Discord took.
    t += 2;
    expect(b.outbox.claim(row.id)).toBe(true);
    expect(b.outbox.get(row.id)?.doneParts).toBe(1);
    b.outbox.sent(row.id);
    expect(a.outbox.claim(row.id)).toBe(false);
    expect(b.outbox.claimedBy(row.id)).toBeNull();
    // A retry puts the row back for anyone once it is due.
    const [next] = a.outbox.enqueue([{ channelId: 'c1', content: 'two' }], { hold: false });
    expect(b.outbox.claim(next.id)).toBe(true);
    b.outbox.retry(next.id, t + 1_000, '500');
    expect(a.outbox.claim(next.id)).toBe(true);
    // Closing the store hands its claims back.
    a.close();
    expect(b.outbox.claim(next.id)).toBe(true);
    b.close();
  });

  // SQLite only: the schedule copies a SQLite file; on PostgreSQL the bot keeps no backup schedule (src/bot/start.ts: pg_dump).
  itOnSqlite('two processes keeping one backup schedule take one copy per run', async () => {
    const file = tempDb();
    const a = new Store(file);
    const b = new Store(file);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-backup-'));
    const done: string[] = [];
    const opts = { cron: '* * * * * *', dir, keep: 0, onDone: (f: string) => done.push(f) };
    const sa = scheduleBackups(a, opts);
    const sb = scheduleBackups(b, opts);
    const t0 = Date.now();
    while (done.length < 3 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 100));
    await sa.stop();
    await sb.stop();
    expect(done.length).toBeGreaterThanOrEqual(3);
    // One file per run: no two copies in the same second.
    const seconds = listBackups(dir).map((f) => path.basename(f).slice(7, 22));
    expect(new Set(seconds).size).toBe(seconds.length);
    expect(listBackups(dir)).toHaveLength(done.length);
    expect(backupSlot('17 3 * * *', Date.UTC(2026, 0, 1, 3, 17, 42))).toBe(Date.UTC(2026, 0, 1, 3, 17));
    a.close();
    b.close();
  });
});
