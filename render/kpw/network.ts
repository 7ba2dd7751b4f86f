// Connections (rules 4.3): dotted lines with 1-3 red/white movement pips;
// water connections dashed blue; rivers as blue curves linking river spaces.
import type { Ctx2D } from '../kit/canvas.ts';
import { along, drawCircle, pointsAlong, type Point } from '../kit/shapes.ts';
import type { Projection } from './layout.ts';
import type { RenderMap, RenderSpace } from './map-source.ts';
import { spaceRadius } from './spaces.ts';
import { RIVER } from './style.ts';

function endpoints(map: RenderMap, proj: Projection) {
  const byId = new Map(map.spaces.map((s) => [s.id, s]));
  return (a: string, b: string): [RenderSpace, RenderSpace, Point, Point] | null => {
    const sa = byId.get(a);
    const sb = byId.get(b);
    return sa && sb ? [sa, sb, proj.at(sa), proj.at(sb)] : null;
  };
}

/** Deterministic bend (left or right) so rivers meander instead of running ruler-straight. */
function bendSign(a: string, b: string): number {
  let h = 0;
  for (const ch of a + b) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h & 1 ? 1 : -1;
}

export function drawRivers(ctx: Ctx2D, map: RenderMap, proj: Projection): void {
  const ends = endpoints(map, proj);
  ctx.lineCap = 'round';
  for (const [width, color] of [
    [7, 'rgba(63,134,198,0.25)'],
    [3.5, RIVER],
  ] as const) {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    for (const r of map.rivers) {
      const e = ends(r.a, r.b);
      if (!e) continue;
      const [, , pa, pb] = e;
      const len = Math.hypot(pb.x - pa.x, pb.y - pa.y);
      const bend = bendSign(r.a, r.b) * len * 0.12;
      const mx = (pa.x + pb.x) / 2 + (-(pb.y - pa.y) / len) * bend;
      const my = (pa.y + pb.y) / 2 + ((pb.x - pa.x) / len) * bend;
      ctx.moveTo(pa.x, pa.y);
      ctx.quadraticCurveTo(mx, my, pb.x, pb.y);
    }
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
}

export function drawConnections(ctx: Ctx2D, map: RenderMap, proj: Projection): void {
  const ends = endpoints(map, proj);
  const pipJobs: { pts: Point[]; water: boolean }[] = [];
  for (const c of map.connections) {
    const e = ends(c.a, c.b);
    if (!e) continue;
    const [sa, sb, pa, pb] = e;
    const p0 = along(pa, pb, spaceRadius(sa) + 2);
    const p1 = along(pb, pa, spaceRadius(sb) + 2);
    ctx.beginPath();
    ctx.moveTo(p0.x, p0.y);
    ctx.lineTo(p1.x, p1.y);
    if (c.water) {
      ctx.setLineDash([9, 6]);
      ctx.strokeStyle = '#1f5f9a';
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'butt';
    } else {
      // Round-capped zero-length dashes make a row of dots.
      ctx.setLineDash([0.01, 6]);
      ctx.strokeStyle = '#2a2018';
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
    }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineCap = 'butt';
    pipJobs.push({ pts: pointsAlong(p0, p1, Math.max(1, Math.min(3, c.pips)), 11), water: !!c.water });
  }
  // Pips on top of every line, so crossings never hide a cost.
  for (const job of pipJobs) {
    for (const p of job.pts) {
      drawCircle(
        ctx,
        p.x,
        p.y,
        4.6,
        job.water ? { fill: '#ffffff', stroke: '#1f5f9a', lineWidth: 1.6 } : { fill: '#d0281c', stroke: '#ffffff', lineWidth: 1.6 },
      );
    }
  }
}
