// The game store, on SQLite (a file path) or PostgreSQL (a postgres:// URL,
// src/store/postgres.ts): one live game per channel/thread, seats, an append-only
// action log and periodic snapshots. Each action commits in one transaction
// guarded by the game's version, so racing commands are serialised.
import { GameHomes } from './homes.ts';
import { TurnMessages } from './turn-messages.ts';
import type Database from 'better-sqlite3';
import { openDatabase, sqliteOf, type SqlTransaction, type StoreDatabase } from './database.ts';
import { deflateSync, inflateSync } from 'node:zlib';
import type { Action, Role } from '../engine/types.ts';
import type { LogEntry } from '../engine/runner.ts';
import { Deadlines } from './deadlines.ts';
import { cacheStatements } from './statements.ts';
import { migrate } from './migrations.ts';
import { Outbox } from './outbox.ts';
import { Leases } from './leases.ts';
import { DamagedGameError, DamagedGames, readAction, readOptions, type Damage } from './damaged.ts';

export type GameStatus = 'lobby' | 'active' | 'over' | 'abandoned';
/** What ended a game: an action in play (a win, a draw, a module resignation), or one of the commands that end it without one. */
export type FinishHow = 'play' | 'resign' | 'moderator' | 'abandon' | 'forfeit';

export interface GameRow {
  id: number;
  guildId: string | null;
  channelId: string;
  system: string;
  options: Record<string, string | number | boolean>;
  seed: string;
  seedHash: string;
  status: GameStatus;
  version: number;
  state: string | null;
  result: string | null;
  label: string | null;
  deadline: number | null;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  /**
   * Set when the stored options cannot be read (issue 22): `options` is then
   * empty, and the rules' gateway (moduleOf) refuses the game; its plain
   * columns still serve lists, reports and /game abandon.
   */
  damage?: Damage;
}

export interface Seat {
  role: Role;
  userId: string;
  userName: string;
}

/** The game moved on between reading it and committing: try again. */
/** A write refused because another command changed the game first; the message is for the user. */
export class StoreConflictError extends Error {
  override name = 'StoreConflictError';
}

/** A second live game for a channel (one live game per channel or thread). */
export class ChannelBusyError extends StoreConflictError {
  constructor() {
    super('This channel already has a game. Finish or abandon it first, or run /game new inside a thread of this channel.');
  }
}

/** A seat someone else took between reading the lobby and writing the seat. */
export class SeatTakenError extends StoreConflictError {
  constructor(
    readonly role: Role,
    readonly holder: Seat,
  ) {
    super(`The side ${role} was just taken by ${holder.userName}; nothing was changed.`);
  }
}

export class StaleVersionError extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`The game moved on (version ${actual}, you acted on ${expected}). Nothing was changed: look again and retry.`);
    this.name = 'StaleVersionError';
  }
}

/** One log entry to commit; `state` only when a snapshot is due at its seq. */
export interface CommitEntry {
  role: Role;
  userId: string;
  action: Action;
  undoable: boolean;
  state?: string;
}

export const SNAPSHOT_EVERY = 50;
/** A snapshot written, or written again at the same seq (undo, replays). */
const SNAPSHOT_UPSERT =
  'INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state';
/** Snapshots a finished game keeps (its newest): replays start there or from the seed. */
export const FINISHED_SNAPSHOTS = 1;

