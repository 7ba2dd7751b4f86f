// `npm run table` — the offline table, interactive or from a script.
//   npm run table -- --script FILE [--db PATH] [--out DIR] [--user NAME] [--seed S]
import 'dotenv/config';
import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { openServices } from '../app/services.ts';
import { Table } from './table.ts';
import { isScriptEntry } from '../script-entry.ts';
import { playScript, scriptSummary } from './script.ts';

export async function runTable(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      script: { type: 'string' },
      db: { type: 'string' },
      out: { type: 'string' },
      user: { type: 'string' },
      seed: { type: 'string' },
    },
    allowPositionals: false,
  });
  let script: string | null = null;
  if (values.script) {
    try {
      script = fs.readFileSync(values.script, 'utf8');
    } catch (e) {
      const why = (e as { code?: string }).code === 'ENOENT' ? 'no such file' : (e as Error).message;
      console.error(`Cannot read the script "${values.script}": ${why}.`);
      return 2;
    }
  }
  const svc = openServices({
    ...(values.db ? { dbPath: values.db } : {}),
    ...(values.out ? { outDir: values.out } : {}),
    ...(values.seed ? { seed: values.seed } : {}),
    maxSnapshots: 1000,
  });
  const table = new Table(svc, { outDir: svc.config.outDir, print: (l) => console.log(l), user: values.user, echo: !!values.script });
  try {
    if (script !== null) {
      const summary = scriptSummary(await playScript(table, script));
      console.log(summary.text);
      return summary.code;
    }
    console.log(`Muster offline table — database ${svc.config.dbPath}, images in ${svc.config.outDir}`);
    console.log(
      'Type slash commands as in Discord, e.g. /game help. Prefix "bob: " to act as ' +
        'bob. Add "?" to an option for its choices (to:?). /press N presses a button. ' +
        'Ctrl-D quits.',
    );
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, prompt: `${table.user}> ` });
    rl.prompt();
    for await (const line of rl) {
      await table.run(line);
      rl.setPrompt(`${table.user}@${table.channel}> `);
      rl.prompt();
    }
    return 0;
  } finally {
    await svc.close();
  }
}

if (isScriptEntry(import.meta.url)) {
  runTable(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(2);
    },
  );
}
