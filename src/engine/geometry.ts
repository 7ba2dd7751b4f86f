// Plane geometry in table inches, shared by tabletop games (no game knowledge).
// Axes: x grows to the right, y grows down the table (as drawn on screen), the
// origin is the table's top-left corner. Headings are degrees clockwise from
// "up" (north, -y): 0 up, 90 right, 180 down, 270 left.

export interface Pt {
  x: number;
  y: number;
}

/** A rotated rectangle: centre, frontage (across the heading), depth (along it), heading. */
export interface Rect {
  cx: number;
  cy: number;
  /** Width across the facing (frontage). */
  w: number;
  /** Depth along the facing. */
  d: number;
  heading: number;
}

export type Polygon = readonly Pt[];
export type Polyline = readonly Pt[];

/** Tolerance in inches: touching (within EPS) is contact, not overlap. */
export const EPS = 1e-6;

export const pt = (x: number, y: number): Pt => ({ x, y });
export const add = (a: Pt, b: Pt): Pt => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Pt, b: Pt): Pt => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Pt, k: number): Pt => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Pt, b: Pt): number => a.x * b.x + a.y * b.y;
export const cross = (a: Pt, b: Pt): number => a.x * b.y - a.y * b.x;
export const len = (a: Pt): number => Math.hypot(a.x, a.y);
export const dist = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y);
export const lerp = (a: Pt, b: Pt, t: number): Pt => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
export function norm(a: Pt): Pt {
  const l = len(a);
  return l < EPS ? { x: 0, y: 0 } : { x: a.x / l, y: a.y / l };
}

/** Rounds to 1/100 inch, for messages and stable positions. */
export const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

/** Heading normalised to [0, 360). */
export function normDeg(h: number): number {
  const r = h % 360;
  return r < 0 ? r + 360 : r + 0;
}

/** Signed smallest turn from heading a to heading b, in (-180, 180]; positive = clockwise. */
export function turnBetween(a: number, b: number): number {
  const d = normDeg(b - a);
  return d > 180 ? d - 360 : d;
}

const RAD = Math.PI / 180;

/** Unit vector of a heading (0 = up = -y, clockwise). */
export function headingVec(h: number): Pt {
  return { x: Math.sin(h * RAD), y: -Math.cos(h * RAD) };
}

/** Heading of a vector (0 for a zero vector). */
export function headingOf(v: Pt): number {
  if (Math.abs(v.x) < EPS && Math.abs(v.y) < EPS) return 0;
  return normDeg(Math.atan2(v.x, -v.y) / RAD);
}

/** Rotates p clockwise by deg about c (default the origin). */
export function rotate(p: Pt, deg: number, c: Pt = { x: 0, y: 0 }): Pt {
  const s = Math.sin(deg * RAD);
  const k = Math.cos(deg * RAD);
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  // Screen coordinates (y down): clockwise is the usual counter-clockwise formula with y flipped.
  return { x: c.x + dx * k - dy * s, y: c.y + dx * s + dy * k };
}

// ---------------------------------------------------------------- rectangles

/** A point given in the rectangle's own frame: right = across to the right, fwd = along the heading. */
export function local(rect: Rect, right: number, fwd: number): Pt {
  const f = headingVec(rect.heading);
  const rt = headingVec(rect.heading + 90);
  return { x: rect.cx + rt.x * right + f.x * fwd, y: rect.cy + rt.y * right + f.y * fwd };
}

/** Corners in order front-left, front-right, back-right, back-left. */
export function corners(rect: Rect): Pt[] {
  // local() four times over, with the two heading vectors worked out once (the same arithmetic).
  const f = headingVec(rect.heading);
  const rt = headingVec(rect.heading + 90);
  const at = (right: number, fwd: number): Pt => ({ x: rect.cx + rt.x * right + f.x * fwd, y: rect.cy + rt.y * right + f.y * fwd });
  return [at(-rect.w / 2, rect.d / 2), at(rect.w / 2, rect.d / 2), at(rect.w / 2, -rect.d / 2), at(-rect.w / 2, -rect.d / 2)];
}

export const centre = (r: Rect): Pt => ({ x: r.cx, y: r.cy });
export const frontCentre = (r: Rect): Pt => local(r, 0, r.d / 2);
export const rearCentre = (r: Rect): Pt => local(r, 0, -r.d / 2);

