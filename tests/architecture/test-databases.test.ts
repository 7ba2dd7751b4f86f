// Issue 21 (the same suite on both backends): every test that opens a
// database takes it from tests/setup/test-db.ts, whose users the "postgres"
// project runs again on PostgreSQL (tests/setup/database-files.ts). A test
// file that opens a store some other way (a literal path, ':memory:') would
// run on SQLite only without anyone noticing: this finds it. A planted tree
// proves the check fires.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles, testImports, testSources, TEST_DB_HELPER } from '../setup/database-files.ts';
import { root } from './imports.ts';

/** Calls that open a database (the store, the services over it, a raw handle). */
const OPENS_DATABASE = /\bnew Store\(|\bopenServices\(|\bnew Database\(|\bopenDatabase\(|\bnew PostgresDatabase\(/;

/** Test files that open databases of their own choosing, and why they run once (in the "sqlite" project). */
const ONCE: Record<string, string> = {
  'tests/store/contract.test.ts': 'runs the store contract on both backends side by side',
  'tests/store/schema-parity.test.ts': "compares the two backends' schemas side by side",
  'tests/store/statements.test.ts': "better-sqlite3's statement cache, SQLite only",
  'tests/bot/multi-process.test.ts':
    'the three-process kill test on a SQLite file (multi-process-postgres.test.ts: the same on PostgreSQL)',
  'tests/bot/multi-process-postgres.test.ts': 'the three-process kill test on PostgreSQL (its children get the URL as a deployment does)',
  'tests/store/postgres-sessions.test.ts': "PostgreSQL's sessions themselves (idle limit, reconnection), PostgreSQL only",
  'tests/architecture/test-databases.test.ts': 'this check: it names the calls in its pattern and planted files, and opens nothing',
};

/** The test files that open a database, themselves or through a test helper (tests/setup and the bench aside). */
function filesOpeningDatabases(base: string): string[] {
  const opens = (file: string) => OPENS_DATABASE.test(fs.readFileSync(path.join(base, file), 'utf8'));
  const reached = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const target of testImports(base, file)) reached(target, seen);
    return seen;
  };
  return testSources(base)
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) =>
      [...reached(file)].some((each) => !each.startsWith('tests/setup/') && !each.startsWith('tests/bench/') && opens(each)),
    )
    .sort();
}

/** Files opening a database that the "postgres" project would not run, less the known ones. */
function missedOnPostgres(base: string, known: Record<string, string>): string[] {
  const onPostgres = new Set(databaseTestFiles(base));
  return filesOpeningDatabases(base).filter((file) => !onPostgres.has(file) && !(file in known));
}

describe('tests take their databases from one helper (issue 21: the suite on both backends)', () => {
  it('every test file that opens a database runs on PostgreSQL too, or says why it runs once', () => {
    const onPostgres = databaseTestFiles(root);
    expect(onPostgres.length).toBeGreaterThan(60);
    expect(missedOnPostgres(root, ONCE)).toEqual([]);
    // The known ones are still what they say (a file renamed or gone leaves no stale entry).
    for (const file of Object.keys(ONCE)) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it('planted: a file opening a store on its own is found; one using the helper, directly or through a harness, is run', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-planted-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
      fs.writeFileSync(path.join(base, file), text);
    };
    write(TEST_DB_HELPER, 'export const tempDb = () => "";\n');
    write(
      'tests/app/harness.ts',
      "import { tempDb } from '../setup/test-db.ts';\nexport const harness = () => openServices({ dbPath: tempDb() });\n",
    );
    write('tests/app/direct.test.ts', "import { tempDb } from '../setup/test-db.ts';\nnew Store(tempDb());\n");
    write('tests/app/through.test.ts', "import {\n  harness,\n} from './harness.ts';\nharness();\n");
    write('tests/app/own.test.ts', "new Store(':memory:');\n");
    write('tests/app/rules.test.ts', "import { expect } from 'vitest';\n");
    expect(databaseTestFiles(base)).toEqual(['tests/app/direct.test.ts', 'tests/app/through.test.ts']);
    expect(missedOnPostgres(base, {})).toEqual(['tests/app/own.test.ts']);
    fs.rmSync(base, { recursive: true, force: true });
  });
});
