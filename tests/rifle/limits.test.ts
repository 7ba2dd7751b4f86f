// Action Phase limits (Limit Rules, hard maxima, seasons, specialists, free
// actions, Trade Convoy, Build, Milk & Butcher, Gift Giving).
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import { limitsLine, simulate } from '../../src/games/rifle/actions/limits.ts';
import { act, legalTypes, newGame, planNow, rifle, start, st, texts, type G } from './helpers.ts';

function game(leader = 'clark', tweak: (g: G) => void = () => {}): G {
  const g = newGame(1, 'limits');
  start(g, [leader]);
  tweak(g);
  return g;
}
const plan = (g: G, act_: string, count = 1) => act(g, 'p1', { type: 'plan', act: act_, count });
const refused = (g: G, a: Record<string, unknown>, re: RegExp) => {
  let err: unknown;
  try {
    act(g, 'p1', a as never);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(RuleError);
  expect((err as Error).message).toMatch(re);
};
const maxCount = (g: G, key: string) =>
  Math.max(
    0,
    ...legalTypes(g)
      .filter((a) => a.type === 'plan' && a.act === key)
      .map((a) => Number(a.count)),
  );
const sim = (g: G) => simulate(st(g), g.env.game.turn, planNow(g)).sim;

describe('Limit Rules: limiting factors are cumulative', () => {
  it('Action limits: 8 Tools shared between Clear Land and Trapping (4 + 4, not 8 of each)', () => {
    const g = game('clark', (g) => {
      st(g).res.tools = 8;
      st(g).res.folk = 20;
    });
    plan(g, 'clear', 4);
    expect(maxCount(g, 'trapping')).toBe(4);
    plan(g, 'trapping', 4);
    expect(maxCount(g, 'mining')).toBe(0);
    refused(g, { type: 'plan', act: 'mining', count: 1 }, /limited by Tools/);
  });
  it('Action limits: Horses shared by Clear Land, Visit Saltlicks and Gift Giving', () => {
    const g = game('clark', (g) => {
      st(g).res.horses = 3;
      st(g).res.tools = 8;
    });
    plan(g, 'clear', 2);
    plan(g, 'salt', 1);
    expect(maxCount(g, 'gift:clothes')).toBe(0);
    refused(g, { type: 'plan', act: 'gift:clothes', count: 1 }, /limited by Horses/);
  });
  it('Action limits: one action per Folk', () => {
    const g = game();
    plan(g, 'fishing', 6);
    plan(g, 'home', 4);
    refused(g, { type: 'plan', act: 'home', count: 1 }, /not enough Folk/);
  });
});

describe('Hard maxima per turn', () => {
  it('Fishing max 6, Trapping max 6, Visit Saltlicks max 4, Gathering max 10, Hunting max 5', () => {
    const g = game('clark', (g) => {
      Object.assign(st(g).res, { folk: 40, tools: 10, horses: 8, rifles: 8, gunpowder: 10 });
    });
    expect(maxCount(g, 'fishing')).toBe(6);
    expect(maxCount(g, 'trapping')).toBe(6);
    expect(maxCount(g, 'salt')).toBe(4);
    expect(maxCount(g, 'gathering')).toBe(10);
    expect(maxCount(g, 'hunting')).toBe(5);
    plan(g, 'fishing', 6);
    refused(g, { type: 'plan', act: 'fishing', count: 1 }, /at most 6 per turn/);
  });
  it('Recruit: max 1 per 20 Folk (none below 20), limited by Horses', () => {
    const g = game();
    expect(maxCount(g, 'recruit')).toBe(0);
    st(g).res.folk = 45;
    expect(maxCount(g, 'recruit')).toBe(2);
  });
  it('Recruit: Folk recruited this turn may not take actions this turn', () => {
    const g = game('clark', (g) => (st(g).res.folk = 20));
    plan(g, 'recruit', 1);
    plan(g, 'fishing', 6);
    plan(g, 'gathering', 10);
    plan(g, 'home', 3);
    refused(g, { type: 'plan', act: 'home', count: 1 }, /not enough Folk/);
    expect(sim(g).res.folk).toBe(21);
  });
  it('Animal Husbandry: once per 5 Livestock', () => {
    const g = game('clark', (g) => (st(g).res.livestock = 14));
    expect(maxCount(g, 'husbandry')).toBe(2);
  });
});

describe('Seasons', () => {
  it('Plant in Spring only; Harvest in Fall only', () => {
    const g = game();
    expect(maxCount(g, 'plant')).toBe(6);
    expect(maxCount(g, 'harvest')).toBe(0);
    g.env.game.turn = 3;
    st(g).res.seed = 3;
    expect(maxCount(g, 'plant')).toBe(0);
    expect(maxCount(g, 'harvest')).toBe(3);
    plan(g, 'harvest', 2);
    expect(sim(g).res.grain).toBe(10 + 16);
  });
  it('Plant: limited by free Plots, Horses and Implements', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { plots: 9, implements: 5, horses: 8, grain: 20 }));
    expect(maxCount(g, 'plant')).toBe(5);
    st(g).res.implements = 9;
    st(g).res.seed = 2;
    expect(maxCount(g, 'plant')).toBe(7);
  });
  it('Winter: no Recruit, Husbandry or Gathering; Fishing gives 1 Food', () => {
    const g = game('clark', (g) => {
      g.env.game.turn = 4;
      Object.assign(st(g).res, { folk: 20, livestock: 10 });
    });
    expect(maxCount(g, 'recruit')).toBe(0);
    expect(maxCount(g, 'husbandry')).toBe(0);
    expect(maxCount(g, 'gathering')).toBe(0);
    refused(g, { type: 'plan', act: 'gathering', count: 1 }, /not possible in Winter/);
    plan(g, 'fishing', 3);
    expect(sim(g).res.food).toBe(st(g).res.food + 3);
  });
  it('Gathering: 1 Food, and 1 Happiness too in Summer', () => {
    const g = game();
    plan(g, 'gathering', 2);
    expect(sim(g).res.happiness).toBe(st(g).res.happiness);
    g.env.game.turn = 2;
    expect(sim(g).res.happiness).toBe(st(g).res.happiness + 2);
    expect(sim(g).res.food).toBe(st(g).res.food + 2);
  });
});

