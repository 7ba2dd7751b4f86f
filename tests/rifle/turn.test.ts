// Hand-computed whole turns with forced dice, hidden simultaneous planning,
// and the awards at the end.
import { describe, expect, it } from 'vitest';
import { visibleEvents } from '../../src/engine/runner.ts';
import { finalResult } from '../../src/games/rifle/awards.ts';
import { act, endHere, force, newGame, planNow, rifle, start, st, texts } from './helpers.ts';

describe('A whole turn, hand-computed (solo, George Rogers Clark)', () => {
  it('Spring 1780: plan "cooking, fishing x6, gathering x3"; Hardship 7, Mishaps 8 and 10, Murder repelled, storage spoils, Happiness 3+4', () => {
    const g = newGame(1, 'hand');
    start(g, ['clark']); // foal d6=1, Boon d10=7 Good Times: Happiness 12; Livestock 10 → 12
    expect(st(g).res.happiness).toBe(12);
    expect(st(g).res.livestock).toBe(12);
    const plans = rifle.subcommands.find((c) => c.name === 'plans')!;
    for (const a of plans.toActions!(g.env.game, 'p1', { text: 'cooking, fishing x6, gathering x3' })) act(g, 'p1', a);
    expect(planNow(g)).toEqual([
      { t: 'act', key: 'cooking', count: 1 },
      { t: 'act', key: 'fishing', count: 6 },
      { t: 'act', key: 'gathering', count: 3 },
    ]);
    // hardship 7, mishaps 8 and 10, raid 3 (Murder, Fight 5), fighting d6=3, happiness 3+4, next turn foal 1 and boon 7
    force(g, 7, 8, 10, 3, 3, 3, 4, 1, 7);
    let t = texts(act(g, 'p1', { type: 'done' }));
    expect(t).toMatch(/Plans revealed — Settlement 1: Cooking, Fishing ×6, Gathering ×3 \(no Soap Making: −2 Happiness\)/);
    // Storage: 28 stored goods, 10 Containers; which 18 spoil is the player's choice (Storage Phase).
    expect(t).toMatch(/Storage — 28 stored goods, room for 10: 18 must be lost \(the player chooses which\)/);
    t = texts(act(g, 'p1', { type: 'choose', option: 'grain' }));
    t += texts(act(g, 'p1', { type: 'choose', option: 'food' }));
    expect(t).toMatch(/Storage — 28 stored goods, room for 10: −10 Grain, −8 Food/);
    expect(t).toMatch(/Happiness \+6/);
    const r = st(g).res;
    // Cooking −1 Wood +1 Happiness; Fishing +12 Food; Gathering +3 Food; no Soap −2.
    // Old Age −1 Folk; Breakage −1 Tools; Wear Down −1 Housewares; Murder: Fight 8 vs 5, d6 3+1 = 4, 0 killed, −2 Gunpowder.
    // Consume 9 Food (21 → 12), no Salt (9 Folk); Storage 28 vs 10: −10 Grain, −8 Food.
    // Happiness 11 + 7 − 1 (Folk lost) = 17; turn 2: Good Times +2 = 19; Livestock 12 → 14.
    expect([r.folk, r.food, r.grain, r.wood, r.tools, r.housewares, r.gunpowder, r.salt, r.happiness, r.livestock]).toEqual([
      9, 4, 0, 3, 3, 9, 2, 4, 19, 14,
    ]);
    expect(st(g).history[1]).toEqual({ turn: 1, population: 9, happiness: 17, builder: 18, prosperity: 5, hoarder: 16 });
    expect(st(g).placed).toEqual({ cooking: 1, fishing: 6, gathering: 3 });
    expect(g.env.game.turn).toBe(2);
    expect(rifle.phase(g.env.game)).toBe('Turn 2 · Summer 1780 · Action Phase (planning)');
  });
});

