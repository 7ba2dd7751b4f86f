// Reads a WK4 map file (data/wk4/map*.json) as raw JSON; map.ts validates it.
// Kept apart because only a data loader may touch the file system (rules stay pure).
import { readDataJson } from '../../../data-files.ts';

export function readMapFile(file: string): unknown {
  return readDataJson(`wk4/${file}`);
}
