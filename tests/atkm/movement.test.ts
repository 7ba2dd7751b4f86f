// Moving Your Troops and Moving Across Terrain (pp.14-15): the distance a
// referee-mode player reports is checked against the chart.
import { describe, expect, it } from 'vitest';
import { machine } from '../../src/games/atkm/flow.ts';
import { allowance, checkMove } from '../../src/games/atkm/movement.ts';
import { blank, dice, play, put } from './helpers.ts';

const f = (o: Partial<{ inches: number; terrain: boolean; backward: boolean; road: boolean }> = {}) => ({
  inches: null,
  terrain: false,
  backward: false,
  road: false,
  ...o,
});

describe('ATKM Moving Your Troops (pp.14-15)', () => {
  it('the chart: infantry 6 in line, 10 in column; skirmishers 12; foot artillery 8/4, horse 16/8', () => {
    const s = blank();
    expect(allowance(put(s, 'red', 'infantry'), f(), false).inches).toBe(6);
    expect(allowance(put(s, 'red', 'infantry', { formation: 'column' }), f(), false).inches).toBe(10);
    expect(allowance(put(s, 'red', 'skirmisher'), f(), false).inches).toBe(12);
    expect(allowance(put(s, 'red', 'foot-artillery', { formation: 'limbered' }), f(), false).inches).toBe(8);
    expect(allowance(put(s, 'red', 'foot-artillery', { formation: 'deployed' }), f(), false).inches).toBe(4);
    expect(allowance(put(s, 'red', 'horse-artillery', { formation: 'limbered' }), f(), false).inches).toBe(16);
  });

  it('an infantry column meeting a fence moves 5 instead of 10; a cavalry line touching a forest and a hill still moves 8', () => {
    const s = blank();
    const col = put(s, 'red', 'infantry', { formation: 'column' });
    expect(allowance(col, f({ terrain: true }), false).inches).toBe(5);
    expect(() => checkMove(col, f({ terrain: true, inches: 6 }), false)).toThrow(/at most 5"/);
    const cav = put(s, 'red', 'cavalry');
    expect(allowance(cav, f({ terrain: true, backward: true }), false).inches).toBe(8);
  });

  it('a road in column: infantry 15, cavalry 30; only in column', () => {
    const s = blank();
    expect(allowance(put(s, 'red', 'infantry', { formation: 'column' }), f({ road: true }), false).inches).toBe(15);
    expect(allowance(put(s, 'red', 'cavalry', { formation: 'column' }), f({ road: true }), false).inches).toBe(30);
    expect(() => allowance(put(s, 'red', 'infantry'), f({ road: true }), false)).toThrow(/column/);
  });

  it('squares and mobs do not move; a formation change comes after movement, one per activation', () => {
    const s = blank();
    expect(() => checkMove(put(s, 'red', 'infantry', { formation: 'square' }), f(), false)).toThrow(/immobile/);
    const u = put(s, 'red', 'infantry');
    put(s, 'black', 'infantry');
    play(s, '6H');
    const t = dice();
    machine.apply(s, 'red', { type: 'activate', unit: u.id }, t.ctx);
    machine.apply(s, 'red', { type: 'form', formation: 'column' }, t.ctx);
    expect(() => machine.apply(s, 'red', { type: 'move', inches: '4' }, t.ctx)).toThrow(/formation change comes after movement/);
    expect(() => machine.apply(s, 'red', { type: 'form', formation: 'line' }, t.ctx)).toThrow(/Only one formation change/);
  });

  it('FAQ: artillery in column may move, deploy and fire in one activation', () => {
    const s = blank();
    const gun = put(s, 'red', 'foot-artillery', { formation: 'limbered' });
    const foe = put(s, 'black', 'infantry');
    put(s, 'black', 'infantry');
    play(s, '6H');
    const t = dice(...Array(8).fill(1), ...Array(12).fill(1));
    machine.apply(s, 'red', { type: 'activate', unit: gun.id }, t.ctx);
    expect(() => machine.apply(s, 'red', { type: 'fire', target: foe.id }, t.ctx)).toThrow(/deployed/);
    machine.apply(s, 'red', { type: 'move', inches: '8' }, t.ctx);
    machine.apply(s, 'red', { type: 'form', formation: 'deployed' }, t.ctx);
    machine.apply(s, 'red', { type: 'fire', target: foe.id }, t.ctx);
    expect(t.left()).toBe(0);
    expect(gun.color).toBe('yellow'); // nothing left to do: the activation ended by itself
  });

  it("a mob's next activation only reforms it", () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { mob: true });
    play(s, '6H');
    machine.apply(s, 'red', { type: 'activate', unit: u.id }, dice().ctx);
    expect(machine.legal(s, 'red').map((l) => l.sub)).toEqual(['form', 'form']);
    machine.apply(s, 'red', { type: 'form', formation: 'line' }, dice().ctx);
    expect(u.mob).toBe(false);
  });
});
