// Wargame counters (square unit chits) and round/hex status markers.
// Sprites are cached by their spec, so a snapshot full of counters is a few
// dozen drawImage calls rather than hundreds of paths and text runs.
import { StaticLayerCache } from './cache.ts';
import type { Canvas, Ctx2D } from './canvas.ts';
import { contrastText, darken, lighten } from './color.ts';
import { circlePath, drawCircle, hexPath, paint, roundRectPath } from './shapes.ts';
import { drawText, fitText, measureText } from './text.ts';

export interface Badge {
  /** One or two letters, e.g. 'S' (Spy), 'G' (Guide). */
  text: string;
  fill: string;
  color?: string;
}

export interface CounterSpec {
  size: number;
  /** Side base colour (e.g. English reddish, Indian greenish). */
  base: string;
  /** Owner band across the top (colony/tribe colour). */
  stripe?: string;
  /** Text in the band, e.g. 'MA'. */
  stripeLabel?: string;
  /** Main label, e.g. a leader's name; fitted to the counter width. */
  label?: string;
  /** Strength shown as figures (infantry) — 2 full, 1 weakened. */
  figures?: number;
  /** Flipped (reduced) side: paler face and dashed edge. */
  weakened?: boolean;
  /** Leader: a star; key leader: gold star and frame. */
  rank?: 'leader' | 'key';
  badges?: Badge[];
  /**
   * Corners cut off (an octagonal chit): a second cue for a side, so sides
   * differ by shape as well as colour (colour-blind readers, issue 19).
   */
  cut?: boolean;
}

/** The chit's outline: a rounded square, or an octagon when its corners are cut. */
function chitPath(ctx: Ctx2D, x: number, y: number, s: number, cut?: boolean): void {
  if (!cut) return roundRectPath(ctx, x, y, s, s, s * 0.12);
  const k = s * 0.24;
  ctx.beginPath();
  ctx.moveTo(x + k, y);
  ctx.lineTo(x + s - k, y);
  ctx.lineTo(x + s, y + k);
  ctx.lineTo(x + s, y + s - k);
  ctx.lineTo(x + s - k, y + s);
  ctx.lineTo(x + k, y + s);
  ctx.lineTo(x, y + s - k);
  ctx.lineTo(x, y + k);
  ctx.closePath();
}

function drawFigure(ctx: Ctx2D, cx: number, top: number, h: number, color: string): void {
  const r = h * 0.2;
  drawCircle(ctx, cx, top + r, r, { fill: color });
  ctx.beginPath();
  ctx.moveTo(cx - h * 0.28, top + h);
  ctx.lineTo(cx - h * 0.14, top + r * 2 + 1);
  ctx.lineTo(cx + h * 0.14, top + r * 2 + 1);
  ctx.lineTo(cx + h * 0.28, top + h);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

function drawStar(ctx: Ctx2D, cx: number, cy: number, r: number, fill: string, stroke?: string): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? r : r * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const x = cx + rad * Math.cos(a);
    const y = cy + rad * Math.sin(a);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  paint(ctx, { fill, stroke, lineWidth: 1 });
}

/** Font size of the owner code in a counter's band (e.g. 'MA'): legibility tests read it. */
export function stripeLabelSize(counterSize: number): number {
  return Math.max(8, Math.round(Math.round(counterSize * 0.3) * 0.8));
}

