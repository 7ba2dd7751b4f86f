// Listing what an activated unit may do on the tabletop measures the table
// (moves bisected, lines of sight traced), and the same position is listed
// several times: the buttons, the check of the action chosen, the
// activation's own "anything left?", often on a fresh copy of the state read
// back from storage. Those answers are pure functions of the table and the
// units on it, so they are kept under a key made of exactly those inputs
// (positions, facings, formations, figures): the same answers, measured once.
import type { AtkmState } from './state.ts';
import { tableUnits } from './table.ts';

const MAX = 512;
const cache = new Map<string, unknown>();

/** Forgets every kept answer (tests compare answers measured afresh with kept ones). */
export function clearMemo(): void {
  cache.clear();
}
const tableText = new WeakMap<object, string>();

/** The value kept under key, computed once (least recently used entries go first). */
export function memo<T>(key: string, compute: () => T): T {
  if (cache.has(key)) {
    const v = cache.get(key) as T;
    cache.delete(key);
    cache.set(key, v);
    return v;
  }
  const v = compute();
  cache.set(key, v);
  if (cache.size > MAX) cache.delete(cache.keys().next().value!);
  return v;
}

/** Everything the tabletop measures from: the table and every unit still on it, as the tabletop sees them. */
export function tableKey(s: AtkmState): string {
  const t = s.table!;
  let text = tableText.get(t);
  if (text === undefined) {
    text = JSON.stringify(t);
    tableText.set(t, text);
  }
  return `${text}|${JSON.stringify(tableUnits(s))}`;
}
