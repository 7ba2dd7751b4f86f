// Checking a proposed move on the tabletop (Moving Your Troops, Moving Across
// Terrain, Special Circumstances, pp.14-15): the allowance by type and
// formation, halved once for backward moves, facing back or terrain (never
// below half), half as far again on a road in column, formation change after
// moving, impassable terrain, buildings, collisions with other units and the
// table edge. Returns where the unit ends, or throws a RuleError saying why.
import { fail, RuleError } from '../../../engine/errors.ts';
import {
  add,
  convexHull,
  convexOverlap,
  corners,
  dist,
  distPointPolyline,
  distPolygonPolyline,
  dot,
  frontCentre,
  headingOf,
  headingVec,
  nearestOnSegment,
  norm,
  normDeg,
  pointInPolygon,
  polygonNearPolyline,
  polygonsWithin,
  rectFromFront,
  rotateRect,
  round2,
  scale,
  segmentParam,
  sub,
  turnBetween,
  wheel,
  type Pt,
  type Rect,
} from '../../../engine/geometry.ts';
import { tabletopData, TYPE_FORMATIONS } from './data.ts';
import { CENTRE_RADIUS, contactShape, footprint, footprintSize } from './footprint.ts';
import { frontContact, inBuilding, inContact } from './measure.ts';
import { formatMoveOrder, parseMoveOrder, type MoveOrder } from './orders.ts';
import { called, type Formation, type Table, type TableUnit, type TerrainPiece } from './types.ts';

const R_MOVE = 'ATKM Moving Your Troops';
const R_TERRAIN = 'ATKM Moving Across Terrain';
const R_THROUGH = 'ATKM Moving Through Units';
const R_FORM = 'ATKM Formation Change';
const R_SQUARE = 'ATKM Immobile Squares';
const R_CONTACT = 'ATKM Making Contact';
const R_BUILD = 'ATKM Buildings';

export interface MoveOptions {
  /** A Jack of your colour: full movement regardless of terrain or moving backward (Special Cards, p.10). */
  fullMovement?: boolean;
  /** Inches this unit already moved in this activation (the rest of its allowance is left). */
  spent?: number;
}

export interface MoveResult {
  /** The unit where it ends (new x, y, facing, formation). */
  unit: TableUnit;
  /** The measuring point's path, start first (wheels sampled), for the picture. */
  path: Pt[];
  /** Inches used: the measuring point's travel plus each wheel's outer-corner arc. */
  distance: number;
  /** Inches allowed for this move. */
  allowance: number;
  /** Inches of the allowance still unused after it (allowance - spent - distance). */
  left: number;
  /** Why the allowance was halved (empty when it was not). */
  halved: string[];
  /** The road bonus applied (p.15). */
  road: boolean;
  formationChanged: boolean;
  /** Units of other sides whose footprints touch the unit at the end. */
  contacts: string[];
  /** The enemy unit the front centre touches at the end (a charge, p.20), if any. */
  charged: string | null;
  /** The order in canonical form. */
  order: string;
}

/** Inches a unit may move in its formation (the chart, p.14); 0 for square and mob. */
export function baseAllowance(u: Pick<TableUnit, 'type' | 'formation'>): number {
  const m = tabletopData().movement[u.type] as Record<string, number>;
  return m[u.formation] ?? 0;
}

/** The measuring point of a footprint rectangle for this unit kind. */
function refOf(u: TableUnit, r: Rect): Pt {
  return u.type === 'skirmisher' && u.formation === 'skirmish' ? { x: r.cx, y: r.cy } : frontCentre(r);
}

function withRect(u: TableUnit, r: Rect, formation: Formation = u.formation): TableUnit {
  const moved = { ...u, formation };
  const p = refOf(moved, r);
  return { ...moved, x: round2(p.x), y: round2(p.y), facing: round2(normDeg(r.heading)) % 360 };
}

/** The rectangle with the unit's measuring point at p and the given heading. */
function rectAt(u: TableUnit, p: Pt, heading: number): Rect {
  const { w, d } = footprintSize(u.type, u.formation, u.figures);
  if (u.type === 'skirmisher' && u.formation === 'skirmish') return { cx: p.x, cy: p.y, w, d, heading };
  return rectFromFront(p, w, d, heading);
}

const isLine = (t: TerrainPiece): boolean => !!t.line;
const outline = (poly: Pt[]): Pt[] => [...poly, poly[0]!];
const terrainName = (t: TerrainPiece): string => (t.name ? `${t.kind} '${t.name}'` : `${t.kind} ${t.id}`);

