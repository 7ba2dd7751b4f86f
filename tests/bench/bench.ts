// `npm run bench`: speed and memory figures, one `name: value unit` per line.
// `npm run bench -- load`: many live games under a clocked command stream (load.ts).
// `npm run bench -- bots [--games N] [--system ID]`: each bot's win rate against random play (bots.ts).
// `npm run bench -- discord [--turns N]`: what people see of a KPW and a Rifle game through discord.js (discord.ts).
// `npm run bench -- maps [--games N] [--commands N]`: CPU time per command and per picture, measured apart (maps.ts).
// `npm run bench -- commit [N] [--system ID] [--source]`: apply+commit in CPU time over N (10,000) actions per system (commit.ts).
// `npm run bench -- tournament [N]`: Swiss pairing times (500 and 2,000 entrants) and quality over N random tournaments (tournament.ts).
// `npm run bench -- store [--games N] [--store sqlite|postgres]`: 10,000 stored games: size per game, tick, start-up, RSS (store-figures.ts).
// `npm run bench -- tick [--games N] [--store sqlite|postgres] [--trace]`: the tick at 12,500 live games, a finished game's size (tick.ts).
// A benchmark, not a test: it reports, it does not pass or fail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { Store } from '../../src/store/store.ts';
import { Sessions } from '../../src/app/session.ts';
import { createGame, replay, sha256 } from '../../src/engine/runner.ts';
import { replayFromSnapshot } from '../../src/engine/snapshots.ts';
import type { GameRules } from '../../src/engine/types.ts';
import { playout } from '../games/playout.ts';
import { benchTournament } from './tournament.ts';
import { botNodeFlags, buildDist } from '../../src/build.ts';
import { print, pct, tmp } from './figures.ts';

registerAllGames();

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
  await built('commit', 'tests/bench/commit-entry.ts', []);
}

/**
 * The load bench (load.ts) on the built bot: bundled like `npm run build` into
 * dist/bench and run by node with `npm start`'s flags, as the bot runs. With
 * --source it runs here, under tsx, for comparison.
 */
async function load(args: string[]): Promise<void> {
  if (args.includes('--source')) return (await import('./load.ts')).runLoad(args.filter((a) => a !== '--source'));
  await built('load', 'tests/bench/load-entry.ts', args);
}

/** The store figures (store-figures.ts), built and run as the load bench is; --source: here, under tsx. */
async function storeFigures(args: string[]): Promise<void> {
  if (args.includes('--source')) return (await import('./store-figures.ts')).runStoreFigures(args.filter((a) => a !== '--source'));
  await built('store-figures', 'tests/bench/store-figures-entry.ts', args);
}

/** The maps bench (maps.ts), built and run as the load bench is; --source: here, under tsx. */
async function maps(args: string[]): Promise<void> {
  if (args.includes('--source')) return (await import('./maps.ts')).runMaps(args.filter((a) => a !== '--source'));
  await built('maps', 'tests/bench/maps-entry.ts', args);
}

/** The commit bench (commit.ts), built and run as the load bench is; --source: here, under tsx. */
async function commit(args: string[]): Promise<void> {
  if (args.includes('--source')) return (await import('./commit.ts')).runCommit(args.filter((a) => a !== '--source'));
  await built('commit', 'tests/bench/commit-entry.ts', args);
}

/** Bundles `entry` like `npm run build` into dist/bench and runs it with `npm start`'s node flags. */
async function built(name: string, entry: string, args: string[]): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dir = await buildDist({ [name]: entry }, path.join(root, 'dist', 'bench'));
  const r = spawnSync(process.execPath, [...botNodeFlags(), path.join(dir, `${name}.mjs`), ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the ${name} bench exited with ${r.status ?? r.signal}`);
}

// `npm run bench -- load [...]`: the load bench; `bots [...]`: the bots' win rates; `tick`: the tick at 12,500 live games
// and a finished game's stored size (tick.ts); `store [...]`: 10,000 stored games' size, tick, start-up and RSS
// (store-figures.ts); `discord [...]`: what people see (discord.ts); `commit [...]`: apply+commit only;
// `postgres`: a query's and a commit's wall time on SQLite and PostgreSQL (postgres.ts); no argument: the figures above.
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
            ? commit(process.argv.slice(3))
            : mode === 'maps'
              ? maps(process.argv.slice(3))
              : mode === 'store'
                ? storeFigures(process.argv.slice(3))
                : mode === 'tournament'
                  ? import('./tournament.ts').then((m) => m.runTournamentBench(process.argv.slice(3), print))
                  : mode === 'postgres'
                    ? import('./postgres.ts').then((m) => m.runPostgresBench())
                    : main();
run.then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
