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

export const pointAt = (x: number, y: number): Pt => ({ x, y });
export const add = (a: Pt, b: Pt): Pt => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Pt, b: Pt): Pt => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Pt, k: number): Pt => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Pt, b: Pt): number => a.x * b.x + a.y * b.y;
export const cross = (a: Pt, b: Pt): number => a.x * b.y - a.y * b.x;
export const len = (a: Pt): number => Math.hypot(a.x, a.y);
export const dist = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y);
export const lerp = (from: Pt, to: Pt, fraction: number): Pt => ({
  x: from.x + (to.x - from.x) * fraction,
  y: from.y + (to.y - from.y) * fraction,
});
export function norm(vector: Pt): Pt {
  const length = len(vector);
  return length < EPS ? { x: 0, y: 0 } : { x: vector.x / length, y: vector.y / length };
}

/** Rounds to 1/100 inch, for messages and stable positions. */
export const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

/** Heading normalised to [0, 360). */
export function normDeg(heading: number): number {
  const rest = heading % 360;
  return rest < 0 ? rest + 360 : rest + 0;
}

/** Signed smallest turn from heading `from` to heading `to`, in (-180, 180]; positive = clockwise. */
export function turnBetween(from: number, to: number): number {
  const turn = normDeg(to - from);
  return turn > 180 ? turn - 360 : turn;
}

const RAD = Math.PI / 180;

/** Unit vector of a heading (0 = up = -y, clockwise). */
export function headingVec(heading: number): Pt {
  return { x: Math.sin(heading * RAD), y: -Math.cos(heading * RAD) };
}

/** Heading of a vector (0 for a zero vector). */
export function headingOf(vector: Pt): number {
  if (Math.abs(vector.x) < EPS && Math.abs(vector.y) < EPS) return 0;
  return normDeg(Math.atan2(vector.x, -vector.y) / RAD);
}

/** Rotates a point clockwise by deg about `about` (default the origin). */
export function rotate(point: Pt, deg: number, about: Pt = { x: 0, y: 0 }): Pt {
  const sin = Math.sin(deg * RAD);
  const cos = Math.cos(deg * RAD);
  const offsetX = point.x - about.x;
  const offsetY = point.y - about.y;
  // Screen coordinates (y down): clockwise is the usual counter-clockwise formula with y flipped.
  return { x: about.x + offsetX * cos - offsetY * sin, y: about.y + offsetX * sin + offsetY * cos };
}

// ---------------------------------------------------------------- rectangles

/** A point given in the rectangle's own frame: right = across to the right, fwd = along the heading. */
export function local(rect: Rect, right: number, fwd: number): Pt {
  const forward = headingVec(rect.heading);
  const rightward = headingVec(rect.heading + 90);
  return { x: rect.cx + rightward.x * right + forward.x * fwd, y: rect.cy + rightward.y * right + forward.y * fwd };
}

/** Corners in order front-left, front-right, back-right, back-left. */
export function corners(rect: Rect): Pt[] {
  // local() four times over, with the two heading vectors worked out once (the same arithmetic).
  const forward = headingVec(rect.heading);
  const rightward = headingVec(rect.heading + 90);
  const cornerAt = (right: number, fwd: number): Pt => ({
    x: rect.cx + rightward.x * right + forward.x * fwd,
    y: rect.cy + rightward.y * right + forward.y * fwd,
  });
  return [
    cornerAt(-rect.w / 2, rect.d / 2),
    cornerAt(rect.w / 2, rect.d / 2),
    cornerAt(rect.w / 2, -rect.d / 2),
    cornerAt(-rect.w / 2, -rect.d / 2),
  ];
}

export const centre = (r: Rect): Pt => ({ x: r.cx, y: r.cy });
export const frontCentre = (r: Rect): Pt => local(r, 0, r.d / 2);
export const rearCentre = (r: Rect): Pt => local(r, 0, -r.d / 2);

/** The rectangle with its front centre at `front`, of the given width, depth and heading. */
export function rectFromFront(front: Pt, width: number, depth: number, heading: number): Rect {
  const forward = headingVec(heading);
  return { cx: front.x - (forward.x * depth) / 2, cy: front.y - (forward.y * depth) / 2, w: width, d: depth, heading: normDeg(heading) };
}

