// Staging Fire Attacks (pp.15-20) and General Combat Situations (pp.24-28):
// the text's worked examples under forced dice, and the dice each side rolls.
import { describe, expect, it } from 'vitest';
import { attackFacts } from '../../src/games/atkm/facts.ts';
import { firePlan, resolveFire } from '../../src/games/atkm/fire.ts';
import { blank, dice, put } from './helpers.ts';

const facts = (a: Record<string, string> = {}) => attackFacts({ type: 'fire', ...a }, 'test');

describe('ATKM Staging Fire Attacks: the worked examples (p.18)', () => {
  it("Mike's 12 green infantry fire on Eric's 8 yellow infantry: 6 successes to 3, Eric suffers 3 casualties and drops to red", () => {
    const s = blank();
    const mike = put(s, 'red', 'infantry');
    const eric = put(s, 'black', 'infantry', { figures: 8, color: 'yellow' });
    const p = firePlan(mike, eric, facts());
    expect(p).toMatchObject({ attDice: 12, attColor: 'green', defDice: 8, defColor: 'yellow' });
    const t = dice(1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, /* Eric */ 1, 2, 3, 3, 4, 5, 5, 5);
    const r = resolveFire(s, mike, eric, facts(), t.ctx);
    expect(r.att.successes).toBe(6);
    expect(r.def.successes).toBe(3);
    expect(r.casualties).toBe(3);
    expect(eric.figures).toBe(5);
    expect(eric.color).toBe('red');
    expect(mike.color).toBe('green'); // the attacker downgrades for its activation, not for firing
    expect(t.left()).toBe(0);
  });

  it("Eric's yellow artillery (4 gunners) fires on Mike's red cavalry 27\" away: 8 yellow dice to 6 red, 1 success to 2, no effect", () => {
    const s = blank();
    const eric = put(s, 'black', 'foot-artillery', { color: 'yellow' });
    const mike = put(s, 'red', 'cavalry', { color: 'red' });
    expect(firePlan(eric, mike, facts())).toMatchObject({ attDice: 8, attColor: 'yellow', defDice: 6, defColor: 'red' });
    const t = dice(1, 1, 1, 2, 3, 4, 4, 5, /* Mike */ 2, 3, 3, 4, 6, 6);
    const r = resolveFire(s, eric, mike, facts(), t.ctx);
    expect([r.att.successes, r.def.successes, r.casualties]).toEqual([1, 2, 0]);
    // The defender that ties or wins keeps its colour and gets no disorder (FAQ p.29).
    expect(mike.color).toBe('red');
    expect(mike.disorder).toBe(false);
    expect(mike.figures).toBe(6);
  });

  it('Close-range Artillery Attacks: within 12" the artillery gets 3/1 instead of 2/1', () => {
    const s = blank();
    const gun = put(s, 'red', 'horse-artillery', { formation: 'deployed' });
    const foot = put(s, 'black', 'infantry');
    expect(firePlan(gun, foot, facts({ close: 'true' })).attDice).toBe(12);
    expect(firePlan(gun, foot, facts()).attDice).toBe(8);
  });
});

describe('ATKM Fire and Square Formation (pp.19-20, 24)', () => {
  it('a red artillery unit with 3 gunners fires on a square: 6 green dice, not 6 red', () => {
    const s = blank();
    const gun = put(s, 'black', 'foot-artillery', { figures: 3, color: 'red', formation: 'deployed' });
    const square = put(s, 'red', 'infantry', { formation: 'square', figures: 10 });
    expect(firePlan(gun, square, facts())).toMatchObject({ attDice: 6, attColor: 'green' });
  });

  it("Eric's yellow artillery fires on Mike's normally yellow square: Eric rolls green, Mike red; a red square still rolls red", () => {
    const s = blank();
    const gun = put(s, 'black', 'foot-artillery', { color: 'yellow', formation: 'deployed' });
    const square = put(s, 'red', 'infantry', { formation: 'square', color: 'yellow' });
    expect(firePlan(gun, square, facts())).toMatchObject({ attColor: 'green', defColor: 'red' });
    square.color = 'red';
    expect(firePlan(gun, square, facts()).defColor).toBe('red');
    // Guard in square keeps its own colour; militia in square always rolls red (p.24).
    square.color = 'yellow';
    square.quality = 'elite';
    expect(firePlan(gun, square, facts()).defColor).toBe('yellow');
    square.color = 'green';
    square.quality = 'militia';
    expect(firePlan(gun, square, facts()).defColor).toBe('red');
  });
});

