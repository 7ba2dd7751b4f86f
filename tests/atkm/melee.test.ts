// Staging Melee Attacks and Infantry Forming Square (pp.20-24), played through
// the flow (card → activation → charge → melee) with forced dice.
import { describe, expect, it } from 'vitest';
import { attackFacts } from '../../src/games/atkm/facts.ts';
import { machine } from '../../src/games/atkm/flow.ts';
import { maySquare, meleePlan } from '../../src/games/atkm/melee.ts';
import { blank, dice, play, put, top } from './helpers.ts';

const facts = (a: Record<string, string> = {}) => attackFacts({ type: 'charge', ...a }, 'test');

describe('ATKM Pitched Battle (pp.21-22)', () => {
  it('five cavalry troopers attack seven yellow infantry: 10 green dice against 7 yellow', () => {
    const s = blank();
    const cav = put(s, 'red', 'cavalry', { figures: 5, color: 'red' });
    const inf = put(s, 'black', 'infantry', { figures: 7, color: 'yellow' });
    expect(meleePlan(cav, inf, facts(), false)).toEqual({ attDice: 10, attColor: 'green', defDice: 7, defColor: 'yellow' });
  });

  it('the chart: cavalry 1/1 against cavalry and horse artillery, 2/1 against foot artillery and skirmishers; skirmishers and guns defend red (guard yellow)', () => {
    const s = blank();
    const cav = put(s, 'red', 'cavalry');
    const d = (type: Parameters<typeof put>[2], over = {}) => meleePlan(cav, put(s, 'black', type, over), facts(), false);
    expect(d('cavalry').attDice).toBe(6);
    expect(d('horse-artillery')).toMatchObject({ attDice: 6, defColor: 'red' });
    expect(d('foot-artillery').attDice).toBe(12);
    expect(d('skirmisher')).toMatchObject({ attDice: 12, defColor: 'red' });
    expect(d('skirmisher', { quality: 'elite' }).defColor).toBe('yellow');
  });

  it('infantry cannot initiate melee with cavalry; skirmishers and artillery cannot initiate melee at all', () => {
    const s = blank();
    const inf = put(s, 'red', 'infantry');
    const rifles = put(s, 'red', 'skirmisher');
    put(s, 'black', 'cavalry', { id: 'b-cav' });
    put(s, 'black', 'infantry', { id: 'b-inf' });
    play(s, '5H');
    const t = dice();
    machine.apply(s, 'red', { type: 'activate', unit: inf.id }, t.ctx);
    expect(() => machine.apply(s, 'red', { type: 'charge', target: 'b-cav' }, t.ctx)).toThrow(
      /Infantry cannot initiate melee with cavalry/,
    );
    expect(
      machine
        .legal(s, 'red')
        .filter((l) => l.sub === 'charge')
        .map((l) => l.args.target),
    ).toEqual(['b-inf']);
    machine.apply(s, 'red', { type: 'done' }, t.ctx);
    play(s, '6H');
    machine.apply(s, 'red', { type: 'activate', unit: rifles.id }, t.ctx);
    expect(machine.legal(s, 'red').some((l) => l.sub === 'charge')).toBe(false);
  });

  it('casualties both ways; the loser flees 12" as a mob; both end red, a unit already red gets a disorder marker', () => {
    const s = blank();
    const att = put(s, 'red', 'infantry', { color: 'yellow' });
    const def = put(s, 'black', 'infantry', { color: 'red' });
    s.sides.red.cp = 1;
    play(s, '9H');
    // Red spends a command point (within 12" of its general), charges; 12 green against 12 red.
    const t = dice(4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, /* def */ 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    machine.apply(s, 'red', { type: 'activate', unit: att.id, near: 'yes' }, t.ctx);
    machine.apply(s, 'red', { type: 'charge', target: def.id }, t.ctx);
    expect(att.figures).toBe(10);
    expect(def.figures).toBe(8);
    // Black lost and has a general: asked for a rally.
    expect(top(s)).toMatchObject({ proc: 'melee', step: 'rally' });
    machine.apply(s, 'black', { type: 'rally', near: 'no' }, t.ctx);
    expect(def.mob).toBe(true);
    expect(att.color).toBe('red');
    expect(att.disorder).toBe(false);
    expect(def.color).toBe('red');
    expect(def.disorder).toBe(true);
    expect(s.sides.red.cp).toBe(0);
    expect(t.left()).toBe(0);
  });

  it('a tie: the defender falls back 6", keeps its formation and is not a mob', () => {
    const s = blank();
    const att = put(s, 'red', 'infantry', { figures: 6 });
    const def = put(s, 'black', 'infantry', { figures: 6, formation: 'column' });
    play(s, '9H');
    const t = dice(1, 1, 1, 1, 1, 1, /* def */ 1, 1, 1, 1, 1, 1);
    machine.apply(s, 'red', { type: 'activate', unit: att.id }, t.ctx);
    machine.apply(s, 'red', { type: 'charge', target: def.id }, t.ctx);
    expect(def.mob).toBe(false);
    expect(def.formation).toBe('column');
    expect(t.text()).toMatch(/tied: .* moves 6" back/);
  });

  it('Rallying Defeated Troops: the general rolls his rating in red dice; a 6 turns the flight into a 6" fall-back', () => {
    const s = blank();
    const att = put(s, 'red', 'infantry');
    const def = put(s, 'black', 'infantry');
    play(s, '9H');
    const t = dice(4, 4, 4, ...Array(9).fill(1), ...Array(12).fill(1), /* rally */ 3, 6);
    machine.apply(s, 'red', { type: 'activate', unit: att.id }, t.ctx);
    machine.apply(s, 'red', { type: 'charge', target: def.id }, t.ctx);
    machine.apply(s, 'black', { type: 'rally', near: 'yes', general: 'black-g1' }, t.ctx);
    expect(def.mob).toBe(false);
    expect(def.color).toBe('red');
    expect(t.text()).toMatch(/rallies .*: 2 red dice \[3, 6\] = 1 success → a 6" escape keeping formation/);
  });

  it('Artillery\'s Escape Movement: gunners forced into a 12" escape abandon the gun and leave the field', () => {
    const s = blank();
    const cav = put(s, 'red', 'cavalry');
    const gun = put(s, 'black', 'foot-artillery', { formation: 'deployed' });
    put(s, 'black', 'infantry');
    put(s, 'black', 'infantry');
    play(s, '9H');
    const t = dice(
      ...Array(12)
        .fill(1)
        .map((_, i) => (i < 2 ? 4 : 1)),
      /* gun */ 1,
      1,
      1,
      1,
    );
    machine.apply(s, 'red', { type: 'activate', unit: cav.id }, t.ctx);
    machine.apply(s, 'red', { type: 'charge', target: gun.id }, t.ctx);
    machine.apply(s, 'black', { type: 'rally', near: 'no' }, t.ctx);
    expect(gun.gone).toBe('abandoned');
  });
});

describe('ATKM Infantry Forming Square (pp.23-24)', () => {
  it("Eric's cavalry contacts Mike's 10 green infantry beyond 12\" of his rating-2 general: 2 green dice, 2 and 5, the square forms; then 5 yellow dice against 10 green, 3 successes to 4", () => {
    const s = blank();
    const eric = put(s, 'black', 'cavalry', { figures: 5, color: 'yellow' });
    const mike = put(s, 'red', 'infantry', { figures: 10 });
    for (let i = 0; i < 3; i++) put(s, 'black', 'infantry');
    s.sides.black.cp = 1;
    play(s, '8C');
    const t = dice();
    machine.apply(s, 'black', { type: 'activate', unit: eric.id, near: 'yes' }, t.ctx);
    machine.apply(s, 'black', { type: 'charge', target: mike.id }, t.ctx);
    expect(top(s)).toMatchObject({ proc: 'melee', step: 'square' });
    expect(machine.legal(s, 'red').map((l) => l.sub)).toContain('square');
    t.force(2, 5, /* Eric */ 5, 5, 6, 1, 1, /* Mike */ 4, 4, 4, 5, 1, 1, 2, 2, 3, 3);
    machine.apply(s, 'red', { type: 'square', near: 'no', general: 'red-g1' }, t.ctx);
    expect(t.text()).toMatch(/2 green dice \[2, 5\] = 1 success → the square forms in time/);
    expect(t.text()).toMatch(/5 yellow dice \[5, 5, 6, 1, 1\] = 3 successes/);
    expect(t.text()).toMatch(/10 green dice .* = 4 successes/);
    // Eric's cavalry suffers 4 (5 → 1: it breaks), Mike's square 3 (10 → 7: too few for a square).
    expect(eric.figures).toBe(1);
    expect(eric.gone).toBe('broken');
    expect(mike.figures).toBe(7);
    expect(t.left()).toBe(0);
    // p.24: a square down to 7 or fewer assumes line or column, its player's choice.
    expect(top(s)).toMatchObject({ proc: 'melee', step: 'small' });
    expect(machine.legal(s, 'black')).toEqual([]);
    expect(machine.legal(s, 'red').map((l) => l.args.formation)).toEqual(['line', 'column']);
    // Referee mode: the player faces it on the real table ("may face in the direction of its player's choice").
    expect(machine.legal(s, 'red')[0]!.label).toMatch(/facing as you choose/);
    expect(() => machine.apply(s, 'red', { type: 'form', formation: 'square' }, t.ctx)).toThrow(/line or column/);
    machine.apply(s, 'red', { type: 'form', formation: 'column' }, t.ctx);
    expect(mike.formation).toBe('column');
    expect(top(s).proc).not.toBe('melee');
  });

  it('the square is automatic within 12" of a general, and kept without a roll when contacted again; 7 or fewer cannot form it; nor can a mob', () => {
    const s = blank();
    const cav = put(s, 'black', 'cavalry');
    const inf = put(s, 'red', 'infantry');
    const sq = meleePlan(cav, inf, facts(), true);
    expect(sq).toEqual({ attDice: 6, attColor: 'green', defDice: 12, defColor: 'green' });
    inf.formation = 'square';
    inf.color = 'red';
    cav.color = 'yellow';
    // In square against cavalry: 1/1, the cavalry's own colour, the square green (militia yellow).
    expect(meleePlan(cav, inf, facts(), true)).toEqual({ attDice: 6, attColor: 'yellow', defDice: 12, defColor: 'green' });
    inf.quality = 'militia';
    expect(meleePlan(cav, inf, facts(), true).defColor).toBe('yellow');
    cav.color = 'green';
    play(s, '3C');
    const t = dice(...Array(18).fill(1));
    machine.apply(s, 'black', { type: 'activate', unit: cav.id }, t.ctx);
    machine.apply(s, 'black', { type: 'charge', target: inf.id }, t.ctx);
    expect(t.text()).toMatch(/already in square: no roll/);
    const small = put(s, 'red', 'infantry', { figures: 7 });
    expect(maySquare(cav, small)).toBe(false);
    const mob = put(s, 'red', 'infantry', { mob: true });
    expect(maySquare(cav, mob)).toBe(false);
    expect(maySquare(cav, put(s, 'red', 'infantry', { figures: 8 }))).toBe(true);
  });

  it('a square attacked by infantry defends one colour worse', () => {
    const s = blank();
    const inf = put(s, 'black', 'infantry');
    const sq = put(s, 'red', 'infantry', { formation: 'square', color: 'yellow' });
    expect(meleePlan(inf, sq, facts(), false).defColor).toBe('red');
  });

  it('FAQ: a Queen activation that initiates melee still ends red', () => {
    const s = blank();
    const att = put(s, 'red', 'infantry');
    const def = put(s, 'black', 'infantry');
    play(s, 'QH');
    const t = dice(...Array(24).fill(1));
    machine.apply(s, 'red', { type: 'activate', unit: att.id }, t.ctx);
    machine.apply(s, 'red', { type: 'charge', target: def.id }, t.ctx);
    expect(att.color).toBe('red');
  });
});
