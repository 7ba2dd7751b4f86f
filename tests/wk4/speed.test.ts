// Speed: a season of eleven nations is adjudicated well within the target (1 s).
import { describe, expect, it } from 'vitest';
import { wk4 } from '../../src/games/wk4/index.ts';
import { adjudicationTimes } from './speed.ts';

describe('WK4 speed', () => {
  it('adjudicates a season of 11 nations in under a second (median)', () => {
    const { times, orders } = adjudicationTimes(wk4, 3);
    times.sort((a, b) => a - b);
    console.log(`wk4 11-nation season adjudication: ${times.map((t) => t.toFixed(0)).join(', ')} ms; ${orders} orders`);
    expect(orders).toBeGreaterThan(20);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(1000);
  }, 300_000);
});
