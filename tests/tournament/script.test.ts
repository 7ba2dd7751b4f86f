// tests/scripts/tournament-cup.txt at the offline table: a knockout from
// sign-up (one by the hub's Check in button) to a corrected final, every
// match in its own thread, a result reported and confirmed by both players.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { tempDb } from '../setup/test-db.ts';

describe('the tournament script at the offline table', () => {
  it('plays tests/scripts/tournament-cup.txt through', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-cup-'));
    const svc = openServices({ dbPath: tempDb(), outDir, consoleModerators: ['mod'] });
    const out: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => out.push(l), echo: true });
    const lines = fs
      .readFileSync('tests/scripts/tournament-cup.txt', 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    for (const l of lines) expect(await table.run(l)).toBe(true);
    svc.store.close();
    const all = out.join('\n');
    expect(all).not.toContain('❌');
    expect(all).toContain('✅ @ben checked in for **Cup**');
    for (const [r, m] of [
      [1, 1],
      [1, 2],
      [2, 1],
    ])
      expect(all).toMatch(new RegExp(`\\[thread created\\] "Cup R${r} T${m}: .*#table/t1-r${r}-m${m}`));
    expect(all).toContain('@ben (Indians) wins. It counts once @cat and @ben confirm.');
    expect(all).toContain('✅ Both players confirmed: @ben (Indians) wins.');
    expect(all).toContain('🥇 **Cup** winner: @ann');
    expect(all).toContain('🥇 Corrected: **Cup** winner is now @ben.');
    // A knockout's standings are its placements (issue 20 §6): 1st, 2nd, then the semi-finals' losers sharing 3rd–4th.
    expect(all).toContain('🏆 **Cup** final placements');
    expect(all).toMatch(
      /\*\*1st\*\* ann — 1 won, 1 drawn, 0 lost · champion\n.*\*\*2nd\*\* ben — 1 won, 1 drawn, 0 lost · out in the final/,
    );
    expect(all).toMatch(
      /final placements, corrected:\n.*\*\*1st\*\* ben — 2 won, 0 lost · champion\n.*\*\*2nd\*\* ann — 1 won, 1 lost · out in the final/,
    );
    expect(all).toMatch(/\*\*3rd–4th\*\* \w+ — 0 won, 1 lost · out in the semi-final/);
    expect(all).toContain('report match 2: b — adjudicated after turn 3');
    // The drawn game corrected to a win for the first side counts as that win in the win rates too.
    expect(all).toContain('English: 66.7 % won, 0.0 % drawn (2 won, 0 drawn, 1 lost of 3)');
  }, 60_000);
});
