// The offline table plays thread games like Discord: the reply links the
// thread, the lobby (with Follow) is posted in it, the card is printed as
// text when it changes, Follow prints who follows, and a finished thread game
// is chronicled in the parent and its thread archived.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { tempDb } from '../setup/test-db.ts';

async function play(lines: string[]): Promise<string[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-threads-'));
  const svc = openServices({ dbPath: tempDb(), outDir, consoleModerators: ['mod'] });
  const out: string[] = [];
  const table = new Table(svc, { outDir, print: (l) => out.push(l) });
  for (const l of lines) expect(await table.run(l)).toBe(true);
  svc.store.close();
  return out;
}

describe('thread games at the offline table (issues 9, 13)', () => {
  it('links the thread, posts the lobby and card in it, follows, and chronicles the end', async () => {
    const out = await play([
      '/game new system:rifle options:players=1',
      '/game new system:rifle options:players=1 thread:true',
      'bob: /press 1',
      'alice: /game join side:p1',
      'alice: /game start',
      'mod: /game result winner:p1 note:demo',
    ]);
    const text = out.join('\n');
    // The channel's own game is unaffected; the second game opens side by side in a thread.
    expect(text).toMatch(/\[public reply\] 🎲 @alice opened \*\*Rifle and Axe\*\* game #2 in its own thread: #table\/thread-1/);
    expect(text).toMatch(/\[post #table\/thread-1\] 🎲 New \*\*Rifle and Axe\*\* game #2/);
    expect(text).toMatch(/buttons: \[1\] Follow/);
    expect(text).toMatch(/\[follow\] bob follows #table\/thread-1/);
    // Cards: printed when they change (the lobby, the seat taken, the start, the result).
    const cards = out.filter((l) => l.includes('[card] Rifle and Axe #2'));
    expect(cards.length).toBe(4);
    expect(cards.at(-1)).toMatch(/🏁 Over\. Recorded by a moderator: demo/);
    expect(out.find((l) => l.includes('[card] Rifle and Axe #2') && l.includes('alice'))).toBeTruthy();
    expect(text).toMatch(/\[post #table\] 📜 \*\*Rifle and Axe\*\* #2 \(#table\/thread-1\) has ended\. Recorded by a moderator: demo/);
    expect(text).toMatch(/\[archived\] #table\/thread-1/);
  });

  it('a thread lobby called off archives its thread without a chronicle', async () => {
    const out = await play(['/game new system:rifle thread:true', '/game abandon']);
    const text = out.join('\n');
    expect(text).toMatch(/🛑 Game #1 was called off/);
    expect(text).toMatch(/\[card\] Rifle and Axe #1 — Called off\./);
    expect(text).toMatch(/\[archived\] #table\/thread-1/);
    expect(text).not.toMatch(/📜/);
  });
});
