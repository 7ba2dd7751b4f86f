// Command Points (pp.12-13), Shared Command Points, Influence of Allied
// Generals, Skirmisher Independence, and the guard/militia order dice (p.28).
import { describe, expect, it } from 'vitest';
import { machine } from '../../src/games/atkm/flow.ts';
import { rollCommandPoints } from '../../src/games/atkm/turn.ts';
import { blank, dice, labels, play, put, top } from './helpers.ts';

describe('ATKM Command Points (p.12)', () => {
  it('a general rated 2 rolls 2 and 5: 5 command points, told only to his own side', () => {
    const s = blank();
    const t = dice(2, 5, /* black */ 3, 3);
    rollCommandPoints(s, 'red', t.ctx);
    rollCommandPoints(s, 'black', t.ctx);
    expect(s.sides.red.cp).toBe(5);
    expect(s.sides.black.cp).toBe(3);
    // The dice and the total are private events for the side alone.
    for (const e of t.events) expect(e.to).toEqual([e.text.startsWith('Red') ? 'red' : 'black']);
    expect(t.events.find((e) => e.kind === 'cp' && e.to?.[0] === 'red')?.text).toMatch(/Red command points this turn: 5/);
  });

  it('Shared Command Points: Mike (rated 2) rolls 1 and 6, Eric (rated 3) 2, 3 and 5: the team shares 6', () => {
    const s = blank({ generals: 2 });
    s.generals.find((g) => g.id === 'red-g2')!.rating = 3;
    const t = dice(1, 6, 2, 3, 5);
    rollCommandPoints(s, 'red', t.ctx);
    expect(s.sides.red.cp).toBe(6);
    expect(t.left()).toBe(0);
  });

  it('a green unit activates without a command point, even far from the general', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry');
    s.sides.red.cp = 0;
    play(s, '4H');
    expect(labels(s, 'red')).toContain(`Activate ${u.name} (green: no command point)`);
    machine.apply(s, 'red', { type: 'activate', unit: u.id }, dice().ctx);
    expect(top(s)).toMatchObject({ proc: 'activation', unit: u.id });
  });

  it('a yellow unit within 12" of the general: a command point, no roll', () => {
    const s = blank();
    const u = put(s, 'red', 'foot-artillery', { color: 'yellow', formation: 'deployed' });
    s.sides.red.cp = 2;
    play(s, '4H');
    const t = dice();
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'yes' }, t.ctx);
    expect(s.sides.red.cp).toBe(1);
    expect(s.sides.red.cpSpent).toBe(1);
    expect(top(s)).toMatchObject({ proc: 'activation' });
    expect(t.events.some((e) => e.kind === 'roll')).toBe(false);
  });

  it('a red unit beyond 12": a command point and the rating in red dice; no success wastes the point and the card, the colour stays', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { color: 'red' });
    s.sides.red.cp = 2;
    play(s, '4H');
    const t = dice(5, 4);
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'no' }, t.ctx);
    expect(s.sides.red.cp).toBe(1);
    expect(u.color).toBe('red');
    expect(u.disorder).toBe(false);
    expect(top(s).proc).not.toBe('activation');
    // Tried again with the next card: a 6 on red gets through.
    play(s, '5H');
    t.force(6, 1);
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'no' }, t.ctx);
    expect(top(s)).toMatchObject({ proc: 'activation', unit: u.id });
    expect(s.sides.red.cp).toBe(0);
  });

  it('no command points: yellow and red units cannot be activated', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { color: 'yellow' });
    s.sides.red.cp = 0;
    play(s, '4H');
    expect(() => machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'yes' }, dice().ctx)).toThrow();
  });

  it('Skirmisher Independence: yellow or red skirmishers always obey, for a command point', () => {
    const s = blank();
    const u = put(s, 'red', 'skirmisher', { color: 'red' });
    s.sides.red.cp = 1;
    play(s, '4H');
    expect(labels(s, 'red').filter((l) => l.includes(u.name) && l.startsWith('Activate'))).toEqual([
      `Activate ${u.name} (red skirmishers: 1 command point, always obey)`,
    ]);
    const t = dice();
    machine.apply(s, 'red', { type: 'activate', unit: u.id }, t.ctx);
    expect(top(s).proc).toBe('activation');
    expect(s.sides.red.cp).toBe(0);
  });

  it('Influence of Allied Generals: the acting general rolls his own rating; the team rotates on cards of its colour', () => {
    const s = blank({ generals: 2 });
    s.generals.find((g) => g.id === 'red-g2')!.rating = 3;
    const u = put(s, 'red', 'infantry', { color: 'yellow' });
    s.sides.red.cp = 3;
    play(s, '4H'); // Mike (red-g1, rating 2) acts on this card
    expect(top(s).general).toBe('red-g1');
    const t = dice(1, 1);
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'no' }, t.ctx);
    expect(t.events.filter((e) => e.kind === 'roll')).toHaveLength(2);
    play(s, '5H'); // Eric (red-g2, rating 3)
    expect(top(s).general).toBe('red-g2');
    t.force(1, 1, 5);
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'no' }, t.ctx);
    expect(t.events.filter((e) => e.kind === 'roll')).toHaveLength(5);
    expect(top(s).proc).toBe('activation');
  });

  it('Elite and Militia: a distant guard unit gets one more order die (3 for a rated-2 general), a militia unit one fewer (minimum 1)', () => {
    const s = blank();
    const guard = put(s, 'red', 'infantry', { color: 'yellow', quality: 'elite' });
    const militia = put(s, 'red', 'infantry', { color: 'yellow', quality: 'militia' });
    s.sides.red.cp = 3;
    play(s, '4H');
    expect(labels(s, 'red')).toContain(`Activate ${guard.name} (yellow, beyond 12": 1 command point and 3 yellow order dice)`);
    expect(labels(s, 'red')).toContain(`Activate ${militia.name} (yellow, beyond 12": 1 command point and 1 yellow order dice)`);
    s.generals.find((g) => g.id === 'red-g1')!.rating = 1;
    expect(labels(s, 'red')).toContain(`Activate ${militia.name} (yellow, beyond 12": 1 command point and 1 yellow order dice)`);
  });

  it('Leftover command points are wasted: a new turn rolls afresh', () => {
    const s = blank();
    put(s, 'red', 'infantry');
    put(s, 'black', 'infantry');
    s.sides.red.cp = 4;
    s.stack.frames = [{ proc: 'turn', step: 'start' }];
    machine.run(s, dice(1, 2, 3, 3).ctx);
    expect(s.sides.red.cp).toBe(2);
    expect(s.sides.black.cp).toBe(3);
  });
});
