// The shared hex grid (src/engine/hex.ts): coordinates, neighbours, hexsides,
// distance, rings and discs, pixel geometry and the cheapest-path search.
import { describe, expect, it } from 'vitest';
import {
  axialToOffset,
  cheapestHexPath,
  directionTo,
  hexCorners,
  hexCosts,
  hexDistance,
  hexesWithin,
  hexId,
  hexLine,
  hexRing,
  hexsideCorners,
  hexsideHexes,
  hexsideKey,
  hexToPixel,
  idOf,
  idsWithin,
  isAdjacent,
  neighbourIds,
  offsetToAxial,
  parseHexId,
  pixelToHex,
  type HexLayout,
} from '../../src/engine/hex.ts';

const pointy: HexLayout = { orientation: 'pointy', size: 20, originX: 100, originY: 50 };
const flat: HexLayout = { orientation: 'flat', size: 20, originX: 100, originY: 50 };

describe('hex ids and neighbours', () => {
  it('ids round-trip and reject junk', () => {
    expect(hexId(3, -2)).toBe('3,-2');
    expect(parseHexId('-4,7')).toEqual({ q: -4, r: 7 });
    expect(() => parseHexId('a,b')).toThrow(/not a hex id/);
  });

  it('every hex has six distinct neighbours, each at distance 1 and adjacent both ways', () => {
    const ns = neighbourIds('2,3');
    expect(new Set(ns).size).toBe(6);
    for (const n of ns) {
      expect(hexDistance('2,3', n)).toBe(1);
      expect(isAdjacent(n, '2,3')).toBe(true);
      expect(directionTo('2,3', n)).toBe(ns.indexOf(n));
    }
    expect(isAdjacent('0,0', '2,0')).toBe(false);
    expect(directionTo('0,0', '0,0')).toBeNull();
  });

  it('a hexside key is the same from both hexes and names them back', () => {
    expect(hexsideKey('1,0', '0,0')).toBe(hexsideKey('0,0', '1,0'));
    expect(hexsideHexes(hexsideKey('5,-1', '4,-1')).sort()).toEqual(['4,-1', '5,-1']);
    expect(() => hexsideKey('0,0', '0,2')).toThrow(/not neighbours/);
  });

  it('distance counts steps (cube metric)', () => {
    expect(hexDistance('0,0', '3,0')).toBe(3);
    expect(hexDistance('0,0', '2,-5')).toBe(5);
    expect(hexDistance({ q: -2, r: 1 }, { q: 1, r: 1 })).toBe(3);
  });
});

describe('rings, discs and lines (fog of war)', () => {
  it('ring n has 6n hexes all at distance n; the disc 3n(n+1)+1', () => {
    const c = { q: 4, r: -1 };
    for (const n of [0, 1, 2, 3]) {
      const ring = hexRing(c, n);
      expect(ring.length).toBe(n === 0 ? 1 : 6 * n);
      expect(new Set(ring.map(idOf)).size).toBe(ring.length);
      for (const h of ring) expect(hexDistance(c, h)).toBe(n);
      // Walking order: each next hex touches the last.
      for (let i = 1; i < ring.length; i++) expect(hexDistance(ring[i - 1], ring[i])).toBe(1);
      expect(hexesWithin(c, n).length).toBe(3 * n * (n + 1) + 1);
    }
  });

  it('idsWithin unions discs and keeps to existing hexes', () => {
    const seen = idsWithin(['0,0', '3,0'], 1);
    expect(seen.size).toBe(14);
    const onMap = idsWithin(['0,0'], 1, (id) => parseHexId(id).r >= 0);
    expect([...onMap].every((id) => parseHexId(id).r >= 0)).toBe(true);
    expect(onMap.size).toBe(5);
  });

  it('a line runs through neighbouring hexes from end to end', () => {
    const line = hexLine({ q: 0, r: 0 }, { q: 4, r: -2 });
    expect(line.length).toBe(5);
    expect(idOf(line[0])).toBe('0,0');
    expect(idOf(line[4])).toBe('4,-2');
    for (let i = 1; i < line.length; i++) expect(hexDistance(line[i - 1], line[i])).toBe(1);
  });
});

