// The gaps closed after the first playable version: Jeanne's duel in a
// pursuit, a forced retreat with nowhere to go, quantities in Phase 5 and the
// troops chosen for a Phase 6 deployment.
import { describe, expect, it } from 'vitest';
import { resolveAction } from '../../commands/play.ts';
import { newDiceState } from '../../src/engine/dice.ts';
import { applyAction } from '../../src/engine/runner.ts';
import type { Action } from '../../src/engine/types.ts';
import { wog } from '../../src/games/wog/index.ts';
import { machine } from '../../src/games/wog/sequence.ts';
import type { WogState } from '../../src/games/wog/state.ts';
import { blank, dice, inf, put, startBattles, subs } from './helpers.ts';

describe("Phase 3 pursuit: Jeanne d'Arc's duel (the pursuit is a battle round)", () => {
  const retreatingJeanne = (duel: number) => {
    const s = blank();
    put(s, 'jeanne_darc', 'champagne', 'french', inf(2));
    put(s, 'edward_iii', 'champagne', 'english', inf(2));
    // Round 1: duel 6 > Edward's bravery 2 silences the English; Jeanne's 3 dice at +1 all miss.
    const t = dice(6, 1, 1, 1);
    startBattles(s, t);
    machine.apply(s, 'french', { type: 'retreat' }, t.ctx);
    t.force(duel);
    return { s, t };
  };

  it('a duel die above the English BC bravery silences the English pursuers: Jeanne gets away whole', () => {
    const { s, t } = retreatingJeanne(6);
    machine.apply(s, 'french', { type: 'retreat', to: 'burgundy' }, t.ctx);
    expect(t.left()).toBe(0);
    expect(t.text()).toMatch(/English roll 6 against bravery 2: the English roll no dice/);
    expect(t.text()).toContain('English roll no pursuit dice');
    expect(t.text()).toContain("Jeanne d'Arc retreats to Burgundy, disgraced.");
    expect(s.leaders.jeanne_darc).toMatchObject({ area: 'burgundy', troops: inf(2) });
  });

  it('a duel die equal to the bravery is a normal pursuit: 4 dice at +1', () => {
    const { s, t } = retreatingJeanne(2);
    t.force(5, 1, 1, 1);
    machine.apply(s, 'french', { type: 'retreat', to: 'burgundy' }, t.ctx);
    expect(t.left()).toBe(0);
    expect(t.text()).toMatch(/English pursue with 4 dice at \+1: 5 1 1 1 → 1 hit\./);
    expect(s.leaders.jeanne_darc).toMatchObject({ area: 'burgundy', troops: inf(1) });
  });
});

describe('Phase 3 retreat with no legal area', () => {
  // Champagne's neighbours all French controlled, Brabant (neutral) French occupied.
  const boxedIn = () => {
    const s = blank();
    for (const a of ['picardy', 'flanders', 'ile_de_france', 'burgundy']) s.control[a] = 'french';
    put(s, 'walter_manny', 'champagne', 'english', inf(1));
    put(s, 'philippe_vi', 'champagne', 'french', inf(3));
    put(s, 'raoul_eu', 'brabant', 'french');
    s.aggressor.champagne = 'english';
    s.misses.champagne = 2;
    const t = dice(1, 1, 1, 1, 1);
    startBattles(s, t);
    return { s, t };
  };

  it('cannot be elected, and a forced retreat captures the army ("leaders that cannot retreat are captured")', () => {
    const { s, t } = boxedIn();
    expect(subs(s, 'french')).toContain('force');
    machine.apply(s, 'french', { type: 'continue' }, t.ctx);
    expect(subs(s, 'english')).toEqual(['continue']);
    const again = boxedIn();
    machine.apply(again.s, 'french', { type: 'force' }, again.t.ctx);
    expect(again.s.leaders.walter_manny).toMatchObject({ where: 'prison', captor: 'french', troops: [] });
    expect(again.t.text()).toContain('cannot retreat and is captured');
  });
});

const phase = (proc: 'raise' | 'deploy', s: WogState) => {
  s.stack.frames = [
    { proc: 'turn', step: proc === 'raise' ? 'deploy' : 'prisoners', now: proc },
    { proc, step: 'go', sides: ['english'] },
  ];
};

