// The rest of the season's rules, each under its heading: attrition, winter
// quarters, the economy, victory, amphibious attacks, air movement,
// mercenary loyalty and alliances.
import { describe, expect, it } from 'vitest';
import { stageOf } from '../../src/games/wk4/state.ts';
import { RuleError } from '../../src/engine/errors.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { attritionAndQuarters, economy, vpNeeded, VP_TABLE } from '../../src/games/wk4/endturn.ts';
import { mapOf, movement } from '../../src/games/wk4/geo.ts';
import { checkOrder, type Order } from '../../src/games/wk4/orders.ts';
import { ctxWith, fresh, give, season } from './helpers.ts';

const refusal = (f: () => void): RuleError => {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('accepted');
};

describe('WK4 ATTRITION and WINTER QUARTERS', () => {
  it('summer in the desert costs 4 steps a battle group, never the last one', () => {
    const s = fresh();
    s.season = 'summer';
    const desert = mapOf(s)
      .hexIds()
      .find((h) => mapOf(s).terrain(h) === 'desert')!;
    s.forces.alm3.hex = desert;
    attritionAndQuarters(s);
    expect(s.forces.alm3.units.map((u) => u.steps)).toEqual([1, 1, 1, 1]);
  });

  it('Winter: quarters up to the city value are exempt and restored; ships outside a port are lost', () => {
    const s = fresh();
    s.season = 'winter';
    const m = mapOf(s);
    const city = m.centres.find((c) => c.hex === s.forces.alm1.hex)!;
    s.forces.alm1.units = s.forces.alm1.units.filter((u) => u.type !== 'baggage');
    for (const u of s.forces.alm1.units) u.steps = 1;
    s.forces.alm10.hex = s.forces.alm1.hex; // Almagora is not a port
    const before = s.forces.alm1.units.length;
    attritionAndQuarters(s);
    const full = s.forces.alm1.units.filter((u) => u.steps > 1).length;
    expect(full).toBe(Math.min(city.value, before));
    // The others stay at 1 step: winter attrition in the clear (-1) never destroys a unit.
    expect(s.forces.alm1.units.filter((u) => u.steps === 1).length).toBe(before - full);
    expect(s.forces.alm10).toBeUndefined();
  });
});

describe('WK4 MANPOWER, MONEY AND REINFORCEMENTS', () => {
  it('end of Fall: taxes equal the values of cities held, manpower the centres held; end of Winter: 1 AP a minor, 5 a major', () => {
    const s = fresh();
    const m = mapOf(s);
    const held = m.centres.filter((c) => s.owner[c.id] === 'almagora');
    s.season = 'fall';
    economy(s);
    expect(s.nations.almagora.treasury).toBe(40 + held.reduce((a, c) => a + c.value, 0));
    expect(s.nations.almagora.manpower).toBe(held.length);
    s.season = 'winter';
    const ap = s.nations.almagora.ap;
    economy(s);
    expect(s.nations.almagora.ap - ap).toBe(held.reduce((a, c) => a + (c.kind === 'major' ? 5 : 1), 0));
  });
});

describe('WK4 OBJECTIVES & VICTORY', () => {
  it("the alliance table, not the introduction's 70: 79 VP alone on the full map, scaled on the small one", () => {
    const full = fresh({ nations: 5 });
    expect(mapOf(full).totalVp()).toBe(156);
    expect(VP_TABLE.map((_, i) => vpNeeded(full, i + 1))).toEqual([79, 94, 110, 125, 141, 156]);
    expect(vpNeeded(full, 9)).toBe(156);
    const small = fresh();
    const total = mapOf(small).totalVp();
    expect(vpNeeded(small, 1)).toBe(Math.ceil((79 * total) / 156));
  });
});

