// The one place a test gets a database (issue 21: the same suite on both
// backends). tempDb() honours MUSTER_TEST_DB: a fresh SQLite file, or with
// MUSTER_TEST_DB=postgres (vitest.config.ts's "postgres" project) a fresh
// schema in the run's throwaway cluster (tests/setup/pg-schema.ts). The
// "postgres" project runs every test file that reaches this module
// (tests/setup/database-files.ts), so a test opening its database elsewhere
// would run on SQLite only: tests/architecture/test-databases.test.ts says so.
import fs from 'node:fs';
import { it } from 'vitest';
import { sqliteFile } from './sqlite-file.ts';
import { copyPostgresSchema, freshPostgresSchema } from './pg-schema.ts';
import { Store } from '../../src/store/store.ts';

export type TestBackend = 'sqlite' | 'postgres';

/** The backend this run's tests use: MUSTER_TEST_DB=postgres, else SQLite. */
export const testBackend = (): TestBackend => (process.env.MUSTER_TEST_DB === 'postgres' ? 'postgres' : 'sqlite');

export const onPostgres = (): boolean => testBackend() === 'postgres';

/**
 * A test's time limit on the run's backend. On PostgreSQL every store call waits for a round trip to the
 * server's process (about 30 a command): the same CPU as on SQLite, but on a loaded 2-core machine each wait
 * is a trip through the scheduler, and the whole-game files took 2-4 times their SQLite wall time (at load 10-15).
 * A limit is there to catch a hang, not to time the machine.
 */
export const timeLimit = (sqliteMs: number): number => (onPostgres() ? 3 * sqliteMs : sqliteMs);

/** A fresh, empty database on the run's backend: a SQLite file path, or a PostgreSQL URL with a schema of its own. */
export function tempDb(): string {
  return onPostgres() ? freshPostgresSchema() : sqliteFile();
}

/**
 * A new database holding a copy of `from`'s (from tempDb(), its stores closed): a copy of the SQLite file, or of
 * the PostgreSQL schema. For tests that build a state once and start each case from it.
 */
export function copyTempDb(from: string): string {
  if (onPostgres()) return copyPostgresSchema(from, (url) => new Store(url).close());
  const to = sqliteFile();
  fs.copyFileSync(from, to);
  return to;
}

/** A fresh SQLite file whatever the run's backend: for tests about SQLite itself (its file, its migrations before 19). */
export { sqliteFile };

/**
 * A test about SQLite itself (a file, pragmas, its backup API): skipped in the "postgres" project, where what
 * it checks does not exist (the test's own comment says what PostgreSQL has instead, where it has something).
 */
export const itOnSqlite = it.skipIf(onPostgres());
