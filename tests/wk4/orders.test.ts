// Orders: each is checked by the one check that also explains a refusal,
// naming the rule heading; a pasted sheet is checked line by line.
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import { checkOrder, type Order } from '../../src/games/wk4/orders.ts';
import { readSheet } from '../../src/games/wk4/sheet.ts';
import { orderChoices } from '../../src/games/wk4/choices.ts';
import { fresh } from './helpers.ts';

const refusal = (f: () => void): RuleError => {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('accepted');
};

describe('WK4 orders checked by rule', () => {
  it('WK4 Armies and Fleets: the slowest battle group sets the movement allowance', () => {
    const s = fresh();
    // alm1 has artillery (1 hex a season).
    const e = refusal(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm1', path: ['7,7', '8,6'], attack: false }));
    expect(e.rule).toBe('WK4 Armies and Fleets');
    expect(e.message).toMatch(/at most 1 hex/);
    expect(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm1', path: ['7,7'], attack: false })).not.toThrow();
  });

  it('WK4 Movement and Sea Movement: hex by hex, and never into the sea', () => {
    const s = fresh();
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm3', path: ['6,5'], attack: false })).rule).toBe('WK4 Movement');
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm2', path: ['3,11'], attack: false })).rule).toBe(
      'WK4 Sea Movement',
    );
  });

  it('WK4 Land Movement Side Limits: forest takes 3 battle groups a season from one player', () => {
    const s = fresh();
    const e = refusal(() => checkOrder(s, 'capetan', { k: 'move', force: 'cap4', path: ['6,1'], attack: false }));
    expect(e.rule).toBe('WK4 Land Movement Side Limits');
    expect(e.message).toMatch(/takes 3 battle groups a season by forest; your orders would move 4/);
    // The same side by road: no limit (5,2 → 5,1 is a road side).
    expect(() => checkOrder(s, 'capetan', { k: 'move', force: 'cap2', path: ['5,1'], attack: false })).not.toThrow();
  });

  it("WK4 Diplomacy: another nation's territory needs war (declared now or before) or alliance", () => {
    const s = fresh();
    s.forces.alm3.hex = '5,4';
    const move: Order = { k: 'move', force: 'alm3', path: ['5,3'], attack: false };
    const e = refusal(() => checkOrder(s, 'almagora', move));
    expect(e.rule).toBe('WK4 Diplomacy');
    expect(() => checkOrder(s, 'almagora', move, [{ k: 'war', nation: 'capetan' }])).not.toThrow();
  });

  it('WK4 Reinforcements, Action Points, Money, The City Militia', () => {
    const s = fresh();
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'buy', type: 'infantry', n: 1 })).rule).toBe('WK4 Reinforcements');
    s.season = 'winter';
    s.nations.almagora.manpower = 2;
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'buy', type: 'infantry', n: 3 })).rule).toBe('WK4 Manpower');
    expect(() => checkOrder(s, 'almagora', { k: 'buy', type: 'infantry', n: 2 })).not.toThrow();
    s.nations.almagora.ap = 0;
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm3', path: ['6,7'], attack: false })).rule).toBe(
      'WK4 Action Points',
    );
    s.nations.almagora.treasury = 0;
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'militia', city: 'almagora' })).rule).toBe('WK4 Money');
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'militia', city: 'valois' })).rule).toBe('WK4 The City Militia');
  });

  it('WK4 Rivers and Deployment: no river moves in Winter; reserves only at home', () => {
    const s = fresh();
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'deploy', type: 'infantry', n: 1, at: '7,7', lord: 'alm5' })).rule).toBe(
      'WK4 Deployment of Land Forces',
    );
    expect(() => checkOrder(s, 'almagora', { k: 'deploy', type: 'infantry', n: 2, at: '6,8', lord: 'alm5' })).not.toThrow();
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'deploy', type: 'infantry', n: 3, at: '6,8', lord: 'alm5' })).rule).toBe(
      'WK4 Reinforcements',
    );
    s.season = 'winter';
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'river', force: 'alm3', to: '6,7' })).rule).toBe('WK4 Rivers');
  });
});

describe('WK4 THE PRIME DIRECTIVE AND THE FOG OF WAR: checks and lists never tell where unseen enemies stand', () => {
  it('an unseen enemy army is not a target: "attack" is refused as for an empty hex, "move" is listed as a move', () => {
    const s = fresh();
    s.wars.push('almagora|capetan');
    s.forces.cap4.hex = '8,6'; // two hexes from every Almagoran force: out of sight
    const attack: Order = { k: 'move', force: 'alm3', path: ['7,7', '8,6'], attack: true };
    expect(refusal(() => checkOrder(s, 'almagora', attack)).message).toMatch(/holds no enemy you know of/);
    const listed = orderChoices(s, 'almagora').filter((c) => c.args.army === 'alm3' && c.args.to === '8,6');
    expect(listed.map((c) => c.sub)).toEqual(['move']);
    // In sight (next to an Almagoran army), the same hex is a target.
    s.forces.cap4.hex = '7,7';
    expect(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm3', path: ['7,7'], attack: true })).not.toThrow();
    expect(orderChoices(s, 'almagora').find((c) => c.args.army === 'alm3' && c.args.to === '7,7')?.sub).toBe('attack');
  });
});

describe('WK4 Order sheet: every line checked, refused lines name their rule', () => {
  it('accepts good lines, refuses the rest with the rule, and later lines count the earlier ones', () => {
    const s = fresh();
    const lines = readSheet(
      s,
      'almagora',
      ['# spring orders', 'move alm3 to 6,7', 'move alm1 7,7 8,6', 'buy 2 infantry', 'war capetan', 'militia Almagora', 'dance alm2'].join(
        '\n',
      ),
    );
    expect(lines.map((l) => !!l.order)).toEqual([true, false, false, true, true, false]);
    expect(lines[1].error).toMatch(/rule WK4 Armies and Fleets/);
    expect(lines[2].error).toMatch(/rule WK4 Reinforcements/);
    expect(lines[5].error).toMatch(/rule WK4 Order sheet/);
  });
});
