// Phase Five: Raise Troops (nIP first) and return unassigned mercenaries home.
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal, withCount } from './common.ts';
import { area, areaIdOf, areaName, data, note, sideName, troopLabel, type Side, type Troop, type WogState } from './state.ts';

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

/** What `side` may raise now, one SP at a time, in each controlled area. */
export function raiseOptions(s: WogState, side: Side): { area: string; troop: Troop }[] {
  const out: { area: string; troop: Troop }[] = [];
  for (const a of data().map.areas) {
    if (s.control[a.id] !== side || a.value === null) continue;
    const r = s.raised[a.id] ?? { sp: 0, knight: false, gunner: false };
    if (r.sp >= a.value) continue;
    out.push({ area: a.id, troop: { kind: 'infantry' } });
    if (a.knights && !r.knight) out.push({ area: a.id, troop: { kind: 'knight', flag: a.knights } });
    if (a.gunners && !r.gunner) out.push({ area: a.id, troop: { kind: 'gunner' } });
    if (a.longbow) out.push({ area: a.id, troop: { kind: 'longbow', flag: a.longbow } });
  }
  return out;
}

/** SP `side` may still raise in an area this turn (its value less what it raised). */
const spLeft = (s: WogState, a: string): number => area(a).value! - (s.raised[a]?.sp ?? 0);
/** How many of one kind one command may raise: knights and gunners one per area per turn, others up to the SP left. */
const maxCount = (s: WogState, a: string, kind: Troop['kind']): number => (kind === 'knight' || kind === 'gunner' ? 1 : spLeft(s, a));

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

/** Phase 5's limits on a quantity, said before the legal-list check so a refusal names the limit. */
function checkCount(s: WogState, side: Side, a: Action): void {
  if (a.count === undefined) return;
  const n = Number(a.count);
  const where = areaIdOf(String(a.area));
  if (!Number.isInteger(n) || n < 1) throw new RuleError(RULE, `count must be a whole number of SP, 1 or more (not "${String(a.count)}").`);
  if (where === null || s.control[where] !== side || area(where).value === null) return; // the legal-list check explains
  if ((a.kind === 'knight' || a.kind === 'gunner') && n > 1) throw new RuleError(RULE, `Only 1 ${a.kind} can be raised per area per turn.`);
  if (n > spLeft(s, where))
    throw new RuleError(
      RULE,
      `${areaName(where)} may raise ${spLeft(s, where)} more SP this turn (SP raised = area value, ${area(where).value}).`,
    );
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
    if (a.type === 'raise') checkCount(s, side, a);
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
