// Issue 21 §1: PostgreSQL's migrations (src/store/migrations-postgres.ts)
// build the same tables, columns, NOT NULLs and named indexes as SQLite's
// (src/store/migrations.ts). A migration added to one list and not the other
// fails here. PostgreSQL's `rowid` columns stand for SQLite's implicit rowid.
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { sqliteFile } from '../setup/sqlite-file.ts';
import { freshPostgresSchema } from '../setup/pg-schema.ts';

interface Shape {
  /** table → "column" or "column not null", sorted */
  tables: Record<string, string[]>;
  /** named indexes (not the ones primary keys and UNIQUE constraints make) */
  indexes: string[];
  migrations: number[];
}

function sqliteShape(store: Store): Shape {
  const tables: Record<string, string[]> = {};
  const names = store.db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];
  for (const table of names) {
    const columns = store.db.prepare(`SELECT name, "notnull" AS required, pk FROM pragma_table_info(?)`).all(table) as {
      name: string;
      required: number;
      pk: number;
    }[];
    // SQLite lets a single-column INTEGER PRIMARY KEY be null (it is the rowid); PostgreSQL's primary keys are all NOT NULL.
    tables[table] = columns.map((column) => `${column.name}${column.required || column.pk ? ' not null' : ''}`).sort();
  }
  const indexes = store.db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`)
    .pluck()
    .all() as string[];
  return { tables, indexes, migrations: versions(store) };
}

function postgresShape(store: Store): Shape {
  const tables: Record<string, string[]> = {};
  const columns = store.db
    .prepare(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name`,
    )
    .all() as { table_name: string; column_name: string; is_nullable: string }[];
  for (const column of columns) {
    if (column.column_name === 'rowid') continue;
    (tables[column.table_name] ??= []).push(`${column.column_name}${column.is_nullable === 'NO' ? ' not null' : ''}`);
  }
  for (const table of Object.keys(tables)) tables[table]!.sort();
  const indexes = store.db
    .prepare(
      `SELECT i.indexname FROM pg_indexes i WHERE i.schemaname = current_schema() AND NOT EXISTS ` +
        `(SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname) ORDER BY i.indexname`,
    )
    .pluck()
    .all() as string[];
  return { tables, indexes, migrations: versions(store) };
}

const versions = (store: Store) => store.db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[];

describe('schema parity of the two backends (issue 21 §1)', () => {
  const opened: Store[] = [];
  afterEach(() => opened.splice(0).forEach((store) => store.close()));

  it('PostgreSQL has the tables, columns, NOT NULLs and indexes SQLite has, at the same newest migration', () => {
    const sqlite = new Store(sqliteFile());
    const postgres = new Store(freshPostgresSchema());
    opened.push(sqlite, postgres);
    const fromSqlite = sqliteShape(sqlite);
    const fromPostgres = postgresShape(postgres);
    expect(Object.keys(fromSqlite.tables).length).toBeGreaterThan(30);
    expect(fromPostgres.tables).toEqual(fromSqlite.tables);
    expect(fromPostgres.indexes).toEqual(fromSqlite.indexes);
    expect(fromPostgres.migrations.at(-1)).toBe(fromSqlite.migrations.at(-1));
  });
});
