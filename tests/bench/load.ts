// `npm run bench -- load [--games 500] [--rate 100] [--seconds 20] [--threads N] [--draw delivery|command]`
// Issue 9: many live games under a steady stream of commands, through the
// whole command path (createRouter(svc).dispatch with the real store, sessions,
// presentation and snapshot rendering; --threads 0 renders in-process, else a
// pool of N render threads). Commands arrive on a clock, `rate` a second, each
// at its own time whether or not earlier ones have finished; latency runs from
// that arrival time to the outcome, so queueing behind a busy event loop
// counts. Games are opened through the store (setup is not measured); every
// command is a legal move the game's bot picks for a seat, sent as that seat's
// player would type it (/kpw …, /rifle … with the legal option values).
// The bot's outbox worker delivers every post to a stand-in client that takes
// each message at once (sink-client.ts: no network), as the bot releases them
// after a reply; `post latency` runs from a command's arrival until the last
// post it owed was sent. --draw delivery (the bot's setting) draws maps as
// they are delivered, --draw command inside the command (the table's).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance as perf } from 'node:perf_hooks';

const eventLoopUtilization = perf.eventLoopUtilization;
import { parseArgs } from 'node:util';
import seedrandom from 'seedrandom';
import { openServices } from '../../src/app/services.ts';
import { acquireRenderPool, releaseRenderPool, defaultRenderThreads } from '../../src/app/render-pool.ts';
import { envOf } from '../../src/app/session.ts';
import { createGame, sha256 } from '../../src/engine/runner.ts';
import { getGame } from '../../src/games/registry.ts';
import { createRouter } from '../../commands/router.ts';
import type { Invocation } from '../../commands/types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import { DEFAULT_RETRY, OutboxWorker } from '../../src/bot/outbox-worker.ts';
import { sinkClient, type SinkStats } from './sink-client.ts';

