// Ratings with a team side (issue 13: openskill for two-player and
// multi-player games and teams): a side held by two people is one team.
import { describe, expect, it } from 'vitest';
import { harness } from '../app/harness.ts';
import { sha256 } from '../../src/engine/runner.ts';
import { ALL_SIDES, Ratings } from '../../src/tournament/ratings.ts';

describe('ratings of a team side (issue 13: ratings, teams)', () => {
  it('two people on side a beat one on side b: each member moves as one team, by hand-checked Plackett-Luce figures', () => {
    const h = harness({ seed: 'teams' });
    const store = h.svc.store;
    const row = store.createGame({
      guildId: 'g1',
      channelId: 'c9',
      system: 'duel',
      options: {},
      seed: 's',
      seedHash: sha256('s'),
      createdBy: 'mod',
    });
    store.setSeat(row.id, 'a', 'ann', 'ann', true);
    store.setSeat(row.id, 'a', 'ben', 'ben', true);
    store.setSeat(row.id, 'b', 'cat', 'cat', true);
    store.finish(row.id, 'over', JSON.stringify({ status: 'over', winners: ['a'], draw: false, scores: {}, summary: 'a wins' }));
    const ratings = new Ratings(store);
    expect(ratings.sync()).toBe(1);
    // Teams of newcomers (mu 25, σ² = 69.44, β = 25/6): c = sqrt(2·69.44 + 69.44 + 2β²) = 15.590; the stronger team's
    // chance p = 1 / (1 + e^(−25/c)) = 0.8325; each member moves by σ²/c · (1 − p) = 4.4544 · 0.1675 = 0.7461.
    for (const u of ['ann', 'ben']) expect(ratings.get('g1', 'duel', ALL_SIDES, u)!.mu).toBeCloseTo(25.7461, 3);
    expect(ratings.get('g1', 'duel', ALL_SIDES, 'cat')!.mu).toBeCloseTo(24.2539, 3);
    expect(ratings.get('g1', 'duel', 'a', 'ann')!.mu).toBeCloseTo(25.7461, 3);
    // Win rates count the side once, not once per member.
    expect(ratings.winRates('g1', 'duel').find((w) => w.side === 'a')).toEqual({ side: 'a', games: 1, wins: 1, draws: 0 });
  });
});
