// PostgreSQL behind the store's synchronous seam (src/store/database.ts),
// through pg-native: libpq's synchronous calls, so every store call keeps its
// shape and the event loop waits on each query's round trip instead (measured
// in ARCHITECTURE.md). The adapter translates nothing clever: `?` placeholders
// become $1…$n (outside literals, quoted names and comments) and values map
// both ways (int8 and numeric read as numbers, Buffer ↔ bytea); the SQL itself
// is written to run on both databases.
import { createRequire } from 'node:module';
import type { SqlRunResult, SqlStatement, SqlTransaction, StoreDatabase, TransactionBody } from './sql.ts';

/** The slice of pg-native's Client (and its libpq handle) used here. */
interface NativeClient {
  connectSync(url: string): void;
  querySync(text: string, values?: (string | null)[]): Record<string, unknown>[];
  prepareSync(statementName: string, text: string, parameterCount: number): void;
  executeSync(statementName: string, values: (string | null)[]): Record<string, unknown>[];
  end(): void;
  pq: { cmdTuples(): string; resultErrorFields(): { sqlState?: string } | null; transactionStatus(): number };
}
type NativeClientClass = new (config: {
  types: { getTypeParser(oid: number, format?: string): (text: string) => unknown };
}) => NativeClient;
type TypeParsers = { getTypeParser(oid: number, format?: string): (text: string) => unknown };

const require = createRequire(import.meta.url);

/** Type oids whose text form is read otherwise than pg-types' default. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** pg-types with int8 (ids, counts, times in ms) and numeric (sums) as JS numbers, as SQLite gives them. */
function typeParsers(): TypeParsers {
  const pgTypes = require('pg-types') as TypeParsers;
  return {
    getTypeParser(oid: number, format?: string) {
      if (oid === INT8_OID) return (text: string) => Number(text);
      if (oid === NUMERIC_OID) return (text: string) => Number(text);
      return pgTypes.getTypeParser(oid, format);
    },
  };
}

/** `?` → `$n` outside string literals, quoted identifiers and comments; returns the text and the count. */
export function numberPlaceholders(sql: string): { text: string; count: number } {
  let text = '';
  let count = 0;
  for (let index = 0; index < sql.length; index++) {
    const char = sql[index]!;
    if (char === "'" || char === '"') {
      const end = sql.indexOf(char, index + 1);
      const stop = end < 0 ? sql.length : end + 1; // a doubled quote ('') is two literals back to back: same text
      text += sql.slice(index, stop);
      index = stop - 1;
    } else if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      const stop = end < 0 ? sql.length : end;
      text += sql.slice(index, stop);
      index = stop - 1;
    } else if (char === '/' && sql[index + 1] === '*') {
      const end = sql.indexOf('*/', index + 2);
      const stop = end < 0 ? sql.length : end + 2;
      text += sql.slice(index, stop);
      index = stop - 1;
    } else if (char === '?') {
      text += `$${++count}`;
    } else text += char;
  }
  return { text, count };
}

/** A JS value as libpq's text parameter. */
function toParameter(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  throw new TypeError(`A query parameter must be a string, number, bigint, Buffer or null, not ${typeof value}.`);
}

/** PostgreSQL's error codes that mean what SQLite's messages say (code reads them: ChannelBusyError). */
const sqliteWords: Record<string, string> = {
  '23505': 'UNIQUE constraint failed',
  '23503': 'FOREIGN KEY constraint failed',
  '23502': 'NOT NULL constraint failed',
  '23514': 'CHECK constraint failed',
};

/** The database's error, its message prefixed with SQLite's words for the same constraint so callers read both alike. */
export class PostgresError extends Error {
  override name = 'PostgresError';
  constructor(
    message: string,
    readonly sqlState: string | undefined,
  ) {
    const words = sqlState ? sqliteWords[sqlState] : undefined;
    super(words ? `${words}: ${message.trim()}` : message.trim());
  }
}

/** A key for pg_advisory_xact_lock: every immediate transaction takes it, so they run one at a time as on SQLite. */
export const WRITE_LOCK_KEY = 0x6d757374; // 'must'

class PostgresStatement implements SqlStatement {
  private plucked = false;
  private rawRows = false;
  private preparedName: string | null = null;
  /** The connection it was prepared on (PostgresDatabase.connectionCount): a replaced connection prepares it again. */
  private preparedOn = 0;
  readonly reader: boolean;

  constructor(
    private readonly database: PostgresDatabase,
    private readonly sql: string,
    private readonly text: string,
    private readonly parameterCount: number,
  ) {
    this.reader = /^\s*(SELECT|WITH|VALUES)\b/i.test(sql) || /\bRETURNING\b/i.test(sql);
  }

