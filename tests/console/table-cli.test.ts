// `npm run table -- --script FILE`: a script that no longer plays through
// (run again on the same database) ends with a count of refused lines and
// fails; lines meant to be refused say so; a missing file is one plain line.
// And any table line, /goto included, may start with a name and a colon.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTable } from '../../src/console/cli.ts';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { splitExpectation } from '../../src/console/parse.ts';
import { tempDb } from '../setup/test-db.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-cli-'));

function script(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

async function table(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((l) => void out.push(String(l)));
  const error = vi.spyOn(console, 'error').mockImplementation((l) => void err.push(String(l)));
  try {
    return { code: await runTable([...argv, '--out', path.join(dir, 'out')]), out, err };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('offline table scripts (issue 9): refusals are counted', () => {
  const lobby = ['# a lobby', 'alice: /game new system:rifle options:players=1', '', 'alice: /game join side:p1', 'alice: /game status'];

  it('a script played through exits 0; the same script again on its database is refused and exits 1', async () => {
    const db = tempDb();
    const file = script('lobby.txt', lobby);
    const first = await table(['--script', file, '--db', db]);
    expect(first.code).toBe(0);
    expect(first.out.at(-1)).toBe('All 3 lines played as written.');
    const again = await table(['--script', file, '--db', db]);
    expect(again.out.join('\n')).toMatch(/❌ This channel already has game #1/);
    expect(again.out.at(-1)).toBe('1 of 3 lines were refused (line 2; end a line with "# expect refusal" if it should be).');
    expect(again.code).toBe(1);
  });

  it('a line ending "# expect refusal" may be refused; if it is accepted the script fails', async () => {
    const refused = script('expected.txt', [...lobby, 'bob: /game join side:p1  # expect refusal']);
    const ok = await table(['--script', refused, '--db', tempDb()]);
    // The marker is not part of the command.
    expect(ok.out).toContain('bob> /game join side:p1');
    expect(ok.out.at(-1)).toBe('All 4 lines played as written.');
    expect(ok.code).toBe(0);
    const accepted = script('accepted.txt', [...lobby.slice(0, 2), 'alice: /game join side:p1 # Expect refusal']);
    const bad = await table(['--script', accepted, '--db', tempDb()]);
    expect(bad.out.at(-1)).toBe('1 line marked "# expect refusal" was accepted (3).');
    expect(bad.code).toBe(1);
    expect(splitExpectation('/goto #t1-r1-m1')).toEqual({ line: '/goto #t1-r1-m1', expectRefusal: false });
  });

  it('a missing script is one line on stderr and exit 2, not a stack trace', async () => {
    const missing = path.join(dir, 'no-such-script.txt');
    const r = await table(['--script', missing, '--db', tempDb()]);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([`Cannot read the script "${missing}": no such file.`]);
    expect(r.out).toEqual([]);
  });
});

describe('offline table lines (issue 9): "name: /goto #channel"', () => {
  it('moves to the channel as that user, like any prefixed line', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-goto-'));
    const svc = openServices({ dbPath: tempDb(), outDir });
    const out: string[] = [];
    const t = new Table(svc, { outDir, print: (l) => out.push(l) });
    expect(await t.run('alice: /goto #atkm')).toBe(true);
    expect([t.user, t.channel]).toEqual(['alice', 'atkm']);
    expect(await t.run('Bob: /goto table/t1-r1-m1')).toBe(true);
    expect([t.user, t.channel]).toEqual(['bob', 'table/t1-r1-m1']);
    expect(await t.run('/goto #table')).toBe(true);
    expect([t.user, t.channel]).toEqual(['bob', 'table']);
    expect(out).toEqual(['alice> /goto #atkm', 'bob> /goto #table/t1-r1-m1', 'bob> /goto #table']);
    expect(t.refused).toBe(false);
    svc.store.close();
  });
});
