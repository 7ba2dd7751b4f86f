// Issue 9 (deploying it): an online backup of a live store (WAL mode, open,
// games in progress) restores into a new file that opens with the same games,
// seats and action logs; a scheduled backup runs on its cron and stops cleanly.
// SQLite only, by design: these copy and restore a SQLite file (its backup API);
// PostgreSQL is dumped and restored with its own tools (pg_dump, README).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import { backupStore, listBackups, restoreBackup, RestoreError, scheduleBackups } from '../../src/store/backup.ts';
import { Store } from '../../src/store/store.ts';
import { harness } from '../app/harness.ts';
import { itOnSqlite } from '../setup/test-db.ts';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'muster-backup-'));

function everything(store: Store) {
  const games = store.db.prepare('SELECT id FROM games ORDER BY id').all() as { id: number }[];
  return games.map(({ id }) => ({ game: store.game(id), seats: store.seats(id), log: store.log(id), snapshots: store.snapshots(id) }));
}

describe('online backup and restore (issue 9)', () => {
  itOnSqlite('backs up a live store with games, restores into a new file, and the games and logs are equal', async () => {
    const h = harness({ seed: 'backup' });
    // A finished bot game of Rifle and Axe, a duel in play and a lobby.
    await h.say('alice', '/game new system:rifle options:players=1', 'rifle');
    await h.say('alice', '/game bot side:p1', 'rifle');
    await h.say('alice', '/game start', 'rifle');
    for (const [u, l] of [
      ['alice', '/game new system:duel'],
      ['alice', '/game join side:a'],
      ['bob', '/game join side:b'],
      ['alice', '/game start'],
    ])
      await h.say(u, l, 'duel');
    await h.say('carol', '/game new system:duel', 'lobby');
    const before = everything(h.svc.store);
    expect(before.length).toBe(3);
    expect(before[0].log.length).toBeGreaterThan(100);
    // The WAL still holds commits the main file lacks: a file copy now would miss them.
    expect(fs.statSync(`${h.svc.config.dbPath}-wal`).size).toBeGreaterThan(0);

    const dir = scratch();
    const file = await backupStore(h.svc.store, dir, 5);
    expect(listBackups(dir)).toEqual([file]);
    expect(fs.existsSync(`${file}.part`)).toBe(false);
    // The bot goes on committing after the backup; the backup keeps the moment it was taken.
    await h.say('bob', '/game join side:b', 'lobby');

    const target = path.join(scratch(), 'restored.sqlite');
    restoreBackup(file, target);
    const restored = new Store(target);
    expect(everything(restored)).toEqual(before);
    expect(restored.seats(before[2].game!.id)).toEqual([]);
    restored.close();
    await h.svc.close();
  });

  itOnSqlite('restore refuses a file that is not a Muster database and keeps the database it replaces', () => {
    const dir = scratch();
    const target = path.join(dir, 'muster.sqlite');
    new Store(target).close();
    const junk = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(junk, 'not a database at all, just text');
    expect(() => restoreBackup(junk, target)).toThrow();
    const other = path.join(dir, 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE t (x)');
    db.close();
    expect(() => restoreBackup(other, target)).toThrow(RestoreError);
    expect(fs.existsSync(`${target}.before-restore`)).toBe(false); // nothing was touched
    const good = path.join(dir, 'good.sqlite');
    new Store(good).close();
    restoreBackup(good, target);
    expect(fs.existsSync(`${target}.before-restore`)).toBe(true);
    const back = new Store(target);
    expect(back.db.prepare('SELECT COUNT(*) AS n FROM games').get()).toEqual({ n: 0 });
    back.close();
  });

  itOnSqlite('scheduled backups run on their cron, keep the newest N, and stop cleanly', async () => {
    const h = harness({ seed: 'cron' });
    await h.say('alice', '/game new system:duel', 'c');
    const dir = scratch();
    const done: string[] = [];
    const schedule = scheduleBackups(h.svc.store, { cron: '* * * * * *', dir, keep: 2, onDone: (f) => done.push(f) });
    expect(schedule.next()).toBeInstanceOf(Date);
    const t0 = Date.now();
    while (done.length < 3 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 100));
    await schedule.stop();
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(schedule.next()).toBeNull();
    const kept = listBackups(dir);
    expect(kept.length).toBe(2);
    expect(kept).toEqual(done.slice(-2));
    await h.svc.close();
  });
});