describe('offset and pixel geometry', () => {
  it('offset <-> axial round-trips for both orientations', () => {
    for (const o of ['pointy', 'flat'] as const) {
      for (let col = 0; col < 6; col++)
        for (let row = 0; row < 6; row++) expect(axialToOffset(offsetToAxial(col, row, o), o)).toEqual({ col, row });
    }
    // Odd rows are shoved right: (0,1) sits half a hex right of (0,0).
    const a = hexToPixel(offsetToAxial(0, 0), pointy);
    const b = hexToPixel(offsetToAxial(0, 1), pointy);
    expect(b.x - a.x).toBeCloseTo((20 * Math.sqrt(3)) / 2);
  });

  it('neighbouring centres are sqrt(3)·size apart and pixelToHex inverts hexToPixel', () => {
    for (const l of [pointy, flat]) {
      const p = hexToPixel({ q: 2, r: -1 }, l);
      for (const n of neighbourIds('2,-1')) {
        const s = hexToPixel(parseHexId(n), l);
        expect(Math.hypot(s.x - p.x, s.y - p.y)).toBeCloseTo(20 * Math.sqrt(3));
      }
      expect(pixelToHex({ x: p.x + 5, y: p.y - 4 }, l)).toEqual({ q: 2, r: -1 });
    }
  });

  it('corners lie at the circumradius; a hexside is the two corners both hexes share', () => {
    for (const l of [pointy, flat]) {
      const c = hexToPixel({ q: 0, r: 0 }, l);
      const corners = hexCorners({ q: 0, r: 0 }, l);
      expect(corners.length).toBe(6);
      for (const p of corners) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(20);
      for (const n of neighbourIds('0,0')) {
        const [p, q] = hexsideCorners('0,0', n, l);
        expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeCloseTo(20);
      }
    }
  });
});

describe('cheapest paths with a caller-supplied cost', () => {
  // A 7-wide strip; hex "3,r" costs 5 to enter (a mountain ridge) except at r = 3.
  const onMap = (id: string) => {
    const { q, r } = parseHexId(id);
    return q >= 0 && q < 7 && r >= 0 && r < 7;
  };
  const cost = (_from: string, to: string) => {
    if (!onMap(to)) return null;
    const { q, r } = parseHexId(to);
    return q === 3 && r !== 3 ? 5 : 1;
  };

  it('goes round an expensive ridge through the gap', () => {
    const p = cheapestHexPath('0,0', '6,0', { cost })!;
    expect(p.path[0]).toBe('0,0');
    expect(p.path[p.path.length - 1]).toBe('6,0');
    for (let i = 1; i < p.path.length; i++) expect(isAdjacent(p.path[i - 1], p.path[i])).toBe(true);
    const total = p.path.slice(1).reduce((n, h, i) => n + cost(p.path[i], h)!, 0);
    expect(p.cost).toBe(total);
    // Straight over the ridge would be 5 + 5 = 10; the path found is no dearer.
    expect(p.cost).toBeLessThanOrEqual(10);
  });

  it('respects the limit and barred steps', () => {
    expect(cheapestHexPath('0,0', '6,0', { cost, limit: 4 })).toBeNull();
    const { cost: reach } = hexCosts('0,0', { cost, limit: 2 });
    for (const [id, c] of reach) {
      expect(c).toBeLessThanOrEqual(2);
      expect(onMap(id)).toBe(true);
    }
    expect(reach.get('0,0')).toBe(0);
    expect(reach.get('2,0')).toBe(2);
  });

  it('a hex that may not be left ends movement there but can still be the goal', () => {
    const stop = (id: string) => id !== '1,0';
    const line = (_f: string, to: string) => (parseHexId(to).r === 0 && onMap(to) ? 1 : null);
    expect(cheapestHexPath('0,0', '2,0', { cost: line, canLeave: stop })).toBeNull();
    expect(cheapestHexPath('0,0', '1,0', { cost: line, canLeave: stop })?.cost).toBe(1);
  });
});
