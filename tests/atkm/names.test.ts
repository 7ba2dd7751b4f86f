// Names, never ids (issue 19 item 7; issue 22): every reply, refusal, menu and
// option of All the King's Men uses the names on the pictures ("Red 1st Foot",
// "General Redmond") and accepts them (ids still work); a disordered unit's
// activation is refused saying it is disordered and why (Units Resolve, p.12).
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/engine/errors.ts';
import { applyAction, createGame, whyNot } from '../../src/engine/runner.ts';
import { machine } from '../../src/games/atkm/flow.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import { measureText } from '../../src/games/atkm/commands.ts';
import type { AtkmState } from '../../src/games/atkm/state.ts';
import type { Action } from '../../src/engine/types.ts';
import { blank, dice, play, put, top } from './helpers.ts';

/** An internal id: a unit's `red-1`, a general's `black-g1`. */
const ID = /\b(red|black)-(g)?\d+\b/;

function refusal(f: () => void): RuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('ATKM Units Resolve (p.12): a disordered unit refused with why', () => {
  it('a unit idled by the 2 of its colour: "is disordered: Red\'s 2 of Hearts idled it" (Special Cards, p.11)', () => {
    const s = blank();
    const foot = put(s, 'red', 'infantry');
    put(s, 'red', 'infantry');
    put(s, 'black', 'infantry');
    play(s, '2H');
    machine.apply(s, 'red', { type: 'disorder', unit: foot.id }, dice().ctx);
    play(s, '6H');
    const e = refusal(() => machine.apply(s, 'red', { type: 'activate', unit: foot.id }, dice().ctx));
    expect(e.rule).toBe('ATKM Units Resolve');
    expect(e.message).toMatch(
      new RegExp(`^${foot.name} is disordered: Red's 2 of Hearts idled it for the turn \\(Special Cards: the 2, p\\.11\\)`),
    );
    expect(e.message).toMatch(/cannot be activated again this turn \(it still defends against fire and melee\)/);
    // Typed by name as well.
    expect(whyNot(atkm, s, 'red', { type: 'activate', unit: foot.name })?.message).toMatch(/is disordered/);
  });

  it('a red unit whose activation ended gets a disorder marker: "it was red when its last activation ended"', () => {
    const s = blank();
    const foot = put(s, 'red', 'infantry', { color: 'red' });
    put(s, 'red', 'infantry');
    put(s, 'black', 'infantry');
    s.sides.red.cp = 3;
    play(s, '6H');
    machine.apply(s, 'red', { type: 'activate', unit: foot.id, near: 'yes' }, dice().ctx);
    machine.apply(s, 'red', { type: 'done' }, dice().ctx);
    expect(foot.disorder).toBe(true);
    play(s, '7H');
    const e = refusal(() => machine.apply(s, 'red', { type: 'pass', unit: foot.id }, dice().ctx));
    expect(e.message).toMatch(/is disordered: it was red when its last activation ended \(Units Resolve, p\.12\)/);
  });
});

