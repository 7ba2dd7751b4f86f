// `npm run bench`: speed and memory figures, one `name: value unit` per line.
// `npm run bench -- load`: many live games under a clocked command stream (load.ts).
// `npm run bench -- bots [--games N] [--system ID]`: each bot's win rate against random play (bots.ts).
// `npm run bench -- discord [--turns N]`: what people see of a KPW and a Rifle game through discord.js (discord.ts).
// `npm run bench -- commit [N] [--system ID]`: apply+commit in CPU time over N (10,000) actions per system.
// `npm run bench -- tournament [N]`: Swiss pairing times (500 and 2,000 entrants) and quality over N random tournaments (tournament.ts).
// A benchmark, not a test: it reports, it does not pass or fail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { Store } from '../../src/store/store.ts';
import { envOf, Sessions } from '../../src/app/session.ts';
import { createGame, replay, sha256 } from '../../src/engine/runner.ts';
import { replayFromSnapshot } from '../../src/engine/snapshots.ts';
import type { GameModule, GameRules } from '../../src/engine/types.ts';
import { playout } from '../games/playout.ts';
import { benchTournament } from './tournament.ts';
import { botNodeFlags, buildDist } from '../../src/build.ts';

registerAllGames();
const print = (name: string, value: number, unit: string) => console.log(`${name}: ${value.toFixed(unit === 'count' ? 0 : 2)} ${unit}`);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bench-')), 'bench.sqlite');

function benchPlayout(mod: GameRules<any, any, any>, raw: Record<string, string | number | boolean>, n: number): number[] {
  playout(mod, raw, 'warm-up');
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    playout(mod, raw, `bench-${i}`);
    times.push(performance.now() - t);
  }
  return times;
}

/** CPU time (user + system) of `fn`, in ms: the figure that does not swing with other processes' load. */
function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * Samples during which the kernel took the CPU away (involuntary context
 * switches, counted outside the measured part). On a loaded machine those
 * are the most of the slowest: the process's CPU time then also holds its
 * other threads' work (V8's collector and compiler) over a longer wall span.
 */
const preempted: boolean[] = [];
function cpuMsNoting(fn: () => void): number {
  const switches = process.resourceUsage().involuntaryContextSwitches;
  const ms = cpuMs(fn);
  preempted.push(process.resourceUsage().involuntaryContextSwitches !== switches);
  return ms;
}

/**
 * validate + apply + SQLite commit of one action, through the same path
 * commands use (Sessions.act, given the state and legal list the pick came
 * from, as a button press does), in CPU ms per action. Bots pick each action outside the
 * measured part.
 */
function benchApplyCommit(
  mod: GameModule<any, any>,
  raw: Record<string, string | number | boolean>,
  actions: number,
): { times: number[]; preempted: boolean[] } {
  const store = new Store(tmp());
  const sessions = new Sessions(store);
  const rand = seedrandom('apply');
  const times: number[] = [];
  let g = 0;
  let row = null as ReturnType<Store['game']>;
  const fresh = () => {
    const r = store.createGame({
      guildId: null,
      channelId: `bench-${g++}`,
      system: mod.id,
      options: raw,
      seed: `s${g}`,
      seedHash: sha256(`s${g}`),
      createdBy: 'u',
    });
    for (const role of mod.roles(mod.parseOptions(raw))) store.setSeat(r.id, role.id, role.id, role.id);
    store.start(r.id, JSON.stringify(createGame(mod, raw, `s${g}`).env));
    return store.game(r.id)!;
  };
  row = fresh();
  // Steady state: the first 300 actions warm the JIT and are not counted.
  const warm = 300;
  while (times.length < actions + warm) {
    if (row!.status !== 'active') row = fresh();
    // As a button press: the state parsed and the legal list enumerated to offer the choice are handed to act.
    const env = envOf(row!);
    const p = mod.prompts(env.game)[0];
    const legal = mod.legal(env.game, p.role);
    const pick = mod.bot ? mod.bot(env.game, p.role, legal, { rand: () => rand.quick() }) : legal[0];
    let res: ReturnType<Sessions['act']> | undefined;
    times.push(cpuMsNoting(() => (res = sessions.act(row!, p.role, p.role, [pick.action], legal, env))));
    row = res!.row;
  }
  store.close();
  return { times: times.slice(warm), preempted: preempted.splice(0).slice(warm) };
}

/**
 * The floor a commit is measured against: one raw WAL transaction on a store
 * opened with the same pragmas (Store's constructor), updating a game row with
 * a state of `bytes` and appending a log row; CPU ms per transaction.
 */
