// `npx tsx tests/scripts/wog-bench.ts [runs]`: the wog lines of `npm run bench`
// (same playout and apply+commit loops), repeated so a noisy shared machine
// can be read by the median of several runs. cpu_p99 is the same action's
// process CPU time, which other processes on the machine do not inflate.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { registerAllGames } from '../../src/games/index.ts';
import { getGame } from '../../src/games/registry.ts';
import { Store } from '../../src/store/store.ts';
import { Sessions } from '../../src/app/session.ts';
import { createGame, sha256 } from '../../src/engine/runner.ts';
import type { GameModule } from '../../src/engine/types.ts';
import { playout } from '../games/playout.ts';

registerAllGames();
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-wogbench-')), 'bench.sqlite');

function playouts(mod: GameModule<any, any>, n: number): number[] {
  playout(mod, { scenario: 'hyw' }, 'warm-up');
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    playout(mod, { scenario: 'hyw' }, `bench-${i}`);
    times.push(performance.now() - t);
  }
  return times;
}

function applyCommit(mod: GameModule<any, any>, actions: number): { wall: number[]; cpu: number[] } {
  const raw = { scenario: 'hyw' };
  const store = new Store(tmp());
  const sessions = new Sessions(store);
  const rand = seedrandom('apply');
  const times: number[] = [];
  const cpu: number[] = [];
  let g = 0;
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
  let row = fresh();
  const warm = 300;
  while (times.length < actions + warm) {
    if (row.status !== 'active') row = fresh();
    const env = JSON.parse(row.state!);
    const p = mod.prompts(env.game)[0]!;
    const legal = mod.legal(env.game, p.role);
    const pick = mod.bot!(env.game, p.role, legal, { rand: () => rand.quick() });
    const c = process.cpuUsage();
    const t = performance.now();
    row = sessions.act(row, p.role, p.role, [pick.action]).row;
    times.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  store.close();
  return { wall: times.slice(warm), cpu: cpu.slice(warm) };
}

const wog = getGame('wog')!;
const runs = Number(process.argv[2] ?? 3);
const play: number[] = [];
const p99: number[] = [];
const p50: number[] = [];
const c99: number[] = [];
for (let i = 0; i < runs; i++) {
  play.push(pct(playouts(wog, 10), 50));
  const ac = applyCommit(wog, 1000);
  p50.push(pct(ac.wall, 50));
  p99.push(pct(ac.wall, 99));
  c99.push(pct(ac.cpu, 99));
  console.log(
    `run ${i + 1}: playout_ms_p50 ${play[i]!.toFixed(2)}  apply_commit_p50 ${p50[i]!.toFixed(2)}  p99 ${p99[i]!.toFixed(2)}  cpu_p99 ${c99[i]!.toFixed(2)}`,
  );
}
console.log(
  `median of ${runs}: wog.playout_ms_p50 ${pct(play, 50).toFixed(2)} ms, wog.apply_commit_p50_ms ${pct(p50, 50).toFixed(2)} ms, wog.apply_commit_p99_ms ${pct(p99, 50).toFixed(2)} ms (cpu ${pct(c99, 50).toFixed(2)} ms); load ${os.loadavg()[0]!.toFixed(1)}`,
);
