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

export function neighbour(hex: Axial, dir: number): Axial {
  return addHex(hex, HEX_DIRECTIONS[((dir % 6) + 6) % 6]);
}

export function neighbours(hex: Axial): Axial[] {
  return HEX_DIRECTIONS.map((d) => addHex(hex, d));
}

export function neighbourIds(id: HexId): HexId[] {
  return neighbours(parseHexId(id)).map(idOf);
}

/** Cube distance: the number of steps between two hexes. */
export function hexDistance(from: Axial | HexId, to: Axial | HexId): number {
  const fromHex = typeof from === 'string' ? parseHexId(from) : from;
  const toHex = typeof to === 'string' ? parseHexId(to) : to;
  const stepsQ = fromHex.q - toHex.q;
  const stepsR = fromHex.r - toHex.r;
  return (Math.abs(stepsQ) + Math.abs(stepsR) + Math.abs(stepsQ + stepsR)) / 2;
}

/** Index into HEX_DIRECTIONS from `from` to `to`, or null if they are not neighbours. */
export function directionTo(from: Axial | HexId, to: Axial | HexId): number | null {
  const fromHex = typeof from === 'string' ? parseHexId(from) : from;
  const toHex = typeof to === 'string' ? parseHexId(to) : to;
  const direction = HEX_DIRECTIONS.findIndex((d) => d.q === toHex.q - fromHex.q && d.r === toHex.r - fromHex.r);
  return direction < 0 ? null : direction;
}

export const isAdjacent = (a: Axial | HexId, b: Axial | HexId): boolean => directionTo(a, b) !== null;

/** The key of the side two neighbouring hexes share, the same from either side: "a|b" with the smaller id first. */
export function hexsideKey(first: HexId, second: HexId): string {
  if (!isAdjacent(first, second)) throw new Error(`hexside ${first}|${second}: the hexes are not neighbours`);
  return first < second ? `${first}|${second}` : `${second}|${first}`;
}

/** The two hexes of a hexside key. */
export function hexsideHexes(key: string): [HexId, HexId] {
  const [first, second] = key.split('|');
  if (!first || !second || !isAdjacent(first, second)) throw new Error(`not a hexside key: '${key}'`);
  return [first, second];
}

