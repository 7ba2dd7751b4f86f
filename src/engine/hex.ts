// Hex grids in axial coordinates (q, r; the third cube coordinate is -q-r):
// ids "q,r", the six neighbours, hexside keys both hexes share, distance,
// rings and discs (fog of war), pixel geometry for pointy- and flat-top
// layouts, offset <-> axial for rectangular maps, and a cheapest-path search
// whose step cost and limit the caller supplies. No game knowledge here.

export interface Axial {
  q: number;
  r: number;
}
/** "q,r", e.g. "3,-2". */
export type HexId = string;

export const hexId = (q: number, r: number): HexId => `${q},${r}`;
export const idOf = (h: Axial): HexId => hexId(h.q, h.r);

export function parseHexId(id: HexId): Axial {
  const found = /^(-?\d+),(-?\d+)$/.exec(id);
  if (!found) throw new Error(`not a hex id: '${id}' (want "q,r")`);
  return { q: Number(found[1]), r: Number(found[2]) };
}

/** The six axial directions, counter-clockwise from east (pointy) / south-east (flat), y pointing down. */
export const HEX_DIRECTIONS: readonly Axial[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export const addHex = (a: Axial, b: Axial): Axial => ({ q: a.q + b.q, r: a.r + b.r });

export function neighbour(h: Axial, dir: number): Axial {
  return addHex(h, HEX_DIRECTIONS[((dir % 6) + 6) % 6]);
}

export function neighbours(h: Axial): Axial[] {
  return HEX_DIRECTIONS.map((d) => addHex(h, d));
}

export function neighbourIds(id: HexId): HexId[] {
  return neighbours(parseHexId(id)).map(idOf);
}

/** Cube distance: the number of steps between two hexes. */
export function hexDistance(a: Axial | HexId, b: Axial | HexId): number {
  const p = typeof a === 'string' ? parseHexId(a) : a;
  const s = typeof b === 'string' ? parseHexId(b) : b;
  const dq = p.q - s.q;
  const dr = p.r - s.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Index into HEX_DIRECTIONS from a to b, or null if they are not neighbours. */
export function directionTo(a: Axial | HexId, b: Axial | HexId): number | null {
  const p = typeof a === 'string' ? parseHexId(a) : a;
  const s = typeof b === 'string' ? parseHexId(b) : b;
  const i = HEX_DIRECTIONS.findIndex((d) => d.q === s.q - p.q && d.r === s.r - p.r);
  return i < 0 ? null : i;
}

export const isAdjacent = (a: Axial | HexId, b: Axial | HexId): boolean => directionTo(a, b) !== null;

/** The key of the side two neighbouring hexes share, the same from either side: "a|b" with the smaller id first. */
export function hexsideKey(a: HexId, b: HexId): string {
  if (!isAdjacent(a, b)) throw new Error(`hexside ${a}|${b}: the hexes are not neighbours`);
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** The two hexes of a hexside key. */
export function hexsideHexes(key: string): [HexId, HexId] {
  const [a, b] = key.split('|');
  if (!a || !b || !isAdjacent(a, b)) throw new Error(`not a hexside key: '${key}'`);
  return [a, b];
}

/** The hexes exactly n steps from centre (n = 0: the centre), in walking order. */
export function hexRing(centre: Axial, count: number): Axial[] {
  if (count < 0) return [];
  if (count === 0) return [{ ...centre }];
  const out: Axial[] = [];
  let h = { q: centre.q + HEX_DIRECTIONS[4].q * count, r: centre.r + HEX_DIRECTIONS[4].r * count };
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < count; step++) {
      out.push(h);
      h = neighbour(h, side);
    }
  }
  return out;
}

/** Every hex within n steps of centre (a disc of 3n(n+1)+1 hexes). */
export function hexesWithin(centre: Axial, count: number): Axial[] {
  const out: Axial[] = [];
  for (let dq = -count; dq <= count; dq++) {
    for (let dr = Math.max(-count, -dq - count); dr <= Math.min(count, -dq + count); dr++) out.push({ q: centre.q + dq, r: centre.r + dr });
  }
  return out;
}

/** The union of discs of radius n around each id (what forces standing there see), optionally kept to existing hexes. */
export function idsWithin(ids: Iterable<HexId>, count: number, exists: (id: HexId) => boolean = () => true): Set<HexId> {
  const out = new Set<HexId>();
  for (const id of ids) {
    for (const h of hexesWithin(parseHexId(id), count)) {
      const key = idOf(h);
      if (exists(key)) out.add(key);
    }
  }
  return out;
}

/** The hexes on the straight line a → b, both ends included (a nudge keeps edge cases on one side). */
export function hexLine(a: Axial, b: Axial): Axial[] {
  const count = hexDistance(a, b);
  const out: Axial[] = [];
  for (let i = 0; i <= count; i++) {
    const t = count === 0 ? 0 : i / count;
    out.push(roundHex(a.q + 1e-6 + (b.q - a.q) * t, a.r + 2e-6 + (b.r - a.r) * t));
  }
  return out;
}

// ---- Rectangular maps: offset (col, row) <-> axial ----

export type HexOrientation = 'pointy' | 'flat';

/**
 * Offset coordinates of a rectangular map, odd rows (pointy) or odd columns
 * (flat) shoved right/down by half a hex.
 */
export function offsetToAxial(col: number, row: number, orientation: HexOrientation = 'pointy'): Axial {
  if (orientation === 'pointy') return { q: col - (row - (row & 1)) / 2, r: row };
  return { q: col, r: row - (col - (col & 1)) / 2 };
}

export function axialToOffset(h: Axial, orientation: HexOrientation = 'pointy'): { col: number; row: number } {
  if (orientation === 'pointy') return { col: h.q + (h.r - (h.r & 1)) / 2, row: h.r };
  return { col: h.q, row: h.r + (h.q - (h.q & 1)) / 2 };
}

// ---- Pixels ----

export interface HexLayout {
  orientation: HexOrientation;
  /** Circumradius: centre to corner, px. */
  size: number;
  /** Pixel position of hex (0,0)'s centre. */
  originX: number;
  originY: number;
}

export interface PixelPoint {
  x: number;
  y: number;
}

const SQRT3 = Math.sqrt(3);

export function hexToPixel(h: Axial, layout: HexLayout): PixelPoint {
  if (layout.orientation === 'pointy')
    return { x: layout.originX + layout.size * SQRT3 * (h.q + h.r / 2), y: layout.originY + layout.size * 1.5 * h.r };
  return { x: layout.originX + layout.size * 1.5 * h.q, y: layout.originY + layout.size * SQRT3 * (h.r + h.q / 2) };
}

/** Rounds fractional cube coordinates to the nearest hex. */
export function roundHex(q: number, r: number): Axial {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 };
}

