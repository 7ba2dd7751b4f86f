// Helpers for legal lists: a listed choice, and refusing what is not listed.
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

export function mustBeLegal(legal: LegalAction[], action: Action, rule: string, why: string): void {
  if (!legal.some((l) => same(l.action, action)))
    throw new RuleError(
      rule,
      why,
      legal.map((l) => l.label),
    );
}
