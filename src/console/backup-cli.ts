// `npm run backup`: one online backup of MUSTER_DB into MUSTER_BACKUP_DIR now
// (safe while the bot runs: a second connection reads a consistent snapshot).
// `npm run restore -- FILE`: put a backup in place of MUSTER_DB (stop the bot first).
import 'dotenv/config';
import fs from 'node:fs';
import { loadConfig } from '../app/config.ts';
import { isPostgresUrl } from '../store/database.ts';
import { backupStore, listBackups, restoreBackup } from '../store/backup.ts';
import { Store } from '../store/store.ts';

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const [cmd, file] = argv;
  if (isPostgresUrl(config.dbPath)) {
    console.error(
      'MUSTER_DB is a PostgreSQL database: back it up with pg_dump and restore with pg_restore (README, "Backups and restore").',
    );
    return 1;
  }
  if (cmd === 'backup') {
    const store = new Store(config.dbPath);
    try {
      console.log(`Backup written: ${await backupStore(store, config.backupDir, config.backupKeep)}`);
    } finally {
      store.close();
    }
    return 0;
  }
  if (cmd === 'restore') {
    if (!file) {
      console.error(
        `Usage: npm run restore -- FILE   (backups in ${config.backupDir}:\n  ${listBackups(config.backupDir).join('\n  ') || 'none'})`,
      );
      return 1;
    }
    const had = fs.existsSync(config.dbPath);
    restoreBackup(file, config.dbPath);
    console.log(`Restored ${file} to ${config.dbPath}${had ? ` (the previous database is ${config.dbPath}.before-restore)` : ''}.`);
    return 0;
  }
  console.error('Usage: backup-cli.ts backup | restore FILE');
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