export function pixelToHex(p: PixelPoint, layout: HexLayout): Axial {
  const x = (p.x - layout.originX) / layout.size;
  const y = (p.y - layout.originY) / layout.size;
  if (layout.orientation === 'pointy') return roundHex((SQRT3 / 3) * x - y / 3, (2 / 3) * y);
  return roundHex((2 / 3) * x, (-1 / 3) * x + (SQRT3 / 3) * y);
}

/** The six corners, clockwise on screen from the east-ish corner (pointy: -30°; flat: 0°). */
export function hexCorners(h: Axial, layout: HexLayout): PixelPoint[] {
  const c = hexToPixel(h, layout);
  const start = layout.orientation === 'pointy' ? -30 : 0;
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((start + 60 * i) * Math.PI) / 180;
    return { x: c.x + layout.size * Math.cos(a), y: c.y + layout.size * Math.sin(a) };
  });
}

/** The two end points of the side neighbours a and b share. */
export function hexsideCorners(a: HexId, b: HexId, layout: HexLayout): [PixelPoint, PixelPoint] {
  if (!isAdjacent(a, b)) throw new Error(`hexside ${a}|${b}: the hexes are not neighbours`);
  const ca = hexCorners(parseHexId(a), layout);
  const cb = hexCorners(parseHexId(b), layout);
  const eps = layout.size * 1e-6 + 1e-9;
  const shared = ca.filter((p) => cb.some((s) => Math.abs(s.x - p.x) < eps && Math.abs(s.y - p.y) < eps));
  return [shared[0], shared[1]];
}

