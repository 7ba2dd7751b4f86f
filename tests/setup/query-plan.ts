// What plan a database chooses for a query, on either backend, for tests that
// check a query is answered by an index: SQLite's EXPLAIN QUERY PLAN, or
// PostgreSQL's EXPLAIN with sequential scans priced out (SET LOCAL
// enable_seqscan = off, in a transaction of its own). A test's tables hold a
// handful of rows, and PostgreSQL's planner rightly scans those rather than
// use an index: what the test asks is whether an index CAN answer the query,
// as it will once the table is large.
import type { StoreDatabase } from '../../src/store/database.ts';

/** The plan's lines, joined with " | ". */
export function queryPlan(db: StoreDatabase, sql: string, ...params: unknown[]): string {
  if (db.dialect === 'sqlite')
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join(' | ');
  return db.transaction(() => {
    db.exec('SET LOCAL enable_seqscan = off');
    return (db.prepare(`EXPLAIN ${sql}`).all(...params) as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join(' | ');
  })();
}

/** Matches a plan (queryPlan) that reads through the named index. */
export function usingIndex(db: StoreDatabase, index: string): RegExp {
  return db.dialect === 'sqlite'
    ? new RegExp(`USING (?:COVERING )?INDEX ${index}\\b`)
    : new RegExp(`(?:Index (?:Only )?Scan (?:Backward )?using|Bitmap Index Scan on) ${index}\\b`);
}
