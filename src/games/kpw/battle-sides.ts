// The two sides of one battle (13.0): attacker A and defender D, their units
// still in the fight and the defender's own site. Shared by the battle steps
// (battle.ts), losses (losses.ts) and what follows (advance, battle end), so
// none of them needs to import another for these.
import { intact } from './common.ts';
import { siteSide } from './map.ts';
import type { Battle, BattleFrame, KpwState, Side, Unit } from './state.ts';

/** A battle side: A the attacker, D the defender. */
export type Combatant = 'A' | 'D';
export const opponentOf = (x: Combatant): Combatant => (x === 'A' ? 'D' : 'A');

export function battleOf(s: KpwState, f: BattleFrame): Battle {
  return s.battles.find((b) => b.id === f.id)!;
}

/** The battle side's units still in the fight. */
export function unitsInBattle(s: KpwState, f: BattleFrame, x: Combatant): Unit[] {
  const b = battleOf(s, f);
  const where = x === 'A' ? b.from : b.to;
  return f[x].units.map((id) => s.units[id]).filter((u) => u && u.where === 'map' && u.loc === where);
}

/** The defender's own standing settlement/village/fort in the battle space, if any. */
export function hasSite(s: KpwState, f: BattleFrame, x: Combatant): boolean {
  const b = battleOf(s, f);
  if (x === 'A' || b.mohawk) return false;
  return intact(s, b.to) && siteSide(b.to) === f.D.team;
}

/** The player who decides for a battle side (attacker or defender). */
export function sideOf(f: BattleFrame, x: Combatant): Side {
  return x === 'A' ? f.A.role : f.D.role;
}
