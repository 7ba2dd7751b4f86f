// A fresh, empty PostgreSQL schema for one test: a URL to the run's throwaway
// cluster (tests/setup/postgres.ts) whose search_path is a schema of its own,
// so tests never see each other's tables. Throws, saying why, when the run has
// no cluster: a PostgreSQL test fails then, never passes by skipping.
import { PostgresDatabase } from '../../src/store/postgres.ts';

let schemaCount = 0;

export function postgresUrl(): string {
  const url = process.env.MUSTER_TEST_PG;
  if (!url) {
    const why =
      process.env.MUSTER_TEST_PG_ERROR ?? 'MUSTER_TEST_PG is not set (vitest.config.ts starts a cluster: tests/setup/postgres.ts)';
    throw new Error(`No PostgreSQL for this test: ${why}`);
  }
  return url;
}

/** A URL whose connections work in a new schema of their own. */
export function freshPostgresSchema(): string {
  const base = postgresUrl();
  const schema = `test_${process.pid}_${++schemaCount}_${Date.now().toString(36)}`;
  const admin = new PostgresDatabase(base);
  try {
    admin.exec(`CREATE SCHEMA ${schema}`);
  } finally {
    admin.close();
  }
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}
