// Snapshot files of the offline table and demo: named per game
// (g<game id>-<n>-<name>.png) so that only the latest `keep` of each game stay
// on disk; a long game at the table would otherwise leave thousands behind.
import fs from 'node:fs';
import path from 'node:path';

export function imageName(gameId: number | null, n: number, name: string): string {
  return `${gameId === null ? 'g0' : `g${gameId}`}-${String(n).padStart(5, '0')}-${name}`;
}

/** Delete all but the newest `keep` files of one game in `dir` (0 keeps all). Returns how many went. */
export function pruneImages(dir: string, gameId: number | null, keep: number): number {
  if (keep <= 0) return 0;
  const prefix = `${gameId === null ? 'g0' : `g${gameId}`}-`;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(prefix))
    .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
    // Oldest first: by write time, then by the counter in the name (same-millisecond writes).
    .sort((a, b) => a.t - b.t || a.f.localeCompare(b.f));
  const gone = files.slice(0, Math.max(0, files.length - keep));
  for (const { f } of gone) fs.rmSync(path.join(dir, f), { force: true });
  return gone.length;
}