interface RawGame {
  id: number;
  guild_id: string | null;
  channel_id: string;
  system: string;
  options: string;
  seed: string;
  seed_hash: string;
  status: GameStatus;
  version: number;
  state: string | null;
  result: string | null;
  label: string | null;
  deadline: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A game's row without its state (Store.gameHead). */
export type GameHead = Omit<GameRow, 'state'>;

/** Every column of games but state (and the clock's, read by Deadlines). */
const HEAD_COLUMNS =
  'id, guild_id, channel_id, system, options, seed, seed_hash, status, version, result, label, deadline, created_by, created_at, updated_at';

/** A snapshot's state: text, or deflated text once its game finished. */
const unpack = (state: string | Buffer | null): string | null =>
  state === null || typeof state === 'string' ? state : inflateSync(state).toString('utf8');

/** A stored row as a GameRow; never throws, so one damaged game cannot stop a read of many. */
function toRow(raw: RawGame): GameRow {
  const options = readOptions(raw.options);
  return {
    id: raw.id,
    guildId: raw.guild_id,
    channelId: raw.channel_id,
    system: raw.system,
    options: options.ok ? options.value : {},
    ...(options.ok ? {} : { damage: { gameId: raw.id, part: 'options' as const, reason: options.reason } }),
    seed: raw.seed,
    seedHash: raw.seed_hash,
    status: raw.status,
    version: raw.version,
    state: raw.state,
    result: raw.result,
    label: raw.label,
    deadline: raw.deadline,
    createdBy: raw.created_by,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
  };
}

export class Store {
  readonly db: StoreDatabase;
  readonly deadlines: Deadlines;
  /** Posts owed by committed actions, until Discord accepts them. */
  readonly outbox: Outbox;
  /** Thread parents, pinned cards, last maps (migration 8). */
  readonly homes: GameHomes;
  /** Games whose record cannot be read, each noted once (migration 13). */
  readonly damaged: DamagedGames;
  /** Each game's turn message, edited in place while a seat goes on (migration 17). */
  readonly turns: TurnMessages;
  /** Work several processes must do once: the tick's leader, scheduled backups (migration 19). */
  readonly leases: Leases;

