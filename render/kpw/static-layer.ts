// Everything on the board that never changes during a game: sea and land,
// colony regions, rivers, connections, spaces, names and the empty tracks.
// Built once per (map, short-game) per process by the StaticLayerCache.
import { makeCanvas, type Ctx2D } from '../kit/canvas.ts';
import type { Projection } from './layout.ts';
import { fillLakes, fillLand } from './land.ts';
import type { RenderMap } from './map-source.ts';
import { drawConnections, drawRivers } from './network.ts';
import { drawStaticPanels } from './panels.ts';
import { drawColonyRegions } from './regions.ts';
import { drawSpace, drawSpaceLabel } from './spaces.ts';
import { HEIGHT, LAND, SEA, SEA_DEEP, WIDTH } from './style.ts';

function seaTexture(ctx: Ctx2D): void {
  const g = ctx.createLinearGradient(0, 0, WIDTH * 0.4, HEIGHT);
  g.addColorStop(0, SEA);
  g.addColorStop(1, SEA_DEEP);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  // Sparse engraved wavelets, like an old chart.
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  for (let y = 20; y < HEIGHT; y += 34) {
    for (let x = ((y / 34) % 2) * 40; x < WIDTH; x += 80) {
      ctx.moveTo(x, y);
      ctx.quadraticCurveTo(x + 6, y - 5, x + 12, y);
      ctx.quadraticCurveTo(x + 18, y - 5, x + 24, y);
    }
  }
  ctx.stroke();
}

export function drawStaticLayer(ctx: Ctx2D, map: RenderMap, proj: Projection, short: boolean, lastTurn: number): void {
  seaTexture(ctx);
  // Coast: pale shoal bands, an inked shoreline, then the land itself.
  fillLand(ctx, map, proj, 22, '#b4cfdb');
  fillLand(ctx, map, proj, 11, '#cde0e6');
  fillLand(ctx, map, proj, 2.5, '#5b4a36');
  const land = makeCanvas(WIDTH, HEIGHT);
  const lctx = land.getContext('2d');
  fillLand(lctx, map, proj, 0, LAND);
  fillLakes(lctx, WIDTH, HEIGHT, LAND);
  ctx.drawImage(land, 0, 0);
  drawColonyRegions(ctx, map, proj, land, WIDTH, HEIGHT);
  drawRivers(ctx, map, proj);
  drawConnections(ctx, map, proj);
  const ownerColor = new Map<string, string>();
  for (const c of map.colonies) ownerColor.set(c.id, c.color);
  for (const t of map.tribes) ownerColor.set(t.id, t.color);
  for (const s of map.spaces) drawSpace(ctx, s, proj.at(s), (o) => (o ? (ownerColor.get(o) ?? null) : null));
  // Names last, so no symbol or line covers them.
  for (const s of map.spaces) drawSpaceLabel(ctx, s, proj.at(s));
  drawStaticPanels(ctx, short, lastTurn);
}
