// Entry for the Discord bot: services + router + client, and the scheduled
// online backups (MUSTER_BACKUP_CRON). Stopping the bot stops the schedule,
// the render threads and the store, in that order. Which shards it runs is
// decided by src/bot/sharding.ts.
import type { Config } from '../app/config.ts';
import { openServices } from '../app/services.ts';
import { createRouter } from '../../commands/router.ts';
import { scheduleBackups } from '../store/backup.ts';
import { botConfigFrom, runBot, type BotConfig, type BotHandle } from './client.ts';
import { createLogger } from './log.ts';

/** `shards`: the Discord shards this process runs, of how many (absent: discord.js's default, one). */
export async function startBot(config: Config, shards?: BotConfig['shards']): Promise<BotHandle> {
  // Maps are drawn as the outbox delivers them: a command never waits for a picture (issue 9).
  const svc = openServices({ dbPath: config.dbPath, outDir: config.outDir, drawAtDelivery: true });
  const log = createLogger(config.logLevel);
  // PostgreSQL is dumped by its own tools (pg_dump, README): the SQLite backup schedule is off there.
  const onPostgres = svc.store.db.dialect === 'postgres';
  if (onPostgres && config.backupCron) log.warn('MUSTER_BACKUP_CRON is for a SQLite database; back PostgreSQL up with pg_dump (README).');
  const backups =
    config.backupCron && !onPostgres
      ? scheduleBackups(svc.store, {
          cron: config.backupCron,
          dir: config.backupDir,
          keep: config.backupKeep,
          onDone: (file, ms) => log.info(`backup written: ${file} (${Math.round(ms)} ms)`),
          onError: (e) => log.error('backup failed:', e),
        })
      : null;
  if (backups) log.info(`online backups to ${config.backupDir} on "${config.backupCron}", next ${backups.next()?.toISOString()}`);
  const onStop = async () => {
    await backups?.stop();
    await svc.close();
  };
  try {
    const handle = await runBot(createRouter(svc), { ...botConfigFrom(config), logger: log, onStop, ...(shards ? { shards } : {}) });
    console.log('Muster is connected to Discord. Ctrl-C stops it.');
    return handle;
  } catch (e) {
    await onStop();
    throw e;
  }
}