describe('Phase 5: raising several SP in one command', () => {
  it('count raises that many infantry or longbowmen up to the area value; knights and gunners one each', () => {
    const s = blank();
    s.control.england = 'english';
    phase('raise', s);
    const t = dice();
    expect(() => machine.apply(s, 'english', { type: 'raise', area: 'england', kind: 'infantry', count: '4' }, t.ctx)).toThrow(
      /England may raise 3 more SP this turn/,
    );
    expect(() => machine.apply(s, 'english', { type: 'raise', area: 'england', kind: 'knight', count: '2' }, t.ctx)).toThrow(
      /Only 1 knight can be raised per area per turn/,
    );
    machine.apply(s, 'english', { type: 'raise', area: 'england', kind: 'longbow', count: '2' }, t.ctx);
    expect(s.loose.england!.map((x) => x.kind)).toEqual(['longbow', 'longbow']);
    expect(s.raised.england!.sp).toBe(2);
    expect(() => machine.apply(s, 'english', { type: 'raise', area: 'england', kind: 'infantry', count: '2' }, t.ctx)).toThrow(
      /may raise 1 more SP/,
    );
  });

  it('/wog raise without count is still one choice; count:2 picks the quantity', () => {
    const s = blank();
    s.control.england = 'english';
    phase('raise', s);
    expect(resolveAction(wog, s, ['english'], 'raise', { area: 'England', kind: 'infantry' }).actions).toEqual([
      { type: 'raise', area: 'england', kind: 'infantry' },
    ]);
    expect(resolveAction(wog, s, ['english'], 'raise', { area: 'England', kind: 'infantry', count: '2' }).actions).toEqual([
      { type: 'raise', area: 'england', kind: 'infantry', count: '2' },
    ]);
    expect(() => resolveAction(wog, s, ['english'], 'raise', { area: 'England', kind: 'infantry', count: '5' })).toThrow(
      /England may raise 3 more SP/,
    );
  });
});

describe('Phase 6: deploying the troops the player chooses (all, one kind, a count of one kind)', () => {
  const knight = { kind: 'knight', flag: 'english' } as const;
  const setup = () => {
    const s = blank();
    s.control.england = 'english';
    s.control.normandy = 'english';
    s.loose.england = [knight, ...inf(2)];
    phase('deploy', s);
    return s;
  };
  const deploy = (s: WogState, opts: Record<string, string>) => resolveAction(wog, s, ['english'], 'deploy', opts).actions;

  it('without troop: all of them; troop: one kind; troop and count: that many of it', () => {
    const s = setup();
    const t = dice();
    const run = (a: Record<string, string>) => {
      const [action] = deploy(s, a);
      const env = { system: 'wog', options: { scenario: 'hyw' }, seedHash: '', dice: newDiceState('x'), game: s, seq: 0 };
      applyAction(wog, env, 'english', action!, true);
      return action;
    };
    expect(run({ from: 'England', to: 'Normandy', troop: 'infantry', count: '1' })).toEqual({
      type: 'deploy',
      from: 'england',
      to: 'normandy',
      troop: 'infantry::',
      count: '1',
    });
    expect(s.loose.normandy).toEqual(inf(1));
    expect(run({ from: 'England', to: 'Normandy', troop: 'knight' })).toMatchObject({ troop: 'knight:english:' });
    expect(s.loose.normandy).toEqual([...inf(1), knight]);
    // One kind left: a count of all of it is the plain (listed) action.
    expect(deploy(s, { from: 'England', to: 'Normandy', count: '1' })).toEqual([{ type: 'deploy', from: 'england', to: 'normandy' }]);
    machine.apply(s, 'english', { type: 'deploy', from: 'england', to: 'normandy' }, t.ctx);
    expect(s.loose.england).toEqual([]);
    expect(t.text()).toContain('English deploy 1 infantry England → Normandy.');
  });

  it('each kind is a listed choice (autocomplete, bots) besides all of them', () => {
    const legal = wog.legal(setup(), 'english').filter((l) => l.sub === 'deploy' && l.args.to === 'normandy');
    expect(legal.map((l) => l.args.troop ?? 'all')).toEqual(['all', 'knight:english:', 'infantry::']);
    expect(legal.map((l) => l.argLabels?.troop ?? 'all')).toEqual(['all', 'knight', 'infantry']);
  });

  it('the Phase 6 rule explains every refusal: a count of mixed kinds, a kind not there, too many, an unreachable area', () => {
    const s = setup();
    const refuse = (opts: Record<string, string>) => () => deploy(s, opts).forEach((a) => applyOpen(s, a));
    const applyOpen = (st: WogState, a: Action) => wog.open!.deploy!.check(st, 'english', a);
    expect(refuse({ from: 'England', to: 'Normandy', count: '2' })).toThrow(
      /Several kinds of troops wait in England \(1 knight, 2 infantry\)/,
    );
    expect(refuse({ from: 'England', to: 'Normandy', troop: 'gunner' })).toThrow(/No gunner among the unassigned troops in England/);
    expect(refuse({ from: 'England', to: 'Normandy', troop: 'infantry', count: '3' })).toThrow(/England has only 2 infantry to deploy/);
    expect(refuse({ from: 'England', to: 'Wales', troop: 'knight' })).toThrow(/Wales is not reached from England .*obstructed/);
    expect(refuse({ from: 'England', to: 'Normandy', troop: 'infantry', count: '0' })).toThrow(/whole number of SP, 1 or more/);
    // The same reasons reach the player through /wog deploy (the runner asks the open action's check).
    const env = { system: 'wog', options: { scenario: 'hyw' }, seedHash: '', dice: newDiceState('x'), game: s, seq: 0 };
    expect(() => applyAction(wog, env, 'english', deploy(s, { from: 'England', to: 'Normandy', count: '2' })[0]!)).toThrow(
      /name the kind to move with troop:/,
    );
  });
});
