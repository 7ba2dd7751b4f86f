// Fixes from the rules audit: dead ends around surrendered tribes' villages
// (12.1/12.2, 13.6), musket hand-overs (10.2) and the doubtful readings.
import { describe, expect, it } from 'vitest';
import { endingOf } from '../../src/engine/procstack.ts';
import { kpwData } from '../../src/games/kpw/data.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import { PROBES } from '../../src/games/kpw/probes.ts';
import { whyNot } from '../../src/engine/runner.ts';
import { resolveAction } from '../../commands/play.ts';
import { sitesOf } from '../../src/games/kpw/map.ts';
import { interceptionCands } from '../../src/games/kpw/interception.ts';
import {
  act,
  asked,
  clearMap,
  force,
  game,
  legal,
  loc,
  put,
  s,
  skipChurch,
  startCombat,
  startMove,
  texts,
  unit,
  toTurn2,
} from './helpers.ts';

describe("12.1/13.6 units left in a surrendered tribe's village", () => {
  it('12.1 a group standing in a neutral village may stop there (it did not enter it) and may still leave', () => {
    const g = game();
    clearMap(g);
    s(g).tribes.SK.status = 'surrendered';
    put(g, 'pc1', 'sakonnet');
    put(g, 'pc2', 'sakonnet');
    put(g, 'ma1', 'boston');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'sakonnet', units: 'pc1' });
    expect(legal(g, 'indian').map((x) => x.sub)).toContain('stop');
    act(g, 'indian', { type: 'stop' });
    expect(loc(g, 'pc1')).toBe('sakonnet');
    // With Dartmouth razed there is a way out; once gone, the village may not be re-entered.
    s(g).damage.dartmouth = 2;
    act(g, 'indian', { type: 'activate', space: 'sakonnet', units: 'pc2' });
    act(g, 'indian', { type: 'step', to: 'dartmouth' });
    expect(legal(g, 'indian').some((l) => l.sub === 'step' && l.args.to === 'sakonnet')).toBe(false);
  });

  it('12.1 a unit may be dropped where the group began; a group that moved on may not stop in the village', () => {
    const g = game();
    clearMap(g);
    s(g).tribes.SK.status = 'surrendered';
    s(g).damage.dartmouth = 2;
    put(g, 'pc1', 'sakonnet');
    put(g, 'pc2', 'sakonnet');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'sakonnet', units: 'all' });
    act(g, 'indian', { type: 'drop', unit: 'pc2' });
    act(g, 'indian', { type: 'step', to: 'dartmouth' });
    act(g, 'indian', { type: 'stop' });
    expect([loc(g, 'pc1'), loc(g, 'pc2')]).toEqual(['dartmouth', 'sakonnet']);
  });

  it('12.1 every activation offered leaves something legal (Philip and a Wampanoag in Weekapaug after the Niantics surrender)', () => {
    const g = game();
    clearMap(g);
    s(g).tribes.NC.status = 'surrendered';
    put(g, 'philip', 'wekapaug');
    put(g, 'wa1', 'wekapaug');
    put(g, 'ma1', 'boston');
    startMove(g, 'indian');
    for (const a of legal(g, 'indian').filter((l) => l.sub === 'activate')) {
      const h = { env: structuredClone(g.env), events: [] };
      act(h, 'indian', a.action);
      expect(legal(h, 'indian').length, a.label).toBeGreaterThan(0);
    }
    act(g, 'indian', { type: 'activate', space: 'wekapaug', units: 'all' });
    act(g, 'indian', { type: 'stop' });
    expect(loc(g, 'philip')).toBe('wekapaug');
  });

  it('12.1/13.6 sweep: in every village of every tribe that can surrender, stranded groups always have a legal way to finish', () => {
    for (const row of kpwData().charts.surrender) {
      for (const v of sitesOf(row.tribe)) {
        for (const ids of [['philip', 'wa1', 'wa2'], ['wa1'], ['philip']]) {
          const g = game();
          clearMap(g);
          s(g).tribes[row.tribe].status = 'surrendered';
          for (const id of ids) put(g, id, v);
          put(g, 'ma1', 'boston');
          startMove(g, 'indian');
          for (const a of legal(g, 'indian').filter((l) => l.sub === 'activate')) {
            const h = { env: structuredClone(g.env), events: [] };
            act(h, 'indian', a.action);
            // Stopping where they stand is always possible; so is the whole move ending.
            expect(
              legal(h, 'indian').map((l) => l.sub),
              `${v}: ${a.label}`,
            ).toContain('stop');
          }
        }
      }
    }
  });
});

