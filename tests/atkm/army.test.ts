// Building an Army: the text's roll, the standard list, or a player's own chosen list.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/runner.ts';
import { RuleError } from '../../src/engine/errors.ts';
import { atkm, parseAtkmOptions } from '../../src/games/atkm/index.ts';

describe('ATKM Building an Army: a chosen list', () => {
  it('each side may field its own list of unit types, in the order given', () => {
    const { env } = createGame(
      atkm,
      { red_list: 'infantry, infantry, cavalry', black_list: 'skirmisher+foot-artillery+infantry+horse-artillery' },
      'army-list',
    );
    const types = (side: string) => env.game.order.filter((id) => env.game.units[id].side === side).map((id) => env.game.units[id].type);
    expect(types('red')).toEqual(['infantry', 'infantry', 'cavalry']);
    expect(types('black')).toEqual(['skirmisher', 'foot-artillery', 'infantry', 'horse-artillery']);
    expect(env.game.sides.red.startUnits).toBe(3);
  });

  it('a list naming something that is not a unit type is refused with the types allowed', () => {
    let err: unknown;
    try {
      parseAtkmOptions({ red_list: 'infantry+dragoons' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RuleError);
    expect((err as RuleError).message).toMatch(/red_list: "dragoons" is not a unit type/);
    expect((err as RuleError).allowed).toContain('horse-artillery');
  });

  it('without a list a side keeps the standard list', () => {
    const { env } = createGame(atkm, { red_list: 'cavalry, cavalry' }, 'army-list');
    expect(env.game.order.filter((id) => env.game.units[id].side === 'black').length).toBeGreaterThan(2);
  });
});
