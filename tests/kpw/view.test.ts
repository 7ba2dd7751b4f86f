import { describe, expect, it } from 'vitest';
import { kpw } from '../../src/games/kpw/index.ts';
import { act, force, game, s } from './helpers.ts';

describe('KPW summary text (issue 9 message nits)', () => {
  it('7.2 Church roll: while the English place Church the summary says he is arriving, not "not yet arrived"', () => {
    const g = game();
    force(g, 1);
    act(g, 'english', { type: 'roll' });
    const summary = kpw.summarize(kpw.view(s(g), { kind: 'spectator' }), { kind: 'spectator' });
    expect(s(g).stack.frames.some((f) => f.proc === 'place')).toBe(true);
    expect(summary).toContain('Church: arriving');
    expect(summary).not.toContain('not yet arrived');
  });
});
