// What every bench prints and measures with: one line per figure, percentiles, a scratch database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One figure as `name: value unit` (counts whole, the rest to two places). */
export const print = (name: string, value: number, unit: string) =>
  console.log(`${name}: ${value.toFixed(unit === 'count' ? 0 : 2)} ${unit}`);

/** The p-th percentile of unsorted samples (nearest rank); NaN when there are none. */
export const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

/** A fresh SQLite file in its own temporary folder. */
export const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bench-')), 'bench.sqlite');
