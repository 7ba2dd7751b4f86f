// A count that grows whenever a database's stored rows change, for tests that
// check a refusal writes nothing. SQLite counts every row inserted, updated or
// deleted on the connection (total_changes()). PostgreSQL has no such counter
// per connection, so there the count grows when the content of the schema's
// tables (a digest of every row) differs from the last time it was asked:
// the same question, "was anything written in between?", except for a write
// that stores exactly what was there.
import type { StoreDatabase } from '../../src/store/database.ts';

const lastSeen = new WeakMap<StoreDatabase, { digest: string; count: number }>();

/** The digest of every row of every table in the connection's schema. */
function contentDigest(db: StoreDatabase): string {
  const tables = db
    .prepare(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
    .pluck()
    .all() as string[];
  const parts = tables.map(
    (table) => `SELECT '${table}' AS name, COALESCE(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS part FROM "${table}" t`,
  );
  const sql = `SELECT md5(string_agg(name || ':' || part, '|' ORDER BY name)) AS digest FROM (${parts.join(' UNION ALL ')}) parts`;
  return (db.prepare(sql).get() as { digest: string }).digest;
}

/** Rows written so far: the same number as at the last call when nothing was written since. */
export function writesSoFar(db: StoreDatabase): number {
  if (db.dialect === 'sqlite') return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const digest = contentDigest(db);
  const seen = lastSeen.get(db);
  const count = !seen ? 0 : seen.digest === digest ? seen.count : seen.count + 1;
  lastSeen.set(db, { digest, count });
  return count;
}
