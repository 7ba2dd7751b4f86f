// Every table of the turn, with forced dice (solo unless stated). After the
// reveal the dice run: Hardship d10, Mishap d10 ×2, Raid d10 (+ fighting d6,
// horses d6, rifle d6 per death, catastrophe d6), starvation/salt d6s,
// Winter d6, Happiness 2d6; then next turn's foal d6 and Boon d10.
import { describe, expect, it } from 'vitest';
import { fightLevel } from '../../src/games/rifle/state.ts';
import { act, force, legalTypes, newGame, rifle, start, st, texts, type G } from './helpers.ts';

function game(leader = 'clark', tweak: (g: G) => void = () => {}, boon = 7): G {
  const g = newGame(1, 'tables');
  start(g, [leader], { boon: [boon] });
  // Enough Food and Containers that an empty plan neither starves nor spoils.
  Object.assign(st(g).res, { food: 20, containers: 40 });
  tweak(g);
  return g;
}
/** Declare done with an empty plan after queueing the dice. */
function done(g: G, ...faces: number[]) {
  force(g, ...faces);
  return texts(act(g, 'p1', { type: 'done' }));
}
// Quiet dice: hardship 1 (−1 Livestock), mishaps 10, 10 (−1 Housewares each), raid 2 (Truce), happiness 1+1, foal 1, boon 7.
const QUIET_AFTER_RAID = [1, 1, 1, 7];

describe('Hardship Table (d10)', () => {
  it('Hardship table d10=7: Old Age, −1 Folk (and −1 Happiness for the Folk lost)', () => {
    const g = game();
    const h0 = st(g).res.happiness;
    done(g, 7, 10, 10, 2, ...QUIET_AFTER_RAID);
    expect(st(g).res.folk).toBe(9);
    // −2 −2 no Soap/Cooking, +2 (2d6) −1 Folk lost, −1 Housewares shortage (8 < 9), +2 Good Times next turn
    expect(st(g).res.happiness).toBe(h0 - 4 + 2 - 1 - 1 + 2);
  });
  it('Hardship table d10=2: Predators, −2 Livestock', () => {
    const g = game();
    const l0 = st(g).res.livestock;
    done(g, 2, 10, 10, 2, ...QUIET_AFTER_RAID);
    expect(st(g).res.livestock).toBe(l0 - 2 + Math.floor((l0 - 2) / 5));
  });
  it("Hardship table d10=4: Flood, −4 Grain or Food is the player's choice (buttons)", () => {
    const g = game();
    done(g, 4);
    const p = rifle.prompts(g.env.game)[0];
    expect(p.buttons).toBe(true);
    expect(p.text).toMatch(/lose 4 Grain or 4 Food/);
    expect(legalTypes(g)).toEqual([
      { type: 'choose', option: 'grain' },
      { type: 'choose', option: 'food' },
    ]);
    force(g, 10, 10, 2, ...QUIET_AFTER_RAID);
    act(g, 'p1', { type: 'choose', option: 'food' });
    expect(st(g).res.grain).toBe(10);
    expect(st(g).res.food).toBe(20 - 4 - 10);
  });
});

describe('"X or Y" losses (Hardship 4-6, Mishap 2, 5, 6)', () => {
  it('Hardship table d10=4 Flood: choosing a pile smaller than 4 takes the rest from the other (one loss of 4; our reading)', () => {
    const g = game('clark', (x) => Object.assign(st(x).res, { grain: 1, food: 20 }));
    done(g, 4);
    expect(rifle.legal(g.env.game, 'p1').map((l) => l.label)).toEqual(['Lose 1 Grain (all held) and 3 Food', 'Lose 4 Food (20 held)']);
    force(g, 10, 10, 2, ...QUIET_AFTER_RAID);
    const t = texts(act(g, 'p1', { type: 'choose', option: 'grain' }));
    expect(t).toMatch(/chose to lose 1 Grain and the other 3 from Food/);
    expect(st(g).res.grain).toBe(0);
    expect(st(g).res.food).toBe(20 - 3 - 10);
  });
});

