// The offline table shows a dropdown's choices numbered on after the buttons,
// and /press N picks one as Discord would (issue 9).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { tempDb } from '../setup/test-db.ts';
import '../../src/app/games.ts';

describe('dropdowns at the offline table (issue 9)', () => {
  it("lists each seat's leaders as a numbered menu; /press picks one; a paragraph option is typed as the option", async () => {
    const out: string[] = [];
    const svc = openServices({ dbPath: tempDb(), seed: 'table-selects', maxSnapshots: 1 });
    const table = new Table(svc, { outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'muster-sel-')), print: (l) => out.push(l) });
    for (const line of [
      'alice: /game new system:rifle options:players=2',
      'alice: /game join side:p1',
      'bob: /game join side:p2',
      'alice: /game start',
    ])
      expect(await table.run(line)).toBe(true);
    const text = out.join('\n');
    expect(text).toMatch(/menu "Settlement 1: Pick your leader \(\/rifle leader\)\.": \[1\] Lead with James Harrod/);
    expect(text).toMatch(/menu "Settlement 2: Pick your leader \(\/rifle leader\)\.": \[6\] Lead with James Harrod/);
    out.length = 0;
    await table.run('bob: /press 7');
    expect(out.join('\n')).toMatch(/Settlement 2 is led by Daniel Boone/);
    out.length = 0;
    await table.run('alice: /rifle leader name:clark');
    await table.run('alice: /rifle plans');
    expect(out.join('\n')).toMatch(/needs the option `text`/);
    out.length = 0;
    await table.run('alice: /rifle plans text:"cooking, fishing x2"');
    expect(out.join('\n')).toMatch(/Planned Fishing ×2/);
    svc.store.close();
  });
});
