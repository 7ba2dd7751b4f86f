// The bot settler's judgement: leader, Peace re-rolls, "X or Y" losses, and a
// first-turn plan that feeds and salts everyone; all its choices are legal.
import { describe, expect, it } from 'vitest';
import { autoPlan, bot, raidCost } from '../../src/games/rifle/bot.ts';
import { applyAction } from '../../src/engine/runner.ts';
import { simulate } from '../../src/games/rifle/actions/limits.ts';
import { act, newGame, rifle, st, start } from './helpers.ts';
import { planOf } from '../../src/games/rifle/plan.ts';
import { breathe } from '../setup/breathe.ts';
import { botGame } from './bot-vs-random.ts';

const fixed = () => 0.5;

describe('bot settler', () => {
  it('picks James Harrod first (his extra Recruit is the surest growth), then a fighting leader', () => {
    const g = newGame(2);
    const pick1 = bot(g.env.game, 'p1', rifle.legal(g.env.game, 'p1'), { rand: fixed });
    expect(pick1.action).toEqual({ type: 'leader', leader: 'harrod' });
    act(g, 'p1', pick1.action);
    const pick2 = bot(g.env.game, 'p2', rifle.legal(g.env.game, 'p2'), { rand: fixed });
    expect(pick2.action).toEqual({ type: 'leader', leader: 'clark' });
  });

  it('raid cost: a higher Fight never costs more; War Party and Siege below their Fight risk the fort', () => {
    for (let face = 1; face <= 10; face++) {
      for (let f = 0; f < 30; f++) expect(raidCost(face, f + 1, 10)).toBeLessThanOrEqual(raidCost(face, f, 10) + 1e-9);
    }
    expect(raidCost(1, 0, 10)).toBe(0);
    expect(raidCost(10, 8, 10)).toBeGreaterThan(3);
    expect(raidCost(10, 26, 10)).toBeLessThan(2);
  });

  it('spends Peace on a Siege it cannot match, keeps it for a Murder it outfights', () => {
    const g = newGame(1);
    start(g, ['harrod']);
    const s = st(g);
    s.res.peace = 2;
    s.pending = { kind: 'reroll', face: 10 };
    expect(bot(g.env.game, 'p1', rifle.legal(g.env.game, 'p1'), { rand: fixed }).action).toEqual({ type: 'reroll' });
    s.pending = { kind: 'reroll', face: 3 };
    expect(bot(g.env.game, 'p1', rifle.legal(g.env.game, 'p1'), { rand: fixed }).action).toEqual({ type: 'accept' });
  });

  it('pays "Grain or Food" in Grain (Food is eaten this turn) and "Wood or Lumber" in Wood', () => {
    const g = newGame(1);
    start(g, ['harrod']);
    const s = st(g);
    s.res.grain = 10;
    s.res.food = 10;
    s.pending = { kind: 'either', amount: 4, of: ['grain', 'food'], why: 'test' };
    expect(bot(g.env.game, 'p1', rifle.legal(g.env.game, 'p1'), { rand: fixed }).action).toEqual({ type: 'choose', option: 'grain' });
    s.res.grain = 1;
    expect(bot(g.env.game, 'p1', rifle.legal(g.env.game, 'p1'), { rand: fixed }).action).toEqual({ type: 'choose', option: 'food' });
    s.res.wood = 3;
    s.res.lumber = 3;
    s.pending = { kind: 'either', amount: 1, of: ['lumber', 'wood'], why: 'test' };
    expect(bot(g.env.game, 'p1', rifle.legal(g.env.game, 'p1'), { rand: fixed }).action).toEqual({ type: 'choose', option: 'wood' });
  });

  it('Storage Phase: the bot loses the stored goods in the default order (Grain first) and picks only legal buttons', () => {
    const g = newGame(1);
    start(g, ['clark']);
    const s = st(g);
    Object.assign(s.res, { grain: 3, food: 5, salt: 2, gunpowder: 1, lye: 0 });
    s.pending = { kind: 'storage', total: 11, room: 6, left: 5, lost: {} };
    const legal = rifle.legal(g.env.game, 'p1');
    const pick = bot(g.env.game, 'p1', legal, { rand: fixed });
    expect(legal).toContain(pick);
    expect(pick.action).toEqual({ type: 'choose', option: 'grain' });
  });

  it('a first-turn plan is legal, cooks, and leaves Food for every Folk and the Salt they need', () => {
    for (const leader of ['harrod', 'clark', 'lindsay']) {
      const g = newGame(1, `plan-${leader}`);
      start(g, [leader]);
      // Harrod and Ann Lindsay first choose their extra action.
      while (st(g).pending) act(g, 'p1', bot(g.env.game, 'p1', rifle.legal(g.env.game, 'p1'), { rand: fixed }).action);
      const s = st(g);
      // In place, as /rifle auto does, so `s` follows the plan.
      autoPlan(g.env.game, s, (a) => void applyAction(rifle, g.env, 'p1', a, true));
      const { sim, error } = simulate(s, g.env.game.turn, planOf(g.env.game, s));
      expect(error).toBeNull();
      expect(sim.res.food).toBeGreaterThanOrEqual(sim.res.folk);
      expect(sim.res.salt).toBeGreaterThanOrEqual(Math.floor(sim.res.folk / 10));
      expect(planOf(g.env.game, s).some((e) => e.t === 'act' && e.key === 'cooking')).toBe(true);
      expect(sim.folkUsed).toBeGreaterThan(sim.folkCap - 2);
    }
  });

  it('every action the bot picks in a whole game is one of the legal actions offered', async () => {
    const g = newGame(2, 'bot-legal', { roundup: true });
    let steps = 0;
    while (rifle.result(g.env.game).status !== 'over' && steps++ < 20_000) {
      const p = rifle.prompts(g.env.game)[0];
      const legal = rifle.legal(g.env.game, p.role);
      const pick = bot(g.env.game, p.role, legal, { rand: fixed });
      expect(legal).toContain(pick);
      act(g, p.role, pick.action);
      await breathe();
    }
    expect(rifle.result(g.env.game).status).toBe('over');
  });
});

describe('the bot against random play (issue 22: at least 90 % on every seat; the full rates are in the bots bench)', () => {
  it('with roundup, the bot settlement survives at least 8 of 10 seeded solo games (a floor: the 100-game rates are measured by the bench)', async () => {
    let survived = 0;
    for (let i = 0; i < 10; i++) {
      if (botGame(1, 'p1', `bot-test-1-1-${i}`, true).survived) survived++;
      await breathe();
    }
    expect(survived).toBeGreaterThanOrEqual(8);
  });
});
