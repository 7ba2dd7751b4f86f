// Tabletop mode: the facts referee-mode players report are measured from
// positions (Command Points p.12, Ranges and Line of Sight pp.16-17, Making
// Contact p.20, Infantry Forming Square p.23), and what the table forbids is
// refused with the tabletop's reason.
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import { canonical, replay } from '../../src/engine/runner.ts';
import { machine } from '../../src/games/atkm/flow.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import type { AtkmState } from '../../src/games/atkm/state.ts';
import { playoutAsync } from '../games/playout.ts';
import { blank, dice, labels, play, put, top } from './helpers.ts';

const prompts = (s: AtkmState) => machine.prompts(s);

/** An open table (no terrain) with the generals far back. */
function open(): AtkmState {
  const s = blank({ mode: 'tabletop' });
  s.table = { width: 72, height: 48, terrain: [] };
  s.objectives = [];
  for (const g of s.generals) Object.assign(g, { x: 36, y: g.side === 'red' ? 47 : 1 });
  return s;
}

describe('ATKM tabletop: Command Points (p.12) measured from the general', () => {
  it('a yellow unit within 12" needs only a command point; beyond 12" the order roll', () => {
    const s = open();
    const near = put(s, 'red', 'infantry', { color: 'yellow', x: 36, y: 40, facing: 0 });
    const far = put(s, 'red', 'infantry', { color: 'yellow', x: 10, y: 20, facing: 0 });
    s.sides.red.cp = 2;
    play(s, '4H');
    expect(labels(s, 'red')).toContain(`Activate ${near.name} (yellow, within 12" of a general: 1 command point)`);
    expect(labels(s, 'red')).toContain(`Activate ${far.name} (yellow, beyond 12": 1 command point and 2 yellow order dice)`);
    const t = dice(1, 1);
    machine.apply(s, 'red', { type: 'activate', unit: far.id }, t.ctx);
    expect(t.text()).toMatch(/orders do not reach/);
  });
});

