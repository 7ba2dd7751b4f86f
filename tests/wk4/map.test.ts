// Warrior Kings IV maps (data/wk4/map*.json): validation on load, the counts of
// Objectives & Victory, the side limits of Movement, homes from the
// deployment table, and the queries the rules use.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../src/engine/hex.ts';
import { loadWk4Map, seaComponents, SIDE_LIMITS, wk4Map, type Wk4MapName } from '../../src/games/wk4/map.ts';
import { NATIONS } from '../../src/games/wk4/nations.ts';

const raw = (name: Wk4MapName) =>
  JSON.parse(fs.readFileSync(new URL(`../../data/wk4/${name === 'full' ? 'map.json' : 'map-small.json'}`, import.meta.url), 'utf8'));
const MAPS: Wk4MapName[] = fs.existsSync(new URL('../../data/wk4/map.json', import.meta.url)) ? ['small', 'full'] : ['small'];

describe.each(MAPS)('wk4 %s map', (name) => {
  const map = wk4Map(name);

  it('loads, checks and caches', () => {
    expect(wk4Map(name)).toBe(map);
    expect(map.hexIds().length).toBe(map.width * map.height);
  });

  it('Deployment table: every nation on the map has its home cities and ports by the rules names, majors in its territory', () => {
    for (const n of map.nations) {
      const info = NATIONS[n];
      expect(
        map
          .homeCities(n)
          .map((c) => c.name)
          .sort(),
      ).toEqual([...info.homeCities].sort());
      expect(
        map
          .homePorts(n)
          .map((c) => c.name)
          .sort(),
      ).toEqual([...info.homePorts].sort());
      for (const c of map.homes(n)) {
        expect(c.kind).toBe('major');
        expect(map.territoryOf(c.hex)).toBe(n);
      }
      for (const c of map.homePorts(n)) expect(map.isPort(c.hex) && map.isCoastal(c.hex)).toBe(true);
      expect(map.homeTerritory(n).length).toBeGreaterThan(0);
    }
  });

  it('Deployment table: Masovia and Nazeria have no port; their home cities (full map: territory) do not touch the sea', () => {
    for (const n of ['masovia', 'nazeria'] as const) {
      if (!map.nations.includes(n)) continue;
      expect(map.homePorts(n)).toEqual([]);
      for (const c of map.homeCities(n)) expect(map.isCoastal(c.hex)).toBe(false);
      if (name === 'full') for (const h of map.homeTerritory(n)) expect(map.isCoastal(h)).toBe(false);
    }
  });

  it('The City Militia: Silvandros is a major centre raising 12 militia', () => {
    const s = map.centreByName('Silvandros')!;
    expect(s.kind).toBe('major');
    expect(s.manpower).toBe(12);
    expect(map.vpOf(s)).toBe(2);
  });

  it('Supply centers: centres on land, ports on the coast, beaches on the coast, one centre a hex', () => {
    const hexes = new Set<string>();
    for (const c of map.centres) {
      expect(map.isLand(c.hex)).toBe(true);
      if (c.port) expect(map.isCoastal(c.hex)).toBe(true);
      expect(hexes.has(c.hex)).toBe(false);
      hexes.add(c.hex);
      expect(map.centreAt(c.hex)).toBe(c);
    }
    for (const h of map.hexes()) if (h.beach) expect(map.isCoastal(h.id)).toBe(true);
  });

  it('rivers and roads run between neighbouring land hexes and mark their hexsides', () => {
    for (const ch of [...map.rivers, ...map.roads]) {
      for (let i = 1; i < ch.hexes.length; i++) {
        expect(hexDistance(ch.hexes[i - 1], ch.hexes[i])).toBe(1);
        const side = map.hexside(ch.hexes[i - 1], ch.hexes[i]);
        expect(map.rivers.includes(ch) ? side.rivers : side.roads).toContain(ch.id);
        expect(map.rivers.includes(ch) ? side.river : side.road).not.toBeNull();
      }
      for (const h of ch.hexes) expect(map.isLand(h)).toBe(true);
    }
    const rv = map.rivers[0];
    expect(map.isRiverHex(rv.hexes[0])).toBe(true);
    // Rivers: the whole length for 1 AP — every hex of the river is reachable from its source.
    expect(new Set(map.riverReach(rv.hexes[0], rv.id))).toEqual(new Set(rv.hexes.slice(1)));
    expect(map.riverReach(map.hexes().find((h) => !h.rivers.length && h.terrain !== 'sea')!.id)).toEqual([]);
  });

  it('hexsides are shared by both hexes and know their coast, beach and port access', () => {
    for (const s of map.hexsides()) {
      expect(hexDistance(s.a, s.b)).toBe(1);
      expect(map.hexside(s.b, s.a)).toBe(s);
      expect(s.coast).toBe(map.isSea(s.a) !== map.isSea(s.b));
      if (s.portAccess) expect(map.isPort(map.isSea(s.a) ? s.b : s.a)).toBe(true);
      if (s.beach) expect(map.isBeach(map.isSea(s.a) ? s.b : s.a)).toBe(true);
    }
  });

  it('Land Movement Side Limits: by the terrain entered — clear/desert 9, forest 3, mountain 1, swamp 1; beach 4 in an assault', () => {
    const want = { clear: 9, desert: 9, forest: 3, mountain: 1, swamp: 1 } as const;
    const seen = new Set<string>();
    for (const s of map.hexsides()) {
      if (s.coast || s.road || s.river || map.isSea(s.a)) continue;
      const t = map.terrain(s.b);
      if (t === 'sea') continue;
      expect(map.sideLimit(s.a, s.b)).toBe(want[t]);
      seen.add(t);
      expect(map.mustStop(s.a, s.b)).toBe(t === 'mountain' || t === 'swamp');
    }
    expect(seen.has('clear') && seen.has('forest') && seen.has('mountain')).toBe(true);
    const beach = map.hexes().find((h) => h.beach && map.landNeighbours(h.id).length)!;
    const from = map.landNeighbours(beach.id).find((n) => !map.hexside(n, beach.id).road && !map.hexside(n, beach.id).river)!;
    expect(map.sideLimit(from, beach.id, { assault: true })).toBe(4);
    // Outside an assault a beach takes its terrain's limit.
    expect(map.sideLimit(from, beach.id)).toBe(SIDE_LIMITS[beach.terrain as 'clear']);
  });

  it('Roads and Rivers: no limit and no stop along them, except in Winter', () => {
    const road = map.hexsides().find((s) => s.road && !s.river)!;
    expect(map.sideLimit(road.a, road.b)).toBeNull();
    expect(map.sideLimit(road.a, road.b, { winter: true })).toBeGreaterThan(0);
    const river = map.hexsides().find((s) => s.river)!;
    expect(map.sideLimit(river.a, river.b)).toBeNull();
    expect(map.sideLimit(river.a, river.b, { winter: true })).not.toBeNull();
  });

  it('Sea Movement: ships go port or beach to port or beach through sea hexes only', () => {
    const port = map.centres.find((c) => c.port)!;
    const reach = map.seaReach(port.hex, 12);
    expect(reach.size).toBeGreaterThan(0);
    for (const [h, steps] of reach) {
      expect(map.isLanding(h)).toBe(true);
      expect(steps).toBeLessThanOrEqual(12);
      expect(steps).toBeGreaterThanOrEqual(2);
    }
    expect(map.seaReach(port.hex, 1).size).toBe(0);
    const inland = map.centres.find((c) => !map.isCoastal(c.hex))!;
    expect(map.seaReach(inland.hex, 12).size).toBe(0);
  });

  it('Sea Movement: one sea joins every port and beach to every other', () => {
    expect(seaComponents(map).length).toBe(1);
    const landings = map.hexes().filter((h) => h.terrain !== 'sea' && map.isLanding(h.id));
    const reach = map.seaReach(landings[0].id, 10_000);
    for (const h of landings.slice(1)) expect(reach.has(h.id)).toBe(true);
  });

  it('Supply: a centre supplies its own hex and its neighbours', () => {
    const c = map.centres[0];
    expect(map.suppliedBy(c.hex)).toContain(c);
    for (const n of map.neighbours(c.hex)) expect(map.suppliedBy(n)).toContain(c);
  });

  it('the loader refuses a broken file and names what is wrong', () => {
    const bad = (edit: (f: any) => void) => {
      const f = raw(name);
      edit(f);
      return () => loadWk4Map(f);
    };
    expect(bad((f) => (f.centres[0].hex = '0,0'))).toThrow(/sea|off the map|home territory|two centres/);
    expect(bad((f) => f.terrain.pop())).toThrow(/rows/);
    expect(bad((f) => (f.rivers[0].hexes = [f.rivers[0].hexes[0], f.rivers[0].hexes[2]]))).toThrow(/not neighbours/);
    expect(bad((f) => (f.centres.find((c: any) => c.name === 'Silvandros').manpower = 6))).toThrow(/12 manpower/);
    expect(bad((f) => (f.centres = f.centres.filter((c: any) => c.home !== 'port' || c.owner !== f.nations[0])))).toThrow(/home port/);
    expect(bad((f) => (f.centres.find((c: any) => c.home === 'city').name = 'Nowhere'))).toThrow(/not a home city/);
    expect(bad((f) => (f.beaches = [map.centres.find((c) => !map.isCoastal(c.hex))!.hex]))).toThrow(/touches no sea/);
  });
});

