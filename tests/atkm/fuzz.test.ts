// Random and bot playouts over many seeds, scenarios and army options: someone
// always has a legal action until the battle ends, every battle ends, replay
// gives the same state, and no view shows a side's command points to the other.
import { describe, expect, it } from 'vitest';
import { canonical, replay } from '../../src/engine/runner.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import type { AtkmState } from '../../src/games/atkm/state.ts';
import { playoutAsync } from '../games/playout.ts';

const SCENARIOS = ['open-field', 'river-crossing', 'village'];

describe('ATKM fuzz (whole sequence of play)', () => {
  it('bot and random battles over 40 seeds end; no dead ends; replay equals the final state; command points stay secret and never negative', async () => {
    const endings = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const opts = {
        scenario: SCENARIOS[i % 3]!,
        army: i % 2 ? 'roll' : 'standard',
        units: 4 + (i % 7),
        quality: i % 4 === 1 ? 'roll' : 'regular',
        ratings: i % 5 === 2 ? 'roll' : 'two',
        generals: 1 + (i % 3),
        override: i % 2 === 0,
        special_casualties: i % 6 !== 5,
        banking: i % 3 === 0,
      };
      const seed = `atkm-fuzz-${i}`;
      const { env, log } = await playoutAsync(atkm, opts, seed, {
        random: i % 4 >= 2,
        offered(_, offers) {
          expect(offers.length).toBeGreaterThan(0);
          for (const o of offers) expect(o.legal.length).toBeGreaterThan(0);
        },
        each(e) {
          const s = e.game as AtkmState;
          expect(s.sides.red.cp).toBeGreaterThanOrEqual(0);
          expect(s.sides.black.cp).toBeGreaterThanOrEqual(0);
          if (atkm.result(s).status === 'over') return;
          const spy = atkm.view(s, { kind: 'spectator' });
          expect(spy.sides.red.cpLeft).toBeNull();
          expect(spy.sides.black.cpLeft).toBeNull();
          expect(atkm.view(s, { kind: 'seat', role: 'red' }).sides.black.cpLeft).toBeNull();
          expect(atkm.view(s, { kind: 'seat', role: 'red' }).sides.red.cpLeft).toBe(s.sides.red.cp);
        },
      });
      const r = atkm.result(env.game);
      expect(r.status).toBe('over');
      if (r.status === 'over') endings.set(r.summary.replace(/[0-9]+/g, 'N').slice(0, 40), (endings.get(r.summary.slice(0, 40)) ?? 0) + 1);
      expect(canonical(replay(atkm, opts, seed, log).env.game)).toBe(canonical(env.game));
    }
    // Battles end in more than one way (not all by the turn limit).
    expect(endings.size).toBeGreaterThan(1);
  }, 120_000);
});
