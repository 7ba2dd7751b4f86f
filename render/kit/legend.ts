// Legends: rows of a swatch (colour or a small drawing) plus a label.
import type { Ctx2D } from './canvas.ts';
import { drawCircle, roundRectPath, paint } from './shapes.ts';
import { drawText, fitText } from './text.ts';

export interface LegendItem {
  /** A colour (drawn as a rounded square) or a function drawing a symbol centred at (cx, cy) within size. */
  swatch: string | ((ctx: Ctx2D, cx: number, cy: number, size: number) => void);
  label: string;
  /** Right-aligned note, e.g. a status. */
  note?: string;
  noteColor?: string;
  /** Grey the row out (e.g. a tribe removed from play). */
  muted?: boolean;
}

export interface LegendStyle {
  width: number;
  rowHeight?: number;
  size?: number;
  title?: string;
  ink?: string;
  /** Draw text through the sprite cache (legends redrawn every snapshot). */
  cache?: boolean;
}

/** Draws the legend with its top-left at (x, y); returns the height used. */
export function drawLegend(ctx: Ctx2D, x: number, y: number, items: LegendItem[], s: LegendStyle): number {
  const rh = s.rowHeight ?? 20;
  const size = s.size ?? 13;
  const ink = s.ink ?? '#2b2117';
  let cy = y;
  if (s.title) {
    drawText(ctx, s.title, x, cy, { size: size + 1, weight: 'bold', color: ink, baseline: 'top', cache: s.cache });
    cy += rh + 2;
  }
  for (const it of items) {
    const sw = rh - 6;
    const mid = cy + rh / 2;
    if (typeof it.swatch === 'string') {
      roundRectPath(ctx, x, mid - sw / 2, sw, sw, 3);
      paint(ctx, { fill: it.swatch, stroke: '#222', lineWidth: 1 });
    } else it.swatch(ctx, x + sw / 2, mid, sw);
    const color = it.muted ? '#8a8276' : ink;
    let noteW = 0;
    if (it.note) {
      noteW =
        drawText(ctx, it.note, x + s.width, mid, {
          size: size - 1,
          weight: 'bold',
          color: it.noteColor ?? color,
          align: 'right',
          baseline: 'middle',
          cache: s.cache,
        }) + 6;
    }
    const label = fitText(ctx, it.label, s.width - sw - 8 - noteW, size);
    drawText(ctx, label, x + sw + 6, mid, { size, color, baseline: 'middle', cache: s.cache });
    cy += rh;
  }
  return cy - y;
}

/** Convenience swatch: a ringed circle (e.g. a space type). */
export function ringSwatch(fill: string, ring: string, ringWidth = 3) {
  return (ctx: Ctx2D, cx: number, cy: number, size: number) =>
    drawCircle(ctx, cx, cy, size / 2 - ringWidth / 2, { fill, stroke: ring, lineWidth: ringWidth });
}