export const translateRect = (r: Rect, v: Pt): Rect => ({ ...r, cx: r.cx + v.x, cy: r.cy + v.y });

/** Rotates a rectangle clockwise by deg about the point `about`. */
export function rotateRect(rect: Rect, deg: number, about: Pt): Rect {
  const movedCentre = rotate({ x: rect.cx, y: rect.cy }, deg, about);
  return { ...rect, cx: movedCentre.x, cy: movedCentre.y, heading: normDeg(rect.heading + deg) };
}

/**
 * A wheel: the rectangle turns by deg (positive clockwise) about the front
 * corner on the side it turns toward (a right wheel pivots on the front-right
 * corner). Returns the new rectangle and how far the outer front corner
 * travelled (its arc), the usual measure of a wheel.
 */
export function wheel(rect: Rect, deg: number): { rect: Rect; pivot: Pt; arc: number } {
  const [frontLeft, frontRight] = corners(rect);
  const pivot = deg >= 0 ? frontRight! : frontLeft!;
  return { rect: rotateRect(rect, deg, pivot), pivot, arc: rect.w * Math.abs(deg) * RAD };
}

/** Side of a rectangle: 'front' (the edge along its heading), 'rear', 'left', 'right'. */
export type RectSide = 'front' | 'right' | 'rear' | 'left';

/** The four edges as [side, start, end], following corners(). */
export function rectEdges(rect: Rect): [RectSide, Pt, Pt][] {
  const [frontLeft, frontRight, backRight, backLeft] = corners(rect) as [Pt, Pt, Pt, Pt];
  return [
    ['front', frontLeft, frontRight],
    ['right', frontRight, backRight],
    ['rear', backRight, backLeft],
    ['left', backLeft, frontLeft],
  ];
}

/** Which side of r the segment from `from` toward r's centre crosses first (null if `from` is inside). */
export function sideFacing(rect: Rect, from: Pt): RectSide | null {
  if (pointInPolygon(from, corners(rect))) return null;
  let best: { side: RectSide; t: number } | null = null;
  const middle = centre(rect);
  for (const [side, edgeStart, edgeEnd] of rectEdges(rect)) {
    const along = segmentParam(from, middle, edgeStart, edgeEnd);
    if (along !== null && (!best || along < best.t)) best = { side, t: along };
  }
  return best?.side ?? null;
}

/**
 * The arc of the rectangle a point lies in, by its extended diagonals: 'front' ahead
 * of the front edge's diagonals, 'rear' behind the rear edge's, else the flank.
 */
export function arcOfPoint(rect: Rect, point: Pt): 'front' | 'flank' | 'rear' {
  const offset = sub(point, centre(rect));
  const fwd = dot(offset, headingVec(rect.heading));
  const right = dot(offset, headingVec(rect.heading + 90));
  // Inside the diagonal wedge: |right| / (w/2) <= |fwd| / (d/2).
  if (Math.abs(right) * rect.d <= Math.abs(fwd) * rect.w + EPS) return fwd >= 0 ? 'front' : 'rear';
  return 'flank';
}

/** True if the point is within the 180° half-plane ahead of `from` facing `heading` (the text's "within 180 degrees"). */
export function inFrontHalf(from: Pt, heading: number, point: Pt): boolean {
  return dot(sub(point, from), headingVec(heading)) >= -EPS;
}

// ---------------------------------------------------------------- points, segments, polygons

/** Distance from a point to the segment start–end, and the nearest point. */
export function nearestOnSegment(point: Pt, start: Pt, end: Pt): { d: number; q: Pt; t: number } {
  const segment = sub(end, start);
  const lengthSquared = dot(segment, segment);
  const along = lengthSquared < EPS * EPS ? 0 : Math.max(0, Math.min(1, dot(sub(point, start), segment) / lengthSquared));
  const nearest = lerp(start, end, along);
  return { d: dist(point, nearest), q: nearest, t: along };
}

/** Distance from a point to the segment start–end: nearestOnSegment's arithmetic without building its result. */
export function distPointSegment(point: Pt, start: Pt, end: Pt): number {
  const abx = end.x - start.x;
  const aby = end.y - start.y;
  const lengthSquared = abx * abx + aby * aby;
  const along =
    lengthSquared < EPS * EPS ? 0 : Math.max(0, Math.min(1, ((point.x - start.x) * abx + (point.y - start.y) * aby) / lengthSquared));
  return Math.hypot(point.x - (start.x + (end.x - start.x) * along), point.y - (start.y + (end.y - start.y) * along));
}