/** Does this shape (a footprint or a swept hull) touch terrain that halves movement? (p.15) */
function slows(t: TerrainPiece, shape: Pt[]): boolean {
  if (t.kind === 'road' || t.impassable || t.kind === 'lake') return false;
  if (isLine(t)) return polygonNearPolyline(shape, t.line!, t.width! / 2);
  // Hills slow going up or down, buildings entering or leaving: their outline.
  if (t.kind === 'hill' || t.kind === 'building') return polygonNearPolyline(shape, outline(t.polygon!), 0);
  return polygonsWithin(shape, t.polygon!, 0);
}

/** Is point p on a road (within its half-width)? */
function onRoad(table: Table, p: Pt): boolean {
  return table.terrain.some((t) => t.kind === 'road' && distPointPolyline(p, t.line!) <= t.width! / 2 + 0.25);
}

/** Every stretch of the path stays on a road, sampled every half inch (p.15). */
function pathOnRoad(table: Table, path: Pt[]): boolean {
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const n = Math.max(1, Math.ceil(dist(a, b) / 0.5));
    for (let k = 0; k <= n; k++) if (!onRoad(table, { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n })) return false;
  }
  return true;
}

/** Where the path crosses an impassable line (a deep river) away from any road (a bridge). */
function crossesImpassableLine(table: Table, t: TerrainPiece, path: Pt[]): Pt | null {
  const line = t.line!;
  for (let i = 0; i + 1 < path.length; i++)
    for (let j = 0; j + 1 < line.length; j++) {
      const s = segmentParam(path[i]!, path[i + 1]!, line[j]!, line[j + 1]!);
      if (s === null) continue;
      const p = { x: path[i]!.x + (path[i + 1]!.x - path[i]!.x) * s, y: path[i]!.y + (path[i + 1]!.y - path[i]!.y) * s };
      if (!onRoad(table, p)) return p;
    }
  return null;
}

interface Sim {
  unit: TableUnit;
  rect: Rect;
  /** Poses in order; consecutive pairs are swept. */
  poses: Rect[];
  path: Pt[];
  /** Distance used by each moving leg, with whether it went backward. */
  legs: { inches: number; back: boolean; kind: string }[];
  formed: Formation | null;
  charge: TableUnit | null;
}

/** The nearest edge of a polygon to p and its outward heading (a flush front against it). */
function faceToward(p: Pt, poly: Pt[]): { at: Pt; heading: number } {
  const c = poly.reduce((s, q) => add(s, scale(q, 1 / poly.length)), { x: 0, y: 0 });
  let best: { d: number; at: Pt; out: Pt; score: number } | null = null;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const n = nearestOnSegment(p, a, b);
    const e = sub(b, a);
    let out = norm({ x: -e.y, y: e.x });
    if (dot(out, sub(n.q, c)) < 0) out = scale(out, -1);
    const score = dot(out, norm(sub(p, n.q)));
    if (!best || n.d < best.d - 1e-6 || (Math.abs(n.d - best.d) <= 1e-6 && score > best.score)) best = { d: n.d, at: n.q, out, score };
  }
  return { at: best!.at, heading: headingOf(scale(best!.out, -1)) };
}