describe('Mishap Table (d10, twice)', () => {
  it('Mishap table d10=7 Fire: −1 Cabin, so −1 Housing; d10=1 Rust: −1 Rifles', () => {
    const g = game();
    done(g, 1, 7, 1, 2, ...QUIET_AFTER_RAID);
    expect(st(g).str.cabins).toBe(9);
    expect(st(g).res.housing).toBe(9);
    expect(st(g).res.rifles).toBe(3);
  });
  it('Mishap table d10=2 Strife: −1 Happy or Peace — automatic without Peace, a prompt with Peace', () => {
    const g = game('clark', (g) => (st(g).res.peace = 1));
    done(g, 1, 2);
    expect(legalTypes(g)).toEqual([
      { type: 'choose', option: 'happiness' },
      { type: 'choose', option: 'peace' },
    ]);
    expect(rifle.onDeadline!(g.env.game, 'p1')).toEqual({ type: 'choose', option: 'happiness' });
    force(g, 10);
    act(g, 'p1', { type: 'choose', option: 'peace' });
    expect(st(g).res.peace).toBe(0);
  });
  it('Mishap table d10=5 Rot: −1 Wood or Lumber; the deadline default takes the larger pile', () => {
    const g = game('clark', (g) => (st(g).res.lumber = 2));
    done(g, 1, 5);
    expect(rifle.onDeadline!(g.env.game, 'p1')).toEqual({ type: 'choose', option: 'wood' });
    force(g, 10);
    act(g, 'p1', { type: 'choose', option: 'lumber' });
    expect(st(g).res.lumber).toBe(1);
  });
});

