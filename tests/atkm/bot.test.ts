// The built-in general in referee mode (our reading, data/atkm/README.md): with
// no table to measure it imagines the armies 36" apart closing 6" a turn, and
// reports a fire or a charge only when the unit's range or move reaches across
// that gap (on an even chance), instead of claiming every target from turn 1.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { botChoice, refereeGap } from '../../src/games/atkm/bot.ts';
import { machine } from '../../src/games/atkm/flow.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import type { AtkmState } from '../../src/games/atkm/state.ts';
import { playout } from '../games/playout.ts';
import { blank, dice, play, put } from './helpers.ts';

/** What the bot picks for an activated unit on `turn`, over 60 draws of its chance. */
function picks(type: 'infantry' | 'cavalry' | 'foot-artillery', turn: number): Set<string> {
  const s = blank();
  const u = put(s, 'red', type, type === 'foot-artillery' ? { formation: 'deployed' } : {});
  put(s, 'black', 'infantry');
  put(s, 'black', 'foot-artillery');
  s.turn = turn;
  play(s, '5H');
  machine.apply(s, 'red', { type: 'activate', unit: u.id }, dice().ctx);
  const rand = seedrandom(`bot-${type}-${turn}`);
  const out = new Set<string>();
  for (let i = 0; i < 60; i++) out.add(botChoice(s, 'red', machine.legal(s, 'red'), () => rand.quick()).sub);
  return out;
}

describe('ATKM referee-mode bot (our reading: an imagined closing gap)', () => {
  it('the gap is 36" on turn 1 and closes 6" a turn to contact', () => {
    expect([1, 2, 4, 5, 7, 9].map(refereeGap)).toEqual([36, 30, 18, 12, 0, 0]);
  });

  it('Fire Ranges (p.17): on turn 1 infantry (12") neither fires nor charges, foot artillery (48") fires; once the gap is closed infantry fires and cavalry charges', () => {
    const early = picks('infantry', 1);
    expect(early.has('fire')).toBe(false);
    expect(early.has('charge')).toBe(false);
    expect(early.has('move')).toBe(true);
    expect(picks('foot-artillery', 1).has('fire')).toBe(true);
    expect(picks('infantry', 7).has('fire')).toBe(true);
    expect(picks('cavalry', 1).has('charge')).toBe(false);
    expect(picks('cavalry', 7).has('charge')).toBe(true);
  });

  it('whole referee battles: no infantry fires while the gap is wider than 12" (turns 1-4), and the battles still end', () => {
    let infantryFire = 0;
    for (let i = 0; i < 6; i++) {
      let early = 0;
      let seen: unknown = null;
      const { env } = playout(atkm, { scenario: 'open-field', army: i % 2 ? 'roll' : 'standard', units: 6 }, `ref-bot-${i}`, {
        each(e) {
          const s = e.game as AtkmState;
          // Each fire sets a new last action: count the infantry's, with the turn it came in.
          if (s.last && s.last !== seen && s.last.kind === 'fire' && s.units[s.last.unit!]?.type === 'infantry') {
            infantryFire++;
            if (s.turn <= 4) early++;
          }
          seen = s.last;
        },
      });
      expect(early).toBe(0);
      expect(atkm.result(env.game).status).toBe('over');
    }
    expect(infantryFire).toBeGreaterThan(0);
  });
});

describe('ATKM bot: Banking Cards (optional rule, p.14)', () => {
  /** Red with three units, 3 command points and `left` cards still in the deck, on `card`. */
  function table(card: string, left: number, banked: string[] = []): AtkmState {
    const s = blank({ banking: true });
    put(s, 'red', 'infantry');
    put(s, 'red', 'infantry', { color: 'yellow' });
    put(s, 'red', 'cavalry');
    put(s, 'black', 'infantry');
    s.sides.red.cp = 3;
    s.sides.red.banked = [...banked];
    s.sides.red.bankedCount = banked.length;
    s.deck.draw = Array.from({ length: left }, (_, i) => `${(i % 8) + 3}C`);
    play(s, card);
    return s;
  }
  const pick = (s: AtkmState, r: number) => botChoice(s, 'red', machine.legal(s, 'red'), () => r);

  it('early in the turn it banks a strong card (Queen, Ace, Jack) on an even chance, never a plain one', () => {
    expect(pick(table('QH', 20), 0.2).sub).toBe('bank');
    expect(pick(table('AH', 20), 0.2).sub).toBe('bank');
    expect(pick(table('QH', 20), 0.8).sub).not.toBe('bank');
    expect(pick(table('7H', 20), 0.2).sub).not.toBe('bank');
    // Late in the turn, or with a single command point left, it keeps the card.
    expect(pick(table('QH', 8), 0.2).sub).not.toBe('bank');
    const poor = table('QH', 20);
    poor.sides.red.cp = 1;
    expect(pick(poor, 0.2).sub).not.toBe('bank');
  });

  it('it plays the banked card in place of a weaker one from mid-turn, and on any card no stronger before it would be wasted', () => {
    const mid = pick(table('6H', 10, ['QH']), 0.9);
    expect(mid.action).toEqual({ type: 'banked', card: 'QH' });
    // Early, on an even chance only.
    expect(pick(table('6H', 20, ['QH']), 0.9).sub).not.toBe('banked');
    // A stronger card drawn: the banked Queen waits, unless the deck is nearly out and the card no stronger.
    expect(pick(table('AH', 10, ['QH']), 0.1).sub).not.toBe('banked');
    expect(pick(table('JH', 3, ['QH']), 0.9).action).toEqual({ type: 'banked', card: 'QH' });
  });

  it('in whole bot battles with the option it banks cards and plays them, and the battles end', () => {
    let banks = 0;
    let plays = 0;
    for (let i = 0; i < 4; i++) {
      const mode = i === 3 ? 'tabletop' : 'referee';
      const { env, log } = playout(atkm, { mode, scenario: 'open-field', banking: true, units: 6 }, `bank-bot-${i}`);
      banks += log.filter((e) => e.action.type === 'bank').length;
      plays += log.filter((e) => e.action.type === 'banked').length;
      expect(atkm.result(env.game).status).toBe('over');
    }
    expect(banks).toBeGreaterThan(0);
    expect(plays).toBeGreaterThan(0);
  });
});
