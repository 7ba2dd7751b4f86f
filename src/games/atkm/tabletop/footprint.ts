// Footprints by type, formation and figure count (sizes: data/atkm/tabletop.json),
// and the points the text measures from: the front centre, the skirmishers'
// officer and ensign, the cannon and its muzzle (pp.14, 16-17, 20-21).
import { corners, headingVec, local, type Pt, type Rect } from '../../../engine/geometry.ts';
import { tabletopData } from './data.ts';
import type { Formation, TableUnit, UnitType } from './types.ts';

export const isArtillery = (t: UnitType): boolean => t === 'foot-artillery' || t === 'horse-artillery';

/** Frontage and depth in inches of a unit of this type in this formation with n figures. */
export function footprintSize(type: UnitType, formation: Formation, n: number): { w: number; d: number } {
  const { bases, formations: f, skirmishRadius, crewRadius } = tabletopData();
  const figs = Math.max(1, n);
  const base = type === 'cavalry' ? bases.horse : bases.foot;
  if (formation === 'mob') {
    const side = Math.ceil(Math.sqrt(figs));
    return { w: side * base.w, d: Math.ceil(figs / side) * base.d };
  }
  if (isArtillery(type)) {
    if (formation === 'deployed') return { w: bases.cannon.w + 2 * crewRadius.value, d: bases.cannon.d + crewRadius.value };
    // Limbered (column): gunners in single file, the cannon behind them (p.6).
    return { w: Math.max(bases.cannon.w, base.w), d: figs * base.d + bases.cannon.d };
  }
  if (type === 'skirmisher') {
    const w = Math.min(2 * skirmishRadius.value, Math.max(f.skirmishSpacing, figs * f.skirmishSpacing));
    return { w, d: f.skirmishDepth };
  }
  switch (formation) {
    case 'square': {
      const side = Math.max(2, Math.ceil(figs / 4) + 1);
      return { w: side * base.w, d: side * base.w };
    }
    case 'column': {
      // Deeper than wide (p.6): two files, one when too few to be deeper than two abreast.
      const files = figs > (type === 'cavalry' ? 2 : 4) ? f.columnFiles : 1;
      return { w: files * base.w, d: Math.ceil(figs / files) * base.d };
    }
    default: {
      const ranks = Math.min(figs, type === 'cavalry' ? f.cavalryLineRanks : f.infantryLineRanks);
      return { w: Math.ceil(figs / ranks) * base.w, d: ranks * base.d };
    }
  }
}

/** True when the measuring point is the centre of the footprint (skirmishers' officer and ensign, p.14). */
const centred = (u: Pick<TableUnit, 'type' | 'formation'>): boolean => u.type === 'skirmisher' && u.formation === 'skirmish';

/** The unit's footprint as a rotated rectangle. */
export function footprint(u: TableUnit): Rect {
  const { w, d } = footprintSize(u.type, u.formation, u.figures);
  if (centred(u)) return { cx: u.x, cy: u.y, w, d, heading: u.facing };
  const f = headingVec(u.facing);
  return { cx: u.x - (f.x * d) / 2, cy: u.y - (f.y * d) / 2, w, d, heading: u.facing };
}

export const footprintPolygon = (u: TableUnit): Pt[] => corners(footprint(u));

/** The point movement and fire are measured from: (x, y) by construction. */
export const measurePoint = (u: TableUnit): Pt => ({ x: u.x, y: u.y });

/** The cannon of an artillery unit (null for others): deployed at the front facing out, limbered at the back. */
export function cannon(u: TableUnit): Rect | null {
  if (!isArtillery(u.type) || u.formation === 'mob') return null;
  const r = footprint(u);
  const c = tabletopData().bases.cannon;
  const fwd = u.formation === 'deployed' ? r.d / 2 - c.d / 2 : -r.d / 2 + c.d / 2;
  const p = local(r, 0, fwd);
  // A limbered gun trails behind its crew facing backward (p.6).
  return { cx: p.x, cy: p.y, w: c.w, d: c.d, heading: u.formation === 'deployed' ? r.heading : (r.heading + 180) % 360 };
}

/**
 * What a target is measured to (p.17): any figure of infantry and cavalry
 * (the footprint), the officer and ensign of skirmishers (a point), the cannon
 * of artillery. The same shape is what the line of sight must reach the centre of.
 */
export function targetShape(u: TableUnit): Pt[] {
  if (centred(u)) return [{ x: u.x, y: u.y }];
  const c = cannon(u);
  return c ? corners(c) : footprintPolygon(u);
}

/** The point line of sight is traced to (p.16): the target's centre, the officer and ensign, the cannon's middle. */
export function aimPoint(u: TableUnit): Pt {
  const c = cannon(u);
  if (c) return { x: c.cx, y: c.cy };
  const r = footprint(u);
  return { x: r.cx, y: r.cy };
}

/**
 * What an attacker's front centre must touch to start a melee (pp.20-21): any
 * part of a formed unit or of an artillery column, the officer and ensign of
 * skirmishers, the cannon of deployed artillery.
 */
export function contactShape(u: TableUnit): Pt[] {
  if (centred(u)) return [{ x: u.x, y: u.y }];
  if (isArtillery(u.type) && u.formation === 'deployed') return corners(cannon(u)!);
  return footprintPolygon(u);
}

/** Half the width of the officer-and-ensign pair, as a contact radius round a skirmish centre (ours). */
export const CENTRE_RADIUS = 0.5;
