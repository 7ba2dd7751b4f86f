// BATTLES: hand-computed field battles (three stages), sieges, pursuits and
// naval battles from the text's tables, with forced dice.
import { describe, expect, it } from 'vitest';
import { Dice, newDiceState } from '../../src/engine/dice.ts';
import { fight, stepsFromPct, takeLosses, unitCv, type Combatant } from '../../src/games/wk4/battle.ts';
import { unitType, type Trait } from '../../src/games/wk4/data.ts';
import { bombardmentTable, crt, pursuitTable, ratioColumn } from '../../src/games/wk4/tables.ts';
import type { Unit } from '../../src/games/wk4/state.ts';

let n = 0;
const units = (type: string, k: number, green = false): Unit[] =>
  Array.from({ length: k }, () => ({ id: `${type}${++n}`, type, steps: unitType(type).steps, green }));
const side = (trait: Trait | null, us: Unit[], extra: Partial<Combatant> = {}): Combatant => ({
  id: 'x',
  label: 'x',
  trait,
  units: us,
  spent: false,
  outOfSupply: false,
  ...extra,
});
const dice = (faces: number[]) => {
  const st = newDiceState('t');
  st.forced.push(...faces);
  return { d: new Dice(st, () => {}), st };
};
const steps = (c: Combatant) => c.units.map((u) => u.steps);

describe('WK4 battle tables read from the text', () => {
  it('Stage One: bombardment by total combat value (nine results under nine headings)', () => {
    expect(bombardmentTable.lookup(3, 6)).toBe(1); // 1-7, die 6
    expect(bombardmentTable.lookup(40, 4)).toBe(4); // 32-47, die 4
    expect(bombardmentTable.lookup(300, 6)).toBe(64); // 256+, die 6
  });
  it('Stage Three: pursuit by cavalry, flyer and warbeast combat value', () => {
    expect(pursuitTable.lookup(4, 5)).toBe(2); // 4-7, die 5
    expect(pursuitTable.lookup(20, 4)).toBe(7); // 16-31, die 4
  });
  it("Battle mechanics: ratios round in the defender's favour; cells read attacker / defender with R", () => {
    expect(ratioColumn('main', 13, 10)).toBe(4); // 1:1
    expect(ratioColumn('main', 35, 10)).toBe(2); // 3:1
    expect(ratioColumn('main', 10, 25)).toBe(6); // 1:3
    expect(ratioColumn('siege', 12, 8)).toBe(6); // 1:1 on the siege table
    expect(crt('main', 1, 7)).toMatchObject({ attackerPct: 0, defenderPct: 25, retreat: 'defender' });
    expect(crt('siege', 2, 10)).toMatchObject({ attackerPct: 20, defenderPct: 10, retreat: 'defender' });
    expect(crt('naval', 2, 12)).toMatchObject({ attackerPct: 20, defenderPct: 20, retreat: 'attacker' });
    // The naval table's "25R /1 5" read as 25R / 15.
    expect(crt('naval', 4, 10)).toMatchObject({ attackerPct: 25, defenderPct: 15, retreat: 'attacker' });
  });
  it('Battle mechanics: step losses are a percentage of the other side\'s CV, minimum 1 unless "-"', () => {
    expect(stepsFromPct(5, 4)).toBe(1);
    expect(stepsFromPct(0, 100)).toBe(0);
    expect(stepsFromPct(25, 13)).toBe(3);
  });
});

