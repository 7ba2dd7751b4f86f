// Casualties and breaking points (p.26), Special Casualties (p.27, optional),
// Army Collapse (p.28), scenario victory and the end of the turn.
import { describe, expect, it } from 'vitest';
import { endingOf } from '../../src/engine/procstack.ts';
import { checkBreak, takeCasualties, unitLost } from '../../src/games/atkm/casualties.ts';
import { machine } from '../../src/games/atkm/flow.ts';
import { resolveFire } from '../../src/games/atkm/fire.ts';
import { attackFacts } from '../../src/games/atkm/facts.ts';
import { endOfTurnResult } from '../../src/games/atkm/turn.ts';
import { blank, dice, put, top } from './helpers.ts';

describe('ATKM Army Collapse (p.28)', () => {
  it('Mike starts with 10 units; at 5 he rolls two yellow dice, 2 and 6, and fights on; at the next loss 3 and 4: his army flees', () => {
    const s = blank();
    const units = Array.from({ length: 10 }, () => put(s, 'red', 'infantry'));
    put(s, 'black', 'infantry');
    const t = dice(2, 6, 3, 4);
    for (let i = 0; i < 4; i++) {
      units[i]!.gone = 'broken';
      unitLost(s, units[i]!, t.ctx);
    }
    expect(t.events.filter((e) => e.kind === 'roll')).toHaveLength(0); // 6 of 10 left: no roll yet
    units[4]!.gone = 'broken';
    unitLost(s, units[4]!, t.ctx);
    expect(endingOf(s.stack)).toBeNull();
    expect(t.text()).toMatch(/down to 5 of 10 units: collapse roll 2 yellow dice \[2, 6\] = 1 success\. The army fights on/);
    units[5]!.gone = 'broken';
    unitLost(s, units[5]!, t.ctx);
    expect(endingOf(s.stack)).toMatchObject({ winners: ['black'], draw: false });
    expect(endingOf(s.stack)!.summary).toMatch(/collapses .* 3, 4: no 5\+/);
  });

  it("an odd number rounds down: 7 units roll at 3; the best general's rating gives the yellow dice", () => {
    const s = blank({ generals: 2 });
    s.generals.find((g) => g.id === 'red-g2')!.rating = 3;
    const units = Array.from({ length: 7 }, () => put(s, 'red', 'infantry'));
    put(s, 'black', 'infantry');
    const t = dice(1, 1, 5);
    for (let i = 0; i < 4; i++) {
      units[i]!.gone = 'broken';
      unitLost(s, units[i]!, t.ctx);
    }
    expect(t.events.filter((e) => e.kind === 'roll')).toHaveLength(3);
    expect(endingOf(s.stack)).toBeNull();
  });
});

describe('ATKM Casualties: breaking points (p.26)', () => {
  it('infantry breaks at 4, cavalry and skirmishers at 2, artillery at 1', () => {
    const s = blank();
    for (const [type, at] of [
      ['infantry', 4],
      ['cavalry', 2],
      ['skirmisher', 2],
      ['foot-artillery', 1],
    ] as const) {
      const u = put(s, 'red', type, { figures: at + 1 });
      put(s, 'red', 'infantry');
      put(s, 'red', 'infantry');
      expect(checkBreak(s, u, dice().ctx)).toBe(false);
      u.figures = at;
      expect(checkBreak(s, u, dice(6, 6, 6).ctx)).toBe(true);
      expect(u.gone).toBe('broken');
    }
  });
});