function benchRawTxn(n: number, bytes: number): number[] {
  const store = new Store(tmp());
  const db = store.db;
  db.exec('CREATE TABLE bench_state (id INTEGER PRIMARY KEY, version INTEGER, state TEXT)');
  db.exec('CREATE TABLE bench_log (game INTEGER, seq INTEGER, action TEXT, PRIMARY KEY (game, seq))');
  db.prepare('INSERT INTO bench_state VALUES (1, 0, ?)').run('x'.repeat(bytes));
  const update = db.prepare('UPDATE bench_state SET version = ?, state = ? WHERE id = 1 AND version = ?');
  const append = db.prepare('INSERT INTO bench_log VALUES (1, ?, ?)');
  const state = 'y'.repeat(bytes);
  let version = 0;
  const txn = db.transaction(() => {
    update.run(version + 1, state, version);
    append.run(version + 1, '{"type":"move"}');
    version++;
  });
  const times: number[] = [];
  for (let i = 0; i < n + 300; i++) times.push(cpuMs(() => txn.immediate()));
  store.close();
  return times.slice(300);
}

/** The systems and options the apply+commit figures use (the heavier modes where there is a choice). */
const COMMIT_SYSTEMS: [string, Record<string, string | number | boolean>][] = [
  ['wog', { scenario: 'hyw' }],
  // The virtual tabletop (every legal list measures the table): the heavier of the two modes.
  ['atkm', { mode: 'tabletop', scenario: 'open-field', army: 'roll', units: 8 }],
  ['wk4', { nations: 4 }],
  ['kpw', {}],
  ['rifle', { players: 4 }],
];

/**
 * Issue 21 §6: apply+commit per system over `n` bot-played actions, in CPU
 * time, against a raw WAL transaction measured in the same run (targets:
 * p99 ≤ 5 ms, p50 ≤ 10 × the raw transaction). `npm run bench -- commit [N] [--system ID]`.
 */
function benchCommits(args: string[] = []): void {
  const n = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
  const only = args.includes('--system') ? args[args.indexOf('--system') + 1] : undefined;
  const raw = benchRawTxn(n, 20_000);
  const rawP50 = pct(raw, 50);
  print('bench.raw_txn_us', rawP50 * 1000, 'us');
  for (const [id, opts] of COMMIT_SYSTEMS) {
    const mod = getGame(id);
    if (!mod || (only && only !== id)) continue;
    const { times: ac, preempted: cut } = benchApplyCommit(mod, opts, n);
    print(`${id}.apply_commit_count`, ac.length, 'count');
    print(`${id}.apply_commit_p50_ms`, pct(ac, 50), 'ms');
    print(`${id}.apply_commit_p99_ms`, pct(ac, 99), 'ms');
    print(`${id}.apply_commit_p99_9_ms`, pct(ac, 99.9), 'ms');
    print(`${id}.apply_commit_cpu_s`, ac.reduce((a, b) => a + b, 0) / 1000, 's');
    print(`${id}.apply_commit_p50_over_raw_txn`, pct(ac, 50) / rawP50, 'x');
    // How much of the tail the machine's load made: the same figures over the samples never preempted.
    const whole = ac.filter((_, i) => !cut[i]);
    const slowest = new Set([...ac.keys()].sort((a, b) => ac[b] - ac[a]).slice(0, Math.ceil(ac.length / 100)));
    print(`${id}.apply_commit_preempted_pct`, (100 * (ac.length - whole.length)) / ac.length, '%');
    print(`${id}.apply_commit_slowest_1pct_preempted_pct`, (100 * [...slowest].filter((i) => cut[i]).length) / slowest.size, '%');
    print(`${id}.apply_commit_unpreempted_p50_ms`, pct(whole, 50), 'ms');
    print(`${id}.apply_commit_unpreempted_p99_ms`, pct(whole, 99), 'ms');
    print(`${id}.apply_commit_unpreempted_p99_9_ms`, pct(whole, 99.9), 'ms');
  }
}

const median = (xs: number[]) => pct(xs, 50);

/**
 * Issue 8 §1: rebuild the state of a long bot-played game (500+ entries,
 * snapshots every 50) from the seed and from the nearest snapshot.
 */