const print = (name: string, value: number, unit: string) => console.log(`${name}: ${value.toFixed(unit === 'count' ? 0 : 2)} ${unit}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function runLoad(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      games: { type: 'string', default: '500' },
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '3' },
      threads: { type: 'string' },
      drain: { type: 'string', default: '30' },
      draw: { type: 'string', default: 'delivery' },
    },
  });
  const games = Number(values.games);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const warmup = Number(values.warmup);
  const threads = values.threads === undefined ? defaultRenderThreads() : Number(values.threads);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-load-'));
  // The bot's own settings: two snapshots per batch of actions at most.
  const atDelivery = values.draw !== 'command';
  const svc = openServices({
    dbPath: path.join(dir, 'load.sqlite'),
    outDir: dir,
    renderThreads: threads,
    maxSnapshots: 2,
    drawAtDelivery: atDelivery,
  });
  const router = createRouter(svc);
  const sink: SinkStats = { messages: 0, files: [] };
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const worker = new OutboxWorker(sinkClient(sink), svc.store.outbox, router, quiet, { ...DEFAULT_RETRY, pollMs: 100 });
  // Each command's posts, until the worker has sent (or, superseded, dropped) the last of them.
  const owedBy = new Map<number, { due: number; left: number }>();
  const postLat: number[] = [];
  let measureFrom = Infinity; // set when the clock starts
  const outbox = svc.store.outbox;
  const markSent = outbox.sent.bind(outbox);
  outbox.sent = (id: number) => {
    markSent(id);
    if (process.env.LOAD_TRACE) {
      const r = outbox.get(id)!;
      console.error(
        `sent #${id} ${r.lane} ${r.post.kind ?? '-'} card:${r.post.card ?? ''} files:${r.post.files?.length ?? 0} after ${Date.now() - r.createdAt} ms`,
      );
    }
    const cmd = owedBy.get(id);
    owedBy.delete(id);
    if (cmd && --cmd.left === 0 && cmd.due >= measureFrom) postLat.push(performance.now() - cmd.due);
  };
  const rand = seedrandom('load');

  // Half KPW (two players), half Rifle and Axe (two settlements), each in its own channel.
  const channels: string[] = [];
  for (let i = 0; i < games; i++) {
    const system = i % 2 ? 'rifle' : 'kpw';
    const mod = getGame(system)!;
    const raw: Record<string, string | number | boolean> = system === 'rifle' ? { players: 2 } : {};
    const channelId = `load-${i}`;
    const seed = `load-${i}`;
    const r = svc.store.createGame({ guildId: 'bench', channelId, system, options: raw, seed, seedHash: sha256(seed), createdBy: `u${i}` });
    for (const role of mod.roles(mod.parseOptions(raw))) svc.store.setSeat(r.id, role.id, `u${i}-${role.id}`, `u${i}-${role.id}`);
    svc.store.start(r.id, JSON.stringify(createGame(mod, raw, seed).env));
    channels.push(channelId);
  }

  // Threads up before the clock starts (they start on first use otherwise).
  const pool = acquireRenderPool(threads);
  const poolUp = pool ? await pool.ready() : false;
  await releaseRenderPool(pool);
  worker.start();
  const rssSetup = process.memoryUsage().rss;
  let heapMax = 0;
  let externalMax = 0;

  /** The next command for a game: a seat that is asked, and a legal move its bot picks. */
  const nextCommand = (channelId: string): Invocation | null => {
    const row = svc.store.liveGame(channelId);
    if (row?.status !== 'active') return null;
    const mod = getGame(row.system)!;
    const env = envOf(row);
    const prompts = mod.prompts(env.game);
    if (!prompts.length) return null;
    const p = prompts[Math.floor(rand() * prompts.length)];
    const legal = mod.legal(env.game, p.role);
    if (!legal.length) return null;
    const pick = mod.bot ? mod.bot(env.game, p.role, legal, { rand: () => rand() }) : legal[0];
    const seat = svc.store.seats(row.id).find((s) => s.role === p.role)!;
    const group = mod.subcommands.find((s) => s.name === pick.sub)?.group;
    return {
      command: mod.command,
      ...(group ? { group } : {}),
      sub: pick.sub,
      options: { ...pick.args },
      caller: { id: seat.userId, name: seat.userName, isModerator: false },
      where: { guildId: 'bench', channelId },
    };
  };

  const lat: number[] = [];
  let snapshots = 0;
  let refused = 0;
  let skipped = 0;
  let _done = 0;
  // Main-thread busy time and the process's CPU (every thread) from the end of the warm-up.
  let elu0 = eventLoopUtilization();
  let cpu0 = process.cpuUsage();
  let pickMs = 0; // the bench's own share: reading a game and letting its bot pick the move
  let lastDone = 0;
  const busy = new Set<string>();
  const pending = new Map<string, number>(); // channel → arrival time of its command in flight
  const loopLag = monitorEventLoopDelay({ resolution: 5 });
  let rssMax = 0;
  const rssTimer = setInterval(() => {
    const m = process.memoryUsage();
    rssMax = Math.max(rssMax, m.rss);
    heapMax = Math.max(heapMax, m.heapUsed);
    externalMax = Math.max(externalMax, m.external);
  }, 250);

  const total = Math.round(rate * (warmup + seconds));
  const interval = 1000 / rate;
  const t0 = performance.now();
  measureFrom = t0 + warmup * 1000;
  let next = 0; // round-robin over games, skipping one with a command in flight
  const inFlight = new Set<Promise<void>>();

  const fire = (due: number) => {
    let channelId = '';
    for (let k = 0; k < channels.length; k++) {
      const c = channels[(next + k) % channels.length];
      if (!busy.has(c)) {
        channelId = c;
        next = (next + k + 1) % channels.length;
        break;
      }
    }
    const p0 = performance.now();
    const inv = channelId ? nextCommand(channelId) : null;
    pickMs += performance.now() - p0;
    if (!inv) {
      skipped++;
      return;
    }
    busy.add(channelId);
    pending.set(channelId, due);
    const job = router.dispatch(inv).then((o: Outcome) => {
      const end = performance.now();
      if (process.env.LOAD_TRACE)
        console.error(
          `${channelId} /${inv.command} ${inv.sub} ${JSON.stringify(inv.options)} ${(end - due).toFixed(0)} ms ${[...o.replies, ...o.posts].reduce((n, m) => n + (m.files?.length ?? 0), 0)} png; ${o.replies[0]?.content.slice(0, 80)}`,
        );
      if (due >= measureFrom) {
        lat.push(end - due);
        if (o.replies.some((r) => r.ephemeral && /❌|not |Which one/.test(r.content))) refused++;
      }
      // As the bot's handler does after its reply: the posts may go now.
      const ids = o.queued ?? [];
      if (ids.length) {
        const cmd = { due, left: ids.length };
        for (const id of ids) owedBy.set(id, cmd);
        outbox.release(ids);
        void worker.kick();
      }
      _done++;
      lastDone = end;
    });
    const tracked = job.finally(() => {
      busy.delete(channelId);
      pending.delete(channelId);
      inFlight.delete(tracked);
    });
    inFlight.add(tracked);
  };

  // The clock: every command has its arrival time; late ones fire at once on the next turn.
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
        pickMs = 0;
      }
      while (k < total && t0 + k * interval <= now) fire(t0 + k++ * interval);
      if (k >= total) return resolve();
      setTimeout(tick, Math.max(0, t0 + k * interval - performance.now()));
    };
    setTimeout(tick, 0);
  });
  // Bounded: commands still running `drain` s after the last arrival are
  // counted as unfinished and enter the percentiles at their age then (a lower bound).
  const clockEnd = performance.now();
  const drainUntil = clockEnd + Number(values.drain) * 1000;
  await Promise.race([Promise.all([...inFlight]), new Promise((r) => setTimeout(r, drainUntil - performance.now()))]);
  // Then the posts: until every owed one is sent, or the same bound.
  while (owedBy.size && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  const cut = performance.now();
  const unfinished = inFlight.size;
  for (const due of [...pending.values()]) if (due >= measureFrom) lat.push(cut - due);
  const unsent = new Set([...owedBy.values()]);
  for (const c of unsent) if (c.due >= measureFrom) postLat.push(cut - c.due);
  await worker.stop();
  const busyMs = eventLoopUtilization(elu0).active;
  const cpu = process.cpuUsage(cpu0);
  // Pictures sent while commands kept arriving (the drain after the clock is not counted).
  snapshots = sink.files.filter((t) => t >= measureFrom && t <= clockEnd).length;
  const window = (clockEnd - measureFrom) / 1000;
  const elapsed = (Math.max(clockEnd, lastDone) - measureFrom) / 1000;
  loopLag.disable();
  clearInterval(rssTimer);
  rssMax = Math.max(rssMax, process.memoryUsage().rss);

  lat.sort((a, b) => a - b);
  postLat.sort((a, b) => a - b);
  console.log(
    `load: ${games} games (KPW and Rifle), ${rate} commands/s for ${seconds} s after ${warmup} s warm-up; render threads ${threads}${threads ? (poolUp ? ' (up)' : ' (failed: in-process)') : ' (in-process)'}; maps drawn ${atDelivery ? 'at delivery' : 'by the command'}; ${os.availableParallelism()} cores`,
  );
  // Built (bench.ts bundles this file like `npm run build`) or the sources under tsx (--source).
  console.log(
    `code: ${import.meta.url.endsWith('.mjs') ? 'built (dist/bench)' : 'TypeScript sources under tsx'}; heap flags: ${process.execArgv.filter((a) => /^--(max|min|heap)/.test(a)).join(' ') || 'none'}`,
  );
  print('load.commands', lat.length, 'count');
  print('load.commands_per_s', (lat.length - unfinished) / elapsed, '/s');
  print('load.unfinished_after_drain', unfinished, 'count');
  print('load.drain_s', (cut - clockEnd) / 1000, 's');
  print('load.refused', refused, 'count');
  print('load.skipped_no_move', skipped, 'count');
  print('load.latency_p50_ms', pct(lat, 50), 'ms');
  print('load.latency_p99_ms', pct(lat, 99), 'ms');
  print('load.latency_max_ms', lat[lat.length - 1] ?? NaN, 'ms');
  print('load.event_loop_lag_p50_ms', loopLag.percentile(50) / 1e6, 'ms');
  print('load.event_loop_lag_p99_ms', loopLag.percentile(99) / 1e6, 'ms');
  print('load.event_loop_lag_max_ms', loopLag.max / 1e6, 'ms');
  print('load.main_thread_busy_ms_per_command', (busyMs - pickMs) / Math.max(1, lat.length), 'ms');
  print('load.bench_pick_ms_per_command', pickMs / Math.max(1, lat.length), 'ms');
  print('load.cpu_ms_per_command', (cpu.user + cpu.system) / 1000 / Math.max(1, lat.length), 'ms');
  print('load.rss_max_mb', rssMax / 1048576, 'MB');
  print('load.rss_after_setup_mb', rssSetup / 1048576, 'MB');
  print('load.main_heap_used_max_mb', heapMax / 1048576, 'MB');
  print('load.external_max_mb', externalMax / 1048576, 'MB');
  print('load.snapshots_per_s', snapshots / window, '/s');
  print('load.posts_unsent_after_drain', unsent.size, 'count');
  print('load.post_latency_p50_ms', pct(postLat, 50), 'ms');
  print('load.post_latency_p99_ms', pct(postLat, 99), 'ms');
  print('load.post_latency_max_ms', postLat[postLat.length - 1] ?? NaN, 'ms');
  print('load.pictures_not_drawn', worker.superseded, 'count'); // superseded maps, late close-ups
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
