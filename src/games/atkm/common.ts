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
  const listed = (l: LegalAction) =>
    same(l.action, action) || Object.values(l.aliases ?? {}).some((as) => as.some((x) => x.action && same(x.action, action)));
  if (!legal.some(listed))
    throw new RuleError(
      rule,
      why,
      legal.map((l) => l.label),
    );
}

/** A fact that does not matter for this choice (near: for a green unit) is accepted with any value. */
export function ignoring(l: LegalAction, key: string, values: string[]): LegalAction {
  return { ...l, aliases: { ...l.aliases, [key]: values.map((value) => ({ value, action: { ...l.action, [key]: value } })) } };
}