/** The rectangle with its front centre at p (same size and heading as r unless given). */
export function rectFromFront(p: Pt, w: number, d: number, heading: number): Rect {
  const f = headingVec(heading);
  return { cx: p.x - (f.x * d) / 2, cy: p.y - (f.y * d) / 2, w, d, heading: normDeg(heading) };
}

export const translateRect = (r: Rect, v: Pt): Rect => ({ ...r, cx: r.cx + v.x, cy: r.cy + v.y });

/** Rotates a rectangle clockwise by deg about point c. */
export function rotateRect(rect: Rect, deg: number, c: Pt): Rect {
  const p = rotate({ x: rect.cx, y: rect.cy }, deg, c);
  return { ...rect, cx: p.x, cy: p.y, heading: normDeg(rect.heading + deg) };
}

/**
 * A wheel: the rectangle turns by deg (positive clockwise) about the front
 * corner on the side it turns toward (a right wheel pivots on the front-right
 * corner). Returns the new rectangle and how far the outer front corner
 * travelled (its arc), the usual measure of a wheel.
 */
export function wheel(rect: Rect, deg: number): { rect: Rect; pivot: Pt; arc: number } {
  const [fl, fr] = corners(rect);
  const pivot = deg >= 0 ? fr! : fl!;
  return { rect: rotateRect(rect, deg, pivot), pivot, arc: rect.w * Math.abs(deg) * RAD };
}

/** Side of a rectangle: 'front' (the edge along its heading), 'rear', 'left', 'right'. */
export type RectSide = 'front' | 'right' | 'rear' | 'left';

/** The four edges as [side, a, b], following corners(). */
export function rectEdges(rect: Rect): [RectSide, Pt, Pt][] {
  const [fl, fr, br, bl] = corners(rect) as [Pt, Pt, Pt, Pt];
  return [
    ['front', fl, fr],
    ['right', fr, br],
    ['rear', br, bl],
    ['left', bl, fl],
  ];
}

/** Which side of r the segment from `from` toward r's centre crosses first (null if `from` is inside). */
export function sideFacing(rect: Rect, from: Pt): RectSide | null {
  if (pointInPolygon(from, corners(rect))) return null;
  let best: { side: RectSide; t: number } | null = null;
  const c = centre(rect);
  for (const [side, a, b] of rectEdges(rect)) {
    const t = segmentParam(from, c, a, b);
    if (t !== null && (!best || t < best.t)) best = { side, t };
  }
  return best?.side ?? null;
}

/**
 * The arc of r that point p lies in, by r's extended diagonals: 'front' ahead
 * of the front edge's diagonals, 'rear' behind the rear edge's, else the flank.
 */
export function arcOfPoint(rect: Rect, p: Pt): 'front' | 'flank' | 'rear' {
  const v = sub(p, centre(rect));
  const fwd = dot(v, headingVec(rect.heading));
  const right = dot(v, headingVec(rect.heading + 90));
  // Inside the diagonal wedge: |right| / (w/2) <= |fwd| / (d/2).
  if (Math.abs(right) * rect.d <= Math.abs(fwd) * rect.w + EPS) return fwd >= 0 ? 'front' : 'rear';
  return 'flank';
}

/** True if p is within the 180° half-plane ahead of `from` facing `heading` (the text's "within 180 degrees"). */
export function inFrontHalf(from: Pt, heading: number, p: Pt): boolean {
  return dot(sub(p, from), headingVec(heading)) >= -EPS;
}

// ---------------------------------------------------------------- points, segments, polygons

/** Distance from p to segment ab, and the nearest point. */
export function nearestOnSegment(p: Pt, a: Pt, b: Pt): { d: number; q: Pt; t: number } {
  const ab = sub(b, a);
  const l2 = dot(ab, ab);
  const t = l2 < EPS * EPS ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2));
  const q = lerp(a, b, t);
  return { d: dist(p, q), q, t };
}

/** Distance from p to segment ab: nearestOnSegment's arithmetic without building its result. */
export function distPointSegment(p: Pt, a: Pt, b: Pt): number {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const l2 = abx * abx + aby * aby;
  const t = l2 < EPS * EPS ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / l2));
  return Math.hypot(p.x - (a.x + (b.x - a.x) * t), p.y - (a.y + (b.y - a.y) * t));
}

