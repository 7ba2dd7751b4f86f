// `npx tsx tests/scripts/wk4-render-sample.ts [outdir]`: draws sample WK4 pictures
// (umpire, public, one nation's fog) and their close-ups, for eyeballing.
import fs from 'node:fs';
import { createCanvas, loadImage } from 'canvas';
import { renderWk4, renderWk4Zoom } from '../../render/wk4.ts';
import { samplePicture } from '../wk4/pictures.ts';

const out = process.argv[2] ?? '/tmp/wk4';
fs.mkdirSync(out, { recursive: true });
for (const [map, viewer] of [
  ['full', 'umpire'],
  ['full', 'corona'],
  ['full', 'public'],
  ['small', 'capetan'],
] as const) {
  const pic = samplePicture(map, viewer);
  const t0 = performance.now();
  const png = renderWk4(pic);
  const t1 = performance.now();
  const zoom = renderWk4Zoom(pic);
  const t2 = performance.now();
  fs.writeFileSync(`${out}/${map}-${viewer}.png`, png);
  fs.writeFileSync(`${out}/${map}-${viewer}-zoom.png`, zoom);
  // And both at the width Discord previews them (~550 px).
  for (const [buf, tag] of [
    [png, ''],
    [zoom, '-zoom'],
  ] as const) {
    const img = await loadImage(buf);
    const small = createCanvas(550, Math.round((img.height * 550) / img.width));
    small.getContext('2d').drawImage(img, 0, 0, small.width, small.height);
    fs.writeFileSync(`${out}/${map}-${viewer}${tag}-550.png`, small.toBuffer('image/png'));
  }
  console.log(`${map}/${viewer}: map ${(t1 - t0).toFixed(0)} ms (${png.length} B), zoom ${(t2 - t1).toFixed(0)} ms (${zoom.length} B)`);
}