function benchReplay(mod: GameRules<any, any, any>, raw: Record<string, string | number | boolean>): void {
  const store = new Store(tmp());
  const sessions = new Sessions(store);
  let row = null as ReturnType<Store['game']>;
  for (let i = 0; i < 20; i++) {
    const seed = `replay-${i}`;
    const r = store.createGame({
      guildId: null,
      channelId: `replay-${i}`,
      system: mod.id,
      options: raw,
      seed,
      seedHash: sha256(seed),
      createdBy: 'u',
    });
    for (const role of mod.roles(mod.parseOptions(raw))) store.setSeat(r.id, role.id, `bot:${role.id}`, 'bot');
    store.start(r.id, JSON.stringify(createGame(mod, raw, seed).env));
    row = sessions.kick(store.game(r.id)!).row;
    if (row.version >= 500) break; // the first game long enough
  }
  const log = store.log(row!.id);
  const source = store.snapshotSource(row!.id);
  const full: number[] = [];
  const snap: number[] = [];
  for (let i = 0; i < 9; i++) {
    let t = performance.now();
    replay(mod, raw, row!.seed, log);
    full.push(performance.now() - t);
    t = performance.now();
    replayFromSnapshot(mod, raw, row!.seed, log, source);
    snap.push(performance.now() - t);
  }
  print('replay.entries', log.length, 'count');
  print('replay.snapshot_behind', log.length - Math.max(...source.seqs), 'count');
  print('replay.full_ms', median(full), 'ms');
  print('replay.from_snapshot_ms', median(snap), 'ms');
  store.close();
}

async function main() {
  const wog = getGame('wog');
  if (wog) {
    const play = benchPlayout(wog, { scenario: 'hyw' }, 10);
    print('wog.playout_ms_p50', pct(play, 50), 'ms');
  }
  const atkm = getGame('atkm');
  if (atkm) {
    // The virtual tabletop (every legal list measures the table): the heavier of the two modes.
    const opts = { mode: 'tabletop', scenario: 'open-field', army: 'roll', units: 8 };
    const play = benchPlayout(atkm, opts, 10);
    print('atkm.playout_ms_p50', pct(play, 50), 'ms');
    // The snapshot of a mid-battle spectator view, when the tabletop renderer is registered.
    if (atkm.render) {
      let view: any = null;
      playout(atkm, opts, 'render-view', {
        each(env) {
          if (!view && env.seq >= 40) view = structuredClone(atkm.view(env.game, { kind: 'spectator' }));
        },
      });
      view ??= atkm.view(createGame(atkm, opts, 'render-view').env.game, { kind: 'spectator' });
      const ren: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        await atkm.render(view);
        ren.push(performance.now() - t);
      }
      print('atkm.render_ms_p50', pct(ren, 50), 'ms');
    } else console.log('atkm.render_ms_p50: no renderer registered');
  }
  const wk4 = getGame('wk4');
  if (wk4) {
    // A season of eleven nations on the full map: the reveal that adjudicates it (target 1 s).
    const { adjudicationTimes } = await import('../wk4/speed.ts');
    print('wk4.adjudicate_ms_p50', pct(adjudicationTimes(wk4, 8).times, 50), 'ms');
  }
  benchTournament(print);
  const kpw = getGame('kpw');
  if (kpw) {
    const play = benchPlayout(kpw, {}, 20);
    print('kpw.playout_ms_p50', pct(play, 50), 'ms');
    const { renderKpw } = await import('../../render/kpw.ts');
    const { drawKpw } = await import('../../render/kpw.ts');
    const { encodePng, makeCanvas } = await import('../../render/kit.ts');
    // A mid-game view: play until turn 4.
    let view: any = null;
    playout(kpw, {}, 'render-view', {
      each(env) {
        if (!view && (kpw.view(env.game, { kind: 'spectator' }) as any).turn >= 4)
          view = structuredClone(kpw.view(env.game, { kind: 'spectator' }));
      },
    });
    renderKpw(view);
    const canvas = makeCanvas(1600, 1200);
    drawKpw(view, canvas);
    const enc: number[] = [];
    const ren: number[] = [];
    for (let i = 0; i < 25; i++) {
      let t = performance.now();
      encodePng(canvas);
      enc.push(performance.now() - t);
      t = performance.now();
      renderKpw(view);
      ren.push(performance.now() - t);
    }
    print('kpw.png_encode_ms_p50', pct(enc, 50), 'ms');
    print('kpw.render_ms_p50', pct(ren, 50), 'ms');
    print('kpw.render_over_encode_ratio', pct(ren, 50) / pct(enc, 50), 'x');
    // Memory: 1000 started games in one store, each with a few actions.
    const before = process.memoryUsage().rss;
    const dbPath = tmp();
    const store = new Store(dbPath);
    const sessions = new Sessions(store);
    const rand = seedrandom('rss');
    for (let i = 0; i < 1000; i++) {
      const r = store.createGame({
        guildId: 'g',
        channelId: `rss-${i}`,
        system: 'kpw',
        options: {},
        seed: `r${i}`,
        seedHash: sha256(`r${i}`),
        createdBy: 'u',
      });
      store.setSeat(r.id, 'english', 'e', 'e');
      store.setSeat(r.id, 'indian', 'i', 'i');
      store.start(r.id, JSON.stringify(createGame(kpw, {}, `r${i}`).env));
      let row = store.game(r.id)!;
      for (let k = 0; k < 10 && row.status === 'active'; k++) {
        const env = JSON.parse(row.state!);
        const p = kpw.prompts(env.game)[0];
        const legal = kpw.legal(env.game, p.role);
        row = sessions.act(row, p.role, p.role, [kpw.bot!(env.game, p.role, legal, { rand: () => rand.quick() }).action]).row;
      }
    }
    global.gc?.();
    print('store.rss_mb_1000_games', process.memoryUsage().rss / 1048576, 'MB');
    print('store.rss_growth_mb_1000_games', (process.memoryUsage().rss - before) / 1048576, 'MB');
    print(
      'store.db_mb_1000_games',
      fs.statSync(dbPath).size / 1048576 + (fs.existsSync(`${dbPath}-wal`) ? fs.statSync(`${dbPath}-wal`).size / 1048576 : 0),
      'MB',
    );
    store.close();
  } else console.log('kpw: not registered');
  const rifle = getGame('rifle');
  // Four settlements with the roundup house rule: bot games of 600+ entries.
  if (rifle) benchReplay(rifle, { players: 4, roundup: true });
  if (rifle) {
    for (const players of [1, 4]) {
      const play = benchPlayout(rifle, { players }, 10);
      print(`rifle.playout_ms_p50${players === 4 ? '' : `_${players}p`}`, pct(play, 50), 'ms');
    }
    // Balance, not speed: how many of 30 bot-played solo settlements last the
    // five years, as written and with the roundup house rule (data/rifle/README.md).
    for (const roundup of [false, true]) {
      let alive = 0;
      for (let i = 1; i <= 30; i++) {
        const { env } = playout(rifle, { players: 1, ...(roundup ? { roundup: true } : {}) }, `surv-${i}`);
        alive += env.game.settlements.filter((st: { out?: unknown }) => !st.out).length;
      }
      print(`rifle.solo_survivors_of_30${roundup ? '_roundup' : ''}`, alive, 'count');
    }
  } else console.log('rifle: not registered');
  benchCommits();
}

