// `npm run bench -- tick [--games N] [--store sqlite|postgres]`: the 30 s tick at
// 12,500 live games (issue 21 §4) and the stored size of a finished game per
// system (§5), on SQLite (a scratch file) or on the PostgreSQL MUSTER_BENCH_DB
// names (a schema of the run's own, dropped after).
// Live games are written straight through the store (a real set-up state per
// system, human seats, a deadline a day ahead on every fifth game), not played;
// finished games are played out by bots. Reports only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { openServices } from '../../src/app/services.ts';
import { createRouter } from '../../commands/router.ts';
import { allGames } from '../../src/games/registry.ts';
import { createGame } from '../../src/engine/runner.ts';
import type { GameModule } from '../../src/engine/types.ts';
import type { Services } from '../../src/app/services.ts';
import { sqliteOf } from '../../src/store/database.ts';
import { printTrace, traceStatements } from './statement-trace.ts';
import { benchDatabase, benchSchema } from './bench-store.ts';

const HOUR = 3_600_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Where a part of the bench keeps its games: a SQLite file in a scratch folder, or a fresh PostgreSQL schema. */
interface BenchPlace {
  dbPath: string;
  kind: 'sqlite' | 'postgres';
  remove(): void;
}

function benchPlace(purpose: string): BenchPlace {
  const i = process.argv.indexOf('--store');
  const database = benchDatabase(i >= 0 ? process.argv[i + 1] : undefined);
  if (database.kind === 'postgres') {
    const schema = benchSchema(database.url!, purpose);
    return { dbPath: schema.url, kind: 'postgres', remove: () => schema.drop() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `muster-${purpose}-`));
  return { dbPath: path.join(dir, `${purpose}.sqlite`), kind: 'sqlite', remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Live games (and a few fresh lobbies) in one transaction: each game, its seats
 * and its first snapshot as the store's createGame, setSeat and start write
 * them, one statement each (on PostgreSQL each statement is a round trip).
 */
export function seedLiveGames(svc: Services, games: number): void {
  const { store } = svc;
  const mods = allGames();
  const states = new Map(mods.map((m) => [m.id, JSON.stringify(createGame(m, {}, `tick-${m.id}`).env)]));
  const now = svc.now();
  const sent = store.db.prepare('INSERT INTO reminders_sent (game_id, role, decision_id, kind, at) VALUES (?, ?, ?, ?, ?)');
  const game = store.db.prepare(
    'INSERT INTO games (guild_id, channel_id, system, options, seed, seed_hash, status, version, state, created_by, created_at, updated_at) ' +
      "VALUES (?, ?, ?, '{}', ?, ?, 'active', 0, ?, 'u', ?, ?) RETURNING id",
  );
  const seat = store.db.prepare('INSERT INTO seats (game_id, role, user_id, user_name) VALUES (?, ?, ?, ?)');
  const snapshot = store.db.prepare('INSERT INTO snapshots (game_id, seq, state) VALUES (?, 0, ?)');
  store.db.transaction(() => {
    for (let i = 0; i < games; i++) {
      const mod = mods[i % mods.length];
      const state = states.get(mod.id)!;
      const { id } = game.get(`g${i % 50}`, `live-${i}`, mod.id, `s${i}`, sha256(`s${i}`), state, now, now) as { id: number };
      const roles = mod.roles(mod.parseOptions({}));
      roles.forEach((r, k) => seat.run(id, r.id, `u${(i + k) % 4000}`, `player${(i + k) % 4000}`));
      snapshot.run(id, state);
      if (i % 5 === 0)
        for (const r of roles) {
          store.deadlines.set(id, r.id, 1, now + 24 * HOUR, now);
          // A reminder already sent for it (the tick forgets these marks once the deadline goes).
          sent.run(id, r.id, 1, 'hour', now);
        }
    }
    for (let i = 0; i < 200; i++)
      store.createGame({
        guildId: 'g0',
        channelId: `lobby-${i}`,
        system: mods[0].id,
        options: {},
        seed: `l${i}`,
        seedHash: 'h',
        createdBy: 'u',
      });
  })();
  const sqlite = sqliteOf(store.db);
  if (sqlite) sqlite.pragma('wal_checkpoint(TRUNCATE)');
  // PostgreSQL's planner statistics, as autovacuum would have them on a database that grew over months.
  else store.db.exec('ANALYZE');
}

async function timed(f: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c = process.cpuUsage();
  const t = performance.now();
  await f();
  const u = process.cpuUsage(c);
  return { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function tickBench(games: number): Promise<void> {
  const place = benchPlace('tick');
  const svc = openServices({ dbPath: place.dbPath, renderThreads: 0, lobbyExpiryHours: 72 });
  try {
    const t = performance.now();
    seedLiveGames(svc, games);
    console.log(
      `tick.setup: ${games} live games on ${place.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} in ${((performance.now() - t) / 1000).toFixed(1)} s; ` +
        `${os.availableParallelism()} cores; load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    const router = createRouter(svc);
    const now = svc.now();
    const trace = process.argv.includes('--trace') ? traceStatements(svc.store.db) : null;
    const first = await timed(() => router.tick!());
    console.log(`tick.first_ms (start-up sweep): wall ${first.wall.toFixed(1)} ms, cpu ${first.cpu.toFixed(1)} ms`);
    if (trace) printTrace('start-up sweep', trace());
    const runs = [];
    for (let i = 0; i < 15; i++) runs.push(await timed(() => router.tick!()));
    if (trace) printTrace('15 steady ticks', trace());
    console.log(
      `tick.steady_ms (median of ${runs.length}, nothing due): wall ${median(runs.map((r) => r.wall)).toFixed(2)} ms, ` +
        `cpu ${median(runs.map((r) => r.cpu)).toFixed(2)} ms (max wall ${Math.max(...runs.map((r) => r.wall)).toFixed(2)} ms)`,
    );
    // Half time: the tick reads the games whose reminders are due and sends them.
    const half = now + 12 * HOUR;
    svc.now = () => half;
    // Every deadline's first look (an hour after it was set) has passed by then too: the tick takes as many as one pass reads (500).
    svc.store.db.prepare('UPDATE decision_deadlines SET remind_at = 0 WHERE game_id % 100 = 1').run();
    let reminders = 0;
    const busy = await timed(async () => {
      reminders = (await router.tick!()).flatMap((outcome) => outcome.posts).filter((post) => /reminder/.test(post.content)).length;
    });
    console.log(`tick.reminders_due_ms (${reminders} reminders sent): wall ${busy.wall.toFixed(1)} ms, cpu ${busy.cpu.toFixed(1)} ms`);
    if (trace) printTrace('the tick with reminders due', trace());
  } finally {
    await svc.close();
    place.remove();
  }
}

/**
 * Bytes a game holds in the store: its row, its log (rows, or deflated once
 * finished), its snapshots. Each value as stored: its length on SQLite (which
 * compresses nothing itself), pg_column_size on PostgreSQL (after TOAST's own
 * compression of large values). Row headers and indexes are not counted here;
 * the store bench's figure per game (store-figures.ts) counts them.
 */
function storedBytes(svc: Services, gameId: number): { total: number; snapshots: number; count: number } {
  const size = svc.store.db.dialect === 'postgres' ? 'pg_column_size' : 'LENGTH';
  const q = (sql: string) =>
    (svc.store.db.prepare(sql.replaceAll('LENGTH(', `${size}(`)).get(gameId) as { n: number | null; c?: number }) ?? { n: 0 };
  const row = q(
    'SELECT COALESCE(LENGTH(state),0) + COALESCE(LENGTH(result),0) + LENGTH(options) + LENGTH(seed) + LENGTH(seed_hash) AS n FROM games WHERE id = ?',
  ).n!;
  const log = q('SELECT SUM(LENGTH(action) + LENGTH(role) + LENGTH(user_id) + 24) AS n FROM actions WHERE game_id = ?').n ?? 0;
  const archived = q('SELECT LENGTH(log) AS n FROM finished_logs WHERE game_id = ?')?.n ?? 0;
  const snaps = q('SELECT SUM(LENGTH(state)) AS n, COUNT(*) AS c FROM snapshots WHERE game_id = ?');
  return { total: row + log + archived + (snaps.n ?? 0), snapshots: snaps.n ?? 0, count: snaps.c ?? 0 };
}

async function sizeBench(perSystem: number): Promise<void> {
  const place = benchPlace('size');
  const svc = openServices({ dbPath: place.dbPath, renderThreads: 0 });
  try {
    for (const mod of allGames() as GameModule<any, any>[]) {
      const sizes: ReturnType<typeof storedBytes>[] = [];
      let entries = 0;
      for (let i = 0; i < perSystem; i++) {
        const s = `size-${mod.id}-${i}`;
        const g = svc.store.createGame({
          guildId: null,
          channelId: s,
          system: mod.id,
          options: {},
          seed: s,
          seedHash: sha256(s),
          createdBy: 'u',
        });
        for (const role of mod.roles(mod.parseOptions({}))) svc.store.setSeat(g.id, role.id, `bot:${role.id}`, 'bot');
        svc.store.start(g.id, JSON.stringify(createGame(mod, {}, s).env));
        const row = svc.sessions.kick(svc.store.game(g.id)!).row;
        if (row.status === 'active') svc.store.finish(row.id, 'abandoned', '{}'); // a bot game that did not end: stopped here
        entries += svc.store.log(g.id).length;
        sizes.push(storedBytes(svc, g.id));
      }
      const avg = (f: (x: ReturnType<typeof storedBytes>) => number) => sizes.reduce((a, x) => a + f(x), 0) / sizes.length;
      console.log(
        `size.${mod.id}: ${(avg((x) => x.total) / 1024).toFixed(1)} KiB per finished game ` +
          `(snapshots ${(avg((x) => x.snapshots) / 1024).toFixed(1)} KiB in ${avg((x) => x.count).toFixed(1)}; ` +
          `${Math.round(entries / sizes.length)} log entries; ${sizes.length} bot games)`,
      );
    }
  } finally {
    await svc.close();
    place.remove();
  }
}

export async function runTick(): Promise<void> {
  await tickBench(arg('--games', 12_500));
  await sizeBench(arg('--size-games', 3));
}
