// `npm run bench -- postgres`: what PostgreSQL behind the synchronous store
// costs (issue 21 §1). pg-native waits on each query's round trip with the
// event loop blocked, so a query's wall time is time the process does nothing
// else. Prints, for SQLite (a file) and PostgreSQL (a throwaway local cluster,
// unix socket), one prepared SELECT and one store commit (one log entry, the
// version check, no snapshot): p50 and p99 wall time.
import { performance } from 'node:perf_hooks';
import { Store } from '../../src/store/store.ts';
import type { Action } from '../../src/engine/types.ts';
import { startPgCluster } from '../setup/pg-cluster.ts';
import { pct, print, tmp } from './figures.ts';

const QUERIES = 5_000;
const COMMITS = 2_000;

function measure(store: Store, name: string): void {
  const game = store.createGame({ guildId: 'g', channelId: 'c', system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'u' });
  store.start(game.id, '{"turn":0}');
  const select = store.db.prepare('SELECT version FROM games WHERE id = ?');
  const queryMs: number[] = [];
  for (let index = 0; index < QUERIES; index++) {
    const started = performance.now();
    select.get(game.id);
    queryMs.push(performance.now() - started);
  }
  const commitMs: number[] = [];
  let row = store.game(game.id)!;
  const state = JSON.stringify({ turn: 1, board: 'x'.repeat(2_000) });
  for (let index = 0; index < COMMITS; index++) {
    const entry = { role: 'a', userId: 'u', action: { type: 'move', n: index } as unknown as Action, undoable: false };
    const started = performance.now();
    // Past SNAPSHOT_EVERY a snapshot is due now and then: the p99 includes it, as in play.
    row = store.commitRow(row, [entry], state);
    commitMs.push(performance.now() - started);
  }
  print(`${name} prepared select p50`, pct(queryMs, 50) * 1000, 'µs');
  print(`${name} prepared select p99`, pct(queryMs, 99) * 1000, 'µs');
  print(`${name} commit (1 entry) p50`, pct(commitMs, 50), 'ms');
  print(`${name} commit (1 entry) p99`, pct(commitMs, 99), 'ms');
}

export async function runPostgresBench(): Promise<void> {
  const sqlite = new Store(tmp());
  measure(sqlite, 'sqlite');
  sqlite.close();
  const cluster = await startPgCluster();
  try {
    const postgres = new Store(cluster.url);
    measure(postgres, 'postgres');
    postgres.close();
  } finally {
    await cluster.stop();
  }
}
