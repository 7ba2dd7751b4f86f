// Online backups: SQLite's backup API (better-sqlite3 db.backup) copies the
// live database page by page while the bot keeps committing, and the copy is
// a consistent database of its own (copying the file by hand is not, in WAL
// mode, unless the bot is stopped). A schedule (cron expression, croner) takes
// one every so often and keeps the newest few; restore checks a copy and puts
// it in place of the database while the bot is stopped.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Cron } from 'croner';
import { sqliteOf } from './database.ts';
import type { Store } from './store.ts';

const PREFIX = 'muster-';
const SUFFIX = '.sqlite';

/** `muster-20261123T141500123Z.sqlite`: sorts by time as text. */
export function backupName(takenAt: Date): string {
  return `${PREFIX}${takenAt.toISOString().replace(/[-:.]/g, '')}${SUFFIX}`;
}

/** Backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && f.endsWith(SUFFIX))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Copy the live database to a new file in `dir` (written under a temporary
 * name, renamed when complete, so a half-written copy is never taken for a
 * backup), then delete all but the newest `keep` (0 keeps all). Returns the file.
 */
export async function backupStore(store: Store, dir: string, keep = 0, takenAt = new Date()): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupName(takenAt));
  const part = `${file}.part`;
  const sqlite = sqliteOf(store.db);
  // PostgreSQL is backed up by its own tools (pg_dump; README, "running it on a server").
  if (!sqlite) throw new Error('Backups here copy a SQLite file; a PostgreSQL database is dumped with pg_dump.');
  try {
    await sqlite.backup(part);
    fs.renameSync(part, file);
  } finally {
    fs.rmSync(part, { force: true });
  }
  if (keep > 0) for (const old of listBackups(dir).slice(0, -keep)) fs.rmSync(old, { force: true });
  return file;
}

export class RestoreError extends Error {
  override name = 'RestoreError';
}

/**
 * Put backup `from` in place of the database at `to` (the bot must be
 * stopped). The copy must pass SQLite's integrity check and hold Muster's
 * tables; the database it replaces is kept beside it as `<to>.before-restore`.
 */
export function restoreBackup(from: string, to: string): void {
  const check = new Database(from, { readonly: true, fileMustExist: true });
  try {
    const integrity = check.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new RestoreError(`${from} fails SQLite's integrity check: ${String(integrity)}`);
    const games = check.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'games'`).get();
    if (!games) throw new RestoreError(`${from} is not a Muster database (no games table).`);
  } finally {
    check.close();
  }
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (fs.existsSync(to)) fs.renameSync(to, `${to}.before-restore`);
  // The old database's WAL and shared-memory files belong to it, not to the copy.
  for (const extra of ['-wal', '-shm']) fs.rmSync(`${to}${extra}`, { force: true });
  const part = `${to}.part`;
  fs.copyFileSync(from, part);
  fs.renameSync(part, to);
}

export interface BackupSchedule {
  /** When the next backup runs (null when stopped). */
  next(): Date | null;
  /** Stop the schedule and wait for a backup in progress. */
  stop(): Promise<void>;
}

export interface ScheduleOptions {
  /** Cron expression (5 fields, or 6 with seconds), e.g. "17 3 * * *" for 03:17 daily. */
  cron: string;
  dir: string;
  keep: number;
  onDone?: (file: string, elapsedMs: number) => void;
  onError?: (error: unknown) => void;
}

/**
 * The scheduled run a trigger at `now` belongs to: croner fires at or just
 * after it, so the time floored to the schedule's finest unit (a minute, or a
 * second for a six-field expression) names it alike in every process.
 */
export function backupSlot(cron: string, now: number): number {
  const unit = cron.trim().split(/\s+/).length >= 6 ? 1_000 : 60_000;
  return Math.floor(now / unit) * unit;
}

/**
 * Take a backup on `cron`'s schedule; overlapping runs are skipped (protect).
 * Every bot process on the database keeps the schedule, and the first to
 * claim a run takes it (issue 21 §3): one copy per run, even when the
 * process that used to take them is gone.
 */
export function scheduleBackups(store: Store, opts: ScheduleOptions): BackupSchedule {
  let running: Promise<void> = Promise.resolve();
  const job = new Cron(opts.cron, { protect: true, unref: true }, () => {
    if (!store.leases.once('backup', backupSlot(opts.cron, Date.now()))) return;
    const startedAt = performance.now();
    running = backupStore(store, opts.dir, opts.keep).then(
      (file) => opts.onDone?.(file, performance.now() - startedAt),
      (e) => opts.onError?.(e),
    );
    return running;
  });
  return {
    next: () => job.nextRun(),
    async stop() {
      job.stop();
      await running;
    },
  };
}
