// Every test file starts from fresh modules, as with vitest's per-file
// isolation, but in a worker process that is reused (vitest.config.ts sets
// isolate: false). Forking a process per file cost about a second of CPU each
// (node's start, vitest's worker, tinypool's CPU count through a shell
// pipeline, every package imported again): two thirds of a small file's time.
// What stays shared between files is what vitest itself does not load (node's
// built-in modules and the packages in node_modules: stateless for us) and the
// pure rules (tests/setup/kept-modules.ts). Everything else of ours (registries,
// metrics, the render pool, the store, the host's caches) is evaluated anew
// for each file.
import { keptModules, VITEST, type ModuleCache } from './kept-modules.ts';

/** What vi.resetModules does, but leaving the kept modules evaluated. */
function resetModules(modules: ModuleCache): void {
  const kept = keptModules(modules);
  for (const [id, mod] of modules) if (!kept.has(id) && !VITEST.some((re) => re.test(id))) modules.invalidateModule(mod);
}

const workerState = (globalThis as { __vitest_worker__?: { moduleCache: ModuleCache } }).__vitest_worker__;
if (!workerState) throw new Error('tests/setup/fresh-modules.ts runs as a vitest setup file only.');
resetModules(workerState.moduleCache);
