// `npx tsx tests/scripts/wog-render-sample.ts [out.png]`: play a seeded bot
// game to its first battle decision and draw that snapshot (for eyeballing).
import fs from 'node:fs';
import { renderWog } from '../../render/wog.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { playout } from '../games/playout.ts';

registerAllGames();
const mod = getGame('wog')!;
let shot: unknown = null;
try {
  playout(mod, { scenario: 'hyw' }, 'render-sample', {
    each: (env) => {
      if (!shot && String(mod.phase(env.game)).includes('Phase 3') && mod.prompts(env.game)[0]?.decision?.includes(':decide:'))
        shot = mod.view(env.game, { kind: 'spectator' });
      if (shot) throw new Error('done');
    },
  });
} catch (e) {
  if (!shot) throw e;
}
fs.writeFileSync(process.argv[2] ?? '/tmp/wog.png', renderWog(shot as never));
// And the size Discord previews it at (~550 px wide), next to it.
const { createCanvas, loadImage } = await import('canvas');
const img = await loadImage(renderWog(shot as never));
const small = createCanvas(550, Math.round((img.height * 550) / img.width));
small.getContext('2d').drawImage(img, 0, 0, small.width, small.height);
fs.writeFileSync((process.argv[2] ?? '/tmp/wog.png').replace(/\.png$/, '-550.png'), small.toBuffer('image/png'));