/** Parameter t in [0,1] along pq where it crosses segment ab, or null. */
export function segmentParam(p: Pt, q: Pt, a: Pt, b: Pt): number | null {
  const r = sub(q, p);
  const s = sub(b, a);
  const den = cross(r, s);
  const ap = sub(a, p);
  if (Math.abs(den) < 1e-12) {
    // Parallel: collinear overlap counts, at the nearer end.
    if (Math.abs(cross(ap, r)) > 1e-9) return null;
    const rr = dot(r, r);
    if (rr < 1e-12) return dist(p, a) < EPS || distPointSegment(p, a, b) < EPS ? 0 : null;
    const t0 = dot(ap, r) / rr;
    const t1 = dot(sub(b, p), r) / rr;
    const lo = Math.max(0, Math.min(t0, t1));
    const hi = Math.min(1, Math.max(t0, t1));
    return lo <= hi + EPS ? lo : null;
  }
  const t = cross(ap, s) / den;
  const u = cross(ap, r) / den;
  return t >= -EPS && t <= 1 + EPS && u >= -EPS && u <= 1 + EPS ? Math.max(0, Math.min(1, t)) : null;
}

export const segmentsIntersect = (p: Pt, q: Pt, a: Pt, b: Pt): boolean => segmentParam(p, q, a, b) !== null;

/** Shortest distance between segments pq and ab. */
export function distSegmentSegment(p: Pt, q: Pt, a: Pt, b: Pt): number {
  if (segmentsIntersect(p, q, a, b)) return 0;
  return Math.min(distPointSegment(p, a, b), distPointSegment(q, a, b), distPointSegment(a, p, q), distPointSegment(b, p, q));
}

