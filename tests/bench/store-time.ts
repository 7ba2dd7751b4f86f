// The store's share of a bench's time (issue 21 §9): wall time inside store
// calls, counted once however they nest or overlap (a transaction inside a
// store method, an awaited call of an asynchronous backend). Two measures:
// the store's API (its methods and those of its parts: outbox, deadlines, …),
// and SQLite's prepared statements alone (every statement any code runs).
import Database from 'better-sqlite3';

/** Time during which at least one call was open: nested and overlapping calls count once. */
export class UnionTimer {
  private open = 0;
  private since = 0;
  private total = 0;

  enter(): void {
    if (this.open++ === 0) this.since = performance.now();
  }

  leave(): void {
    if (--this.open === 0) this.total += performance.now() - this.since;
  }

  /** Milliseconds inside calls so far (an open call counts up to now). */
  ms(): number {
    return this.total + (this.open ? performance.now() - this.since : 0);
  }

  /** `method` timed: synchronous, or until the promise it returns settles. */
  wrap<A extends unknown[], R>(method: (...args: A) => R): (...args: A) => R {
    const enter = () => this.enter();
    const leave = () => this.leave();
    return function (this: unknown, ...args: A): R {
      enter();
      let result: R;
      try {
        result = method.apply(this, args);
      } catch (error) {
        leave();
        throw error;
      }
      if (result instanceof Promise) return result.finally(leave) as R;
      leave();
      return result;
    };
  }
}

/** Every method of `target` (own prototype chain, not Object's) timed by `timer`, on this instance only. */
export function timeMethods(target: object, timer: UnionTimer): void {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto))
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
  const record = target as Record<string, unknown>;
  for (const name of names) {
    const method = record[name];
    if (typeof method === 'function') record[name] = timer.wrap(method as (...args: unknown[]) => unknown);
  }
}

/** The store object and each of its parts that is a class instance (outbox, deadlines, homes, …), the database aside. */
export function timeStore(store: object, timer: UnionTimer): void {
  timeMethods(store, timer);
  for (const part of Object.values(store))
    if (part && typeof part === 'object' && !(part instanceof Database) && Object.getPrototypeOf(part) !== Object.prototype)
      timeMethods(part, timer);
}

let sqlTimer: UnionTimer | null = null;

/** With LOAD_SQL_TRACE set: milliseconds per statement text (statementTimes), to find the costly ones. */
const bySql = new Map<string, { ms: number; calls: number }>();

function bySource(method: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  if (!process.env.LOAD_SQL_TRACE) return method;
  return function (this: { source: string }, ...args: unknown[]) {
    const start = performance.now();
    try {
      return method.apply(this, args);
    } finally {
      const entry = bySql.get(this.source) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - start;
      entry.calls++;
      bySql.set(this.source, entry);
    }
  };
}

/** The costliest statements so far (LOAD_SQL_TRACE), most time first. */
export function statementTimes(top = 12): { sql: string; ms: number; calls: number }[] {
  return [...bySql]
    .map(([sql, entry]) => ({ sql: sql.replace(/\s+/g, ' ').slice(0, 160), ...entry }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}

/** Time inside every better-sqlite3 statement of this process (patched once, on the Statement prototype). */
export function timeSql(): UnionTimer {
  if (sqlTimer) return sqlTimer;
  const timer = new UnionTimer();
  const db = new Database(':memory:');
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  db.close();
  for (const name of ['run', 'get', 'all', 'iterate']) proto[name] = timer.wrap(bySource(proto[name]));
  const dbProto = Database.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['exec', 'pragma']) dbProto[name] = timer.wrap(dbProto[name]);
  return (sqlTimer = timer);
}
