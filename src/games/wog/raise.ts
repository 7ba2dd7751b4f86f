// Phase Five: Raise Troops (nIP first) and return unassigned mercenaries home.
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
import { area, areaName, data, note, sideName, troopLabel, type Side, type Troop, type WogState } from './state.ts';

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

function raiseLegal(s: WogState, side: Side): LegalAction[] {
  const out = raiseOptions(s, side).map((o) =>
    act('raise', `Raise 1 ${troopLabel(o.troop)} in ${areaName(o.area)} (${area(o.area).value! - (s.raised[o.area]?.sp ?? 0)} SP left)`, { area: o.area, kind: o.troop.kind }, { area: areaName(o.area) }),
  );
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
  prompts: (s, f) => [{ role: f.sides[0]!, text: 'Raise troops in your controlled areas (/wog raise), then /wog done.', decision: `t${s.turn}:raise:${f.sides[0]}` }],
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
    mustBeLegal(raiseLegal(s, side), a, RULE, 'Raise up to the area value in SP in each controlled area: knights by flag (one per area), gunners in value-3 areas (one per area), longbowmen in England and Wales.');
    if (a.type === 'raise') {
      const o = raiseOptions(s, side).find((x) => x.area === a.area && x.troop.kind === a.kind)!;
      raiseOne(s, o.area, { ...o.troop });
      return;
    }
    let n = 0;
    for (const ar of data().map.areas)
      if (s.control[ar.id] === side && ar.value !== null)
        while ((s.raised[ar.id]?.sp ?? 0) < ar.value) {
          raiseOne(s, ar.id, { kind: 'infantry' });
          n++;
        }
    const raised = Object.entries(s.raised).filter(([id]) => s.control[id] === side).reduce((x, [, r]) => x + r.sp, 0);
    note(s, ctx, 'raise', `${sideName(side)} raise ${raised} SP (${n} as infantry by default).`);
    f.sides.shift();
  },
};
