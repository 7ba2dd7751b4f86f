// Issue 8 ("Fix while moving the games"): command-level refusals and matching.
// Each test names the rule section it checks.
import { describe, expect, it } from 'vitest';
import { resolveAction } from '../../commands/play.ts';
import { whyNot } from '../../src/engine/runner.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import { PROBES } from '../../src/games/kpw/probes.ts';
import { at } from '../../src/games/kpw/state.ts';
import { act, asked, clearMap, force, game, legal, put, s, skipChurch, startCombat, startMove, toTurn2, unit, type G } from './helpers.ts';

function base(opts: Record<string, string | boolean> = {}): G {
  const g = game(opts);
  clearMap(g);
  return g;
}

const resolve = (g: G, role: 'english' | 'indian', sub: string, options: Record<string, string>) =>
  resolveAction(kpw, g.env.game, [role], sub, options).actions;

describe('issue 8: identical counters are interchangeable', () => {
  it('13.5 loss unit:ma2 is accepted when the identical ma1 is the choice offered', () => {
    const g = base();
    put(g, 'ma1', 'bridgewater');
    put(g, 'ma2', 'bridgewater');
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'titicut');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    force(g, 2, 6, 1);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    if (legal(g, 'english').some((l) => l.sub === 'stand')) act(g, 'english', { type: 'stand' });
    const offered = legal(g, 'english')
      .filter((l) => l.sub === 'loss')
      .map((l) => l.args.unit);
    expect(offered).toContain('ma1');
    expect(offered).not.toContain('ma2'); // buttons and autocomplete stay deduplicated
    expect(resolve(g, 'english', 'loss', { unit: 'ma2' })).toEqual([{ type: 'loss', unit: 'ma2' }]);
    expect(resolve(g, 'english', 'loss', { unit: 'MA Soldier 2' })).toEqual([{ type: 'loss', unit: 'ma2' }]);
    act(g, 'english', { type: 'loss', unit: 'ma2' });
    expect(unit(g, 'ma2').str).toBe(1);
  });

  it('10.1 place unit:<an identical Soldier> is accepted and places that counter', () => {
    const g = game();
    skipChurch(g);
    toTurn2(g, false);
    const f = s(g).stack.frames.at(-1)!;
    expect(f.proc).toBe('place');
    const items = (f as { items: string[] }).items.filter((id) => id.startsWith('ma'));
    expect(items.length).toBe(2);
    const offered = legal(g, 'english').filter((l) => l.sub === 'place');
    const shown = new Set(offered.map((l) => l.args.unit));
    const hidden = items.find((id) => !shown.has(id))!;
    expect(hidden).toBeDefined();
    const to = offered.find((l) => l.args.unit !== hidden && l.args.unit.startsWith('ma'))!.args.to;
    expect(resolve(g, 'english', 'place', { unit: hidden, to })).toEqual([{ type: 'place', unit: hidden, to }]);
  });
});

describe('issue 8: 10.2 muskets with two holders', () => {
  it('10.2 /kpw muskets names the holder with from: when two units in the space hold muskets', () => {
    const g = base();
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'montaup');
    unit(g, 'wa1').musket = true;
    unit(g, 'wa2').musket = true;
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'montaup', units: 'philip+wa1+wa2' });
    expect(() => resolve(g, 'indian', 'muskets', { unit: 'wa3' })).toThrow(/Which one\? Add `from`/);
    const [a] = resolve(g, 'indian', 'muskets', { unit: 'wa3', from: 'wa2' });
    expect(a).toEqual({ type: 'muskets', unit: 'wa3', from: 'wa2' });
    act(g, 'indian', a);
    expect([unit(g, 'wa1').musket, unit(g, 'wa2').musket, unit(g, 'wa3').musket]).toEqual([true, false, true]);
  });
});

describe('issue 8: Battle marker refusals name their rule', () => {
  it('6.3 a Battle marker from a space where the war band may not stop names the stacking rule', () => {
    const g = base();
    put(g, 'wa1', 'sowams');
    put(g, 'wa2', 'sowams');
    put(g, 'wa3', 'montaup');
    put(g, 'pl1', 'swansea');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'sowams', units: 'all' });
    act(g, 'indian', { type: 'step', to: 'montaup' });
    const why = whyNot(kpw, g.env.game, 'indian', PROBES.battle({ target: 'swansea' })!);
    expect(why?.rule).toBe('KPW 6.3');
    expect(why?.message).toMatch(/ends the move.*2 Infantry without a leader \(6\.3\)/);
  });

  it('12.7 before Church a 2-pip Battle marker is refused with the 1-pip rule', () => {
    const g = base();
    put(g, 'ma1', 'brookfield');
    put(g, 'nc1', 'quinsigamond');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'brookfield', units: 'all' });
    const why = whyNot(kpw, g.env.game, 'english', PROBES.battle({ target: 'quinsigamond' })!);
    expect(why?.rule).toBe('KPW 12.7');
    expect(why?.message).toMatch(/only along a 1-pip connection/);
    expect(why?.message).not.toMatch(/Not enough pips/);
  });
});

