// Helpers for legal lists: a listed choice, and refusing what is not listed (engine/legal.ts, shared with WoG).
import type { LegalAction } from '../../engine/types.ts';

export { listed as act, mustBeLegal } from '../../engine/legal.ts';

/** A fact that does not matter for this choice (near: for a green unit) is accepted with any value. */
export function ignoring(l: LegalAction, key: string, values: string[]): LegalAction {
  return { ...l, aliases: { ...l.aliases, [key]: values.map((value) => ({ value, action: { ...l.action, [key]: value } })) } };
}