describe('Indian Raid Table (d10), Indian fighting, catastrophe', () => {
  it('Raid table d10=1 Trade: barter a Rifle, Gunpowder, Horse or Clothes for 2 Food or 2 Hides', () => {
    const g = game();
    done(g, 1, 10, 10, 1);
    const opts = legalTypes(g).map((a) => a.option);
    expect(opts).toContain('rifles-food');
    expect(opts).toContain('clothing-hides');
    expect(opts).toContain('finish');
    act(g, 'p1', { type: 'choose', option: 'rifles-hides' });
    expect(st(g).res.rifles).toBe(3);
    expect(st(g).res.hides).toBe(2);
    force(g, ...QUIET_AFTER_RAID);
    act(g, 'p1', { type: 'choose', option: 'finish' });
    expect(g.env.game.turn).toBe(2);
  });
  it('Raid: a Peace Point buys a re-roll (War Party d10=9 → re-roll 2 Truce)', () => {
    const g = game('clark', (g) => (st(g).res.peace = 2));
    done(g, 1, 10, 10, 9);
    expect(legalTypes(g)).toEqual([{ type: 'accept' }, { type: 'reroll' }]);
    expect(rifle.onDeadline!(g.env.game, 'p1')).toEqual({ type: 'accept' });
    force(g, 2, ...QUIET_AFTER_RAID);
    const t = texts(act(g, 'p1', { type: 'reroll' }));
    expect(t).toMatch(/re-roll d10=2 — Truce/);
    expect(st(g).res.peace).toBe(1);
  });
  it('Indian fighting d10=3 Murder (Fight 5): Fight 8 > 5 gives +1, d6=3 → 4 succeeds, 2 fewer losses; 2 Gunpowder used', () => {
    const g = game();
    expect(fightLevel(st(g)).total).toBe(8); // 4 Rifles + Clark 4
    const t = done(g, 1, 10, 10, 3, 3, ...QUIET_AFTER_RAID);
    expect(t).toMatch(/rolled 3 \(\+1 Fight level above the Indians\) = 4, needs 4\+ → success/);
    expect(st(g).res.folk).toBe(10);
    expect(st(g).res.gunpowder).toBe(2);
  });
  it('Indian fighting d10=7 Skirmish (Fight 15): failure kills 2; a Rifle looted on 3+ for each Folk killed', () => {
    const g = game();
    done(g, 1, 10, 10, 7, 4, 3, 2, ...QUIET_AFTER_RAID);
    expect(st(g).res.folk).toBe(8);
    expect(st(g).res.rifles).toBe(3);
  });
  it('Horse Raid d10=6: lose 1D6 Horses (2 fewer on a successful defence)', () => {
    const g = game();
    done(g, 1, 10, 10, 6, 6, 5, ...QUIET_AFTER_RAID);
    expect(st(g).res.horses).toBe(8 - 3);
  });
  it('Catastrophic failure: a Siege beating the fort, d6=5 → overrun, the solo settlement did not survive', () => {
    const g = game();
    done(g, 1, 10, 10, 10, 1, 1, 1, 1, 5);
    expect(st(g).out).toBe('overrun');
    const r = rifle.result(g.env.game);
    expect(r.status).toBe('over');
    if (r.status === 'over') {
      expect(r.winners).toEqual([]);
      expect(r.summary).toMatch(/did NOT survive: the fort was overrun/);
      expect(r.summary).toMatch(/Folk 7, Happiness/);
    }
  });
  it('Fight level: no Gunpowder → Rifles give nothing; no Metal → half, rounded down; Stockade, Blockhouses, Lye, Log Stations, Militia', () => {
    const g = game('logan');
    const s = st(g);
    Object.assign(s.res, { rifles: 5, gunpowder: 0 });
    expect(fightLevel(s).total).toBe(2);
    Object.assign(s.res, { gunpowder: 1, metal: 0 });
    expect(fightLevel(s).total).toBe(2 + 2);
    Object.assign(s.str, { stockade: 1, blockhouse: 2, logstations: 1 });
    s.res.lye = 1;
    s.militia = 1;
    expect(fightLevel(s).total).toBe(2 + 2 + 10 + 4 + 1 + 2 + 20);
  });
});