describe('Simultaneous planning: private until all are done', () => {
  it('plans are told only to their owner, hidden from other seats and spectators, and revealed together', () => {
    const g = newGame(2, 'hidden');
    start(g, ['clark', 'boone']);
    const ev = act(g, 'p1', { type: 'plan', act: 'fishing', count: 4 });
    expect(ev.every((e) => e.to && e.to.length === 1 && e.to[0] === 'p1')).toBe(true);
    expect(visibleEvents(ev, { kind: 'seat', role: 'p2' })).toEqual([]);
    expect(visibleEvents(ev, { kind: 'spectator' })).toEqual([]);
    const own = JSON.stringify(rifle.view(g.env.game, { kind: 'seat', role: 'p1' }));
    const other = JSON.stringify(rifle.view(g.env.game, { kind: 'seat', role: 'p2' }));
    const spec = JSON.stringify(rifle.view(g.env.game, { kind: 'spectator' }));
    expect(own).toMatch(/Fishing ×4/);
    expect(other).not.toMatch(/Fishing ×4/);
    expect(spec).not.toMatch(/Fishing ×4/);
    expect(spec).not.toMatch(/"plan":"/);
    expect(rifle.summarize(rifle.view(g.env.game, { kind: 'spectator' }), { kind: 'spectator' })).toMatch(
      /Still planning: Settlement 1, Settlement 2/,
    );
    act(g, 'p1', { type: 'done' });
    expect(rifle.prompts(g.env.game).map((p) => p.role)).toEqual(['p2']);
    // Done locks the plan: only /rifle reopen is left while p2 still plans.
    expect(rifle.legal(g.env.game, 'p1').map((l) => l.action)).toEqual([{ type: 'reopen' }]);
    const reveal = act(g, 'p2', { type: 'auto' }).find((e) => e.reveal);
    expect(reveal?.text).toMatch(/Settlement 1: Fishing ×4/);
    expect(JSON.stringify(rifle.view(g.env.game, { kind: 'spectator' }))).toMatch(/"fishing":4/);
  });
  it('Leaders: each player picks one of the five, no two alike', () => {
    const g = newGame(2, 'lead');
    act(g, 'p1', { type: 'leader', leader: 'harrod' });
    expect(rifle.legal(g.env.game, 'p2').map((l) => l.action.leader)).toEqual(['boone', 'clark', 'logan', 'lindsay']);
    expect(() => act(g, 'p2', { type: 'leader', leader: 'harrod' })).toThrow(/already leads/);
  });
});

describe('Awards at the end', () => {
  it('five awards; ties shared and said so; most awards wins', () => {
    const g = newGame(3, 'awards');
    start(g, ['clark', 'boone', 'logan']);
    const s = g.env.game;
    s.turn = 20;
    const [a, b, c] = s.settlements;
    Object.assign(a.res, { folk: 12, happiness: 30, money: 9, grain: 5, livestock: 5, food: 5 });
    Object.assign(b.res, { folk: 12, happiness: 20, money: 9, grain: 1, livestock: 1, food: 1 });
    Object.assign(c.res, { folk: 8, happiness: 40, money: 2, grain: 0, livestock: 0, food: 0, plots: 9 });
    endHere(g);
    const r = finalResult(s);
    expect(r.status).toBe('over');
    if (r.status !== 'over') return;
    expect(r.scores).toEqual({ p1: 3, p2: 2, p3: 2 });
    expect(r.winners).toEqual(['p1']);
    expect(r.summary).toMatch(/Population Award \(Most Folk, 12\): Settlement 1 and Settlement 2 — tied, shared/);
    expect(r.summary).toMatch(/Prosperity Award \(Most Money, 9\): Settlement 1 and Settlement 2 — tied, shared/);
    expect(r.summary).toMatch(/Builder Award \(Most Structures \+ Plots, 21\): Settlement 3;/);
    expect(r.summary).toMatch(/Settlement 1 wins with 3 awards/);
  });
  it('a shared victory when the award counts tie; an overrun settlement has lost', () => {
    const g = newGame(2, 'tie');
    start(g, ['clark', 'boone']);
    const s = g.env.game;
    const [a, b] = s.settlements;
    Object.assign(a.res, { folk: 12, happiness: 30, money: 1 });
    Object.assign(b.res, { folk: 10, happiness: 10, money: 9, grain: 30 });
    a.res.plots = b.res.plots = 6;
    endHere(g);
    let r = finalResult(s);
    if (r.status === 'over') {
      expect(r.winners).toEqual(['p1', 'p2']);
      expect(r.draw).toBe(true);
      expect(r.summary).toMatch(/Shared victory/);
    }
    b.out = 'overrun';
    r = finalResult(s);
    if (r.status === 'over') {
      expect(r.winners).toEqual(['p1']);
      expect(r.summary).toMatch(/Settlement 2 was overrun and lost/);
    }
  });
  it('Solo: the end report gives the five award measures and says the settlement survived', () => {
    const g = newGame(1, 'solo-end');
    start(g, ['clark']);
    endHere(g);
    const r = rifle.result(g.env.game);
    expect(r.status).toBe('over');
    if (r.status === 'over') {
      expect(r.winners).toEqual(['p1']);
      expect(r.summary).toMatch(/SURVIVED/);
      expect(r.summary).toMatch(/Folk 10, Happiness 12, Structures\+Plots 18, Money 5, Grain\+Livestock\+Food 28/);
    }
  });
});
