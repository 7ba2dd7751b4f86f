// The database seam (issue 21 §1): the part of better-sqlite3's API the store
// and its callers use, so a PostgreSQL adapter (src/store/postgres.ts) can sit
// behind the same synchronous calls. better-sqlite3's Database is one of its
// implementations as it is. SQL written against it keeps to the common subset
// of SQLite and PostgreSQL (ON CONFLICT, RETURNING, IS NOT DISTINCT FROM,
// quoted camelCase aliases); what differs goes through `dialect`.
import Database from 'better-sqlite3';
import { openPostgres } from './postgres.ts';

export type SqlDialect = 'sqlite' | 'postgres';

/** What run() reports: rows changed (lastInsertRowid: SQLite only; portable code uses RETURNING). */
export interface SqlRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqlStatement {
  run(...params: unknown[]): SqlRunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  /** Rows as their first column's value (on), or as objects again (off). */
  pluck(on?: boolean): this;
  /** Rows as arrays of values (on), or as objects again (off). */
  raw(on?: boolean): this;
  expand(on?: boolean): this;
  /** Whether the statement returns rows. */
  readonly reader: boolean;
}

/** A transaction's body, typed as better-sqlite3 types it. */
export type TransactionBody = (...args: any[]) => unknown;
type ArgumentsOf<Body> = Body extends (...args: infer Args) => unknown ? Args : never;

/** A function run in a transaction; nested calls become savepoints, as in better-sqlite3. */
export interface SqlTransaction<Body extends TransactionBody> {
  (...args: ArgumentsOf<Body>): ReturnType<Body>;
  default(...args: ArgumentsOf<Body>): ReturnType<Body>;
  deferred(...args: ArgumentsOf<Body>): ReturnType<Body>;
  /** Takes the write lock as it begins: one such transaction at a time on the whole database. */
  immediate(...args: ArgumentsOf<Body>): ReturnType<Body>;
  exclusive(...args: ArgumentsOf<Body>): ReturnType<Body>;
}

export interface SqlDatabase {
  /** Absent on a plain better-sqlite3 handle: SQLite (dialectOf). */
  readonly dialect?: SqlDialect;
  prepare(sql: string): SqlStatement;
  transaction<Body extends TransactionBody>(body: Body): SqlTransaction<Body>;
  /** Runs SQL without parameters (one or several statements). */
  exec(sql: string): this;
  readonly inTransaction: boolean;
  readonly open: boolean;
  close(): void;
}

/** The store's database with what the store needs to know about it. */
export interface StoreDatabase extends SqlDatabase {
  readonly dialect: SqlDialect;
}

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
