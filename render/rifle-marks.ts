// A settlement's mark: its number in a shape of its own (square, circle,
// diamond, hexagon) filled with its colour. The second cue beside colour
// (issue 19): a reader who cannot tell the colours apart reads the number
// and the shape, on the cubes, the chart lines and the legends alike.
import { contrastText, drawText, paint, roundRectPath, type Ctx2D } from './kit.ts';

const SHAPES = ['square', 'circle', 'diamond', 'hexagon'] as const;

/** The mark of the i-th settlement (0-based), centred at (cx, cy), r its half-width. */
export function drawSettlementMark(ctx: Ctx2D, i: number, cx: number, cy: number, r: number, colour: string, label = String(i + 1)): void {
  const shape = SHAPES[i % SHAPES.length];
  ctx.beginPath();
  if (shape === 'square') roundRectPath(ctx, cx - r, cy - r, 2 * r, 2 * r, r * 0.2);
  else if (shape === 'circle') ctx.arc(cx, cy, r * 1.08, 0, Math.PI * 2);
  else if (shape === 'diamond') {
    const k = r * 1.3;
    ctx.moveTo(cx, cy - k);
    ctx.lineTo(cx + k, cy);
    ctx.lineTo(cx, cy + k);
    ctx.lineTo(cx - k, cy);
    ctx.closePath();
  } else {
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
      const [x, y] = [cx + r * 1.12 * Math.cos(a), cy + r * 1.12 * Math.sin(a)];
      if (k === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.closePath();
  }
  paint(ctx, { fill: colour, stroke: '#222', lineWidth: Math.max(1, r / 10) });
  if (label)
    drawText(ctx, label, cx, cy + 0.5, {
      size: Math.round(r * (label.length > 2 ? 0.8 : 1.25)),
      weight: 'bold',
      color: contrastText(colour),
      align: 'center',
      baseline: 'middle',
      // Recurs on every picture (numbers 1-4 in four colours): a sprite, placed to the whole pixel.
      cache: true,
    });
}
