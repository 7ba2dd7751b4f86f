// Engine v2 §1: KPW prompts carry a decision key that stays the same while one
// decision stays open (deadlines and buttons belong to it), even when the text
// changes (pips left), and changes with the phase.
import { describe, expect, it } from 'vitest';
import { act, asked, clearMap, endUntil, force, game, legal, phase, put, skipChurch, startCombat, type G } from './helpers.ts';
import { kpw } from '../../src/games/kpw/index.ts';

const openId = (g: G, role: 'english' | 'indian') => g.env.decisions?.open[role]?.id;
const text = (g: G) => kpw.prompts(g.env.game)[0]?.text;

describe('KPW decision keys (Engine v2 §1)', () => {
  it('one movement keeps its decision id across steps; the next phase opens a new one', () => {
    const g = game();
    skipChurch(g);
    endUntil(g, () => phase(g) === 'Turn 1 · Indian Movement');
    expect(asked(g)).toBe('indian');
    const first = openId(g, 'indian');
    expect(first).toBeDefined();

    const activate = legal(g, 'indian').find((l) => l.sub === 'activate' && l.args.units === 'all')!;
    act(g, 'indian', activate.action);
    const moving = text(g);
    expect(moving).toMatch(/left: move on/);
    expect(openId(g, 'indian')).toBe(first);

    const step = legal(g, 'indian').find((l) => l.sub === 'step')!;
    act(g, 'indian', step.action);
    expect(asked(g)).toBe('indian'); // no interception on the way
    expect(text(g)).not.toBe(moving); // fewer pips left: the text changed
    expect(openId(g, 'indian')).toBe(first); // the decision did not

    while (asked(g) === 'indian' && phase(g) === 'Turn 1 · Indian Movement') {
      expect(openId(g, 'indian')).toBe(first);
      const l = legal(g, 'indian');
      act(
        g,
        'indian',
        (l.find((x) => x.sub === 'end') ?? l.find((x) => x.sub === 'battle') ?? l.find((x) => x.sub === 'stop') ?? l[0]).action,
      );
    }
    // Whoever is asked next is asked in another phase, under a new decision id.
    endUntil(g, () => phase(g) !== 'Turn 1 · Indian Movement' && asked(g) !== 'nobody');
    const role = asked(g) as 'english' | 'indian';
    expect(openId(g, role)).not.toBe(first);
    expect(kpw.prompts(g.env.game)[0].decision).not.toMatch(/indMove/);
  });

  it('keys name the turn, the phase and the side asked', () => {
    const g = game();
    expect(kpw.prompts(g.env.game)[0].decision).toBe('turn1:church:church');
    skipChurch(g);
    endUntil(g, () => phase(g) === 'Turn 1 · Indian Movement');
    expect(kpw.prompts(g.env.game)[0].decision).toBe('turn1:indMove:indian');
  });

  it('a battle decision is keyed by battle, round and step: losses open a new decision after the evasion', () => {
    const g = game();
    clearMap(g);
    put(g, 'ma1', 'bridgewater');
    put(g, 'ma2', 'bridgewater');
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'titicut');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    expect(kpw.prompts(g.env.game)[0].decision).toBe('turn1:indCombat:fight');
    force(g, 2, 6, 1);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    const keys: string[] = [];
    for (let i = 0; i < 10 && asked(g) === 'english'; i++) {
      keys.push(kpw.prompts(g.env.game)[0].decision!);
      const l = legal(g, 'english');
      act(g, 'english', (l.find((x) => x.sub === 'stand') ?? l[0]).action);
    }
    expect(keys[0]).toMatch(/^turn1:indCombat:battle:t1:r1:(evade|losses:D)$/);
    expect(keys).toContain('turn1:indCombat:battle:t1:r1:losses:D');
  });
});
