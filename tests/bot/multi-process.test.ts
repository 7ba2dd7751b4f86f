// The kill test (tests/bot/multi-process.ts) on SQLite: three bot processes on one database file in WAL mode.
import { killTest } from './multi-process.ts';

killTest('sqlite');
