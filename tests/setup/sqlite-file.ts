// A fresh SQLite file whatever the run's backend. Tests that choose their
// backends themselves (the store contract, schema parity: both, side by
// side) import it from here, not from tests/setup/test-db.ts, so they run
// once, in the "sqlite" project (tests/setup/database-files.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function sqliteFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-')), 'test.sqlite');
}
