// One scratch folder for a whole test run (databases, snapshots, demo runs),
// removed at the end: the forked workers and their children inherit TMPDIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-test-'));
  process.env.TMPDIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
