// Measuring on the tabletop: distances, arcs, line of sight, fire range and
// arc, the general's 12 inches, contact. Pure functions of the table and units.
import {
  arcOfPoint,
  corners,
  dist,
  distPointPolygon,
  distPolygons,
  headingVec,
  inFrontHalf,
  lengthInside,
  nearestOnPolygon,
  pointInPolygon,
  polygonsWithin,
  round2,
  segmentEntersPolygon,
  segmentHitsCircle,
  segmentHitsPolygon,
  sideFacing,
  type Pt,
} from '../../../engine/geometry.ts';
import { fail } from '../../../engine/errors.ts';
import { tabletopData } from './data.ts';
import { aimPoint, cannon, CENTRE_RADIUS, contactShape, footprint, footprintPolygon, isArtillery, targetShape } from './footprint.ts';
import { called, type Table, type TableGeneral, type TableUnit, type TerrainPiece } from './types.ts';

/** Distance from a point to a shape (a one-point shape is a point). */
function distToShape(p: Pt, shape: Pt[]): number {
  return shape.length === 1 ? dist(p, shape[0]!) : distPointPolygon(p, shape);
}

/** Edge-to-edge distance between two units' footprints. */
export function unitDistance(a: TableUnit, b: TableUnit): number {
  return distPolygons(footprintPolygon(a), footprintPolygon(b));
}

/** Footprints touching, within the contact tolerance. */
export function inContact(a: TableUnit, b: TableUnit): boolean {
  return polygonsWithin(footprintPolygon(a), footprintPolygon(b), tabletopData().contactTolerance.value);
}

/**
 * Melee contact (Making Contact, p.20): the attacker's front centre touches
 * the target's contact shape (any part; officer and ensign of skirmishers; the
 * cannon of deployed artillery).
 */
export function frontContact(attacker: TableUnit, target: TableUnit): boolean {
  const tol = tabletopData().contactTolerance.value;
  const shape = contactShape(target);
  const p = { x: attacker.x, y: attacker.y };
  return shape.length === 1 ? dist(p, shape[0]!) <= CENTRE_RADIUS + tol : distPointPolygon(p, shape) <= tol;
}

/** Which arc of `of` the point p stands in (front, flank, rear by the footprint's diagonals). */
export function arcOf(of: TableUnit, p: Pt): 'front' | 'flank' | 'rear' {
  return arcOfPoint(footprint(of), p);
}

/**
 * Flank and Rear Attacks (pp.24-25): the side of the target (the cannon for
 * artillery) that a straight line from the attacker's front centre to the
 * target's centre crosses. Skirmishers, squares, mobs and units in buildings
 * have no flank or rear: always 'front'.
 */
export function aspect(table: Table, attacker: TableUnit, target: TableUnit): 'front' | 'flank' | 'rear' {
  if (target.type === 'skirmisher' || target.formation === 'square' || target.formation === 'mob') return 'front';
  if (inBuilding(table, target)) return 'front';
  // Deployed guns are gauged by the cannon (p.25); a limbered column by its footprint (ours: its gun trails backward).
  const r = (target.formation === 'deployed' ? cannon(target) : null) ?? footprint(target);
  // From just behind the front centre, so a unit in contact (its front centre on the target's edge) still has a line.
  const back = headingVec(attacker.facing + 180);
  const side = sideFacing(r, { x: attacker.x + back.x * 0.05, y: attacker.y + back.y * 0.05 });
  return side === 'rear' ? 'rear' : side === 'left' || side === 'right' ? 'flank' : 'front';
}

/** The firing range in inches (Fire Ranges, p.17); 0 for cavalry. */
export function fireRange(u: TableUnit): number {
  return tabletopData().ranges[u.type];
}

/** Distance from a firer's front centre (muzzle, skirmish centre) to what a target is measured to (p.17). */
export function fireDistance(firer: TableUnit, target: TableUnit): number {
  return distToShape({ x: firer.x, y: firer.y }, targetShape(target));
}

