// Fog of war and secret orders over whole campaigns played through the
// session and presentation code: no nation (nor a spectator) sees another's
// orders before the reveal, nor another nation's force details at any time
// (its exact strength is for itself and the umpire).
import { describe, expect, it } from 'vitest';
import { wk4 } from '../../src/games/wk4/index.ts';
import { orderLabel } from '../../src/games/wk4/labels.ts';
import type { Order } from '../../src/games/wk4/orders.ts';
import type { Wk4State } from '../../src/games/wk4/state.ts';
import { forceLine } from '../../src/games/wk4/view.ts';
import { findLeaks, type Oracle } from '../engine/leak.ts';

const oracle: Oracle = (s: Wk4State) => [
  ...(s.sub.revealed
    ? []
    : s.order.flatMap((n) => (s.sub.seats[n]?.items ?? []).map((o) => ({ owner: n, needle: orderLabel(s, o as unknown as Order) })))),
  ...Object.keys(s.forces).map((id) => ({ owner: s.forces[id].nation, needle: forceLine(s, id) })),
];

describe('WK4 fog of war and secret orders (leak property)', () => {
  it('two nations and an umpire: nobody sees what is not theirs', async () => {
    for (const seed of ['w-0', 'w-1']) {
      const r = await findLeaks({
        mod: wk4,
        options: 'nations=2, umpire=human, years=1',
        seed,
        seats: [
          { role: 'almagora', user: 'alice' },
          { role: 'capetan', user: seed.endsWith('1') ? 'bot' : 'bob' },
        ],
        umpire: 'uma',
        oracle,
        probeRate: 0.3,
        replayRate: 0.2,
        chaos: 0.03,
        maxSteps: 3000,
      });
      expect(r.findings, `seed ${seed}`).toEqual([]);
      expect(r.probes).toBeGreaterThan(3);
      expect(r.over).toBe(true);
    }
  }, 300_000);
});
