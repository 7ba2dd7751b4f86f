// 6.3-6.4 stacking and leaders, 7.0 set-up, 8.0 sequence, 9.0 Church,
// 10.1-10.2 reinforcements and muskets, 11.1-11.2 diplomacy, 17.0 short game.
import { describe, expect, it } from 'vitest';
import { kpw } from '../../src/games/kpw/index.ts';
import { stackProblem } from '../../src/games/kpw/common.ts';
import { kpwMap, sitesOf, spaceOf } from '../../src/games/kpw/map.ts';
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
  toTurn2,
} from './helpers.ts';

describe('6.3/6.4 stacking and leaders', () => {
  it('6.3 two Infantry without a leader, three with one; tribes do not mix except Wampanoag groups or under Philip/Canonchet', () => {
    const g = game();
    const u = (id: string) => s(g).units[id];
    expect(stackProblem(s(g), [u('wa1'), u('wa2')])).toBeNull();
    expect(stackProblem(s(g), [u('wa1'), u('wa2'), u('wa3')])).toMatch(/2 Infantry without a leader/);
    expect(stackProblem(s(g), [u('wa1'), u('wa2'), u('wa3'), u('wa-sachem')])).toBeNull();
    expect(stackProblem(s(g), [u('wa1'), u('sk1'), u('pc1')])).toMatch(/2 Infantry/);
    expect(stackProblem(s(g), [u('wa1'), u('sk1')])).toBeNull(); // all Wampanoag
    expect(stackProblem(s(g), [u('wa1'), u('na1')])).toMatch(/different tribes/);
    expect(stackProblem(s(g), [u('wa1'), u('na1'), u('philip')])).toBeNull();
    expect(stackProblem(s(g), [u('ma1'), u('pl1')])).toMatch(/different colonies/);
    expect(stackProblem(s(g), [u('ma1'), u('al1')])).toBeNull();
    s(g).churchEntered = true;
    expect(stackProblem(s(g), [u('ma1'), u('pl1')])).toBeNull();
  });

  it('6.4 leaders may not stack together, and a leader may not leave three Infantry alone', () => {
    const g = game();
    expect(stackProblem(s(g), [s(g).units.wa1, s(g).units.philip, s(g).units['wa-sachem']])).toMatch(/Leaders may not stack/);
    skipChurch(g);
    const acts = legal(g, 'indian').filter((l) => l.sub === 'activate' && l.args.space === 'montaup');
    expect(acts.some((l) => l.args.units === 'philip')).toBe(false);
    expect(acts.some((l) => l.args.units === 'philip+wa1' || l.args.units === 'wa1+philip')).toBe(true);
    rejects(g, 'indian', { type: 'activate', space: 'montaup', units: 'philip' }, /cannot leave a stack of three/);
  });
});

describe('7.0 set-up and 8.0 sequence of play', () => {
  it('7.0 manual set-up: the English place first (one Soldier per settlement, leaders with a Soldier), then the Indians; Mohawks are placed', () => {
    const g = game({ setup: 'manual' });
    expect(phase(g)).toBe('Set-up');
    expect(asked(g)).toBe('english');
    expect(loc(g, 'mo1')).not.toBe('pool');
    expect(loc(g, 'mo-sachem')).toBe('pool'); // 7.0: the Indian player places him in either village
    expect(legal(g, 'english').some((l) => l.args.unit === 'ma-captain')).toBe(false); // no MA soldier yet
    act(g, 'english', { type: 'place', unit: 'ma1', to: 'boston' });
    expect(legal(g, 'english').some((l) => l.args.unit === 'ma2' && l.args.to === 'boston')).toBe(false);
    rejects(g, 'english', { type: 'place', unit: 'ma2', to: 'boston' }, /one Soldier per settlement/);
    expect(legal(g, 'english').some((l) => l.args.unit === 'ma-captain' && l.args.to === 'boston')).toBe(true);
    let n = 0;
    while (asked(g) === 'english' && n++ < 40) act(g, 'english', legal(g, 'english')[0].action);
    expect(asked(g)).toBe('indian');
    for (const l of legal(g, 'indian')) expect(['WA', 'SK', 'PC', 'MO']).toContain(kpwOwner(String(l.args.to)));
    const mo = legal(g, 'indian')
      .filter((l) => l.args.unit === 'mo-sachem')
      .map((l) => String(l.args.to));
    expect(mo.sort()).toEqual(
      sitesOf('MO')
        .filter((v) => v !== kpwMap().treaty)
        .sort(),
    );
    while (asked(g) === 'indian' && n++ < 80) act(g, 'indian', legal(g, 'indian')[0].action);
    expect(phase(g)).toBe('Turn 1 · Church/Allied Indian Roll');
    const onMap = Object.values(s(g).units).filter((u) => u.where === 'map');
    expect(onMap.filter((u) => u.side === 'english')).toHaveLength(16);
    expect(onMap.filter((u) => u.side === 'indian' && u.owner !== 'MO')).toHaveLength(14);
  });

  it('8.0 turn 1: no reinforcements, no diplomacy (nothing razed); Indian then English phases; then turn 2', () => {
    const g = game();
    skipChurch(g);
    expect(phase(g)).toBe('Turn 1 · Indian Movement');
    act(g, 'indian', { type: 'end' });
    expect(phase(g)).toBe('Turn 1 · English Movement');
    act(g, 'english', { type: 'end' });
    expect(phase(g)).toBe('Turn 2 · Church/Allied Indian Roll');
    expect(s(g).recent.join(' ')).toMatch(/Turn 2 begins/);
  });

  it('wrong player and unknown actions are refused with a reason', () => {
    const g = game();
    rejects(g, 'indian', { type: 'end' }, /not your turn/);
    skipChurch(g);
    rejects(g, 'indian', { type: 'activate', space: 'boston', units: 'all' }, /not all yours/);
  });
});

