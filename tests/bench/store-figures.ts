// `npm run bench -- store [--games 10000] [--live 0.2] [--store sqlite|postgres] [--trace]`: the store at 10,000 games
// (issue 21 §9): size per game, tick time, start-up time and RSS, in one set of lines.
// A few games per system are played by bots (finished ones to their end, live
// ones some forty actions in) and copied row for row to the wanted count, a
// fifth of them live with a deadline a day ahead on every fifth; then a fresh
// bot process opens the store as `npm start` does (services, router, the
// start-up sweep of the first tick) and ticks with nothing due. Reports only.
// On PostgreSQL (MUSTER_BENCH_DB) the games go in a schema of the run's own,
// dropped after; the size is the tables' (postgresStoreBytes), SQLite's the file's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import seedrandom from 'seedrandom';
import { openServices, type Services } from '../../src/app/services.ts';
import { sqliteOf } from '../../src/store/database.ts';
import { createRouter } from '../../commands/router.ts';
import { allGames } from '../../src/games/registry.ts';
import { createGame, sha256 } from '../../src/engine/runner.ts';
import type { GameModule } from '../../src/engine/types.ts';
import { ratingsOf } from '../../src/tournament/ratings.ts';
import { print, pct } from './figures.ts';
import { benchDatabase, benchSchema, postgresStoreBytes } from './bench-store.ts';
import { printTrace, traceStatements } from './statement-trace.ts';

const HOUR = 3_600_000;