describe('WK4 Amphibious Attacks and Boarding a Fleet', () => {
  it('only infantry, at most 3 regiments; the naval battle first, then the landing on the siege table', () => {
    const s = fresh();
    const m = mapOf(s);
    const fleet = s.forces.cap1;
    // A landing hex from which the fleet reaches a port city: the fleet and the army start there.
    let port = '';
    for (const h of m.hexIds().filter((x) => m.isLand(x) && m.isLanding(x) && !m.centreAt(x))) {
      const to = [...m.seaReach(h, movement(fleet)).keys()].find((x) => m.isPort(x) && m.centreAt(x));
      if (to) {
        fleet.hex = h;
        s.forces.cap3.hex = h;
        port = to;
        break;
      }
    }
    const c = m.centreAt(port)!;
    s.owner[c.id] = 'almagora';
    s.wars.push('almagora|capetan');
    s.forces.alm3.hex = port;
    s.forces.alm3.units = s.forces.alm3.units.filter((u) => u.type === 'infantry'); // 2 infantry: 4 CV
    s.forces.alm10.hex = port; // Almagora's fleet is there too
    const sail: Order = { k: 'sail', force: 'cap1', to: port, carry: ['cap3'] };
    expect(refusal(() => checkOrder(s, 'capetan', sail)).rule).toBe('WK4 Amphibious Attacks');
    s.forces.cap3.units = s.forces.cap3.units.filter((u) => u.type === 'infantry'); // 3 infantry
    expect(() => checkOrder(s, 'capetan', sail)).not.toThrow();
    give(s, 'capetan', [sail]);
    // Naval 2d6 2 (attacker's best), lord d6 6; landing 2d6 2, lord d6 6.
    season(s, [1, 1, 6, 1, 1, 6]);
    expect(s.battles.map((b) => b.kind)).toEqual(['naval', 'landing']);
    expect(s.battles.every((b) => b.winner === 'attacker')).toBe(true);
    expect(s.forces.cap3.hex).toBe(port);
    expect(s.owner[c.id]).toBe('capetan');
  });

  it('if the defender wins the naval battle, the transports abort: the army goes back where it embarked', () => {
    const s = fresh();
    const m = mapOf(s);
    const fleet = s.forces.cap1;
    let port = '';
    for (const h of m.hexIds().filter((x) => m.isLand(x) && m.isLanding(x) && !m.centreAt(x))) {
      const to = [...m.seaReach(h, movement(fleet)).keys()].find((x) => m.isPort(x) && m.centreAt(x));
      if (to) {
        fleet.hex = h;
        s.forces.cap3.hex = h;
        port = to;
        break;
      }
    }
    const start = s.forces.cap3.hex;
    s.owner[m.centreAt(port)!.id] = 'almagora';
    s.wars.push('almagora|capetan');
    s.forces.alm10.hex = port;
    s.forces.cap3.units = s.forces.cap3.units.filter((u) => u.type === 'infantry');
    give(s, 'capetan', [{ k: 'sail', force: 'cap1', to: port, carry: ['cap3'] }]);
    season(s, [6, 6, 6, 6, 6]); // naval 2d6 12: the attacker is beaten; its admiral survives
    expect(s.battles.map((b) => `${b.kind}:${b.winner}`)).toEqual(['naval:defender']);
    expect(s.forces.cap3.hex).toBe(start);
    expect(s.owner[m.centreAt(port)!.id]).toBe('almagora');
  });
});

