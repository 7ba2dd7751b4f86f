// `npm run bench -- load [--games 500] [--rate 100] [--seconds 20] [--threads N] [--draw delivery|command]
//   [--drawing N] [--processes 1,2,3] [--store sqlite|postgres]`
// Issue 9, issue 21 §9: many live games under a steady stream of commands,
// through the whole command path (createRouter(svc).dispatch with the real
// store, sessions, presentation and snapshot rendering; --threads 0 renders
// in-process, else a pool of N render threads). Commands arrive on a clock,
// `rate` a second, round-robin over the games, each at its own time whether
// or not earlier ones have finished; one that arrives for a game with a
// command in flight waits behind it (per game, first come first served), and
// its latency runs from its arrival to its outcome, so queueing behind a busy
// event loop or a busy game counts. Games are opened through the store (setup
// is not measured); every command is a legal move the game's bot picks for a
// seat when it is the command's turn to run, sent as that seat's player would
// type it (/kpw …, /rifle … with the legal option values).
// The bot's outbox worker delivers every post to a stand-in client that takes
// each message at once (sink-client.ts: no network, no Discord global limit),
// as the bot releases them after a reply. `post latency` runs from a
// command's arrival until the last post it owed was sent; `map latency` from
// a command's arrival until a map showing its board is posted: its own, or,
// when that one was not drawn because a newer map of the game followed, the
// newer one. --draw delivery (the bot's setting) draws maps as they are
// delivered, --draw command inside the command (the table's).
// --processes N (or a list, e.g. 1,2,3) runs N bot processes on one database,
// each with its own games (every N-th), its own outbox worker and render
// threads, on one shared clock; one set of lines per N. --store postgres runs
// them on the PostgreSQL given by MUSTER_BENCH_DB (passed as MUSTER_DB).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance as perf } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import seedrandom from 'seedrandom';
import { openServices, type Services } from '../../src/app/services.ts';
import { acquireRenderPool, releaseRenderPool, defaultRenderThreads } from '../../src/app/render-pool.ts';
import { envOf } from '../../src/app/session.ts';
import { createGame, sha256 } from '../../src/engine/runner.ts';
import { getGame } from '../../src/games/registry.ts';
import { createRouter } from '../../commands/router.ts';
import type { Invocation } from '../../commands/types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import { DEFAULT_RETRY, OutboxWorker } from '../../src/bot/outbox-worker.ts';
import type { OutboxRow } from '../../src/store/outbox.ts';
import { sinkClient, type SinkStats } from './sink-client.ts';
import { print, pct } from './figures.ts';
import { benchDatabase } from './bench-store.ts';
import { UnionTimer, statementTimes, timeSql, timeStore } from './store-time.ts';

const eventLoopUtilization = perf.eventLoopUtilization;

const OPTIONS = {
  games: { type: 'string', default: '500' },
  rate: { type: 'string', default: '100' },
  seconds: { type: 'string', default: '20' },
  warmup: { type: 'string', default: '3' },
  threads: { type: 'string' },
  drain: { type: 'string', default: '30' },
  draw: { type: 'string', default: 'delivery' },
  // The outbox worker's rows drawing at once (RetryPolicy.drawing; the bot's default when not given).
  drawing: { type: 'string' },
  processes: { type: 'string' },
  store: { type: 'string', default: 'sqlite' },
  // A child process of --processes: its part (`k/N`), the database (none: MUSTER_DB's) and the games' channel prefix.
  part: { type: 'string' },
  db: { type: 'string' },
  prefix: { type: 'string' },
} as const;

/** One run's settings, in every process alike. */
interface LoadPlan {
  games: number;
  rate: number;
  seconds: number;
  warmup: number;
  threads: number;
  drainS: number;
  atDelivery: boolean;
  drawing?: number;
}

