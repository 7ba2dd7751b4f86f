// Special Cards (pp.10-11, reassembled in the facts file section 3), Passing on
// Activations (p.11), Units Resolve (p.11-12) and Overriding the Deck (p.14).
import { describe, expect, it } from 'vitest';
import { atkm } from '../../src/games/atkm/index.ts';
import { machine } from '../../src/games/atkm/flow.ts';
import { atkmDeck, cardSide } from '../../src/games/atkm/state.ts';
import { blank, dice, labels, play, put, subs, top } from './helpers.ts';

describe('ATKM the deck (p.10)', () => {
  it('28 cards: Hearts for Red, Clubs for Black and a Joker each; shuffled every turn', () => {
    const d = atkmDeck();
    expect(d).toHaveLength(28);
    expect(d.filter((c) => cardSide(c) === 'red')).toHaveLength(14);
    expect(new Set(d).size).toBe(28);
    const s = atkm.setup(atkm.parseOptions({}), dice().ctx);
    expect(s.deck.draw.length + s.deck.discard.length).toBe(28);
  });
});

describe('ATKM Units Resolve (pp.11-12)', () => {
  it('each activation drops the colour green → yellow → red; a red unit that acts gets a disorder marker', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry');
    s.sides.red.cp = 5;
    const t = dice();
    for (const [card, after] of [
      ['3H', 'yellow'],
      ['4H', 'red'],
    ] as const) {
      play(s, card);
      machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'yes' }, t.ctx);
      machine.apply(s, 'red', { type: 'done' }, t.ctx);
      expect(u.color).toBe(after);
    }
    play(s, '5H');
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'yes' }, t.ctx);
    machine.apply(s, 'red', { type: 'done' }, t.ctx);
    expect(u.disorder).toBe(true);
    play(s, '6H');
    expect(labels(s, 'red').some((l) => l.startsWith('Activate'))).toBe(false);
  });
});

describe('ATKM Passing on Activations (p.11)', () => {
  it('a green unit waits and drops to yellow; with no green unit, a yellow one waits for a command point', () => {
    const s = blank();
    const g = put(s, 'red', 'infantry');
    const y = put(s, 'red', 'infantry', { color: 'yellow' });
    s.sides.red.cp = 1;
    play(s, '7H');
    expect(
      machine
        .legal(s, 'red')
        .filter((l) => l.sub === 'pass')
        .map((l) => l.args.unit),
    ).toEqual([g.id]);
    machine.apply(s, 'red', { type: 'pass', unit: g.id }, dice().ctx);
    expect(g.color).toBe('yellow');
    play(s, '8H');
    machine.apply(s, 'red', { type: 'pass', unit: y.id }, dice().ctx);
    expect(y.color).toBe('red');
    expect(s.sides.red.cp).toBe(0);
  });
});