describe('10.2 musket hand-overs are bounded', () => {
  it('10.2 the muskets change hands once per split; a new drop-off is a new split', () => {
    const g = game();
    clearMap(g);
    for (const id of ['pc-sachem', 'pc1', 'pc2', 'pc3']) put(g, id, 'titicut');
    unit(g, 'pc1').musket = true;
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'titicut', units: 'pc-sachem+pc2+pc3' });
    act(g, 'indian', { type: 'muskets', unit: 'pc2' });
    expect(legal(g, 'indian').filter((l) => l.sub === 'muskets')).toEqual([]);
    act(g, 'indian', { type: 'drop', unit: 'pc3' });
    expect(
      legal(g, 'indian')
        .filter((l) => l.sub === 'muskets')
        .map((l) => l.args.unit)
        .sort(),
    ).toEqual(['pc1', 'pc3']);
  });
});

describe('13.6 Canonchet and the Narragansett surrender', () => {
  it('13.6 Canonchet leaves the map with the Narragansetts (no VP, not lost: 16.0 not triggered) and returns with them', () => {
    const g = game();
    clearMap(g);
    s(g).churchEntered = true;
    s(g).tribes.NA.status = 'allied';
    s(g).vp.english = 20; // Narragansett surrender at 21
    s(g).units.philip.where = 'dead';
    for (const id of ['ri1', 'ri2', 'ri-captain']) put(g, id, 'warwick');
    put(g, 'na1', 'shawomet', 1);
    put(g, 'canonchet', 'queens_fort');
    put(g, 'na2', 'queens_fort');
    startCombat(g, 'english', [['warwick', 'shawomet']]);
    act(g, 'english', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 6, 1, 2);
    if (asked(g) === 'indian' && legal(g, 'indian').some((l) => l.sub === 'stand')) act(g, 'indian', { type: 'stand' });
    while (legal(g, 'indian').some((l) => l.sub === 'loss' && l.args.unit === 'na1')) act(g, 'indian', { type: 'loss', unit: 'na1' });
    expect(s(g).tribes.NA.status).toBe('surrendered');
    expect(unit(g, 'canonchet')).toMatchObject({ where: 'pool', wasAt: 'queens_fort' });
    expect(s(g).vp.indian).toBe(0);
    expect(endingOf(s(g).stack)).toBeNull();
    expect(texts(g.events)).not.toMatch(/Canonchet lost/);
    // Attacked later, the tribe returns for good and Canonchet with it.
    startMove(g, 'english');
    act(g, 'english', { type: 'activate', space: 'warwick', units: 'all' });
    act(g, 'english', { type: 'battle', target: 'shawomet' });
    expect(s(g).tribes.NA).toMatchObject({ status: 'allied', permanent: true });
    expect(unit(g, 'canonchet')).toMatchObject({ where: 'map', loc: 'queens_fort' });
  });
});

describe('13.5/13.6 a wounded Canonchet of a surrendered tribe', () => {
  it('13.6 when his turn on the track comes, he stays off the map with the surrendered Narragansetts', () => {
    const g = game();
    force(g, 6);
    act(g, 'english', { type: 'roll' });
    s(g).tribes.NA.status = 'surrendered';
    Object.assign(unit(g, 'canonchet'), { where: 'track', loc: null, returnTurn: 2 });
    toTurn2(g);
    expect(s(g).turn).toBe(2);
    expect(unit(g, 'canonchet').where).toBe('pool');
  });
});