/** What one process measured; a child sends it to its parent as JSON. */
interface Measured {
  /** Arrival-to-outcome latency of each measured command (unfinished ones at their age at the cut). */
  latencies: number[];
  unfinished: number;
  /** Measured commands that found their game with a command in flight and waited behind it. */
  queued: number;
  queueMax: number;
  noMove: number;
  refused: number;
  /** Seconds from the first measured arrival to the last outcome (or the clock's end). */
  elapsedS: number;
  drainS: number;
  windowS: number;
  busyMs: number;
  pickMs: number;
  cpuMs: number;
  storeCallsMs: number;
  sqlMs: number;
  loopLagP50: number;
  loopLagP99: number;
  loopLagMax: number;
  rssSetup: number;
  rssMax: number;
  heapMax: number;
  externalMax: number;
  snapshots: number;
  postLatencies: number[];
  postsUnsent: number;
  mapLatencies: number[];
  mapsUnposted: number;
  mapPosts: number;
  notDrawn: number;
  poolUp: boolean;
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export async function runLoad(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  const plan: LoadPlan = {
    games: Number(values.games),
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    threads: values.threads === undefined ? defaultRenderThreads() : Number(values.threads),
    drainS: Number(values.drain),
    atDelivery: values.draw !== 'command',
    ...(values.drawing ? { drawing: Number(values.drawing) } : {}),
  };
  if (values.part) return runChild(plan, values.part, values.db ?? null, values.prefix ?? 'load');
  const database = benchDatabase(values.store);
  if (values.processes === undefined && database.kind === 'sqlite') return runSingle(plan);
  const counts = (values.processes ?? '1').split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--processes takes whole numbers ≥ 1, e.g. 3 or 1,2,3: ${values.processes}`);
  for (const n of counts) await runProcesses(plan, n, database.url ?? null, argv);
}

/**
 * The server of the `index`-th game when `processes` share them: a server id
 * on shard `index % processes` by Discord's formula (src/bot/shard-plan.ts),
 * so each process's outbox delivers the posts of its own games.
 */
const benchGuild = (index: number, processes: number): string => String((BigInt(processes) * 1000n + BigInt(index % processes)) << 22n);

/** The games, opened through the store: half KPW (two players), half Rifle and Axe (two settlements), each in its own channel. */
export function openGames(svc: Services, games: number, prefix = 'load', processes = 1): string[] {
  const channels: string[] = [];
  for (let i = 0; i < games; i++) {
    const system = i % 2 ? 'rifle' : 'kpw';
    const mod = getGame(system)!;
    const raw: Record<string, string | number | boolean> = system === 'rifle' ? { players: 2 } : {};
    const channelId = `${prefix}-${i}`;
    const seed = `load-${i}`;
    const row = svc.store.createGame({
      guildId: benchGuild(i, processes),
      channelId,
      system,
      options: raw,
      seed,
      seedHash: sha256(seed),
      createdBy: `u${i}`,
    });
    for (const role of mod.roles(mod.parseOptions(raw))) svc.store.setSeat(row.id, role.id, `u${i}-${role.id}`, `u${i}-${role.id}`);
    svc.store.start(row.id, JSON.stringify(createGame(mod, raw, seed).env));
    channels.push(channelId);
  }
  return channels;
}

/** The next command for a game: a seat that is asked, and a legal move its bot picks, as that seat's player would send it. */
export function pickCommand(svc: Services, channelId: string, rand: () => number, guildId: string | null): Invocation | null {
  const row = svc.store.liveGame(channelId);
  if (row?.status !== 'active') return null;
  const mod = getGame(row.system)!;
  const env = envOf(row);
  const prompts = mod.prompts(env.game);
  if (!prompts.length) return null;
  const prompt = prompts[Math.floor(rand() * prompts.length)];
  const legal = mod.legal(env.game, prompt.role);
  if (!legal.length) return null;
  const pick = mod.bot ? mod.bot(env.game, prompt.role, legal, { rand: () => rand() }) : legal[0];
  const seat = svc.store.seats(row.id).find((s) => s.role === prompt.role)!;
  const group = mod.subcommands.find((s) => s.name === pick.sub)?.group;
  return {
    command: mod.command,
    ...(group ? { group } : {}),
    sub: pick.sub,
    options: { ...pick.args },
    caller: { id: seat.userId, name: seat.userName, isModerator: false },
    where: { guildId, channelId },
  };
}

/** One process, games opened here: every figure. */
async function runSingle(plan: LoadPlan): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-load-'));
  const svc = openBench(plan, path.join(dir, 'load.sqlite'), dir);
  const channels = openGames(svc, plan.games);
  const measured = await drive(svc, plan, channels, { index: 0, of: 1 }, async () => performance.now());
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    `load: ${plan.games} games (KPW and Rifle), ${plan.rate} commands/s for ${plan.seconds} s after ${plan.warmup} s warm-up; render threads ${plan.threads}${plan.threads ? (measured.poolUp ? ' (up)' : ' (failed: in-process)') : ' (in-process)'}; maps drawn ${plan.atDelivery ? 'at delivery' : 'by the command'}; ${os.availableParallelism()} cores; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  // Built (bench.ts bundles this file like `npm run build`) or the sources under tsx (--source).
  console.log(
    `code: ${import.meta.url.endsWith('.mjs') ? 'built (dist/bench)' : 'TypeScript sources under tsx'}; heap flags: ${process.execArgv.filter((a) => /^--(max|min|heap)/.test(a)).join(' ') || 'none'}`,
  );
  const commands = measured.latencies.length;
  const per = (ms: number) => ms / Math.max(1, commands);
  print('load.commands', commands, 'count');
  print('load.commands_per_s', (commands - measured.unfinished) / measured.elapsedS, '/s');
  print('load.unfinished_after_drain', measured.unfinished, 'count');
  print('load.drain_s', measured.drainS, 's');
  print('load.refused', measured.refused, 'count');
  print('load.queued_behind_own_game', measured.queued, 'count');
  print('load.queue_per_game_max', measured.queueMax, 'count');
  print('load.skipped_no_move', measured.noMove, 'count');
  print('load.latency_p50_ms', pct(measured.latencies, 50), 'ms');
  print('load.latency_p99_ms', pct(measured.latencies, 99), 'ms');
  print('load.latency_max_ms', pct(measured.latencies, 100), 'ms');
  print('load.event_loop_lag_p50_ms', measured.loopLagP50, 'ms');
  print('load.event_loop_lag_p99_ms', measured.loopLagP99, 'ms');
  print('load.event_loop_lag_max_ms', measured.loopLagMax, 'ms');
  print('load.main_thread_busy_ms_per_command', per(measured.busyMs - measured.pickMs), 'ms');
  print('load.bench_pick_ms_per_command', per(measured.pickMs), 'ms');
  print('load.cpu_ms_per_command', per(measured.cpuMs), 'ms');
  print('load.store_calls_ms_per_command', per(measured.storeCallsMs), 'ms');
  print('load.store_share_of_main_thread', measured.storeCallsMs / Math.max(1, measured.busyMs - measured.pickMs), 'ratio');
  print('load.sqlite_statements_share_of_main_thread', measured.sqlMs / Math.max(1, measured.busyMs - measured.pickMs), 'ratio');
  print('load.rss_max_mb', measured.rssMax / 1048576, 'MB');
  print('load.rss_after_setup_mb', measured.rssSetup / 1048576, 'MB');
  print('load.main_heap_used_max_mb', measured.heapMax / 1048576, 'MB');
  print('load.external_max_mb', measured.externalMax / 1048576, 'MB');
  print('load.snapshots_per_s', measured.snapshots / measured.windowS, '/s');
  print('load.posts_unsent_after_drain', measured.postsUnsent, 'count');
  print('load.post_latency_p50_ms', pct(measured.postLatencies, 50), 'ms');
  print('load.post_latency_p99_ms', pct(measured.postLatencies, 99), 'ms');
  print('load.post_latency_max_ms', pct(measured.postLatencies, 100), 'ms');
  print('load.map_posts_per_s', measured.mapPosts / measured.windowS, '/s');
  print('load.maps_owed', measured.mapLatencies.length, 'count');
  print('load.maps_unposted_after_drain', measured.mapsUnposted, 'count');
  print('load.map_latency_p50_ms', pct(measured.mapLatencies, 50), 'ms');
  print('load.map_latency_p99_ms', pct(measured.mapLatencies, 99), 'ms');
  print('load.map_latency_max_ms', pct(measured.mapLatencies, 100), 'ms');
  print('load.pictures_not_drawn', measured.notDrawn, 'count'); // superseded maps, late close-ups
  if (process.env.LOAD_SQL_TRACE)
    for (const statement of statementTimes())
      console.error(`sql ${statement.ms.toFixed(0)} ms in ${statement.calls} calls: ${statement.sql}`);
}

/** The bot's services as the bench runs them: two snapshots per batch of actions at most. No dbPath: MUSTER_DB's database. */
function openBench(plan: LoadPlan, dbPath: string | null, outDir: string): Services {
  return openServices({
    ...(dbPath ? { dbPath } : {}),
    outDir,
    renderThreads: plan.threads,
    maxSnapshots: 2,
    drawAtDelivery: plan.atDelivery,
  });
}

/** A process's share of the games: every `of`-th from `index`. */
interface Part {
  index: number;
  of: number;
}

/** The entry a child process runs: this file's bundle when built, else load-entry.ts under tsx. */
const childEntry = () =>
  import.meta.url.endsWith('.mjs') ? fileURLToPath(import.meta.url) : fileURLToPath(new URL('./load-entry.ts', import.meta.url));

/**
 * N bot processes on one database, each driving every N-th game on one
 * shared clock (started once every process is ready): the lines of one N.
 */
async function runProcesses(plan: LoadPlan, n: number, pgUrl: string | null, argv: string[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-load-'));
  const dbPath = pgUrl ? null : path.join(dir, 'load.sqlite');
  // Channels of their own, so runs on one PostgreSQL database do not meet (one live game per channel).
  const prefix = `load${Date.now().toString(36)}`;
  const setup = openServices({ ...(dbPath ? { dbPath } : {}), outDir: dir, renderThreads: 0 });
  openGames(setup, plan.games, prefix, n);
  await setup.close();
  const own = argv.filter((_, i) => !['--processes', '--store'].includes(argv[i]) && !['--processes', '--store'].includes(argv[i - 1]));
  const children = Array.from({ length: n }, (_, index) =>
    spawn(
      process.execPath,
      [...process.execArgv, childEntry(), ...own, '--part', `${index}/${n}`, '--prefix', prefix, ...(dbPath ? ['--db', dbPath] : [])],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    ),
  );
  const message = (child: (typeof children)[number], type: string) =>
    new Promise<any>((resolve, reject) => {
      child.on('message', (m: { type: string }) => m.type === type && resolve(m));
      child.on('exit', (code) => reject(new Error(`load process ${child.pid} exited with ${code} before "${type}"`)));
    });
  const results = children.map((child) => message(child, 'result'));
  await Promise.all(children.map((child) => message(child, 'ready')));
  const startAt = Date.now() + 200;
  for (const child of children) child.send({ type: 'start', startAt });
  const measured = (await Promise.all(results)).map((m: { measured: Measured }) => m.measured);
  await Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.on('exit', r)))));
  fs.rmSync(dir, { recursive: true, force: true });
  printProcesses(plan, n, pgUrl ? 'postgres' : 'sqlite', measured);
}

