// Reads a WK4 map file (data/wk4/map*.json) as raw JSON; map.ts validates it.
// Kept apart because only a data loader may touch the file system (rules stay pure).
import fs from 'node:fs';

export function readMapFile(file: string): unknown {
  return JSON.parse(fs.readFileSync(new URL(`../../../../data/wk4/${file}`, import.meta.url), 'utf8'));
}
