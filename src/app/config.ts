// Settings from the environment (.env is read by the entry points).
import path from 'node:path';
import { defaultRenderThreads } from './render-pool.ts';
import { isPostgresUrl } from '../store/database.ts';

export interface Config {
  discordToken: string | null;
  applicationId: string | null;
  devGuildId: string | null;
  /** The database (MUSTER_DB): a SQLite file (the default), or a postgres:// URL for PostgreSQL (issue 21 §1). */
  dbPath: string;
  outDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  moderatorRoleIds: string[];
  consoleModerators: string[];
  /** Render worker threads (MUSTER_RENDER_THREADS; 0 renders in-process). */
  renderThreads: number;
  /** Snapshot images kept per game by the offline table and demo (MUSTER_KEEP_IMAGES). */
  keepImages: number;
  /** A lobby that never starts is closed after this many hours (MUSTER_LOBBY_EXPIRY_HOURS; 0 never). */
  lobbyExpiryHours: number;
  /** Online backups of the database: folder, cron schedule (empty: none) and copies kept. */
  backupDir: string;
  backupCron: string | null;
  backupKeep: number;
}

/** A whole number ≥ 0 from the environment, or the default. */
function count(value: string | undefined, fallback: number): number {
  const count = Number(value?.trim());
  return value?.trim() && Number.isFinite(count) && count >= 0 ? Math.floor(count) : fallback;
}

/** A SQLite file as an absolute path; a PostgreSQL URL as it is. */
const databaseLocation = (value: string): string => (isPostgresUrl(value) ? value : path.resolve(value));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const level = (env.LOG_LEVEL ?? 'info').toLowerCase();
  return {
    discordToken: env.DISCORD_TOKEN?.trim() || null,
    applicationId: env.DISCORD_APPLICATION_ID?.trim() || null,
    devGuildId: env.DISCORD_GUILD_ID?.trim() || null,
    dbPath: databaseLocation(env.MUSTER_DB?.trim() || 'var/muster.sqlite'),
    outDir: path.resolve(env.MUSTER_OUT ?? 'var/images'),
    logLevel: (['debug', 'info', 'warn', 'error'].includes(level) ? level : 'info') as Config['logLevel'],
    moderatorRoleIds: (env.MUSTER_MODERATOR_ROLES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    consoleModerators: (env.MUSTER_CONSOLE_MODERATORS ?? 'mod')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    renderThreads: count(env.MUSTER_RENDER_THREADS, defaultRenderThreads()),
    keepImages: count(env.MUSTER_KEEP_IMAGES, 20),
    lobbyExpiryHours: count(env.MUSTER_LOBBY_EXPIRY_HOURS, 72),
    backupDir: path.resolve(env.MUSTER_BACKUP_DIR ?? 'var/backups'),
    backupCron: env.MUSTER_BACKUP_CRON?.trim() || null,
    backupKeep: count(env.MUSTER_BACKUP_KEEP, 7),
  };
}