function simulate(u0: TableUnit, order: MoveOrder, units: readonly TableUnit[]): Sim {
  const sim: Sim = {
    unit: u0,
    rect: footprint(u0),
    poses: [footprint(u0)],
    path: [{ x: u0.x, y: u0.y }],
    legs: [],
    formed: null,
    charge: null,
  };
  const immobile = u0.formation === 'square' || u0.formation === 'mob';
  const goTo = (p: Pt, heading: number, back: boolean, kind: string) => {
    const from = refOf(sim.unit, sim.rect);
    if (heading !== sim.rect.heading) {
      sim.poses.push(rectAt(sim.unit, from, heading));
      sim.path.push(from);
    }
    const r = rectAt(sim.unit, p, heading);
    sim.legs.push({ inches: dist(from, p), back, kind });
    sim.rect = r;
    sim.poses.push(r);
    sim.path.push(p);
    sim.unit = withRect(sim.unit, r);
  };
  for (const step of order.steps) {
    if (sim.formed && step.kind !== 'face')
      fail(R_FORM, `${called(u0)}: a formation change comes at the end of the move (only a facing may follow it)`);
    if (immobile && step.kind !== 'face' && step.kind !== 'form')
      fail(
        u0.formation === 'square' ? R_SQUARE : 'ATKM Winning the Contest',
        `${called(u0)} is in ${u0.formation} and cannot move: its activation may only change formation on the spot`,
        [u0.formation === 'square' ? 'form:line' : 'form:<formation>', 'form:column'],
      );
    const ref = refOf(sim.unit, sim.rect);
    const skirm = sim.unit.type === 'skirmisher';
    switch (step.kind) {
      case 'to': {
        const v = sub(step, ref);
        const back = !skirm && dist(step, ref) > 1e-9 && dot(norm(v), headingVec(sim.rect.heading)) < -1e-9;
        goTo({ x: step.x, y: step.y }, sim.rect.heading, back, 'to');
        break;
      }
      case 'forward':
      case 'back': {
        const sign = step.kind === 'forward' ? 1 : -1;
        goTo(add(ref, scale(headingVec(sim.rect.heading), sign * step.inches)), sim.rect.heading, sign < 0 && !skirm, step.kind);
        break;
      }
      case 'wheel': {
        const w = wheel(sim.rect, step.deg);
        const n = Math.max(1, Math.ceil(Math.abs(step.deg) / 5));
        for (let i = 1; i <= n; i++) {
          const r = wheel(sim.rect, (step.deg * i) / n).rect;
          sim.poses.push(r);
          sim.path.push(refOf(sim.unit, r));
        }
        sim.legs.push({ inches: w.arc, back: false, kind: 'wheel' });
        sim.rect = w.rect;
        sim.unit = withRect(sim.unit, w.rect);
        break;
      }
      case 'face': {
        const h = normDeg(step.relative ? sim.rect.heading + step.deg : step.deg);
        const n = Math.max(1, Math.ceil(Math.abs(turnBetween(sim.rect.heading, h)) / 10));
        const start = sim.rect;
        for (let i = 1; i <= n; i++) {
          sim.poses.push(rotateRect(start, (turnBetween(start.heading, h) * i) / n, ref));
          sim.path.push(ref);
        }
        sim.rect = rectAt(sim.unit, ref, h);
        sim.poses[sim.poses.length - 1] = sim.rect;
        sim.unit = withRect(sim.unit, sim.rect);
        break;
      }
      case 'form': {
        const f = step.formation;
        const allowed = TYPE_FORMATIONS[u0.type].filter((x) => x !== 'square' && x !== 'mob' && x !== u0.formation);
        if (f === sim.unit.formation)
          fail(
            R_FORM,
            `${called(u0)} is already in ${f}`,
            allowed.map((x) => `form:${x}`),
          );
        if (!allowed.includes(f))
          fail(
            R_FORM,
            f === 'square'
              ? `${called(u0)}: square is formed only when cavalry makes contact (Infantry Forming Square)`
              : `${called(u0)} (${u0.type}) cannot take ${f} formation`,
            allowed.map((x) => `form:${x}`),
          );
        const formed = { ...sim.unit, formation: f };
        sim.rect = rectAt(formed, ref, sim.rect.heading);
        sim.unit = withRect(formed, sim.rect, f);
        sim.poses.push(sim.rect);
        sim.path.push(ref);
        sim.formed = f;
        break;
      }
      case 'toward': {
        const target = units.find((x) => x.id === step.target || called(x).toLowerCase() === step.target.toLowerCase());
        if (!target || target.id === u0.id)
          fail(
            R_MOVE,
            `toward: no other unit '${step.target}'`,
            units.filter((x) => x.id !== u0.id).map((x) => `toward:${called(x)}`),
          );
        const front = frontCentre(sim.rect);
        const shape = contactShape(target);
        let at: Pt;
        let heading: number;
        if (shape.length === 1) {
          const dir = norm(sub(shape[0]!, front));
          heading = headingOf(dir);
          at = sub(shape[0]!, scale(dir, CENTRE_RADIUS));
        } else if (pointInPolygon(front, shape)) {
          at = front;
          heading = sim.rect.heading;
        } else ({ at, heading } = faceToward(front, shape));
        // The new front centre is `at`; the measuring point follows the footprint.
        const r = rectFromFront(at, sim.rect.w, sim.rect.d, heading);
        sim.charge = target;
        goTo(refOf(sim.unit, r), heading, false, 'toward');
        break;
      }
    }
  }
  return sim;
}

