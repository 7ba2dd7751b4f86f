// Placing units for the rules and bots: escape moves after a melee (Winning
// the Contest, p.22), the longest legal move toward a point or unit, and a
// default deployment in a scenario's zones (Arranging Forces, p.10).
import { RuleError } from '../../../engine/errors.ts';
import {
  bounds,
  convexHull,
  convexOverlap,
  corners,
  dist,
  distPolygons,
  headingOf,
  headingVec,
  normDeg,
  pointInPolygon,
  round2,
  sub,
  turnBetween,
  type Pt,
  type Rect,
} from '../../../engine/geometry.ts';
import { attempt } from './attempt.ts';
import { tabletopData } from './data.ts';
import { checkDeployment } from './deploy.ts';
import { aimPoint, footprint, footprintSize } from './footprint.ts';
import { unitDistance } from './measure.ts';
import { baseAllowance, checkMove, type MoveOptions, type MoveResult } from './move.ts';
import type { DeployZone, Table, TableUnit } from './types.ts';

/** The unit with its footprint centred at c and the given facing (measuring point recomputed). */
function unitAtCentre(u: TableUnit, c: Pt, facing: number): TableUnit {
  const { d } = footprintSize(u.type, u.formation, u.figures);
  const centred = u.type === 'skirmisher' && u.formation === 'skirmish';
  const f = headingVec(facing);
  const p = centred ? c : { x: c.x + (f.x * d) / 2, y: c.y + (f.y * d) / 2 };
  return { ...u, x: round2(p.x), y: round2(p.y), facing: round2(normDeg(facing)) % 360 };
}

export interface EscapeOptions {
  /** The losing player's chosen direction (default straight away from the winner). */
  heading?: number;
  /** A 6-inch drive-back ends facing the attacker (p.22); a 12-inch flight ends as a mob, facing unchanged. */
  faceAttacker?: boolean;
}

/**
 * An escape move (Winning the Contest, p.22): `inches` directly away from the
 * winner, in the loser's chosen direction; terrain does not slow it, but
 * impassable ground and other units are gone round (we try the direction,
 * then 15 degrees either side, out to 90), it never ends in contact with
 * an enemy or nearer any enemy within 12", and it stays on the table.
 * Returns the unit placed, or null when no way out exists (the rules decide).
 */
export function escapeMove(
  table: Table,
  units: readonly TableUnit[],
  loserId: string,
  winnerId: string,
  inches: number,
  opts: EscapeOptions = {},
): { unit: TableUnit; heading: number; path: Pt[] } | null {
  const loser = units.find((u) => u.id === loserId);
  const winner = units.find((u) => u.id === winnerId);
  if (!loser || !winner) return null;
  const r0 = footprint(loser);
  const c0 = { x: r0.cx, y: r0.cy };
  const away = opts.heading ?? headingOf(sub(aimPoint(loser), aimPoint(winner)));
  const others = units.filter((u) => u.id !== loser.id);
  const enemies = others.filter((u) => u.side !== loser.side);
  const tol = tabletopData().contactTolerance.value;
  for (const off of [0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90]) {
    const h = normDeg(away + off);
    const v = headingVec(h);
    const c = { x: c0.x + v.x * inches, y: c0.y + v.y * inches };
    const endFacing = opts.faceAttacker ? headingOf(sub(aimPoint(winner), c)) : loser.facing;
    const end = unitAtCentre(loser, c, endFacing);
    const r1 = footprint(end);
    if (!onTable(table, r1)) continue;
    const hull = convexHull([...corners(r0), ...corners({ ...r0, cx: c.x, cy: c.y }), ...corners(r1)]);
    if (others.some((o) => o.id !== winner.id && convexOverlap(hull, corners(footprint(o))))) continue;
    if (others.some((o) => convexOverlap(corners(r1), corners(footprint(o))))) continue;
    if (table.terrain.some((t) => (t.impassable || t.kind === 'lake') && blocks(t, hull))) continue;
    if (enemies.some((e) => unitDistance(end, e) <= tol)) continue;
    const nearer = enemies.some((e) => {
      const after = unitDistance(end, e);
      return after <= 12 && after < unitDistance(loser, e) - 1e-6;
    });
    if (nearer) continue;
    return { unit: end, heading: h, path: [c0, c].map((p) => ({ x: round2(p.x), y: round2(p.y) })) };
  }
  return null;
}

function onTable(table: Table, r: Rect): boolean {
  return corners(r).every((c) => c.x >= -1e-6 && c.y >= -1e-6 && c.x <= table.width + 1e-6 && c.y <= table.height + 1e-6);
}

function blocks(t: Table['terrain'][number], hull: Pt[]): boolean {
  if (t.polygon) return distPolygons(hull, t.polygon) === 0;
  // A deep river: the hull reaching its centre line.
  return t.line!.some((p, i) => i > 0 && convexOverlap(hull, thinRect(t.line![i - 1]!, p), 0));
}

function thinRect(a: Pt, b: Pt): Pt[] {
  const d = dist(a, b) || 1;
  const nx = (-(b.y - a.y) / d) * 0.01;
  const ny = ((b.x - a.x) / d) * 0.01;
  return [
    { x: a.x + nx, y: a.y + ny },
    { x: b.x + nx, y: b.y + ny },
    { x: b.x - nx, y: b.y - ny },
    { x: a.x - nx, y: a.y - ny },
  ];
}

