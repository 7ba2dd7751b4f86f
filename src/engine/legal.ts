// Listed choices: building a LegalAction, and refusing an action that is not
// one of them (or one of their aliases) with the rule and what is allowed.
import { RuleError } from './errors.ts';
import type { Action, LegalAction } from './types.ts';

/** A listed choice: the subcommand, its label and the option values that make the action. */
export function listed(sub: string, label: string, args: Record<string, string> = {}, argLabels?: Record<string, string>): LegalAction {
  return { action: { type: sub, ...args }, label, sub, args, ...(argLabels ? { argLabels } : {}) };
}

/** The same action, option values compared as text (a command's options arrive as strings). */
export function sameAction(first: Action, second: Action): boolean {
  const firstKeys = Object.keys(first).filter((k) => first[k] !== undefined);
  const secondKeys = Object.keys(second).filter((k) => second[k] !== undefined);
  return firstKeys.length === secondKeys.length && firstKeys.every((k) => String(first[k]) === String(second[k]));
}

/**
 * Refuses an action that is not in the legal list (nor an alias of a listed
 * one), citing the rule and listing what is allowed. With `command` (the
 * game's slash group), an action of a kind not asked for at all names what is
 * asked instead of this choice's limits.
 */
export function mustBeLegal(legal: LegalAction[], action: Action, rule: string, why: string, command?: string): void {
  const isListed = (listed: LegalAction) =>
    sameAction(listed.action, action) ||
    Object.values(listed.aliases ?? {}).some((as) => as.some((x) => x.action && sameAction(x.action, action)));
  if (legal.some(isListed)) return;
  const allowed = legal.map((l) => l.label);
  if (command && !legal.some((l) => l.action.type === action.type)) {
    const subs = [...new Set(legal.map((l) => `/${command} ${l.sub}`))].join(', ');
    throw new RuleError(rule, `/${command} ${action.type} is not a choice now; asked now: ${subs || 'nothing of you'}.`, allowed);
  }
  throw new RuleError(rule, why, allowed);
}
