import { describe, expect, it } from 'vitest';
import { Dice, newDiceState } from '../../src/engine/dice.ts';
import { checkAtLeast, ColumnTable, RangeTable } from '../../src/engine/tables.ts';
import { MapGraph } from '../../src/engine/graph.ts';
import { drawCard, newDeck, standardDeck } from '../../src/engine/deck.ts';
import { advance, marksReached } from '../../src/engine/track.ts';
import { call, ret, top } from '../../src/engine/procstack.ts';
import type { GameEvent } from '../../src/engine/types.ts';

describe('engine dice (issue 2 §2: seeded, state in the game, every roll logged)', () => {
  it('the same seed gives the same rolls; state copied mid-way continues identically', () => {
    const a = newDiceState('s');
    const da = new Dice(a, () => {});
    const first = [da.d6('x'), da.d6('x'), da.d10('y')];
    const copy = structuredClone(a);
    const rest = [da.d6('x'), da.d6('x')];
    const b = new Dice(newDiceState('s'), () => {});
    expect([b.d6('x'), b.d6('x'), b.d10('y')]).toEqual(first);
    const c = new Dice(copy, () => {});
    expect([c.d6('x'), c.d6('x')]).toEqual(rest);
  });

  it('faces stay within the die and are roughly uniform', () => {
    const d = new Dice(newDiceState('u'), () => {});
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) counts[d.d6('x') - 1]++;
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });

  it('forced faces are used first, logged as forced, and mark the game', () => {
    const st = newDiceState('f');
    const events: GameEvent[] = [];
    const d = new Dice(st, (e) => events.push(e));
    st.forced.push(4, 2);
    expect([d.d6('red'), d.d6('green')]).toEqual([4, 2]);
    expect(st.usedForced).toBe(true);
    expect(events.map((e) => e.text)).toEqual(['red d6: 4 (forced)', 'green d6: 2 (forced)']);
    expect(events[0].data).toMatchObject({ die: 'd6', label: 'red', face: 4, forced: true });
  });
});

describe('engine tables, graph, deck, track, call/return', () => {
  it('checkAtLeast applies named modifiers (e.g. KPW 12.4: 5+, -1 pip, +1 Captain)', () => {
    const r = checkAtLeast(
      5,
      5,
      [
        { label: 'pips', value: -1 },
        { label: 'Captain', value: 1 },
      ],
      'interception',
    );
    expect(r.success).toBe(true);
    expect(r.modified).toBe(5);
    expect(checkAtLeast(1, 5, [], 'x').success).toBe(false);
  });

  it('RangeTable clamps and finds rows; ColumnTable shifts columns', () => {
    const t = new RangeTable('t', [
      { min: 1, max: 3, value: 'low' },
      { min: 4, max: 6, value: 'high' },
    ]);
    expect(t.lookup(2)).toBe('low');
    expect(t.lookup(9)).toBe('high');
    const c = new ColumnTable('crt', [1, 2, 3], { '1': [0, 0, 1], '6': [1, 2, 3] });
    expect(c.lookup(2, 6)).toBe(2);
    expect(c.lookup(2, 6, 1)).toBe(3);
    expect(c.lookup(9, 6)).toBe(3);
    expect(c.lookup(0, 6)).toBe(0);
  });

  it('MapGraph: adjacency, parallel edges and cheapest costs within a budget', () => {
    const g = new MapGraph<string, number>();
    for (const n of ['a', 'b', 'c', 'd']) g.addNode(n, n);
    g.addEdge('a', 'b', 1);
    g.addEdge('b', 'c', 2);
    g.addEdge('a', 'c', 5);
    g.addEdge('c', 'd', 1);
    expect(g.adjacent('a', 'c')).toBe(true);
    expect(g.adjacent('a', 'd')).toBe(false);
    const costs = g.costs('a', 4, (e) => e.data);
    expect(costs.get('c')).toBe(3);
    expect(costs.get('d')).toBe(4);
    expect(
      g
        .costs(
          'a',
          4,
          (e) => e.data,
          (n) => n !== 'c',
        )
        .has('d'),
    ).toBe(false);
    expect(() => g.addEdge('a', 'z', 1)).toThrow(/unknown node/);
  });

  it('a deck shuffled by the game dice is reproducible and reshuffles its discards', () => {
    const d1 = new Dice(newDiceState('deck'), () => {});
    const d2 = new Dice(newDiceState('deck'), () => {});
    const a = newDeck(standardDeck(2), d1);
    const b = newDeck(standardDeck(2), d2);
    expect(a.draw).toEqual(b.draw);
    expect(a.draw).toHaveLength(54);
    const small = newDeck(['x', 'y'], d1);
    const x = drawCard(small, d1)!;
    small.discard.push(x);
    drawCard(small, d1);
    expect(drawCard(small, d1)).toBe(x);
  });

  it('tracks clamp and report marks crossed (KPW 13.6: moved to or past a tribe)', () => {
    const marks = [
      { at: 5, id: 'SK' },
      { at: 8, id: 'PC' },
    ];
    expect(advance({ name: 'vp', min: 0, max: 30 }, 4, 2, marks)).toEqual({ value: 6, crossed: ['SK'] });
    expect(advance({ name: 'vp', min: 0, max: 30 }, 29, 5).value).toBe(30);
    expect(marksReached(8, marks)).toEqual(['SK', 'PC']);
  });

  it('call/return: a nested procedure returns to its caller', () => {
    const s = { frames: [{ proc: 'combat', step: 'choose' }] };
    call(s, { proc: 'battle', step: 'evasion' });
    expect(top(s).proc).toBe('battle');
    ret(s);
    expect(top(s)).toEqual({ proc: 'combat', step: 'choose' });
  });
});
