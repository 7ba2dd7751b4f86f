// What a unit can reach now, for autocomplete and bots: enemies it may fire
// on (in range, in arc, in sight) and enemies it may charge (front centre
// into contact within its move), each with the measurement that decided it.
import { attempt } from './attempt.ts';
import { corners, dist, nearestOnPolygon, round2, type Pt } from '../../../engine/geometry.ts';
import { cannon, footprintPolygon } from './footprint.ts';
import { checkFireGeometry, generalDistance, type FireGeometry } from './measure.ts';
import { checkMove, type MoveOptions, type MoveResult } from './move.ts';
import { tabletopData } from './data.ts';
import type { Table, TableGeneral, TableUnit } from './types.ts';

/** Enemy units the firer may fire on now (Staging Fire Attacks), nearest first. */
export function fireTargets(table: Table, units: readonly TableUnit[], firerId: string): { id: string; geometry: FireGeometry }[] {
  const firer = units.find((u) => u.id === firerId);
  if (!firer) return [];
  const out: { id: string; geometry: FireGeometry }[] = [];
  for (const t of units) {
    if (t.side === firer.side) continue;
    const geometry = attempt(() => checkFireGeometry(table, units, firer, t));
    if (geometry) out.push({ id: t.id, geometry });
  }
  return out.sort((a, b) => a.geometry.distance - b.geometry.distance);
}

/** Enemy units the unit may charge now: `toward:<id> stop:contact` is a legal move (Making Contact). */
export function chargeTargets(
  table: Table,
  units: readonly TableUnit[],
  id: string,
  opts: MoveOptions = {},
): { id: string; move: MoveResult }[] {
  const u = units.find((x) => x.id === id);
  if (!u) return [];
  const out: { id: string; move: MoveResult }[] = [];
  for (const t of units) {
    if (t.side === u.side) continue;
    const move = attempt(() => checkMove(table, units, id, `toward:${t.id} stop:contact`, opts));
    if (move?.charged === t.id) out.push({ id: t.id, move });
  }
  return out.sort((a, b) => a.move.distance - b.move.distance);
}

/** A general touching a unit (restoring its officer or ensign, Optional Rule: Special Casualties). */
export function generalInContact(g: Pick<TableGeneral, 'x' | 'y'>, u: TableUnit): boolean {
  // A general's figure stands on a 1-inch base: its centre within half an inch of the footprint (ours).
  return generalDistance(g, u) <= 0.5 + tabletopData().contactTolerance.value;
}

/**
 * Where a general stands to touch a unit (the King's restore, Special Casualties): half an inch off the unit's
 * nearest edge (its cannon for artillery), on his side of it; where he stands when he touches it already.
 */
export function contactPoint(g: Pt, u: TableUnit): Pt {
  const c = cannon(u);
  const q = nearestOnPolygon(g, c ? corners(c) : footprintPolygon(u));
  const d = dist(g, q);
  if (generalInContact(g, u)) return { x: round2(g.x), y: round2(g.y) };
  return { x: round2(q.x + ((g.x - q.x) * 0.5) / d), y: round2(q.y + ((g.y - q.y) * 0.5) / d) };
}

/** Units of a side within the general's 12 inches (Command Points), with their distances. */
export function unitsInCommand(g: TableGeneral, units: readonly TableUnit[]): { id: string; distance: number }[] {
  const r = tabletopData().commandRadius.value;
  return units
    .filter((u) => u.side === g.side)
    .map((u) => ({ id: u.id, distance: round2(generalDistance(g, u)) }))
    .filter((x) => x.distance <= r)
    .sort((a, b) => a.distance - b.distance);
}
