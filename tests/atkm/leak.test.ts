// Property (issue 12): a side's command points are never shown to the other
// side (or a spectator) before they are spent — in replies, posts, buttons,
// /game log, export, status, autocomplete, the view or its summary — over
// whole battles with a team of two generals; and the checker is not vacuous.
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/engine/types.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import { buildView } from '../../src/games/atkm/view.ts';
import type { AtkmState } from '../../src/games/atkm/state.ts';
import { findLeaks, type LeakGame, type Oracle } from '../engine/leak.ts';

/** What is secret now: each side's command points left (as the view and the summary would print them). */
const cpOracle: Oracle = (s: AtkmState) =>
  (['red', 'black'] as const).flatMap((side) => [
    { owner: side, needle: `"cpLeft":${s.sides[side].cp}` },
    { owner: side, needle: `${s.sides[side].cp} command points left` },
  ]);

const game = (seed: string, mod: GameModule<any, any> = atkm): LeakGame => ({
  mod,
  options: `generals=2, army=roll, units=10${seed === 'a-4' ? ', mode=tabletop, scenario=village' : ''}`,
  seed,
  seats: [
    { role: 'red', user: 'alice' },
    { role: 'red', user: 'carol' },
    { role: 'black', user: seed.endsWith('1') ? 'bot' : 'bob' },
  ],
  random: seed.endsWith('2'),
  oracle: cpOracle,
  probeRate: 0.3,
  replayRate: 0.1,
  chaos: 0.02,
  maxSteps: 600,
});

describe('ATKM leak property: command points secret until spent', () => {
  it("no seat or spectator sees the other side's command points", async () => {
    let probes = 0;
    for (const seed of ['a-0', 'a-1', 'a-2', 'a-4']) {
      // The tabletop seed is slower (every legal list measures the table): a shorter stretch of it.
      const r = await findLeaks({ ...game(seed), ...(seed === 'a-4' ? { maxSteps: 120 } : {}) });
      expect(r.findings, `seed ${seed}`).toEqual([]);
      probes += r.probes;
    }
    // Not vacuous: the outputs were probed while command points were secret.
    expect(probes).toBeGreaterThan(10);
  }, 240_000);

  it("a view that shows both sides' command points is reported (planted leak)", async () => {
    const leaky: GameModule<AtkmState, any> = {
      ...atkm,
      id: 'atkm-leaky',
      command: 'atkml',
      view: (s) => buildView(s, { kind: 'moderator' }),
    };
    const r = await findLeaks({ ...game('a-3', leaky), maxSteps: 150 });
    expect(r.findings.some((f) => f.source === 'view')).toBe(true);
  }, 120_000);
});
