// After each test file, the PostgreSQL connections it left open (stores its
// tests never closed) are closed: the workers run many files each, and the
// test cluster takes a few hundred connections, not one per store ever opened.
import { afterAll } from 'vitest';
import { closeAllPostgres } from '../../src/store/postgres.ts';

afterAll(() => {
  closeAllPostgres();
});
