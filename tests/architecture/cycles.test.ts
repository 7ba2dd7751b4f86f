// No import cycles among src/, commands/ and render/, type-only imports
// included: a cycle makes the load order matter and hides which of two
// modules is the lower one (ARCHITECTURE.md, layers).
import { describe, expect, it } from 'vitest';
import { importGraph } from './imports.ts';

/** The import cycles (strongly connected components of two or more files, or a file importing itself). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('no import cycles (issue 18 §2)', () => {
  it('the project has none, type-only imports included', () => {
    expect(importCycles(importGraph())).toEqual([]);
  });

  it('a planted cycle is caught, also when one side imports only a type', () => {
    const files = ['src/tournament/bids.ts', 'src/tournament/service.ts', 'src/tournament/hub.ts', 'src/engine/dice.ts'];
    const texts: Record<string, string> = {
      'src/tournament/bids.ts': "import { startMatch } from './service.ts';\n",
      'src/tournament/service.ts': "import { hubPost } from './hub.ts';\n",
      'src/tournament/hub.ts': "import type { Bid } from './bids.ts';\n",
      'src/engine/dice.ts': '',
    };
    expect(importCycles(importGraph(files, (file) => texts[file]))).toEqual([
      ['src/tournament/bids.ts', 'src/tournament/hub.ts', 'src/tournament/service.ts'],
    ]);
  });
});