  constructor(
    path: string,
    readonly now: () => number = Date.now,
  ) {
    this.db = openDatabase(path);
    const sqlite = sqliteOf(this.db);
    if (sqlite) {
      sqlite.pragma('journal_mode = WAL');
      // WAL + NORMAL survives a process crash (kill -9) without losing commits.
      sqlite.pragma('synchronous = NORMAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
      // Fewer, larger checkpoints: a checkpoint's fsync is the slowest part of a commit.
      sqlite.pragma('wal_autocheckpoint = 4000');
      // PostgreSQL's adapter keeps its own prepared statements and takes its write lock the same way.
      cacheStatements(sqlite);
      immediateTransactions(sqlite);
    }
    migrate(this.db);
    this.deadlines = new Deadlines(this.db);
    this.outbox = new Outbox(this.db, now);
    this.leases = new Leases(this.db, this.outbox.owner, now);
    // pg_stat_activity shows each session under the name its process's leases and claims carry (docs/deploying.md).
    this.db.nameSessions?.(`muster ${this.outbox.owner}`);
    this.homes = new GameHomes(this.db);
    this.damaged = new DamagedGames(this.db, now);
    this.turns = new TurnMessages(this.db);
  }

  close(): void {
    // A graceful stop hands its leases and claimed posts over at once (after a crash they lapse).
    if (this.db.open) {
      this.leases.releaseAll();
      this.outbox.unclaimAll();
    }
    this.db.close();
  }

  createGame(row: {
    guildId: string | null;
    channelId: string;
    system: string;
    options: Record<string, string | number | boolean>;
    seed: string;
    seedHash: string;
    createdBy: string;
    label?: string | null;
  }): GameRow {
    const createdAt = this.now();
    try {
      const inserted = this.db
        .prepare(
          `INSERT INTO games (guild_id, channel_id, system, options, seed, seed_hash, ` +
            `status, version, created_by, created_at, updated_at, label)\n` +
            `           VALUES (?, ?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?, ?) RETURNING id`,
        )
        .get(
          row.guildId,
          row.channelId,
          row.system,
          JSON.stringify(row.options),
          row.seed,
          row.seedHash,
          row.createdBy,
          createdAt,
          createdAt,
          row.label ?? null,
        ) as { id: number };
      return this.game(inserted.id)!;
    } catch (error) {
      if (String(error).includes('UNIQUE')) throw new ChannelBusyError();
      throw error;
    }
  }

  game(id: number): GameRow | null {
    const raw = this.db.prepare('SELECT * FROM games WHERE id = ?').get(id) as RawGame | undefined;
    return raw ? toRow(raw) : null;
  }

  /**
   * A game without its state, for readers that need none (the reminders: its
   * name, channel and options): on PostgreSQL the state's compressed text is
   * then neither unpacked nor sent.
   */
  gameHead(id: number): GameHead | null {
    const raw = this.db.prepare(`SELECT ${HEAD_COLUMNS} FROM games WHERE id = ?`).get(id) as Omit<RawGame, 'state'> | undefined;
    if (!raw) return null;
    const { state: _state, ...head } = toRow({ ...raw, state: null });
    return head;
  }

  /** The lobby or active game of a channel or thread. */
  liveGame(channelId: string): GameRow | null {
    const raw = this.db.prepare(`SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby','active')`).get(channelId) as
      RawGame | undefined;
    return raw ? toRow(raw) : null;
  }

  /** The newest game of a channel, finished or not. */
  latestGame(channelId: string): GameRow | null {
    const raw = this.db.prepare('SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1').get(channelId) as RawGame | undefined;
    return raw ? toRow(raw) : null;
  }

  listGames(guildId: string | null, limit = 25): GameRow[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM games WHERE guild_id IS NOT DISTINCT FROM ? ORDER BY CASE status WHEN 'active' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END, id DESC LIMIT ?`,
      )
      .all(guildId, limit) as RawGame[];
    return rows.map(toRow);
  }

  /** Every active game (reports and tests; the tick reads only what is due, the start-up sweep activeGamesWithBots). */
  activeGames(): GameRow[] {
    return (this.db.prepare(`SELECT * FROM games WHERE status = 'active'`).all() as RawGame[]).map(toRow);
  }

  /**
   * Active games with a seat held by a bot (a user id beginning `botPrefix`):
   * the start-up sweep's, which moves a bot left waiting by a restart. The
   * others' states are never read: at 12,500 live games reading every state
   * took seconds at every start.
   */
  activeGamesWithBots(botPrefix: string): GameRow[] {
    return (
      this.db
        .prepare(
          `SELECT * FROM games WHERE status = 'active' AND EXISTS ` +
            `(SELECT 1 FROM seats s WHERE s.game_id = games.id AND substr(s.user_id, 1, ?) = ?) ORDER BY id`,
        )
        .all(botPrefix.length, botPrefix) as RawGame[]
    ).map(toRow);
  }

  moveGame(id: number, channelId: string): void {
    this.db.prepare('UPDATE games SET channel_id = ?, updated_at = ? WHERE id = ?').run(channelId, this.now(), id);
  }

  seats(gameId: number): Seat[] {
    return (
      this.db.prepare('SELECT role, user_id, user_name FROM seats WHERE game_id = ? ORDER BY rowid').all(gameId) as {
        role: string;
        user_id: string;
        user_name: string;
      }[]
    ).map((s) => ({ role: s.role, userId: s.user_id, userName: s.user_name }));
  }

  /**
   * Seat a user on a side. `add` (a team side, RoleInfo.team) adds a member;
   * otherwise the user replaces whoever held the side, keeping its place.
   */
  setSeat(gameId: number, role: Role, userId: string, userName: string, add = false): void {
    // Another player on the seat may want other reminders: the tick looks at its deadline again.
    this.db.prepare('UPDATE decision_deadlines SET remind_at = 0 WHERE game_id = ? AND role = ?').run(gameId, role);
    if (add) {
      this.db
        .prepare(
          'INSERT INTO seats (game_id, role, user_id, user_name) VALUES (?, ?, ?, ?) ON ' +
            'CONFLICT(game_id, role, user_id) DO UPDATE SET user_name = excluded.user_name',
        )
        .run(gameId, role, userId, userName);
      return;
    }
    this.db.transaction(() => {
      const first = this.db.prepare('SELECT MIN(rowid) AS id FROM seats WHERE game_id = ? AND role = ?').get(gameId, role) as {
        id: number | null;
      };
      if (first.id === null) {
        this.db.prepare('INSERT INTO seats (game_id, role, user_id, user_name) VALUES (?, ?, ?, ?)').run(gameId, role, userId, userName);
        return;
      }
      this.db.prepare('DELETE FROM seats WHERE game_id = ? AND role = ? AND rowid <> ?').run(gameId, role, first.id);
      this.db.prepare('UPDATE seats SET user_id = ?, user_name = ? WHERE rowid = ?').run(userId, userName, first.id);
    })();
  }

  /**
   * Take a seat only if the game is still in its lobby and the seat is held
   * by `expected` (null: free) or already by this user. One immediate
   * transaction, so two processes on one database cannot both win it.
   */
  takeSeat(gameId: number, role: Role, userId: string, userName: string, expected: string | null): void {
    this.db
      .transaction(() => {
        const row = this.db.prepare('SELECT status FROM games WHERE id = ?').get(gameId) as { status: GameStatus } | undefined;
        if (row?.status !== 'lobby')
          throw new StoreConflictError(
            'The game started (or was called off) before your seat was taken; nothing was changed. See /game status.',
          );
        const cur = this.db.prepare('SELECT user_id, user_name FROM seats WHERE game_id = ? AND role = ?').get(gameId, role) as
          { user_id: string; user_name: string } | undefined;
        if (cur && cur.user_id !== userId && cur.user_id !== expected)
          throw new SeatTakenError(role, { role, userId: cur.user_id, userName: cur.user_name });
        this.setSeat(gameId, role, userId, userName);
      })
      .immediate();
  }

  /** Remove a side's seat (every member), or one member of a team side. */
  removeSeat(gameId: number, role: Role, userId?: string): void {
    if (userId === undefined) this.db.prepare('DELETE FROM seats WHERE game_id = ? AND role = ?').run(gameId, role);
    else this.db.prepare('DELETE FROM seats WHERE game_id = ? AND role = ? AND user_id = ?').run(gameId, role, userId);
  }

  /** Lobby → active with the set-up state. */
  start(gameId: number, state: string): void {
    const info = this.db
      .prepare(`UPDATE games SET status = 'active', state = ?, version = 0, updated_at = ? WHERE id = ? AND status = 'lobby'`)
      .run(state, this.now(), gameId);
    if (info.changes !== 1)
      throw new StoreConflictError('The game has already started (or was called off) — nothing was changed. See /game status.');
    this.db.prepare(SNAPSHOT_UPSERT).run(gameId, 0, state);
  }

  /**
   * Append log entries and store the resulting state, atomically, only if
   * the game is still at `expectedVersion`. Returns the new version.
   * An entry carries its state only when a snapshot is due at its seq.
   */
  commit(
    gameId: number,
    expectedVersion: number,
    entries: CommitEntry[],
    state: string,
    finish?: { status: 'over' | 'abandoned'; result: string },
    /** More writes that must land with these entries or not at all (deadlines). */
    also?: () => void,
  ): number {
    return this.commitTxn(gameId, expectedVersion, entries, state, finish, also).version;
  }

  /** commit, returning the game's row as the commit wrote it (nothing read back). */
  commitRow(
    row: GameRow,
    entries: CommitEntry[],
    state: string,
    finish?: { status: 'over' | 'abandoned'; result: string },
    also?: () => void,
  ): GameRow {
    const { version, committedAt } = this.commitTxn(row.id, row.version, entries, state, finish, also);
    return { ...row, version, state, updatedAt: committedAt, status: finish?.status ?? row.status, result: finish?.result ?? row.result };
  }

  /** Built once: making a transaction function per commit showed in its profile. */
  private commitTxnFn?: SqlTransaction<Store['commitBody']>;
  private commitTxn(...args: Parameters<Store['commitBody']>): { version: number; committedAt: number } {
    this.commitTxnFn ??= this.db.transaction(this.commitBody.bind(this));
    return this.commitTxnFn.immediate(...args);
  }

  private commitBody(
    gameId: number,
    expectedVersion: number,
    entries: CommitEntry[],
    state: string,
    finish: { status: 'over' | 'abandoned'; result: string } | undefined,
    also: (() => void) | undefined,
  ): { version: number; committedAt: number } {
    const committedAt = this.now();
    const version = expectedVersion + entries.length;
    // The version check is the update's own condition: one statement, and a refused one changes nothing.
    const updated = finish
      ? this.db
          .prepare(
            `UPDATE games SET version = ?, state = ?, updated_at = ?, status = ?, result = ? WHERE id = ? AND version = ? AND status = 'active'`,
          )
          .run(version, state, committedAt, finish.status, finish.result, gameId, expectedVersion)
      : // Status and result only when they change: setting them, even to themselves, rewrites the four indexes on status.
        this.db
          .prepare(`UPDATE games SET version = ?, state = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'`)
          .run(version, state, committedAt, gameId, expectedVersion);
    if (updated.changes !== 1) {
      const cur = this.db.prepare('SELECT version FROM games WHERE id = ?').get(gameId) as { version: number } | undefined;
      if (!cur) throw new Error(`No game ${gameId}.`);
      throw new StaleVersionError(expectedVersion, cur.version);
    }
    const insert = this.db.prepare('INSERT INTO actions (game_id, seq, role, user_id, action, undoable, at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const snap = this.db.prepare(SNAPSHOT_UPSERT);
    let seq = expectedVersion;
    for (const entry of entries) {
      seq++;
      insert.run(gameId, seq, entry.role, entry.userId, JSON.stringify(entry.action), entry.undoable ? 1 : 0, committedAt);
      if (seq % SNAPSHOT_EVERY === 0) snap.run(gameId, seq, entry.state ?? state);
    }
    if (finish) this.recordFinished(gameId, finish.status, 'play', finish.result);
    if (finish) this.pruneSnapshots(gameId);
    also?.();
    return { version, committedAt };
  }

  /** The action log, oldest first; an unreadable entry refuses the whole log (DamagedGameError). */
  log(gameId: number): (LogEntry & { userId: string; at: number })[] {
    let rows = this.db.prepare('SELECT seq, role, user_id, action, undoable, at FROM actions WHERE game_id = ? ORDER BY seq').all(gameId);
    if (!rows.length) {
      const packed = this.db.prepare('SELECT log FROM finished_logs WHERE game_id = ?').get(gameId) as { log: Buffer } | undefined;
      if (packed) rows = JSON.parse(inflateSync(packed.log).toString('utf8')) as typeof rows;
    }
    return (
      rows as {
        seq: number;
        role: string;
        user_id: string;
        action: string;
        undoable: number;
        at: number;
      }[]
    ).map((row) => {
      const action = readAction(row.action, row.seq);
      if (!action.ok) throw new DamagedGameError({ gameId, part: 'log', reason: action.reason });
      return { seq: row.seq, role: row.role, userId: row.user_id, action: action.value, undoable: row.undoable === 1, at: row.at };
    });
  }

  /** Snapshots without their states (cheap), and one state by seq: for replays that start from a snapshot. */
  snapshotSource(gameId: number): { seqs: number[]; load: (seq: number) => string | null } {
    const seqs = (this.db.prepare('SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq').all(gameId) as { seq: number }[]).map(
      (r) => r.seq,
    );
    const one = this.db.prepare('SELECT state FROM snapshots WHERE game_id = ? AND seq = ?');
    const load = (seq: number) => {
      try {
        return unpack((one.get(gameId, seq) as { state: string | Buffer } | undefined)?.state ?? null);
      } catch {
        return null; // a damaged snapshot: the replay starts from the seed instead
      }
    };
    return { seqs, load };
  }

  snapshots(gameId: number): { seq: number; state: string }[] {
    return (
      this.db.prepare('SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq').all(gameId) as {
        seq: number;
        state: string | Buffer;
      }[]
    ).map((r) => ({ seq: r.seq, state: unpack(r.state)! }));
  }

  /** End a game without an action (abandon, moderator-recorded result, resignation, forfeit). */
  finish(
    gameId: number,
    status: 'over' | 'abandoned',
    result: string,
    how: FinishHow = status === 'abandoned' ? 'abandon' : 'moderator',
  ): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE games SET status = ?, result = ?, updated_at = ? WHERE id = ?').run(status, result, this.now(), gameId);
      this.recordFinished(gameId, status, how, result);
      this.pruneSnapshots(gameId);
    })();
  }