/**
 * The longest legal straight move toward a point or another unit (for bots):
 * a charge into contact if it can reach, else turn to face the goal and
 * advance as far as the rules allow (bisection to 1/10 inch). Null when it
 * cannot move at all.
 */
export function approach(
  table: Table,
  units: readonly TableUnit[],
  id: string,
  goal: string | Pt,
  opts: MoveOptions & { contact?: boolean; keepFacing?: boolean } = {},
): MoveResult | null {
  const u = units.find((x) => x.id === id);
  if (!u) return null;
  const tryMove = (order: string): MoveResult | null => attempt(() => checkMove(table, units, id, order, opts));
  let point: Pt;
  if (typeof goal === 'string') {
    const t = units.find((x) => x.id === goal);
    if (!t) return null;
    if (opts.contact !== false) {
      const hit = tryMove(`toward:${goal} stop:contact`);
      if (hit) return hit;
    }
    point = aimPoint(t);
  } else point = goal;
  const from = { x: u.x, y: u.y };
  const full = dist(from, point);
  if (full < 0.05) return null;
  const h = round2(headingOf(sub(point, from)));
  const turn = !opts.keepFacing && Math.abs(turnBetween(u.facing, h)) > 0.5 ? `face:${h} ` : '';
  let lo = 0;
  let hi = Math.min(full, tabletopData().movement.cavalry.column * tabletopData().roadFactor.value);
  let best: MoveResult | null = null;
  // No move longer than the most the unit could be allowed (a column on a road) is legal: skip measuring those.
  const column = u.formation === 'column' || u.formation === 'limbered';
  const cap = baseAllowance(u) * (column ? Math.max(1, tabletopData().roadFactor.value) : 1) - (opts.spent ?? 0) + 0.05;
  if (turn && u.type !== 'skirmisher' && round2(hi) <= cap) {
    // Turning first costs nothing within 90 degrees; the unit then goes straight.
    const at = tryMove(`${turn}forward:${round2(hi)}`);
    if (at) return at;
  }
  for (let i = 0; i < 14 && hi - lo > 0.1; i++) {
    const mid = round2((lo + hi) / 2);
    const order =
      u.type === 'skirmisher' || !turn
        ? `to:${round2(from.x + (point.x - from.x) * (mid / full))},${round2(from.y + (point.y - from.y) * (mid / full))}`
        : `${turn}forward:${mid}`;
    const r = mid > 0 && mid <= cap ? tryMove(order) : null;
    if (r) {
      best = r;
      lo = mid;
    } else hi = mid;
  }
  return best;
}

/**
 * A default deployment (Arranging Forces, p.10): each side's units in a row
 * across its first zone, centred, 2" apart, facing the enemy's first zone, moved
 * along (then a row further back) until each passes checkDeployment. Returns
 * the units placed; a unit that fits nowhere keeps its position.
 */
export function autoDeploy(table: Table, zones: readonly DeployZone[], units: readonly TableUnit[]): TableUnit[] {
  const placed: TableUnit[] = [];
  const centreOf = (z: DeployZone): Pt => {
    const b = bounds(z.polygon);
    return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
  };
  for (const side of [...new Set(units.map((u) => u.side))]) {
    const zone = zones.find((z) => z.side === side);
    const mine = units.filter((u) => u.side === side);
    if (!zone) {
      placed.push(...mine);
      continue;
    }
    const zc = centreOf(zone);
    // Face the enemy's first zone (the table's centre if it has none), squared to the table's edges.
    const foe = zones.find((z) => z.side !== side);
    const goal = foe ? centreOf(foe) : { x: table.width / 2, y: table.height / 2 };
    const facing = (Math.round(headingOf(sub(goal, zc)) / 90) * 90) % 360;
    const along = headingVec(facing + 90);
    const fwd = headingVec(facing);
    const widths = mine.map((u) => footprintSize(u.type, u.formation, u.figures).w);
    const total = widths.reduce((s, w) => s + w, 0) + 2 * (mine.length - 1);
    let offset = -total / 2;
    mine.forEach((u, i) => {
      const w = widths[i]!;
      const want = offset + w / 2;
      offset += w + 2;
      let done: TableUnit | null = null;
      for (let back = 0; back < 12 && !done; back += 3)
        for (let k = 0; k < 40 && !done; k++) {
          const shift = want + (k % 2 ? -1 : 1) * Math.ceil(k / 2) * 2;
          const c = { x: zc.x + along.x * shift - fwd.x * back, y: zc.y + along.y * shift - fwd.y * back };
          const cand = unitAtCentre(u, c, facing);
          if (!pointInPolygon({ x: cand.x, y: cand.y }, zone.polygon)) continue;
          try {
            checkDeployment(table, zones, placed, cand);
            if (table.terrain.some((t) => t.kind === 'building' && t.polygon && distPolygons(corners(footprint(cand)), t.polygon) === 0))
              continue;
            done = cand;
          } catch (e) {
            if (!(e instanceof RuleError)) throw e;
          }
        }
      placed.push(done ?? u);
    });
  }
  // Keep the input order.
  return units.map((u) => placed.find((p) => p.id === u.id)!);
}