describe('13.5 leaders whose company is destroyed', () => {
  it('13.5 the Captain is lost when his last Soldier falls, even inside a standing settlement', () => {
    const g = game();
    clearMap(g);
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'montaup');
    put(g, 'pl1', 'swansea', 1);
    put(g, 'pl-captain', 'swansea');
    startCombat(g, 'indian', [['montaup', 'swansea']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 3, 3); // Indians 7 SP on green 3: 2 losses; English 2 SP on red 1: none
    if (legal(g, 'english').some((l) => l.sub === 'stand')) act(g, 'english', { type: 'stand' });
    act(g, 'english', { type: 'loss', unit: 'pl1' }); // the second SP falls on the settlement by itself
    expect(unit(g, 'pl1').where).toBe('pool');
    expect(s(g).damage.swansea).toBe(1); // raided: the settlement stands
    expect(unit(g, 'pl-captain').where).toBe('track');
  });

  it('13.5 a lone Captain in a standing settlement is not lost while the settlement absorbs the losses', () => {
    const g = game();
    clearMap(g);
    for (const id of ['philip', 'wa1', 'wa2', 'wa3']) put(g, id, 'montaup');
    put(g, 'pl-captain', 'swansea');
    startCombat(g, 'indian', [['montaup', 'swansea']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    force(g, 1, 2, 3); // Indians 7 SP on green 2: 1 loss, on the settlement
    if (legal(g, 'english').some((l) => l.sub === 'stand')) act(g, 'english', { type: 'stand' });
    expect(s(g).damage.swansea).toBe(1);
    expect(unit(g, 'pl-captain').where).toBe('map');
  });
});

describe('13.1/12.4 roll labels', () => {
  it('13.1 an English company with no leader is told its evasion cannot succeed (7+ on one die)', () => {
    const g = game();
    clearMap(g);
    s(g).damage.bridgewater = 2;
    for (const id of ['philip', 'wa1', 'wa2']) put(g, id, 'bridgewater');
    put(g, 'ma1', 'blue_hills');
    startCombat(g, 'indian', [['bridgewater', 'blue_hills']]);
    act(g, 'indian', { type: 'fight', battle: 't1', units: 'all' });
    const ev = legal(g, 'english').filter((l) => l.sub === 'evade');
    expect(ev.length).toBeGreaterThan(0);
    for (const l of ev) expect(l.label).toMatch(/needs 7\+: cannot succeed/);
  });

  it('12.4 a stack that could not intercept even on a 6 is not offered the roll', () => {
    const g = game();
    clearMap(g);
    s(g).damage.dartmouth = 2; // razed: open, 2 pips from Sakonnet
    put(g, 'sk1', 'sakonnet');
    put(g, 'ma1', 'dartmouth');
    // 5+ with -2 pips and no leader needs a 7: no roll offered.
    expect(interceptionCands(s(g), 'indian', 'dartmouth', null, false, ['ma1'])).toEqual([]);
    put(g, 'sk-sachem', 'sakonnet');
    expect(interceptionCands(s(g), 'indian', 'dartmouth', null, false, ['ma1'])).toEqual(['sakonnet']);
  });
});

describe('status summary', () => {
  it("9.0 /game status names Church's space by its display name, not its id", () => {
    const g = game();
    Object.assign(unit(g, 'church'), { where: 'map', loc: 'warwick' });
    s(g).churchEntered = true;
    const view = kpw.view(g.env.game, { kind: 'spectator' });
    expect(kpw.summarize!(view, { kind: 'spectator' })).toMatch(/Church: on the map at Warwick\./);
  });
});

describe('refusals name the rule', () => {
  it('12.1 /kpw step to an intact settlement gives the rule reason, not just "not a legal to"', () => {
    const g = game();
    clearMap(g);
    put(g, 'pc1', 'titicut');
    startMove(g, 'indian');
    act(g, 'indian', { type: 'activate', space: 'titicut', units: 'all' });
    expect(() => resolveAction(kpw, g.env.game, ['indian'], 'step', { to: 'Bridgewater' })).toThrow(
      /may not enter Bridgewater: an enemy settlement that still stands \(12\.1\)/,
    );
    expect(() => resolveAction(kpw, g.env.game, ['indian'], 'step', { to: 'Boston' })).toThrow(/not adjacent/);
  });

  it('6.4 activating Philip alone out of a stack of three Warriors names the stacking rule', () => {
    const g = game();
    skipChurch(g);
    const why = whyNot(kpw, g.env.game, 'indian', PROBES.activate({ space: 'Montaup', units: 'Philip' })!);
    expect(why?.message).toMatch(/cannot leave a stack of three Infantry on its own.*take at least one Infantry along \(6\.4\)/);
    expect(why?.rule).toBe('KPW 6.4');
  });
});
