// The host's layers (ARCHITECTURE.md), bottom to top. A file may import its
// own layer or lower ones, never a higher one: the message types live below
// the store that queues them, the renderers below the app that draws with
// them, and so on up to the entry points.
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from './imports.ts';

export const LAYERS: { rank: number; name: string; paths: string[] }[] = [
  { rank: 0, name: 'engine', paths: ['src/engine/', 'src/data-files.ts', 'src/script-entry.ts'] },
  { rank: 1, name: 'messages', paths: ['src/messages/'] },
  { rank: 2, name: 'games and store', paths: ['src/games/', 'src/store/'] },
  { rank: 3, name: 'render', paths: ['render/'] },
  { rank: 4, name: 'app', paths: ['src/app/'] },
  { rank: 5, name: 'tournament', paths: ['src/tournament/'] },
  { rank: 6, name: 'commands', paths: ['commands/'] },
  { rank: 7, name: 'bot and console', paths: ['src/bot/', 'src/console/'] },
  { rank: 8, name: 'entry points', paths: ['src/main.ts', 'src/build.ts'] },
];

export function layerOf(file: string): { rank: number; name: string } | null {
  return LAYERS.find((layer) => layer.paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))) ?? null;
}

/** "from (layer) -> to (layer)" for every import that runs up the layers. */
export function upwardImports(graph: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const own = layerOf(from);
    for (const to of targets) {
      const theirs = layerOf(to);
      if (own && theirs && theirs.rank > own.rank) problems.push(`${from} (${own.name}) -> ${to} (${theirs.name})`);
    }
  }
  return problems;
}

describe('layers (issue 18 §1)', () => {
  it('every source file belongs to a layer', () => {
    expect(sourceFiles().filter((file) => !layerOf(file))).toEqual([]);
  });

  it('no file imports a layer above its own', () => {
    expect(upwardImports(importGraph())).toEqual([]);
  });

  it('a planted upward import (the store reaching into commands/) is caught, type-only or dynamic', () => {
    const files = ['src/store/outbox.ts', 'commands/types.ts', 'src/app/draws.ts', 'render/kpw.ts'];
    const texts: Record<string, string> = {
      'src/store/outbox.ts': "import type { Post } from '../../commands/types.ts';\n",
      'commands/types.ts': '',
      'src/app/draws.ts': "export async function later() { return import('../../render/kpw.ts'); }\n",
      'render/kpw.ts': "import { draws } from '../src/app/draws.ts';\n",
    };
    expect(upwardImports(importGraph(files, (file) => texts[file]))).toEqual([
      'src/store/outbox.ts (games and store) -> commands/types.ts (commands)',
      'render/kpw.ts (render) -> src/app/draws.ts (app)',
    ]);
  });
});
