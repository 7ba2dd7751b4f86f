// The built-in general against a player choosing uniformly among the legal
// actions (issue 22 item 7): it should usually win on either side. A few
// seeded referee games here (fast); the 100-game rates per side are the bots
// bench's (tests/atkm/bot-vs-random.ts).
import { describe, expect, it } from 'vitest';
import { machine } from '../../src/games/atkm/flow.ts';
import { believedGap, refereeGap } from '../../src/games/atkm/bot.ts';
import { botVsRandom } from './bot-vs-random.ts';
import { blank, dice, play, put } from './helpers.ts';

describe('ATKM bot against random play (our reading of referee mode, data/atkm/README.md)', () => {
  it('in referee mode the bot wins at least 17 of 20 seeded games on each side', () => {
    for (const side of ['red', 'black'] as const) {
      const r = botVsRandom('referee', side, 20, 'test');
      expect(r.wins, `${side}: ${r.wins}/20`).toBeGreaterThanOrEqual(17);
    }
  });

  it('on the tabletop the bot wins a seeded game on each side', () => {
    for (const side of ['red', 'black'] as const) expect(botVsRandom('tabletop', side, 1, 'test').wins).toBe(1);
  });

  it("a fire reported by the other side brings the believed gap within the firer's range (Fire Ranges, p.17)", () => {
    const s = blank();
    const foot = put(s, 'red', 'infantry');
    const target = put(s, 'black', 'infantry');
    s.turn = 1;
    play(s, '5H');
    expect(believedGap(s)).toBe(refereeGap(1));
    machine.apply(s, 'red', { type: 'activate', unit: foot.id }, dice().ctx);
    machine.apply(s, 'red', { type: 'fire', target: target.id }, dice(...Array(40).fill(1)).ctx);
    expect(believedGap(s)).toBe(12);
    s.turn = 2;
    expect(believedGap(s)).toBe(6);
  });
});