export async function runStoreFigures(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      games: { type: 'string', default: '10000' },
      live: { type: 'string', default: '0.2' },
      store: { type: 'string', default: 'sqlite' },
      measure: { type: 'string' },
      trace: { type: 'boolean', default: false },
    },
  });
  if (values.measure !== undefined) return measureStartup(values.measure, values.trace);
  const database = benchDatabase(values.store);
  const games = Number(values.games);
  const liveShare = Number(values.live);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-store-'));
  const schema = database.kind === 'postgres' ? benchSchema(database.url!, 'store') : null;
  const dbPath = schema ? schema.url : path.join(dir, 'store.sqlite');
  try {
    const svc = openServices({ dbPath, outDir: dir, renderThreads: 0 });
    const started = performance.now();
    const templates = playTemplates(svc);
    // Rated as a running bot's tick rates each game it finishes, so the copies are too: a start-up then has no backlog to rate.
    ratingsOf(svc).sync();
    const live = Math.round(games * liveShare);
    copyGames(svc, templates, games, live);
    const sqlite = sqliteOf(svc.store.db);
    if (sqlite) sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // The planner's statistics, as autovacuum keeps them on a database that grew over months.
    else svc.store.db.exec('ANALYZE');
    const seeded = (performance.now() - started) / 1000;
    const bytes = schema
      ? postgresStoreBytes(svc.store.db)
      : fs.statSync(dbPath).size + (fs.existsSync(`${dbPath}-wal`) ? fs.statSync(`${dbPath}-wal`).size : 0);
    await svc.close();
    console.log(
      `store: ${games} games (${live} live, ${games - live} finished; KPW, Rifle, WoG, WK4, ATKM alike) on ` +
        `${schema ? 'PostgreSQL' : 'SQLite'}, made in ${seeded.toFixed(0)} s; ${os.availableParallelism()} cores; ` +
        `load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    // SQLite: the file and its WAL. PostgreSQL: every table with its TOAST and indexes (pg_total_relation_size).
    print('store.db_mb', bytes / 1048576, 'MB');
    print('store.kib_per_game', bytes / 1024 / games, 'KiB');
    // The start-up and the tick in a process of their own, so its RSS is the bot's, not the seeding's.
    await child(dbPath, values.trace);
  } finally {
    schema?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Template {
  id: number;
  live: boolean;
}

/** Per system: two bot games played to their end, and one live game some forty actions in. */
function playTemplates(svc: Services): Template[] {
  const out: Template[] = [];
  const rand = seedrandom('store-figures');
  for (const mod of allGames() as GameModule<any, any>[]) {
    for (let k = 0; k < 3; k++) {
      const live = k === 2;
      const seed = `store-${mod.id}-${k}`;
      const row = svc.store.createGame({
        guildId: 'g0',
        channelId: seed,
        system: mod.id,
        options: {},
        seed,
        seedHash: sha256(seed),
        createdBy: 'u',
      });
      const roles = mod.roles(mod.parseOptions({}));
      for (const role of roles)
        svc.store.setSeat(row.id, role.id, live ? `u-${role.id}` : `bot:${role.id}`, live ? `player ${role.id}` : 'bot');
      svc.store.start(row.id, JSON.stringify(createGame(mod, {}, seed).env));
      if (live) playSome(svc, mod, row.id, 40, rand);
      else {
        const end = svc.sessions.kick(svc.store.game(row.id)!).row;
        if (end.status === 'active') svc.store.finish(end.id, 'abandoned', '{}'); // a bot game that did not end: stopped here
      }
      out.push({ id: row.id, live });
    }
  }
  return out;
}

/** Up to `actions` moves of the game's bots for whoever is asked, as players' commands would commit them. */
function playSome(svc: Services, mod: GameModule<any, any>, gameId: number, actions: number, rand: () => number): void {
  let row = svc.store.game(gameId)!;
  for (let k = 0; k < actions && row.status === 'active'; k++) {
    const env = JSON.parse(row.state!);
    const prompt = mod.prompts(env.game)[0];
    if (!prompt) break;
    const legal = mod.legal(env.game, prompt.role);
    if (!legal.length || !mod.bot) break;
    const pick = mod.bot(env.game, prompt.role, legal, { rand });
    row = svc.sessions.act(row, `u-${prompt.role}`, prompt.role, [pick.action]).row;
  }
}

/** A table's columns but those the database numbers itself (SQLite's `id` primary key, PostgreSQL's identity columns). */
function columnsOf(svc: Services, table: string): string[] {
  if (svc.store.db.dialect === 'postgres')
    return (
      svc.store.db
        .prepare(
          `SELECT column_name AS name FROM information_schema.columns ` +
            `WHERE table_schema = current_schema() AND table_name = ? AND is_identity = 'NO' ORDER BY ordinal_position`,
        )
        .all(table) as { name: string }[]
    ).map((column) => column.name);
  return (svc.store.db.prepare(`SELECT name, pk FROM pragma_table_info(?)`).all(table) as { name: string; pk: number }[])
    .filter((column) => !(column.pk && column.name === 'id'))
    .map((column) => column.name);
}

/** The store's tables (either database's catalog). */
function tablesOf(svc: Services): string[] {
  const sql =
    svc.store.db.dialect === 'postgres'
      ? `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
      : `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`;
  return svc.store.db.prepare(sql).pluck().all() as string[];
}

/**
 * The templates copied until there are `games`, `live` of them live: each
 * game row one by one (its own channel), then every table keyed by game in
 * one statement per table, through a table of which copy came from which template.
 */
function copyGames(svc: Services, templates: Template[], games: number, live: number): void {
  const db = svc.store.db;
  const perGame = tablesOf(svc).filter(
    (table) => table !== 'games' && table !== 'bench_copies' && !table.startsWith('outbox') && columnsOf(svc, table).includes('game_id'),
  );
  const gameCols = columnsOf(svc, 'games');
  const copyGame = db.prepare(
    `INSERT INTO games (${gameCols.join(', ')}) SELECT ${gameCols.map((c) => (c === 'channel_id' ? '?' : c)).join(', ')} FROM games WHERE id = ? RETURNING id`,
  );
  db.exec('CREATE TABLE bench_copies (game_id BIGINT PRIMARY KEY, template_id BIGINT NOT NULL)');
  const noteCopy = db.prepare('INSERT INTO bench_copies (game_id, template_id) VALUES (?, ?)');
  const finished = templates.filter((t) => !t.live);
  const running = templates.filter((t) => t.live);
  const now = svc.now();
  db.transaction(() => {
    for (let i = templates.length; i < games; i++) {
      const pool = i < live ? running : finished;
      const template = pool[i % pool.length];
      const { id } = copyGame.get(`copy-${i}`, template.id) as { id: number };
      noteCopy.run(id, template.id);
    }
    for (const table of perGame) {
      const cols = columnsOf(svc, table);
      db.exec(
        `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((c) => (c === 'game_id' ? 'c.game_id' : `t.${c}`)).join(', ')} ` +
          `FROM bench_copies c JOIN ${table} t ON t.game_id = c.template_id`,
      );
    }
    const liveCopies = db.prepare(`SELECT game_id FROM bench_copies c JOIN games g ON g.id = c.game_id WHERE g.status = 'active'`);
    for (const { game_id: id } of liveCopies.all() as { game_id: number }[])
      if (id % 5 === 0) for (const seat of svc.store.seats(id)) svc.store.deadlines.set(id, seat.role, 1, now + 24 * HOUR, now);
  })();
  db.exec('DROP TABLE bench_copies');
}

/** This file again, in a process of its own: built, or under tsx. */
async function child(dbPath: string, trace: boolean): Promise<void> {
  const entry = import.meta.url.endsWith('.mjs')
    ? fileURLToPath(import.meta.url)
    : fileURLToPath(new URL('./store-figures-entry.ts', import.meta.url));
  const proc = spawn(process.execPath, [...process.execArgv, entry, '--measure', dbPath, ...(trace ? ['--trace'] : [])], {
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => proc.on('exit', resolve));
  if (code !== 0) throw new Error(`the start-up process exited with ${code}`);
}

/** A fresh bot process on the store: start-up (services, router, the first tick's sweep), the steady tick, RSS. */
async function measureStartup(dbPath: string, trace: boolean): Promise<void> {
  const rssBefore = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const svc = openServices({ dbPath, renderThreads: 0 });
  const router = createRouter(svc);
  const opened = performance.now();
  const statements = trace ? traceStatements(svc.store.db) : null;
  await router.tick!();
  if (statements) printTrace('the first tick (start-up sweep)', statements());
  const startupMs = performance.now() - t0;
  const startupCpu = process.cpuUsage(cpu0);
  const rssStarted = process.memoryUsage().rss;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 15; i++) {
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    await router.tick!();
    wall.push(performance.now() - wallBefore);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  if (statements) printTrace('15 steady ticks', statements());
  print('store.startup_ms', startupMs, 'ms');
  print('store.startup_open_ms', opened - t0, 'ms');
  print('store.startup_first_tick_ms', startupMs - (opened - t0), 'ms');
  print('store.startup_cpu_ms', (startupCpu.user + startupCpu.system) / 1000, 'ms');
  print('store.tick_ms_p50', pct(wall, 50), 'ms');
  print('store.tick_ms_max', pct(wall, 100), 'ms');
  print('store.tick_cpu_ms_p50', pct(cpu, 50), 'ms');
  print('store.rss_before_open_mb', rssBefore / 1048576, 'MB');
  print('store.rss_after_startup_mb', rssStarted / 1048576, 'MB');
  print('store.rss_after_ticks_mb', process.memoryUsage().rss / 1048576, 'MB');
  await svc.close();
}