describe('wk4 full map counts', () => {
  it.runIf(MAPS.includes('full'))('Objectives & Victory: 23 major and 110 minor supply centres, 156 VP; eleven nations', () => {
    const map = wk4Map('full');
    expect(map.majors().length).toBe(23);
    expect(map.minors().length).toBe(110);
    expect(map.totalVp()).toBe(156);
    expect(map.nations.length).toBe(11);
  });

  it.runIf(MAPS.includes('full'))('fewer nations on the full map: spreadNations picks homes far apart', () => {
    const map = wk4Map('full');
    const city = (n: string) => map.homeCities(n as never)[0].hex;
    for (const k of [2, 3, 4, 6]) {
      const pick = map.spreadNations(k);
      expect(new Set(pick).size).toBe(k);
      const gap = Math.min(...pick.flatMap((a, i) => pick.slice(i + 1).map((b) => hexDistance(city(a), city(b)))));
      // Farther apart than the map's nations taken in file order.
      const first = map.nations.slice(0, k);
      const gap0 = Math.min(...first.flatMap((a, i) => first.slice(i + 1).map((b) => hexDistance(city(a), city(b)))));
      expect(gap).toBeGreaterThanOrEqual(gap0);
      expect(map.spreadNations(k)).toEqual(pick);
    }
    expect(map.spreadNations(11)).toEqual(map.nations);
  });

  it('the counts are enforced when a file asks for them', () => {
    const f = raw('small');
    f.expect = { major: 23, minor: 110 };
    expect(() => loadWk4Map(f)).toThrow(/23 and 110/);
  });
});
