// Colony regions: each land pixel near a space takes the colony of its
// nearest space (villages and neutral spaces belong to the colony of the
// nearest settlement, as colonial borders enclosed Indian lands, rules 4.1).
// Computed on a coarse grid once, tinted, with thick borders where colony changes.
import type { Canvas, Ctx2D } from '../kit/canvas.ts';
import { makeCanvas } from '../kit/canvas.ts';
import type { Projection } from './layout.ts';
import type { RenderMap } from './map-source.ts';

const CELL = 2;
const REACH = 150;
const BORDER = 3;
const ADOPT = 170;

function hexRgb(c: string): [number, number, number] {
  const h = c.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** Draws tinted colony regions onto ctx. `land` is a canvas whose opaque pixels are land. */
export function drawColonyRegions(ctx: Ctx2D, map: RenderMap, proj: Projection, land: Canvas, width: number, height: number): void {
  const colonyIdx = new Map(map.colonies.map((c, i) => [c.id, i]));
  const settlements = map.spaces.filter((s) => s.owner && colonyIdx.has(s.owner));
  const pts: { x: number; y: number; col: number }[] = [];
  for (const s of map.spaces) {
    let col = s.owner && colonyIdx.has(s.owner) ? colonyIdx.get(s.owner)! : -1;
    if (col < 0) {
      let best = ADOPT * ADOPT;
      for (const t of settlements) {
        const d = (t.x - s.x) ** 2 + (t.y - s.y) ** 2;
        if (d < best) {
          best = d;
          col = colonyIdx.get(t.owner!)!;
        }
      }
    }
    const p = proj.at(s);
    pts.push({ x: p.x, y: p.y, col });
  }
  const gw = Math.ceil(width / CELL);
  const gh = Math.ceil(height / CELL);
  const landPx = land.getContext('2d').getImageData(0, 0, width, height).data;
  const owner = new Int8Array(gw * gh).fill(-1);
  const reach2 = (REACH * proj.scale) ** 2;
  for (let gy = 0; gy < gh; gy++) {
    const y = gy * CELL + CELL / 2;
    for (let gx = 0; gx < gw; gx++) {
      const x = gx * CELL + CELL / 2;
      const li = (Math.min(height - 1, y | 0) * width + Math.min(width - 1, x | 0)) * 4 + 3;
      if (landPx[li] < 128) continue;
      let best = reach2;
      let col = -1;
      for (const p of pts) {
        const d = (p.x - x) ** 2 + (p.y - y) ** 2;
        if (d < best) {
          best = d;
          col = p.col;
        }
      }
      owner[gy * gw + gx] = col;
    }
  }
  const rgb = map.colonies.map((c) => hexRgb(c.color));
  const small = makeCanvas(gw, gh);
  const sctx = small.getContext('2d');
  const img = sctx.createImageData(gw, gh);
  const px = img.data;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const col = owner[gy * gw + gx];
      if (col < 0) continue;
      let edge = false;
      for (let dy = -BORDER; dy <= BORDER && !edge; dy++) {
        for (let dx = -BORDER; dx <= BORDER; dx++) {
          const nx = gx + dx,
            ny = gy + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          if (owner[ny * gw + nx] !== col) {
            edge = true;
            break;
          }
        }
      }
      const i = (gy * gw + gx) * 4;
      const [r, g, b] = rgb[col];
      px[i] = r;
      px[i + 1] = g;
      px[i + 2] = b;
      px[i + 3] = edge ? 200 : 40;
    }
  }
  sctx.putImageData(img, 0, 0);
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(small, 0, 0, gw * CELL, gh * CELL);
  ctx.restore();
}