describe('ATKM Special Cards', () => {
  it('2: choose a unit of yours that cannot be activated this turn; with no command points left, a green one if any', () => {
    const s = blank();
    const g = put(s, 'red', 'infantry');
    const y = put(s, 'red', 'cavalry', { color: 'yellow' });
    s.sides.red.cp = 1;
    play(s, '2H');
    expect(subs(s, 'red')).toEqual(['disorder']);
    expect(machine.legal(s, 'red').map((l) => l.args.unit)).toEqual([g.id, y.id]);
    s.sides.red.cp = 0;
    expect(machine.legal(s, 'red').map((l) => l.args.unit)).toEqual([g.id]);
    machine.apply(s, 'red', { type: 'disorder', unit: g.id }, dice().ctx);
    expect(g.disorder).toBe(true);
    expect(g.color).toBe('green');
  });

  it('2: it cannot be overridden (Overriding the Deck, p.14)', () => {
    const s = blank({ override: true });
    put(s, 'red', 'infantry');
    s.sides.red.cp = 3;
    play(s, '2H');
    expect(() => machine.apply(s, 'red', { type: 'override' }, dice().ctx)).toThrow(/The 2 must be played/);
  });

  it('Jack: full movement regardless of terrain or moving backward', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { formation: 'column' });
    play(s, 'JH');
    const t = dice();
    machine.apply(s, 'red', { type: 'activate', unit: u.id }, t.ctx);
    machine.apply(s, 'red', { type: 'move', inches: '10', terrain: 'true' }, t.ctx);
    expect(t.text()).toMatch(/moves 10"/);
  });

  it('Queen: the activation does not downgrade, and a red unit is not done (FAQ p.29)', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { color: 'red' });
    s.sides.red.cp = 2;
    play(s, 'QH');
    const t = dice();
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'yes' }, t.ctx);
    machine.apply(s, 'red', { type: 'done' }, t.ctx);
    expect(u.color).toBe('red');
    expect(u.disorder).toBe(false);
  });

  it('King: activate a unit or move the general 20" instead (restoring a unit he reaches)', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { officer: false, color: 'red' });
    s.sides.red.cp = 0;
    play(s, 'KH');
    expect(subs(s, 'red')).toEqual(['general']);
    machine.apply(s, 'red', { type: 'general', restore: u.id }, dice().ctx);
    expect(u.officer).toBe(true);
  });

  it('Ace: two activations, the same unit or two units', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry');
    s.sides.red.cp = 1;
    play(s, 'AH');
    const t = dice();
    machine.apply(s, 'red', { type: 'activate', unit: u.id }, t.ctx);
    machine.apply(s, 'red', { type: 'done' }, t.ctx);
    expect(top(s)).toMatchObject({ proc: 'card', acts: 1 });
    machine.apply(s, 'red', { type: 'activate', unit: u.id, near: 'yes' }, t.ctx);
    machine.apply(s, 'red', { type: 'done' }, t.ctx);
    expect(u.color).toBe('red');
    expect(s.sides.red.cp).toBe(0);
    expect(top(s).proc).not.toBe('card');
  });

  it('Joker: activate normally or put a disorder marker on an enemy unit (it keeps its melee defence)', () => {
    const s = blank();
    put(s, 'red', 'infantry');
    const e = put(s, 'black', 'cavalry');
    play(s, 'JOKER-R');
    expect(subs(s, 'red')).toEqual(expect.arrayContaining(['activate', 'disorder']));
    machine.apply(s, 'red', { type: 'disorder', unit: e.id }, dice().ctx);
    expect(e.disorder).toBe(true);
  });

  it("Overriding the Deck: a command point ignores the card; never on the opponent's card", () => {
    const s = blank({ override: true });
    put(s, 'red', 'infantry');
    put(s, 'black', 'infantry');
    s.sides.red.cp = 2;
    play(s, '9H');
    machine.apply(s, 'red', { type: 'override' }, dice().ctx);
    expect(s.sides.red.cp).toBe(1);
    play(s, '9C');
    expect(machine.legal(s, 'red')).toEqual([]);
  });

  it('Banking Cards (optional rule, p.14): a command point sets a card of your colour aside; a later card of your colour is ignored and the banked one played; never a 2; at most the best rating a turn', () => {
    const s = blank({ banking: true, override: true });
    const inf = put(s, 'red', 'infantry');
    put(s, 'red', 'infantry');
    put(s, 'red', 'cavalry');
    put(s, 'black', 'infantry');
    put(s, 'black', 'infantry');
    s.sides.red.cp = 3;
    // Not an option unless chosen; never on the opponent's card nor on a 2.
    expect(blank().options.banking).toBe(false);
    s.deck.draw = ['4C', '7H', '2H', '8H', '9H'];
    play(s, 'QH');
    expect(machine.legal(s, 'black')).toEqual([]);
    const t = dice();
    machine.apply(s, 'red', { type: 'bank' }, t.ctx);
    expect(s.sides.red.cp).toBe(2);
    expect(s.sides.red.banked).toEqual(['QH']);
    expect(s.deck.discard).not.toContain('QH');
    expect(t.text()).toMatch(/Red banks the Q of Hearts|Red banks the Queen/i);
    // The next card, 4C, is Black's: no banked card can replace it.
    expect(top(s)).toMatchObject({ proc: 'card', card: '4C' });
    expect(subs(s, 'black')).not.toContain('banked');
    machine.apply(s, 'black', { type: 'pass', unit: machine.legal(s, 'black').find((l) => l.sub === 'pass')!.args.unit! }, t.ctx);
    // 7H: Red plays the banked Queen instead (the 7 stays ignored in the discards); a Queen activation spares the colour.
    expect(top(s)).toMatchObject({ proc: 'card', card: '7H' });
    expect(subs(s, 'red')).toEqual(expect.arrayContaining(['bank', 'banked']));
    machine.apply(s, 'red', { type: 'banked', card: 'QH' }, t.ctx);
    expect(top(s)).toMatchObject({ proc: 'card', card: 'QH', rank: 'Q', fromBank: true });
    expect(s.deck.discard.slice(-2)).toEqual(['7H', 'QH']);
    expect(subs(s, 'red')).not.toContain('bank');
    expect(subs(s, 'red')).not.toContain('override');
    machine.apply(s, 'red', { type: 'activate', unit: inf.id }, t.ctx);
    machine.apply(s, 'red', { type: 'done' }, t.ctx);
    expect(inf.color).toBe('green');
    expect(s.sides.red.banked).toEqual([]);
    // 2H: a 2 of your colour can be neither banked nor replaced.
    expect(top(s)).toMatchObject({ proc: 'card', card: '2H' });
    expect(subs(s, 'red')).toEqual(['disorder']);
    machine.apply(s, 'red', machine.legal(s, 'red')[0]!.action, t.ctx);
    // 8H: the second bank of the turn would pass the best general's rating (2)? Not yet: 1 banked so far.
    expect(top(s)).toMatchObject({ proc: 'card', card: '8H' });
    machine.apply(s, 'red', { type: 'bank' }, t.ctx);
    expect(s.sides.red.bankedCount).toBe(2);
    // 9H: two banked this turn with a rating-2 general: no more banking.
    expect(top(s)).toMatchObject({ proc: 'card', card: '9H' });
    expect(subs(s, 'red')).toContain('banked');
    expect(subs(s, 'red')).not.toContain('bank');
    expect(() => machine.apply(s, 'red', { type: 'bank' }, t.ctx)).toThrow(/Activate, pass or use the card/);
  });
});
