// Prepared statements kept per SQL text. better-sqlite3 compiles a statement
// on every db.prepare(), and the store prepares where it runs: under load
// compiling cost more than running (issue 9's load bench). Statements are
// reusable, so one compiled copy per text serves every caller.
import type Database from 'better-sqlite3';

export function cacheStatements(db: Database.Database, max = 1000): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    } else if (statement.reader) {
      // A caller may have switched a shared statement to plucked or raw rows: back to plain rows.
      statement.raw(false).pluck(false).expand(false);
    }
    return statement;
  }) as typeof db.prepare;
}
