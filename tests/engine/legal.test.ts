import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import { listed, mustBeLegal, sameAction } from '../../src/engine/legal.ts';

describe('listed choices (issue 8: one source of truth for legality)', () => {
  const legal = [
    listed('move', 'Move to Paris', { to: 'paris' }),
    {
      ...listed('raise', 'Raise 1 infantry', { kind: 'infantry' }),
      aliases: { count: [{ value: '2', action: { type: 'raise', kind: 'infantry', count: '2' } }] },
    },
  ];

  it('compares option values as text, ignoring options left out', () => {
    expect(sameAction({ type: 'raise', count: 2 }, { type: 'raise', count: '2', note: undefined as never })).toBe(true);
    expect(sameAction({ type: 'raise', count: 2 }, { type: 'raise' })).toBe(false);
  });

  it('accepts a listed action or an alias of one', () => {
    expect(() => mustBeLegal(legal, { type: 'move', to: 'paris' }, 'R 1', 'no')).not.toThrow();
    expect(() => mustBeLegal(legal, { type: 'raise', kind: 'infantry', count: '2' }, 'R 1', 'no')).not.toThrow();
  });

  it('refuses anything else with the rule, the reason and what is allowed', () => {
    const err = (() => {
      try {
        mustBeLegal(legal, { type: 'move', to: 'rome' }, 'R 2', 'Rome is too far.');
      } catch (e) {
        return e as RuleError;
      }
    })();
    expect(err).toBeInstanceOf(RuleError);
    expect(err!.message).toMatch(/Rome is too far/);
    expect(err!.rule).toBe('R 2');
  });

  it('with the command named, a kind of action not asked for names what is asked', () => {
    expect(() => mustBeLegal(legal, { type: 'pass' }, 'R 3', 'unused', 'wog')).toThrow(
      /\/wog pass is not a choice now; asked now: \/wog move, \/wog raise/,
    );
  });
});
