import { describe, expect, it } from 'vitest';
import { resultText } from '../../commands/present.ts';
import { duel } from '../fixtures/duel.ts';

// The closing post names the winners, says "No winner." when a game ends with
// none (every Rifle and Axe settlement lost), and "Draw." on a draw.
describe('game-over post (issue 2 §4)', () => {
  const row = { seed: 's', seedHash: 'ab'.repeat(32) } as any;
  const env = (_r: unknown) => ({ game: {}, options: { target: 20 } }) as any;
  const mod = (r: unknown) => ({ ...duel, result: () => r }) as any;

  it('names the winners by seat name', () => {
    const t = resultText(
      mod({ status: 'over', winners: ['b'], draw: false, scores: { a: 3, b: 20 }, summary: 'B banked 20.' }),
      env(0),
      row,
    );
    expect(t).toMatch(/Winner: Player B\. B banked 20\./);
  });
  it('says "No winner." rather than an empty name when nobody won', () => {
    const t = resultText(
      mod({ status: 'over', winners: [], draw: false, scores: { a: 0, b: 0 }, summary: 'No settlement survived.' }),
      env(0),
      row,
    );
    expect(t).toMatch(/Game over\.\*\* No winner\. No settlement survived\./);
    expect(t).not.toMatch(/Winner: \./);
  });
});