/** Even-odd point-in-polygon; points on the outline count as inside. */
export function pointInPolygon(p: Pt, poly: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (distPointSegment(p, a, b) < EPS) return true;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

function edges(poly: Polygon, closed = true): [Pt, Pt][] {
  const out: [Pt, Pt][] = [];
  const count = poly.length;
  for (let i = 0; i < (closed ? count : count - 1); i++) out.push([poly[i]!, poly[(i + 1) % count]!]);
  return out;
}

/** Distance from p to a polygon's outline (0 inside). */
export function distPointPolygon(p: Pt, poly: Polygon): number {
  if (pointInPolygon(p, poly)) return 0;
  return Math.min(...edges(poly).map(([a, b]) => distPointSegment(p, a, b)));
}

/** Nearest point of a polygon (its outline, or p itself when inside). */
export function nearestOnPolygon(p: Pt, poly: Polygon): Pt {
  if (pointInPolygon(p, poly)) return p;
  let best = { d: Infinity, q: p };
  for (const [a, b] of edges(poly)) {
    const n = nearestOnSegment(p, a, b);
    if (n.d < best.d) best = n;
  }
  return best.q;
}

/** Distance from p to a polyline. */
export function distPointPolyline(p: Pt, line: Polyline): number {
  if (line.length === 1) return dist(p, line[0]!);
  return Math.min(...edges(line, false).map(([a, b]) => distPointSegment(p, a, b)));
}

/** Edge-to-edge distance between two polygons (0 when they touch or overlap). */
export function distPolygons(polygon: Polygon, b: Polygon): number {
  if (pointInPolygon(polygon[0]!, b) || pointInPolygon(b[0]!, polygon)) return 0;
  let best = Infinity;
  for (let i = 0; i < polygon.length; i++)
    for (let j = 0; j < b.length; j++)
      best = Math.min(best, distSegmentSegment(polygon[i]!, polygon[(i + 1) % polygon.length]!, b[j]!, b[(j + 1) % b.length]!));
  return best;
}

/** Distance from a polygon to a polyline (0 when they cross or the line runs inside). */
export function distPolygonPolyline(poly: Polygon, line: Polyline): number {
  if (line.some((p) => pointInPolygon(p, poly))) return 0;
  let best = Infinity;
  for (let i = 0; i < poly.length; i++)
    for (let j = 0; j + 1 < line.length; j++)
      best = Math.min(best, distSegmentSegment(poly[i]!, poly[(i + 1) % poly.length]!, line[j]!, line[j + 1]!));
  return best;
}

/**
 * A cheap lower bound on the distance between two point sets: the gap between
 * their axis-aligned bounding boxes (0 when the boxes meet).
 */
export function boxGap(a: readonly Pt[], b: readonly Pt[]): number {
  let aX0 = Infinity,
    aY0 = Infinity,
    aX1 = -Infinity,
    aY1 = -Infinity;
  for (const p of a) {
    if (p.x < aX0) aX0 = p.x;
    if (p.x > aX1) aX1 = p.x;
    if (p.y < aY0) aY0 = p.y;
    if (p.y > aY1) aY1 = p.y;
  }
  let bX0 = Infinity,
    bY0 = Infinity,
    bX1 = -Infinity,
    bY1 = -Infinity;
  for (const p of b) {
    if (p.x < bX0) bX0 = p.x;
    if (p.x > bX1) bX1 = p.x;
    if (p.y < bY0) bY0 = p.y;
    if (p.y > bY1) bY1 = p.y;
  }
  const gx = Math.max(0, bX0 - aX1, aX0 - bX1);
  const gy = Math.max(0, bY0 - aY1, aY0 - bY1);
  return Math.hypot(gx, gy);
}

/** distPolygons(a, b) <= r, skipping the exact measure when the bounding boxes are already farther apart. */
export const polygonsWithin = (a: Polygon, b: Polygon, r: number): boolean => boxGap(a, b) <= r + EPS && distPolygons(a, b) <= r;

/** distPolygonPolyline(poly, line) <= r, with the same bounding-box shortcut. */
export const polygonNearPolyline = (poly: Polygon, line: Polyline, r: number): boolean =>
  boxGap(poly, line) <= r + EPS && distPolygonPolyline(poly, line) <= r;

/** Edge-to-edge distance between two rectangles (footprints). */
export const distRects = (a: Rect, b: Rect): number => distPolygons(corners(a), corners(b));

/**
 * True if two convex polygons overlap by more than `tol` (separating axis);
 * touching edges are not an overlap.
 */
export function convexOverlap(polygon: Polygon, b: Polygon, tol = 1e-3): boolean {
  // Disjoint bounding boxes: some edge normal separates them (the answer below would be false too, only dearer).
  if (tol >= 0 && boxGap(polygon, b) > EPS) return false;
  for (const poly of [polygon, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const axis = norm({ x: -(q.y - p.y), y: q.x - p.x });
      let minA = Infinity;
      let maxA = -Infinity;
      let minB = Infinity;
      let maxB = -Infinity;
      for (const v of polygon) {
        const s = v.x * axis.x + v.y * axis.y;
        if (s < minA) minA = s;
        if (s > maxA) maxA = s;
      }
      for (const v of b) {
        const s = v.x * axis.x + v.y * axis.y;
        if (s < minB) minB = s;
        if (s > maxB) maxB = s;
      }
      if (maxA <= minB + tol || maxB <= minA + tol) return false;
    }
  }
  return true;
}

/** True if two polygons (any shape) share area or cross. */
export function polygonsIntersect(polygon: Polygon, b: Polygon): boolean {
  return distPolygons(polygon, b) < EPS;
}

/** True if segment pq crosses or lies inside the polygon. */
export function segmentHitsPolygon(p: Pt, q: Pt, poly: Polygon): boolean {
  if (pointInPolygon(p, poly) || pointInPolygon(q, poly)) return true;
  return edges(poly).some(([a, b]) => segmentsIntersect(p, q, a, b));
}

/**
 * True if segment pq passes through the polygon's interior (more than grazing
 * a corner or running along an edge): the midpoint of some stretch of pq
 * between outline crossings lies strictly inside.
 */
export function segmentEntersPolygon(p: Pt, q: Pt, poly: Polygon): boolean {
  const ts = [0, 1];
  for (const [a, b] of edges(poly)) {
    const t = segmentParam(p, q, a, b);
    if (t !== null) ts.push(t);
  }
  ts.sort((x, y) => x - y);
  for (let i = 0; i + 1 < ts.length; i++) {
    if (ts[i + 1]! - ts[i]! < 1e-9) continue;
    const m = lerp(p, q, (ts[i]! + ts[i + 1]!) / 2);
    if (pointInPolygon(m, poly) && distPointPolygonOutline(m, poly) > 1e-6) return true;
  }
  return false;
}

function distPointPolygonOutline(p: Pt, poly: Polygon): number {
  return Math.min(...edges(poly).map(([a, b]) => distPointSegment(p, a, b)));
}

/** Length of segment pq lying inside the polygon. */
export function lengthInside(p: Pt, q: Pt, poly: Polygon): number {
  const ts = [0, 1];
  for (const [a, b] of edges(poly)) {
    const t = segmentParam(p, q, a, b);
    if (t !== null) ts.push(t);
  }
  ts.sort((x, y) => x - y);
  let inside = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const m = lerp(p, q, (ts[i]! + ts[i + 1]!) / 2);
    if (pointInPolygon(m, poly)) inside += ts[i + 1]! - ts[i]!;
  }
  return inside * dist(p, q);
}