/** The terrain pieces of a kind that contain point p (areas) or lie within their half-width of it (lines). */
export function terrainAt(table: Table, p: Pt, kind?: TerrainPiece['kind']): TerrainPiece[] {
  return table.terrain.filter((t) => {
    if (kind && t.kind !== kind) return false;
    if (t.polygon) return pointInPolygon(p, t.polygon);
    return false;
  });
}

/** The highest hill level under the unit's centre (0 off hills). */
export function elevation(table: Table, u: TableUnit): number {
  const c = aimPoint(u);
  return Math.max(0, ...terrainAt(table, c, 'hill').map((h) => h.level ?? 1));
}

/** The building the unit's measuring point stands in, if any. */
export function inBuilding(table: Table, u: TableUnit): TerrainPiece | null {
  return terrainAt(table, { x: u.x, y: u.y }, 'building')[0] ?? null;
}

export interface SightLine {
  clear: boolean;
  /** Why not: a terrain piece or a unit in the way. */
  blockedBy?: { kind: 'terrain' | 'unit'; id: string; what: string };
  /** Own skirmishers fired through, units fired over from high ground. */
  through: string[];
}

/**
 * Line of Sight (p.16), Firing Through Skirmishers (p.18), Artillery Firing
 * from High Ground (p.19): a straight line at table height from the firer's
 * front centre to the target's centre (the whole cannon: its corners and
 * middle) must not pass through sight-blocking terrain (a hill or building the
 * firer or target stands on or in does not block its own occupant) nor through
 * another unit, except the firer's own skirmishers. Artillery on a higher hill
 * than the target fires over units more than 12 inches from the target.
 */
export function lineOfSight(table: Table, units: readonly TableUnit[], firer: TableUnit, target: TableUnit): SightLine {
  const from = { x: firer.x, y: firer.y };
  const c = cannon(target);
  const ends = c ? [aimPoint(target), ...corners(c)] : [aimPoint(target)];
  const through = new Set<string>();
  const overhead = isArtillery(firer.type) && elevation(table, firer) > elevation(table, target);
  const clear = tabletopData().artilleryOverheadClear.value;
  for (const to of ends) {
    for (const t of table.terrain) {
      if (!t.blocksSight || !t.polygon) continue;
      const firerOn = pointInPolygon(from, t.polygon);
      const targetOn = pointInPolygon(aimPoint(target), t.polygon) || inTerrain(target, t);
      // A hill or building does not hide its own occupants; woods hide them beyond 2" inside (ours).
      if ((firerOn || targetOn) && (t.kind !== 'woods' || lengthInside(from, to, t.polygon) <= tabletopData().sightIntoWoods.value))
        continue;
      if (segmentEntersPolygon(from, to, t.polygon))
        return { clear: false, blockedBy: { kind: 'terrain', id: t.id, what: t.name ?? t.kind }, through: [...through] };
    }
    for (const u of units) {
      if (u.id === firer.id || u.id === target.id) continue;
      const shape = footprintPolygon(u);
      const hit =
        u.type === 'skirmisher' && u.formation === 'skirmish' ? segmentHitsPolygon(from, to, shape) : segmentEntersPolygon(from, to, shape);
      if (!hit) continue;
      if (u.side === firer.side && u.type === 'skirmisher') {
        through.add(u.id);
        continue;
      }
      if (
        overhead &&
        distPolygons(shape, targetShape(target).length === 1 ? circleish(targetShape(target)[0]!) : targetShape(target)) > clear
      ) {
        through.add(u.id);
        continue;
      }
      return { clear: false, blockedBy: { kind: 'unit', id: u.id, what: called(u) }, through: [...through] };
    }
  }
  return { clear: true, through: [...through] };
}

/** A tiny square round a point so polygon distances work on a one-point shape. */
function circleish(p: Pt): Pt[] {
  const r = 0.01;
  return [
    { x: p.x - r, y: p.y - r },
    { x: p.x + r, y: p.y - r },
    { x: p.x + r, y: p.y + r },
    { x: p.x - r, y: p.y + r },
  ];
}

function inTerrain(u: TableUnit, t: TerrainPiece): boolean {
  return !!t.polygon && distPolygons(footprintPolygon(u), t.polygon) === 0;
}