describe('Consume, Winter, Storage, Happiness', () => {
  it('Consume Phase: 1 Food per Folk, d6 5+ per unfed Folk; then 1 Salt per 10 Folk, d6 4+ for each Folk still here without Salt', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { food: 7, salt: 0 }));
    // 3 unfed: 5, 1, 6 → 2 lost; no Salt for the 8 left: 4, 1×6, 5 → 2 lost
    const t = done(g, 1, 10, 10, 2, 5, 1, 6, 4, 1, 1, 1, 1, 1, 1, 5, ...QUIET_AFTER_RAID);
    expect(t).toMatch(/STARVATION: 3 Folk unfed, 2 moved away or died/);
    expect(t).toMatch(/SALT SHORT by 1: 0 Salt for 0 Folk, 8 Folk unsalted, 2 Folk lost/);
    expect(st(g).res.folk).toBe(6);
  });
  it('Consume Phase "Every 10 Folk (rounding down) also consume 1 Salt … roll 1D6 for each unfed Folk": 23 Folk with 1 Salt — 10 served, 13 roll', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { folk: 23, food: 30, salt: 1 }));
    // 13 salt dice: 4, 6, then eleven 1s → 2 lost (21 Folk); next turn's Growth d6=1 (births, 21 Folk roll once).
    const t = done(g, 1, 10, 10, 2, 4, 6, ...Array(11).fill(1), 1, 1, 1, 1, 7);
    expect(t).toMatch(/SALT SHORT by 1: 1 Salt for 10 Folk, 13 Folk unsalted, 2 Folk lost/);
    expect(st(g).res.salt).toBe(0);
    expect(st(g).res.folk).toBe(21 + 1);
    expect(g.env.dice.forced).toEqual([]);
  });
  it('Consume Phase, house rule mildsalt (ours): one d6 per missing Salt — 23 Folk with 1 Salt roll once', () => {
    const g = newGame(1, 'tables', { mildsalt: true });
    start(g, ['clark']);
    Object.assign(st(g).res, { folk: 23, food: 30, salt: 1, containers: 40 });
    // 1 salt die: 4 → 1 lost (22 Folk); next turn's Growth d6=1.
    const t = done(g, 1, 10, 10, 2, 4, 1, 1, 1, 1, 7);
    expect(t).toMatch(/SALT SHORT by 1: 1 d6 \(one per missing Salt, mildsalt\), 1 Folk lost/);
    expect(st(g).res.folk).toBe(22 + 1);
    expect(g.env.dice.forced).toEqual([]);
  });
  it('Consume Phase: Salt for every 10 Folk (rounding down) means no dice at all, also for the Folk beyond the tens', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { folk: 19, food: 30, salt: 1 }));
    const t = done(g, 1, 10, 10, 2, ...QUIET_AFTER_RAID);
    expect(t).toMatch(/Consume — 19 Food eaten; 1 Salt used/);
    expect(st(g).res.folk).toBe(19);
  });
  it('Winter table d6=6 Harsh: −1 Folk −2 Livestock −4 Fuel, +1 Folk lost per Housing, Clothes and Fuel shortage', () => {
    const g = game();
    g.env.game.turn = 4;
    Object.assign(st(g).res, { wood: 3, lumber: 0, clothing: 5, food: 20 });
    st(g).str.cabins = 8;
    st(g).res.housing = 8;
    const l0 = st(g).res.livestock;
    const t = done(g, 1, 10, 10, 2, 6, 1, 1, 1, 7);
    expect(t).toMatch(/Winter d6=6 — harsh/);
    expect(t).toMatch(/Housing Shortage, Clothes Shortage, Fuel Shortage/);
    expect(st(g).res.folk).toBe(10 - 1 - 3);
    expect(st(g).res.wood).toBe(0);
    expect(st(g).res.livestock).toBe(l0 - 1 - 2 + Math.floor((l0 - 3) / 5));
  });
  it('Storage Phase: Grain, Food, Lye, Salt, Gunpowder beyond Containers (+ Root Cellars) — the player chooses which to lose, one good at a time', () => {
    const g = game('clark', (g) => {
      Object.assign(st(g).res, { food: 20, grain: 10, containers: 10 });
      st(g).str.cellar = 2;
    });
    const t = done(g, 1, 10, 10, 2, ...QUIET_AFTER_RAID);
    // after eating: food 10, grain 10, salt 3, gunpowder 4 = 27 stored, room 12: 15 to lose
    expect(t).toMatch(/Storage — 27 stored goods, room for 12: 15 must be lost \(the player chooses which\)/);
    expect(rifle.prompts(g.env.game)).toEqual([
      { role: 'p1', text: expect.stringMatching(/Storage: 27 stored goods, room for 12 — choose which to lose, 15 more/), buttons: true },
    ]);
    expect(rifle.legal(g.env.game, 'p1').map((l) => l.label)).toEqual([
      'Lose all 10 Grain',
      'Lose 1 Grain',
      'Lose all 10 Food',
      'Lose 1 Food',
      'Lose all 3 Salt',
      'Lose 1 Salt',
      'Lose all 4 Gunpowder',
      'Lose 1 Gunpowder',
    ]);
    // Deadline and bot default: Grain first (rules.json storage.lossOrder, ours).
    expect(rifle.onDeadline!(g.env.game, 'p1')).toEqual({ type: 'choose', option: 'grain' });
    expect(() => act(g, 'p1', { type: 'choose', option: 'lye' })).toThrow(
      expect.objectContaining({
        rule: 'R&A Storage Phase',
        message: expect.stringMatching(/grain \(all that is due, up to 10\) or grain-1/),
      }),
    );
    act(g, 'p1', { type: 'choose', option: 'salt-1' });
    act(g, 'p1', { type: 'choose', option: 'food' });
    expect(st(g).pending).toMatchObject({ kind: 'storage', left: 4 });
    expect(rifle.legal(g.env.game, 'p1').map((l) => l.label)).toEqual([
      'Lose 4 Grain (of 10)',
      'Lose 1 Grain',
      'Lose all 2 Salt',
      'Lose 1 Salt',
      'Lose all 4 Gunpowder',
      'Lose 1 Gunpowder',
    ]);
    const end = texts(act(g, 'p1', { type: 'choose', option: 'gunpowder' }));
    expect(end).toMatch(/Storage — 27 stored goods, room for 12: −1 Salt, −10 Food, −4 Gunpowder\./);
    expect([st(g).res.grain, st(g).res.food, st(g).res.salt, st(g).res.gunpowder]).toEqual([10, 0, 2, 0]);
    expect(g.env.game.turn).toBe(2);
  });
  it('Storage Phase: no prompt when there is no choice — one stored good held, or all of them must go', () => {
    const one = game('clark', (g) => Object.assign(st(g).res, { food: 10, salt: 1, gunpowder: 0, grain: 20, containers: 5 }));
    expect(done(one, 1, 10, 10, 2, ...QUIET_AFTER_RAID)).toMatch(/Storage — 20 stored goods, room for 5: −15 Grain\./);
    expect(st(one).res.grain).toBe(5);
    const all = game('clark', (g) => Object.assign(st(g).res, { food: 12, salt: 2, gunpowder: 1, grain: 0, containers: 0 }));
    expect(done(all, 1, 10, 10, 2, ...QUIET_AFTER_RAID)).toMatch(/Storage — 4 stored goods, room for 0: −2 Food, −1 Salt, −1 Gunpowder\./);
    expect(all.env.game.turn).toBe(2);
  });
  it('Happiness: 2d6, +1 Mild Winter, −1 per Folk lost and for each of Clothes, Housing, Housewares shortage, −1 Starvation', () => {
    const g = game();
    g.env.game.turn = 4;
    Object.assign(st(g).res, { clothing: 2, housewares: 2, food: 0 });
    const h0 = st(g).res.happiness;
    // hardship 1, mishaps 3,3 (−2 Implements), raid 2, starvation 10 dice all 1, winter 1 (mild), 2d6 6+6
    const t = done(g, 1, 3, 3, 2, ...Array(10).fill(1), 1, 6, 6, 1, 7);
    expect(t).toMatch(/Happiness \+10 \(2d6 6\+6: \+12, mild Winter: \+1, Starvation: -1, Clothes Shortage: -1, Housewares Shortage: -1\)/);
    expect(st(g).res.happiness).toBe(h0 - 4 + 10 + 2); // +2: next Spring's Good Times boon
  });
});

