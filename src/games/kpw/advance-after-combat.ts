// 13.7 Battle Step 6: advance after combat (the attacker's units moving into
// the battle space). What follows the battle is battle-end.ts.
import { check, fail } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { controlled, isOpen, legalAction, leftoverProblem, listUnits, stopProblem, subsets } from './common.ts';
import { spaceName } from './map.ts';
import {
  at,
  isInf,
  isLeader,
  note,
  other,
  type Battle,
  type BattleFrame,
  type CombatFrame,
  type KpwState,
  type Side,
  type Unit,
} from './state.ts';
import { battleOf, unitsInBattle } from './battle-sides.ts';

function combatFrame(s: KpwState): CombatFrame | undefined {
  for (let i = s.stack.frames.length - 1; i >= 0; i--) {
    const f = s.stack.frames[i];
    if (f.proc === 'combat') return f;
  }
  return undefined;
}

/** 13.7: the space must be open and free of enemy Infantry. */
function mayAdvance(s: KpwState, f: BattleFrame): boolean {
  const b = battleOf(s, f);
  if (b.mohawk) return false;
  if (at(s, b.to, other(b.side)).some(isInf)) return false;
  return isOpen(s, b.to);
}

/** Groups that may advance: this battle's survivors, and stacks marked for battle with the same space. */
export function advanceChoices(s: KpwState, f: BattleFrame): { from: string; units: Unit[]; battle?: Battle }[] {
  if (!mayAdvance(s, f)) return [];
  const b = battleOf(s, f);
  const side = b.side;
  const out: { from: string; units: Unit[]; battle?: Battle }[] = [];
  const consider = (from: string, pool: Unit[], battle?: Battle) => {
    for (const g of subsets(pool)) {
      if (!g.some(isInf) && !g.every(isLeader)) continue;
      if (
        stopProblem(s, side, g, b.to) ||
        leftoverProblem(
          s,
          side,
          from,
          g.map((u) => u.id),
        )
      )
        continue;
      out.push({ from, units: g, battle });
    }
  };
  consider(b.from, unitsInBattle(s, f, 'A'));
  const cf = combatFrame(s);
  for (const o of s.battles) {
    if (o.id === b.id || o.fought || o.side !== side || o.to !== b.to || o.mohawk) continue;
    const pool = at(s, o.from, side).filter((u) => controlled(s, u) && !(cf?.attacked ?? []).includes(u.id));
    consider(o.from, pool, o);
  }
  return out;
}

export function legalAdvance(s: KpwState, f: BattleFrame, role: Side): LegalAction[] {
  const b = battleOf(s, f);
  if (role !== b.side) return [];
  const out = advanceChoices(s, f).map((c) => {
    const ids = c.units.map((u) => u.id).join('+');
    return legalAction(
      { type: 'advance', units: ids },
      `Advance ${listUnits(c.units)} from ${spaceName(c.from)} into ${spaceName(b.to)}`,
      'advance',
      { units: ids },
      { units: `${listUnits(c.units)} (${spaceName(c.from)})` },
    );
  });
  out.push(legalAction({ type: 'stay' }, `Do not advance${f.advanced ? ' further' : ''}`, 'stay'));
  return out;
}

export function applyAdvance(s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx): void {
  const b = battleOf(s, f);
  check(role === b.side, 'KPW 13.7', 'Only the attacker may advance.');
  if (a.type === 'stay') {
    f.step = 'event8';
    return;
  }
  check(a.type === 'advance', 'KPW 13.7', 'Advance or stay.');
  const ids = String(a.units).split('+');
  const c = advanceChoices(s, f).find((x) => x.units.length === ids.length && x.units.every((u) => ids.includes(u.id)));
  if (!c) {
    if (!mayAdvance(s, f)) fail('KPW 13.7', `You may advance only into an open space free of enemy Infantry; ${spaceName(b.to)} is not.`);
    fail(
      'KPW 13.7',
      'Those units may not advance together (they must have attacked, or been marked to attack, this space; stacking limits apply).',
    );
  }
  for (const u of c.units) u.loc = b.to;
  f.advanced = true;
  note(s, ctx, 'advance', `${listUnits(c.units)} advance${c.units.length === 1 ? 's' : ''} into ${spaceName(b.to)}.`);
  if (c.battle) {
    const cf = combatFrame(s);
    cf?.attacked.push(...ids);
    const rest = at(s, c.battle.from, b.side).filter((u) => !(cf?.attacked ?? []).includes(u.id));
    if (!rest.some(isInf)) c.battle.fought = true;
  }
}

/** 13.7: with nothing that may advance, the battle goes on to its event die. */
export function autoAdvance(s: KpwState, f: BattleFrame): boolean {
  if (advanceChoices(s, f).length) return false;
  f.step = 'event8';
  return true;
}