/** How far in [0,1] along start→end it crosses the segment edgeStart–edgeEnd, or null. */
export function segmentParam(start: Pt, end: Pt, edgeStart: Pt, edgeEnd: Pt): number | null {
  const direction = sub(end, start);
  const edgeDirection = sub(edgeEnd, edgeStart);
  const den = cross(direction, edgeDirection);
  const toEdge = sub(edgeStart, start);
  if (Math.abs(den) < 1e-12) {
    // Parallel: collinear overlap counts, at the nearer end.
    if (Math.abs(cross(toEdge, direction)) > 1e-9) return null;
    const directionSquared = dot(direction, direction);
    if (directionSquared < 1e-12) return dist(start, edgeStart) < EPS || distPointSegment(start, edgeStart, edgeEnd) < EPS ? 0 : null;
    const edgeStartAlong = dot(toEdge, direction) / directionSquared;
    const edgeEndAlong = dot(sub(edgeEnd, start), direction) / directionSquared;
    const overlapStart = Math.max(0, Math.min(edgeStartAlong, edgeEndAlong));
    const overlapEnd = Math.min(1, Math.max(edgeStartAlong, edgeEndAlong));
    return overlapStart <= overlapEnd + EPS ? overlapStart : null;
  }
  const along = cross(toEdge, edgeDirection) / den;
  const alongEdge = cross(toEdge, direction) / den;
  return along >= -EPS && along <= 1 + EPS && alongEdge >= -EPS && alongEdge <= 1 + EPS ? Math.max(0, Math.min(1, along)) : null;
}

export const segmentsIntersect = (p: Pt, q: Pt, a: Pt, b: Pt): boolean => segmentParam(p, q, a, b) !== null;

/** Shortest distance between the segments start–end and otherStart–otherEnd. */
export function distSegmentSegment(start: Pt, end: Pt, otherStart: Pt, otherEnd: Pt): number {
  if (segmentsIntersect(start, end, otherStart, otherEnd)) return 0;
  return Math.min(
    distPointSegment(start, otherStart, otherEnd),
    distPointSegment(end, otherStart, otherEnd),
    distPointSegment(otherStart, start, end),
    distPointSegment(otherEnd, start, end),
  );
}

/** Even-odd point-in-polygon; points on the outline count as inside. */
export function pointInPolygon(point: Pt, poly: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const corner = poly[i]!;
    const previous = poly[j]!;
    if (distPointSegment(point, corner, previous) < EPS) return true;
    if (
      corner.y > point.y !== previous.y > point.y &&
      point.x < ((previous.x - corner.x) * (point.y - corner.y)) / (previous.y - corner.y) + corner.x
    )
      inside = !inside;
  }
  return inside;
}

function edges(poly: Polygon, closed = true): [Pt, Pt][] {
  const out: [Pt, Pt][] = [];
  const count = poly.length;
  for (let i = 0; i < (closed ? count : count - 1); i++) out.push([poly[i]!, poly[(i + 1) % count]!]);
  return out;
}

/** Distance from a point to a polygon's outline (0 inside). */
export function distPointPolygon(point: Pt, poly: Polygon): number {
  if (pointInPolygon(point, poly)) return 0;
  return Math.min(...edges(poly).map(([a, b]) => distPointSegment(point, a, b)));
}

/** Nearest point of a polygon (its outline, or the point itself when inside). */
export function nearestOnPolygon(point: Pt, poly: Polygon): Pt {
  if (pointInPolygon(point, poly)) return point;
  let best = { d: Infinity, q: point };
  for (const [start, end] of edges(poly)) {
    const nearest = nearestOnSegment(point, start, end);
    if (nearest.d < best.d) best = nearest;
  }
  return best.q;
}

/** Distance from a point to a polyline. */
export function distPointPolyline(point: Pt, line: Polyline): number {
  if (line.length === 1) return dist(point, line[0]!);
  return Math.min(...edges(line, false).map(([a, b]) => distPointSegment(point, a, b)));
}