const kpwOwner = (space: string): string => spaceOf(space).owner!;

describe('9.0 Church and Allied Indians', () => {
  it('9.0 Church enters on a roll at or under the turn; the Allied Indian roll follows the same turn', () => {
    const g = game();
    force(g, 1);
    const ev = act(g, 'english', { type: 'roll' });
    expect(texts(ev)).toMatch(/Church enters the game/);
    const l = legal(g, 'english');
    expect(l.every((x) => ['PL', 'RI'].includes(sOwner(String(x.args.to))))).toBe(true);
    act(g, 'english', { type: 'place', unit: 'church', to: 'marshfield' });
    expect(s(g).churchEntered).toBe(true);
    expect(asked(g)).toBe('english');
    expect(legal(g, 'english')[0].label).toMatch(/Allied Indians/);
    force(g, 1);
    act(g, 'english', { type: 'roll' });
    const al = legal(g, 'english');
    expect(al.length).toBeGreaterThan(0);
    expect(al.some((x) => x.args.to === 'boston')).toBe(false); // settlements are not open areas
    act(g, 'english', al.find((x) => x.args.to === 'blue_hills')!.action);
    expect(loc(g, 'al1')).toBe('blue_hills');
  });

  it("9.0 Church stays away on a roll above the turn; developer's note: church3 brings him on turn 3 without a roll", () => {
    const g = game();
    force(g, 2);
    expect(texts(act(g, 'english', { type: 'roll' }))).toMatch(/does not come/);
    const h = game({ church3: true });
    expect(phase(h)).toBe('Turn 1 · Indian Movement');
    act(h, 'indian', { type: 'end' });
    act(h, 'english', { type: 'end' });
    expect(phase(h)).toBe('Turn 2 · English Reinforcements');
  });
});

const sOwner = kpwOwner;