describe('ATKM tabletop: names in replies and options (issue 19 item 7)', () => {
  /** An open table (no terrain) with the generals far back. */
  function open(): AtkmState {
    const s = blank({ mode: 'tabletop' });
    s.table = { width: 72, height: 48, terrain: [] };
    s.objectives = [];
    for (const g of s.generals) Object.assign(g, { x: 36, y: g.side === 'red' ? 47 : 1 });
    return s;
  }

  it('/atkm measure from:"General Redmond" works; a bad end lists units and generals by name', () => {
    const s = open();
    const foot = put(s, 'red', 'infantry', { x: 36, y: 40, facing: 0 });
    const foe = put(s, 'black', 'infantry', { x: 36, y: 20, facing: 180 });
    expect(measureText(s, 'General Redmond', foot.name)).toMatch(
      new RegExp(`^General Redmond → ${foot.name}: [\\d.]+" to the nearest edge`),
    );
    expect(measureText(s, foot.name.toLowerCase(), foe.id)).toMatch(new RegExp(`^${foot.name} → ${foe.name}: `));
    const bad = measureText(s, 'Marshal Nobody', foe.name);
    expect(bad).toMatch(/'Marshal Nobody' is neither a unit, a general nor a point/);
    expect(bad).toMatch(/General Redmond/);
    expect(bad).toMatch(/General Blackwood/);
    expect(bad).not.toMatch(ID);
  });

  it('refusals name units (out of range, an unknown unit in an order); an order toward a unit by name', () => {
    const s = open();
    const foot = put(s, 'red', 'infantry', { x: 36, y: 40, facing: 0 });
    const far = put(s, 'black', 'infantry', { x: 10, y: 5, facing: 180 });
    put(s, 'black', 'infantry', { x: 60, y: 5, facing: 180 });
    play(s, '4H');
    machine.apply(s, 'red', { type: 'activate', unit: foot.id }, dice().ctx);
    const out = refusal(() => atkm.open!.fire!.check(s, 'red', { type: 'fire', target: far.id }));
    expect(out.message).toMatch(new RegExp(`${far.name} is [\\d.]+" away; ${foot.name} fires 12"`));
    const bad = refusal(() => machine.apply(s, 'red', { type: 'move', order: 'toward:Nobody' }, dice().ctx));
    expect(bad.message).toMatch(/toward: no other unit 'Nobody'/);
    expect(bad.allowed).toContain(`toward:${far.name}`);
    for (const line of [bad.message, ...bad.allowed]) expect(line).not.toMatch(ID);
    // The order names the unit as on the picture, spaces and all: it goes as far as it may toward it.
    const before = Math.hypot(foot.x - far.x, foot.y - far.y);
    machine.apply(s, 'red', { type: 'move', order: `toward:${far.name}` }, dice().ctx);
    expect(top(s).moved).toBe(true);
    expect(Math.hypot(foot.x - far.x, foot.y - far.y)).toBeLessThan(before - 5);
  });

  it('a move order "toward:<name> stop:contact" is read with the name\'s spaces', () => {
    const s = open();
    const cav = put(s, 'red', 'cavalry', { x: 36, y: 40, facing: 0 });
    const foe = put(s, 'black', 'infantry', { x: 36, y: 30, facing: 180 });
    play(s, '4H');
    machine.apply(s, 'red', { type: 'activate', unit: cav.id }, dice().ctx);
    const charge = refusal(() => atkm.open!.move!.check(s, 'red', { type: 'move', order: `toward:${foe.name} stop:contact` }));
    expect(charge.message).toBe(`That move ends in contact with ${foe.name}: that is a charge (/atkm charge target:).`);
  });

  it('a whole tabletop game (bot and random moves, refusals of junk): no internal id in any text a player reads', () => {
    let { env } = createGame(atkm, { mode: 'tabletop', generals: 2 }, 'names-scan');
    const rand = seedrandom('names-scan');
    const texts: string[] = [];
    for (let i = 0; i < 250 && atkm.result(env.game).status !== 'over'; i++) {
      const ps = atkm.prompts(env.game);
      const p = ps[Math.floor(rand() * ps.length)]!;
      texts.push(p.text);
      const legal = atkm.legal(env.game, p.role);
      for (const l of legal) texts.push(l.label, ...Object.values(l.argLabels ?? {}));
      if (i % 5 === 0)
        for (const junk of [
          { type: 'fire', target: 'black-2' },
          { type: 'charge', target: 'red-2' },
          { type: 'move', order: 'toward:red-3' },
          { type: 'place', general: 'red-g2', to: '1,1' },
        ] as Action[]) {
          const w = whyNot(atkm, env.game, p.role, junk);
          if (w) texts.push(w.message.replace(/'(red|black)-\d'/g, "'…'"), ...w.allowed);
        }
      const pick = i % 3 ? atkm.bot!(env.game, p.role, legal, { rand: () => rand() }) : legal[Math.floor(rand() * legal.length)]!;
      const r = applyAction(atkm, env, p.role, pick.action, true, legal);
      env = r.env;
      texts.push(...r.events.map((e) => e.text));
    }
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter((t) => ID.test(t))).toEqual([]);
  });
});
