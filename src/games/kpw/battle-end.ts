// After the advance (13.7): 13.9 Battle Step 8 applies the event die (Spy or
// Guide placed, massacre levy) and 13.10 flips the marker to Battle Fought.
import type { Ctx } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import { markersAvailable } from './common.ts';
import { battleOf, type Combatant } from './battle-sides.ts';
import { isLeader, note, type BattleFrame, type KpwState, type Side, unitList } from './state.ts';

function placeSpiesAndGuides(s: KpwState, f: BattleFrame, ctx: Ctx): void {
  for (const [list, kind] of [
    [f.pendingSpy, 'spy'],
    [f.pendingGuide, 'guide'],
  ] as const) {
    for (const x of list as Combatant[]) {
      // The leader who fought in this battle, wherever he stands now (he may have advanced).
      const l = f[x].units.map((id) => s.units[id]).find((u) => u && u.where === 'map' && isLeader(u));
      if (!l || l[kind] || !markersAvailable(s, kind)) continue;
      l[kind] = true;
      note(s, ctx, kind, `${l.name} takes a ${kind === 'spy' ? 'Spy' : 'Guide'} (13.3).`);
    }
  }
}

/** Massacre (13.3, applied at 13.9): one full-strength Infantry from the pool or Eliminated box of an eligible tribe/colony. */
function massacreItems(s: KpwState, side: Side): string[] {
  const out: string[] = [];
  const owners =
    side === 'indian'
      ? Object.keys(s.tribes).filter((t) => s.tribes[t].status === 'allied' && !s.tribes[t].devastated)
      : Object.keys(s.colonies).filter((c) => !s.colonies[c].devastated);
  for (const o of owners) {
    const kind = side === 'indian' ? 'warrior' : 'soldier';
    const pool = unitList(s).find((u) => u.owner === o && u.kind === kind && u.where === 'pool' && u.wasAt === undefined);
    const elim = unitList(s).find((u) => u.owner === o && u.kind === kind && u.where === 'elim');
    if (pool) out.push(pool.id);
    if (elim) out.push(elim.id);
  }
  return out;
}

/** 13.9 Battle Step 8: Spies and Guides won by the event die; a Massacre's new unit. */
export function autoEvent8(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  placeSpiesAndGuides(s, f, ctx);
  f.step = 'done';
  if (f.massacre && !s.stack.ended) {
    const team = f[f.massacre].team;
    if (team !== 'mohawk') {
      const items = massacreItems(s, team);
      if (items.length) call(s.stack, { proc: 'place', step: 'place', side: team, purpose: 'massacre', items });
    }
  }
  return true;
}

/** 13.10 Battle Fought: the marker is spent and the battle returns to the combat phase. */
export function autoDone(s: KpwState, f: BattleFrame): boolean {
  battleOf(s, f).fought = true;
  s.stack.frames.pop();
  return true;
}
