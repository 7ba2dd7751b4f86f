// Helpers for legal lists: a listed choice, and refusing what is not listed (engine/legal.ts, shared with WoG).
import type { LegalAction } from '../../engine/types.ts';

export { listed as act, mustBeLegal } from '../../engine/legal.ts';

/** What a player may type for a yes/no fact: the README's yes/no, or true/false. */
const SAME: Record<string, string[]> = { yes: ['true'], no: ['false'] };

/** A listed yes/no fact (near:yes) that also answers to true/false, as a typed boolean would arrive. */
export function yesNo(l: LegalAction, key: string): LegalAction {
  const v = l.args[key];
  const words = v === undefined ? [] : (SAME[v] ?? []);
  if (!words.length) return l;
  return { ...l, aliases: { ...l.aliases, [key]: [...(l.aliases?.[key] ?? []), ...words.map((value) => ({ value, action: l.action }))] } };
}

/**
 * A fact that does not matter for this choice (near: for a green unit): listed
 * as `any`, with why in its label (autocomplete shows it), and accepted as
 * yes, no, true or false; the action itself leaves it out (as WoG's withCount).
 */
export function ignoring(l: LegalAction, key: string, why: string): LegalAction {
  const values = ['yes', 'no', ...SAME.yes!, ...SAME.no!];
  return {
    ...l,
    args: { ...l.args, [key]: 'any' },
    argLabels: { ...l.argLabels, [key]: `any (${why})` },
    aliases: { ...l.aliases, [key]: values.map((value) => ({ value, action: { ...l.action, [key]: value } })) },
  };
}