describe('ATKM tabletop: Ranges and Line of Sight (pp.16-17)', () => {
  it('a target out of range is not offered and is refused with the distance', () => {
    const s = open();
    const foot = put(s, 'red', 'infantry', { x: 36, y: 40, facing: 0 });
    const near = put(s, 'black', 'infantry', { x: 36, y: 30, facing: 180 });
    const far = put(s, 'black', 'infantry', { x: 10, y: 5, facing: 180 });
    play(s, '4H');
    machine.apply(s, 'red', { type: 'activate', unit: foot.id }, dice().ctx);
    const targets = machine
      .legal(s, 'red')
      .filter((l) => l.sub === 'fire')
      .map((l) => l.args.target);
    expect(targets).toEqual([near.id]);
    expect(() => atkm.open!.fire!.check(s, 'red', { type: 'fire', target: far.id })).toThrow(/out of range/);
    // Facts are measured, not reported.
    expect(() => atkm.open!.fire!.check(s, 'red', { type: 'fire', target: near.id, cover: 'light' })).toThrow(/measures cover itself/);
  });

  it('a move order is checked by the tabletop; too far is refused with the allowance', () => {
    const s = open();
    const foot = put(s, 'red', 'infantry', { x: 36, y: 40, facing: 0 });
    put(s, 'black', 'infantry', { x: 36, y: 5, facing: 180 });
    play(s, '4H');
    machine.apply(s, 'red', { type: 'activate', unit: foot.id }, dice().ctx);
    expect(() => atkm.open!.move!.check(s, 'red', { type: 'move', order: 'forward:9' })).toThrow(/may move 6"/);
    machine.apply(s, 'red', { type: 'move', order: 'forward:6' }, dice().ctx);
    expect(foot.y).toBeCloseTo(34, 1);
  });

  it('Moving Your Troops (p.14): an order that does not parse is refused with examples this unit may carry out (its own 6")', () => {
    const s = open();
    const foot = put(s, 'red', 'infantry', { x: 36, y: 40, facing: 0 });
    put(s, 'black', 'infantry', { x: 36, y: 5, facing: 180 });
    play(s, '4H');
    machine.apply(s, 'red', { type: 'activate', unit: foot.id }, dice().ctx);
    let refusal: RuleError | undefined;
    try {
      atkm.open!.move!.check(s, 'red', { type: 'move', order: 'forward:banana' });
    } catch (e) {
      refusal = e as RuleError;
    }
    expect(refusal?.message).toMatch(/forward needs a number, not 'banana'/);
    expect(refusal!.allowed).toContain('forward:6');
    expect(refusal!.allowed).toContain('back:3');
    expect(refusal!.allowed.some((a) => /forward:8/.test(a))).toBe(false);
    // Each example is an order the unit may give now.
    for (const order of refusal!.allowed) expect(() => atkm.open!.move!.check(s, 'red', { type: 'move', order })).not.toThrow();
  });
});

describe('ATKM tabletop: Making Contact and Forming Square (pp.20, 23)', () => {
  it('cavalry charges into front-centre contact; infantry within 12" of its general forms square without a roll', () => {
    const s = open();
    const cav = put(s, 'black', 'cavalry', { x: 36, y: 26, facing: 180 });
    const inf = put(s, 'red', 'infantry', { x: 36, y: 38, facing: 0 });
    for (let i = 0; i < 3; i++) put(s, 'red', 'infantry', { x: 6 + i * 10, y: 44, facing: 0 });
    for (let i = 0; i < 3; i++) put(s, 'black', 'infantry', { x: 6 + i * 10, y: 4, facing: 180 });
    s.generals.find((g) => g.side === 'red')!.y = 45;
    play(s, '5C');
    const t = dice(...Array(40).fill(1));
    machine.apply(s, 'black', { type: 'activate', unit: cav.id }, t.ctx);
    expect(machine.legal(s, 'black').some((l) => l.sub === 'charge' && l.args.target === inf.id)).toBe(true);
    machine.apply(s, 'black', { type: 'charge', target: inf.id }, t.ctx);
    expect(t.text()).toMatch(/within 12" of a general and forms square automatically/);
    // The loser chooses the direction of its escape (p.22): straight away first, or 45° either side.
    expect(top(s)).toMatchObject({ proc: 'melee', step: 'escape' });
    const loser = top(s).loser === 'attacker' ? 'black' : 'red';
    const ways = machine.legal(s, loser);
    expect(ways[0]!.label).toMatch(/straight away/);
    machine.apply(s, loser, ways[0]!.action, t.ctx);
    expect(top(s).proc).not.toBe('melee');
    expect(cav.y).toBeGreaterThan(26);
  });
});

describe('ATKM tabletop: a square reduced to 7 or fewer (Infantry Forming Square, p.24)', () => {
  it('a square that wins the melee but drops to 7 moves 6" away from the cavalry and takes the formation its player chooses', () => {
    const s = open();
    const cav = put(s, 'black', 'cavalry', { figures: 6, x: 36, y: 24, facing: 180 });
    const inf = put(s, 'red', 'infantry', { figures: 8, formation: 'square', x: 36, y: 34, facing: 0 });
    for (let i = 0; i < 3; i++) put(s, 'red', 'infantry', { x: 6 + i * 10, y: 44, facing: 0 });
    for (let i = 0; i < 3; i++) put(s, 'black', 'infantry', { x: 6 + i * 10, y: 4, facing: 180 });
    play(s, '5C');
    // Cavalry 6 green dice (1/1 against a square): 2 successes; the square 8 green dice: 3 successes.
    const t = dice(6, 6, 1, 1, 1, 1, /* square */ 6, 5, 4, 1, 1, 1, 1, 1, ...Array(30).fill(1));
    machine.apply(s, 'black', { type: 'activate', unit: cav.id }, t.ctx);
    machine.apply(s, 'black', { type: 'charge', target: inf.id }, t.ctx);
    expect(t.text()).toMatch(/already in square: no roll/);
    expect(inf.figures).toBe(6);
    expect(cav.figures).toBe(3);
    // The cavalry lost: it flees 12" (its player chooses the way when there is a choice).
    if (top(s).step === 'escape') machine.apply(s, 'black', machine.legal(s, 'black')[0]!.action, t.ctx);
    const before = { x: inf.x, y: inf.y };
    expect(top(s)).toMatchObject({ proc: 'melee', step: 'small' });
    expect(t.text()).toMatch(/too few for a square: it moves 6" away from/);
    // The square has fallen back 6" (its centre) and still stands in square until its player chooses.
    expect(inf.y).toBeGreaterThan(34 + 5);
    expect(inf.formation).toBe('square');
    const forms = machine.legal(s, 'red').map((l) => l.args.formation);
    expect(forms).toContain('line');
    // Typed without facing: toward the enemy it fell back from (the first listed heading).
    const toward = machine.legal(s, 'red').find((l) => l.args.formation === 'line')!;
    expect(toward.label).toMatch(/toward /);
    machine.apply(s, 'red', { type: 'form', formation: 'line' }, t.ctx);
    expect(inf.formation).toBe('line');
    expect(String(Math.round(inf.facing))).toBe(toward.args.facing);
    expect(Math.hypot(inf.x - before.x, inf.y - before.y)).toBeLessThan(6);
    expect(top(s).proc).not.toBe('melee');
  });

  it('p.24 "may face in the direction of its player\'s choice": line or column, each toward the enemy, to either side or about, listed', () => {
    const s = open();
    const cav = put(s, 'black', 'cavalry', { figures: 6, x: 36, y: 24, facing: 180 });
    const inf = put(s, 'red', 'infantry', { figures: 8, formation: 'square', x: 36, y: 34, facing: 0 });
    play(s, '5C');
    // The cavalry 1 success, the square 2: the square wins but drops to 7; the cavalry (4 left) flees.
    const t = dice(6, 1, 1, 1, 1, 1, /* square */ 6, 6, 1, 1, 1, 1, 1, 1, ...Array(30).fill(1));
    machine.apply(s, 'black', { type: 'activate', unit: cav.id }, t.ctx);
    machine.apply(s, 'black', { type: 'charge', target: inf.id }, t.ctx);
    if (top(s).step === 'escape') machine.apply(s, 'black', machine.legal(s, 'black')[0]!.action, t.ctx);
    expect(top(s)).toMatchObject({ proc: 'melee', step: 'small' });
    expect(inf.figures).toBe(7);
    const legal = machine.legal(s, 'red');
    expect(new Set(legal.map((l) => l.args.formation))).toEqual(new Set(['line', 'column']));
    // The enemy has fled north (up): toward it is about 0°; then 90 (enemy on its left), 270 (on its right), 180 (about).
    const lines = legal.filter((l) => l.args.formation === 'line').map((l) => Number(l.args.facing));
    expect(lines.length).toBe(4);
    const enemy = lines[0]!;
    expect(Math.min(enemy, 360 - enemy)).toBeLessThan(30);
    expect(lines.map((h) => (h - enemy + 360) % 360)).toEqual([0, 90, 270, 180]);
    expect(prompts(s)[0]!.text).toMatch(/and its facing/);
    // The player turns the new line about: it ends facing that way, in line.
    const about = legal.find((l) => l.args.formation === 'line' && (Number(l.args.facing) - enemy + 360) % 360 === 180)!;
    expect(about.label).toMatch(/its back to/);
    // A heading not listed is refused with the list.
    expect(() => machine.apply(s, 'red', { type: 'form', formation: 'line', facing: '33' }, t.ctx)).toThrow(/facing/);
    machine.apply(s, 'red', about.action, t.ctx);
    expect(inf.formation).toBe('line');
    expect(Math.round(inf.facing)).toBe(Number(about.args.facing));
    expect(t.text()).toMatch(/assumes line facing \d+° \(its back to/);
    expect(top(s).proc).not.toBe('melee');
  });
});

describe('ATKM tabletop: the King (Special Cards, p.10) moves the general anywhere within 20"', () => {
  it('any point up to 20" is accepted (an open action); farther or off the table is refused with the reason; restore: needs contact', () => {
    const s = open();
    const inf = put(s, 'red', 'infantry', { x: 20, y: 40, facing: 0, officer: false });
    put(s, 'black', 'infantry', { x: 36, y: 5, facing: 180 });
    const g = s.generals.find((x) => x.side === 'red')!;
    play(s, 'KH');
    // Listed: toward his army; any other point is checked by the open action.
    expect(machine.legal(s, 'red').some((l) => l.sub === 'general' && /toward his army/.test(l.label))).toBe(true);
    const king = atkm.open!.general!;
    expect(() => king.check(s, 'red', { type: 'general', to: '36,20' })).toThrow(/up to 20"; that is 27"/);
    expect(() => king.check(s, 'red', { type: 'general', to: '50,50' })).toThrow(/off the table|up to 20"/);
    expect(() => king.check(s, 'red', { type: 'general', to: '40,40', restore: inf.id })).toThrow(/must reach it \(within 1"\)/);
    expect(() => king.check(s, 'black', { type: 'general', to: '40,40' })).toThrow(/Red's card|red's card/i);
    king.check(s, 'red', { type: 'general', to: '50,40' });
    // Into contact with the unit that lost its officer: he restores it.
    const t = dice();
    machine.apply(s, 'red', { type: 'general', to: '20,41', restore: inf.id }, t.ctx);
    expect({ x: g.x, y: g.y }).toEqual({ x: 20, y: 41 });
    expect(inf.officer).toBe(true);
    expect(t.text()).toMatch(/King: .* moves 17\.09" to 20,41 into contact/);
    expect(top(s).proc).not.toBe('card');
  });
});

describe('ATKM tabletop: the King restores a unit (Special Cards p.10, Optional Rule: Special Casualties p.27)', () => {
  it('a unit within his 20" missing its officer or ensign is a listed choice (buttons, bots); one beyond 20" is not', () => {
    const s = open();
    const g = s.generals.find((x) => x.side === 'red')!;
    const near = put(s, 'red', 'infantry', { x: 20, y: 40, facing: 0, officer: false });
    const noFlag = put(s, 'red', 'infantry', { x: 50, y: 40, facing: 0, ensign: false });
    const far = put(s, 'red', 'infantry', { x: 36, y: 10, facing: 0, officer: false });
    put(s, 'black', 'infantry', { x: 60, y: 5, facing: 180 });
    play(s, 'KH');
    const restores = machine.legal(s, 'red').filter((l) => l.sub === 'general' && l.args.restore);
    expect(restores.map((l) => l.args.restore).sort()).toEqual([near.id, noFlag.id].sort());
    expect(restores.find((l) => l.args.restore === noFlag.id)!.label).toMatch(/restore its ensign/);
    expect(restores.some((l) => l.args.restore === far.id)).toBe(false);
    // Each listed point passes the open action's own check: within 20" and touching the unit.
    for (const l of restores) atkm.open!.general!.check(s, 'red', l.action);
    const pick = restores.find((l) => l.args.restore === near.id)!;
    const t = dice();
    machine.apply(s, 'red', pick.action, t.ctx);
    expect(near.officer).toBe(true);
    expect(`${g.x},${g.y}`).toBe(pick.args.to);
    expect(t.text()).toMatch(/into contact with .*a new officer is appointed/s);
    expect(top(s).proc).not.toBe('card');
  });

  it('typed with restore: and no to:, the general goes to the listed point by the unit', () => {
    const s = open();
    const g = s.generals.find((x) => x.side === 'red')!;
    const u = put(s, 'red', 'infantry', { x: 20, y: 40, facing: 0, ensign: false });
    put(s, 'black', 'infantry', { x: 60, y: 5, facing: 180 });
    play(s, 'KH');
    const listed = machine.legal(s, 'red').find((l) => l.args.restore === u.id)!;
    machine.apply(s, 'red', { type: 'general', restore: u.id }, dice().ctx);
    expect(u.ensign).toBe(true);
    expect(`${g.x},${g.y}`).toBe(listed.args.to);
  });

  it('the bot uses the King to restore a leaderless unit it can reach', () => {
    const s = open();
    const u = put(s, 'red', 'infantry', { x: 20, y: 40, facing: 0, officer: false, color: 'red' });
    put(s, 'black', 'infantry', { x: 60, y: 5, facing: 180 });
    play(s, 'KH');
    const choice = atkm.bot!(s, 'red', machine.legal(s, 'red'), { rand: () => 0.5 });
    expect(choice.action).toMatchObject({ type: 'general', restore: u.id });
  });
});

describe('ATKM tabletop: /atkm measure from: to: answers without acting', () => {
  it('distance, arc, sight and range between two units; referee mode explains how to measure', () => {
    const s = open();
    const foot = put(s, 'red', 'infantry', { x: 36, y: 40, facing: 0 });
    const foe = put(s, 'black', 'infantry', { x: 36, y: 30, facing: 180 });
    const info = atkm.subcommands.find((c) => c.name === 'measure')!.info!;
    const text = info(s, { kind: 'spectator' }, { from: foot.id, to: foe.name });
    expect(text).toMatch(/front arc/);
    expect(text).toMatch(/line of sight clear/);
    expect(text).toMatch(/in range/);
    expect(info(blank(), { kind: 'spectator' }, {})).toMatch(/Referee mode: measure on your own table/);
  });
});

describe('ATKM tabletop playouts', () => {
  it('bot and random battles in the three scenarios end without dead ends, and replay equal', async () => {
    for (let i = 0; i < 4; i++) {
      const opts = {
        mode: 'tabletop',
        scenario: ['open-field', 'river-crossing', 'village'][i % 3]!,
        army: i % 2 ? 'roll' : 'standard',
        units: 6,
      };
      const seed = `atkm-tt-${i}`;
      const { env, log } = await playoutAsync(atkm, opts, seed, {
        random: i === 3,
        offered(_, offers) {
          for (const o of offers) expect(o.legal.length).toBeGreaterThan(0);
        },
      });
      expect(atkm.result(env.game).status).toBe('over');
      expect(canonical(replay(atkm, opts, seed, log).env.game)).toBe(canonical(env.game));
    }
  }, 120_000);
});
