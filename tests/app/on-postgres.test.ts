// The app on PostgreSQL (issue 21 §1): a selection of the app's own tests,
// run again with tempDb() (tests/app/harness.ts) giving each a fresh schema in
// the run's throwaway cluster instead of a SQLite file. Sessions and commands
// (seats, actions, undo, races, bots, one game per channel), deadlines and
// their defaults, and tournament result corrections with ratings. The rest of
// tests/app, tests/tournament and tests/store passes on PostgreSQL too when
// run with MUSTER_TEST_DB=postgres, except the tests that reach into SQLite
// itself (EXPLAIN QUERY PLAN, pragmas, sqlite_master).
import { afterAll, expect, it } from 'vitest';
import { harness } from './harness.ts';

const before = process.env.MUSTER_TEST_DB;
process.env.MUSTER_TEST_DB = 'postgres';
// The worker runs other files after this one: they get SQLite again.
afterAll(() => {
  if (before === undefined) delete process.env.MUSTER_TEST_DB;
  else process.env.MUSTER_TEST_DB = before;
});

it('runs on PostgreSQL: the harness opens its store there', () => {
  const { svc } = harness();
  expect(svc.store.db.dialect).toBe('postgres');
  expect(svc.store.db.prepare('SELECT version() AS server').get()).toMatchObject({ server: expect.stringContaining('PostgreSQL') });
});

await import('./commands.test.ts');
await import('./deadlines.test.ts');
await import('../tournament/corrections.test.ts');
