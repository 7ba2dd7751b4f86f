// `--trace` in the tick and store benches: every statement the store runs,
// counted and timed per SQL text, so a tick's reads and its time are seen
// statement by statement on either database.
import type { StoreDatabase } from '../../src/store/database.ts';

/** Calls and wall time per SQL text since the last look (`--trace`): what a tick reads and where its time goes. */
export type StatementTally = Map<string, { calls: number; ms: number }>;

/** Every statement the store prepares (cached per text on both backends) and every exec, timed per text. */
export function traceStatements(database: StoreDatabase): () => StatementTally {
  let tally: StatementTally = new Map();
  const count = (sql: string, started: number) => {
    const entry = tally.get(sql) ?? { calls: 0, ms: 0 };
    entry.calls++;
    entry.ms += performance.now() - started;
    tally.set(sql, entry);
  };
  const timedCall =
    <Args extends unknown[], Result>(sql: string, call: (...args: Args) => Result) =>
    (...args: Args): Result => {
      const started = performance.now();
      try {
        return call(...args);
      } finally {
        count(sql, started);
      }
    };
  const traced = new WeakSet<object>();
  const prepare = database.prepare.bind(database);
  const exec = database.exec.bind(database);
  const patchable = database as unknown as Record<string, unknown>;
  patchable.prepare = (sql: string) => {
    const statement = prepare(sql);
    if (!traced.has(statement)) {
      traced.add(statement);
      const methods = statement as unknown as Record<string, (...args: unknown[]) => unknown>;
      for (const name of ['run', 'get', 'all', 'iterate']) methods[name] = timedCall(sql, methods[name]!.bind(statement));
    }
    return statement;
  };
  patchable.exec = (sql: string) => timedCall(sql, exec)(sql);
  return () => {
    const seen = tally;
    tally = new Map();
    return seen;
  };
}

/** The statements of one tick, costliest first. */
export function printTrace(label: string, tally: StatementTally, top = 12): void {
  const rows = [...tally].sort((left, right) => right[1].ms - left[1].ms);
  const total = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
  const calls = rows.reduce((sum, [, entry]) => sum + entry.calls, 0);
  console.log(`  ${label}: ${calls} statements, ${total.toFixed(1)} ms in them`);
  for (const [sql, entry] of rows.slice(0, top))
    console.log(`    ${entry.ms.toFixed(1).padStart(8)} ms ${String(entry.calls).padStart(6)}× ${sql.replace(/\s+/g, ' ').slice(0, 150)}`);
}