describe('ATKM bonus dice (pp.19, 24-25)', () => {
  it('Loose Formation versus Fire: skirmishers and deployed guns defend at +4, +6 or +8 with cover', () => {
    const s = blank();
    const foot = put(s, 'red', 'infantry');
    const rifles = put(s, 'black', 'skirmisher');
    expect(firePlan(foot, rifles, facts()).defDice).toBe(6 + 4);
    expect(firePlan(foot, rifles, facts({ cover: 'light' })).defDice).toBe(6 + 6);
    expect(firePlan(foot, rifles, facts({ cover: 'heavy' })).defDice).toBe(6 + 8);
    const gun = put(s, 'black', 'foot-artillery', { formation: 'deployed' });
    expect(firePlan(foot, gun, facts()).defDice).toBe(4 + 4);
    gun.formation = 'limbered';
    expect(firePlan(foot, gun, facts()).defDice).toBe(4);
  });

  it('Flank +2, rear +4, high ground +2 (cumulative), a mob target +4; the defender on high ground +2', () => {
    const s = blank();
    const gun = put(s, 'red', 'foot-artillery', { formation: 'deployed' });
    const horse = put(s, 'black', 'cavalry');
    expect(firePlan(gun, horse, facts({ aspect: 'flank' })).attDice).toBe(8 + 2);
    expect(firePlan(gun, horse, facts({ aspect: 'rear', high: 'attacker' })).attDice).toBe(8 + 4 + 2);
    expect(firePlan(gun, horse, facts({ high: 'defender' })).defDice).toBe(6 + 2);
    horse.mob = true;
    expect(firePlan(gun, horse, facts()).attDice).toBe(8 + 4);
  });

  it('Cover: only the most protective counts (a hedge outside a fortification is +4, not +6); a building is heavy cover', () => {
    const s = blank();
    const foot = put(s, 'red', 'infantry');
    const def = put(s, 'black', 'infantry');
    expect(firePlan(foot, def, facts({ cover: 'heavy' })).defDice).toBe(12 + 4);
    expect(firePlan(foot, def, facts({ building: 'true', cover: 'light' })).defDice).toBe(12 + 4);
  });

  it('Only the front two ranks of a column fire (4 by default; the player may report more)', () => {
    const s = blank();
    const col = put(s, 'red', 'infantry', { formation: 'column' });
    const def = put(s, 'black', 'infantry');
    expect(firePlan(col, def, facts()).attDice).toBe(4);
    expect(firePlan(col, def, facts({ firing: '6' })).attDice).toBe(6);
  });
});

describe('ATKM Elite and Militia Units (p.28): defence one colour better or worse', () => {
  it('elite red rolls yellow, guard yellow rolls green, elite green stays green; conscript green rolls yellow, mercenary yellow red, militia red stays red', () => {
    const s = blank();
    const foot = put(s, 'red', 'infantry');
    const d = put(s, 'black', 'infantry', { quality: 'elite', color: 'red' });
    const col = () => firePlan(foot, d, facts()).defColor;
    expect(col()).toBe('yellow');
    d.color = 'yellow';
    expect(col()).toBe('green');
    d.color = 'green';
    expect(col()).toBe('green');
    d.quality = 'militia';
    expect(col()).toBe('yellow');
    d.color = 'yellow';
    expect(col()).toBe('red');
    d.color = 'red';
    expect(col()).toBe('red');
  });
});

describe('ATKM colour downgrades under fire (p.12)', () => {
  it('a red unit that suffers casualties gets a disorder marker', () => {
    const s = blank();
    const foot = put(s, 'red', 'infantry');
    const def = put(s, 'black', 'infantry', { color: 'red', figures: 10 });
    const t = dice(6, 6, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* def */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    resolveFire(s, foot, def, facts(), t.ctx);
    expect(def.figures).toBe(7);
    expect(def.disorder).toBe(true);
  });
});
