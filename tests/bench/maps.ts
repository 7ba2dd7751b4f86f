// `npm run bench -- maps [--games 40] [--commands 600]`: what one command and
// one picture cost in CPU time, on the load bench's games (half KPW, half
// Rifle and Axe, load.ts), measured apart so a shared machine's wall clock
// does not blur them. Commands run one at a time through the bot's command
// path (createRouter(svc).dispatch, maps drawn at delivery, so a command only
// stores its pictures' views); then every picture they queued is drawn here,
// in this thread, as a render thread draws it (render/renderers.ts).
// Prints, per system and picture kind: pictures per command, CPU ms per
// picture (p50, mean) and bytes; and the main thread's CPU per command.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import seedrandom from 'seedrandom';
import { openServices } from '../../src/app/services.ts';
import { createRouter } from '../../commands/router.ts';
import { renderers } from '../../render/renderers.ts';
import type { DrawJob } from '../../src/messages/types.ts';
import { print, pct } from './figures.ts';
import { openGames, pickCommand } from './load.ts';

/** CPU time of this process in ms (user + system); nothing else runs while it is read. */
const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

export async function runMaps(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { games: { type: 'string', default: '40' }, commands: { type: 'string', default: '600' } },
  });
  const games = Number(values.games);
  const commands = Number(values.commands);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-maps-'));
  const svc = openServices({ dbPath: path.join(dir, 'maps.sqlite'), outDir: dir, renderThreads: 0, maxSnapshots: 2, drawAtDelivery: true });
  const router = createRouter(svc);
  const channels = openGames(svc, games);
  const rand = seedrandom('maps');
  const jobs: { system: string; job: DrawJob; private: boolean }[] = [];
  const perCommand: number[] = [];
  let played = 0;
  for (let k = 0; played < commands && k < commands * 4; k++) {
    const channelId = channels[k % channels.length];
    const start = cpuMs();
    const inv = pickCommand(svc, channelId, rand, null);
    if (!inv) continue;
    const pick = cpuMs() - start;
    const outcome = await router.dispatch(inv);
    perCommand.push(cpuMs() - start - pick);
    played++;
    for (const id of outcome.queued ?? []) {
      const row = svc.store.outbox.get(id);
      for (const file of row?.post.files ?? [])
        if (file.draw) jobs.push({ system: file.draw.system, job: file.draw, private: !!row?.post.to });
      svc.store.outbox.sent(id);
    }
  }
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`maps: ${games} games (KPW and Rifle), ${played} commands; load average ${os.loadavg()[0].toFixed(1)}`);
  print('maps.command_cpu_p50_ms', pct(perCommand, 50), 'ms');
  print('maps.command_cpu_mean_ms', perCommand.reduce((a, b) => a + b, 0) / Math.max(1, perCommand.length), 'ms');
  print('maps.command_cpu_p99_ms', pct(perCommand, 99), 'ms');
  const kinds = [...new Set(jobs.map((j) => `${j.system}${j.private ? ':private' : ''}`))].sort();
  // Warm each renderer's caches first, as a render thread that has run a while has them.
  for (const j of jobs.slice(0, 20)) renderers[j.system]?.(j.job.view);
  for (const kind of kinds) {
    const mine = jobs.filter((j) => `${j.system}${j.private ? ':private' : ''}` === kind);
    const draw = renderers[mine[0].system];
    if (!draw) continue;
    draw(mine[0].job.view);
    const times: number[] = [];
    let bytes = 0;
    for (const j of mine) {
      const start = cpuMs();
      const png = draw(j.job.view);
      times.push(cpuMs() - start);
      bytes += png.length;
    }
    const key = `maps.${kind.replace(/:/g, '_')}`;
    print(`${key}.per_command`, mine.length / Math.max(1, played), 'ratio');
    print(`${key}.cpu_p50_ms`, pct(times, 50), 'ms');
    print(`${key}.cpu_mean_ms`, times.reduce((a, b) => a + b, 0) / times.length, 'ms');
    print(`${key}.kb_mean`, bytes / mine.length / 1024, 'KB');
  }
  const total = jobs.length / Math.max(1, played);
  print('maps.pictures_per_command', total, 'ratio');
}
