import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/setup/tmp.ts'],
    // Snapshots render in-process in tests: a render thread per test file would
    // cost seconds of start-up each on a 2-core CI. The pool has its own tests
    // (tests/app/render-pool.test.ts), which ask for threads explicitly.
    env: { MUSTER_RENDER_THREADS: '0' },
  },
});