/**
 * Checks a proposed move for unit `id` and returns where it ends. The order is
 * a string (see orders.ts) or parsed steps. Refusals are RuleErrors naming the
 * rule and what is allowed (the inches left, the terrain, the blocking unit).
 */
export function checkMove(
  table: Table,
  units: readonly TableUnit[],
  id: string,
  order: string | MoveOrder,
  opts: MoveOptions = {},
): MoveResult {
  let parsed: MoveOrder;
  try {
    parsed = typeof order === 'string' ? parseMoveOrder(order) : order;
  } catch (e) {
    // An order that does not parse: examples this unit could carry out now (its own allowance), not generic ones.
    if (!(e instanceof RuleError)) throw e;
    const mine = orderExamples(table, units, id, opts);
    throw new RuleError(e.rule, e.message, mine.length ? mine : e.allowed);
  }
  try {
    return checkMoveOnce(table, units, id, parsed, opts);
  } catch (e) {
    // `toward:<unit>` without stop:contact goes as far as it may: the same line, cut to the allowance.
    const last = parsed.steps[parsed.steps.length - 1];
    if (!(e instanceof RuleError) || !TOO_FAR.test(e.message) || last?.kind !== 'toward' || last.contact) throw e;
    const u0 = units.find((u) => u.id === id)!;
    const sim = simulate(u0, parsed, units);
    const from = sim.path[sim.path.length - 2] ?? { x: u0.x, y: u0.y };
    const to = sim.path[sim.path.length - 1]!;
    const before: MoveOrder = { steps: parsed.steps.slice(0, -1) };
    const whole = dist(from, to);
    const base = baseAllowance(u0);
    const spent = opts.spent ?? 0;
    for (const full of [base * tabletopData().roadFactor.value, base, base * tabletopData().penaltyFactor.value]) {
      const d = full - spent;
      if (d >= whole || d <= 0) continue;
      const p = { x: round2(from.x + ((to.x - from.x) * d) / whole), y: round2(from.y + ((to.y - from.y) * d) / whole) };
      const cut: MoveOrder = {
        steps: [...before.steps, { kind: 'face', deg: round2(sim.rect.heading), relative: false }, { kind: 'to', ...p }],
      };
      try {
        return { ...checkMoveOnce(table, units, id, cut, opts), order: formatMoveOrder(parsed) };
      } catch (e2) {
        if (!(e2 instanceof RuleError) || !TOO_FAR.test(e2.message)) throw e2;
      }
    }
    throw e;
  }
}

/**
 * Orders this unit may give now, as examples for a refusal: whole inches of its
 * allowance (a backward move halved, p.15), a wheel, a point ahead, a facing, a
 * formation, toward the nearest enemy; each checked, so only legal ones show.
 */
export function orderExamples(table: Table, units: readonly TableUnit[], id: string, opts: MoveOptions = {}): string[] {
  const u = units.find((x) => x.id === id);
  if (!u) return [];
  const left = baseAllowance(u) - (opts.spent ?? 0);
  const whole = Math.floor(left);
  const half = Math.floor(opts.fullMovement ? left : left / 2);
  const ahead = add({ x: u.x, y: u.y }, scale(headingVec(u.facing), Math.min(whole, 3)));
  const foe = units.filter((x) => x.side !== u.side).sort((a, b) => dist(a, u) - dist(b, u))[0];
  const tries = [
    whole > 0 && `forward:${whole}`,
    half > 0 && `back:${half}`,
    whole > 0 && 'wheel:30',
    whole > 0 && `${round2(ahead.x)},${round2(ahead.y)}`,
    'face:+45',
    ...TYPE_FORMATIONS[u.type].filter((f) => f !== u.formation && f !== 'square' && f !== 'mob').map((f) => `form:${f}`),
    foe && whole > 0 && `toward:${called(foe)}`,
  ].filter((t): t is string => !!t);
  const out: string[] = [];
  for (const t of tries) {
    try {
      if (!checkMove(table, units, id, t, opts).charged) out.push(t);
    } catch {
      // Not legal here (terrain, a unit in the way, the table edge): not an example.
    }
    if (out.length >= 7) break;
  }
  return out;
}

/** The refusal of a move longer than the allowance (the text checkMove cuts toward-moves on). */
const TOO_FAR = / may move [\d.]+" \(/;

