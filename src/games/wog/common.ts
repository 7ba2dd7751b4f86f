// Helpers for building legal lists and checking actions against them.
import { RuleError } from '../../engine/errors.ts';
import type { Action, LegalAction } from '../../engine/types.ts';

export function act(sub: string, label: string, args: Record<string, string> = {}, argLabels?: Record<string, string>): LegalAction {
  return { action: { type: sub, ...args }, label, sub, args, ...(argLabels ? { argLabels } : {}) };
}

const same = (a: Action, b: Action): boolean => {
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => String(a[k]) === String(b[k]));
};

/** Refuses an action that is not in the legal list, citing the rule and what is allowed. */
export function mustBeLegal(legal: LegalAction[], action: Action, rule: string, why: string): void {
  if (!legal.some((l) => same(l.action, action))) throw new RuleError(rule, why, legal.map((l) => l.label));
}

/** All subsets of `items` with 1..max members (leaders moving together). */
export function subsets<T>(items: T[], max: number): T[][] {
  const out: T[][] = [];
  const rec = (start: number, cur: T[]): void => {
    if (cur.length) out.push([...cur]);
    if (cur.length === max) return;
    for (let i = start; i < items.length; i++) {
      cur.push(items[i]!);
      rec(i + 1, cur);
      cur.pop();
    }
  };
  rec(0, []);
  return out;
}
