// Geometry helpers: hexagons, circles, rounded boxes, dotted paths, arrows.
import type { Ctx2D } from './canvas.ts';

export interface Point {
  x: number;
  y: number;
}

/** Flat-topped (pointy = false) or pointy-topped hexagon path of circumradius r. */
export function hexPath(ctx: Ctx2D, cx: number, cy: number, r: number, pointy = false): void {
  ctx.beginPath();
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i + (pointy ? Math.PI / 6 : 0);
    const x = cx + r * Math.cos(a);
    const y = cy + r * Math.sin(a);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
}

export function circlePath(ctx: Ctx2D, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
}

export function roundRectPath(ctx: Ctx2D, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

export interface ShapeStyle {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
}

export function paint(ctx: Ctx2D, s: ShapeStyle): void {
  if (s.fill) {
    ctx.fillStyle = s.fill;
    ctx.fill();
  }
  if (s.stroke) {
    ctx.strokeStyle = s.stroke;
    ctx.lineWidth = s.lineWidth ?? 1;
    ctx.stroke();
  }
}

export function drawCircle(ctx: Ctx2D, cx: number, cy: number, r: number, s: ShapeStyle): void {
  circlePath(ctx, cx, cy, r);
  paint(ctx, s);
}

export function drawHex(ctx: Ctx2D, cx: number, cy: number, r: number, s: ShapeStyle, pointy = false): void {
  hexPath(ctx, cx, cy, r, pointy);
  paint(ctx, s);
}

/** Moves a point `d` along the segment a→b (used to stop lines at a space's rim). */
export function along(a: Point, b: Point, d: number): Point {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: a.x + ((b.x - a.x) * d) / len, y: a.y + ((b.y - a.y) * d) / len };
}

/** Evenly spaced points strictly inside a→b, e.g. movement pips on a connection. */
export function pointsAlong(a: Point, b: Point, n: number, spacing: number): Point[] {
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  return Array.from({ length: n }, (_, i) => {
    const off = (i - (n - 1) / 2) * spacing;
    return { x: mid.x + ux * off, y: mid.y + uy * off };
  });
}

export interface ArrowStyle {
  color: string;
  width?: number;
  head?: number;
  /** Outline only (e.g. a battle already fought). */
  hollow?: boolean;
  outline?: string;
  /** Pull the ends in from the centres (space radii). */
  inset?: [number, number];
}

/** A thick arrow from a to b as a single filled polygon, so it can be hollow or outlined. */
export function drawArrow(ctx: Ctx2D, a: Point, b: Point, s: ArrowStyle): void {
  const [i0, i1] = s.inset ?? [0, 0];
  const p0 = along(a, b, i0);
  const p1 = along(b, a, i1);
  const len = Math.hypot(p1.x - p0.x, p1.y - p0.y);
  if (len < 2) return;
  const w = s.width ?? 8;
  const head = Math.min(s.head ?? w * 2.2, len * 0.6);
  const ux = (p1.x - p0.x) / len;
  const uy = (p1.y - p0.y) / len;
  const nx = -uy;
  const ny = ux;
  const bx = p1.x - ux * head;
  const by = p1.y - uy * head;
  const hw = w / 2;
  const hh = w * 1.3;
  ctx.beginPath();
  ctx.moveTo(p0.x + nx * hw, p0.y + ny * hw);
  ctx.lineTo(bx + nx * hw, by + ny * hw);
  ctx.lineTo(bx + nx * hh, by + ny * hh);
  ctx.lineTo(p1.x, p1.y);
  ctx.lineTo(bx - nx * hh, by - ny * hh);
  ctx.lineTo(bx - nx * hw, by - ny * hw);
  ctx.lineTo(p0.x - nx * hw, p0.y - ny * hw);
  ctx.closePath();
  ctx.lineJoin = 'round';
  if (s.hollow) {
    ctx.fillStyle = 'rgba(255,255,255,0.55)';
    ctx.fill();
    ctx.setLineDash([]);
    ctx.strokeStyle = s.color;
    ctx.lineWidth = 2;
    ctx.stroke();
    return;
  }
  if (s.outline) {
    ctx.strokeStyle = s.outline;
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  ctx.fillStyle = s.color;
  ctx.fill();
}
