// Which database a bench runs on (issue 21 §9): SQLite in a scratch file (the
// default), or with `--store postgres` the PostgreSQL that MUSTER_BENCH_DB
// names, handed to the bot as MUSTER_DB as `npm start` reads it.
import { loadConfig } from '../../src/app/config.ts';

export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  /** The PostgreSQL URL (postgres only). */
  url?: string;
}

const HOW =
  'set MUSTER_BENCH_DB=postgres://USER:PASSWORD@HOST:5432/DATABASE (a scratch database: the bench writes thousands of games into it); the bench passes it to the bot as MUSTER_DB';

/** The database `--store` names; a clear error when PostgreSQL is asked for and cannot be used. */
export function benchDatabase(store: string | undefined): BenchDatabase {
  if (store === undefined || store === 'sqlite') return { kind: 'sqlite' };
  if (store !== 'postgres') throw new Error(`--store takes sqlite or postgres, not "${store}"`);
  const url = process.env.MUSTER_BENCH_DB?.trim();
  if (!url) throw new Error(`--store postgres: MUSTER_BENCH_DB is not set; ${HOW}`);
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`--store postgres: MUSTER_BENCH_DB is not a postgres:// URL (${url}); ${HOW}`);
  // A build without the PostgreSQL backend reads MUSTER_DB as a file name (src/app/config.ts): say so rather than make a file.
  if (!JSON.stringify(loadConfig({ ...process.env, MUSTER_DB: url })).includes(url))
    throw new Error('--store postgres: this build has no PostgreSQL backend (issue 21 §1): MUSTER_DB would be read as a SQLite file name');
  process.env.MUSTER_DB = url;
  return { kind: 'postgres', url };
}
