import { pathToFileURL } from 'node:url';

/**
 * True when the module at `url` is the script node was started with
 * (`tsx src/console/cli.ts`). Never inside a bundle (dist/*.mjs): there every
 * bundled module shares the bundle's URL, which would make each one "the script".
 */
export function isScriptEntry(url: string): boolean {
  return !url.endsWith('.mjs') && process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href;
}
