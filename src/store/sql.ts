// The database seam's types (issue 21 §1), apart from the code that opens a
// database, so both backends (better-sqlite3, src/store/postgres.ts) and both
// migration lists import them without importing each other.

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
  /** Rows as their first column's value (enabled), or as objects again (not). */
  pluck(enabled?: boolean): this;
  /** Rows as arrays of values (enabled), or as objects again (not). */
  raw(enabled?: boolean): this;
  expand(enabled?: boolean): this;
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
  /** A server database's sessions, named for the process (pg_stat_activity); a file database has none. */
  nameSessions?(name: string): void;
}

/** One schema change, numbered alike in both databases' lists. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