describe('Growth, Livestock and Boon phases', () => {
  it('Growth table: one d6 per 20 Folk; d6=5 → 2 Immigrants, each with Clothes, Rifle, Tools, Housewares and 2 Extra Supplies rolls', () => {
    const g = game('clark', (g) => (st(g).res.folk = 20));
    const r0 = { ...st(g).res };
    // end of turn 1, then turn 2: growth 5, supplies 2,3 and 5,6, foal 1, boon 7
    done(g, 1, 10, 10, 2, 1, 1, 5, 2, 3, 5, 6, 1, 7);
    const r = st(g).res;
    expect(r.folk).toBe(22);
    expect(r.rifles).toBe(r0.rifles + 2);
    expect(r.tools).toBe(r0.tools + 2);
    expect(r.gunpowder).toBe(r0.gunpowder + 1);
  });
  it('Growth Phase "per 20 Folk (rounding down)": 10 Folk roll nothing; the roundup house rule (ours) gives them one roll', () => {
    for (const roundup of [false, true]) {
      const g = newGame(1, 'tables', { roundup });
      // Turn 1 opens with the Growth Phase too: with roundup its d6 comes first (d6=1: births).
      if (roundup) force(g, 1);
      start(g, ['clark'], { boon: [7] });
      Object.assign(st(g).res, { folk: 10, food: 20, containers: 40 });
      // hardship 1, mishaps 10 10, raid 2, happiness 1 1, [growth d6=1: births], foal 1, boon 7
      const text = done(g, 1, 10, 10, 2, 1, 1, ...(roundup ? [1] : []), 1, 7);
      expect(st(g).res.folk).toBe(roundup ? 11 : 10);
      expect(text.includes('births, +1 Folk')).toBe(roundup);
      expect(g.env.dice.forced).toEqual([]);
    }
  });
  it('Recruit "Max 1 per 20 Folk you have rounding down": none at 10 Folk as written; one with roundup (ours)', () => {
    for (const roundup of [false, true]) {
      const g = newGame(1, 'tables', { roundup });
      start(g, ['clark'], { boon: [7] });
      const recruits = rifle.legal(g.env.game, 'p1').filter((l) => l.action.type === 'plan' && l.action.act === 'recruit');
      expect(recruits.map((l) => l.action.count)).toEqual(roundup ? [1] : []);
      if (!roundup) expect(() => act(g, 'p1', { type: 'plan', act: 'recruit', count: 1 })).toThrow(/at most 0|Recruit/);
    }
  });
  it('Livestock phase: +1 per 5 Livestock; d6 4+ gains a Horse (room in the Corral Pens permitting)', () => {
    const g = game('clark', (g) => Object.assign(st(g).res, { livestock: 11, horses: 7 }));
    done(g, 1, 10, 10, 2, 1, 1, 4, 7);
    expect(st(g).res.livestock).toBe(10 + 2);
    expect(st(g).res.horses).toBe(8);
  });
  it('Boon table d10=2 Germans: 2 Immigrants in Spring', () => {
    const g = newGame(1, 'germans');
    force(g, 1, 2, 1, 1, 1, 1);
    act(g, 'p1', { type: 'leader', leader: 'boone' });
    expect(st(g).res.folk).toBe(12);
    expect(st(g).res.horses).toBe(8); // 4 supply rolls of 1 = Horses, no corral room
  });
  it('Boon table d10=3 Craftsman: a prompt, Carpenter or Blacksmith (raises that specialist limit)', () => {
    const g = newGame(1, 'craft');
    force(g, 1, 3);
    act(g, 'p1', { type: 'leader', leader: 'boone' });
    expect(legalTypes(g)).toEqual([
      { type: 'choose', option: 'carpenter' },
      { type: 'choose', option: 'blacksmith' },
    ]);
    act(g, 'p1', { type: 'choose', option: 'blacksmith' });
    expect(st(g).craftsmen.blacksmith).toBe(1);
  });
  it('Boon table d10=10 Kentucky Militia: Fight +20 this and next turn', () => {
    const g = game('clark', () => {}, 10);
    expect(fightLevel(st(g)).militia).toBe(20);
    done(g, 1, 10, 10, 2, 1, 1, 1, 7);
    expect(fightLevel(st(g)).militia).toBe(20);
    done(g, 1, 10, 10, 2, 1, 1, 1, 7);
    expect(fightLevel(st(g)).militia).toBe(0);
  });
  it('Boon table d10=4 Bountiful Harvest: +4 Grain, +8 in Fall; no Boon roll in Winter', () => {
    const g = game('clark', () => {}, 4);
    expect(st(g).res.grain).toBe(14);
    g.env.game.turn = 3;
    const t = done(g, 1, 10, 10, 2, 1, 1, 1);
    expect(t).not.toMatch(/Boon d10/);
    expect(g.env.game.turn).toBe(4);
  });
});
