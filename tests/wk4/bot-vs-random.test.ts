// The AI against nations choosing uniformly among their legal orders (issue 22:
// the fourth nation, Masovia, used to win 0 of 25 — its armies never marched,
// every straight step toward a centre crossed a neutral's land). A few seeds
// here; tests/wk4/bot-vs-random.ts measures 100 campaigns a seat.
import { describe, expect, it } from 'vitest';
import { botVsRandomAsync } from './bot-vs-random.ts';

describe('WK4 AI nations against random nations (four nations, small map)', () => {
  it('the bot wins on the fourth seat and on the first', async () => {
    const games = [
      await botVsRandomAsync('masovia', 'wk4-bvr-4-0'),
      await botVsRandomAsync('masovia', 'wk4-bvr-4-1'),
      await botVsRandomAsync('almagora', 'wk4-bvr-4-0'),
    ];
    for (const g of games) expect(g.won, `${g.seat} ${g.seed}: winners ${g.winners.join(', ')}`).toBe(true);
  }, 120_000);
});
