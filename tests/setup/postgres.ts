// Vitest global setup: one throwaway PostgreSQL cluster for the whole run,
// its URL in MUSTER_TEST_PG for the workers (each test takes a fresh schema in
// it: tests/setup/pg-schema.ts), stopped and removed at the end, also when
// tests fail. When it cannot start, the run goes on and MUSTER_TEST_PG_ERROR
// says why: every PostgreSQL test then fails with that reason (never a silent skip).
import { startPgCluster } from './pg-cluster.ts';

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.MUSTER_TEST_PG) return async () => undefined; // a server given from outside: used as it is
  try {
    const cluster = await startPgCluster();
    process.env.MUSTER_TEST_PG = cluster.url;
    const stopOnExit = () => cluster.stopDetached();
    process.once('exit', stopOnExit);
    return async () => {
      process.off('exit', stopOnExit);
      await cluster.stop();
    };
  } catch (error) {
    process.env.MUSTER_TEST_PG_ERROR = (error as Error).message;
    return async () => undefined;
  }
}
