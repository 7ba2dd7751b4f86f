// The README's examples work for a new user: its WK4 order sheet is accepted
// whole by a fresh two-nation game (WK4 Order sheet), at the offline table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { tempDb } from '../setup/test-db.ts';

describe('README examples at the offline table (issue 9)', () => {
  it('the WK4 order sheet ("An order sheet reads like this") is accepted line by line in a fresh nations=2 game', async () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const block = /An order sheet reads like this[^\n]*\n+```\n([\s\S]*?)```/.exec(readme);
    expect(block).not.toBeNull();
    const sheet = block![1].trim().split('\n');
    const orders = sheet.filter((l) => !l.startsWith('#'));
    expect(orders.length).toBeGreaterThanOrEqual(4);
    registerAllGames();
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-readme-'));
    const svc = openServices({ dbPath: tempDb(), outDir, seed: 'readme' });
    svc.render = async () => null;
    const out: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => out.push(l) });
    for (const l of [
      'mod: /game new system:wk4 options:"nations=2"',
      'alice: /game join side:almagora',
      'bob: /game join side:capetan',
      'mod: /game start',
      `alice: /wk4 order sheet text:"${sheet.join('; ')}"`,
    ]) {
      expect(await table.run(l)).toBe(true);
      expect(table.refused).toBe(false);
    }
    svc.store.close();
    const text = out.join('\n');
    expect(text).toContain(`Order sheet: ${orders.length} accepted, 0 refused.`);
    for (const o of orders) expect(text).toContain(`✔ ${o}`);
  });
});