describe('ATKM Special Casualties (p.27, optional rule)', () => {
  it("Eric's six green successes (4, 5, 6, 6, 6, 6) against Mike's one (5): a 6 is cancelled, 4, 5, 6, 6, 6 remain — the officer and four soldiers", () => {
    const s = blank();
    const eric = put(s, 'black', 'infantry', { figures: 6 });
    const mike = put(s, 'red', 'infantry', { figures: 12, color: 'yellow' });
    put(s, 'red', 'infantry');
    const t = dice(4, 5, 6, 6, 6, 6, /* Mike */ 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    const r = resolveFire(s, eric, mike, attackFacts({ type: 'fire' }, 't'), t.ctx);
    expect(r.casualties).toBe(5);
    expect(mike.officer).toBe(false);
    expect(mike.figures).toBe(12 - 4);
    // A leaderless unit turns red.
    expect(mike.color).toBe('red');
  });

  it('melee: 6, 6, 6 inflicted take the officer and two soldiers; 5, 5, 5, 6 take the ensign and three soldiers', () => {
    const s = blank();
    const a = put(s, 'red', 'infantry');
    const b = put(s, 'black', 'infantry');
    takeCasualties(s, a, 3, [6, 6, 6], dice().ctx, true);
    expect([a.officer, a.ensign, a.figures]).toEqual([false, true, 10]);
    takeCasualties(s, b, 4, [6, 5, 5, 5], dice().ctx, true);
    expect([b.officer, b.ensign, b.figures]).toEqual([true, false, 9]);
    // Already lost: an ordinary soldier instead.
    takeCasualties(s, a, 3, [6, 6, 6], dice().ctx, true);
    expect(a.figures).toBe(7);
  });

  it('without the optional rule every success is a soldier', () => {
    const s = blank({ special_casualties: false });
    const a = put(s, 'red', 'infantry');
    takeCasualties(s, a, 3, [6, 6, 6], dice().ctx, true);
    expect([a.officer, a.figures]).toEqual([true, 9]);
  });

  it('FAQ: a unit without ensign starts the next turn yellow at best, a leaderless one red; a general in contact restores the officer first, one a turn', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { officer: false, ensign: false, color: 'red' });
    put(s, 'black', 'infantry');
    s.stack.frames = [
      { proc: 'turn', step: 'end' },
      { proc: 'endTurn', step: 'go', ready: [], used: [], held: null },
    ];
    const t = dice();
    expect(machine.legal(s, 'red').filter((l) => l.sub === 'restore')).toHaveLength(1);
    machine.apply(s, 'red', { type: 'restore', unit: u.id, general: 'red-g1' }, t.ctx);
    expect([u.officer, u.ensign]).toEqual([true, false]);
    expect(machine.legal(s, 'red').filter((l) => l.sub === 'restore')).toHaveLength(0);
    machine.apply(s, 'red', { type: 'ready' }, t.ctx);
    t.force(1, 1, 1, 1);
    machine.apply(s, 'black', { type: 'ready' }, t.ctx);
    expect(s.turn).toBe(2);
    expect(u.color).toBe('yellow');
  });
});

describe('ATKM other victory conditions (p.28)', () => {
  it('hold a place 3 full turns (river crossing): the holder reports at each end of turn', () => {
    const s = blank({ scenario: 'river-crossing' });
    put(s, 'red', 'infantry');
    put(s, 'black', 'infantry');
    for (let i = 0; i < 3; i++) {
      s.objective.holder = 'red';
      expect(endingOf(s.stack)).toBeNull();
      endOfTurnResult(s, dice().ctx);
    }
    expect(endingOf(s.stack)).toMatchObject({ winners: ['red'] });
  });

  it('dislodge by turn 8 (village): the defender wins at nightfall, the attacker as soon as it holds the village', () => {
    const s = blank({ scenario: 'village' });
    put(s, 'red', 'infantry');
    put(s, 'black', 'infantry');
    s.turn = 8;
    endOfTurnResult(s, dice().ctx);
    expect(endingOf(s.stack)).toMatchObject({ winners: ['black'] });
    const s2 = blank({ scenario: 'village' });
    put(s2, 'red', 'infantry');
    put(s2, 'black', 'infantry');
    s2.stack.frames = [
      { proc: 'turn', step: 'end' },
      { proc: 'endTurn', step: 'go', ready: [], used: [], held: null },
    ];
    expect(machine.legal(s2, 'red').map((l) => l.args.held)).toEqual(['yes', 'no']);
    machine.apply(s2, 'red', { type: 'ready', held: 'yes' }, dice().ctx);
    machine.apply(s2, 'black', { type: 'ready' }, dice().ctx);
    expect(endingOf(s2.stack)).toMatchObject({ winners: ['red'] });
    expect(top(s2).proc).toBe('turn');
  });
});
