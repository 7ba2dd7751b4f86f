// Shared tabletop geometry (src/engine/geometry.ts): numbers worked by hand.
import { describe, expect, it } from 'vitest';
import {
  arcOfPoint,
  boxGap,
  distPolygons,
  polygonNearPolyline,
  polygonsWithin,
  type Pt,
  convexHull,
  convexOverlap,
  corners,
  distPointPolygon,
  distPolygonPolyline,
  distRects,
  freeFraction,
  frontCentre,
  headingOf,
  headingVec,
  inFrontHalf,
  lengthInside,
  normDeg,
  pointInPolygon,
  rectFromFront,
  rotate,
  segmentEntersPolygon,
  segmentHitsCircle,
  segmentHitsPolygon,
  segmentHitsStrip,
  sideFacing,
  turnBetween,
  wheel,
  wheelPoses,
  type Rect,
} from '../../src/engine/geometry.ts';

const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 6);
  expect(a.y).toBeCloseTo(b.y, 6);
};
const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('headings: 0 is up (-y), clockwise', () => {
  it('unit vectors and back', () => {
    close(headingVec(0), { x: 0, y: -1 });
    close(headingVec(90), { x: 1, y: 0 });
    close(headingVec(180), { x: 0, y: 1 });
    close(headingVec(270), { x: -1, y: 0 });
    expect(headingOf({ x: 1, y: 0 })).toBeCloseTo(90);
    expect(headingOf({ x: -1, y: -1 })).toBeCloseTo(315);
  });
  it('normalising and the shortest turn', () => {
    expect(normDeg(-90)).toBe(270);
    expect(normDeg(720)).toBe(0);
    expect(turnBetween(350, 10)).toBe(20);
    expect(turnBetween(10, 350)).toBe(-20);
    expect(turnBetween(0, 180)).toBe(180);
  });
  it('rotating clockwise turns right into down on the table', () => {
    close(rotate({ x: 1, y: 0 }, 90), { x: 0, y: 1 });
    close(rotate({ x: 5, y: 3 }, 180, { x: 4, y: 3 }), { x: 3, y: 3 });
  });
});

describe('rotated rectangles (footprints)', () => {
  const r: Rect = { cx: 10, cy: 10, w: 6, d: 2, heading: 0 };
  it('corners front-left, front-right, back-right, back-left', () => {
    const [fl, fr, br, bl] = corners(r);
    close(fl!, { x: 7, y: 9 });
    close(fr!, { x: 13, y: 9 });
    close(br!, { x: 13, y: 11 });
    close(bl!, { x: 7, y: 11 });
    close(frontCentre(r), { x: 10, y: 9 });
  });
  it('a rectangle facing right (90) has its frontage along y', () => {
    const [fl, fr] = corners({ ...r, heading: 90 });
    close(fl!, { x: 11, y: 7 });
    close(fr!, { x: 11, y: 13 });
  });
  it('rectFromFront puts the front centre where asked', () => {
    const q = rectFromFront({ x: 10, y: 10 }, 6, 2, 0);
    expect(q).toMatchObject({ cx: 10, cy: 11 });
  });
  it('edge-to-edge distance: corners (6,2) and (10,5) are a 3-4-5 triangle apart', () => {
    const a: Rect = { cx: 3, cy: 1, w: 6, d: 2, heading: 0 };
    const b: Rect = { cx: 11, cy: 6, w: 2, d: 2, heading: 0 };
    expect(distRects(a, b)).toBeCloseTo(5);
    expect(distRects(a, { ...b, cx: 6.5, cy: 1 })).toBe(0);
  });
  it('arcs by the extended diagonals', () => {
    expect(arcOfPoint(r, { x: 10, y: 0 })).toBe('front');
    expect(arcOfPoint(r, { x: 10, y: 20 })).toBe('rear');
    expect(arcOfPoint(r, { x: 20, y: 10 })).toBe('flank');
    // fwd 2, right 3.5: 3.5 x 2 = 7 <= 2 x 6 = 12, inside the front wedge.
    expect(arcOfPoint(r, { x: 13.5, y: 8 })).toBe('front');
    // fwd 1, right 10: 20 > 6.
    expect(arcOfPoint(r, { x: 20, y: 9 })).toBe('flank');
  });
  it('the side a line toward the centre crosses', () => {
    expect(sideFacing(r, { x: 10, y: 0 })).toBe('front');
    expect(sideFacing(r, { x: 30, y: 10 })).toBe('right');
    expect(sideFacing(r, { x: -5, y: 10 })).toBe('left');
    expect(sideFacing(r, { x: 10, y: 30 })).toBe('rear');
    expect(sideFacing(r, { x: 10, y: 10 })).toBeNull();
  });
  it('the 180-degree front half-plane', () => {
    expect(inFrontHalf({ x: 0, y: 0 }, 0, { x: 5, y: -1 })).toBe(true);
    expect(inFrontHalf({ x: 0, y: 0 }, 0, { x: 5, y: 0 })).toBe(true);
    expect(inFrontHalf({ x: 0, y: 0 }, 0, { x: 5, y: 1 })).toBe(false);
  });
});

describe('wheeling about a corner', () => {
  const r = rectFromFront({ x: 10, y: 10 }, 6, 2, 0);
  it('a right wheel of 90 pivots on the front-right corner; the outer corner travels 6 x pi/2', () => {
    const w = wheel(r, 90);
    close(w.pivot, { x: 13, y: 10 });
    expect(w.arc).toBeCloseTo(9.4248, 4);
    expect(w.rect.heading).toBe(90);
    const [fl, fr] = corners(w.rect);
    close(fl!, { x: 13, y: 4 });
    close(fr!, { x: 13, y: 10 });
  });
  it('a left wheel pivots on the front-left corner', () => {
    const w = wheel(r, -45);
    close(w.pivot, { x: 7, y: 10 });
    expect(w.rect.heading).toBe(315);
    expect(w.arc).toBeCloseTo((6 * Math.PI) / 4, 6);
  });
  it('sampled poses end on the wheel', () => {
    const ps = wheelPoses(r, 30, 10);
    expect(ps).toHaveLength(4);
    expect(ps[3]!.heading).toBeCloseTo(30);
  });
});