/** True if segment pq comes within r of centre c (crosses or touches the circle). */
export function segmentHitsCircle(p: Pt, q: Pt, c: Pt, r: number): boolean {
  return distPointSegment(c, p, q) <= r + EPS;
}

/** True if segment pq passes within `halfWidth` of a polyline (a river or road strip). */
export function segmentHitsStrip(p: Pt, q: Pt, line: Polyline, halfWidth: number): boolean {
  return edges(line, false).some(([a, b]) => distSegmentSegment(p, q, a, b) <= halfWidth + EPS);
}

/** First parameter t along pq where it reaches the polygon (0 if p is inside), or null. */
export function rayEntry(p: Pt, q: Pt, poly: Polygon): number | null {
  if (pointInPolygon(p, poly)) return 0;
  let best: number | null = null;
  for (const [a, b] of edges(poly)) {
    const t = segmentParam(p, q, a, b);
    if (t !== null && (best === null || t < best)) best = t;
  }
  return best;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in math axes. */
export function convexHull(points: readonly Pt[]): Pt[] {
  const ps = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (ps.length < 3) return ps;
  const lower: Pt[] = [];
  for (const p of ps) {
    while (lower.length >= 2 && cross(sub(lower[lower.length - 1]!, lower[lower.length - 2]!), sub(p, lower[lower.length - 2]!)) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = ps.length - 1; i >= 0; i--) {
    const p = ps[i]!;
    while (upper.length >= 2 && cross(sub(upper[upper.length - 1]!, upper[upper.length - 2]!), sub(p, upper[upper.length - 2]!)) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Axis-aligned bounds of points. */
export function bounds(points: readonly Pt[]): { minX: number; minY: number; maxX: number; maxY: number } {
  return {
    minX: Math.min(...points.map((p) => p.x)),
    minY: Math.min(...points.map((p) => p.y)),
    maxX: Math.max(...points.map((p) => p.x)),
    maxY: Math.max(...points.map((p) => p.y)),
  };
}

// ---------------------------------------------------------------- swept movement

/**
 * The area a rectangle sweeps as it moves through the given poses (a straight
 * move between two poses of the same heading sweeps exactly the hull of their
 * corners; a turn is sampled every `stepDeg` degrees). One convex hull per
 * consecutive pair of poses.
 */
export function sweptHulls(poses: readonly Rect[]): Pt[][] {
  if (poses.length === 1) return [corners(poses[0]!)];
  const hulls: Pt[][] = [];
  for (let i = 0; i + 1 < poses.length; i++) hulls.push(convexHull([...corners(poses[i]!), ...corners(poses[i + 1]!)]));
  return hulls;
}

/** Poses of a wheel sampled every stepDeg (default 5°), from start to end inclusive. */
export function wheelPoses(rect: Rect, deg: number, stepDeg = 5): Rect[] {
  const count = Math.max(1, Math.ceil(Math.abs(deg) / stepDeg));
  const out: Rect[] = [rect];
  for (let i = 1; i <= count; i++) out.push(wheel(rect, (deg * i) / count).rect);
  return out;
}

/**
 * How far along a straight translation of r by v it can go before overlapping
 * any obstacle (convex polygons): the largest fraction in [0,1] found by
 * bisection to 1/1000 of the move, and the index of the first obstacle hit.
 */
export function freeFraction(rect: Rect, v: Pt, obstacles: readonly Polygon[]): { t: number; hit: number | null } {
  const hits = (t: number): number => {
    const hull = convexHull([...corners(rect), ...corners(translateRect(rect, scale(v, t)))]);
    return obstacles.findIndex((o) => convexOverlap(hull, o));
  };
  const whole = hits(1);
  if (whole < 0) return { t: 1, hit: null };
  let lo = 0;
  let hi = 1;
  if (hits(0) >= 0) return { t: 0, hit: hits(0) };
  for (let i = 0; i < 20 && hi - lo > 1e-3; i++) {
    const mid = (lo + hi) / 2;
    if (hits(mid) >= 0) hi = mid;
    else lo = mid;
  }
  return { t: lo, hit: hits(hi) };
}
