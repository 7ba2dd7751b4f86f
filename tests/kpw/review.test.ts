// Rules-review fixes: each test names the section of the rules it checks.
import { describe, expect, it } from 'vitest';
import { leavesColony } from '../../src/games/kpw/common.ts';
import { kpwMap } from '../../src/games/kpw/map.ts';
import {
  act,
  asked,
  clearMap,
  force,
  game,
  legal,
  loc,
  phase,
  put,
  rejects,
  s,
  skipChurch,
  startCombat,
  startMove,
  texts,
  unit,
  type G,
  toTurn2,
} from './helpers.ts';

function base(opts: Record<string, string | boolean> = {}): G {
  const g = game(opts);
  clearMap(g);
  return g;
}

const subs = (g: G, role: 'english' | 'indian', sub: string) => legal(g, role).filter((l) => l.sub === sub);

describe('13.9 Battle Step 8: Spy and Guide markers', () => {
  it('13.9 the leader who fought takes the Guide even after advancing into the battle space (13.7 comes before 13.9)', () => {
    const g = base();
    s(g).damage.bridgewater = 2;
    for (const id of ['pc1', 'pc2', 'pc-sachem']) put(g, id, 'titicut');
    put(g, 'ma1', 'bridgewater', 1);
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 6, 6); // odd: the Guide goes to the Indians; 4 SP on green 6 defeats the weakened Soldier
    const out = act(g, 'english', { type: 'stand' });
    expect(texts(out)).toMatch(/Pocasset Sachem takes a Guide after the battle/);
    act(g, 'indian', { type: 'advance', units: 'pc-sachem+pc1+pc2' });
    expect(loc(g, 'pc-sachem')).toBe('bridgewater');
    expect(unit(g, 'pc-sachem').guide).toBe(true);
  });
});

describe('10.2 muskets', () => {
  it('10.2 when a war band with muskets splits, the Indian player decides which unit keeps them', () => {
    const g = base();
    put(g, 'pc1', 'titicut');
    put(g, 'pc2', 'titicut');
    unit(g, 'pc1').musket = true;
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'titicut', units: 'pc2' });
    const hand = subs(g, 'indian', 'muskets');
    expect(hand.map((l) => l.args.unit)).toEqual(['pc2']);
    act(g, 'indian', hand[0].action);
    expect(unit(g, 'pc2').musket).toBe(true);
    expect(unit(g, 'pc1').musket).toBeFalsy();
    // One decision per split: not handed back and forth (no endless hand-overs); not once the war band has gone.
    expect(subs(g, 'indian', 'muskets')).toEqual([]);
    rejects(g, 'indian', { type: 'muskets', unit: 'pc1' }, /already changed hands at this split/);
    act(g, 'indian', { type: 'step', to: 'winnecunnet' });
    expect(subs(g, 'indian', 'muskets')).toEqual([]);
    rejects(g, 'indian', { type: 'muskets', unit: 'pc1' }, /Hand the muskets to a unit of your own in this space/);
    expect(unit(g, 'pc2').musket).toBe(true);
  });

  it('10.2 a war band that already has muskets is still eligible for another Musket marker', () => {
    const g = base();
    put(g, 'pc1', 'titicut');
    put(g, 'pc2', 'titicut');
    unit(g, 'pc1').musket = true;
    s(g).turn = 2;
    s(g).stack.frames = [{ proc: 'turn', step: 'muskets', started: true }];
    s(g).stack.frames.push({ proc: 'place', step: 'place', side: 'indian', purpose: 'musket', items: ['musket'] });
    expect(legal(g, 'indian').map((l) => l.args.to)).toEqual(['titicut']);
    act(g, 'indian', { type: 'place', unit: 'musket', to: 'titicut' });
    expect(unit(g, 'pc2').musket).toBe(true);
    // Still only +1 SP for the war band (13.4).
    put(g, 'ma1', 'bridgewater');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 2, 2);
    expect(texts(act(g, 'english', { type: 'stand' }))).toMatch(/Indians 5 SP/);
  });
});

