// Space symbols (rules 4.2-4.3): settlements ringed red in colony colour,
// villages ringed white with a tribe band, forts as stockaded hexagons,
// neutral spaces clear; river spaces get a light-blue outer ring, ports a dock.
import type { Ctx2D } from '../kit/canvas.ts';
import { contrastText, darken, lighten } from '../kit/color.ts';
import { drawCircle, drawHex, hexPath, type Point } from '../kit/shapes.ts';
import { drawText } from '../kit/text.ts';
import type { RenderSpace } from './map-source.ts';
import { FORT_R, INK, PARCHMENT, RIVER_RING, SETTLEMENT_RING, SPACE_R } from './style.ts';

export function spaceRadius(s: Pick<RenderSpace, 'kind'>): number {
  return s.kind === 'fort' ? FORT_R : SPACE_R;
}

/** Small anchor: the port (dock) icon, on a white roundel at the space's upper left. */
export function drawAnchor(ctx: Ctx2D, cx: number, cy: number, r = 8): void {
  drawCircle(ctx, cx, cy, r, { fill: '#ffffff', stroke: '#1d3f66', lineWidth: 1.5 });
  ctx.strokeStyle = '#1d3f66';
  ctx.lineWidth = 1.6;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx, cy - r * 0.55);
  ctx.lineTo(cx, cy + r * 0.6);
  ctx.moveTo(cx - r * 0.35, cy - r * 0.25);
  ctx.lineTo(cx + r * 0.35, cy - r * 0.25);
  ctx.moveTo(cx - r * 0.55, cy + r * 0.15);
  ctx.quadraticCurveTo(cx - r * 0.45, cy + r * 0.62, cx, cy + r * 0.62);
  ctx.quadraticCurveTo(cx + r * 0.45, cy + r * 0.62, cx + r * 0.55, cy + r * 0.15);
  ctx.stroke();
  drawCircle(ctx, cx, cy - r * 0.62, r * 0.16, { stroke: '#1d3f66', lineWidth: 1.2 });
  ctx.lineCap = 'butt';
}

/** A row of pointed stakes: the fort's stockade mark. */
function drawStockade(ctx: Ctx2D, cx: number, top: number, w: number, h: number, color: string): void {
  const n = 5;
  const sw = w / n;
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const x = cx - w / 2 + i * sw;
    ctx.moveTo(x + 0.6, top + h);
    ctx.lineTo(x + 0.6, top + sw * 0.6);
    ctx.lineTo(x + sw / 2, top);
    ctx.lineTo(x + sw - 0.6, top + sw * 0.6);
    ctx.lineTo(x + sw - 0.6, top + h);
    ctx.closePath();
  }
  ctx.fill();
}

/** Colour of a space's owner (colony or tribe), or null. */
export type OwnerColor = (owner: string | null | undefined) => string | null;

export function drawSpace(ctx: Ctx2D, s: RenderSpace, p: Point, ownerColor: OwnerColor): void {
  const r = spaceRadius(s);
  const own = ownerColor(s.owner) ?? '#ffffff';
  // Soft shadow lifts the spaces off the map.
  if (s.kind === 'fort') drawHex(ctx, p.x + 2, p.y + 2, r + (s.river ? 4 : 0), { fill: 'rgba(0,0,0,0.28)' }, true);
  else drawCircle(ctx, p.x + 2, p.y + 2, r + (s.river ? 4 : 0), { fill: 'rgba(0,0,0,0.28)' });
  if (s.river) {
    if (s.kind === 'fort') drawHex(ctx, p.x, p.y, r + 3.5, { stroke: RIVER_RING, lineWidth: 4 }, true);
    else drawCircle(ctx, p.x, p.y, r + 3.5, { stroke: RIVER_RING, lineWidth: 4 });
  }
  let code = s.owner ?? '';
  let codeColor = INK;
  switch (s.kind) {
    case 'settlement':
      drawCircle(ctx, p.x, p.y, r - 2, { fill: own, stroke: SETTLEMENT_RING, lineWidth: 4 });
      codeColor = contrastText(own);
      break;
    case 'village':
      drawCircle(ctx, p.x, p.y, r - 1.5, { fill: '#ffffff', stroke: '#555', lineWidth: 1 });
      drawCircle(ctx, p.x, p.y, r - 6, { stroke: own, lineWidth: 5 });
      if (own.toLowerCase() === '#ffffff') drawCircle(ctx, p.x, p.y, r - 8.5, { stroke: '#999', lineWidth: 0.8 });
      drawCircle(ctx, p.x, p.y, r - 8.5, { fill: lighten(PARCHMENT, 0.3) });
      break;
    case 'fort': {
      drawHex(ctx, p.x, p.y, r, { fill: own, stroke: '#3a2a1a', lineWidth: 2.5 }, true);
      const ink = contrastText(own);
      drawStockade(ctx, p.x, p.y - r * 0.72, r * 1.05, r * 0.5, ink);
      codeColor = ink;
      break;
    }
    default:
      drawCircle(ctx, p.x, p.y, r - 2, { fill: 'rgba(255,255,255,0.45)', stroke: '#4a3d2e', lineWidth: 2 });
      code = '';
  }
  if (code) {
    drawText(ctx, code, p.x, p.y + (s.kind === 'fort' ? 6 : 0.5), {
      size: s.kind === 'village' ? 10 : 11,
      weight: 'bold',
      color: codeColor,
      align: 'center',
      baseline: 'middle',
    });
  }
  if (s.port) drawAnchor(ctx, p.x - r * 0.85, p.y - r * 0.85);
  if (s.treaty) {
    // The Mohawk Treaty Space (rules 11.2): a gold dashed halo and a tag.
    ctx.setLineDash([5, 3]);
    if (s.kind === 'fort') hexPath(ctx, p.x, p.y, r + 9, true);
    else {
      ctx.beginPath();
      ctx.arc(p.x, p.y, r + 9, 0, Math.PI * 2);
    }
    ctx.strokeStyle = '#c99a1c';
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** Font size of space names (legibility tests read it). */
export const LABEL_SIZE = 14;

/** Name under the space, bold with a parchment halo so it reads over lines and tints. */
export function drawSpaceLabel(ctx: Ctx2D, s: RenderSpace, p: Point): void {
  const r = spaceRadius(s) + (s.river ? 5 : 1);
  drawText(ctx, s.name, p.x, p.y + r + 1, {
    size: LABEL_SIZE,
    weight: 'bold',
    color: darken(INK, 0.2),
    halo: 'rgba(246,238,214,0.92)',
    haloWidth: 4,
    align: 'center',
    baseline: 'top',
  });
  if (s.treaty) {
    drawText(ctx, 'MOHAWK TREATY', p.x, p.y - r - 10, {
      size: 11,
      weight: 'bold',
      color: '#7a5a00',
      halo: 'rgba(246,238,214,0.95)',
      haloWidth: 4,
      align: 'center',
      baseline: 'bottom',
    });
  }
}
