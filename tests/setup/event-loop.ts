// Every test file runs with this watch (vitest setupFiles). Vitest's worker
// reports each test to the main process with RPC calls (birpc) that fail after
// 60 s of wall time, and a reply can only be read when the worker's event loop
// turns: a test that computes for a long stretch without letting it turn (a
// synchronous playout, a loop of `await`s that only resolve microtasks) makes
// the run end with "Timeout calling onTaskUpdate" and exit 1 although every
// test passed, on a loaded machine where a few seconds of CPU take a minute.
// So long tests yield now and then (`breathe()`, tests/setup/breathe.ts), and
// this watch measures the longest stretch of CPU time between two turns and
// fails the test that went past LIMIT_MS. CPU time, not wall time: the verdict
// does not depend on how busy the machine is.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeEach } from 'vitest';

/** A stretch of this much CPU lasts 60 s only on a machine twenty times oversubscribed. */
export const LIMIT_MS = 3000;

export const cpuMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Longest stretch of CPU time between two turns of the event loop, seen by a timer that runs at every turn. */
export class StretchWatch {
  private lastTurn = cpuMs();
  private longestSeen = 0;
  private readonly timer = setInterval(() => this.turn(), 25);

  constructor() {
    this.timer.unref();
  }

  private turn(): void {
    const now = cpuMs();
    this.longestSeen = Math.max(this.longestSeen, now - this.lastTurn);
    this.lastTurn = now;
  }

  /** The longest stretch since the last reset, the one still running included. */
  longest(): number {
    return Math.max(this.longestSeen, cpuMs() - this.lastTurn);
  }

  /** Forget what was seen; a stretch still running is counted from now. */
  reset(): void {
    this.longestSeen = 0;
    this.lastTurn = cpuMs();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** What to tell the author of a test whose longest stretch was `ms` of CPU, or null if it is fine. */
export function stretchProblem(ms: number, limit = LIMIT_MS): string | null {
  if (ms <= limit) return null;
  return (
    `computed for ${(ms / 1000).toFixed(1)} s of CPU without letting the event loop turn (limit ${limit / 1000} s): on a busy ` +
    `machine vitest's messages to the main process time out and the run fails though every test passed. ` +
    `Call \`await breathe()\` (tests/setup/breathe.ts) in its loops, or use playoutAsync.`
  );
}

/**
 * MUSTER_TEST_CPU=FILE appends one JSON line per test (its longest stretch) and per file: CPU ms used, of
 * which before its first test (importing it: collection), wall ms, ms the event loop sat idle (waiting for
 * timers, child processes or vitest's replies) and the longest stretch.
 */
const report = (line: object) => {
  if (process.env.MUSTER_TEST_CPU) fs.appendFileSync(process.env.MUSTER_TEST_CPU, JSON.stringify(line) + '\n');
};

const fileStart = cpuMs();
const wallStart = performance.now();
const loopStart = performance.eventLoopUtilization();
let collectMs: number | undefined;
const watch = new StretchWatch();
let longestInFile = 0;

// Vitest runs the tests of a file one after another without a turn of the event loop between them, so a
// file of synchronous tests is one long stretch however short each test is: give it a turn before each test
// (a timer, so that both the poll phase, where replies are read, and the timers phase pass).
beforeEach(async () => {
  collectMs ??= cpuMs() - fileStart;
  await new Promise((resolve) => setTimeout(resolve, 0));
  longestInFile = Math.max(longestInFile, watch.longest());
  watch.reset();
});

afterEach((context) => {
  const stretch = watch.longest();
  longestInFile = Math.max(longestInFile, stretch);
  report({ file: context.task.file.filepath, test: context.task.name, stretchMs: Math.round(stretch) });
  const problem = stretchProblem(stretch);
  if (problem) throw new Error(`This test ${problem}`);
});

afterAll((suite) => {
  const stretch = Math.max(longestInFile, watch.longest());
  // The worker process runs the next file with a new watch (vitest.config.ts: isolate false).
  watch.stop();
  report({
    file: suite.file.filepath,
    cpuMs: Math.round(cpuMs() - fileStart),
    collectMs: Math.round(collectMs ?? 0),
    wallMs: Math.round(performance.now() - wallStart),
    idleMs: Math.round(performance.eventLoopUtilization(loopStart).idle),
    stretchMs: Math.round(stretch),
  });
});