describe('issue 8: unknown places and unrelated commands', () => {
  it('4.2 an unknown place name in any option is answered "no such space"', () => {
    const g = game();
    skipChurch(g);
    expect(() => resolve(g, 'indian', 'activate', { space: 'atlantis', units: 'all' })).toThrow(/No such space/);
    act(g, 'indian', { type: 'activate', space: 'montaup', units: 'all' });
    expect(() => resolve(g, 'indian', 'step', { to: 'atlantis' })).toThrow(/No such space/);
    expect(() => resolve(g, 'indian', 'battle', { target: 'atlantis~river' })).toThrow(/No such space/);
  });

  it('8.0 a command unrelated to the open decision names that decision (evasion, 13.1)', () => {
    const g = base();
    put(g, 'ma1', 'swansea');
    put(g, 'philip', 'montaup');
    put(g, 'wa1', 'montaup');
    startCombat(g, 'indian', [['montaup', 'swansea']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    expect(asked(g)).toBe('english');
    expect(legal(g, 'english').some((l) => l.sub === 'evade')).toBe(true);
    const why = whyNot(kpw, g.env.game, 'english', { type: 'activate', space: 'swansea', units: 'all' });
    expect(why?.rule).toBe('KPW 13.1');
    expect(why?.message).toMatch(/try to evade, or stand and fight\?.*Answer with \/kpw combat evade or \/kpw combat stand/);
    expect(why?.message).not.toMatch(/advance/);
  });

  it('7.0/10.1 "Place the waiting counters first (7.0)" is for set-up only; reinforcements name 10.1', () => {
    const g = game();
    skipChurch(g);
    toTurn2(g, false);
    const why = whyNot(kpw, g.env.game, 'english', { type: 'activate', space: 'boston', units: 'all' });
    expect(why?.rule).toBe('KPW 10.1');
    expect(why?.message).toMatch(/Place your reinforcements \(10\.1\).*Answer with \/kpw turn place/);
    expect(why?.message).not.toMatch(/waiting counters|7\.0/);
    const m = game({ setup: 'manual' });
    const set = whyNot(kpw, m.env.game, 'english', { type: 'activate', space: 'boston', units: 'all' });
    expect(set?.rule).toBe('KPW 7.0');
    expect(set?.message).toMatch(/Answer with \/kpw turn place\.$/);
  });

  it('16.0 /game help says automatic victory comes at the end of the turn, not at once', () => {
    expect(kpw.help.overview).toMatch(/30 VP, or Boston and Plymouth razed.*wins at the end of the turn \(16\.0\), not at once/);
    expect(kpw.help.overview).not.toMatch(/30 VP wins at once/);
  });
});

describe('issue 8: 12.1 a whole stack named unit by unit', () => {
  it('12.1 units:philip,wa1,… naming everything in the space is accepted like units:all', () => {
    const g = game();
    skipChurch(g);
    const here = at(s(g), 'montaup', 'indian');
    const named = [...here]
      .reverse()
      .map((u) => u.id)
      .join(',');
    expect(resolve(g, 'indian', 'activate', { space: 'montaup', units: named })).toEqual([
      { type: 'activate', space: 'montaup', units: 'all' },
    ]);
    const names = here.map((u) => u.name).join(', ');
    expect(resolve(g, 'indian', 'activate', { space: 'Montaup', units: names })).toEqual([
      { type: 'activate', space: 'montaup', units: 'all' },
    ]);
  });
});

describe('issue 8: an unrelated command without options', () => {
  it('13.1 /kpw activate with no options during an evasion still says what is asked now', () => {
    const g = base();
    put(g, 'ma1', 'swansea');
    put(g, 'philip', 'montaup');
    put(g, 'wa1', 'montaup');
    startCombat(g, 'indian', [['montaup', 'swansea']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    expect(() => resolve(g, 'english', 'activate', {})).toThrow(
      /not possible now\. Asked now: Your units in Swansea are attacked: try to evade, or stand and fight\?/,
    );
  });
});