  /**
   * A finished game keeps its log, final state and newest snapshot(s); the
   * rest nobody reads. Its log and kept snapshots are stored deflated (read
   * back by log() and the snapshot readers): a finished game's log never changes.
   */
  private pruneSnapshots(gameId: number): void {
    this.db
      .prepare(
        'DELETE FROM snapshots WHERE game_id = ? AND seq NOT IN (SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT ?)',
      )
      .run(gameId, gameId, FINISHED_SNAPSHOTS);
    this.archiveLog(gameId);
    // PostgreSQL's snapshots column is text only: kept snapshots stay as they are there.
    if (this.db.dialect !== 'sqlite') return;
    const pack = this.db.prepare('UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?');
    for (const row of this.db.prepare('SELECT seq, state FROM snapshots WHERE game_id = ?').all(gameId) as {
      seq: number;
      state: unknown;
    }[])
      if (typeof row.state === 'string') pack.run(deflateSync(row.state), gameId, row.seq);
  }

  /** Move a finished game's action rows into one deflated record (finished_logs, migration 14). */
  private archiveLog(gameId: number): void {
    const rows = this.db.prepare('SELECT seq, role, user_id, action, undoable, at FROM actions WHERE game_id = ? ORDER BY seq').all(gameId);
    if (!rows.length) return;
    const packed = deflateSync(JSON.stringify(rows));
    this.db
      .prepare('INSERT INTO finished_logs (game_id, log) VALUES (?, ?) ON CONFLICT (game_id) DO UPDATE SET log = excluded.log')
      .run(gameId, packed);
    this.db.prepare('DELETE FROM actions WHERE game_id = ?').run(gameId);
  }

