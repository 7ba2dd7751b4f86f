// The kill test (tests/bot/multi-process.ts) on PostgreSQL: three bot processes on a fresh schema of the
// run's throwaway cluster, the URL in their MUSTER_DB as a deployment sets it.
import { killTest } from './multi-process.ts';

killTest('postgres');
