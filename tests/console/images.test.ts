// Issue 9 (files): the offline table keeps only the latest N snapshot files
// of each game (MUSTER_KEEP_IMAGES), whatever else is in the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageName, pruneImages } from '../../src/console/images.ts';
import { openServices } from '../../src/app/services.ts';
import { Table } from '../../src/console/table.ts';
import { tempDb } from '../setup/test-db.ts';

describe('snapshot files per game (issue 9)', () => {
  it('pruneImages keeps the newest N of one game and leaves other games and files alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-img-'));
    for (let n = 1; n <= 6; n++) fs.writeFileSync(path.join(dir, imageName(3, n, 'kpw.png')), 'x');
    fs.writeFileSync(path.join(dir, imageName(4, 1, 'kpw.png')), 'x');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
    expect(pruneImages(dir, 3, 2)).toBe(4);
    expect(fs.readdirSync(dir).sort()).toEqual(['g3-00005-kpw.png', 'g3-00006-kpw.png', 'g4-00001-kpw.png', 'notes.txt']);
    expect(pruneImages(dir, 3, 0)).toBe(0); // 0 keeps all
  });

  it('a bot-played Rifle game at the table leaves at most keepImages files, the latest', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-table-img-'));
    const svc = openServices({ dbPath: tempDb(), outDir, maxSnapshots: 1000, seed: 'keep-images', keepImages: 3 });
    const lines: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => lines.push(l) });
    for (const l of ['/game new system:rifle options:"players=1"', '/game bot side:p1', '/game start'])
      expect(await table.run(l)).toBe(true);
    const written = lines.filter((l) => l.includes('📎')).map((l) => path.basename(l.split('📎 ')[1]));
    expect(written.length).toBeGreaterThan(3);
    const kept = fs.readdirSync(outDir).sort();
    expect(kept).toEqual(written.slice(-3).sort());
    await svc.close();
  });
});