describe('10.1 reinforcements and 10.2 muskets', () => {
  it('10.1 a Captain lost returns two turns later in the reinforcement step; a tribe that is not allied gets nothing', () => {
    const g = game();
    unit(g, 'pl-captain').where = 'track';
    unit(g, 'pl-captain').loc = null;
    unit(g, 'pl-captain').returnTurn = 2;
    skipChurch(g);
    toTurn2(g, false);
    const items = (s(g).stack.frames.at(-1) as { items: string[] }).items;
    expect(items).toContain('pl-captain');
    expect(items.filter((id) => s(g).units[id].kind === 'soldier')).toHaveLength(5);
    while (asked(g) === 'english') act(g, 'english', legal(g, 'english')[0].action);
    expect(unit(g, 'pl-captain').where).toBe('map');
    const ind = (s(g).stack.frames.at(-1) as { items: string[] }).items;
    expect(ind.every((id) => ['SK', 'PC'].includes(s(g).units[id].owner))).toBe(true);
  });

  it('10.1 reinforcements that cannot be placed are delayed to the next turn', () => {
    const g = game();
    for (const v of ['punkatees', 'sakonnet']) s(g).damage[v] = 2; // every Sakonnet village razed
    s(g).tribes.SK.devastated = false;
    for (const v of ['titicut', 'winnecunnet', 'assonet']) s(g).damage[v] = 2;
    skipChurch(g);
    toTurn2(g);
    expect(s(g).tribes.SK.delayed + s(g).tribes.PC.delayed).toBe(2);
  });

  it('10.2 a Musket marker goes to a war band in a river or port space and adds 1 SP', () => {
    const g = game();
    clearMap(g);
    put(g, 'pc1', 'titicut');
    put(g, 'wa1', 'sowams');
    s(g).turn = 2;
    s(g).stack.frames = [{ proc: 'turn', step: 'muskets', started: true }];
    s(g).stack.frames.push({ proc: 'place', step: 'place', side: 'indian', purpose: 'musket', items: ['musket'] });
    expect(legal(g, 'indian').map((l) => l.args.to)).toEqual(['titicut']);
    act(g, 'indian', { type: 'place', unit: 'musket', to: 'titicut' });
    expect(unit(g, 'pc1').musket).toBe(true);
    put(g, 'ma1', 'bridgewater');
    startCombat(g, 'indian', [['titicut', 'bridgewater']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 2, 2);
    const ev = act(g, 'english', { type: 'stand' });
    expect(texts(ev)).toMatch(/Indians 3 SP/);
  });
});

describe('11.1 diplomacy and 11.2 the Mohawks', () => {
  it('11.1 an English attack on an unallied village brings its tribe into the war at once', () => {
    const g = game();
    clearMap(g);
    put(g, 'ri1', 'warwick');
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'warwick', units: 'all' });
    act(g, 'english', { type: 'battle', target: 'shawomet' });
    expect(s(g).tribes.NA.status).toBe('allied');
    expect(asked(g)).toBe('indian');
    expect(legal(g, 'indian')[0].sub).toBe('place');
    while (asked(g) === 'indian' && legal(g, 'indian')[0]?.sub === 'place') act(g, 'indian', legal(g, 'indian')[0].action);
    expect(Object.values(s(g).units).filter((u) => u.owner === 'NA' && u.kind === 'warrior' && u.where === 'map')).toHaveLength(4);
  });

  it('11.2 the Mohawks: only after 7 razed, only from the Treaty Space; 1-3 they join', () => {
    const g = game();
    s(g).prov.english = 7;
    skipChurch(g);
    const mo = legal(g, 'indian').filter((l) => l.args.tribe === 'MO');
    expect(mo.length).toBeGreaterThan(0);
    expect(mo.every((l) => l.args.space === 'schaghticoke')).toBe(true);
    force(g, 2);
    act(g, 'indian', mo.find((l) => l.args.with === 'wa1')!.action);
    expect(s(g).tribes.MO.status).toBe('allied');
    expect(loc(g, 'philip')).toBe('schaghticoke');
  });

  it('11.2 on a 6 the Mohawks attack Philip (the English fight for them), then leave the game', () => {
    const g = game();
    s(g).prov.english = 7;
    skipChurch(g);
    force(g, 6);
    act(g, 'indian', legal(g, 'indian').find((l) => l.args.tribe === 'MO' && l.args.with === 'wa1')!.action);
    expect(asked(g)).toBe('english');
    const fights = legal(g, 'english').filter((l) => l.sub === 'fight');
    expect(fights).toHaveLength(2);
    act(g, 'english', fights[0].action);
    // Philip may evade; he stands.
    if (asked(g) === 'indian' && legal(g, 'indian').some((l) => l.sub === 'stand')) {
      force(g, 1, 2, 3);
      act(g, 'indian', { type: 'stand' });
    }
    let n = 0;
    while (s(g).tribes.MO.status !== 'removed' && n++ < 30) {
      const r = asked(g) as 'english' | 'indian';
      const l = legal(g, r);
      act(g, r, (l.find((x) => x.sub === 'stand') ?? l[0]).action);
    }
    expect(s(g).tribes.MO.status).toBe('removed');
    expect(Object.values(s(g).units).filter((u) => u.owner === 'MO' && u.where === 'map')).toHaveLength(0);
  });
});

describe('17.0 the short game', () => {
  it('17.0 odd turns only, no Church roll, a musket on turn 1, Church on turn 5', () => {
    const g = game({ short: true });
    expect(phase(g)).toBe('Turn 1 · Muskets');
    act(g, 'indian', legal(g, 'indian')[0].action);
    act(g, 'indian', { type: 'end' });
    act(g, 'english', { type: 'end' });
    expect(s(g).turn).toBe(3);
    expect(phase(g)).toBe('Turn 3 · English Reinforcements');
    expect(kpw.view(g.env.game, { kind: 'spectator' })).toMatchObject({ short: true, turn: 3 });
    s(g).stack.frames = [
      { proc: 'turn', step: 'engMove', started: true },
      { proc: 'move', step: 'select', side: 'english' },
    ];
    act(g, 'english', { type: 'end' });
    expect(s(g).turn).toBe(5);
    // 17.0: Church enters during the English Reinforcements phase, not phase 1; then the Allied roll (9.0 play note).
    expect(phase(g)).toBe('Turn 5 · English Reinforcements');
    expect(legal(g, 'english')[0].args.unit).toBe('church');
    act(g, 'english', legal(g, 'english')[0].action);
    while (legal(g, 'english').some((l) => l.sub === 'place')) act(g, 'english', legal(g, 'english')[0].action);
    expect(legal(g, 'english').map((l) => l.label)).toEqual([expect.stringMatching(/Roll for Allied Indians/)]);
    force(g, 6);
    act(g, 'english', { type: 'roll' });
    expect(phase(g)).not.toMatch(/English Reinforcements/);
  });
});