  private execute(params: unknown[]): Record<string, unknown>[] {
    const flat = params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params;
    if (flat.length !== this.parameterCount)
      throw new RangeError(`Expected ${this.parameterCount} query parameters, got ${flat.length}: ${this.sql}`);
    const values = flat.map(toParameter);
    return this.database.call(() => {
      if (this.preparedName === null || this.preparedOn !== this.database.connectionCount) {
        const name = this.database.nextStatementName();
        this.database.client.prepareSync(name, this.text, this.parameterCount);
        this.preparedName = name;
        this.preparedOn = this.database.connectionCount;
      }
      return this.database.client.executeSync(this.preparedName, values);
    });
  }

  private shape(row: Record<string, unknown>): unknown {
    if (this.plucked) return Object.values(row)[0];
    if (this.rawRows) return Object.values(row);
    return row;
  }

  run(...params: unknown[]): SqlRunResult {
    this.execute(params);
    const changes = Number(this.database.client.pq.cmdTuples() || 0);
    const sql = this.sql;
    return {
      changes,
      get lastInsertRowid(): number {
        throw new Error(`lastInsertRowid is SQLite's: use INSERT … RETURNING id (${sql})`);
      },
    };
  }

  get(...params: unknown[]): unknown {
    const rows = this.execute(params);
    return rows.length ? this.shape(rows[0]!) : undefined;
  }

  all(...params: unknown[]): unknown[] {
    return this.execute(params).map((row) => this.shape(row));
  }

  iterate(...params: unknown[]): IterableIterator<unknown> {
    return this.all(...params)[Symbol.iterator]();
  }

  pluck(enabled = true): this {
    this.plucked = enabled;
    if (enabled) this.rawRows = false;
    return this;
  }

  raw(enabled = true): this {
    this.rawRows = enabled;
    if (enabled) this.plucked = false;
    return this;
  }

  expand(enabled = true): this {
    if (enabled) throw new Error('expand() is not available on PostgreSQL');
    return this;
  }

  /** A cached statement handed out again starts with plain rows. */
  reset(): this {
    this.plucked = false;
    this.rawRows = false;
    return this;
  }
}

/** PQtransactionStatus's answer once the connection is gone (libpq's PQTRANS_UNKNOWN). */
const CONNECTION_LOST = 4;

/**
 * How long a session may sit inside a transaction waiting for its client
 * before the server ends it, unless the URL, role or database sets its own:
 * a transaction here never spans an await (runTransaction), so one left idle
 * that long belongs to a process that stopped without its socket closing (a
 * machine that went away, a paused VM). A killed process's session ends with
 * its socket; this one would hold the write lock, which every other process
 * waits for with its event loop, until TCP gave up (hours).
 */
export const IDLE_IN_TRANSACTION_MS = 15_000;

/** Set on every new session: notices (IF NOT EXISTS, savepoints) are not news; the idle limit above when none is set. */
const SESSION_SETTINGS =
  'SET client_min_messages = warning; ' +
  `SELECT set_config('idle_in_transaction_session_timeout', '${IDLE_IN_TRANSACTION_MS}', false) ` +
  `WHERE current_setting('idle_in_transaction_session_timeout') = '0'`;

/** application_name, unless the URL set one (an operator's label wins). */
const NAME_SESSION = `SELECT set_config('application_name', $1, false) WHERE current_setting('application_name') = ''`;

export class PostgresDatabase implements StoreDatabase {
  readonly dialect = 'postgres' as const;
  private connection: NativeClient;
  /** Connections opened so far: a statement prepared on an earlier one is prepared again. */
  connectionCount = 0;
  /** The connection broke (the server ended the session, or went away): the next call outside a transaction opens another. */
  private lost = false;
  /** The name pg_stat_activity shows for its sessions (nameSessions), when the URL gives none. */
  private sessionName: string | null = null;
  private readonly statements = new Map<string, PostgresStatement>();
  private statementCount = 0;
  private depth = 0;
  private isOpen = true;

  constructor(private readonly url: string) {
    this.connection = this.connect();
    openDatabases.add(this);
  }

  /** The current connection's client. */
  get client(): NativeClient {
    return this.connection;
  }

  private connect(): NativeClient {
    const Client = require('pg-native') as NativeClientClass;
    const client = new Client({ types: typeParsers() });
    try {
      client.connectSync(this.url);
      client.querySync(SESSION_SETTINGS);
      if (this.sessionName !== null) client.querySync(NAME_SESSION, [this.sessionName]);
    } catch (error) {
      client.end();
      keepUntilClosed(client);
      throw new PostgresError((error as Error).message, undefined);
    }
    this.connectionCount++;
    return client;
  }

  /**
   * A new session in place of a lost one. Inside a transaction there is none:
   * the transaction died with its session, and what the body ran after would
   * otherwise commit alone, outside it.
   */
  private reconnect(): void {
    if (this.depth > 0)
      throw new PostgresError('the connection to PostgreSQL was lost inside a transaction, which was rolled back', '08006');
    const old = this.connection;
    this.connection = this.connect();
    this.lost = false;
    old.end();
    keepUntilClosed(old);
  }

