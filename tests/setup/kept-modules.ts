// Which of our modules a test worker keeps evaluated from one test file to the
// next (used by tests/setup/fresh-modules.ts; why: there).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where our sources are; modules outside it (node_modules, node's, vite's) are not ours to keep. */
const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * Pure rules, kept from one file to the next in a worker: the engine, the games, their messages and data
 * loaders hold no state but memos of their own answers and the parsed, validated data files, so evaluating
 * them again for each file (and asking vitest's main process for their code again) only cost time:
 * 0.12 s of CPU a file (42 rules and table test files on one worker: 40.5 s of CPU with every module
 * evaluated anew, 35.6 s keeping these, 32.5 s keeping every module). The registry is the one stateful module among them. A module is kept only if
 * everything of ours it imports is kept too, so that no kept module holds a previous file's instance of a
 * module the next file gets afresh (keptModules).
 */
const SHARED = ['src/engine/', 'src/games/', 'src/messages/', 'src/data-files.ts'].map((prefix) => path.join(ROOT, prefix));
const FRESH = [path.join(ROOT, 'src/games/registry.ts')];

/** Vitest's own modules, which vi.resetModules leaves alone too. */
export const VITEST = [/\/vitest\/dist\//, /\/vite-node\/dist\//, /vitest-virtual-\w+\/dist/, /@vitest\/dist/, /^mock:/];

/** The part of vite-node's module cache (ModuleCacheMap) used here. */
export interface ModuleCache extends Map<string, { evaluated?: boolean; imports?: Set<string> }> {
  invalidateModule(mod: object): boolean;
}

export const ours = (id: string) => id.startsWith(ROOT + path.sep) && !id.includes(`${path.sep}node_modules${path.sep}`);
const shareable = (id: string) => SHARED.some((prefix) => id.startsWith(prefix)) && !FRESH.includes(id);

/** The evaluated shareable modules all of whose imports of ours are kept as well. */
export function keptModules(modules: ModuleCache): Set<string> {
  const kept = new Set([...modules].filter(([id, mod]) => mod.evaluated && shareable(id)).map(([id]) => id));
  for (let changed = true; changed;) {
    changed = false;
    for (const id of kept)
      if ([...(modules.get(id)!.imports ?? [])].some((dep) => ours(dep) && !kept.has(dep))) {
        kept.delete(id);
        changed = true;
      }
  }
  return kept;
}
