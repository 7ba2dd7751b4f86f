// Names that say what they hold (issue 18 §7): in the engine, the app, the
// store, tournaments and commands, a variable, parameter, function or
// destructured binding is never named with one or two letters, except where
// the name's whole life is in view at a glance:
// - the index variable of a `for (init; test; step)` statement (`i`, `j`);
// - a parameter (or a binding destructured in it) of a tiny arrow function:
//   one expression for its body and at most TINY_ARROW characters of text in
//   all, e.g. `(a, b) => a.rank - b.rank` or `([k, v]) => [k, v * 2]`;
// - a name starting with `_`: declared only to be ignored;
// - a two-letter word that says exactly what it holds (WORDS: `id`, `db`, the
//   rules' `vp`, `to` beside a `from`), and `x`, `y` for coordinates; vaguer
//   words (`at`, `by`, `me`, `hi`…) are renamed like letters.
// The declarations are read with the TypeScript compiler's parser; a planted
// source, checked in memory, proves the check fires.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './imports.ts';

/** The folders held to the rule (issue 18 §7 names five; each joins once its names are renamed). */
const FOLDERS = ['src/engine/', 'src/app/', 'src/store/', 'src/tournament/', 'commands/'];

/** Nothing is left out (kept for a folder joining the rule later). */
const EXCLUDED: string[] = [];

/** The longest arrow function (its whole text) whose parameters may be short. */
export const TINY_ARROW = 80;

/** Short names that are words for what they hold (`vp`: the rules' victory points; `to`: the end of a from–to pair). */
export const WORDS = new Set(['id', 'db', 'vp', 'to', 'x', 'y']);

const isShort = (name: string) => name.length <= 2 && !name.startsWith('_') && !WORDS.has(name);

/** Is this node inside the parameter list of a tiny arrow function? */
function inTinyArrowParameters(node: ts.Node, source: ts.SourceFile): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    if (ts.isParameter(at)) {
      const owner = at.parent;
      return ts.isArrowFunction(owner) && !ts.isBlock(owner.body) && owner.getText(source).length <= TINY_ARROW;
    }
    if (ts.isFunctionLike(at) || ts.isBlock(at)) return false;
  }
  return false;
}

/** Is this the index variable of a `for (init; test; step)` statement? */
const isForIndex = (node: ts.VariableDeclaration) =>
  ts.isVariableDeclarationList(node.parent) && ts.isForStatement(node.parent.parent) && node.parent.parent.initializer === node.parent;

/** "file:line:name" for each short name the rule does not allow, in one file's text. */
export function shortNames(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (name: ts.Identifier) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(name.getStart(source)).line + 1}:${name.text}`);
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      if (isShort(node.name.text) && !isForIndex(node)) report(node.name);
    } else if ((ts.isParameter(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) {
      if (isShort(node.name.text) && !inTinyArrowParameters(node, source)) report(node.name);
    } else if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) {
      if (isShort(node.name.text)) report(node.name);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The files the rule covers, relative to the root. */
function coveredFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}${entry.name}`;
      if (entry.isDirectory()) walk(`${rel}/`);
      else if (/\.(ts|mts)$/.test(entry.name) && !EXCLUDED.some((excluded) => rel.startsWith(excluded))) files.push(rel);
    }
  };
  for (const folder of FOLDERS) walk(folder);
  return files.sort();
}

describe('names that say what they hold (issue 18 §7)', () => {
  it('no one- or two-letter names outside for-loop indices, tiny arrow functions and ignored `_` names', () => {
    const files = coveredFiles();
    expect(files.length).toBeGreaterThan(60);
    const found = files.flatMap((file) => shortNames(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('a planted source with each kind of short name is caught; the allowed ones pass', () => {
    const planted = [
      'export function f(s: string, { id: xy }: { id: number }) {', // 1: f, s, xy
      '  for (let i = 0; i < 3; i++) console.log(i);', // 2: allowed (a for index)
      '  for (const it of [s]) console.log(it);', // 3: it (for…of holds an element, not an index)
      '  const [a, _ignored] = [1, 2];', // 4: a (`_ignored` allowed)
      '  const sorted = [3, 1].sort((a, b) => a - b);', // 5: allowed (a tiny arrow)
      '  const long = [3, 1].sort((a, b) => {', // 6: a, b (a block body)
      '    return a - b;',
      '  });',
      '  const wide = [3, 1].map((n) => n * 1000 + n * 100 + n * 10 + n + sorted.length + long.length + sorted.indexOf(n) + xy);', // 9: n (over 80)
      '  try { void xy; } catch (e) { void e; }', // 10: e
      '  const g = function h() {};', // 11: g, h
      '  const id = 1, vp = 2, to = { x: 0, y: 0 };', // 12: allowed (words for what they hold)
      '  return [sorted, long, wide, g, a, id, vp, to];',
      '}',
    ].join('\n');
    expect(shortNames('src/engine/planted.ts', planted)).toEqual([
      'src/engine/planted.ts:1:f',
      'src/engine/planted.ts:1:s',
      'src/engine/planted.ts:1:xy',
      'src/engine/planted.ts:3:it',
      'src/engine/planted.ts:4:a',
      'src/engine/planted.ts:6:a',
      'src/engine/planted.ts:6:b',
      'src/engine/planted.ts:9:n',
      'src/engine/planted.ts:10:e',
      'src/engine/planted.ts:11:g',
      'src/engine/planted.ts:11:h',
    ]);
  });
});