/** Midpoint of the side a and b share. */
export function hexsideMidpoint(a: HexId, b: HexId, layout: HexLayout): PixelPoint {
  const pa = hexToPixel(parseHexId(a), layout);
  const pb = hexToPixel(parseHexId(b), layout);
  return { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 };
}

// ---- Cheapest paths ----

export interface HexSearch {
  /** Neighbours of a hex; default: the six axial neighbours (the cost function bars off-map ones). */
  neighbours?: (id: HexId) => HexId[];
  /** Price of stepping from → to having spent `spent` so far; null if barred. */
  cost: (from: HexId, to: HexId, spent: number) => number | null;
  /** Maximum total cost (inclusive); default unlimited. */
  limit?: number;
  /** Whether movement may go on from a hex it has entered (e.g. false after entering mountains). Default yes. */
  canLeave?: (id: HexId, spent: number) => boolean;
  /** Stop as soon as this hex's cheapest cost is settled (a single path wanted); other costs may then not be final. */
  stopAt?: HexId;
}

/** A binary min-heap of [cost, order, id]; the order breaks ties so results never depend on heap internals. */
class Heap {
  private a: [number, number, HexId][] = [];
  get size(): number {
    return this.a.length;
  }
  push(x: [number, number, HexId]): void {
    const a = this.a;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop(): [number, number, HexId] {
    const a = this.a;
    const top = a[0];
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && less(a[l], a[m])) m = l;
        if (r < a.length && less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}
const less = (x: [number, number, HexId], y: [number, number, HexId]) => x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);

/** Dijkstra from start: the cheapest cost to every hex reachable within the limit, and each one's predecessor. */
export function hexCosts(start: HexId, s: HexSearch): { cost: Map<HexId, number>; prev: Map<HexId, HexId> } {
  const nbrs = s.neighbours ?? neighbourIds;
  const limit = s.limit ?? Infinity;
  const cost = new Map<HexId, number>([[start, 0]]);
  const prev = new Map<HexId, HexId>();
  const done = new Set<HexId>();
  const heap = new Heap();
  let order = 0;
  heap.push([0, order++, start]);
  while (heap.size) {
    const [c, , cur] = heap.pop();
    if (done.has(cur)) continue;
    done.add(cur);
    if (cur === s.stopAt) break;
    if (cur !== start && s.canLeave && !s.canLeave(cur, c)) continue;
    for (const to of nbrs(cur)) {
      if (done.has(to)) continue;
      const step = s.cost(cur, to, c);
      if (step === null || step < 0) continue;
      const nc = c + step;
      if (nc > limit || nc >= (cost.get(to) ?? Infinity)) continue;
      cost.set(to, nc);
      prev.set(to, cur);
      heap.push([nc, order++, to]);
    }
  }
  return { cost, prev };
}

/** The cheapest path start → goal (both ends included) and its cost, or null if none within the limit. */
export function cheapestHexPath(start: HexId, goal: HexId, s: HexSearch): { path: HexId[]; cost: number } | null {
  // A goal the caller may not leave is still a fine place to end.
  const canLeave = s.canLeave;
  const { cost, prev } = hexCosts(start, {
    ...s,
    stopAt: goal,
    canLeave: canLeave ? (id, c) => id === goal || canLeave(id, c) : undefined,
  });
  const total = cost.get(goal);
  if (total === undefined) return null;
  const path = [goal];
  while (path[0] !== start) path.unshift(prev.get(path[0])!);
  return { path, cost: total };
}