/** Draws a counter with its top-left corner at (x, y). */
export function drawCounter(ctx: Ctx2D, x: number, y: number, c: CounterSpec): void {
  const s = c.size;
  const face = c.weakened ? lighten(c.base, 0.45) : c.base;
  const ink = contrastText(face);
  // Drop shadow gives the chit some thickness.
  chitPath(ctx, x + 2, y + 2, s, c.cut);
  paint(ctx, { fill: 'rgba(0,0,0,0.35)' });
  chitPath(ctx, x, y, s, c.cut);
  paint(ctx, { fill: face });
  const band = Math.round(s * 0.3);
  if (c.stripe) {
    ctx.save();
    chitPath(ctx, x, y, s, c.cut);
    ctx.clip();
    ctx.fillStyle = c.stripe;
    ctx.fillRect(x, y, s, band);
    ctx.restore();
    if (c.stripeLabel) {
      drawText(ctx, c.stripeLabel, x + s / 2, y + band / 2 + 0.5, {
        size: stripeLabelSize(s),
        weight: 'bold',
        color: contrastText(c.stripe),
        align: 'center',
        baseline: 'middle',
      });
    }
  }
  const bodyTop = y + (c.stripe ? band : 0);
  const bodyH = s - (c.stripe ? band : 0);
  if (c.rank) {
    const key = c.rank === 'key';
    // Names shrink to fit (down to 8 px); longer ones break over two lines
    // and then the star gives way (the gold frame still marks a key leader).
    let size = Math.max(8, Math.round(s * 0.28));
    while (c.label && size > 8 && measureText(ctx, c.label, size, 'bold') > s - 3) size--;
    const twoLines = !!c.label && c.label.length > 5 && measureText(ctx, c.label, size, 'bold') > s - 3;
    if (!twoLines) {
      const starR = c.label ? bodyH * 0.26 : bodyH * 0.38;
      drawStar(
        ctx,
        x + s / 2,
        bodyTop + (c.label ? starR + 2 : bodyH / 2),
        starR,
        key ? '#f5c542' : ink,
        key ? darken('#f5c542', 0.5) : undefined,
      );
    }
    if (c.label) {
      if (twoLines) {
        size = Math.max(8, Math.round(s * 0.28));
        const half = `${c.label.slice(0, Math.ceil(c.label.length / 2))}-`;
        while (size > 8 && measureText(ctx, half, size, 'bold') > s - 3) size--;
      }
      const style = { size, weight: 'bold' as const, color: ink, align: 'center' as const, baseline: 'bottom' as const };
      if (twoLines) {
        const cut = Math.ceil(c.label.length / 2);
        drawText(ctx, fitText(ctx, `${c.label.slice(0, cut)}-`, s - 3, size, 'bold'), x + s / 2, y + s - 3 - size, style);
        drawText(ctx, fitText(ctx, c.label.slice(cut), s - 3, size, 'bold'), x + s / 2, y + s - 3, style);
      } else {
        drawText(ctx, fitText(ctx, c.label, s - 3, size, 'bold'), x + s / 2, y + s - 2, style);
      }
    }
  } else if (c.figures) {
    const fh = bodyH * 0.66;
    const gap = s / (c.figures + 1);
    for (let i = 0; i < c.figures; i++) drawFigure(ctx, x + gap * (i + 1), bodyTop + (bodyH - fh) / 2, fh, ink);
  } else if (c.label) {
    const size = Math.max(8, Math.round(s * 0.3));
    drawText(ctx, fitText(ctx, c.label, s - 3, size, 'bold'), x + s / 2, bodyTop + bodyH / 2, {
      size,
      weight: 'bold',
      color: ink,
      align: 'center',
      baseline: 'middle',
    });
  }
  chitPath(ctx, x + 0.5, y + 0.5, s - 1, c.cut);
  ctx.setLineDash(c.weakened ? [3, 2] : []);
  paint(ctx, { stroke: c.rank === 'key' ? '#c99a1c' : darken(c.base, 0.55), lineWidth: c.rank === 'key' ? 2 : 1 });
  ctx.setLineDash([]);
  // Badges sit on the right edge, top down, half outside the chit.
  const br = Math.max(5, s * 0.2);
  (c.badges ?? []).forEach((b, i) => {
    const bx = x + s;
    const by = y + br + i * (br * 2 + 1);
    drawCircle(ctx, bx, by, br, { fill: b.fill, stroke: '#111', lineWidth: 1 });
    drawText(ctx, b.text, bx, by + 0.5, {
      size: Math.round(br * 1.25),
      weight: 'bold',
      color: b.color ?? contrastText(b.fill),
      align: 'center',
      baseline: 'middle',
    });
  });
}

/** Extra room around a counter sprite for its shadow and badges. */
const PAD = 8;
const sprites = new StaticLayerCache(512);

/** A cached image of the counter; draw it at (x - counterPad, y - counterPad). */
export function counterSprite(c: CounterSpec): Canvas {
  const key = JSON.stringify(c);
  return sprites.get(key, c.size + PAD * 2, c.size + PAD * 2, (ctx) => drawCounter(ctx, PAD, PAD, c));
}
export const counterPad = PAD;

/** Draws a counter through the sprite cache (fast path for repeated chits). */
export function blitCounter(ctx: Ctx2D, x: number, y: number, c: CounterSpec): void {
  ctx.drawImage(counterSprite(c), Math.round(x) - PAD, Math.round(y) - PAD);
}

export interface MarkerSpec {
  shape: 'circle' | 'hex' | 'square';
  r: number;
  fill: string;
  stroke?: string;
  text?: string;
  textColor?: string;
  /** Draw a cross through the marker (e.g. razed). */
  cross?: string;
}

/** A round/hex status marker centred at (cx, cy). */
export function drawMarker(ctx: Ctx2D, cx: number, cy: number, m: MarkerSpec): void {
  const path = () => {
    if (m.shape === 'hex') hexPath(ctx, cx, cy, m.r, true);
    else if (m.shape === 'square') roundRectPath(ctx, cx - m.r, cy - m.r, m.r * 2, m.r * 2, m.r * 0.25);
    else circlePath(ctx, cx, cy, m.r);
  };
  ctx.save();
  ctx.translate(1.5, 1.5);
  path();
  paint(ctx, { fill: 'rgba(0,0,0,0.35)' });
  ctx.restore();
  path();
  paint(ctx, { fill: m.fill, stroke: m.stroke ?? darken(m.fill, 0.6), lineWidth: 1.5 });
  if (m.cross) {
    const d = m.r * 0.55;
    ctx.beginPath();
    ctx.moveTo(cx - d, cy - d);
    ctx.lineTo(cx + d, cy + d);
    ctx.moveTo(cx + d, cy - d);
    ctx.lineTo(cx - d, cy + d);
    ctx.strokeStyle = m.cross;
    ctx.lineWidth = Math.max(2, m.r * 0.25);
    ctx.lineCap = 'round';
    ctx.stroke();
    ctx.lineCap = 'butt';
  }
  if (m.text) {
    drawText(ctx, m.text, cx, cy + 0.5, {
      size: Math.max(8, Math.round(m.r * (m.text.length > 2 ? 0.7 : 1.0))),
      weight: 'bold',
      color: m.textColor ?? contrastText(m.fill),
      align: 'center',
      baseline: 'middle',
    });
  }
}

const markerSprites = new StaticLayerCache(256);

/** Draws a marker through the sprite cache. */
export function blitMarker(ctx: Ctx2D, cx: number, cy: number, m: MarkerSpec): void {
  const pad = 4;
  const d = Math.ceil(m.r * 2 + pad * 2);
  const img = markerSprites.get(JSON.stringify(m), d, d, (c) => drawMarker(c, d / 2, d / 2, m));
  ctx.drawImage(img, Math.round(cx - d / 2), Math.round(cy - d / 2));
}
