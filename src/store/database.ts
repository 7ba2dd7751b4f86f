// The database seam (issue 21 §1): the part of better-sqlite3's API the store
// and its callers use, so a PostgreSQL adapter (src/store/postgres.ts) can sit
// behind the same synchronous calls. better-sqlite3's Database is one of its
// implementations as it is. SQL written against it keeps to the common subset
// of SQLite and PostgreSQL (ON CONFLICT, RETURNING, IS NOT DISTINCT FROM,
// quoted camelCase aliases); what differs goes through `dialect`.
import Database from 'better-sqlite3';
import { openPostgres } from './postgres.ts';
import type { SqlDatabase, SqlDialect, StoreDatabase } from './sql.ts';

export type {
  Migration,
  SqlDatabase,
  SqlDialect,
  SqlRunResult,
  SqlStatement,
  SqlTransaction,
  StoreDatabase,
  TransactionBody,
} from './sql.ts';

export const dialectOf = (database: SqlDatabase): SqlDialect => database.dialect ?? 'sqlite';

/** A PostgreSQL URL (postgres:// or postgresql://) rather than a file path. */
export const isPostgresUrl = (location: string): boolean => /^postgres(?:ql)?:\/\//i.test(location);

/** Opens a SQLite file (as the store always has) or, for a postgres:// URL, a PostgreSQL database. */
export function openDatabase(location: string): StoreDatabase {
  if (isPostgresUrl(location)) return openPostgres(location);
  const sqlite = new Database(location) as Database.Database & { dialect: SqlDialect };
  sqlite.dialect = 'sqlite';
  return sqlite as unknown as StoreDatabase;
}

/** better-sqlite3 under its own type, for what only SQLite has (pragmas, online backups); null on PostgreSQL. */
export const sqliteOf = (database: StoreDatabase): Database.Database | null =>
  database.dialect === 'sqlite' ? (database as unknown as Database.Database) : null;
