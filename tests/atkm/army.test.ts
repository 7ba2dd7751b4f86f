// Building an Army: the text's roll, the standard list, or a player's own chosen list.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/runner.ts';
import { RuleError } from '../../src/engine/errors.ts';
import { atkm, parseAtkmOptions } from '../../src/games/atkm/index.ts';
import { atkmData, parseListEntry } from '../../src/games/atkm/data.ts';

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

  it('Assembling Your Units (p.5): a unit may start below full strength (infantry:9), shown at set-up and kept in play', () => {
    const { env, events } = createGame(atkm, { red_list: 'infantry:9+cavalry+foot-artillery:3', mode: 'tabletop' }, 'army-list');
    const red = env.game.order.filter((id) => env.game.units[id].side === 'red').map((id) => env.game.units[id]);
    expect(red.map((u) => u.figures)).toEqual([9, 6, 3]);
    expect(events.find((e) => e.kind === 'setup')?.text).toMatch(
      /Red 1st Foot \(9 of 12\), Red 1st Horse, Red 1st Foot Battery \(3 of 4\)/,
    );
  });

  it('Casualties (p.26): a unit may not start at or below its breaking point, nor above full strength; refused with the range', () => {
    expect(() => parseAtkmOptions({ red_list: 'infantry:4+cavalry' })).toThrow(
      /"infantry:4": infantry starts with 5 to 12 privates \(above its breaking point of 4/,
    );
    expect(() => parseAtkmOptions({ black_list: 'cavalry:7+cavalry' })).toThrow(/cavalry starts with 3 to 6 troopers/);
    expect(() => parseAtkmOptions({ red_list: 'infantry:nine+cavalry' })).toThrow(/infantry starts with 5 to 12 privates/);
  });

  it('the standard list in data/atkm/armies.json is read with the same check at load', () => {
    const types = { infantry: { figures: 12, breaking: 4, name: 'Infantry' } };
    expect(parseListEntry('infantry', types)).toEqual({ type: 'infantry', figures: null });
    expect(parseListEntry('infantry:12', types)).toEqual({ type: 'infantry', figures: null });
    expect(parseListEntry('infantry:3', types)).toMatch(/above its breaking point/);
    expect(atkmData().standard.length).toBeGreaterThan(0);
  });
});
