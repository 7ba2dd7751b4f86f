// The watch of tests/setup/event-loop.ts (why it exists: there) measures what
// it claims, and breathe() keeps a long computation under its limit.
import { describe, expect, it } from 'vitest';
import { breathe } from './breathe.ts';
import { cpuMs, LIMIT_MS, StretchWatch, stretchProblem } from './event-loop.ts';

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
});