export interface FireGeometry {
  distance: number;
  range: number;
  /** Artillery within 12 inches: 3 dice per gunner (p.18). */
  close: boolean;
  aspect: 'front' | 'flank' | 'rear';
  sight: SightLine;
  /** The target's aim point is within the firer's 180-degree front (skirmishers and units in buildings: any direction). */
  inArc: boolean;
}

/** Everything fire needs measured, without judging it. */
export function fireGeometry(table: Table, units: readonly TableUnit[], firer: TableUnit, target: TableUnit): FireGeometry {
  const distance = round2(fireDistance(firer, target));
  const range = fireRange(firer);
  const anyDirection = firer.type === 'skirmisher' || !!inBuilding(table, firer);
  const aim = targetShape(target);
  const toward = aim.length === 1 ? aim[0]! : nearestOnPolygon({ x: firer.x, y: firer.y }, aim);
  return {
    distance,
    range,
    close: isArtillery(firer.type) && distance <= tabletopData().ranges.close,
    aspect: aspect(table, firer, target),
    sight: lineOfSight(table, units, firer, target),
    inArc:
      anyDirection ||
      inFrontHalf({ x: firer.x, y: firer.y }, firer.facing, toward) ||
      inFrontHalf({ x: firer.x, y: firer.y }, firer.facing, aimPoint(target)),
  };
}

/**
 * The geometric conditions of a fire attack (Staging Fire Attacks, pp.16-18):
 * a firing type, in range, within the 180-degree front, with line of sight.
 * Throws a RuleError saying which fails; returns the measurements.
 */
export function checkFireGeometry(table: Table, units: readonly TableUnit[], firer: TableUnit, target: TableUnit): FireGeometry {
  const [f, t] = [called(firer), called(target)];
  if (firer.side === target.side) fail('ATKM Staging Fire Attacks', `${t} is in your own army`);
  // The same checks in the same order as on the whole geometry, the cheap ones before the line of sight is traced.
  const range = fireRange(firer);
  if (range <= 0) fail('ATKM Cavalry Cannot Fire', `${f} is cavalry and cannot fire`);
  if (firer.formation === 'square') fail('ATKM Fire and Square Formation', `${f} is in square and cannot fire`);
  const distance = round2(fireDistance(firer, target));
  if (distance > range) fail('ATKM Ranges', `${t} is ${distance}" away; ${f} fires ${range}" (${round2(distance - range)}" out of range)`);
  const g = fireGeometry(table, units, firer, target);
  if (!g.inArc) fail('ATKM Ranges', `${t} is behind ${f}: fire only within 180 degrees of its facing`);
  if (!g.sight.clear) {
    const b = g.sight.blockedBy!;
    fail('ATKM Line of Sight', `${f} cannot see the centre of ${t}: blocked by ${b.kind === 'unit' ? `unit ${b.what}` : b.what}`);
  }
  return g;
}

/**
 * Command Points (p.12): any part of the unit within 12 inches of the general
 * (the cannon for artillery).
 */
export function generalDistance(g: Pick<TableGeneral, 'x' | 'y'>, u: TableUnit): number {
  const c = cannon(u);
  return distPointPolygon({ x: g.x, y: g.y }, c ? corners(c) : footprintPolygon(u));
}

export function withinCommand(g: Pick<TableGeneral, 'x' | 'y'>, u: TableUnit): boolean {
  return generalDistance(g, u) <= tabletopData().commandRadius.value + 1e-9;
}

/** The nearest general of a side to a unit (square rolls use the nearest general's rating, p.23). */
export function nearestGeneral<G extends TableGeneral>(generals: readonly G[], side: string, u: TableUnit): G | null {
  let best: G | null = null;
  let bd = Infinity;
  for (const g of generals) {
    if (g.side !== side) continue;
    const d = generalDistance(g, u);
    if (d < bd) {
      bd = d;
      best = g;
    }
  }
  return best;
}

/** A line of sight from a to b passes over a figure at p (its base of radius r, default the officer-and-ensign pair). */
export function lineCrossesPoint(a: Pt, b: Pt, p: Pt, r = CENTRE_RADIUS): boolean {
  return segmentHitsCircle(a, b, p, r);
}

