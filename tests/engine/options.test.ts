import { describe, expect, it } from 'vitest';
import { parseOptionsWithDocs } from '../../src/engine/options.ts';
import type { OptionDoc } from '../../src/engine/types.ts';

const docs: OptionDoc[] = [
  { name: 'short', description: 'short game', type: 'boolean', default: false },
  { name: 'players', description: 'players', type: 'integer', min: 1, max: 4, default: 2 },
  {
    name: 'mode',
    description: 'mode',
    type: 'string',
    choices: [
      { name: 'a', value: 'a' },
      { name: 'b', value: 'b' },
    ],
    default: 'a',
  },
];

describe('game options from their docs (issue 2 §4: a malformed option is refused with what is allowed)', () => {
  it('fills defaults and converts types', () => {
    expect(parseOptionsWithDocs(docs, {})).toEqual({ short: false, players: 2, mode: 'a' });
    expect(parseOptionsWithDocs(docs, { short: 'yes', players: '3', mode: 'b' })).toEqual({ short: true, players: 3, mode: 'b' });
  });

  it('refuses unknown names, bad booleans, out-of-range integers and unknown choices', () => {
    expect(() => parseOptionsWithDocs(docs, { shorty: true })).toThrow(/Unknown option "shorty". Options: short, players, mode/);
    expect(() => parseOptionsWithDocs(docs, { short: 'maybe' })).toThrow(/true or false/);
    expect(() => parseOptionsWithDocs(docs, { players: 5 })).toThrow(/from 1 to 4/);
    expect(() => parseOptionsWithDocs(docs, { players: '2.5' })).toThrow(/whole number/);
    expect(() => parseOptionsWithDocs(docs, { mode: 'c' })).toThrow(/must be a or b, not "c"/);
  });
});
