// Helpers for building legal lists and checking actions against them.
import { mustBeLegal as checkListed } from '../../engine/legal.ts';
import type { Action, LegalAction } from '../../engine/types.ts';

export { listed as act } from '../../engine/legal.ts';

/** Refuses an action that is not listed, citing the rule and what is allowed (engine/legal.ts). */
export function mustBeLegal(legal: LegalAction[], action: Action, rule: string, why: string): void {
  checkListed(legal, action, rule, why, 'wog');
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
