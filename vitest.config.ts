import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { databaseTestFiles } from './tests/setup/database-files.ts';

/**
 * Files that play whole games (or long stretches of them), longest first. They
 * start first, so the two workers of a 2-core machine finish together instead
 * of one of them running a long file alone at the end (without a timing cache,
 * as in a clean clone, vitest would start the largest files first, and these are
 * small); `npm run test:quick` leaves them out. Ordered by their CPU seconds in
 * two whole-suite runs (MUSTER_TEST_CPU): 20-25, 14-18, 16-17, 13-16, 13-14,
 * 9-12, 9-11, 7-9, 6-7, 4-6, 4, 1.
 */
export const wholeGameFiles = [
  'tests/kpw/fuzz.test.ts',
  'tests/wk4/fuzz.test.ts',
  'tests/atkm/leak.test.ts',
  'tests/rifle/fuzz.test.ts',
  'tests/engine/leak-rifle.test.ts',
  'tests/games/contract.test.ts',
  'tests/wog/fuzz.test.ts',
  'tests/engine/leak.test.ts',
  'tests/store/replay-snapshots.test.ts',
  'tests/atkm/fuzz.test.ts',
  'tests/wk4/leak.test.ts',
  'tests/tournament/leak.test.ts',
];

/** The Discord layer's tests (adapter, outbox, threads), also left out of `npm run test:quick`. */
export const discordFiles = ['tests/bot/**'];

class WholeGamesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A whole-game file's PostgreSQL run before its SQLite run: it takes longer (each store call a round trip).
    const rank = (file: TestSpecification) => {
      const index = wholeGameFiles.findIndex((name) => file.moduleId.endsWith(name));
      return index < 0 ? 2 * wholeGameFiles.length : 2 * index + (file.project.name === 'postgres' ? 0 : 1);
    };
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** How every file runs, in either project. */
const fileSettings = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // One process per worker, not one per file: each file still gets fresh
  // modules (tests/setup/fresh-modules.ts, why there).
  poolOptions: { forks: { isolate: false } },
  // Fresh modules for every file, then the watch that fails a test computing
  // for seconds without letting the event loop turn (why: in each file).
  // After each file, the PostgreSQL connections it left open are closed.
  setupFiles: ['tests/setup/fresh-modules.ts', 'tests/setup/event-loop.ts', 'tests/setup/pg-connections.ts'],
} satisfies TestProjectInlineConfiguration['test'];

// Snapshots render in-process in tests: a render thread per test file would
// cost seconds of start-up each on a 2-core CI. The pool has its own tests
// (tests/app/render-pool.test.ts), which ask for threads explicitly.
const renderInProcess = { MUSTER_RENDER_THREADS: '0' };

export type Backend = 'sqlite' | 'postgres';

/**
 * The suite as two projects in one run (issue 21: the same suite passes on
 * both backends): "sqlite" runs every file, with the databases tests take from
 * tests/setup/test-db.ts on SQLite; "postgres" runs again, with
 * MUSTER_TEST_DB=postgres, the files that take one there
 * (tests/setup/database-files.ts), each test in a fresh schema of the run's
 * throwaway cluster. `npx vitest run --project sqlite` (or postgres) runs one.
 * Worker processes are shared by both projects, so each sets the variable.
 */
export function suite(options: { exclude?: string[]; backends?: Backend[] } = {}) {
  const exclude = [...configDefaults.exclude, ...(options.exclude ?? [])];
  const projects: Record<Backend, TestProjectInlineConfiguration> = {
    sqlite: {
      test: {
        ...fileSettings,
        name: 'sqlite',
        include: ['tests/**/*.test.ts'],
        exclude,
        env: { ...renderInProcess, MUSTER_TEST_DB: 'sqlite' },
      },
    },
    postgres: {
      test: {
        ...fileSettings,
        name: 'postgres',
        include: databaseTestFiles(import.meta.dirname),
        exclude,
        // Three times as long (tests/setup/test-db.ts, timeLimit: why).
        testTimeout: 3 * fileSettings.testTimeout,
        hookTimeout: 3 * fileSettings.hookTimeout,
        env: { ...renderInProcess, MUSTER_TEST_DB: 'postgres' },
      },
    },
  };
  return defineConfig({
    test: {
      // Vitest's default is one worker fewer than the CPUs (room for its main
      // process): on a 2-core machine one file at a time, user time equal to the
      // wall time, 370 s for the suite. Two at least (with the reuse in
      // fileSettings: 156 s on this machine at load 4, niced).
      maxWorkers: Math.max(2, os.availableParallelism() - 1),
      // The pool is the run's, shared by both projects: set per project only, its
      // isolate: false was not applied (a fresh fork per file: the SQLite
      // project alone took 361 s instead of 177 s).
      pool: fileSettings.pool,
      poolOptions: fileSettings.poolOptions,
      // Once for the run, whichever projects it runs: the scratch folder and the PostgreSQL cluster.
      globalSetup: ['tests/setup/tmp.ts', 'tests/setup/postgres.ts'],
      sequence: { sequencer: WholeGamesFirst },
      projects: (options.backends ?? ['sqlite', 'postgres']).map((backend) => projects[backend]),
    },
  });
}

export default suite();
