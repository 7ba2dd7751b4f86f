// Where data/ is, for the JSON loaders: the first folder up from this module
// that holds package.json and data/. The same code then finds it from the
// sources (src/), from the build (dist/) and from a bench build (dist/bench/).
import fs from 'node:fs';

let dataDir: URL | undefined;

function findDataDir(): URL {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    if (fs.existsSync(new URL('package.json', dir)) && fs.existsSync(new URL('data/', dir))) return new URL('data/', dir);
    if (new URL('../', dir).href === dir.href) throw new Error(`no data/ folder above ${import.meta.url}`);
  }
}

/** Parsed JSON of a file under data/, e.g. readDataJson('kpw/map.json'); validation is the caller's. */
export function readDataJson(file: string): unknown {
  dataDir ??= findDataDir();
  return JSON.parse(fs.readFileSync(new URL(file, dataDir), 'utf8'));
}
