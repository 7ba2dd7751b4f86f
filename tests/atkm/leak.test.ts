// Property (issue 12): a side's command points are never shown to the other
// side (or a spectator) before they are spent — in replies, posts, buttons,
// /game log, export, status, autocomplete, the view or its summary — over
// whole battles with a team of two generals; and the checker is not vacuous.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/runner.ts';
import type { GameModule } from '../../src/engine/types.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import { buildView } from '../../src/games/atkm/view.ts';
import type { AtkmState } from '../../src/games/atkm/state.ts';
import { findLeaks, type LeakGame, type Oracle } from '../engine/leak.ts';
import { timeLimit } from '../setup/test-db.ts';

/** What is secret now: each side's command points left (as the view and the summary would print them). */
const cpOracle: Oracle = (s: AtkmState) =>
  (['red', 'black'] as const).flatMap((side) => [
    { owner: side, needle: `"cpLeft":${s.sides[side].cp}` },
    { owner: side, needle: `${s.sides[side].cp} command points left` },
  ]);

const game = (seed: string, mod: GameModule<any, any> = atkm): LeakGame => ({
  mod,
  // Two seeds with the Banking option, so banked cards are drawn and played while command points are secret.
  options:
    `generals=2, army=roll, units=10${seed === 'a-4' ? ', mode=tabletop, scenario=village' : ''}` +
    `${seed === 'a-1' || seed === 'a-4' ? ', banking=true' : ''}`,
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
  it(
    "no seat or spectator sees the other side's command points",
    async () => {
      let probes = 0;
      for (const seed of ['a-0', 'a-1', 'a-2', 'a-4']) {
        // The tabletop seed is slower (every legal list measures the table): a shorter stretch of it.
        const r = await findLeaks({ ...game(seed), ...(seed === 'a-4' ? { maxSteps: 120 } : {}) });
        expect(r.findings, `seed ${seed}`).toEqual([]);
        probes += r.probes;
      }
      // Not vacuous: the outputs were probed while command points were secret.
      expect(probes).toBeGreaterThan(10);
    },
    timeLimit(240_000),
  );

  it('Banking Cards (p.14): banked cards are public (turned face up), drawn alike for every viewer; command points left are not', () => {
    const s = createGame(atkm, { banking: true, units: 6 }, 'bank-view').env.game as AtkmState;
    s.sides.red.banked = ['QH'];
    s.sides.red.bankedCount = 1;
    s.sides.red.cp = 4;
    s.sides.black.cp = 5;
    const red = buildView(s, { kind: 'seat', role: 'red' });
    const black = buildView(s, { kind: 'seat', role: 'black' });
    const eve = buildView(s, { kind: 'spectator' });
    expect(eve.picture.banked).toEqual([
      { side: 'red', cards: [{ label: 'Q♥', colour: 'red' }], used: 1, limit: 2 },
      { side: 'black', cards: [], used: 0, limit: 2 },
    ]);
    expect(red.picture.banked).toEqual(eve.picture.banked);
    expect(black.picture.banked).toEqual(eve.picture.banked);
    // The picture carries no command points at all; the views only the seat's own.
    expect(JSON.stringify(eve.picture)).not.toMatch(/cp|command point/i);
    expect([eve.sides.red.cpLeft, eve.sides.black.cpLeft, black.sides.red.cpLeft, red.sides.black.cpLeft]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(red.sides.red.cpLeft).toBe(4);
    // Without the option the picture has no banked row.
    expect(
      buildView(createGame(atkm, { units: 6 }, 'bank-view').env.game as AtkmState, { kind: 'spectator' }).picture.banked,
    ).toBeUndefined();
  });

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