describe('12.2 river movement past unallied villages', () => {
  it('12.2 a war band floating past an unallied river village may only go on by river', () => {
    const g = base();
    s(g).damage.deerfield = 2;
    put(g, 'wa1', 'deerfield');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'deerfield', units: 'all' });
    act(g, 'indian', { type: 'step', to: 'pocumtuck~river' });
    const to = subs(g, 'indian', 'step').map((l) => String(l.args.to));
    expect(to).toContain('deerfield~river');
    expect(to.every((k) => k.endsWith('~river'))).toBe(true);
    rejects(g, 'indian', { type: 'step', to: 'deerfield' }, /floating past the unallied village .*only go on by river/);
  });

  it('12.4/12.2 an intercepted war band that was floating past unallied villages goes back to the last space of its move where it may stop', () => {
    const g = base();
    s(g).damage.deerfield = 2;
    s(g).damage.hadley = 2;
    put(g, 'wa1', 'deerfield');
    put(g, 'wa2', 'deerfield');
    put(g, 'ma1', 'northampton');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'deerfield', units: 'all' });
    act(g, 'indian', { type: 'step', to: 'pocumtuck~river' });
    act(g, 'indian', { type: 'step', to: 'norwottuck~river' });
    act(g, 'indian', { type: 'step', to: 'hadley~river' });
    expect(asked(g)).toBe('english');
    force(g, 6); // 5+, -1 pip
    act(g, 'english', { type: 'intercept', from: 'northampton' });
    // Norwottuck, the previous space, is an unallied village: the war band may not stay there.
    expect(loc(g, 'wa1')).toBe('deerfield');
    expect(loc(g, 'wa2')).toBe('deerfield');
    act(g, 'english', { type: 'send', units: 'all' });
    expect(loc(g, 'ma1')).toBe('hadley');
    expect(s(g).battles).toEqual([expect.objectContaining({ side: 'indian', from: 'deerfield', to: 'hadley' })]);
  });
});

describe('12.4 interception conditions', () => {
  it('12.4 a leader moving alone is not a war band: it cannot be intercepted', () => {
    const g = base();
    put(g, 'wa-sachem', 'wollomonopoag');
    put(g, 'wa6', 'wollomonopoag');
    put(g, 'ma4', 'marlborough');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'wollomonopoag', units: 'wa-sachem' });
    act(g, 'indian', { type: 'step', to: 'magunkaquog' });
    expect(asked(g)).toBe('indian');
    expect(subs(g, 'english', 'intercept')).toEqual([]);
    // The same step by the Warrior can be intercepted.
    const h = base();
    put(h, 'wa-sachem', 'wollomonopoag');
    put(h, 'wa6', 'wollomonopoag');
    put(h, 'ma4', 'marlborough');
    startMove(h, 'indian');
    act(h, 'indian', { type: 'activate', space: 'wollomonopoag', units: 'wa6' });
    act(h, 'indian', { type: 'step', to: 'magunkaquog' });
    expect(subs(h, 'english', 'intercept').map((l) => l.args.from)).toEqual(['marlborough']);
  });

  it('12.4/4.2 interceptors must be able to end there: Allied Indians are never sent into a settlement', () => {
    const g = base();
    s(g).churchEntered = true;
    put(g, 'pc1', 'titicut');
    put(g, 'ma1', 'blue_hills');
    put(g, 'al1', 'blue_hills');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'titicut', units: 'all' });
    act(g, 'indian', { type: 'battle', target: 'bridgewater' });
    force(g, 6);
    act(g, 'english', { type: 'intercept', from: 'blue_hills' });
    expect(subs(g, 'english', 'send').map((l) => l.args.units)).toEqual(['ma1']);
    rejects(g, 'english', { type: 'send', units: 'all' }, /keep the stacking limits/);
  });
});

describe('18.1 Disunited Colonies', () => {
  it("18.1 a colony's Captain may not leave its colony before Church either", () => {
    for (const disunited of [false, true]) {
      const g = base({ disunited });
      put(g, 'ri-captain', 'providence');
      startMove(g, 'english');
      act(g, 'english', { type: 'activate', space: 'providence', units: 'all' });
      expect(legal(g, 'english').some((l) => l.args.to === 'rehoboth')).toBe(!disunited);
    }
  });

  it("18.1 colony borders come from the map data: Mount Hope is Plymouth's, the Mohawk country lies outside every colony", () => {
    const m = kpwMap();
    expect(m.colonyOf.get('montaup')).toBe('PL');
    expect(m.colonyOf.get('boston')).toBe('MA');
    for (const id of ['caughnawaga', 'canajoharie', 'schaghticoke']) expect(m.colonyOf.get(id)).toBe('NY');
    // Every settlement lies in its own colony; every space has one.
    for (const id of m.ids) {
      const sp = m.space.get(id)!;
      expect(m.colonyOf.get(id)).toMatch(/^(MA|PL|RI|CT|NY)$/);
      if (sp.kind === 'settlement') expect(m.colonyOf.get(id)).toBe(sp.owner);
    }
    // Before Church a Plymouth company may go to Montaup; a Massachusetts one may not (and neither to the Mohawks).
    const g = base({ disunited: true });
    expect(leavesColony(s(g), [unit(g, 'pl1')], 'montaup')).toBe(false);
    expect(leavesColony(s(g), [unit(g, 'ma1')], 'montaup')).toBe(true);
    expect(leavesColony(s(g), [unit(g, 'ma1')], 'schaghticoke')).toBe(true);
    s(g).churchEntered = true;
    expect(leavesColony(s(g), [unit(g, 'ma1')], 'montaup')).toBe(false);
  });

  it('18.1 interceptors may not leave their colony before Church', () => {
    for (const disunited of [false, true]) {
      const g = base({ disunited });
      put(g, 'pc1', 'titicut');
      put(g, 'ma1', 'blue_hills');
      startMove(g, 'indian');
      act(g, 'indian', { type: 'activate', space: 'titicut', units: 'all' });
      act(g, 'indian', { type: 'battle', target: 'bridgewater' }); // a Plymouth settlement
      expect(subs(g, 'english', 'intercept').length > 0).toBe(!disunited);
    }
  });
});

