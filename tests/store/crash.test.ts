import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { migrationsFor } from '../../src/store/migrations.ts';
import { canonical, replay } from '../../src/engine/runner.ts';
import { duel } from '../fixtures/duel.ts';
import { onPostgres, tempDb } from '../setup/test-db.ts';
import { sqliteOf } from '../../src/store/database.ts';

describe('store durability (issue 2 §3)', () => {
  it('kill -9 mid-run loses no acknowledged action and state = replay of the committed log', async () => {
    const db = tempDb();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/store/crash-child.ts', db], { stdio: ['ignore', 'pipe', 'inherit'] });
    let lastAck = 0;
    let buf = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        const acks = [...buf.matchAll(/ack (\d+)/g)];
        if (acks.length) lastAck = Number(acks[acks.length - 1][1]);
        if (lastAck >= 150 && child.exitCode === null && !child.killed) {
          child.kill('SIGKILL');
        }
      });
      child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited ${code}`))));
    });
    const store = new Store(db);
    const row = store.liveGame('crash')!;
    expect(row.version).toBeGreaterThanOrEqual(lastAck);
    const log = store.log(row.id);
    expect(log).toHaveLength(row.version);
    const rebuilt = replay(duel, {}, 'crash', log).env;
    expect(canonical(rebuilt.game)).toBe(canonical(JSON.parse(row.state!).game));
    expect(canonical(rebuilt.dice)).toBe(canonical(JSON.parse(row.state!).dice));
    store.close();
  });

  it('migrations are versioned and re-opening a database does not re-run them', () => {
    const db = tempDb();
    new Store(db).close();
    const s = new Store(db);
    const rows = s.db.prepare('SELECT version FROM schema_migrations').all();
    // Each backend's own list (PostgreSQL's starts at 19: SQLite's 1-19 in one).
    expect(rows).toEqual(migrationsFor(s.db).map((m) => ({ version: m.version })));
    // SQLite's journal is switched to WAL when the store opens; PostgreSQL always writes ahead.
    if (!onPostgres()) expect(sqliteOf(s.db)!.pragma('journal_mode', { simple: true })).toBe('wal');
    s.close();
  });

  it('one live game per channel; a stale commit is refused', () => {
    const s = new Store(tempDb());
    const g = s.createGame({ guildId: null, channelId: 'c', system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'u' });
    expect(() =>
      s.createGame({ guildId: null, channelId: 'c', system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'u' }),
    ).toThrow(/already has a game/);
    s.start(g.id, '{}');
    s.commit(g.id, 0, [{ role: 'a', userId: 'u', action: { type: 'x' }, undoable: false }], '{}');
    expect(() => s.commit(g.id, 0, [{ role: 'a', userId: 'u', action: { type: 'y' }, undoable: false }], '{}')).toThrow(/moved on/);
    expect(s.log(g.id)).toHaveLength(1);
    s.close();
  });
});
