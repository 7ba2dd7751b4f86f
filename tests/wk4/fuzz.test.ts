// Playouts with the AI nations over many seeds: someone can always act until
// the campaign ends, every campaign ends, and replay gives the same state.
import { describe, expect, it } from 'vitest';
import { stageOf } from '../../src/games/wk4/state.ts';
import { canonical, replay } from '../../src/engine/runner.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { playoutAsync } from '../games/playout.ts';

describe('WK4 fuzz (Order of Battle / Turn Sequence, whole seasons)', () => {
  it('AI nations with the engine as umpire reach a result; no dead ends; replay equals the final state', async () => {
    for (let i = 0; i < 6; i++) {
      const opts = { nations: 2 + (i % 3), years: 1 + (i % 2) };
      const seed = `wk4-fuzz-${i}`;
      const { env, log } = await playoutAsync(wk4, opts, seed, {
        random: i % 3 === 2,
        maxSteps: 20000,
        offered(_, offers) {
          expect(offers.length).toBeGreaterThan(0);
          for (const o of offers) expect(o.legal.length).toBeGreaterThan(0);
        },
      });
      expect(wk4.result(env.game).status).toBe('over');
      expect(canonical(replay(wk4, opts, seed, log).env.game)).toBe(canonical(env.game));
    }
  }, 300_000);

  it('the full map: six AI nations (random and bot) for a year', async () => {
    for (const [i, random] of [
      [0, false],
      [1, true],
    ] as const) {
      const opts = { nations: 6, years: 1 };
      const seed = `wk4-fuzz-full-${i}`;
      const { env, log } = await playoutAsync(wk4, opts, seed, { random, maxSteps: 20000 });
      expect(wk4.result(env.game).status).toBe('over');
      expect(env.game.options.map).toBe('full');
      expect(canonical(replay(wk4, opts, seed, log).env.game)).toBe(canonical(env.game));
    }
  }, 300_000);

  it('a human umpire (played by the AI or at random): initiative determinations, reviews and rulings never dead-end', async () => {
    let determined = 0;
    for (let i = 0; i < 6; i++) {
      const opts = { nations: 2 + (i % 2), years: 2, umpire: 'human' };
      const seed = `wk4-fuzz-umpire-${i}`;
      const { env, log } = await playoutAsync(wk4, opts, seed, {
        random: i % 2 === 1,
        maxSteps: 20000,
        each(e) {
          if (stageOf(e.game) === 'initiative') determined++;
        },
      });
      expect(wk4.result(env.game).status).toBe('over');
      expect(canonical(replay(wk4, opts, seed, log).env.game)).toBe(canonical(env.game));
    }
    // Nations often spend the same actions: the umpire's determination is really asked for.
    expect(determined).toBeGreaterThan(0);
  }, 300_000);
});
