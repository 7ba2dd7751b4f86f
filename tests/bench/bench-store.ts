// Which database a bench runs on (issue 21 §9): SQLite in a scratch file (the
// default), or with `--store postgres` the PostgreSQL that MUSTER_BENCH_DB
// names, handed to the bot as MUSTER_DB as `npm start` reads it.
import { loadConfig } from '../../src/app/config.ts';
import { PostgresDatabase } from '../../src/store/postgres.ts';
import type { StoreDatabase } from '../../src/store/database.ts';
import { createSchema } from '../setup/pg-schema.ts';

export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  /** The PostgreSQL URL (postgres only). */
  url?: string;
}

const HOW =
  'set MUSTER_BENCH_DB=postgres://USER:PASSWORD@HOST:5432/DATABASE (a scratch database: the bench writes thousands of games into it); the bench passes it to the bot as MUSTER_DB';

/** The database `--store` names; a clear error when PostgreSQL is asked for and cannot be used. */
export function benchDatabase(store: string | undefined): BenchDatabase {
  if (store === undefined || store === 'sqlite') return { kind: 'sqlite' };
  if (store !== 'postgres') throw new Error(`--store takes sqlite or postgres, not "${store}"`);
  const url = process.env.MUSTER_BENCH_DB?.trim();
  if (!url) throw new Error(`--store postgres: MUSTER_BENCH_DB is not set; ${HOW}`);
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`--store postgres: MUSTER_BENCH_DB is not a postgres:// URL (${url}); ${HOW}`);
  // A build without the PostgreSQL backend reads MUSTER_DB as a file name (src/app/config.ts): say so rather than make a file.
  if (!JSON.stringify(loadConfig({ ...process.env, MUSTER_DB: url })).includes(url))
    throw new Error('--store postgres: this build has no PostgreSQL backend (issue 21 §1): MUSTER_DB would be read as a SQLite file name');
  process.env.MUSTER_DB = url;
  return { kind: 'postgres', url };
}

/**
 * A PostgreSQL schema of the bench's own in MUSTER_BENCH_DB's database, so a
 * run starts empty, its sizes count only its own rows, and runs side by side
 * never meet; drop() removes it with everything in it.
 */
export function benchSchema(url: string, purpose: string): { url: string; schema: string; drop(): void } {
  const schema = `bench_${purpose}_${process.pid}_${Date.now().toString(36)}`;
  return {
    url: createSchema(url, schema),
    schema,
    drop() {
      const cleaner = new PostgresDatabase(url);
      try {
        cleaner.exec(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        cleaner.close();
      }
    },
  };
}

/**
 * What the store's tables take on PostgreSQL: pg_total_relation_size of every
 * table in the connection's schema, which counts the table's pages, its TOAST
 * table (large values, compressed) and all its indexes, free space included,
 * as a SQLite file's size counts its free pages.
 */
export function postgresStoreBytes(database: StoreDatabase): number {
  const row = database
    .prepare(
      `SELECT COALESCE(SUM(pg_total_relation_size(format('%I.%I', schemaname, tablename)::regclass)), 0) AS bytes ` +
        `FROM pg_tables WHERE schemaname = current_schema()`,
    )
    .get() as { bytes: number };
  return Number(row.bytes);
}
