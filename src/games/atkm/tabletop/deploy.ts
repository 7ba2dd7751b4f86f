// Deployment zones (Arranging Forces, p.10) and scenario objectives: whole
// footprints inside a side's zone; who holds a place.
import { corners, pointInPolygon, type Pt } from '../../../engine/geometry.ts';
import { fail } from '../../../engine/errors.ts';
import { footprint, footprintPolygon } from './footprint.ts';
import { called, type DeployZone, type Table, type TableUnit } from './types.ts';

/** Every corner of the unit's footprint inside one of its side's zones. */
export function inZone(zones: readonly DeployZone[], u: TableUnit): boolean {
  const cs = footprintPolygon(u);
  return zones.some((z) => z.side === u.side && cs.every((c) => pointInPolygon(c, z.polygon)));
}

/**
 * Checks a unit's deployment: on the table, wholly inside its side's zone, not
 * overlapping another unit or impassable terrain. Throws a RuleError naming why.
 */
export function checkDeployment(table: Table, zones: readonly DeployZone[], units: readonly TableUnit[], u: TableUnit): void {
  const rule = 'ATKM Arranging Forces';
  const cs = corners(footprint(u));
  if (cs.some((c) => c.x < 0 || c.y < 0 || c.x > table.width || c.y > table.height)) fail(rule, `${called(u)} would stand off the table`);
  const mine = zones.filter((z) => z.side === u.side);
  if (!mine.length) fail(rule, `no deployment zone for ${u.side}`);
  if (!inZone(zones, u)) fail(rule, `${called(u)} must stand wholly inside ${u.side}'s deployment zone`, mine.map(zoneText));
  for (const o of units) {
    if (o.id === u.id) continue;
    const oc = corners(footprint(o));
    if (overlaps(cs, oc)) fail(rule, `${called(u)} would overlap ${called(o)}`);
  }
  for (const t of table.terrain)
    if ((t.impassable || t.kind === 'lake') && t.polygon && cs.some((c) => pointInPolygon(c, t.polygon!)))
      fail(rule, `${called(u)} would stand in impassable ${t.name ?? t.kind}`);
}

function overlaps(a: Pt[], b: Pt[]): boolean {
  // Convex footprints: separating axis with a small tolerance so touching bases are fine.
  for (const poly of [a, b])
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const ax = { x: -(q.y - p.y), y: q.x - p.x };
      const pa = a.map((v) => v.x * ax.x + v.y * ax.y);
      const pb = b.map((v) => v.x * ax.x + v.y * ax.y);
      if (Math.max(...pa) <= Math.min(...pb) + 1e-3 || Math.max(...pb) <= Math.min(...pa) + 1e-3) return false;
    }
  return true;
}

function zoneText(z: DeployZone): string {
  const xs = z.polygon.map((p) => p.x);
  const ys = z.polygon.map((p) => p.y);
  return `x ${Math.min(...xs)}-${Math.max(...xs)}, y ${Math.min(...ys)}-${Math.max(...ys)}`;
}

/**
 * Who holds a place (scenario victory, p.28, ours in detail): the side with a
 * unit whose measuring point is inside it while no other side has one; null
 * when empty or contested.
 */
export function holder(place: readonly Pt[], units: readonly TableUnit[]): string | null {
  const sides = new Set(units.filter((u) => pointInPolygon({ x: u.x, y: u.y }, place)).map((u) => u.side));
  return sides.size === 1 ? [...sides][0]! : null;
}
