// The action a typed /kpw command names, built without the legal list, so a
// refusal can give the rule's own reason (the command layer asks apply why).
import { fail } from '../../engine/errors.ts';
import type { Action } from '../../engine/types.ts';
import { kpwMap } from './map.ts';
import { counterMix } from './setup.ts';

const norm = (x: string): string =>
  x
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A space id from its id or display name ("Queen's Fort"), or the text as typed. */
export function spaceId(typed: string): string {
  const t = norm(typed);
  for (const [id, space] of kpwMap().space) if (norm(id) === t || norm(space.name) === t) return id;
  return typed.trim();
}

/** A space id for a probe; a name that is no space on the map is refused as such, whatever the command. */
function knownSpace(typed: string): string {
  const id = spaceId(typed);
  if (!kpwMap().space.has(id)) fail('KPW 4.2', `No such space: there is no "${typed.trim()}" on the map.`);
  return id;
}

/** A connection key: "x", "x~river", "x~ocean", also as labelled ("Winnecunnet (river)"). */
export function stepKey(typed: string): string {
  const m = /^(.*?)\s*(?:~\s*(river|ocean)|\((river|ocean)\))\s*$/i.exec(typed);
  if (!m) return knownSpace(typed);
  return `${knownSpace(m[1])}~${(m[2] ?? m[3]).toLowerCase()}`;
}

let names: Map<string, string> | null = null;
/** A unit id from its id or name ("WA Warrior 1"), or the text as typed. */
export function unitId(typed: string): string {
  names ??= new Map(
    Object.values(counterMix()).flatMap(
      (u) =>
        [
          [norm(u.id), u.id],
          [norm(u.name), u.id],
        ] as [string, string][],
    ),
  );
  return names.get(norm(typed)) ?? typed.trim();
}

/** "all", or units joined by + or commas (ids or names). */
export function unitsArg(typed: string): string {
  const t = typed.replace(/^all\s*\(.*\)$/i, 'all').trim();
  if (norm(t) === 'all') return 'all';
  return t
    .split(/\s*[+,]\s*/)
    .filter(Boolean)
    .map(unitId)
    .join('+');
}

const given = (a: Record<string, string>, k: string): string | null => (a[k] === undefined || a[k] === '' ? null : a[k]);

/** Probes per subcommand: null when an option is missing (nothing to ask apply about). */
export const PROBES: Record<string, (a: Record<string, string>) => Action | null> = {
  step: (a) => (given(a, 'to') ? { type: 'step', to: stepKey(a.to) } : null),
  activate: (a) => (given(a, 'space') ? { type: 'activate', space: knownSpace(a.space), units: unitsArg(a.units ?? 'all') } : null),
  battle: (a) => (given(a, 'target') ? { type: 'battle', target: stepKey(a.target) } : null),
  pickup: (a) => (given(a, 'unit') ? { type: 'pickup', unit: unitId(a.unit) } : null),
  drop: (a) => (given(a, 'unit') ? { type: 'drop', unit: unitId(a.unit) } : null),
  muskets: (a) =>
    given(a, 'unit') ? { type: 'muskets', unit: unitId(a.unit), ...(given(a, 'from') ? { from: unitId(a.from) } : {}) } : null,
  evade: (a) => (given(a, 'to') ? { type: 'evade', to: knownSpace(a.to) } : null),
  intercept: (a) => (given(a, 'from') ? { type: 'intercept', from: knownSpace(a.from) } : null),
  // Subcommands without options name their action outright.
  stop: () => ({ type: 'stop' }),
  end: () => ({ type: 'end' }),
  stand: () => ({ type: 'stand' }),
  stay: () => ({ type: 'stay' }),
  decline: () => ({ type: 'decline' }),
  roll: () => ({ type: 'roll' }),
  place: (a) =>
    given(a, 'unit') && given(a, 'to')
      ? {
          type: 'place',
          unit: norm(a.unit) === 'musket marker' || norm(a.unit) === 'musket' ? 'musket' : unitId(a.unit),
          to: knownSpace(a.to),
        }
      : null,
  // Recruiting has no probe of its own; an unknown space is still named as such.
  recruit: (a) => {
    if (given(a, 'space')) knownSpace(a.space);
    return null;
  },
};
