// Issue 9 (load): the store keeps one compiled statement per SQL text.
// SQLite only, by design: the cache wraps better-sqlite3's prepare (the PostgreSQL adapter keeps its own per SQL text).
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from '../../src/store/statements.ts';

describe('prepared statements cached per SQL text (issue 9 load)', () => {
  it('the same text gives the same statement; one caller plucking does not change what the next one reads', () => {
    const db = new Database(':memory:');
    cacheStatements(db, 2);
    db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
    db.prepare('INSERT INTO t VALUES (?, ?)').run(1, 'x');
    const sql = 'SELECT a, b FROM t';
    expect(db.prepare(sql)).toBe(db.prepare(sql));
    expect(db.prepare(sql).pluck().all()).toEqual([1]);
    expect(db.prepare(sql).all()).toEqual([{ a: 1, b: 'x' }]);
    expect(db.prepare(sql).raw().all()).toEqual([[1, 'x']]);
    expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'x' });
    // Bounded: older texts are compiled again when needed, and still work.
    db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    expect(db.prepare(sql).all()).toEqual([{ a: 1, b: 'x' }]);
  });
});
