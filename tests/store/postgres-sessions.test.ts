// PostgreSQL sessions that end under the store (issue 21 §3, §8): a killed
// process's session ends with its socket, but one that stopped (a machine gone,
// a paused VM) would keep its transaction and the write lock every process
// waits for; the server ends it after IDLE_IN_TRANSACTION_MS. A process whose
// session was ended (that limit, an administrator, a server restart) goes on
// with a new connection, and a transaction that lost its session is never
// reported committed.
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_IN_TRANSACTION_MS, PostgresDatabase, WRITE_LOCK_KEY } from '../../src/store/postgres.ts';
import { freshPostgresSchema } from '../setup/pg-schema.ts';

const opened: PostgresDatabase[] = [];
afterEach(() => opened.splice(0).forEach((database) => database.close()));
const open = (url: string) => {
  const database = new PostgresDatabase(url);
  opened.push(database);
  return database;
};

/** The URL with one more server setting in its `options` (as an operator may write it). */
const withSetting = (url: string, setting: string) =>
  url.replace(/options=([^&]*)/, (_, options: string) => `options=${encodeURIComponent(`${decodeURIComponent(options)} -c ${setting}`)}`);

const backendOf = (database: PostgresDatabase) => database.prepare('SELECT pg_backend_pid()').pluck().get() as number;

/** Ends a session from outside, as an administrator (or a failover) would. */
function terminate(admin: PostgresDatabase, database: PostgresDatabase): void {
  expect(admin.prepare('SELECT pg_terminate_backend(?)').pluck().get(backendOf(database))).toBe(true);
}

describe('PostgreSQL sessions ended under the store', () => {
  it('caps a session idle inside a transaction at IDLE_IN_TRANSACTION_MS, unless the URL (or role, or database) sets its own', () => {
    const url = freshPostgresSchema();
    expect(open(url).prepare('SHOW idle_in_transaction_session_timeout').pluck().get()).toBe(`${IDLE_IN_TRANSACTION_MS / 1000}s`);
    expect(
      open(withSetting(url, 'idle_in_transaction_session_timeout=2500')).prepare('SHOW idle_in_transaction_session_timeout').pluck().get(),
    ).toBe('2500ms');
  });

  it('frees the write lock of a process stopped inside a transaction, and that process goes on after with a new connection', () => {
    const url = freshPostgresSchema();
    const other = open(url);
    other.exec('CREATE TABLE moves (n INTEGER)');
    // A process that stopped inside a transaction: its session holds the write lock and waits for it for ever.
    const stalled = open(withSetting(url, 'idle_in_transaction_session_timeout=800'));
    stalled.exec(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY}); INSERT INTO moves VALUES (1)`);
    const before = backendOf(other);
    const started = Date.now();
    // Another process's commit waits for the lock until the server ends the stalled session.
    other.transaction(() => other.prepare('INSERT INTO moves VALUES (?)').run(2))();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    // The URL's limit ended it, not the default (and not TCP): well under IDLE_IN_TRANSACTION_MS, on a busy machine too.
    expect(Date.now() - started).toBeLessThan(IDLE_IN_TRANSACTION_MS / 2);
    expect(other.prepare('SELECT n FROM moves').pluck().all()).toEqual([2]);
    expect(backendOf(other)).toBe(before);
    // The stopped process wakes: its first call learns that its session is gone, the next runs on a new one.
    expect(() => stalled.prepare('SELECT COUNT(*) FROM moves').pluck().get()).toThrow(/idle-in-transaction timeout|terminat/);
    expect(stalled.prepare('SELECT COUNT(*) FROM moves').pluck().get()).toBe(1);
  });

  it('replaces a lost connection: the call that found it lost fails, prepared statements work on the next', () => {
    const url = freshPostgresSchema();
    const admin = open(url);
    const database = open(url);
    database.exec('CREATE TABLE moves (n INTEGER)');
    const insert = database.prepare('INSERT INTO moves VALUES (?)');
    insert.run(1);
    const first = backendOf(database);
    terminate(admin, database);
    expect(() => insert.run(2)).toThrow(/terminat/);
    insert.run(3);
    expect(database.prepare('SELECT n FROM moves ORDER BY n').pluck().all()).toEqual([1, 3]);
    expect(backendOf(database)).not.toBe(first);
    // A closed database stays closed: no call opens it again.
    database.close();
    expect(() => insert.run(4)).toThrow(/not open/);
    expect(admin.prepare('SELECT n FROM moves ORDER BY n').pluck().all()).toEqual([1, 3]);
  });

  it('never reports committed a transaction whose session was lost, even when its body carried on', () => {
    const url = freshPostgresSchema();
    const admin = open(url);
    const database = open(url);
    database.exec('CREATE TABLE moves (n INTEGER)');
    const insert = database.prepare('INSERT INTO moves VALUES (?)');
    const carriesOn = database.transaction(() => {
      insert.run(10);
      terminate(admin, database);
      try {
        insert.run(11);
      } catch {
        // a body that swallows the error and goes on
      }
      insert.run(12);
    });
    expect(() => carriesOn()).toThrow(/lost inside a transaction/);
    expect(database.inTransaction).toBe(false);
    const quiet = database.transaction(() => {
      insert.run(20);
      terminate(admin, database);
      try {
        insert.run(21);
      } catch {
        // swallowed, and the body returns as if all went well
      }
    });
    expect(() => quiet()).toThrow(/lost inside a transaction/);
    insert.run(30);
    expect(database.prepare('SELECT n FROM moves ORDER BY n').pluck().all()).toEqual([30]);
  });
});
