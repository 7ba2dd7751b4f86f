// Writes the busy sample's full map and close-up, and both as Discord
// previews them (550 px wide), to /tmp for a look:
//   npx tsx tests/render/zoom-sample.ts
import { writeFileSync } from 'node:fs';
import { loadImage } from 'canvas';
import { encodePng, makeCanvas } from '../../render/kit/canvas.ts';
import { renderKpw } from '../../render/kpw.ts';
import { renderKpwZoom } from '../../render/kpw-zoom.ts';
import { busyView } from './sample.ts';

async function preview(png: Buffer, out: string): Promise<void> {
  const img = await loadImage(png);
  const w = 550;
  const h = Math.round((img.height * w) / img.width);
  const c = makeCanvas(w, h);
  c.getContext('2d').drawImage(img, 0, 0, w, h);
  writeFileSync(out, encodePng(c));
}

const view = busyView();
const full = renderKpw(view);
const zoom = renderKpwZoom(view);
writeFileSync('/tmp/kpw-full.png', full);
writeFileSync('/tmp/kpw-zoom.png', zoom);
await preview(full, '/tmp/kpw-full-550.png');
await preview(zoom, '/tmp/kpw-zoom-550.png');
console.log('wrote /tmp/kpw-{full,zoom}{,-550}.png');