  /** Names this connection's sessions, now and after a reconnection (a name the URL gives is kept). */
  nameSessions(name: string): void {
    this.sessionName = name;
    this.call(() => this.connection.querySync(NAME_SESSION, [name]));
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  get open(): boolean {
    return this.isOpen;
  }

  nextStatementName(): string {
    return `muster_${++this.statementCount}`;
  }

  /**
   * Runs one libpq call, turning its error into a PostgresError with its
   * SQLSTATE. A call that finds its connection lost fails (whether the server
   * did its work is unknown); the next one runs on a new connection.
   */
  call<Result>(work: () => Result): Result {
    // As better-sqlite3 says it; a closed database is never reopened by the reconnection below.
    if (!this.isOpen) throw new TypeError('The database connection is not open');
    if (this.lost) this.reconnect();
    try {
      return work();
    } catch (error) {
      let sqlState: string | undefined;
      try {
        sqlState = this.connection.pq.resultErrorFields()?.sqlState;
      } catch {
        sqlState = undefined; // no result to ask (a connection error)
      }
      if (this.connection.pq.transactionStatus() === CONNECTION_LOST) this.lost = true;
      throw new PostgresError((error as Error).message, sqlState);
    }
  }

  prepare(sql: string): SqlStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      const { text, count } = numberPlaceholders(sql);
      statement = new PostgresStatement(this, sql, text, count);
      this.statements.set(sql, statement);
    }
    return statement.reset();
  }

  exec(sql: string): this {
    this.call(() => this.client.querySync(sql));
    return this;
  }

  transaction<Body extends TransactionBody>(body: Body): SqlTransaction<Body> {
    const plain = (...args: unknown[]) => this.runTransaction(body, args, false);
    const locked = (...args: unknown[]) => this.runTransaction(body, args, true);
    // As the SQLite store has it (store.ts, immediateTransactions): every transaction takes the write lock, `.deferred` none.
    return Object.assign(locked, {
      default: locked,
      deferred: plain,
      immediate: locked,
      exclusive: locked,
    }) as unknown as SqlTransaction<Body>;
  }

  /** BEGIN … COMMIT, or a savepoint when already inside one; rolled back when the body throws. */
  private runTransaction<Body extends TransactionBody>(body: Body, args: unknown[], writeLock: boolean): ReturnType<Body> {
    if (this.depth > 0) {
      const savepoint = `muster_savepoint_${this.depth}`;
      this.exec(`SAVEPOINT ${savepoint}`);
      this.depth++;
      try {
        const result = body(...args) as ReturnType<Body>;
        this.exec(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        // A lost connection took the whole transaction with it: nothing to roll back to.
        if (!this.lost) this.exec(`ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`);
        throw error;
      } finally {
        this.depth--;
      }
    }
    this.exec(writeLock ? `BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})` : 'BEGIN');
    this.depth = 1;
    let result: ReturnType<Body>;
    try {
      result = body(...args) as ReturnType<Body>;
      // As better-sqlite3: a transaction cannot span an await (its COMMIT would come before the work).
      if (typeof (result as { then?: unknown } | null)?.then === 'function')
        throw new TypeError('Transaction function cannot return a promise');
      // A body that caught its connection's loss and returned: its transaction is gone, never reported committed.
      if (this.lost) this.reconnect();
    } catch (error) {
      this.depth = 0;
      // A lost connection's transaction was rolled back by the server as the session ended.
      if (!this.lost) this.exec('ROLLBACK');
      throw error;
    }
    this.depth = 0;
    this.exec('COMMIT');
    return result;
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    openDatabases.delete(this);
    this.connection.end();
    keepUntilClosed(this.connection);
  }
}

/**
 * libpq's addon closes its socket watcher (uv_close) inside the connection
 * object and lets the object be collected at once: collected before libuv
 * finishes the close, the process aborts (uv__finish_close assertion, seen
 * in tests that open and close many stores). A closed client is kept two
 * turns of the event loop, past libuv's closing phase.
 */
const closingClients = new Set<NativeClient>();
function keepUntilClosed(client: NativeClient): void {
  closingClients.add(client);
  setImmediate(() => setImmediate(() => closingClients.delete(client)));
}

export const openPostgres = (url: string): PostgresDatabase => new PostgresDatabase(url);

/** Connections not closed yet (closeAllPostgres). */
const openDatabases = new Set<PostgresDatabase>();

/** Closes every connection this module opened: what a test file left open, after it (tests/setup/pg-connections.ts). */
export function closeAllPostgres(): number {
  const count = openDatabases.size;
  for (const database of [...openDatabases]) database.close();
  return count;
}
