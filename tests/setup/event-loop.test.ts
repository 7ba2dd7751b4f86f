// The watch of tests/setup/event-loop.ts (why it exists: there) measures what
// it claims, and breathe() keeps a long computation under its limit.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breathe } from './breathe.ts';
import { cpuMs, LIMIT_MS, StretchWatch, stretchProblem } from './event-loop.ts';

/**
 * Calls that wait for another process (or thread) with the event loop held. The watch cannot see them: the
 * worker spends no CPU while it waits, yet vitest's replies go unread all that time.
 */
const BLOCKING = /\b(spawnSync|execSync|execFileSync|Atomics\.wait)\s*\(/g;

/** Each blocking call in `text`, as `file:line name`. */
function blockingCalls(file: string, text: string): string[] {
  return [...text.matchAll(BLOCKING)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length} ${m[1]}`);
}

/** The TypeScript files under `dir`, recursively. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Spend `ms` of CPU in one synchronous stretch. */
function spin(ms: number): void {
  const end = cpuMs() + ms;
  while (cpuMs() < end);
}

describe('event-loop watch (issue 18 item 9: never fails green)', () => {
  it('a synchronous stretch of CPU is measured (a planted 300 ms block)', () => {
    const watch = new StretchWatch();
    spin(300);
    expect(watch.longest()).toBeGreaterThanOrEqual(300);
    watch.stop();
  });

  it('the same work with breathe() between slices stays in short stretches', async () => {
    const watch = new StretchWatch();
    for (let i = 0; i < 30; i++) {
      spin(10);
      await breathe();
    }
    expect(watch.longest()).toBeLessThan(150);
    watch.stop();
  });

  it('a stretch past the limit is reported with what to do; one within it is not', () => {
    expect(stretchProblem(LIMIT_MS)).toBeNull();
    expect(stretchProblem(LIMIT_MS + 1500)).toMatch(/computed for 4\.5 s of CPU without letting the event loop turn .*await breathe\(\)/);
  });

  it('no code the tests run waits synchronously for another process (the bench may: it runs outside vitest)', () => {
    const files = ['src', 'commands', 'render', 'tests'].flatMap(sources).filter((file) => !file.startsWith(path.join('tests', 'bench')));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => blockingCalls(file, fs.readFileSync(file, 'utf8')));
    // This file names them in its pattern and its planted line.
    expect(found.filter((hit) => !hit.startsWith('tests/setup/event-loop.test.ts'))).toEqual([]);
    // Planted: the check finds a synchronous child process.
    expect(blockingCalls('planted.ts', "const a = 1;\nconst run = spawnSync(process.execPath, ['-v']);")).toEqual([
      'planted.ts:2 spawnSync',
    ]);
  });
});
