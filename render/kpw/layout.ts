// Fits the map's spaces into the map viewport (uniform scale, never enlarged),
// so the tracks and panels never cover a space whatever coordinates the data uses.
import type { Point } from '../kit/shapes.ts';
import type { RenderMap } from './map-source.ts';
import { MAP_VIEW } from './style.ts';

export interface Projection {
  scale: number;
  /** Map pixel → canvas pixel. */
  at(p: Point): Point;
}

// Room around the outermost spaces: stacks sit above-right, names below.
const PAD = { left: 58, right: 70, top: 48, bottom: 30 };

export function fitProjection(map: RenderMap): Projection {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const s of map.spaces) {
    x0 = Math.min(x0, s.x);
    y0 = Math.min(y0, s.y);
    x1 = Math.max(x1, s.x);
    y1 = Math.max(y1, s.y);
  }
  if (!Number.isFinite(x0)) return { scale: 1, at: (p) => p };
  x0 -= PAD.left;
  y0 -= PAD.top;
  x1 += PAD.right;
  y1 += PAD.bottom;
  const v = MAP_VIEW;
  // Identity when the data already fits: keeps authored positions pixel-exact.
  if (x0 >= v.x && y0 >= v.y && x1 <= v.x + v.w && y1 <= v.y + v.h) return { scale: 1, at: (p) => p };
  const scale = Math.min(1, v.w / (x1 - x0), v.h / (y1 - y0));
  const ox = v.x + (v.w - (x1 - x0) * scale) / 2 - x0 * scale;
  const oy = v.y + (v.h - (y1 - y0) * scale) / 2 - y0 * scale;
  return { scale, at: (p) => ({ x: ox + p.x * scale, y: oy + p.y * scale }) };
}