/**
 * The load bench (load.ts) on the built bot: bundled like `npm run build` into
 * dist/bench and run by node with `npm start`'s flags, as the bot runs. With
 * --source it runs here, under tsx, for comparison.
 */
async function load(args: string[]): Promise<void> {
  if (args.includes('--source')) return (await import('./load.ts')).runLoad(args.filter((a) => a !== '--source'));
  const root = path.resolve(import.meta.dirname, '../..');
  const dir = await buildDist({ load: 'tests/bench/load-entry.ts' }, path.join(root, 'dist', 'bench'));
  const r = spawnSync(process.execPath, [...botNodeFlags(), path.join(dir, 'load.mjs'), ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the load bench exited with ${r.status ?? r.signal}`);
}

// `npm run bench -- load [...]`: the load bench; `bots [...]`: the bots' win rates; `tick`: the tick at 12,500 live games
// and a finished game's stored size (tick.ts); `discord [...]`: what people see (discord.ts); `commit [...]`: apply+commit only;
// no argument: the figures above.
const mode = process.argv[2];
const run =
  mode === 'load'
    ? load(process.argv.slice(3))
    : mode === 'bots'
      ? import('./bots.ts').then((m) => m.runBots(process.argv.slice(3)))
      : mode === 'tick'
        ? import('./tick.ts').then((m) => m.runTick())
        : mode === 'discord'
          ? import('./discord.ts').then((m) => m.runDiscord(process.argv.slice(3)))
          : mode === 'commit'
            ? Promise.resolve(benchCommits(process.argv.slice(3)))
            : mode === 'tournament'
              ? import('./tournament.ts').then((m) => m.runTournamentBench(process.argv.slice(3), print))
              : main();
run.then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
