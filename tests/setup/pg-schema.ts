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

/** Creates `schema` in the database at `base`: a URL whose connections work in it (the tests' and the benches'). */
export function createSchema(base: string, schema: string): string {
  const admin = new PostgresDatabase(base);
  try {
    admin.exec(`CREATE SCHEMA ${schema}`);
  } finally {
    admin.close();
  }
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** A URL whose connections work in a new schema of their own. */
export function freshPostgresSchema(): string {
  return createSchema(postgresUrl(), `test_${process.pid}_${++schemaCount}_${Date.now().toString(36)}`);
}

/** The schema a URL from freshPostgresSchema() works in. */
export function schemaOf(url: string): string {
  const schema = /search_path=(\w+)/.exec(decodeURIComponent(url))?.[1];
  if (!schema) throw new Error(`Not a test schema's URL (no search_path): ${url}`);
  return schema;
}

/**
 * A new schema holding a copy of `from`'s rows (made by the store's migrations, then filled table by table),
 * as copying a SQLite file copies a database: for tests that build a state once and start each case from it.
 */
export function copyPostgresSchema(from: string, migrated: (url: string) => void): string {
  const to = freshPostgresSchema();
  migrated(to);
  const [source, target] = [schemaOf(from), schemaOf(to)];
  const admin = new PostgresDatabase(postgresUrl());
  try {
    const tables = admin
      .prepare(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
      )
      .pluck()
      .all(source) as string[];
    const identities = admin
      .prepare(
        `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns WHERE table_schema = ? AND is_identity = 'YES'`,
      )
      .all(target) as { table: string; column: string }[];
    admin.transaction(() => {
      // Foreign keys are checked by triggers, which this skips: the rows were consistent where they came from.
      admin.exec('SET LOCAL session_replication_role = replica');
      for (const table of tables) admin.exec(`INSERT INTO ${target}."${table}" OVERRIDING SYSTEM VALUE SELECT * FROM ${source}."${table}"`);
      // The copied ids go on from where the source's left off.
      for (const { table, column } of identities)
        admin
          .prepare(`SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX("${column}"), 0) + 1, false) FROM ${target}."${table}"`)
          .get(`${target}."${table}"`, column);
    })();
  } finally {
    admin.close();
  }
  return to;
}
