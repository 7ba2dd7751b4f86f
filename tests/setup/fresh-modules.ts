// Every test file starts from fresh modules, as with vitest's per-file
// isolation, but in a worker process that is reused (vitest.config.ts sets
// isolate: false). Forking a process per file cost about a second of CPU each
// (node's start, vitest's worker, tinypool's CPU count through a shell
// pipeline, every package imported again): two thirds of a small file's time.
// What stays shared between files is only what vitest itself does not load:
// node's built-in modules and the packages in node_modules (stateless for us:
// zod, canvas, better-sqlite3, discord.js); our own modules, their registries
// (games, metrics, render pool) and caches are evaluated anew for each file.
import { vi } from 'vitest';

vi.resetModules();
