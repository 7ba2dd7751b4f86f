// `npm run build`: the bot as plain JavaScript in dist/, bundled by esbuild
// (already here as tsx's compiler). Under tsx the bot and each render thread
// compile TypeScript at start and keep the loader, its hooks thread and the
// compiled sources in memory: about 90 MB of issue 9's load bench.
// Dependencies stay in node_modules (native addons cannot be bundled).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { isScriptEntry } from './script-entry.ts';

/** Bundle name → source. render-worker must sit beside main (render-pool.ts finds it there). */
export const ENTRIES: Record<string, string> = {
  main: 'src/main.ts',
  'render-worker': 'src/app/render-task.ts',
};

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The node flags `npm start` runs the bot with, read from package.json so the
 * load bench runs it the same way. --max-semi-space-size=4: V8's young
 * generation of 4 MB semi-spaces (16 by default) keeps the main heap small;
 * --heap-growing-percent=30: the old generation grows by 30 % between full
 * collections, not up to 4×, so dead PNG buffers (promoted while their posts
 * wait) are freed at about 14 MB, not 64. Issue 9's load bench: peak RSS
 * 250 MB instead of 310–330, p99 latency unchanged.
 */
export function botNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const m = /^node((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/main\.mjs$/.exec(pkg.scripts.start ?? '');
  if (!m) throw new Error(`package.json's start script is not "node [--flags] dist/main.mjs": ${pkg.scripts.start}`);
  return m[1].trim().split(/\s+/).filter(Boolean);
}

/** Bundles ENTRIES (and `extra`, e.g. the load bench) into `outdir` under the project root (data-files.ts looks up from there). */
export async function buildDist(extra: Record<string, string> = {}, outdir = path.join(ROOT, 'dist')): Promise<string> {
  if (!path.resolve(outdir).startsWith(ROOT + path.sep)) throw new Error(`build: ${outdir} is not under ${ROOT}`);
  const entryPoints = Object.entries({ ...ENTRIES, ...extra }).map(([out, src]) => ({ out, in: path.join(ROOT, src) }));
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: '[name]-[hash]', // beside the entries: render-pool.ts finds render-worker.mjs beside itself
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return outdir;
}

if (isScriptEntry(import.meta.url)) {
  buildDist().then(
    (dir) => console.log(`built ${Object.keys(ENTRIES).join(', ')} into ${path.relative(process.cwd(), dir) || '.'}`),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
