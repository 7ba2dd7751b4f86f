// `npm run bench -- commit [N] [--system ID]` (issue 21 §6): apply+commit in
// CPU time over N (10,000) bot-played actions per system, against a raw WAL
// transaction measured in the same run. bench.ts runs it built, as the bot
// runs (commit-entry.ts); with --source, here under tsx.
import seedrandom from 'seedrandom';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { Store } from '../../src/store/store.ts';
import { envOf, Sessions } from '../../src/app/session.ts';
import { createGame, sha256 } from '../../src/engine/runner.ts';
import type { GameModule } from '../../src/engine/types.ts';
import { print, pct, tmp } from './figures.ts';

registerAllGames();

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
 * p99 ≤ 5 ms, p50 ≤ 10 × the raw transaction).
 */
export function runCommit(args: string[] = []): void {
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