describe('segments, polygons and circles (line of sight)', () => {
  const sq = square(4, -1, 6, 1);
  it('a segment through a square enters it; one along its edge only touches', () => {
    expect(segmentHitsPolygon({ x: 0, y: 0 }, { x: 10, y: 0 }, sq)).toBe(true);
    expect(segmentEntersPolygon({ x: 0, y: 0 }, { x: 10, y: 0 }, sq)).toBe(true);
    expect(segmentHitsPolygon({ x: 0, y: -1 }, { x: 10, y: -1 }, sq)).toBe(true);
    expect(segmentEntersPolygon({ x: 0, y: -1 }, { x: 10, y: -1 }, sq)).toBe(false);
    expect(segmentHitsPolygon({ x: 0, y: 3 }, { x: 10, y: 3 }, sq)).toBe(false);
  });
  it('the length of a segment inside a polygon', () => {
    expect(lengthInside({ x: 0, y: 0 }, { x: 10, y: 0 }, sq)).toBeCloseTo(2);
  });
  it('a segment touching a circle of radius 3 whose centre is 3 off the line', () => {
    expect(segmentHitsCircle({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 3 }, 3)).toBe(true);
    expect(segmentHitsCircle({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 3 }, 2.9)).toBe(false);
  });
  it('strips (rivers, roads): within half the width of the centre line', () => {
    const river = [
      { x: 0, y: 10 },
      { x: 20, y: 10 },
    ];
    expect(segmentHitsStrip({ x: 5, y: 0 }, { x: 5, y: 8.5 }, river, 1.5)).toBe(true);
    expect(segmentHitsStrip({ x: 5, y: 0 }, { x: 5, y: 8.4 }, river, 1.5)).toBe(false);
    expect(distPolygonPolyline(square(2, 2, 4, 4), river)).toBeCloseTo(6);
  });
  it('points in and near polygons', () => {
    expect(pointInPolygon({ x: 5, y: 0 }, sq)).toBe(true);
    expect(pointInPolygon({ x: 6, y: 0 }, sq)).toBe(true);
    expect(distPointPolygon({ x: 9, y: 5 }, sq)).toBeCloseTo(5);
  });
});

describe('swept movement', () => {
  it('a 2-inch square moving 10 right hits an obstacle at x 6 after 5 inches', () => {
    const r: Rect = { cx: 0, cy: 0, w: 2, d: 2, heading: 0 };
    const { t, hit } = freeFraction(r, { x: 10, y: 0 }, [square(6, -1, 8, 1)]);
    expect(hit).toBe(0);
    expect(t * 10).toBeCloseTo(5, 1);
    expect(freeFraction(r, { x: 4, y: 0 }, [square(6, -1, 8, 1)]).hit).toBeNull();
  });
  it('hulls and touching', () => {
    expect(convexHull([...square(0, 0, 4, 4), { x: 2, y: 2 }])).toHaveLength(4);
    expect(convexOverlap(square(0, 0, 2, 2), square(2, 0, 4, 2))).toBe(false);
    expect(convexOverlap(square(0, 0, 2, 2), square(1.5, 0, 4, 2))).toBe(true);
  });
});

describe('geometry: bounding-box shortcuts', () => {
  it('boxGap is the gap between bounding boxes, a lower bound of the distance; the shortcuts answer as the exact measures', () => {
    expect(boxGap(square(0, 0, 2, 2), square(5, 6, 7, 8))).toBeCloseTo(5, 9); // 3 across, 4 down
    expect(boxGap(square(0, 0, 2, 2), square(1, 1, 3, 3))).toBe(0);
    // Rotated rectangles and polylines scattered at random (a fixed sequence): every answer agrees.
    let k = 7;
    const rnd = () => ((k = (k * 16807) % 2147483647) / 2147483647) * 20;
    const rect = (): Pt[] => corners({ cx: rnd(), cy: rnd(), w: 0.5 + rnd() / 4, d: 0.5 + rnd() / 8, heading: rnd() * 18 });
    let near = 0;
    for (let i = 0; i < 400; i++) {
      const a = rect();
      const b = rect();
      const line = [0, 1, 2].map(() => ({ x: rnd(), y: rnd() }));
      expect(boxGap(a, b)).toBeLessThanOrEqual(distPolygons(a, b) + 1e-9);
      for (const r of [0, 0.25, 2]) {
        expect(polygonsWithin(a, b, r)).toBe(distPolygons(a, b) <= r);
        expect(polygonNearPolyline(a, line, r)).toBe(distPolygonPolyline(a, line) <= r);
      }
      const reference = ![a, b].some((poly) =>
        poly.some((p, j) => {
          const q = poly[(j + 1) % poly.length]!;
          const ax = { x: -(q.y - p.y), y: q.x - p.x };
          const pa = a.map((v) => v.x * ax.x + v.y * ax.y);
          const pb = b.map((v) => v.x * ax.x + v.y * ax.y);
          const l = Math.hypot(ax.x, ax.y);
          return Math.max(...pa) <= Math.min(...pb) + 1e-3 * l || Math.max(...pb) <= Math.min(...pa) + 1e-3 * l;
        }),
      );
      expect(convexOverlap(a, b)).toBe(reference);
      if (distPolygons(a, b) < 2) near++;
    }
    expect(near).toBeGreaterThan(40);
  });
});
