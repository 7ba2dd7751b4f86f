// The /rifle command surface: subcommands cover every legal action, free-text
// plans, default counts, autocomplete labels naming what each limit allows.
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../render/kit.ts';
import { renderRifle, renderRifleChart } from '../../render/rifle.ts';
import { parsePlanText } from '../../src/games/rifle/plan.ts';
import { playout } from '../games/playout.ts';
import { act, newGame, rifle, start } from './helpers.ts';
import { rifleTable, text } from '../app/harness.ts';

describe('/rifle commands', () => {
  it('every legal action names an existing subcommand and its options', () => {
    const subs = new Map(rifle.subcommands.map((s) => [s.name, new Set(s.options.map((o) => o.name))]));
    let n = 0;
    playout(rifle, { players: 2 }, 'cmd-1', {
      each(env) {
        for (const p of rifle.prompts(env.game))
          for (const l of rifle.legal(env.game, p.role)) {
            expect(subs.get(l.sub), l.label).toBeDefined();
            for (const k of Object.keys(l.args)) expect(subs.get(l.sub)!.has(k), `${l.sub} ${k}`).toBe(true);
            expect(l.label.length).toBeGreaterThan(3);
            n++;
          }
      },
    });
    expect(n).toBeGreaterThan(100);
  });
  it('plans text: "fishing x3, trapping x2, build cabin, sell 4 hides, buy 2 tools"', () => {
    expect(parsePlanText('fishing x3, trapping x2, build cabin, sell 4 hides, buy 2 tools, 2 weave containers, milk')).toEqual([
      { type: 'plan', act: 'fishing', count: 3 },
      { type: 'plan', act: 'trapping', count: 2 },
      { type: 'plan', act: 'build:cabins', count: 1 },
      { type: 'sell', good: 'hides', qty: 4 },
      { type: 'buy', good: 'tools', qty: 2 },
      { type: 'plan', act: 'weaving:containers', count: 2 },
      { type: 'plan', act: 'milkbutcher:milk', count: 1 },
    ]);
    expect(() => parsePlanText('juggling x2')).toThrow(/not an action/);
  });
  it('plan action (count defaults to 1); autocomplete labels say what each limiting factor still allows', () => {
    const g = newGame(1, 'cmd');
    start(g, ['clark']);
    const plan = rifle.subcommands.find((s) => s.name === 'plan')!;
    expect(plan.toActions!(g.env.game, 'p1', { action: 'trapping' })).toEqual([{ type: 'plan', act: 'trapping', count: 1 }]);
    act(g, 'p1', { type: 'plan', act: 'clear', count: 2 });
    const trap = rifle.legal(g.env.game, 'p1').find((l) => l.action.type === 'plan' && l.action.act === 'trapping')!;
    expect(trap.argLabels!.action).toMatch(/max 6, 6 left; Tools 2 left; Folk 8 left; can add 2/);
    expect(rifle.legal(g.env.game, 'p1').some((l) => l.sub === 'unplan' && l.args.action === 'clear')).toBe(true);
    expect(rifle.legal(g.env.game, 'p1').some((l) => l.action.type === 'plan' && l.action.act === 'harvest')).toBe(false);
  });
  it('help: an overview and the phase now', () => {
    const g = newGame(1, 'help');
    expect(rifle.help.overview).toMatch(/\/rifle plans/);
    expect(rifle.help.phase(g.env.game)).toMatch(/leader/);
    start(g, ['clark']);
    expect(rifle.help.phase(g.env.game)).toMatch(/Spring: Plant now/);
  });
});

describe('Rendering', () => {
  it('boards and Action Board PNG; the award chart at game end', () => {
    const { env } = playout(rifle, { players: 4 }, 'render-1');
    const view = rifle.view(env.game, { kind: 'spectator' });
    const png = renderRifle(view);
    expect(pngSize(png).width).toBeGreaterThan(900);
    expect(pngSize(renderRifleChart(view)).height).toBeGreaterThan(300);
    const g = newGame(1, 'r');
    start(g, ['clark']);
    expect(pngSize(renderRifle(rifle.view(g.env.game, { kind: 'seat', role: 'p1' }))).width).toBeGreaterThan(900);
  });
});

