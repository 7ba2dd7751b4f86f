// `npx tsx tests/bench/store-index.ts`: latestGame and overdue at 10,000 games,
// with the migration-2 indexes and with them dropped (issue 8 §3). Reports only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { Store } from '../../src/store/store.ts';
import { createGame } from '../../src/engine/runner.ts';
import { sqliteOf } from '../../src/store/database.ts';

registerAllGames();
const GAMES = 10_000;
const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-index-')), 'index.sqlite');
const store = new Store(db);
// A real started state per row, so a table scan reads what it would in production.
const state = JSON.stringify(createGame(getGame('kpw')!, {}, 'index').env);
const now = 1_000_000;
store.db.transaction(() => {
  for (let i = 0; i < GAMES; i++) {
    const g = store.createGame({
      guildId: `g${i % 20}`,
      channelId: `c${i % 2500}-${i < 7500 ? 'old' : 'live'}`,
      system: 'kpw',
      options: {},
      seed: `s${i}`,
      seedHash: 'h',
      createdBy: 'u',
    });
    if (i < 7500) store.finish(g.id, 'over', '{}');
    else {
      store.start(g.id, state);
      if (i % 10 === 0) store.setDeadline(g.id, now + (i % 20 === 0 ? -1000 : 1000));
    }
  }
})();
sqliteOf(store.db)!.pragma('wal_checkpoint(TRUNCATE)');

function median(f: () => unknown, n = 300): number {
  for (let i = 0; i < 20; i++) f();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    f();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(n / 2)];
}

const measure = (label: string) => {
  let k = 0;
  const latest = median(() => store.latestGame(`c${k++ % 2500}-old`));
  const missing = median(() => store.latestGame(`nowhere-${k++}`));
  const overdue = median(() => store.overdue(now));
  console.log(`store.latest_game_ms_${label}: ${latest.toFixed(3)} ms`);
  console.log(`store.latest_game_new_channel_ms_${label}: ${missing.toFixed(3)} ms`);
  console.log(`store.overdue_ms_${label}: ${overdue.toFixed(3)} ms (${store.overdue(now).length} overdue)`);
};
measure('indexed');
store.db.exec('DROP INDEX games_by_channel; DROP INDEX games_active_deadline;');
measure('no_index');
store.close();