describe('Specialist actions (CP / BS)', () => {
  it('one Carpenter and one Blacksmith action per turn, using Folk', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { wood: 12, lumber: 4 }));
    plan(g, 'planks', 1);
    refused(g, { type: 'plan', act: 'barrels', count: 1 }, /at most 1 Carpenter/);
    plan(g, 'smelting', 1);
    refused(g, { type: 'plan', act: 'repair:tool', count: 1 }, /at most 1 Blacksmith/);
    expect(sim(g).folkUsed).toBe(2);
  });
  it('Carpenter Shop: one more Carpenter action, free of Folk; Craftsman boon: one more (with Folk)', () => {
    const g = game('clark', (g) => {
      Object.assign(st(g).res, { wood: 12, lumber: 4 });
      st(g).str.carpentry = 1;
      st(g).craftsmen.carpenter = 1;
    });
    plan(g, 'planks', 1);
    plan(g, 'barrels', 1);
    plan(g, 'furniture', 1);
    refused(g, { type: 'plan', act: 'handles', count: 1 }, /at most 3 Carpenter/);
    expect(sim(g).folkUsed).toBe(2);
  });
  it('Shoe Horses: uses 1 Metal, no Folk, and gives 1 Trade action this turn', () => {
    const g = game();
    plan(g, 'shoe', 1);
    act(g, 'p1', { type: 'buy', good: 'salt', qty: 1 });
    const s = sim(g);
    expect(s.folkUsed).toBe(0);
    expect(s.res.metal).toBe(3);
  });
});

