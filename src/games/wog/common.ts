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

/** Refuses an action that is not in the legal list (or one of its aliases, e.g. a quantity), citing the rule and what is allowed. */
export function mustBeLegal(legal: LegalAction[], action: Action, rule: string, why: string): void {
  const listed = (l: LegalAction) =>
    same(l.action, action) || Object.values(l.aliases ?? {}).some((as) => as.some((x) => x.action && same(x.action, action)));
  if (legal.some(listed)) return;
  // Another kind of action than the ones asked for: say what is asked, not this step's limits.
  if (!legal.some((l) => l.action.type === action.type)) {
    const subs = [...new Set(legal.map((l) => `/wog ${l.sub}`))].join(', ');
    throw new RuleError(
      rule,
      `/wog ${action.type} is not a choice now; asked now: ${subs || 'nothing of you'}.`,
      legal.map((l) => l.label),
    );
  }
  throw new RuleError(
    rule,
    why,
    legal.map((l) => l.label),
  );
}

/**
 * A quantity option on a listed action: the action itself means `plain` (1 for
 * a raise, all for a deploy); 1..max are aliases carrying `count`, so the
 * command without count stays one choice and each count is checked as listed.
 */
export function withCount(l: LegalAction, max: number, plain = 1): LegalAction {
  const as = Array.from({ length: max }, (_, i) => String(i + 1)).map((n) => ({ value: n, action: { ...l.action, count: n } }));
  return { ...l, args: { ...l.args, count: String(plain) }, aliases: { ...l.aliases, count: as } };
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