/** Parses "24,18" into a point, or null. */
export function parsePoint(s: string): Pt | null {
  const m = /^\s*\(?\s*(-?\d+(?:\.\d+)?)\s*[, ]\s*(-?\d+(?:\.\d+)?)\s*\)?\s*$/.exec(s);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

export interface Measurement {
  distance: number;
  /** Arc of the `to` end in the `from` unit's frame (null when `from` is a point or general). */
  arc: 'front' | 'flank' | 'rear' | null;
  sight: SightLine | null;
  text: string;
}

/**
 * `/atkm measure from: to:` — distance (footprint edge to edge, or to a
 * point), the arc it lies in, and line of sight when both are units.
 * Ends are units or generals by name (or id), or "x,y" points.
 */
export function measure(
  table: Table,
  units: readonly TableUnit[],
  generals: readonly TableGeneral[],
  from: string,
  to: string,
): Measurement {
  type End = { unit?: TableUnit; point: Pt; shape: Pt[]; label: string };
  // An end by name (or id); a picture's short label ("1st Foot") when only one unit has it.
  const low = (x: string) => x.trim().toLowerCase();
  const named = (x: { id: string; name?: string }, s: string) => x.id === s || low(called(x)) === low(s);
  const short = (s: string) => {
    const hits = units.filter((x) => low(called(x).replace(/^(Red|Black) /, '')) === low(s));
    return hits.length === 1 ? hits[0] : undefined;
  };
  const resolve = (s: string): End => {
    const u = units.find((x) => named(x, s)) ?? short(s);
    if (u) return { unit: u, point: { x: u.x, y: u.y }, shape: footprintPolygon(u), label: called(u) };
    const g = generals.find((x) => named(x, s));
    if (g) return { point: { x: g.x, y: g.y }, shape: [{ x: g.x, y: g.y }], label: called(g) };
    const p = parsePoint(s);
    if (p) return { point: p, shape: [p], label: `${round2(p.x)},${round2(p.y)}` };
    return fail('ATKM measure', `'${s}' is neither a unit, a general nor a point "x,y"`, [...units.map(called), ...generals.map(called)]);
  };
  const a = resolve(from);
  const b = resolve(to);
  const distance = round2(
    a.shape.length > 1 && b.shape.length > 1
      ? distPolygons(a.shape, b.shape)
      : a.shape.length > 1
        ? distPointPolygon(b.point, a.shape)
        : b.shape.length > 1
          ? distPointPolygon(a.point, b.shape)
          : dist(a.point, b.point),
  );
  const arc = a.unit ? arcOf(a.unit, b.unit ? aimPoint(b.unit) : b.point) : null;
  const sight = a.unit && b.unit ? lineOfSight(table, units, a.unit, b.unit) : null;
  const how =
    a.shape.length > 1 && b.shape.length > 1
      ? 'edge to edge'
      : a.shape.length > 1 || b.shape.length > 1
        ? 'to the nearest edge'
        : 'point to point';
  const parts = [`${a.label} → ${b.label}: ${distance}" ${how}`];
  if (arc) parts.push(`in ${a.label}'s ${arc} arc`);
  if (sight) parts.push(sight.clear ? 'line of sight clear' : `line of sight blocked by ${sight.blockedBy!.what}`);
  if (a.unit && b.unit && a.unit.side !== b.unit.side && fireRange(a.unit) > 0) {
    const d = round2(fireDistance(a.unit, b.unit));
    // Fire is measured from the firer's front centre to the target's figures, officer or cannon (p.17), not edge to edge.
    const from = a.unit.type === 'skirmisher' ? 'its officer and ensign' : isArtillery(a.unit.type) ? 'its muzzle' : 'its front centre';
    const firing = `firing distance ${d}" from ${from}, range ${fireRange(a.unit)}"`;
    parts.push(d <= fireRange(a.unit) ? `in range (${firing})` : `out of range (${firing})`);
  }
  return { distance, arc, sight, text: parts.join('; ') };
}
