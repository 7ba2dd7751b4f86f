// Random and bot playouts over many seeds: someone always has a legal action
// until the game ends, every game ends, and replay gives the same state.
import { describe, expect, it } from 'vitest';
import { canonical, replay } from '../../src/engine/runner.ts';
import { wog } from '../../src/games/wog/index.ts';
import { playoutAsync } from '../games/playout.ts';

describe('WoG fuzz (whole sequence of play)', () => {
  it('bot-vs-bot and random games in both scenarios reach a result; no dead ends; replay equals the final state', async () => {
    for (let i = 0; i < 10; i++) {
      const opts = { scenario: i % 2 ? 'liw' : 'hyw' };
      const seed = `wog-fuzz-${i}`;
      const { env, log } = await playoutAsync(wog, opts, seed, {
        random: i % 4 >= 2,
        offered(_, offers) {
          expect(offers.length).toBeGreaterThan(0);
          for (const o of offers) expect(o.legal.length).toBeGreaterThan(0);
        },
      });
      const r = wog.result(env.game);
      expect(r.status).toBe('over');
      expect(canonical(replay(wog, opts, seed, log).env.game)).toBe(canonical(env.game));
    }
  }, 120_000);
});