describe('/rifle refusals say what was wrong (issue 3)', () => {
  it('a plan list is all or nothing and names the item refused', async () => {
    const h = await rifleTable({ seed: 'batch', leaders: ['clark'] });
    // Turn 1: no Lumber yet, so a Cabin (1 Lumber) cannot be built.
    const o = await h.router.dispatch({
      command: 'rifle',
      sub: 'plans',
      options: { text: 'fishing x3, build cabin' },
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/Item 2 of 2 was refused: .*Lumber/);
    expect(o.replies[0].content).toMatch(/Nothing from this list was applied/);
    expect(text(await h.say('alice', '/rifle review'))).toMatch(/nothing planned/);
    const trade = await h.say('alice', '/rifle plan action:trade');
    expect(trade.replies[0].content).toMatch(/\/rifle sell good: qty: and \/rifle buy good: qty:/);
  });
  it('names of Object.prototype ("__proto__", "constructor") are refused as unknown actions and goods, listing the allowed ones (issue 22)', async () => {
    const h = await rifleTable({ seed: 'proto', leaders: ['clark'] });
    for (const typed of ['__proto__', 'constructor', 'toString']) {
      const plans = (await h.say('alice', `/rifle plans text:${typed}`)).replies[0]!;
      expect(plans.ephemeral).toBe(true);
      expect(plans.content).toContain(`"${typed}" is not an action.`);
      expect(plans.content).toMatch(/Actions: .*Clear Land/);
      expect(plans.content).not.toMatch(/undefined/);
      const plan = (await h.say('alice', `/rifle plan action:${typed}`)).replies[0]!;
      expect(plan.content).toContain(`"${typed}" is not an action on the Action Board.`);
      const buy = (await h.say('alice', `/rifle buy good:${typed} qty:1`)).replies[0]!;
      expect(buy.ephemeral).toBe(true);
      expect(buy.content).not.toMatch(/undefined|Something went wrong/);
    }
    expect(text(await h.say('alice', '/rifle review'))).toMatch(/nothing planned/);
  });
  it('Trade Convoy quantities: any quantity up to what is held (the rule), never a negative one', async () => {
    const g = newGame(1, 'qty');
    start(g, ['clark']);
    const sells = rifle
      .legal(g.env.game, 'p1')
      .filter((l) => l.action.type === 'sell' && l.action.good === 'grain')
      .map((l) => l.action.qty);
    expect(sells).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const h = await rifleTable({ seed: 'qty', leaders: ['clark'] });
    expect((await h.say('alice', '/rifle sell good:grain qty:-5')).replies[0].content).toMatch(
      /Quantity must be a whole number, 1 or more/,
    );
    expect((await h.say('alice', '/rifle sell good:grain qty:7')).replies.some((r) => /Sell 7 Grain/.test(r.content))).toBe(true);
  });
});

describe("refusals give the rules' reason (issue 2 §4)", () => {
  it('a sell or buy beyond what the limits allow says why, not just "not legal"', async () => {
    const h = await rifleTable({ seed: 'why', leaders: ['clark'] });
    const grain = (await h.say('alice', '/rifle sell good:grain qty:50')).replies[0];
    expect(grain.ephemeral).toBe(true);
    expect(grain.content).toMatch(/only 10 Grain to sell/);
    expect((await h.say('alice', '/rifle sell good:wood qty:2')).replies[0].content).toMatch(/Wood is not on the Buy and Sell Table/);
    expect((await h.say('alice', '/rifle buy good:horses qty:30')).replies[0].content).toMatch(/30 Horses cost 180 Money; 5 on hand/);
  });
});

describe('autocomplete (issue 2 §4)', () => {
  it("a list longer than Discord's 25 ends with a hint that more exist; typing narrows it", async () => {
    const h = await rifleTable({ seed: 'ac', leaders: ['clark'] });
    const ask = (partial: string) =>
      h.router.autocomplete({
        command: 'rifle',
        sub: 'plan',
        focused: 'action',
        partial,
        options: {},
        caller: { id: 'alice', name: 'alice', isModerator: false },
        where: { guildId: 'g1', channelId: 'c1' },
      });
    const all = await ask('');
    expect(all).toHaveLength(25);
    expect(all[24].name).toMatch(/^… \d+ more: type part of a name/);
    const smelt = await ask('smelt');
    expect(smelt.map((c) => c.value)).toEqual(['smelting']);
    const before = h.svc.store.liveGame('c1')!.version;
    const picked = await h.say('alice', `/rifle plan action:${all[24].value}`);
    expect(picked.replies[0].ephemeral).toBe(true);
    expect(picked.replies[0].content).toMatch(/Choices for `action` now:/);
    expect(picked.replies.map((r) => r.content).join('\n')).toMatch(/• Smelting/);
    expect(h.svc.store.liveGame('c1')!.version).toBe(before);
  });
});
