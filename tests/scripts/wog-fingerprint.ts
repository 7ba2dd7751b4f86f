// `npx tsx tests/scripts/wog-fingerprint.ts [games]`: one hash per seeded bot
// playout over every prompt, legal list and state along the way, so a speed
// change can be checked for identical behaviour (run before and after, diff).
import { createHash } from 'node:crypto';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { playout } from '../games/playout.ts';

registerAllGames();
const mod = getGame('wog')!;
const games = Number(process.argv[2] ?? 6);
for (const scenario of ['hyw', 'liw']) {
  for (let i = 0; i < games; i++) {
    const h = createHash('sha256');
    const seed = `fp-${scenario}-${i}`;
    const r = playout(mod, { scenario }, seed, {
      each: (env) => {
        h.update(JSON.stringify(env.game));
        for (const role of ['english', 'french']) h.update(JSON.stringify(mod.legal(env.game, role)));
        h.update(JSON.stringify(mod.prompts(env.game)));
        h.update(JSON.stringify(mod.view(env.game, { kind: 'spectator' })));
      },
    });
    console.log(seed, r.steps, h.digest('hex').slice(0, 16));
  }
}