/** Edge-to-edge distance between two polygons (0 when they touch or overlap). */
export function distPolygons(polygon: Polygon, other: Polygon): number {
  if (pointInPolygon(polygon[0]!, other) || pointInPolygon(other[0]!, polygon)) return 0;
  let best = Infinity;
  for (let i = 0; i < polygon.length; i++)
    for (let j = 0; j < other.length; j++)
      best = Math.min(best, distSegmentSegment(polygon[i]!, polygon[(i + 1) % polygon.length]!, other[j]!, other[(j + 1) % other.length]!));
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
export function boxGap(first: readonly Pt[], second: readonly Pt[]): number {
  let aX0 = Infinity,
    aY0 = Infinity,
    aX1 = -Infinity,
    aY1 = -Infinity;
  for (const point of first) {
    if (point.x < aX0) aX0 = point.x;
    if (point.x > aX1) aX1 = point.x;
    if (point.y < aY0) aY0 = point.y;
    if (point.y > aY1) aY1 = point.y;
  }
  let bX0 = Infinity,
    bY0 = Infinity,
    bX1 = -Infinity,
    bY1 = -Infinity;
  for (const point of second) {
    if (point.x < bX0) bX0 = point.x;
    if (point.x > bX1) bX1 = point.x;
    if (point.y < bY0) bY0 = point.y;
    if (point.y > bY1) bY1 = point.y;
  }
  const gapX = Math.max(0, bX0 - aX1, aX0 - bX1);
  const gapY = Math.max(0, bY0 - aY1, aY0 - bY1);
  return Math.hypot(gapX, gapY);
}

/** distPolygons(first, second) <= range, skipping the exact measure when the bounding boxes are already farther apart. */
export const polygonsWithin = (first: Polygon, second: Polygon, range: number): boolean =>
  boxGap(first, second) <= range + EPS && distPolygons(first, second) <= range;

/** distPolygonPolyline(poly, line) <= range, with the same bounding-box shortcut. */
export const polygonNearPolyline = (poly: Polygon, line: Polyline, range: number): boolean =>
  boxGap(poly, line) <= range + EPS && distPolygonPolyline(poly, line) <= range;

/** Edge-to-edge distance between two rectangles (footprints). */
export const distRects = (a: Rect, b: Rect): number => distPolygons(corners(a), corners(b));

/**
 * True if two convex polygons overlap by more than `tol` (separating axis);
 * touching edges are not an overlap.
 */
export function convexOverlap(polygon: Polygon, other: Polygon, tol = 1e-3): boolean {
  // Disjoint bounding boxes: some edge normal separates them (the answer below would be false too, only dearer).
  if (tol >= 0 && boxGap(polygon, other) > EPS) return false;
  for (const poly of [polygon, other]) {
    for (let i = 0; i < poly.length; i++) {
      const corner = poly[i]!;
      const nextCorner = poly[(i + 1) % poly.length]!;
      const axis = norm({ x: -(nextCorner.y - corner.y), y: nextCorner.x - corner.x });
      let minA = Infinity;
      let maxA = -Infinity;
      let minB = Infinity;
      let maxB = -Infinity;
      for (const vertex of polygon) {
        const projection = vertex.x * axis.x + vertex.y * axis.y;
        if (projection < minA) minA = projection;
        if (projection > maxA) maxA = projection;
      }
      for (const vertex of other) {
        const projection = vertex.x * axis.x + vertex.y * axis.y;
        if (projection < minB) minB = projection;
        if (projection > maxB) maxB = projection;
      }
      if (maxA <= minB + tol || maxB <= minA + tol) return false;
    }
  }
  return true;
}

/** True if two polygons (any shape) share area or cross. */
export function polygonsIntersect(polygon: Polygon, other: Polygon): boolean {
  return distPolygons(polygon, other) < EPS;
}

/** True if the segment start–end crosses or lies inside the polygon. */
export function segmentHitsPolygon(start: Pt, end: Pt, poly: Polygon): boolean {
  if (pointInPolygon(start, poly) || pointInPolygon(end, poly)) return true;
  return edges(poly).some(([a, b]) => segmentsIntersect(start, end, a, b));
}

/**
 * True if the segment start–end passes through the polygon's interior (more than grazing
 * a corner or running along an edge): the midpoint of some stretch of it
 * between outline crossings lies strictly inside.
 */
export function segmentEntersPolygon(start: Pt, end: Pt, poly: Polygon): boolean {
  const crossings = [0, 1];
  for (const [edgeStart, edgeEnd] of edges(poly)) {
    const along = segmentParam(start, end, edgeStart, edgeEnd);
    if (along !== null) crossings.push(along);
  }
  crossings.sort((x, y) => x - y);
  for (let i = 0; i + 1 < crossings.length; i++) {
    if (crossings[i + 1]! - crossings[i]! < 1e-9) continue;
    const midpoint = lerp(start, end, (crossings[i]! + crossings[i + 1]!) / 2);
    if (pointInPolygon(midpoint, poly) && distPointPolygonOutline(midpoint, poly) > 1e-6) return true;
  }
  return false;
}

function distPointPolygonOutline(point: Pt, poly: Polygon): number {
  return Math.min(...edges(poly).map(([a, b]) => distPointSegment(point, a, b)));
}

/** Length of the segment start–end lying inside the polygon. */
export function lengthInside(start: Pt, end: Pt, poly: Polygon): number {
  const crossings = [0, 1];
  for (const [edgeStart, edgeEnd] of edges(poly)) {
    const along = segmentParam(start, end, edgeStart, edgeEnd);
    if (along !== null) crossings.push(along);
  }
  crossings.sort((x, y) => x - y);
  let inside = 0;
  for (let i = 0; i + 1 < crossings.length; i++) {
    const midpoint = lerp(start, end, (crossings[i]! + crossings[i + 1]!) / 2);
    if (pointInPolygon(midpoint, poly)) inside += crossings[i + 1]! - crossings[i]!;
  }
  return inside * dist(start, end);
}

/** True if the segment start–end comes within `radius` of `circleCentre` (crosses or touches the circle). */
export function segmentHitsCircle(start: Pt, end: Pt, circleCentre: Pt, radius: number): boolean {
  return distPointSegment(circleCentre, start, end) <= radius + EPS;
}

/** True if the segment start–end passes within `halfWidth` of a polyline (a river or road strip). */
export function segmentHitsStrip(start: Pt, end: Pt, line: Polyline, halfWidth: number): boolean {
  return edges(line, false).some(([a, b]) => distSegmentSegment(start, end, a, b) <= halfWidth + EPS);
}

/** How far along start→end it first reaches the polygon (0 if start is inside), or null. */
export function rayEntry(start: Pt, end: Pt, poly: Polygon): number | null {
  if (pointInPolygon(start, poly)) return 0;
  let best: number | null = null;
  for (const [edgeStart, edgeEnd] of edges(poly)) {
    const along = segmentParam(start, end, edgeStart, edgeEnd);
    if (along !== null && (best === null || along < best)) best = along;
  }
  return best;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in math axes. */
export function convexHull(points: readonly Pt[]): Pt[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const lower: Pt[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(sub(lower[lower.length - 1]!, lower[lower.length - 2]!), sub(point, lower[lower.length - 2]!)) <= 0)
      lower.pop();
    lower.push(point);
  }
  const upper: Pt[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const point = sorted[i]!;
    while (upper.length >= 2 && cross(sub(upper[upper.length - 1]!, upper[upper.length - 2]!), sub(point, upper[upper.length - 2]!)) <= 0)
      upper.pop();
    upper.push(point);
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
 * How far along a straight translation of the rectangle by `move` it can go before overlapping
 * any obstacle (convex polygons): the largest fraction in [0,1] found by
 * bisection to 1/1000 of the move, and the index of the first obstacle hit.
 */
export function freeFraction(rect: Rect, move: Pt, obstacles: readonly Polygon[]): { t: number; hit: number | null } {
  const hits = (fraction: number): number => {
    const hull = convexHull([...corners(rect), ...corners(translateRect(rect, scale(move, fraction)))]);
    return obstacles.findIndex((o) => convexOverlap(hull, o));
  };
  const whole = hits(1);
  if (whole < 0) return { t: 1, hit: null };
  let low = 0;
  let high = 1;
  if (hits(0) >= 0) return { t: 0, hit: hits(0) };
  for (let i = 0; i < 20 && high - low > 1e-3; i++) {
    const mid = (low + high) / 2;
    if (hits(mid) >= 0) high = mid;
    else low = mid;
  }
  return { t: low, hit: hits(high) };
}
