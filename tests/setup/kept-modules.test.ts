// What tests/setup/fresh-modules.ts keeps from one test file to the next in a
// worker (why: there): the pure rules only, and only those whose imports of
// ours are kept too.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptModules } from './kept-modules.ts';
import { allGames, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(root, file);

/** A module cache as vite-node's: each module's id, whether it ran, and what it imported. */
function cache(entries: [string, string[]][]) {
  const modules = new Map(entries.map(([file, imports]) => [at(file), { evaluated: true, imports: new Set(imports.map(at)) }]));
  return Object.assign(modules, { invalidateModule: () => true });
}

describe('modules shared between test files (issue 18 §9)', () => {
  it('the engine, the games, their messages and data loaders are kept; the registry, the host and the tests are not', () => {
    const kept = keptModules(
      cache([
        ['src/engine/runner.ts', ['src/engine/types.ts']],
        ['src/engine/types.ts', []],
        ['src/games/kpw/index.ts', ['src/engine/runner.ts', 'src/games/kpw/data.ts', 'src/messages/text.ts']],
        ['src/games/kpw/data.ts', ['src/data-files.ts']],
        ['src/data-files.ts', []],
        ['src/messages/text.ts', []],
        ['src/games/registry.ts', ['src/engine/types.ts']],
        ['src/app/games.ts', ['src/games/registry.ts', 'src/games/kpw/index.ts']],
        ['src/store/store.ts', []],
        ['tests/kpw/helpers.ts', ['src/games/kpw/index.ts']],
      ]),
    );
    expect([...kept].map((id) => path.relative(root, id)).sort()).toEqual([
      'src/data-files.ts',
      'src/engine/runner.ts',
      'src/engine/types.ts',
      'src/games/kpw/data.ts',
      'src/games/kpw/index.ts',
      'src/messages/text.ts',
    ]);
  });

  it('a kept module that imports a fresh one is not kept, nor what imports it (planted: a game importing the store)', () => {
    const kept = keptModules(
      cache([
        ['src/engine/runner.ts', []],
        ['src/games/kpw/state.ts', ['src/engine/runner.ts', 'src/store/store.ts']],
        ['src/games/kpw/index.ts', ['src/games/kpw/state.ts']],
        ['src/games/wog/index.ts', ['src/engine/runner.ts', path.join('node_modules', 'zod', 'index.js')]],
        ['src/store/store.ts', []],
      ]),
    );
    expect([...kept].map((id) => path.relative(root, id)).sort()).toEqual(['src/engine/runner.ts', 'src/games/wog/index.ts']);
  });

  it('the registry starts empty in every file (it is evaluated anew)', () => {
    expect(allGames()).toEqual([]);
    registerGame(duel);
    expect(allGames()).toEqual([duel]);
  });
});
