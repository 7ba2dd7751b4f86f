// Phase Five: Raise Troops (nIP first) and return unassigned mercenaries home.
// One rule (raiseRefusal) decides what may be raised and explains a refusal.
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal, withCount } from './common.ts';
import type { WogArea } from './data.ts';
import { area, areaIdOf, areaName, data, normName, note, sideName, troopLabel, type Side, type Troop, type WogState } from './state.ts';

const RULE = 'WoG Phase 5';

export interface SidesFrame {
  proc: string;
  step: 'go';
  sides: Side[];
  [k: string]: unknown;
}

export function returnMercenaries(s: WogState, ctx: Ctx): void {
  let n = 0;
  for (const a of data().map.areas) {
    if (a.kind === 'neutral') continue;
    const keep: Troop[] = [];
    for (const t of s.loose[a.id] ?? []) {
      if (t.kind === 'mercenary' && t.home) {
        s.loose[t.home]!.push(t);
        n++;
      } else keep.push(t);
    }
    s.loose[a.id] = keep;
  }
  if (n) note(s, ctx, 'mercenaries', `${n} unassigned mercenaries return home.`);
}

const KINDS: Troop['kind'][] = ['infantry', 'knight', 'gunner', 'longbow'];
/** The kind as typed: its id, a plural, or the troop's other name. */
const KIND_WORDS: Record<string, Troop['kind']> = {
  infantry: 'infantry',
  knight: 'knight',
  knights: 'knight',
  chevalier: 'knight',
  chevaliers: 'knight',
  gunner: 'gunner',
  gunners: 'gunner',
  longbow: 'longbow',
  longbows: 'longbow',
  longbowman: 'longbow',
  longbowmen: 'longbow',
};
const kindOf = (typed: string): Troop['kind'] | null =>
  KIND_WORDS[normName(typed).replace(/^(english|welsh|burgundian|french) /, '')] ?? null;

/** SP `side` may still raise in an area this turn (its value less what it raised). */
const spLeft = (s: WogState, a: string): number => area(a).value! - (s.raised[a]?.sp ?? 0);
/** How many of one kind one command may raise: knights and gunners one per area per turn, others up to the SP left. */
const maxCount = (s: WogState, a: string, kind: Troop['kind']): number => (kind === 'knight' || kind === 'gunner' ? 1 : spLeft(s, a));

/** The troop a kind raised in an area is: knights and longbowmen carry the area's flag. */
function troopOf(a: string, kind: Troop['kind']): Troop {
  const ar = area(a);
  if (kind === 'knight') return { kind, flag: ar.knights! };
  if (kind === 'longbow') return { kind, flag: ar.longbow! };
  return { kind };
}

const listAreas = (pick: (a: WogArea) => boolean): string =>
  data()
    .map.areas.filter(pick)
    .map((a) => a.name)
    .join(', ');

/**
 * The one Phase 5 rule for raising `count` SP of a kind in an area: null when
 * `side` may, else the refusal, naming the rule it breaks and what is
 * allowed. The legal list (raiseOptions) is built from it, so what is offered
 * and what is refused can never disagree.
 */
export function raiseRefusal(
  s: WogState,
  side: Side,
  typedArea: string,
  typedKind: string,
  typedCount: number | string = 1,
): RuleError | null {
  const a = areaIdOf(typedArea);
  if (a === null) return new RuleError(RULE, `"${typedArea}" is not an area of the map.`);
  const ar = area(a);
  if (s.control[a] !== side || ar.value === null)
    return new RuleError(
      `${RULE} (controlled areas)`,
      `${ar.name} is ${ar.value === null ? 'neutral' : s.control[a] ? `controlled by the ${sideName(s.control[a])}` : 'not controlled by anyone'}: ` +
        'troops are raised only in your own controlled areas.',
    );
  const kind = kindOf(typedKind);
  if (kind === null) return new RuleError(RULE, `"${typedKind}" is not a kind of troops raised: infantry, knight, gunner or longbow.`);
  const left = spLeft(s, a);
  if (left <= 0)
    return new RuleError(
      `${RULE} (area value)`,
      `${ar.name} has raised all ${ar.value} SP it may this turn (SP raised = area value, ${ar.value}).`,
    );
  const r = s.raised[a];
  if (kind === 'knight') {
    if (!ar.knights)
      return new RuleError(
        `${RULE} (knights)`,
        `No knights are raised in ${ar.name}: knights and chevaliers are raised only in the country of their flag ` +
          `(English knights in ${listAreas((x) => x.knights === 'english')}; Burgundian chevaliers in ` +
          `${listAreas((x) => x.knights === 'burgundian')}; French chevaliers in the French areas).`,
      );
    if (r?.knight)
      return new RuleError(`${RULE} (knights)`, `${ar.name} has raised its knight this turn: only 1 knight per area per turn.`);
  }
  if (kind === 'gunner') {
    if (!ar.gunners)
      return new RuleError(
        `${RULE} (gunners)`,
        `Gunners are raised only in value-3 areas (${listAreas((x) => x.gunners)}); ${ar.name} is value ${ar.value}.`,
      );
    if (r?.gunner) return new RuleError(`${RULE} (gunners)`, `${ar.name} has raised its gunner this turn: one gunner per area per turn.`);
  }
  if (kind === 'longbow' && !ar.longbow)
    return new RuleError(
      `${RULE} (longbowmen)`,
      `Longbowmen are raised only in England and Wales, by their flag (${listAreas((x) => x.longbow !== null)}), not in ${ar.name}.`,
    );
  const count = Number(typedCount);
  if (!Number.isInteger(count) || count < 1)
    return new RuleError(RULE, `count must be a whole number of SP, 1 or more (not "${String(typedCount)}").`);
  if (count > 1 && (kind === 'knight' || kind === 'gunner'))
    return new RuleError(`${RULE} (${kind}s)`, `Only 1 ${kind} can be raised per area per turn.`);
  if (count > left)
    return new RuleError(`${RULE} (area value)`, `${ar.name} may raise ${left} more SP this turn (SP raised = area value, ${ar.value}).`);
  return null;
}

