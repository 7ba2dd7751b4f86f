// 12.1, 12.2, 12.6 what a moving group has and spends: its units, pip
// allowance, pips left, the cost of a connection. Shared by movement and
// Battle marker placement (12.7), so neither imports the other for these.
import type { Link } from './map.ts';
import { isWinter, type Group, type KpwState, type Side, type Unit } from './state.ts';

export function groupUnits(s: KpwState, g: Group): Unit[] {
  return g.units.map((id) => s.units[id]).filter((u) => u && u.where === 'map');
}

/** 12.1: war band 6, company 5; Guide +1, Spy -1 (in half-pips). */
export function allowance(side: Side, us: Unit[]): number {
  let p = side === 'indian' ? 6 : 5;
  if (us.some((u) => u.guide)) p++;
  if (us.some((u) => u.spy)) p--;
  return p * 2;
}

export const pipsLeft = (s: KpwState, side: Side, g: Group): number => allowance(side, groupUnits(s, g)) - g.used;

/** Half-pip cost of a connection for this group, or null when it may not use it (12.1, 12.2, 12.6). */
export function edgeCost(s: KpwState, side: Side, us: Unit[], link: Link): number | null {
  const w = isWinter(s) ? 2 : 1;
  if (link.river) {
    if (side === 'english' && !(s.churchEntered && us.some((u) => u.id === 'church' || u.kind === 'allied'))) return null;
    return w;
  }
  if (side === 'english' && !s.churchEntered && link.pips > 1 && !us.some((u) => u.guide)) return null;
  return link.pips * 2 * w;
}

/** The group has not stepped yet: it still stands where it began (12.1 staying is not entering). */
export const staying = (g: Group): boolean => g.used === 0;
