// The offline table plays WoG turn 1 from tests/scripts/wog-first-turn.txt
// with forced dice; every phase of the sequence of play is reached.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { tempDb } from '../setup/test-db.ts';

describe('WoG at the offline table: turn 1 of The Hundred Years War', () => {
  it('every command is accepted and the battle, control rolls and score come out as hand-computed', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-wog-'));
    const svc = openServices({ dbPath: tempDb(), outDir, maxSnapshots: 1000 });
    const lines: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => lines.push(l) });
    let ok = true;
    for (const line of fs.readFileSync('tests/scripts/wog-first-turn.txt', 'utf8').split('\n')) ok = (await table.run(line)) && ok;
    svc.store.close();
    const out = lines.join('\n');
    expect(ok).toBe(true);
    expect(out).not.toMatch(/❌|internal error/);
    expect(out).toMatch(/Non-aligned pick: English 5, French 2: the english pick first/);
    expect(out).toMatch(/Turn 1 initiative: English 4\+1=5, French 3\+1=4\. English have the initiative: 5 impulses, the other side 4/);
    expect(out).toMatch(/English: 8 dice \(BR 6, strength 7, longbows 2\): 6 6 1 1 1 1 1 1 → 2 hits/);
    expect(out).toMatch(/French: 2 dice \(BR 2, strength 4, longbows 0\) at \+1: 5 1 → 1 hit\./);
    expect(out).toMatch(/English pursue with 8 dice at \+1: 5 1 1 1 1 1 1 1 → 1 hit\./);
    // The battle is posted round by round, the close-up (GameTable.renderZoom) first, the map after it (issue 19).
    expect(out).toMatch(/Turn 1 · Phase 3: Battle in Normandy, after round 1/);
    expect(out).toMatch(/📎 .*-zoom\.png\n\s*📎 .*\d\.png/);
    expect(out).toMatch(/retreats to Ile-de-France, disgraced/);
    expect(out).toMatch(/French deploy 1 infantry Ile-de-France → Champagne\./);
    expect(out).toMatch(/Normandy becomes uncontrolled/);
    expect(out).toMatch(/English roll 6 for Brittany \(needs ≤ 6, Charles de Blois\): control/);
    expect(out).toMatch(/Turn 1 score: English 5, French 8 .*VP level → French \+3/);
    expect(out).toMatch(/Turn 2 initiative: English 3=3, French 3\+1=4\. French have the initiative/);
  });
});
