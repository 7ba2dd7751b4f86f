// Coastline hints. The data has no coastline, so land is inferred: a blob
// around every space (small around ports, so the sea comes up to them) and
// along land connections, plus the board's north and west, which are inland
// in New England; enclosed "lakes" left between blobs are filled in by
// fillLakes. Drawn once into the static layer.
import type { Ctx2D } from '../kit/canvas.ts';
import type { Projection } from './layout.ts';
import type { RenderMap } from './map-source.ts';

const INLAND_R = 105;
const PORT_R = 34;
const ROAD_HALF = 52;
const PORT_ROAD_HALF = 24;
const INTERIOR: [number, number][] = [
  [-400, -400],
  [1180, -400],
  [1180, 170],
  [1060, 320],
  [900, 300],
  [230, 330],
  [230, 1090],
  [-400, 1090],
];

/** Fills the land shape grown by `grow` pixels (grow > 0 for coast halos). */
export function fillLand(ctx: Ctx2D, map: RenderMap, proj: Projection, grow: number, color: string): void {
  const k = proj.scale;
  const byId = new Map(map.spaces.map((s) => [s.id, s]));
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.beginPath();
  for (const s of map.spaces) {
    const p = proj.at(s);
    const r = (s.port ? PORT_R : INLAND_R) * k + grow;
    ctx.moveTo(p.x + r, p.y);
    ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  }
  ctx.fill();
  // The north and west of the board are the interior (New Hampshire, the
  // Mohawk country): a hint polygon in map pixels of the 1600×1200 board.
  const sx = (map.width ?? 1600) / 1600;
  const sy = (map.height ?? 1200) / 1200;
  ctx.beginPath();
  INTERIOR.forEach(([x, y], i) => {
    const p = proj.at({ x: x * sx, y: y * sy });
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
  ctx.closePath();
  ctx.fill();
  if (grow > 0) {
    ctx.lineJoin = 'round';
    ctx.lineWidth = grow * 2;
    ctx.stroke();
  }
  ctx.lineCap = 'round';
  // Roads hold the land together; narrower towards ports so the sea reaches them.
  for (const toPort of [false, true]) {
    ctx.lineWidth = 2 * ((toPort ? PORT_ROAD_HALF : ROAD_HALF) * k + grow);
    ctx.beginPath();
    for (const c of map.connections) {
      if (c.water) continue;
      const a = byId.get(c.a);
      const b = byId.get(c.b);
      if (!a || !b || !!(a.port || b.port) !== toPort) continue;
      const pa = proj.at(a);
      const pb = proj.at(b);
      ctx.moveTo(pa.x, pa.y);
      ctx.lineTo(pb.x, pb.y);
    }
    ctx.stroke();
  }
  ctx.lineCap = 'butt';
}

/**
 * Turns water not connected to the board's east or south edge (where the
 * Atlantic and the Sound are) into land, on a coarse grid.
 */
export function fillLakes(land: Ctx2D, width: number, height: number, color: string): void {
  const cell = 4;
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const px = land.getImageData(0, 0, width, height).data;
  const isLand = (gx: number, gy: number) =>
    px[(Math.min(height - 1, gy * cell + 2) * width + Math.min(width - 1, gx * cell + 2)) * 4 + 3] >= 128;
  const sea = new Uint8Array(gw * gh);
  const queue: number[] = [];
  const seed = (gx: number, gy: number) => {
    const i = gy * gw + gx;
    if (!sea[i] && !isLand(gx, gy)) {
      sea[i] = 1;
      queue.push(i);
    }
  };
  for (let gy = 0; gy < gh; gy++) seed(gw - 1, gy);
  for (let gx = 0; gx < gw; gx++) seed(gx, gh - 1);
  while (queue.length) {
    const i = queue.pop()!;
    const gx = i % gw;
    const gy = (i - gx) / gw;
    if (gx > 0) seed(gx - 1, gy);
    if (gx < gw - 1) seed(gx + 1, gy);
    if (gy > 0) seed(gx, gy - 1);
    if (gy < gh - 1) seed(gx, gy + 1);
  }
  // Fill every cell whose whole neighbourhood is off the sea: lakes vanish
  // (with their partly-covered rims), while the real coast keeps its curves.
  const seaAt = (gx: number, gy: number) => gx >= 0 && gy >= 0 && gx < gw && gy < gh && sea[gy * gw + gx] === 1;
  land.fillStyle = color;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      if (seaAt(gx, gy) || seaAt(gx - 1, gy) || seaAt(gx + 1, gy) || seaAt(gx, gy - 1) || seaAt(gx, gy + 1)) continue;
      if (isLand(gx, gy) && isLand(gx - 1, gy) && isLand(gx + 1, gy) && isLand(gx, gy - 1) && isLand(gx, gy + 1)) continue;
      land.fillRect(gx * cell - 1, gy * cell - 1, cell + 2, cell + 2);
    }
  }
}
