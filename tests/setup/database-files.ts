// Which test files open a database, for vitest.config.ts's "postgres" project
// (the suite again with MUSTER_TEST_DB=postgres): the files whose imports
// among the tests, followed transitively, reach tests/setup/test-db.ts, the
// one helper that gives tests their databases. Files that never reach it
// touch no store and run once, in the "sqlite" project. Read from the
// sources (relative imports, with the TypeScript compiler's parser: not
// the text of strings or comments), so a new test file joins by itself.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The helper whose users run on both backends. */
export const TEST_DB_HELPER = 'tests/setup/test-db.ts';

/** The TypeScript files under `dir` (relative to `root`), recursively. */
function sources(root: string, dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(root, file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The TypeScript files under tests/ (relative to `root`). */
export const testSources = (root: string): string[] => sources(root, 'tests');

/** The files under tests/ that `file` imports (relative to `root`). */
export function testImports(root: string, file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  // Imports, re-exports and import('…') with a literal path.
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
    .filter((target) => target.startsWith('tests/') && fs.existsSync(path.join(root, target)));
}

/** The test files (tests/**\/*.test.ts, relative to `root`, sorted) that reach the helper through their imports. */
export function databaseTestFiles(root: string): string[] {
  const importers = new Map<string, string[]>();
  for (const file of testSources(root))
    for (const target of testImports(root, file)) importers.set(target, [...(importers.get(target) ?? []), file]);
  // Backwards from the helper: every file that imports one that reaches it.
  const reaching = new Set([TEST_DB_HELPER]);
  for (const pending = [TEST_DB_HELPER]; pending.length > 0;)
    for (const importer of importers.get(pending.pop()!) ?? [])
      if (!reaching.has(importer)) {
        reaching.add(importer);
        pending.push(importer);
      }
  return [...reaching].filter((file) => file.endsWith('.test.ts')).sort();
}