/** The hexes exactly n steps from centre (n = 0: the centre), in walking order. */
export function hexRing(centre: Axial, count: number): Axial[] {
  if (count < 0) return [];
  if (count === 0) return [{ ...centre }];
  const out: Axial[] = [];
  let hex = { q: centre.q + HEX_DIRECTIONS[4].q * count, r: centre.r + HEX_DIRECTIONS[4].r * count };
  for (let side = 0; side < 6; side++) {
    for (let step = 0; step < count; step++) {
      out.push(hex);
      hex = neighbour(hex, side);
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
    for (const hex of hexesWithin(parseHexId(id), count)) {
      const key = idOf(hex);
      if (exists(key)) out.add(key);
    }
  }
  return out;
}

/** The hexes on the straight line from → to, both ends included (a nudge keeps edge cases on one side). */
export function hexLine(from: Axial, to: Axial): Axial[] {
  const count = hexDistance(from, to);
  const out: Axial[] = [];
  for (let i = 0; i <= count; i++) {
    const fraction = count === 0 ? 0 : i / count;
    out.push(roundHex(from.q + 1e-6 + (to.q - from.q) * fraction, from.r + 2e-6 + (to.r - from.r) * fraction));
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

export function axialToOffset(hex: Axial, orientation: HexOrientation = 'pointy'): { col: number; row: number } {
  if (orientation === 'pointy') return { col: hex.q + (hex.r - (hex.r & 1)) / 2, row: hex.r };
  return { col: hex.q, row: hex.r + (hex.q - (hex.q & 1)) / 2 };
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

export function hexToPixel(hex: Axial, layout: HexLayout): PixelPoint {
  if (layout.orientation === 'pointy')
    return { x: layout.originX + layout.size * SQRT3 * (hex.q + hex.r / 2), y: layout.originY + layout.size * 1.5 * hex.r };
  return { x: layout.originX + layout.size * 1.5 * hex.q, y: layout.originY + layout.size * SQRT3 * (hex.r + hex.q / 2) };
}

/** Rounds fractional cube coordinates to the nearest hex. */
export function roundHex(cubeQ: number, cubeR: number): Axial {
  const cubeS = -cubeQ - cubeR;
  let roundedQ = Math.round(cubeQ);
  let roundedR = Math.round(cubeR);
  const roundedS = Math.round(cubeS);
  const errorQ = Math.abs(roundedQ - cubeQ);
  const errorR = Math.abs(roundedR - cubeR);
  const errorS = Math.abs(roundedS - cubeS);
  if (errorQ > errorR && errorQ > errorS) roundedQ = -roundedR - roundedS;
  else if (errorR > errorS) roundedR = -roundedQ - roundedS;
  return { q: roundedQ + 0, r: roundedR + 0 };
}

export function pixelToHex(pixel: PixelPoint, layout: HexLayout): Axial {
  const x = (pixel.x - layout.originX) / layout.size;
  const y = (pixel.y - layout.originY) / layout.size;
  if (layout.orientation === 'pointy') return roundHex((SQRT3 / 3) * x - y / 3, (2 / 3) * y);
  return roundHex((2 / 3) * x, (-1 / 3) * x + (SQRT3 / 3) * y);
}

/** The six corners, clockwise on screen from the east-ish corner (pointy: -30°; flat: 0°). */
export function hexCorners(hex: Axial, layout: HexLayout): PixelPoint[] {
  const middle = hexToPixel(hex, layout);
  const start = layout.orientation === 'pointy' ? -30 : 0;
  return Array.from({ length: 6 }, (_, corner) => {
    const angle = ((start + 60 * corner) * Math.PI) / 180;
    return { x: middle.x + layout.size * Math.cos(angle), y: middle.y + layout.size * Math.sin(angle) };
  });
}

/** The two end points of the side two neighbours share. */
export function hexsideCorners(first: HexId, second: HexId, layout: HexLayout): [PixelPoint, PixelPoint] {
  if (!isAdjacent(first, second)) throw new Error(`hexside ${first}|${second}: the hexes are not neighbours`);
  const firstCorners = hexCorners(parseHexId(first), layout);
  const secondCorners = hexCorners(parseHexId(second), layout);
  const eps = layout.size * 1e-6 + 1e-9;
  const shared = firstCorners.filter((corner) =>
    secondCorners.some((s) => Math.abs(s.x - corner.x) < eps && Math.abs(s.y - corner.y) < eps),
  );
  return [shared[0], shared[1]];
}

/** Midpoint of the side two neighbours share. */
export function hexsideMidpoint(first: HexId, second: HexId, layout: HexLayout): PixelPoint {
  const firstCentre = hexToPixel(parseHexId(first), layout);
  const secondCentre = hexToPixel(parseHexId(second), layout);
  return { x: (firstCentre.x + secondCentre.x) / 2, y: (firstCentre.y + secondCentre.y) / 2 };
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
    const items = this.a;
    items.push(x);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!less(items[index], items[parent])) break;
      [items[index], items[parent]] = [items[parent], items[index]];
      index = parent;
    }
  }
  pop(): [number, number, HexId] {
    const items = this.a;
    const top = items[0];
    const last = items.pop()!;
    if (items.length) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        const right = left + 1;
        let smallest = index;
        if (left < items.length && less(items[left], items[smallest])) smallest = left;
        if (right < items.length && less(items[right], items[smallest])) smallest = right;
        if (smallest === index) break;
        [items[index], items[smallest]] = [items[smallest], items[index]];
        index = smallest;
      }
    }
    return top;
  }
}
const less = (x: [number, number, HexId], y: [number, number, HexId]) => x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);

/** Dijkstra from start: the cheapest cost to every hex reachable within the limit, and each one's predecessor. */
export function hexCosts(start: HexId, search: HexSearch): { cost: Map<HexId, number>; prev: Map<HexId, HexId> } {
  const nbrs = search.neighbours ?? neighbourIds;
  const limit = search.limit ?? Infinity;
  const cost = new Map<HexId, number>([[start, 0]]);
  const prev = new Map<HexId, HexId>();
  const done = new Set<HexId>();
  const heap = new Heap();
  let order = 0;
  heap.push([0, order++, start]);
  while (heap.size) {
    const [spent, , cur] = heap.pop();
    if (done.has(cur)) continue;
    done.add(cur);
    if (cur === search.stopAt) break;
    if (cur !== start && search.canLeave && !search.canLeave(cur, spent)) continue;
    for (const to of nbrs(cur)) {
      if (done.has(to)) continue;
      const step = search.cost(cur, to, spent);
      if (step === null || step < 0) continue;
      const total = spent + step;
      if (total > limit || total >= (cost.get(to) ?? Infinity)) continue;
      cost.set(to, total);
      prev.set(to, cur);
      heap.push([total, order++, to]);
    }
  }
  return { cost, prev };
}

/** The cheapest path start → goal (both ends included) and its cost, or null if none within the limit. */
export function cheapestHexPath(start: HexId, goal: HexId, search: HexSearch): { path: HexId[]; cost: number } | null {
  // A goal the caller may not leave is still a fine place to end.
  const canLeave = search.canLeave;
  const { cost, prev } = hexCosts(start, {
    ...search,
    stopAt: goal,
    canLeave: canLeave ? (id, c) => id === goal || canLeave(id, c) : undefined,
  });
  const total = cost.get(goal);
  if (total === undefined) return null;
  const path = [goal];
  while (path[0] !== start) path.unshift(prev.get(path[0])!);
  return { path, cost: total };
}