/** What `side` may raise now, one SP at a time, in each controlled area (those the Phase 5 rule accepts). */
export function raiseOptions(s: WogState, side: Side): { area: string; troop: Troop }[] {
  const out: { area: string; troop: Troop }[] = [];
  for (const a of data().map.areas) {
    if (s.control[a.id] !== side) continue;
    for (const kind of KINDS) if (raiseRefusal(s, side, a.id, kind) === null) out.push({ area: a.id, troop: troopOf(a.id, kind) });
  }
  return out;
}

function raiseLegal(s: WogState, side: Side): LegalAction[] {
  const out = raiseOptions(s, side).map((o) => {
    const max = maxCount(s, o.area, o.troop.kind);
    const l = act(
      'raise',
      `Raise 1 ${troopLabel(o.troop)} in ${areaName(o.area)} (${spLeft(s, o.area)} SP left${max > 1 ? `; count: up to ${max}` : ''})`,
      { area: o.area, kind: o.troop.kind },
      { area: areaName(o.area) },
    );
    return withCount(l, max);
  });
  out.push(act('done', out.length ? 'Done: raise infantry with every SP left' : 'Done raising troops'));
  return out;
}

function raiseOne(s: WogState, a: string, t: Troop): void {
  const r = (s.raised[a] ??= { sp: 0, knight: false, gunner: false });
  r.sp++;
  if (t.kind === 'knight') r.knight = true;
  if (t.kind === 'gunner') r.gunner = true;
  s.loose[a]!.push(t);
}

export const raiseProc: Procedure<WogState, SidesFrame> = {
  prompts: (s, f) => [
    {
      role: f.sides[0]!,
      text: 'Raise troops in your controlled areas (/wog raise), then /wog done.',
      decision: `t${s.turn}:raise:${f.sides[0]}`,
    },
  ],
  legal: (s, f, role) => (role === f.sides[0] ? raiseLegal(s, role as Side) : []),
  auto(s, f) {
    if (!f.sides.length) {
      retWith(s.stack);
      return true;
    }
    return false;
  },
  apply(s, f, role, a, ctx) {
    const side = f.sides[0]!;
    if (role !== side) throw new RuleError(RULE, `The ${sideName(side)} raise troops now (nIP first).`);
    // The Phase 5 rule's own reason, before the listed-choice check (which only lists what is allowed).
    if (a.type === 'raise') {
      const why = raiseRefusal(s, side, String(a.area ?? ''), String(a.kind ?? ''), a.count === undefined ? 1 : String(a.count));
      if (why) throw why;
    }
    mustBeLegal(
      raiseLegal(s, side),
      a,
      RULE,
      'Raise up to the area value in SP in each controlled area: knights by flag (one ' +
        'per area), gunners in value-3 areas (one per area), longbowmen in England and ' +
        'Wales.',
    );
    if (a.type === 'raise') {
      const o = raiseOptions(s, side).find((x) => x.area === a.area && x.troop.kind === a.kind)!;
      const n = a.count === undefined ? 1 : Number(a.count);
      for (let i = 0; i < n; i++) raiseOne(s, o.area, { ...o.troop });
      if (n > 1) note(s, ctx, 'raise', `${sideName(side)} raise ${n} ${troopLabel(o.troop)} in ${areaName(o.area)}.`);
      return;
    }
    let n = 0;
    for (const ar of data().map.areas)
      if (s.control[ar.id] === side && ar.value !== null)
        while ((s.raised[ar.id]?.sp ?? 0) < ar.value) {
          raiseOne(s, ar.id, { kind: 'infantry' });
          n++;
        }
    const raised = Object.entries(s.raised)
      .filter(([id]) => s.control[id] === side)
      .reduce((x, [, r]) => x + r.sp, 0);
    note(s, ctx, 'raise', `${sideName(side)} raise ${raised} SP (${n} as infantry by default).`);
    f.sides.shift();
  },
};
