// What the rules need measured for an attack, computed from the table (the
// same facts a referee-mode player reports): close range, flank or rear,
// cover toward the attack, high ground, a building, the figures that fire.
import {
  distPointPolyline,
  distPolygonPolyline,
  distPolygons,
  pointInPolygon,
  segmentHitsPolygon,
  segmentHitsStrip,
} from '../../../engine/geometry.ts';
import { tabletopData } from './data.ts';
import { aimPoint, footprintPolygon, footprintSize, isArtillery } from './footprint.ts';
import { aspect, elevation, fireDistance, inBuilding } from './measure.ts';
import type { Formation, Table, TableUnit, TerrainPiece } from './types.ts';

/** A table unit from a rules unit that keeps a mob as a flag (`mob: true` overrides the formation). */
export function toTableUnit(u: {
  id: string;
  side: string;
  type: TableUnit['type'];
  formation: string;
  figures: number;
  x: number;
  y: number;
  facing: number;
  mob?: boolean;
}): TableUnit {
  return {
    id: u.id,
    side: u.side,
    type: u.type,
    formation: (u.mob ? 'mob' : u.formation) as Formation,
    figures: u.figures,
    x: u.x,
    y: u.y,
    facing: u.facing,
  };
}

/**
 * Cover (p.24): the defender's figures touch a cover piece (light: hedges,
 * light woods, low walls, fences; heavy: structures) and the line of the
 * attack from the attacker's front centre to the defender's centre crosses
 * that piece, so an attack from an exposed flank or rear gets none. Inside a
 * building is always heavy (p.26). The best cover counts, never both.
 */
export function coverFor(table: Table, defender: TableUnit, attacker: TableUnit): 'none' | 'light' | 'heavy' {
  if (inBuilding(table, defender)) return 'heavy';
  const tol = tabletopData().contactTolerance.value;
  const fp = footprintPolygon(defender);
  const from = { x: attacker.x, y: attacker.y };
  const to = aimPoint(defender);
  let best: 'none' | 'light' | 'heavy' = 'none';
  for (const t of table.terrain) {
    const kind = t.cover ?? (t.kind === 'building' ? 'heavy' : null);
    if (!kind) continue;
    if (!touches(t, fp, tol)) continue;
    if (!crosses(t, from, to)) continue;
    if (kind === 'heavy') return 'heavy';
    best = 'light';
  }
  return best;
}

function touches(t: TerrainPiece, fp: ReturnType<typeof footprintPolygon>, tol: number): boolean {
  if (t.polygon) return distPolygons(fp, t.polygon) <= tol;
  return distPolygonPolyline(fp, t.line!) <= (t.width ?? 0) / 2 + tol;
}

function crosses(t: TerrainPiece, a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  if (t.polygon) return segmentHitsPolygon(a, b, t.polygon);
  return segmentHitsStrip(a, b, t.line!, (t.width ?? 0) / 2);
}

/**
 * Figures that fire (p.6): only the front two ranks of infantry, so all of a
 * line (two ranks deep here) and two files of two in column; squares and mobs
 * do not fire. Null for other types (every figure counts).
 */
export function firingFigures(u: TableUnit): number | null {
  if (u.type !== 'infantry') return null;
  if (u.formation === 'square' || u.formation === 'mob') return 0;
  if (u.formation === 'line') return u.figures;
  const { w } = footprintSize(u.type, u.formation, u.figures);
  const files = Math.round(w / tabletopData().bases.foot.w);
  return Math.min(u.figures, files * 2);
}

export interface TableFacts {
  close: boolean;
  aspect: 'front' | 'flank' | 'rear';
  cover: 'none' | 'light' | 'heavy';
  high: 'none' | 'attacker' | 'defender';
  building: boolean;
  firing: number | null;
}

/**
 * The attack facts for a fire or melee attack (the shape of the rules
 * module's AttackFacts): close range for artillery within 12" (p.18),
 * aspect (pp.24-25), cover toward the attack (p.24), the higher side on a
 * hill (p.25), the defender in a building (p.26), figures firing.
 */
export function tableFacts(table: Table, attacker: TableUnit, defender: TableUnit, kind: 'fire' | 'melee' = 'fire'): TableFacts {
  const ea = elevation(table, attacker);
  const ed = elevation(table, defender);
  return {
    close: kind === 'fire' && isArtillery(attacker.type) && fireDistance(attacker, defender) <= tabletopData().ranges.close + 1e-9,
    aspect: aspect(table, attacker, defender),
    cover: coverFor(table, defender, attacker),
    high: ea > ed ? 'attacker' : ed > ea ? 'defender' : 'none',
    building: !!inBuilding(table, defender),
    firing: kind === 'fire' ? firingFigures(attacker) : null,
  };
}

/** True if a point lies on a road (used by bots to prefer columns on roads). */
export function onRoadAt(table: Table, p: { x: number; y: number }): boolean {
  return table.terrain.some((t) => t.kind === 'road' && distPointPolyline(p, t.line!) <= (t.width ?? 0) / 2);
}

/** True if the unit's measuring point is inside the polygon (e.g. an objective). */
export function unitInside(u: TableUnit, poly: readonly { x: number; y: number }[]): boolean {
  return pointInPolygon({ x: u.x, y: u.y }, poly);
}