function checkMoveOnce(table: Table, units: readonly TableUnit[], id: string, parsed: MoveOrder, opts: MoveOptions): MoveResult {
  const u0 = units.find((u) => u.id === id);
  if (!u0) fail(R_MOVE, `no unit '${id}' on the table`, units.map(called));
  const data = tabletopData();
  const sim = simulate(u0, parsed, units);
  const end = sim.unit;
  const hulls: Pt[][] = [];
  for (let i = 0; i + 1 < sim.poses.length; i++) hulls.push(convexHull([...corners(sim.poses[i]!), ...corners(sim.poses[i + 1]!)]));
  const startShape = corners(sim.poses[0]!);
  const moved = sim.legs.reduce((s, l) => s + l.inches, 0);
  const shapes = [startShape, ...hulls];

  // Impassable ground (p.15): not even a Jack crosses it.
  for (const t of table.terrain) {
    if (!(t.impassable || t.kind === 'lake')) continue;
    if (isLine(t)) {
      const p = crossesImpassableLine(table, t, sim.path);
      if (p) fail(R_TERRAIN, `${terrainName(t)} is impassable (crossing at ${round2(p.x)},${round2(p.y)} is not on a bridge)`);
      // Nor may a unit end standing in it, unless on the bridge.
      if (distPolygonPolyline(corners(sim.rect), t.line!) < t.width! / 2 - 0.01 && !onRoad(table, refOf(end, sim.rect)))
        fail(R_TERRAIN, `${terrainName(t)} is impassable: ${called(u0)} would end in it`);
    } else if (hulls.some((h) => polygonsWithin(h, t.polygon!, 0)) || polygonsWithin(corners(sim.rect), t.polygon!, 0))
      fail(R_TERRAIN, `${terrainName(t)} is impassable`);
  }

  // Buildings (p.26): who may enter, and how many figures fit.
  const building = inBuilding(table, end);
  if (building && inBuilding(table, u0) !== building) {
    if (!data.buildings.enter.includes(end.type)) fail(R_BUILD, `${end.type} may not enter ${terrainName(building)}`);
    const inside = units.filter((x) => x.id !== end.id && inBuilding(table, x) === building).reduce((s, x) => s + x.figures, 0);
    if (inside + end.figures > data.buildings.capacity)
      fail(R_BUILD, `${terrainName(building)} holds ${data.buildings.capacity} figures; ${inside} are inside already`);
  }

  // The allowance: halved once for any of backward, facing back, terrain (p.15).
  const base = baseAllowance(u0);
  const halved: string[] = [];
  if (sim.legs.some((l) => l.back)) halved.push('moving backward');
  const turned = Math.abs(turnBetween(u0.facing, end.facing));
  const reform = u0.formation === 'square' || u0.formation === 'mob';
  if (turned > 90 + 1e-6 && u0.type !== 'skirmisher' && !reform) halved.push('ending faced back');
  const slowing = moved > 0 ? table.terrain.filter((t) => shapes.some((s) => slows(t, s))) : [];
  const column = u0.formation === 'column' || u0.formation === 'limbered';
  const road = column && moved > 0 && !sim.legs.some((l) => l.kind === 'wheel') && pathOnRoad(table, sim.path) && !halved.length;
  if (!road) for (const t of slowing) halved.push(terrainName(t));
  let allowance = base;
  if (road) allowance = base * data.roadFactor.value;
  else if (halved.length && !opts.fullMovement) allowance = base * data.penaltyFactor.value;
  allowance = round2(allowance);
  const distance = round2(moved);
  const spent = round2(opts.spent ?? 0);
  const left = round2(Math.max(0, allowance - spent));
  if (distance > left + 0.005) {
    const why = halved.length && !opts.fullMovement ? `, halved for ${halved.join(', ')}` : road ? ' on the road' : '';
    const charge = sim.charge && parsed.steps.some((s) => s.kind === 'toward' && s.contact);
    fail(
      charge ? R_CONTACT : halved.length ? R_TERRAIN : R_MOVE,
      `${called(u0)} may move ${allowance}" (${u0.type} in ${u0.formation}${why})` +
        (spent ? `, ${spent}" already moved, ${left}" left` : '') +
        `; this move is ${distance}"` +
        (charge ? ` to reach ${called(sim.charge!)}` : ''),
      [`move at most ${left}"${halved.length && !opts.fullMovement ? ` (${halved.join(', ')})` : ''}`],
    );
  }

  // Other units block (p.15): own skirmishers may be passed through; a charge target is touched, not crossed.
  // Units already overlapping the start (own skirmishers a unit ended among, p.15) rearrange round it: not obstacles.
  const start = corners(sim.poses[0]!);
  const others = units.filter(
    (x) =>
      x.id !== u0.id &&
      !(x.side === u0.side && x.type === 'skirmisher') &&
      x.id !== sim.charge?.id &&
      !convexOverlap(start, corners(footprint(x))),
  );
  const obstacles = others.map((x) => corners(footprint(x)));
  if (sim.charge && contactShape(sim.charge).length > 1) {
    others.push(sim.charge);
    obstacles.push(contactShape(sim.charge));
  }
  for (let i = 0; i < hulls.length; i++) {
    const k = obstacles.findIndex((o) => convexOverlap(hulls[i]!, o));
    if (k < 0) continue;
    const blocker = others[k]!;
    const before = blockedAfter(sim, i, obstacles[k]!);
    fail(
      R_THROUGH,
      `${called(u0)} is blocked by ${blocker.side === u0.side ? '' : 'enemy '}${called(blocker)} after ${before}" of ${distance}"` +
        ' (units stop short of other troops; only your own skirmishers may be passed through)',
      [`stop within ${before}" this way, or go round ${called(blocker)}`],
    );
  }
  // The table edge.
  for (const r of sim.poses)
    for (const c of corners(r))
      if (c.x < -1e-6 || c.y < -1e-6 || c.x > table.width + 1e-6 || c.y > table.height + 1e-6)
        fail(R_MOVE, `${called(u0)} would leave the ${table.width}x${table.height}" table`);

  const contacts = units.filter((x) => x.side !== u0.side && x.id !== u0.id && inContact(end, x)).map((x) => x.id);
  const charged = units.find((x) => x.side !== u0.side && frontContact(end, x))?.id ?? null;
  if (sim.charge && parsed.steps.some((s) => s.kind === 'toward' && s.contact) && !frontContact(end, sim.charge))
    throw new RuleError(R_CONTACT, `${called(u0)} does not reach ${called(sim.charge)} front centre first`);
  return {
    unit: end,
    path: dedupe(sim.path),
    distance,
    allowance,
    left: round2(Math.max(0, left - distance)),
    halved: opts.fullMovement ? [] : halved,
    road,
    formationChanged: sim.formed !== null,
    contacts,
    charged,
    order: formatMoveOrder(parsed),
  };
}

