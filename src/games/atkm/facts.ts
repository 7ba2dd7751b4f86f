// What the rules need measured (referee mode: reported by the players as
// options of the action; tabletop mode: computed from positions). Each fact
// is a small closed set, parsed and refused in one place.
import { RuleError } from '../../engine/errors.ts';
import type { Action } from '../../engine/types.ts';

export type Aspect = 'front' | 'flank' | 'rear';
export type Cover = 'none' | 'light' | 'heavy';
export type High = 'none' | 'attacker' | 'defender';

export interface AttackFacts {
  /** Artillery: the target is within 12 inches (grapeshot, 3 dice a gunner). */
  close: boolean;
  /** Where the line from the attacker's front centre meets the target (p.24-25). */
  aspect: Aspect;
  /** The defender is in contact with cover toward the attack (p.24). */
  cover: Cover;
  /** Who stands on higher ground (p.25). */
  high: High;
  /** The defender holds a building (p.26): heavy cover, no flank or rear, no cavalry melee. */
  building: boolean;
  /** Infantry: figures in the front two ranks that fire (default: all in line, 4 in column). */
  firing: number | null;
}

const pick = <T extends string>(a: Action, key: string, allowed: readonly T[], dflt: T, rule: string): T => {
  const v = a[key];
  if (v === undefined || v === null || v === '') return dflt;
  const s = String(v).toLowerCase();
  if (!(allowed as readonly string[]).includes(s))
    throw new RuleError(
      rule,
      `${key} must be ${allowed.join(', ')}, not "${String(v)}".`,
      allowed.map((x) => `${key}:${x}`),
    );
  return s as T;
};

const yes = (a: Action, key: string, rule: string): boolean =>
  pick(a, key, ['yes', 'no', 'true', 'false'] as const, 'no', rule).match(/yes|true/) !== null;

export function attackFacts(a: Action, rule: string): AttackFacts {
  const firing = a.firing === undefined || a.firing === '' || a.firing === null ? null : Number(a.firing);
  if (firing !== null && (!Number.isInteger(firing) || firing < 1))
    throw new RuleError(rule, `firing must be a whole number of figures, 1 or more, not "${String(a.firing)}".`);
  return {
    close: yes(a, 'close', rule),
    aspect: pick(a, 'aspect', ['front', 'flank', 'rear'] as const, 'front', rule),
    cover: pick(a, 'cover', ['none', 'light', 'heavy'] as const, 'none', rule),
    high: pick(a, 'high', ['none', 'attacker', 'defender'] as const, 'none', rule),
    building: yes(a, 'building', rule),
    firing,
  };
}

/** The reported facts, for labels: "flank, light cover". */
export function factsText(f: AttackFacts): string {
  const parts = [
    f.close ? 'within 12"' : '',
    f.aspect !== 'front' ? `${f.aspect} attack` : '',
    f.building ? 'defender in a building' : f.cover !== 'none' ? `${f.cover} cover` : '',
    f.high !== 'none' ? `${f.high} on high ground` : '',
    f.firing !== null ? `${f.firing} firing` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export { yes as factYes };