/** One set of lines for N processes: the commands of all of them, then each process's CPU and store share. */
function printProcesses(plan: LoadPlan, n: number, kind: string, measured: Measured[]): void {
  const key = `load.processes_${n}`;
  const latencies = measured.flatMap((m) => m.latencies);
  const unfinished = measured.reduce((a, m) => a + m.unfinished, 0);
  const elapsed = Math.max(...measured.map((m) => m.elapsedS));
  console.log(
    `${key}: ${n} bot process(es) on one ${kind} database, ${plan.games} games, ${plan.rate} commands/s for ${plan.seconds} s; render threads ${plan.threads} each; ${os.availableParallelism()} cores; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  print(`${key}.commands`, latencies.length, 'count');
  print(`${key}.commands_per_s`, (latencies.length - unfinished) / elapsed, '/s');
  print(`${key}.unfinished_after_drain`, unfinished, 'count');
  print(`${key}.latency_p50_ms`, pct(latencies, 50), 'ms');
  print(`${key}.latency_p99_ms`, pct(latencies, 99), 'ms');
  print(
    `${key}.map_latency_p99_ms`,
    pct(
      measured.flatMap((m) => m.mapLatencies),
      99,
    ),
    'ms',
  );
  measured.forEach((one, k) => {
    const commands = Math.max(1, one.latencies.length);
    const main = Math.max(1, one.busyMs - one.pickMs);
    print(`${key}.process_${k + 1}.commands`, one.latencies.length, 'count');
    print(`${key}.process_${k + 1}.cpu_ms_per_command`, one.cpuMs / commands, 'ms');
    print(`${key}.process_${k + 1}.main_thread_busy_ms_per_command`, main / commands, 'ms');
    print(`${key}.process_${k + 1}.store_calls_ms_per_command`, one.storeCallsMs / commands, 'ms');
    print(`${key}.process_${k + 1}.store_share_of_main_thread`, one.storeCallsMs / main, 'ratio');
    print(`${key}.process_${k + 1}.rss_max_mb`, one.rssMax / 1048576, 'MB');
  });
}

/** A child of runProcesses: ready once set up, starts on the parent's word, sends back what it measured. */
async function runChild(plan: LoadPlan, partText: string, dbPath: string | null, prefix: string): Promise<void> {
  const [index, of] = partText.split('/').map(Number);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-load-part-'));
  const svc = openBench(plan, dbPath, dir);
  const channels = Array.from({ length: plan.games }, (_, i) => `${prefix}-${i}`);
  const started = new Promise<number>((resolve) =>
    process.on('message', (m: { type: string; startAt: number }) => m.type === 'start' && resolve(m.startAt)),
  );
  const measured = await drive(svc, plan, channels, { index, of }, async () => {
    process.send!({ type: 'ready' });
    const startAt = await started;
    return performance.now() + (startAt - Date.now());
  });
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => process.send!({ type: 'result', measured }, () => resolve()));
}

/**
 * Runs the clock for this process's part of the games (the arrivals for every
 * `of`-th game from `index`), from the time `ready` resolves to (once set up:
 * a performance.now() time), and measures.
 */
async function drive(svc: Services, plan: LoadPlan, channels: string[], part: Part, ready: () => Promise<number>): Promise<Measured> {
  const router = createRouter(svc);
  const storeCalls = new UnionTimer();
  timeStore(svc.store, storeCalls);
  const sql = timeSql();
  const own = new Set(channels.filter((_, i) => i % part.of === part.index));
  const games = new Set(channels);
  const gameIndex = new Map(channels.map((channelId, index) => [channelId, index]));
  const mine = (channelId: string) => own.has(channelId);
  const sink: SinkStats = { messages: 0, files: [] };
  // Another process's games are its to deliver; threads and direct messages go from any.
  const client = sinkClient(
    sink,
    part.of > 1 ? (channelId) => own.has(channelId) || !games.has(channelId) : undefined,
    part.of > 1 ? { count: part.of, mine: [part.index] } : undefined,
  );
  const worker = new OutboxWorker(client, svc.store.outbox, router, quiet, {
    ...DEFAULT_RETRY,
    pollMs: 100,
    ...(plan.drawing ? { drawing: plan.drawing } : {}),
  });
  let measureFrom = Infinity; // set when the clock starts
  const posts = trackPosts(svc, router, () => measureFrom);
  const rand = seedrandom(`load-${part.index}`);

  // Threads up before the clock starts (they start on first use otherwise).
  const pool = acquireRenderPool(plan.threads);
  const poolUp = pool ? await pool.ready() : false;
  await releaseRenderPool(pool);
  worker.start();
  const rssSetup = process.memoryUsage().rss;
  let heapMax = 0;
  let externalMax = 0;

  const nextCommand = (channelId: string): Invocation | null =>
    pickCommand(svc, channelId, rand, benchGuild(gameIndex.get(channelId)!, part.of));

  const lat: number[] = [];
  let refused = 0;
  let noMove = 0;
  let queued = 0;
  let queueMax = 0;
  // Main-thread busy time and the process's CPU (every thread) from the end of the warm-up.
  let elu0 = eventLoopUtilization();
  let cpu0 = process.cpuUsage();
  let store0 = 0;
  let sql0 = 0;
  let pickMs = 0; // the bench's own share: reading a game and letting its bot pick the move
  let pickStoreMs = 0; // of which in the store, and in SQLite
  let pickSqlMs = 0;
  let lastDone = 0;
  const running = new Map<string, number>(); // channel → arrival time of its command in flight
  const waiting = new Map<string, number[]>(); // channel → arrival times of the commands queued behind it
  const loopLag = monitorEventLoopDelay({ resolution: 5 });
  let rssMax = 0;
  const rssTimer = setInterval(() => {
    const mem = process.memoryUsage();
    rssMax = Math.max(rssMax, mem.rss);
    heapMax = Math.max(heapMax, mem.heapUsed);
    externalMax = Math.max(externalMax, mem.external);
  }, 250);

  const total = Math.round(plan.rate * (plan.warmup + plan.seconds));
  const interval = 1000 / plan.rate;
  const t0 = await ready();
  measureFrom = t0 + plan.warmup * 1000;
  const inFlight = new Set<Promise<void>>();
  let cutAt = Infinity; // when the figures were taken: what finishes later is not counted again

  /** Runs the game's next command, which arrived at `due`; then the one queued behind it, if any. */
  const run = (channelId: string, due: number): void => {
    const p0 = performance.now();
    const [store0Pick, sql0Pick] = [storeCalls.ms(), sql.ms()];
    const inv = nextCommand(channelId);
    pickMs += performance.now() - p0;
    pickStoreMs += storeCalls.ms() - store0Pick;
    pickSqlMs += sql.ms() - sql0Pick;
    if (!inv) {
      // The game is over (or asks nobody): this arrival has no move; the next queued one has none either.
      if (due >= measureFrom) noMove++;
      const next = waiting.get(channelId)?.shift();
      if (next !== undefined) run(channelId, next);
      return;
    }
    running.set(channelId, due);
    const job = router.dispatch(inv).then((outcome: Outcome) => {
      const end = performance.now();
      if (process.env.LOAD_TRACE)
        console.error(
          `${channelId} /${inv.command} ${inv.sub} ${JSON.stringify(inv.options)} ${(end - due).toFixed(0)} ms ${[...outcome.replies, ...outcome.posts].reduce((n, m) => n + (m.files?.length ?? 0), 0)} png; ${outcome.replies[0]?.content.slice(0, 80)}`,
        );
      // After the cut it was counted as unfinished already.
      if (due >= measureFrom && end < cutAt) {
        lat.push(end - due);
        if (outcome.replies.some((r) => r.ephemeral && /❌|not |Which one/.test(r.content))) refused++;
      }
      // As the bot's handler does after its reply: the posts may go now.
      posts.owe(due, outcome.queued ?? []);
      if (outcome.queued?.length) {
        svc.store.outbox.release(outcome.queued);
        void worker.kick();
      }
      lastDone = end;
    });
    const tracked = job.finally(() => {
      running.delete(channelId);
      inFlight.delete(tracked);
      const next = waiting.get(channelId)?.shift();
      if (next !== undefined) run(channelId, next);
    });
    inFlight.add(tracked);
  };

  /** An arrival: its game's command now, or queued behind the one in flight. */
  const arrive = (channelId: string, due: number): void => {
    if (!running.has(channelId)) return run(channelId, due);
    const queue = waiting.get(channelId) ?? [];
    queue.push(due);
    waiting.set(channelId, queue);
    if (due >= measureFrom) {
      queued++;
      queueMax = Math.max(queueMax, queue.length);
    }
  };

  // The clock: every command has its arrival time; late ones arrive at once on the next turn.
  await new Promise<void>((resolve) => {
    let k = 0;
    let measuring = false;
    const tick = () => {
      const now = performance.now();
      if (!measuring && now >= measureFrom) {
        measuring = true;
        loopLag.enable();
        elu0 = eventLoopUtilization();
        cpu0 = process.cpuUsage();
        store0 = storeCalls.ms();
        sql0 = sql.ms();
        pickMs = 0;
        pickStoreMs = 0;
        pickSqlMs = 0;
      }
      for (; k < total && t0 + k * interval <= now; k++) {
        const channelId = channels[k % channels.length];
        if (mine(channelId)) arrive(channelId, t0 + k * interval);
      }
      if (k >= total) return resolve();
      setTimeout(tick, Math.max(0, t0 + k * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, t0 - performance.now()));
  });
  // Bounded: commands still running or queued `drain` s after the last arrival are
  // counted as unfinished and enter the percentiles at their age then (a lower bound).
  const clockEnd = performance.now();
  const drainUntil = clockEnd + plan.drainS * 1000;
  const drained = () => inFlight.size === 0 && [...waiting.values()].every((q) => !q.length);
  while (!drained() && performance.now() < drainUntil) await Promise.race([...inFlight, new Promise((r) => setTimeout(r, 50))]);
  // Then the posts: until every owed one is sent, or the same bound.
  while (posts.owed() && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  const cut = performance.now();
  cutAt = cut;
  let unfinished = 0;
  for (const due of [...running.values(), ...[...waiting.values()].flat()])
    if (due >= measureFrom) {
      lat.push(cut - due);
      unfinished++;
    }
  // Nothing queued starts after the cut.
  waiting.clear();
  const late = posts.cut(cut);
  await worker.stop();
  const busyMs = eventLoopUtilization(elu0).active;
  const cpu = process.cpuUsage(cpu0);
  loopLag.disable();
  clearInterval(rssTimer);
  return {
    latencies: lat,
    unfinished,
    queued,
    queueMax,
    noMove,
    refused,
    elapsedS: (Math.max(clockEnd, lastDone) - measureFrom) / 1000,
    drainS: (cut - clockEnd) / 1000,
    windowS: (clockEnd - measureFrom) / 1000,
    busyMs,
    pickMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    storeCallsMs: storeCalls.ms() - store0 - pickStoreMs,
    sqlMs: sql.ms() - sql0 - pickSqlMs,
    loopLagP50: loopLag.percentile(50) / 1e6,
    loopLagP99: loopLag.percentile(99) / 1e6,
    loopLagMax: loopLag.max / 1e6,
    rssSetup,
    rssMax: Math.max(rssMax, process.memoryUsage().rss),
    heapMax,
    externalMax,
    // Pictures sent while commands kept arriving (the drain after the clock is not counted).
    snapshots: sink.files.filter((t) => t >= measureFrom && t <= clockEnd).length,
    postLatencies: posts.postLatencies,
    postsUnsent: late.posts,
    mapLatencies: posts.mapLatencies,
    mapsUnposted: late.maps,
    mapPosts: posts.mapPostsBetween(measureFrom, clockEnd),
    notDrawn: worker.superseded,
    poolUp,
  };
}

/**
 * Follows each command's posts through the outbox: when the last of them is
 * sent (post latency), and when a map showing its board is posted (map
 * latency). A map row's board is shown by the map posted from it or from any
 * later map row of its game (the worker leaves out a map a newer one follows);
 * the map being posted is that of the game's main-track row the worker holds
 * (one at a time per lane), or of the ping its pictures were split from.
 */
function trackPosts(svc: Services, router: ReturnType<typeof createRouter>, measureFrom: () => number) {
  const outbox = svc.store.outbox;
  const owedBy = new Map<number, { due: number; left: number }[]>();
  const mapWaits = new Map<number, { due: number; rowId: number }[]>();
  const holding = new Map<number, number>(); // game → the map row its lane's main track delivers now
  const splitFrom = new Map<number, number>(); // pictures row → the ping row whose pictures they are
  const postLatencies: number[] = [];
  const mapLatencies: number[] = [];
  const mapPostTimes: number[] = [];
  let closed = false; // after the cut: what is still owed was counted at its age then
  const counts = (due: number) => !closed && due >= measureFrom();

  const markSent = outbox.sent.bind(outbox);
  outbox.sent = (id: number) => {
    markSent(id);
    if (process.env.LOAD_TRACE) {
      const row = outbox.get(id)!;
      console.error(
        `sent #${id} ${row.lane} ${row.track} ${row.post.kind ?? '-'} card:${row.post.card ?? ''} files:${row.post.files?.length ?? 0} after ${Date.now() - row.createdAt} ms`,
      );
    }
    for (const cmd of owedBy.get(id) ?? []) if (--cmd.left === 0 && counts(cmd.due)) postLatencies.push(performance.now() - cmd.due);
    owedBy.delete(id);
  };
  // A card that a newer card of its game joined (Outbox.enqueue) goes with that one.
  const owedCards = new Map<number, Set<number>>(); // game → its owed card rows
  const joinedBy = (gameId: number, id: number): number[] => {
    const cards = owedCards.get(gameId) ?? new Set<number>();
    owedCards.set(gameId, cards);
    const joined = [...cards].filter((old) => !owedBy.has(old) || outbox.get(old)?.error === 'joined a newer card');
    for (const old of joined) cards.delete(old);
    cards.add(id);
    return joined;
  };
  const claim = outbox.claim.bind(outbox);
  outbox.claim = (id: number) => {
    const ok = claim(id);
    const row: OutboxRow | null = ok ? outbox.get(id) : null;
    if (row?.track === 'main' && row.gameId !== null) holding.set(row.gameId, splitFrom.get(id) ?? id);
    return ok;
  };
  const withPictures = outbox.sentWithPictures.bind(outbox);
  outbox.sentWithPictures = (row, messageId, files) => {
    const id = withPictures(row, messageId, files);
    if (id !== null) splitFrom.set(id, splitFrom.get(row.id) ?? row.id);
    return id;
  };
  const draw = router.draw?.bind(router);
  if (draw && process.env.LOAD_TRACE)
    router.draw = async (job) => {
      const start = performance.now();
      const png = await draw(job);
      console.error(`drew ${job.system} in ${(performance.now() - start).toFixed(0)} ms`);
      return png;
    };
  const mapPosted = router.mapPosted?.bind(router);
  router.mapPosted = (gameId: number, url: string) => {
    mapPosted?.(gameId, url);
    mapPostTimes.push(performance.now());
    const upTo = holding.get(gameId) ?? -1;
    const waits = mapWaits.get(gameId) ?? [];
    const now = performance.now();
    while (waits.length && waits[0].rowId <= upTo) {
      const wait = waits.shift()!;
      if (counts(wait.due)) mapLatencies.push(now - wait.due);
      if (process.env.LOAD_TRACE)
        console.error(`map of game ${gameId} row #${upTo} shows row #${wait.rowId}: ${(now - wait.due).toFixed(0)} ms`);
    }
  };

  return {
    postLatencies,
    mapLatencies,
    /** A command that arrived at `due` queued these rows: its posts, and its map if one of them is a public map. */
    owe(due: number, ids: number[]) {
      if (!ids.length) return;
      const cmd = { due, left: ids.length };
      let mapRow: OutboxRow | null = null;
      for (const id of ids) {
        owedBy.set(id, [cmd]);
        const row = outbox.get(id);
        if (row && row.gameId !== null && !row.post.to && row.post.files?.some((f) => !f.draw?.alone)) mapRow = row;
        if (row?.track === 'card' && row.gameId !== null)
          for (const old of joinedBy(row.gameId, id)) {
            owedBy.get(id)!.push(...(owedBy.get(old) ?? []));
            owedBy.delete(old);
          }
      }
      if (mapRow) {
        const waits = mapWaits.get(mapRow.gameId!) ?? [];
        waits.push({ due, rowId: mapRow.id });
        mapWaits.set(mapRow.gameId!, waits);
      }
    },
    owed: () => owedBy.size > 0 || [...mapWaits.values()].some((w) => w.length),
    /** Posts and maps still owed at the cut: they enter the percentiles at their age then (a lower bound). */
    cut(at: number) {
      const unsent = new Set([...owedBy.values()].flat());
      // Counted here once, and nothing after.
      const measureCut = (due: number) => due >= measureFrom();
      if (process.env.LOAD_TRACE)
        for (const id of owedBy.keys()) {
          const row = outbox.get(id);
          console.error(
            `owed at the cut: #${id} ${row?.lane} ${row?.track} ${row?.state} ${row?.error ?? ''} next in ${(row?.nextAt ?? 0) - Date.now()} ms`,
          );
        }
      for (const cmd of unsent) if (measureCut(cmd.due)) postLatencies.push(at - cmd.due);
      let maps = 0;
      for (const waits of mapWaits.values())
        for (const wait of waits)
          if (measureCut(wait.due)) {
            mapLatencies.push(at - wait.due);
            maps++;
          }
      closed = true;
      return { posts: unsent.size, maps };
    },
    mapPostsBetween: (from: number, to: number) => mapPostTimes.filter((t) => t >= from && t <= to).length,
  };
}
