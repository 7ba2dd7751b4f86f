// The AI nations use the order sheet's whole vocabulary (Order of Battle /
// Turn Sequence; Amphibious Attacks; Mercenary Loyalty; Diplomacy): over 20
// seeded seasons on the small map (4 campaigns of 4 AI nations, 5 seasons
// each) most kinds of order are written at least 10 times, the assaults
// (Amphibious Attacks; a field army attacked where the armies that can strike
// outweigh it), sieges (Siege Battle) and bribes (Mercenary Loyalty) among them.
import { describe, expect, it } from 'vitest';
import { aiOrders, ORDER_KINDS, type OrderKind } from './ai-orders.ts';

describe('WK4 AI nations: the whole order vocabulary over 20 seeded seasons', () => {
  it('sieges, assaults and bribes when the odds favour them, and the normal orders', () => {
    const total = Object.fromEntries(ORDER_KINDS.map((k) => [k, 0])) as Record<OrderKind, number>;
    for (let i = 1; i <= 4; i++) {
      const c = aiOrders(`wk4-orders-${i}`, 5, 4);
      for (const k of ORDER_KINDS) total[k] += c[k];
    }
    // Amphibious Attacks and field assaults; Siege Battle; Mercenary Loyalty (bribes and matches).
    for (const k of ['assault', 'siege', 'bribe', 'match'] as const) expect(total[k], k).toBeGreaterThanOrEqual(10);
    for (const k of ['move', 'sail', 'deploy', 'buy', 'militia', 'landsknekt', 'war', 'ally'] as const)
      expect(total[k], k).toBeGreaterThanOrEqual(10);
    // River moves and leaving an alliance are not given at all here.
  }, 60_000);
});