describe('WK4 Field Battles (three stages) with forced dice', () => {
  it('bombardment both ways, main battle at 4:1 after +3 net, cavalry pursuit', () => {
    // Attacker (Strategist): 3 infantry, 1 cavalry, 1 artillery = 6+4+3 = 13 CV.
    const A = side('strategist', [...units('infantry', 3), ...units('cavalry', 1), ...units('artillery', 1)]);
    // Defender: 4 infantry, 1 archers = 10 CV.
    const D = side('plodder', [...units('infantry', 4), ...units('archers', 1)]);
    const { d } = dice([6, 3, 3, 4, 5]);
    const out = fight({ kind: 'field', attacker: [A], defender: [D], rough: false, siegeRound: 0 }, d);
    // Stage One: artillery CV 3 (1-7) rolls 6 → 1 step; archers CV 2 rolls 3 → 1 step.
    expect(out.defender.bombarded).toBe(1);
    expect(out.attacker.bombarded).toBe(1);
    // Stage Two: 13:10 = 1:1. Attacker +4 morale (16/5 rounded up) +1 Strategist +1 artillery +1 cavalry = 7;
    // defender +3 morale +1 skirmishers = 4; net +3: three columns left → 4:1; 2d6 3+4 = 7 → "- / 25R".
    expect(out.attacker.cv).toBe(13);
    expect(out.defender.cv).toBe(10);
    expect(out.columnName).toBe('4:1');
    expect(out.result.cell).toBe('- / 25R');
    expect(out.attacker.battle).toBe(0);
    expect(out.defender.battle).toBe(3); // 25 % of 13 = 3.25 → 3
    expect(out.winner).toBe('attacker');
    // Stage Three: cavalry CV 4 (4-7) rolls 5 → 2 more steps.
    expect(out.defender.pursuit).toBe(2);
    expect(steps(D)).toEqual([2, 2, 3, 3, 3]);
    expect(steps(A)).toEqual([3, 4, 4, 3, 2]);
  });

  it('Stage Two: mountain or forest shifts one column right; green troops -4; out of supply -2; spent -2', () => {
    const A = side(null, units('infantry', 6, true), { spent: true, outOfSupply: true });
    const D = side(null, units('infantry', 3));
    const { d } = dice([2, 2]);
    const out = fight({ kind: 'field', attacker: [A], defender: [D], rough: true, siegeRound: 0 }, d);
    // 12:6 = 2:1 (index 3); attacker 3 morale -2 spent -2 supply -4 green = -5, defender 3: net -8; rough +1 → clamped to 1:5.
    expect(out.attacker.modifiers.map((m) => m.label)).toEqual(['army morale', 'spent troops', 'out of supply', 'green troops']);
    expect(out.columnName).toBe('1:5');
    expect(out.result.cell).toBe('20R / -'); // 2d6 2+2 = 4
    expect(out.attacker.battle).toBe(1); // 20 % of 6 = 1.2 → 1
    expect(out.defender.battle).toBe(0);
    expect(out.winner).toBe('defender');
    // Unit Experience Rating: green units that fought are veterans now.
    expect(A.units.every((u) => !u.green)).toBe(true);
  });

  it('LORDS: Berserker doubles the army CV, is -1 and takes double losses; Valorous +10; Horseman +1 per cavalry', () => {
    const cav = units('cavalry', 2);
    expect(unitCv(cav[0], 'horseman')).toBe(5);
    const B = side('berserker', units('infantry', 3));
    const D = side('valorous', units('infantry', 2));
    const { d } = dice([4, 4]);
    const out = fight({ kind: 'field', attacker: [B], defender: [D], rough: false, siegeRound: 0 }, d);
    expect(out.attacker.cv).toBe(12); // 6 x 2
    expect(out.defender.cv).toBe(14); // 4 + 10
    // 12:14 → 1:2; attacker 3 morale -1 Berserker = 2, defender 3: net -1 → 1:3; 2d6 8 → "20R / -".
    expect(out.columnName).toBe('1:3');
    expect(out.result.cell).toBe('20R / -');
    expect(out.attacker.battle).toBe(3); // 20 % of 14 = 2.8 → 3, taken twice: 6 steps
    expect(B.units.reduce((a, u) => a + u.steps, 0)).toBe(12 - 6);
  });
});

describe('WK4 Siege Battle with forced dice', () => {
  it('second round: one column left; engineer; the beaten defender evacuates (5 % x d10)', () => {
    const A = side('engineer', units('heavy', 4)); // 12 CV
    const D = side(null, units('infantry', 2)); // 4 CV
    const M = side(null, [
      { id: 'm1', type: 'militia', steps: 1, green: false },
      { id: 'm2', type: 'militia', steps: 1, green: false },
    ]); // City Militia: CV 2, 1 step, morale 1 each
    const { d } = dice([5, 5, 4]);
    const out = fight({ kind: 'siege', attacker: [A], defender: [D, M], rough: false, siegeRound: 1 }, d);
    // 12:8 = 1:1 (siege index 6); attacker 4 morale +1 Engineer = 5; defender morale (3+3+1+1)/4 = 2; net +3;
    // second round: 1 more left → 5:1; 2d6 10 → "20 / 10R".
    expect(out.defender.cv).toBe(8);
    expect(out.columnName).toBe('5:1');
    expect(out.result.cell).toBe('20 / 10R');
    expect(out.attacker.battle).toBe(2); // 20 % of 8 = 1.6 → 2
    expect(out.defender.battle).toBe(1); // 10 % of 12 = 1.2 → 1
    // Evacuation: d10 4 → 20 % of the 9 steps left = 1.8 → 2.
    expect(out.defender.evacuation).toBe(2);
    expect(steps(D)).toEqual([2, 3]);
    expect(steps(A)).toEqual([3, 3, 4, 4]);
  });
});

describe('WK4 Naval Battle with forced dice', () => {
  it('Navigator against a Fop: 8:6 at 1:1, net +2 → 3:1; 2d6 12 → "20R / 20": the attacker withdraws', () => {
    const A = side('navigator', [...units('warship', 2), ...units('transport', 1)]);
    const D = side('fop', [...units('warship', 1), ...units('galley', 1)]);
    const { d } = dice([6, 6]);
    const out = fight({ kind: 'naval', attacker: [A], defender: [D], rough: false, siegeRound: 0 }, d);
    expect(out.attacker.cv).toBe(8);
    expect(out.defender.cv).toBe(6);
    expect(out.columnName).toBe('3:1');
    expect(out.result.cell).toBe('20R / 20');
    expect(out.winner).toBe('defender');
    expect(out.attacker.battle).toBe(1); // 20 % of 6 = 1.2
    expect(out.defender.battle).toBe(2); // 20 % of 8 = 1.6
    expect(steps(D)).toEqual([1, 2]);
  });

  it('Step losses: the unit with most steps first; a unit at 0 steps is eliminated', () => {
    const S = side(null, [...units('galley', 1), ...units('transport', 1)]);
    const dead = takeLosses([S], 3);
    expect(dead.length).toBe(2);
    expect(S.units.length).toBe(0);
  });
});