describe('WK4 Air Movement', () => {
  it('air battle groups land only in friendly territory', () => {
    const s = fresh();
    s.forces.alm3.units = s.forces.alm3.units.slice(0, 2).map((u) => ({ ...u, type: 'flyer', steps: 2 }));
    s.forces.alm3.hex = '6,7';
    const home = mapOf(s)
      .landNeighbours('6,7')
      .find((h) => mapOf(s).territoryOf(h) === 'almagora')!;
    const away = mapOf(s)
      .landNeighbours('6,7')
      .find((h) => mapOf(s).territoryOf(h) === null)!;
    expect(refusal(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm3', path: [away], attack: false })).rule).toBe(
      'WK4 Air Movement',
    );
    expect(() => checkOrder(s, 'almagora', { k: 'move', force: 'alm3', path: [home], attack: false })).not.toThrow();
  });
});

describe('WK4 Mercenary Loyalty', () => {
  it('at double cost they leave, unless the employer matches', () => {
    for (const matched of [false, true]) {
      const s = fresh();
      s.forces.cap4.units.push({ id: 'lk1', type: 'landsknekt', steps: 4, green: false });
      s.nations.almagora.treasury = 100;
      give(s, 'almagora', [{ k: 'bribe', force: 'cap4', mode: 'leave' }]);
      if (matched) give(s, 'capetan', [{ k: 'match', amount: 20 }]);
      season(s);
      expect(s.forces.cap4.units.some((u) => u.type === 'landsknekt')).toBe(matched);
      expect(s.nations.almagora.treasury).toBe(matched ? 100 : 100 - 16);
      if (matched) expect(s.nations.capetan.treasury).toBe(40 - 16);
    }
  });
});

describe('WK4 COMBAT UNITS: Unit Experience Rating', () => {
  it('"All new units start as GREEN until they have engaged in combat": hired Landsknekt too', () => {
    const s = fresh();
    const host = s.forces.alm1;
    const city = mapOf(s).centreAt(host.hex)!;
    expect(s.owner[city.id]).toBe('almagora');
    s.nations.almagora.treasury = 100;
    give(s, 'almagora', [{ k: 'landsknekt', at: host.hex, n: 2, lord: host.lord }]);
    season(s);
    const hired = s.forces.alm1.units.filter((u) => u.type === 'landsknekt');
    expect(hired).toHaveLength(2);
    expect(hired.every((u) => u.green)).toBe(true);
  });
});

describe('WK4 DIPLOMACY', () => {
  it('an alliance needs both nations to ask in the same season; war and alliance are published', () => {
    const s = fresh({ nations: 3 });
    give(s, 'almagora', [{ k: 'ally', nation: 'capetan' }]);
    season(s);
    expect(Object.keys(s.alliances)).toEqual([]);
    const t = fresh({ nations: 3 });
    give(t, 'almagora', [{ k: 'ally', nation: 'capetan' }]);
    give(t, 'capetan', [{ k: 'ally', nation: 'almagora' }]);
    give(t, 'corona', [{ k: 'war', nation: 'almagora' }]);
    season(t);
    expect(Object.values(t.alliances)).toEqual([['almagora', 'capetan']]);
    expect(t.wars).toEqual(['almagora|corona']);
  });
});

describe('WK4 Seats: a nation that resigns leaves, the others play on', () => {
  it('its forces disband, its centres are unheld, and the orders no longer wait for it', () => {
    const s = fresh({ nations: 3 });
    const ctx = ctxWith();
    wk4.apply(s, 'almagora', { type: 'final' }, ctx);
    wk4.apply(s, 'capetan', { type: 'final' }, ctx);
    wk4.resign!(s, 'corona', ctx);
    expect(Object.values(s.forces).some((f) => f.nation === 'corona')).toBe(false);
    expect(Object.values(s.owner)).not.toContain('corona');
    // The orders were revealed and the season adjudicated without Corona.
    expect(stageOf(s)).toBe('challenges');
    expect(wk4.result(s).status).toBe('ongoing');
    wk4.resign!(s, 'capetan', ctx);
    expect(wk4.result(s)).toMatchObject({ status: 'over', winners: ['almagora'] });
  });
});

describe('WK4 SIEGE BATTLE: a column left for each successive round', () => {
  it('a beaten besieger comes back next season and fights one column further left', () => {
    const s = fresh();
    const m = mapOf(s);
    const orlay = m.centres.find((c) => c.id === 'orlay')!;
    const from = m.landNeighbours(orlay.hex).find((h) => m.territoryOf(h) === null && !m.centreAt(h))!;
    s.wars.push('almagora|capetan');
    s.forces.cap4.hex = orlay.hex;
    s.forces.alm3.hex = from;
    const attack: Order = { k: 'move', force: 'alm3', path: [orlay.hex], attack: true };
    give(s, 'almagora', [attack]);
    season(s, [6, 6, 6]); // 2d6 12: the besieger is beaten and falls back; its lord survives (6)
    const first = s.battles[0];
    expect(first).toMatchObject({ kind: 'siege', winner: 'defender' });
    expect(s.forces.alm3.hex).toBe(from);
    expect(s.siegeRounds[orlay.hex]).toBe(1);
    for (const n of s.order) wk4.apply(s, n, { type: 'agree' }, ctxWith());
    expect(s.season).toBe('summer');
    give(s, 'almagora', [attack]);
    season(s, [6, 6, 6]);
    const second = s.battles[0];
    expect(second.lines.join('\n')).toMatch(/siege round 2: 1 left/);
    const cols = ['7:1', '6:1', '5:1', '4:1', '3:1', '2:1', '1:1', '1:2', '1:3'];
    expect(cols.indexOf(String(second.ratio))).toBeLessThanOrEqual(cols.indexOf(String(first.ratio)));
    expect(s.siegeRounds[orlay.hex]).toBe(2);
  });
});

describe('WK4 Land Movement Side Limits: per player or alliance, enforced as the moves are made', () => {
  it('two allies may not together push more than 3 battle groups across a forest side; the later mover stops', () => {
    const s = fresh();
    const m = mapOf(s);
    let from = '';
    let into = '';
    for (const h of m.hexIds()) {
      if (!m.isLand(h) || m.territoryOf(h) !== null || m.centreAt(h)) continue;
      const f = m.landNeighbours(h).find((x) => m.sideLimit(h, x) === 3 && m.territoryOf(x) === null && !m.centreAt(x));
      if (f) {
        from = h;
        into = f;
        break;
      }
    }
    expect(into).not.toBe('');
    s.alliances['al-almagora-capetan'] = ['almagora', 'capetan'];
    for (const id of ['alm3', 'cap4']) {
      s.forces[id].hex = from;
      s.forces[id].units = s.forces[id].units.filter((u) => u.type === 'infantry').slice(0, 2);
    }
    const moveA: Order = { k: 'move', force: 'alm3', path: [into], attack: false };
    const moveC: Order = { k: 'move', force: 'cap4', path: [into], attack: false };
    // Each nation's own orders are within the limit (2 of 3)...
    expect(() => checkOrder(s, 'almagora', moveA)).not.toThrow();
    expect(() => checkOrder(s, 'capetan', moveC)).not.toThrow();
    give(s, 'almagora', [moveA]);
    give(s, 'capetan', [moveC]);
    season(s);
    // ...but together 4 > 3: the first in initiative crosses, the other stops at the side.
    const crossed = ['alm3', 'cap4'].filter((id) => s.forces[id].hex === into);
    expect(crossed.length).toBe(1);
    expect(s.report.some((l) => /is closed to your side this season \(3 battle groups\)/.test(l.text))).toBe(true);
  });
});
