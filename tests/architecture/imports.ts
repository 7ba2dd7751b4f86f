// The project's import graph, read with the TypeScript compiler's parser:
// static imports and re-exports (type-only ones included) and dynamic
// import('…') calls with a literal path, between files of src/, commands/
// and render/. The layer and cycle tests are written over it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(__dirname, '../..');

/** Project files the architecture covers, relative to the root. */
export function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|mts)$/.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of ['src', 'commands', 'render']) walk(dir);
  return out.sort();
}

/** Relative module paths a file's text imports (imports, re-exports, import('…'); type-only ones too). */
export function importSpecifiers(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'));
}

/** The file a relative specifier names, relative to the root. */
export function resolveImport(fromFile: string, spec: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
}

/** Every import edge: file → imported file. */
export function importGraph(
  files = sourceFiles(),
  read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8'),
): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importSpecifiers(read(file))
      .map((spec) => resolveImport(file, spec))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
