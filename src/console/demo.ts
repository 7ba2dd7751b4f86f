// `npm run demo -- <system> [--seed S] [--out DIR] [--players N] [--nations N] [--scenario ID] [--options "k=v"]`
// Plays a whole game between built-in bots through the offline table,
// printing the transcript and writing a snapshot per phase.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openServices } from '../app/services.ts';
import { getGame } from '../games/registry.ts';
import { Table } from './table.ts';
import { parseKeyValues } from '../../commands/context.ts';
import { isScriptEntry } from '../script-entry.ts';

export async function runDemo(argv: string[], print: (l: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      players: { type: 'string' },
      nations: { type: 'string' },
      scenario: { type: 'string' },
      options: { type: 'string' },
      db: { type: 'string' },
    },
    allowPositionals: true,
  });
  const system = positionals[0] ?? 'kpw';
  const out = path.resolve(values.out ?? `var/demo-${system}-${values.seed}`);
  const db = values.db ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-demo-')), 'demo.sqlite');
  const svc = openServices({ dbPath: db, outDir: out, seed: `demo-${system}-${values.seed}`, maxSnapshots: 10_000 });
  const mod = getGame(system);
  if (!mod) {
    print(`Unknown system "${system}".`);
    return 1;
  }
  const opts = [
    values.options,
    values.players ? `players=${values.players}` : '',
    values.nations ? `nations=${values.nations}` : '',
    values.scenario ? `scenario=${values.scenario}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const table = new Table(svc, { outDir: out, print, user: 'demo' });
  const lines = [`/game new system:${system}${opts ? ` options:"${opts}"` : ''}`];
  const roles = mod.roles(mod.parseOptions(parseKeyValues(opts)));
  for (const r of roles) lines.push(`/game bot side:${r.id}`);
  lines.push('/game start');
  try {
    for (const l of lines) if (!(await table.run(l))) return 1;
    const row = svc.store.latestGame('table');
    const result = row?.result ? JSON.parse(row.result) : null;
    const images = fs.readdirSync(out).filter((f) => /\.(png|jpg)$/.test(f)).length;
    print(`Snapshots kept: ${images} in ${out} (the latest ${svc.config.keepImages || 'all'} per game; MUSTER_KEEP_IMAGES)`);
    const who = result?.draw
      ? 'draw'
      : result?.winners?.length
        ? `${result.winners.map((w: string) => roles.find((r) => r.id === w)?.name ?? w).join(', ')} won`
        : 'nobody won';
    print(result?.status === 'over' ? `Result: ${who} — ${result.summary}` : `Result: game did not finish (status ${row?.status}).`);
    return result?.status === 'over' ? 0 : 1;
  } finally {
    await svc.close();
  }
}

if (isScriptEntry(import.meta.url)) {
  runDemo(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(2);
    },
  );
}