  /** Compress every finished game not yet compressed (games finished before migration 14); returns how many. */
  archiveFinished(limit = 1000): number {
    const ids = (
      this.db
        .prepare(
          `SELECT g.id FROM games g WHERE g.status IN ('over','abandoned') AND EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id) LIMIT ?`,
        )
        .all(limit) as { id: number }[]
    ).map((r) => r.id);
    for (const id of ids) this.db.transaction(() => this.pruneSnapshots(id))();
    return ids.length;
  }

  /**
   * The one "game finished" event, written in the same transaction as the
   * game's last action or result, whichever path ended it (tournaments and
   * ratings read it). A game ends once: a second end is ignored.
   */
  private recordFinished(gameId: number, status: 'over' | 'abandoned', how: FinishHow, result: string): void {
    this.db
      .prepare('INSERT INTO game_finished (game_id, status, how, result, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(gameId, status, how, result, this.now());
  }

  setDeadline(gameId: number, deadline: number | null): void {
    this.db.prepare('UPDATE games SET deadline = ?, updated_at = ? WHERE id = ?').run(deadline, this.now(), gameId);
  }

  setLabel(gameId: number, label: string | null): void {
    this.db.prepare('UPDATE games SET label = ? WHERE id = ?').run(label, gameId);
  }

  /** Active games whose deadline has passed. */
  overdue(now: number): GameRow[] {
    return (
      this.db.prepare(`SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ?`).all(now) as RawGame[]
    ).map(toRow);
  }

  /** Lobbies opened at or before `createdBefore` that never started, oldest first. */
  staleLobbies(createdBefore: number, limit = 100): GameRow[] {
    return (
      this.db
        .prepare(`SELECT * FROM games WHERE status = 'lobby' AND created_at <= ? ORDER BY created_at LIMIT ?`)
        .all(createdBefore, limit) as RawGame[]
    ).map(toRow);
  }

  /** Close a lobby as abandoned, only if it is still a lobby (it may have started meanwhile). */
  expireLobby(gameId: number, result: string): boolean {
    return (
      this.db
        .prepare(`UPDATE games SET status = 'abandoned', result = ?, updated_at = ? WHERE id = ? AND status = 'lobby'`)
        .run(result, this.now(), gameId).changes === 1
    );
  }

  moderatorRole(guildId: string): string | null {
    const row = this.db.prepare('SELECT moderator_role_id FROM guild_settings WHERE guild_id = ?').get(guildId) as
      { moderator_role_id: string | null } | undefined;
    return row?.moderator_role_id ?? null;
  }

  setModeratorRole(guildId: string, roleId: string | null): void {
    this.db
      .prepare(
        'INSERT INTO guild_settings (guild_id, moderator_role_id) VALUES (?, ?) ON ' +
          'CONFLICT(guild_id) DO UPDATE SET moderator_role_id = excluded.moderator_role_id',
      )
      .run(guildId, roleId);
  }
}

/**
 * Every transaction takes the write lock as it begins (BEGIN IMMEDIATE, which
 * waits out busy_timeout): with several processes on one file (issue 21 §3), a
 * deferred one that reads and then writes fails at once with "database is
 * locked" when another process wrote after its first read (WAL's stale
 * snapshot, which no wait cures). `.deferred` stays for whoever needs it.
 */
function immediateTransactions(db: Database.Database): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((body: (...args: any[]) => any) => {
    const wrapped = transaction(body);
    return Object.assign((...args: any[]) => wrapped.immediate(...args), {
      default: wrapped.immediate,
      deferred: wrapped.deferred,
      immediate: wrapped.immediate,
      exclusive: wrapped.exclusive,
    });
  }) as typeof db.transaction;
}
