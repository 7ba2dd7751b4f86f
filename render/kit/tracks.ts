// Numeric tracks (VP, provisions…) and turn tracks. Each is split into a
// static part (boxes, numbers) and a dynamic part (markers, tags) so the
// boxes can live in a cached layer.
import type { Ctx2D } from './canvas.ts';
import { blitMarker, type MarkerSpec } from './counters.ts';
import { contrastText, lighten } from './color.ts';
import { paint, roundRectPath } from './shapes.ts';
import { drawText, fitText, measureText } from './text.ts';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface NumericTrackSpec {
  x: number;
  y: number;
  width: number;
  /** Height of one box. */
  height: number;
  min: number;
  max: number;
  /** The last box reads "max+" and holds every value above max. */
  openEnded?: boolean;
  fill?: string;
  ink?: string;
}

/** Box rectangle for a value (clamped into the track). */
export function trackBox(t: NumericTrackSpec, value: number): Rect {
  const n = t.max - t.min + 1;
  const w = t.width / n;
  const i = Math.max(0, Math.min(n - 1, Math.floor(value) - t.min));
  return { x: t.x + i * w, y: t.y, w, h: t.height };
}

export function drawTrackBoxes(ctx: Ctx2D, t: NumericTrackSpec): void {
  const n = t.max - t.min + 1;
  for (let i = 0; i < n; i++) {
    const v = t.min + i;
    const b = trackBox(t, v);
    ctx.fillStyle = i % 5 === 0 ? lighten(t.fill ?? '#efe4c8', 0.4) : (t.fill ?? '#efe4c8');
    ctx.fillRect(b.x, b.y, b.w, b.h);
    ctx.strokeStyle = t.ink ?? '#5a4630';
    ctx.lineWidth = 1;
    ctx.strokeRect(b.x + 0.5, b.y + 0.5, b.w - 1, b.h - 1);
    const label = t.openEnded && v === t.max ? `${v}+` : String(v);
    drawText(ctx, label, b.x + 3, b.y + 2, { size: 11, weight: 'bold', color: t.ink ?? '#5a4630', baseline: 'top' });
  }
}

export interface TrackMarker {
  value: number;
  /** Fixed slot within a box (0..3: TL, TR, BL, BR) so markers on the same value never cover each other. */
  slot: 0 | 1 | 2 | 3;
  marker: MarkerSpec;
}

export function drawTrackMarkers(ctx: Ctx2D, t: NumericTrackSpec, markers: TrackMarker[]): void {
  for (const m of markers) {
    const b = trackBox(t, m.value);
    const col = m.slot % 2;
    const row = m.slot >> 1;
    const cx = b.x + b.w * (col === 0 ? 0.3 : 0.72);
    const cy = b.y + b.h * (row === 0 ? 0.45 : 0.78);
    blitMarker(ctx, cx, cy, m.marker);
  }
}

export interface TrackTag {
  value: number;
  label: string;
  color: string;
}

/** Small flags under (or over) boxes, e.g. tribe surrender thresholds; several on one value stack up. */
export function drawTrackTags(ctx: Ctx2D, t: NumericTrackSpec, tags: TrackTag[], where: 'below' | 'above' = 'below'): void {
  const count = new Map<number, number>();
  for (const tag of tags) {
    const b = trackBox(t, tag.value);
    const k = count.get(tag.value) ?? 0;
    count.set(tag.value, k + 1);
    const h = 15;
    const y = where === 'below' ? b.y + b.h + 1 + k * (h + 1) : b.y - (k + 1) * (h + 1);
    roundRectPath(ctx, b.x + 1, y, b.w - 2, h, 3);
    paint(ctx, { fill: tag.color, stroke: '#222', lineWidth: 1 });
    const txt = fitText(ctx, tag.label, b.w - 4, 11, 'bold');
    drawText(ctx, txt, b.x + b.w / 2, y + h / 2 + 0.5, {
      size: 11,
      weight: 'bold',
      color: contrastText(tag.color),
      align: 'center',
      baseline: 'middle',
      cache: true,
    });
  }
}

export function drawNumericTrack(ctx: Ctx2D, t: NumericTrackSpec, markers: TrackMarker[] = [], tags: TrackTag[] = []): void {
  drawTrackBoxes(ctx, t);
  drawTrackTags(ctx, t, tags);
  drawTrackMarkers(ctx, t, markers);
}

export interface TurnBox {
  turn: number;
  /** Short caption, e.g. 'Winter'. */
  caption?: string;
  /** Box tint, e.g. icy blue for winter. */
  tint?: string;
  /** Greyed out (not played, e.g. even turns of a short game). */
  skipped?: boolean;
}

export interface TurnTrackSpec {
  x: number;
  y: number;
  width: number;
  height: number;
  turns: TurnBox[];
  orientation: 'horizontal' | 'vertical';
  ink?: string;
}