describe('Free actions from structures, leaders and boons', () => {
  it('Road: 1 free Trade action per turn', () => {
    const g = game('clark', (g) => (st(g).str.road = 1));
    act(g, 'p1', { type: 'buy', good: 'salt', qty: 2 });
    expect(sim(g).folkUsed).toBe(0);
  });
  it('Tub Mill and Hominy Block: +1 Grind action each, free', () => {
    const g = game('clark', (g) => Object.assign(st(g).str, { tubmill: 1, hominy: 1 }));
    plan(g, 'grind', 3);
    expect(sim(g).folkUsed).toBe(1);
    expect(sim(g).res.food).toBe(6 + 10);
  });
  it('Benjamin Logan: 1 extra Build action (pays one point of labour)', () => {
    const g = game('logan', (g) => (st(g).res.lumber = 1));
    plan(g, 'build:cabins', 1);
    expect(sim(g).folkUsed).toBe(0);
    expect(sim(g).res.housing).toBe(11);
  });
  it('Daniel Boone: 1 extra Hunt action, raising the Hunting maximum to 6', () => {
    const g = game('boone', (g) => Object.assign(st(g).res, { rifles: 8, gunpowder: 8 }));
    expect(maxCount(g, 'hunting')).toBe(6);
    plan(g, 'hunting', 6);
    expect(sim(g).folkUsed).toBe(5);
  });
  it('Ann Lindsay: a prompt for the extra Home Industry, Cooking or Weaving action', () => {
    const g = newGame(1, 'ann');
    start(g, ['lindsay']);
    expect(legalTypes(g).map((a) => a.option)).toEqual(['home', 'cooking', 'weaving']);
    expect(rifle.prompts(g.env.game)[0].buttons).toBe(true);
    act(g, 'p1', { type: 'choose', option: 'cooking' });
    plan(g, 'cooking', 1);
    expect(sim(g).folkUsed).toBe(0);
  });
  it('James Harrod: extra Build, Trade or Recruit (no Recruit offered in Winter)', () => {
    const g = newGame(1, 'harrod');
    start(g, ['harrod']);
    expect(legalTypes(g).map((a) => a.option)).toEqual(['build', 'trade', 'recruit']);
    act(g, 'p1', { type: 'choose', option: 'trade' });
    act(g, 'p1', { type: 'buy', good: 'lye', qty: 1 });
    expect(sim(g).folkUsed).toBe(0);
  });
  it('Boon Stone Cutter (d10=5): an extra Build this turn', () => {
    const g = newGame(1, 'stone');
    start(g, ['clark'], { boon: [5] });
    plan(g, 'build:corrals', 1);
    expect(sim(g).folkUsed).toBe(0);
  });
});

describe('Trade Convoy', () => {
  it('one type sold and one bought per convoy, at the Buy and Sell Table prices', () => {
    const g = game('clark', (g) => (st(g).res.hides = 6));
    act(g, 'p1', { type: 'sell', good: 'hides', qty: 4 });
    act(g, 'p1', { type: 'buy', good: 'tools', qty: 3 });
    expect(planNow(g)).toEqual([{ t: 'trade', sell: { good: 'hides', qty: 4 }, buy: { good: 'tools', qty: 3 } }]);
    expect(sim(g).res.money).toBe(5 + 8 - 12);
    expect(sim(g).trades).toBe(1);
    act(g, 'p1', { type: 'sell', good: 'grain', qty: 2 });
    expect(sim(g).trades).toBe(2);
    refused(g, { type: 'buy', good: 'rifles', qty: 2 }, /cost 10 Money/);
  });
  it('Wood and Lumber are not on the table', () => {
    const g = game();
    expect(legalTypes(g).some((a) => a.type === 'sell' && a.good === 'wood')).toBe(false);
    refused(g, { type: 'sell', good: 'wood', qty: 1 }, /not on the Buy and Sell Table/);
  });
  it('resources committed to an action this turn cannot be sold', () => {
    const g = game();
    plan(g, 'trapping', 3);
    const tools = legalTypes(g)
      .filter((a) => a.type === 'sell' && a.good === 'tools')
      .map((a) => Number(a.qty));
    expect(Math.max(...tools)).toBe(1);
    refused(g, { type: 'sell', good: 'tools', qty: 2 }, /committed/);
  });
  it('Limit Rules and the Trade note: Horses sold earlier in the plan are gone from "Still allowed" and from each action\'s label', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { tools: 8, folk: 12 }));
    // 8 Horses; the convoy that sells 3 uses 1: 4 left to work with, not 7.
    const ev = act(g, 'p1', { type: 'sell', good: 'horses', qty: 3 });
    const line = ev.map((e) => e.text).join('\n');
    expect(line).toMatch(/Still allowed: .*Horses 4\/8 \(3 sold or given away\)/);
    expect(maxCount(g, 'clear')).toBe(4);
    const group = rifle.legal(g.env.game, 'p1').find((l) => l.action.type === 'plan' && l.action.act === 'clear')!.label;
    expect(group).toMatch(/Horses 4 left/);
    plan(g, 'clear', 4);
    expect(texts(act(g, 'p1', { type: 'plan', act: 'home', count: 1 }))).toMatch(/Horses 0\/8 \(3 sold or given away\)/);
    refused(g, { type: 'plan', act: 'salt', count: 1 }, /Horses sold or given away earlier this turn/);
  });
  it('Gift Giving spends Horses too: "Still allowed" counts them as gone', () => {
    const g = game();
    plan(g, 'gift:horses', 2);
    // Each gift uses 1 Horse (the Limit) and gives 1 away: 8 − 2 given = 6, 2 used → 4 left.
    expect(limitsLine(sim(g))).toMatch(/Horses 4\/8 \(2 sold or given away\)/);
    expect(maxCount(g, 'salt')).toBe(4);
  });
  it('one Trade action even with no Horses left, but only one', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { horses: 2, tools: 4 }));
    plan(g, 'clear', 2);
    act(g, 'p1', { type: 'buy', good: 'salt', qty: 1 });
    act(g, 'p1', { type: 'sell', good: 'grain', qty: 1 }); // the open convoy takes the sale
    refused(g, { type: 'buy', good: 'lye', qty: 1 }, /limited by Horses/);
  });
  it('Corral Pens hold 4 Horses each: no buying beyond', () => {
    const g = game('clark', (g) => (st(g).res.money = 30));
    refused(g, { type: 'buy', good: 'horses', qty: 1 }, /Corral Pens hold only 8/);
  });
});