/** Inches of movement before the unit's sweep first overlaps an obstacle, in leg i (straight legs bisected). */
function blockedAfter(sim: Sim, hullIndex: number, obstacle: Pt[]): number {
  let used = 0;
  // Distance along the measuring-point path up to the start of this hull's pose pair.
  for (let i = 0; i < hullIndex && i + 1 < sim.path.length; i++) used += dist(sim.path[i]!, sim.path[i + 1]!);
  const a = sim.poses[hullIndex]!;
  const b = sim.poses[hullIndex + 1]!;
  if (Math.abs(turnBetween(a.heading, b.heading)) > 1e-6) return round2(used);
  const v = { x: b.cx - a.cx, y: b.cy - a.cy };
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 24; k++) {
    const mid = (lo + hi) / 2;
    const hull = convexHull([...corners(a), ...corners({ ...a, cx: a.cx + v.x * mid, cy: a.cy + v.y * mid })]);
    if (convexOverlap(hull, obstacle)) hi = mid;
    else lo = mid;
  }
  return Math.max(0, Math.floor((used + lo * Math.hypot(v.x, v.y)) * 100) / 100);
}

/** A general's move (p.8): up to 20 inches in any direction, free of terrain, on the table. */
export function checkGeneralMove(table: Table, from: Pt, to: Pt): number {
  const d = round2(dist(from, to));
  const max = tabletopData().generalMove.value;
  if (d > max + 0.005) fail('ATKM You Are the General', `a general moves up to ${max}"; that is ${d}"`);
  if (to.x < 0 || to.y < 0 || to.x > table.width || to.y > table.height) fail('ATKM You Are the General', 'off the table');
  return d;
}

function dedupe(path: Pt[]): Pt[] {
  const out: Pt[] = [];
  for (const p of path) {
    const q = { x: round2(p.x), y: round2(p.y) };
    const last = out[out.length - 1];
    if (!last || last.x !== q.x || last.y !== q.y) out.push(q);
  }
  return out;
}