export function turnBox(t: TurnTrackSpec, index: number): Rect {
  const n = t.turns.length;
  if (t.orientation === 'horizontal') {
    const w = t.width / n;
    return { x: t.x + index * w, y: t.y, w, h: t.height };
  }
  const h = t.height / n;
  return { x: t.x, y: t.y + index * h, w: t.width, h };
}

/** Static part: the boxes with their numbers and captions. */
export function drawTurnBoxes(ctx: Ctx2D, t: TurnTrackSpec): void {
  const ink = t.ink ?? '#3b2f20';
  t.turns.forEach((tb, i) => {
    const b = turnBox(t, i);
    ctx.fillStyle = tb.skipped ? '#b9b2a4' : (tb.tint ?? '#f4ecd6');
    ctx.fillRect(b.x, b.y, b.w, b.h);
    ctx.strokeStyle = ink;
    ctx.lineWidth = 1;
    ctx.strokeRect(b.x + 0.5, b.y + 0.5, b.w - 1, b.h - 1);
    const numW = t.orientation === 'vertical' ? Math.min(26, b.w * 0.2) : b.w;
    drawText(
      ctx,
      String(tb.turn),
      b.x + (t.orientation === 'vertical' ? numW / 2 + 2 : b.w / 2),
      b.y + (t.orientation === 'vertical' ? b.h / 2 : 12),
      {
        size: 15,
        weight: 'bold',
        color: tb.skipped ? '#777' : ink,
        align: 'center',
        baseline: 'middle',
      },
    );
    if (tb.caption) {
      const cx = t.orientation === 'vertical' ? b.x + b.w - 4 : b.x + b.w / 2;
      const cy = t.orientation === 'vertical' ? b.y + 3 : b.y + b.h - 3;
      drawText(ctx, tb.caption, cx, cy, {
        size: 10,
        weight: 'bold',
        color: tb.skipped ? '#777' : ink,
        align: t.orientation === 'vertical' ? 'right' : 'center',
        baseline: t.orientation === 'vertical' ? 'top' : 'bottom',
      });
    }
  });
}

/**
 * Dynamic part: highlight the current turn and list what waits on each box
 * (e.g. 'Musket', 'Church'). Items are short text chips.
 */
export function drawTurnItems(ctx: Ctx2D, t: TurnTrackSpec, current: number, items: Record<number, string[]>, chipColor = '#7a2e1f'): void {
  t.turns.forEach((tb, i) => {
    const b = turnBox(t, i);
    if (tb.turn === current) {
      ctx.strokeStyle = '#c0392b';
      ctx.lineWidth = 3;
      ctx.strokeRect(b.x + 1.5, b.y + 1.5, b.w - 3, b.h - 3);
    }
    const list = items[tb.turn] ?? [];
    if (!list.length) return;
    const vertical = t.orientation === 'vertical';
    let cx = vertical ? b.x + Math.min(26, b.w * 0.2) + 6 : b.x + 3;
    let cy = vertical ? b.y + (b.h - 16) / 2 : b.y + 22;
    for (const item of list) {
      const room = vertical ? b.x + b.w - 3 - cx : b.w - 6;
      if (room < 24) break;
      const text = fitText(ctx, item, room - 8, 11, 'bold');
      const tw = Math.min(room, measureText(ctx, text, 11, 'bold') + 8);
      roundRectPath(ctx, cx, cy, tw, 16, 4);
      paint(ctx, { fill: chipColor, stroke: '#111', lineWidth: 1 });
      drawText(ctx, text, cx + tw / 2, cy + 8.5, {
        size: 11,
        weight: 'bold',
        color: contrastText(chipColor),
        align: 'center',
        baseline: 'middle',
        cache: true,
      });
      if (vertical) cx += tw + 3;
      else cy += 18;
    }
  });
}

/**
 * Integer ("nice") axis ticks covering lo..hi: a step of 1, 2 or 5 × 10^k,
 * at most maxIntervals intervals, the range widened to whole steps so every
 * label sits exactly at its value. E.g. 0..5 → 0,1,2,3,4,5; 0..33 → 0,10,20,30,40.
 */
export function niceTicks(lo: number, hi: number, maxIntervals = 5): { lo: number; hi: number; step: number; ticks: number[] } {
  let a = Math.floor(Math.min(lo, hi));
  let b = Math.ceil(Math.max(lo, hi));
  if (b === a) b = a + 1;
  const n = Math.max(1, Math.floor(maxIntervals));
  let step = 1;
  for (let mag = 1; ; mag *= 10) {
    const s = [1, 2, 5].map((f) => f * mag).find((m) => Math.ceil(b / m) - Math.floor(a / m) <= n);
    if (s !== undefined) {
      step = s;
      break;
    }
  }
  a = Math.floor(a / step) * step;
  b = Math.ceil(b / step) * step;
  const ticks: number[] = [];
  for (let t = a; t <= b; t += step) ticks.push(t);
  return { lo: a, hi: b, step, ticks };
}