describe('Build', () => {
  it('labour in Folk, matching Tools, one Horse, Wood and Lumber', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { wood: 10, lumber: 4, tools: 4 }));
    refused(g, { type: 'plan', act: 'build:stockade', count: 1 }, /needs 6 Tools|limited by Tools/);
    st(g).res.tools = 6;
    plan(g, 'build:stockade', 1);
    const s = sim(g);
    expect([s.folkUsed, s.used.tools, s.used.horses, s.res.wood, s.res.lumber, s.str.stockade]).toEqual([6, 6, 1, 0, 0, 1]);
  });
  it('maximum counts: one Church, four Blockhouses', () => {
    const g = game('clark', (g) => {
      Object.assign(st(g).res, { wood: 40, lumber: 40, tools: 10, folk: 20 });
      st(g).str.blockhouse = 3;
    });
    plan(g, 'build:church', 1);
    refused(g, { type: 'plan', act: 'build:church', count: 1 }, /at most 1/);
    plan(g, 'build:blockhouse', 1);
    refused(g, { type: 'plan', act: 'build:blockhouse', count: 1 }, /at most 4/);
    expect(sim(g).res.happiness).toBe(st(g).res.happiness + 10);
  });
  it('a Build needs a Horse', () => {
    const g = game('clark', (g) => (st(g).res.horses = 0));
    refused(g, { type: 'plan', act: 'build:cabins', count: 1 }, /Horse/);
  });
  it('unplanning strands later actions: they are dropped and reported', () => {
    const g = game('clark', (g) => (st(g).res.wood = 0));
    plan(g, 'clear', 2);
    plan(g, 'planks', 1);
    const ev = act(g, 'p1', { type: 'unplan', act: 'clear' });
    expect(planNow(g)).toEqual([{ t: 'act', key: 'clear', count: 1 }]);
    expect(ev[0].text).toMatch(/dropped.*Planks/);
  });
});

describe('Milk & Butcher, Gift Giving, Grind & Husk', () => {
  it('Milk & Butcher both modes: Milk (1 Food, max half the Livestock) or Butcher (Livestock → Food + Hides, Tools)', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { livestock: 7, tools: 2, folk: 12 }));
    expect(maxCount(g, 'milkbutcher:milk')).toBe(3);
    expect(maxCount(g, 'milkbutcher:butcher')).toBe(2);
    plan(g, 'milkbutcher:milk', 3);
    plan(g, 'milkbutcher:butcher', 2);
    const s = sim(g);
    expect([s.res.livestock, s.res.food, s.res.hides]).toEqual([5, 6 + 5, 2]);
  });
  it('Gift Giving: a Rifle, Horse, Tool, Clothes or Housewares for 1 Peace (Horses limit)', () => {
    const g = game();
    for (const k of ['rifles', 'horses', 'tools', 'clothes', 'housewares']) expect(maxCount(g, `gift:${k}`)).toBeGreaterThan(0);
    plan(g, 'gift:rifles', 1);
    plan(g, 'gift:housewares', 2);
    const s = sim(g);
    expect([s.res.peace, s.res.rifles, s.res.housewares]).toEqual([3, 3, 8]);
  });
  it('Grind & Husk: 4 Grain to 4 Food, 1 to 1 below 4', () => {
    const g = game('clark', (g) => (st(g).res.grain = 6));
    plan(g, 'grind', 2);
    expect(sim(g).res.food).toBe(12);
    expect(sim(g).res.grain).toBe(0);
  });
});
