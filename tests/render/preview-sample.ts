// Writes each system's map and close-up (the first image of a map post) from
// the tests' sample views, each also at Discord's ~550 px preview width, for
// eyeballing (issue 19):   npx tsx tests/render/preview-sample.ts [outdir]
import fs from 'node:fs';
import { createCanvas, loadImage } from 'canvas';
import { renderers } from '../../render/renderers.ts';
import { createGame } from '../../src/engine/runner.ts';
import { wog } from '../../src/games/wog/index.ts';
import { samplePicture as atkmPicture } from '../atkm/render-sample.ts';
import { samplePicture as wk4Picture } from '../wk4/pictures.ts';
import { rifleView } from './rifle-fixtures.ts';
import { busyView } from './sample.ts';

const out = process.argv[2] ?? '/tmp/previews';
fs.mkdirSync(out, { recursive: true });
const views: Record<string, unknown> = {
  kpw: busyView(),
  rifle: rifleView(),
  atkm: { picture: atkmPicture() },
  wk4: { picture: wk4Picture('full', 'umpire') },
  wog: wog.view(createGame(wog, { scenario: 'hyw' }, 'preview-sample').env.game, { kind: 'spectator' }),
};
for (const [system, view] of Object.entries(views)) {
  for (const key of [`${system}:zoom`, system]) {
    const t0 = performance.now();
    const png = renderers[key](view as never);
    const ms = performance.now() - t0;
    const name = key.replace(':', '-');
    fs.writeFileSync(`${out}/${name}.png`, png);
    const img = await loadImage(png);
    const h = Math.round((img.height * 550) / img.width);
    const small = createCanvas(550, h);
    small.getContext('2d').drawImage(img, 0, 0, 550, h);
    fs.writeFileSync(`${out}/${name}-550.png`, small.toBuffer('image/png'));
    console.log(`${key}: ${img.width}×${img.height}, ${ms.toFixed(0)} ms (first draw) → ${out}/${name}.png`);
  }
}
