// A throwaway PostgreSQL cluster for tests and benches: initdb into a fresh
// folder, a server listening only on a unix socket in that folder (so no port
// can clash), and a stop that removes everything. PostgreSQL refuses to run as
// root, so as root the server runs as the `postgres` user (runuser), which owns
// the folder. Tuned for speed, not safety (fsync off): nothing here must
// survive the machine, only the test run.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PgCluster {
  /** libpq URL of the cluster's database (unix socket, trust authentication). */
  url: string;
  /** The folder holding data, socket and log; removed by stop(). */
  dir: string;
  /** Stops the server and removes the folder. */
  stop(): Promise<void>;
  /** For a process 'exit' handler, which cannot wait: the same, in a detached shell. */
  stopDetached(): void;
}

const run = promisify(execFile);

const serverUser = 'postgres';
// The cluster's own database: createdb would cost another half second, and each test takes a fresh schema in it anyway.
const databaseName = 'postgres';
const port = 5432; // no TCP: the socket's name alone, unique by its folder

/** The newest installed server's bin folder (Debian: /usr/lib/postgresql/N/bin), or the PATH's. */
export function pgBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((name) => fs.existsSync(path.join(base, name, 'bin', 'initdb')))
        .sort((left, right) => Number(right) - Number(left))
    : [];
  if (versions.length > 0) return path.join(base, versions[0]!, 'bin');
  const onPath = (process.env.PATH ?? '').split(':').find((folder) => folder && fs.existsSync(path.join(folder, 'initdb')));
  if (onPath) return onPath;
  throw new Error('PostgreSQL server binaries (initdb) not found: run .ci/ensure-deps, which installs the postgresql package');
}

/** The command line running a server binary as the non-root user when we are root. */
const asServer = (binary: string, args: string[], asRoot: boolean): [string, string[]] =>
  asRoot ? ['runuser', ['-u', serverUser, '--', binary, ...args]] : [binary, args];

/** Runs a server binary (as the non-root user when we are root), without holding the event loop. */
async function runAsServer(binary: string, args: string[], asRoot: boolean): Promise<string> {
  const [command, commandArgs] = asServer(binary, args, asRoot);
  return (await run(command, commandArgs, { encoding: 'utf8' })).stdout;
}

const stopArgs = (dir: string) => ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];

const CLUSTER_PREFIX = 'muster-pg-';
/** The file naming the process a cluster belongs to (the test run's main process). */
const OWNER_FILE = 'owner.pid';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Stops a cluster's server (if it runs) and removes its folder. */
async function removeCluster(dir: string, bin: string, asRoot: boolean): Promise<void> {
  try {
    await runAsServer(path.join(bin, 'pg_ctl'), stopArgs(dir), asRoot);
  } catch {
    // not started, or already gone: removing the folder is all that is left
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Clusters whose run died without its teardown (a killed vitest): their owner
 * is gone, so they are stopped and removed before a new one starts. A folder
 * without its owner file yet is left alone for a minute (it is being made).
 */
async function reapOrphanClusters(parent: string, bin: string, asRoot: boolean): Promise<void> {
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue;
    const dir = path.join(parent, name);
    try {
      const ownerFile = path.join(dir, OWNER_FILE);
      if (fs.existsSync(ownerFile)) {
        if (alive(Number(fs.readFileSync(ownerFile, 'utf8')))) continue;
      } else if (Date.now() - fs.statSync(dir).mtimeMs < 60_000) continue;
      await removeCluster(dir, bin, asRoot);
    } catch {
      // another run reaped it first
    }
  }
}

/** Starts a cluster; throws saying why when it cannot (the caller reports it). */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = pgBinDir();
  const asRoot = process.getuid?.() === 0;
  // Not under the test run's TMPDIR: that one is root's, mode 0700, and the server's user must enter it.
  const parent = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  await reapOrphanClusters(parent, bin, asRoot);
  const dir = fs.mkdtempSync(path.join(parent, CLUSTER_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  const dataDir = path.join(dir, 'data');
  const stop = () => removeCluster(dir, bin, asRoot);
  const stopDetached = () => {
    const [command, args] = asServer(path.join(bin, 'pg_ctl'), stopArgs(dir), asRoot);
    const quoted = [command, ...args].map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(' ');
    spawn('sh', ['-c', `${quoted}; rm -rf '${dir}'`], { detached: true, stdio: 'ignore' }).unref();
  };
  try {
    if (asRoot) await run('chown', [serverUser, dir]);
    await runAsServer(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', serverUser, '--no-sync', '-E', 'UTF8', '--no-locale'],
      asRoot,
    );
    const serverOptions = [
      `-k ${dir}`,
      `-p ${port}`,
      "-c listen_addresses=''",
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // Test files leave stores open; tests/setup/pg-connections.ts closes them after each file, but two workers overlap.
      '-c max_connections=300',
    ];
    await runAsServer(
      path.join(bin, 'pg_ctl'),
      ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', serverOptions.join(' '), '-w', '-t', '30', 'start'],
      asRoot,
    );
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8').slice(-2000) : '';
    const stderr = (error as { stderr?: string }).stderr ?? '';
    await stop();
    throw new Error(`PostgreSQL test cluster did not start: ${(error as Error).message}\n${stderr}\n${log}`.trim());
  }
  const url = `postgresql:///${databaseName}?host=${encodeURIComponent(dir)}&port=${port}&user=${serverUser}`;
  return { url, dir, stop, stopDetached };
}