describe('13.6 a surrendered tribe returns to the war', () => {
  it('13.6 returning units go back where they stood only within stacking limits; the others are placed in their villages', () => {
    const g = base();
    s(g).churchEntered = true;
    s(g).tribes.SK.status = 'surrendered';
    for (const id of ['sk1', 'sk2']) {
      unit(g, id).where = 'pool';
      unit(g, id).wasAt = 'pocasset_swamp';
    }
    put(g, 'wa1', 'pocasset_swamp');
    put(g, 'wa2', 'pocasset_swamp');
    put(g, 'pl1', 'swansea');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'swansea', units: 'all' });
    act(g, 'english', { type: 'battle', target: 'punkatees' });
    expect(s(g).tribes.SK).toMatchObject({ status: 'allied', permanent: true });
    expect(unit(g, 'sk1').where).toBe('pool');
    const place = subs(g, 'indian', 'place');
    expect(place.length).toBeGreaterThan(0);
    expect(place.every((l) => ['punkatees', 'sakonnet'].includes(String(l.args.to)))).toBe(true);
    act(g, 'indian', place[0].action);
    expect(unit(g, String(place[0].args.unit)).wasAt).toBeUndefined();
  });
});

describe('13.5/13.6 a lost Sachem of a surrendered tribe', () => {
  it('13.6 his successor stays off the map with the surrendered tribe, and comes back with it', () => {
    const g = game();
    skipChurch(g);
    s(g).tribes.SK.status = 'surrendered';
    for (const id of ['sk1', 'sk2']) {
      unit(g, id).where = 'pool';
      unit(g, id).wasAt = 'punkatees';
    }
    Object.assign(unit(g, 'sk-sachem'), { where: 'track', loc: null, returnTurn: 2 });
    toTurn2(g);
    // Turn 2: his turn on the track has come, but his tribe is out of the war.
    expect(s(g).turn).toBe(2);
    expect(unit(g, 'sk-sachem').where).toBe('pool');
    expect(legal(g, 'indian').some((l) => l.args.unit === 'sk-sachem')).toBe(false);
    // The English attack a Sakonnet village: the tribe returns and the successor with it (13.6).
    const h = base();
    s(h).churchEntered = true;
    s(h).tribes.SK.status = 'surrendered';
    for (const id of ['sk1', 'sk2']) Object.assign(unit(h, id), { where: 'pool', wasAt: 'punkatees' });
    Object.assign(unit(h, 'sk-sachem'), { where: 'pool', loc: null, wasAt: null });
    put(h, 'pl1', 'swansea');
    startMove(h, 'english');
    act(h, 'english', { type: 'activate', space: 'swansea', units: 'all' });
    act(h, 'english', { type: 'battle', target: 'punkatees' });
    expect(s(h).tribes.SK.status).toBe('allied');
    expect(unit(h, 'sk1')).toMatchObject({ where: 'map', loc: 'punkatees' });
    const place = subs(h, 'indian', 'place');
    expect(place.some((l) => l.args.unit === 'sk-sachem')).toBe(true);
  });
});

describe('10.1 the Indian player "may" place Warrior reinforcements', () => {
  it('10.1 the Indians may leave Warrior reinforcements in the pool; the English may not decline theirs', () => {
    const g = game();
    skipChurch(g);
    toTurn2(g, false);
    expect(legal(g, 'english').some((l) => l.action.type === 'decline')).toBe(false);
    rejects(g, 'english', { type: 'decline' }, /not a legal action|Only the Indian player/);
    while (asked(g) === 'english') act(g, 'english', legal(g, 'english')[0].action);
    const waiting = [...(s(g).stack.frames.at(-1) as { items: string[] }).items];
    expect(waiting.length).toBeGreaterThan(0);
    const evs = act(g, 'indian', { type: 'decline' });
    expect(texts(evs)).toMatch(/leave .* in the pool this turn \(10\.1\)/);
    for (const id of waiting) expect(unit(g, id).where).toBe('pool');
    expect(phase(g)).not.toMatch(/Indian Reinforcements/);
  });
});
