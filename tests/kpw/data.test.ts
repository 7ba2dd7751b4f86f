// KPW map and charts: rules requirements, worked examples, validation.
import fs from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  crtLosses,
  kpwAdjacency,
  kpwData,
  loadKpwData,
  validateKpwCharts,
  validateKpwMap,
  type KpwConnection,
  type KpwSpace,
} from '../../src/games/kpw/data.ts';

const { map, charts } = kpwData();
const byId = new Map(map.spaces.map((s) => [s.id, s]));
const adj = kpwAdjacency(map);

const sp = (id: string): KpwSpace => {
  const s = byId.get(id);
  if (!s) throw new Error(`no space ${id}`);
  return s;
};
const conn = (a: string, b: string): KpwConnection | undefined =>
  map.connections.find((c) => (c.a === a && c.b === b) || (c.a === b && c.b === a));
const adjacent = (a: string, b: string): boolean => adj.get(a)!.has(b);
const neighbours = (id: string): KpwSpace[] => [...adj.get(id)!].map(sp);
const isEnglish = (s: KpwSpace): boolean => ['MA', 'PL', 'RI', 'CT'].includes(s.owner ?? '');
const settlementsOf = (colony: string): KpwSpace[] =>
  map.spaces.filter((s) => s.owner === colony && (s.kind === 'settlement' || s.kind === 'fort'));
const villagesOf = (tribe: string): KpwSpace[] =>
  map.spaces.filter((s) => s.owner === tribe && (s.kind === 'village' || s.kind === 'fort'));
const alliance = (tribe: string) => charts.alliance.find((r) => r.tribe === tribe)!;
const readyAt = (razed: number): string[] =>
  charts.alliance
    .filter((r) => r.razedNeeded <= razed)
    .map((r) => r.tribe)
    .sort();
const rawMap = (): any => JSON.parse(fs.readFileSync(new URL('../../data/kpw/map.json', import.meta.url), 'utf8'));
const rawCharts = (): any => JSON.parse(fs.readFileSync(new URL('../../data/kpw/charts.json', import.meta.url), 'utf8'));

describe('KPW data loading', () => {
  it('loadKpwData validates both files and kpwData() caches them', () => {
    const fresh = loadKpwData();
    expect(fresh.map.spaces.length).toBe(map.spaces.length);
    expect(kpwData()).toBe(kpwData());
  });
});

describe('KPW map: colonies, tribes, spaces (4.0-4.2)', () => {
  it('4.1/4.2 four colonies and nine tribes; Wampanoag, Sakonnet and Pocasset count as Wampanoag (6.3)', () => {
    expect(map.colonies.map((c) => c.id).sort()).toEqual(['CT', 'MA', 'PL', 'RI']);
    expect(map.tribes.map((t) => t.id).sort()).toEqual(['AB', 'MO', 'NA', 'NC', 'NI', 'PC', 'PO', 'SK', 'WA']);
    expect(
      map.tribes
        .filter((t) => t.wampanoag)
        .map((t) => t.id)
        .sort(),
    ).toEqual(['PC', 'SK', 'WA']);
  });

  it('4.2 owners: settlements belong to colonies, villages to tribes, neutral spaces to nobody', () => {
    for (const s of map.spaces) {
      if (s.kind === 'settlement') expect(isEnglish(s), s.id).toBe(true);
      if (s.kind === 'village') expect(s.owner !== null && !isEnglish(s), s.id).toBe(true);
      if (s.kind === 'neutral') expect(s.owner, s.id).toBeNull();
    }
  });

  it('4.2 reasonable size: 35-45 settlements, 25-35 villages, 10-15 neutral spaces', () => {
    const settlements = map.spaces.filter(isEnglish).length;
    const villages = map.spaces.filter((s) => s.owner !== null && !isEnglish(s)).length;
    const neutral = map.spaces.filter((s) => s.kind === 'neutral').length;
    expect(settlements).toBeGreaterThanOrEqual(35);
    expect(settlements).toBeLessThanOrEqual(45);
    expect(villages).toBeGreaterThanOrEqual(25);
    expect(villages).toBeLessThanOrEqual(35);
    expect(neutral).toBeGreaterThanOrEqual(10);
    expect(neutral).toBeLessThanOrEqual(15);
  });

  it('Examples of play: every named town exists in its colony', () => {
    const towns: Record<string, string[]> = {
      MA: ['boston', 'dedham', 'sudbury', 'marlborough'],
      PL: ['plymouth', 'swansea', 'bridgewater', 'taunton', 'middleborough', 'rehoboth'],
      RI: ['portsmouth', 'wickford', 'warwick', 'pawtuxet'],
      CT: ['norwich'],
    };
    for (const [colony, ids] of Object.entries(towns)) for (const id of ids) expect(sp(id).owner, id).toBe(colony);
  });

  it('16.0 Boston and Plymouth exist; Plymouth is "the great fort" (example)', () => {
    expect(sp('boston').owner).toBe('MA');
    expect(sp('plymouth')).toMatchObject({ kind: 'fort', owner: 'PL' });
  });

  it("Examples: Montaup is Philip's Wampanoag home fort", () => {
    expect(sp('montaup')).toMatchObject({ kind: 'fort', owner: 'WA' });
  });

  it('4.2 Rhode Island has exactly five settlements', () => {
    expect(settlementsOf('RI')).toHaveLength(5);
  });

  it('7.0 setup: Massachusetts has at least 5 settlements (one soldier each)', () => {
    expect(settlementsOf('MA').length).toBeGreaterThanOrEqual(5);
  });

  it('7.0 setup: Plymouth, Rhode Island and Connecticut each have at least 2 settlements', () => {
    for (const c of ['PL', 'RI', 'CT']) expect(settlementsOf(c).length, c).toBeGreaterThanOrEqual(2);
  });

  it('7.0/6.3 setup: Philip, the Wampanoag Sachem and six warriors fit in Wampanoag villages (3 spaces in the example)', () => {
    const n = villagesOf('WA').length;
    expect(n).toBeGreaterThanOrEqual(3);
    // two leaders (may not stack together) allow stacks of 3, the rest at most 2
    expect(3 * Math.min(2, n) + 2 * Math.max(0, n - 2)).toBeGreaterThanOrEqual(6);
  });

  it('7.0 setup: Sakonnet and Pocasset each have at least 2 villages', () => {
    expect(villagesOf('SK').length).toBeGreaterThanOrEqual(2);
    expect(villagesOf('PC').length).toBeGreaterThanOrEqual(2);
  });

  it('7.0/11.2 Mohawk: exactly two villages plus the Mohawk Treaty Space', () => {
    const mo = villagesOf('MO');
    expect(mo).toHaveLength(3);
    expect(mo.filter((s) => s.treaty)).toHaveLength(1);
    expect(map.spaces.filter((s) => s.treaty).map((s) => s.owner)).toEqual(['MO']);
  });

  it('11.2 the Treaty Space is connected to each other Mohawk village (Battle markers go on those connections)', () => {
    const treaty = villagesOf('MO').find((s) => s.treaty)!;
    for (const v of villagesOf('MO').filter((s) => !s.treaty)) expect(conn(treaty.id, v.id), v.id).toBeDefined();
  });

  it('11.1 every recruitable tribe has villages for its initial units (one per village)', () => {
    for (const r of charts.alliance) expect(villagesOf(r.tribe).length, r.tribe).toBeGreaterThanOrEqual(r.initialUnits);
    expect(villagesOf('NA').length).toBeGreaterThanOrEqual(4);
  });
});

describe('KPW map: adjacencies from the Examples of Play', () => {
  it('Example (battle of Portsmouth): Montaup is adjacent to Portsmouth', () => {
    expect(adjacent('montaup', 'portsmouth')).toBe(true);
  });

  it('Example (battle of Wickford): Wickford is the town south of Warwick and a Wampanoag village is adjacent to it', () => {
    expect(adjacent('wickford', 'warwick')).toBe(true);
    expect(sp('wickford').y).toBeGreaterThan(sp('warwick').y);
    expect(neighbours('wickford').some((s) => s.owner === 'WA')).toBe(true);
  });

  it('Example (battle of Swansea): a Sakonnet village is adjacent to Swansea; Portsmouth was also in its reach', () => {
    const sk = neighbours('swansea').filter((s) => s.owner === 'SK');
    expect(sk.length).toBeGreaterThan(0);
    expect(sk.some((s) => adjacent(s.id, 'portsmouth'))).toBe(true);
  });

  it('Example (turn 2 reinforcements): a Sakonnet village lies southeast of Portsmouth', () => {
    const p = sp('portsmouth');
    expect(villagesOf('SK').some((s) => s.x > p.x && s.y > p.y)).toBe(true);
  });

  it('12.4 Example (interception at Bridgewater): Dedham-Bridgewater is a 1-pip land path, so a Captain needs a 5', () => {
    const c = conn('dedham', 'bridgewater')!;
    expect(c).toMatchObject({ pips: 1, water: false });
    expect(5 + c.pips - 1).toBe(5); // base 5, -pips, +1 Captain
  });

  it("Example (first Indian combat): with the example's setup Dedham is the English player's only interception", () => {
    const english = [
      'boston',
      'dedham',
      'sudbury',
      'marlborough',
      'salem',
      'swansea',
      'plymouth',
      'portsmouth',
      'providence',
      'new_london',
      'norwich',
    ];
    const targets = ['portsmouth', 'wickford', 'swansea', 'bridgewater'];
    const chances: string[] = [];
    for (const t of targets) for (const e of english) if (e !== t && conn(e, t) && !conn(e, t)!.water) chances.push(`${e}->${t}`);
    expect(chances).toEqual(['dedham->bridgewater']);
    expect(adjacent('montaup', 'portsmouth') && conn('montaup', 'portsmouth')!.water).toBe(true);
  });

  it('12.1 Example (English movement): Sudbury-Dedham-Boston-neutral-Bridgewater costs 4 pips on 1-pip paths, leaving 1 to attack the Pocasset village', () => {
    const mid = neighbours('boston').find((s) => s.kind === 'neutral' && conn(s.id, 'bridgewater')?.pips === 1);
    expect(mid).toBeDefined();
    const path = ['sudbury', 'dedham', 'boston', mid!.id, 'bridgewater'];
    let cost = 0;
    for (let i = 1; i < path.length; i++) {
      const c = conn(path[i - 1]!, path[i]!)!;
      expect(c, `${path[i - 1]}-${path[i]}`).toBeDefined();
      expect(c.pips).toBe(1);
      cost += c.pips;
    }
    expect(cost).toBe(4);
    const pc = neighbours('bridgewater').filter((s) => s.owner === 'PC' && conn('bridgewater', s.id)?.pips === 1);
    expect(pc.length).toBeGreaterThan(0);
    expect(5 - cost).toBeGreaterThanOrEqual(1);
  });

  it('12.1 Example (English movement): Marlborough has a neutral space to its SE 1 pip away, next to a starting war band village', () => {
    const m = sp('marlborough');
    const se = neighbours('marlborough').filter(
      (s) => s.kind === 'neutral' && s.x > m.x && s.y > m.y && conn('marlborough', s.id)?.pips === 1,
    );
    expect(se.some((n) => neighbours(n.id).some((v) => ['WA', 'SK', 'PC'].includes(v.owner ?? '')))).toBe(true);
  });

  it('13.1 Example (evasion): the Pocasset village by Bridgewater has a Pocasset river village to its west', () => {
    const ok = neighbours('bridgewater')
      .filter((s) => s.owner === 'PC')
      .some((p) => neighbours(p.id).some((w) => w.owner === 'PC' && w.river && w.x < p.x));
    expect(ok).toBe(true);
  });

  it('Example (turn 2 Indian combat): a Pocasset village is adjacent to both Taunton and Middleborough; another lies NW of Taunton', () => {
    const both = villagesOf('PC').filter((s) => adjacent(s.id, 'taunton') && adjacent(s.id, 'middleborough'));
    expect(both.length).toBeGreaterThan(0);
    const t = sp('taunton');
    expect(villagesOf('PC').some((s) => s.x < t.x && s.y < t.y)).toBe(true);
  });

  it('12.3 Example (ocean movement): Boston, Plymouth and Warwick are ports, and so is a Connecticut settlement', () => {
    for (const id of ['boston', 'plymouth', 'warwick']) expect(sp(id).port, id).toBe(true);
    expect(settlementsOf('CT').some((s) => s.port)).toBe(true);
  });
});

describe('KPW map: connections and rivers (4.3, 5.0, 12.x)', () => {
  it('4.3 connections carry 1, 2 or 3 pips and all three occur', () => {
    const pips = new Set(map.connections.map((c) => c.pips));
    expect([...pips].sort()).toEqual([1, 2, 3]);
  });

  it('12.3/12.4 some connections cross water, including to Portsmouth on Narragansett Bay', () => {
    const water = map.connections.filter((c) => c.water);
    expect(water.length).toBeGreaterThanOrEqual(3);
    expect(water.some((c) => c.a === 'portsmouth' || c.b === 'portsmouth')).toBe(true);
  });

  it('5.0 every space is reachable over land and water connections alone', () => {
    const seen = new Set(['boston']);
    const queue = ['boston'];
    while (queue.length) {
      const id = queue.shift()!;
      for (const c of map.connections) {
        const other = c.a === id ? c.b : c.b === id ? c.a : undefined;
        if (other && !seen.has(other)) {
          seen.add(other);
          queue.push(other);
        }
      }
    }
    expect(map.spaces.filter((s) => !seen.has(s.id)).map((s) => s.id)).toEqual([]);
  });

  it('9.0/12.1 pre-Church: every settlement is reachable on 1-pip paths through English and neutral spaces, or by sea between ports', () => {
    const enterable = (s: KpwSpace) => isEnglish(s) || s.kind === 'neutral';
    const ports = map.spaces.filter((s) => s.port).map((s) => s.id);
    const seen = new Set(['boston']);
    const queue = ['boston'];
    while (queue.length) {
      const id = queue.shift()!;
      const next = map.connections.filter((c) => c.pips === 1 && (c.a === id || c.b === id)).map((c) => (c.a === id ? c.b : c.a));
      if (sp(id).port) next.push(...ports);
      for (const o of next)
        if (!seen.has(o) && enterable(sp(o))) {
          seen.add(o);
          queue.push(o);
        }
    }
    expect(map.spaces.filter((s) => isEnglish(s) && !seen.has(s.id)).map((s) => s.id)).toEqual([]);
    // within each colony, every settlement has a 1-pip path out
    for (const s of map.spaces.filter(isEnglish))
      expect(
        map.connections.some((c) => c.pips === 1 && (c.a === s.id || c.b === s.id)),
        s.id,
      ).toBe(true);
  });

  it('4.3/12.2 every river space has a river link, and river links join river spaces only', () => {
    const linked = new Set(map.rivers.flatMap((r) => [r.a, r.b]));
    for (const s of map.spaces.filter((x) => x.river)) expect(linked.has(s.id), s.id).toBe(true);
    for (const r of map.rivers) expect(sp(r.a).river && sp(r.b).river, `${r.a}-${r.b}`).toBe(true);
  });

  it('12.2 Connecticut River: the valley towns are river spaces joined by river from Saybrook to Northfield', () => {
    const towns = [
      'saybrook',
      'middletown',
      'wethersfield',
      'hartford',
      'windsor',
      'springfield',
      'northampton',
      'hadley',
      'hatfield',
      'deerfield',
      'northfield',
    ];
    for (const t of towns) expect(sp(t).river, t).toBe(true);
    const seen = new Set(['saybrook']);
    const queue = ['saybrook'];
    while (queue.length) {
      const id = queue.shift()!;
      for (const r of map.rivers) {
        const o = r.a === id ? r.b : r.b === id ? r.a : undefined;
        if (o && !seen.has(o)) {
          seen.add(o);
          queue.push(o);
        }
      }
    }
    for (const t of towns) expect(seen.has(t), t).toBe(true);
  });

  it('12.2 Taunton, Blackstone and Pawtuxet rivers carry river links', () => {
    const has = (a: string, b: string) => map.rivers.some((r) => (r.a === a && r.b === b) || (r.a === b && r.b === a));
    expect(has('titicut', 'taunton')).toBe(true);
    expect(has('mendon', 'nipsachuck')).toBe(true);
    expect(sp('pawtuxet').river).toBe(true);
  });

  it('10.2 muskets: every Pocumtuck village is a river space and every recruitable tribe has one', () => {
    for (const v of villagesOf('PO')) expect(v.river, v.id).toBe(true);
    for (const r of charts.alliance)
      expect(
        villagesOf(r.tribe).some((v) => v.river),
        r.tribe,
      ).toBe(true);
  });

  it('Layout: spaces sit on the canvas clear of the track band (top 110px) and the legend (right 260px), not crowded', () => {
    for (const s of map.spaces) {
      expect(s.x, s.id).toBeGreaterThanOrEqual(30);
      expect(s.x, s.id).toBeLessThanOrEqual(map.width - 260);
      expect(s.y, s.id).toBeGreaterThanOrEqual(130);
      expect(s.y, s.id).toBeLessThanOrEqual(map.height - 30);
    }
    for (let i = 0; i < map.spaces.length; i++)
      for (let j = i + 1; j < map.spaces.length; j++) {
        const a = map.spaces[i]!;
        const b = map.spaces[j]!;
        expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id}/${b.id}`).toBeGreaterThanOrEqual(40);
      }
  });
});

describe('KPW charts: CRT (13.4)', () => {
  const cases: [string, number, number, number][] = [
    ['Portsmouth: English 2 soldier SP + settlement = 3, red 1 -> 0', 3, 1, 0],
    ['Portsmouth: Philip + 3 full warriors = 7, green 5 -> 3', 7, 5, 3],
    ['Wickford: 2 full warriors = 4, green 3 -> 1 (settlement raided)', 4, 3, 1],
    ['Wickford: settlement 1, red 1 -> 0', 1, 1, 0],
    ['Swansea: panicked Sakonnets 2, green 3 -> 0', 2, 3, 0],
    ['Swansea: 1 soldier + settlement = 3, red 2 -> 0', 3, 2, 0],
    ['Bridgewater: 2 warriors + Sachem = 4, green 1 -> 0', 4, 1, 0],
    ['Bridgewater: ungarrisoned settlement 1, red 2 -> 0', 1, 2, 0],
  ];
  for (const [name, s, die, losses] of cases)
    it(`13.4 Example (${name})`, () => {
      expect(crtLosses(charts, s, die)).toBe(losses);
    });

  it("13.3 Example (Swansea): without Panic the Sakonnets' 4 SP on a 3 would have inflicted 1", () => {
    expect(crtLosses(charts, 4, 3)).toBe(1);
  });

  it('13.3 Emergency Reinforcements: English 4 SP read in the 5 SP column', () => {
    for (let d = 1; d <= 6; d++) expect(crtLosses(charts, 4 + 1, d)).toBe(charts.crt.rows[String(d) as '5'][4]);
  });

  it('13.4 CRT: SP <= 0 inflicts nothing, SP over 10 uses the 10 column, losses never fall as SP or die rise', () => {
    expect(crtLosses(charts, 0, 6)).toBe(0);
    expect(crtLosses(charts, -1, 6)).toBe(0);
    expect(crtLosses(charts, 12, 6)).toBe(crtLosses(charts, 10, 6));
    for (let d = 1; d <= 6; d++)
      for (let s = 1; s <= 10; s++) {
        if (s > 1) expect(crtLosses(charts, s, d)).toBeGreaterThanOrEqual(crtLosses(charts, s - 1, d));
        if (d > 1) expect(crtLosses(charts, s, d)).toBeGreaterThanOrEqual(crtLosses(charts, s, d - 1));
      }
    expect(() => crtLosses(charts, 3, 7)).toThrow(/die/);
  });
});

describe('KPW charts: alliance, surrender, counters', () => {
  it('11.1 alliance chart has one row each for Narragansett, Nipmuck, Niantic, Pocumtuck, Abenaki and Mohawk', () => {
    expect(charts.alliance.map((r) => r.tribe).sort()).toEqual(['AB', 'MO', 'NA', 'NC', 'NI', 'PO']);
  });

  it('11.1 Example (diplomacy): at 4 razed the Narragansetts, Nipmucks and Niantics are ready, and only they', () => {
    expect(readyAt(4)).toEqual(['NA', 'NC', 'NI']);
  });

  it('11.1 Example (turn 2): with fewer than 2 razed no tribe is ready; the lowest threshold is exactly 2', () => {
    expect(readyAt(1)).toEqual([]);
    expect(Math.min(...charts.alliance.map((r) => r.razedNeeded))).toBe(2);
  });

  it('11.1 Pocumtuck and Abenaki need more than 4 razed; 11.2 Mohawks need 7', () => {
    expect(alliance('PO').razedNeeded).toBeGreaterThan(4);
    expect(alliance('AB').razedNeeded).toBeGreaterThan(4);
    expect(alliance('MO').razedNeeded).toBe(7);
  });

  it('10.1 reinforcements: WA 0, SK 1, PC 1, NA 2, NI 2, NC 1, PO 1, AB 1, MO 1', () => {
    const want: Record<string, number> = { WA: 0, SK: 1, PC: 1, NA: 2, NI: 2, NC: 1, PO: 1, AB: 1, MO: 1 };
    const got: Record<string, number> = {};
    for (const r of [...charts.alliance, ...charts.startingTribes]) got[r.tribe] = r.reinforcements;
    expect(got).toEqual(want);
  });

  it('11.1 Example (diplomacy): the Narragansetts enter with 4 warriors, a Sachem and Canonchet', () => {
    expect(alliance('NA')).toMatchObject({ initialUnits: 4, leaders: ['sachem', 'canonchet'] });
  });

  it('7.0 starting tribes: Wampanoag 6 warriors with Philip and a Sachem; Sakonnet and Pocasset 2 with a Sachem', () => {
    const st = (t: string) => charts.startingTribes.find((r) => r.tribe === t)!;
    expect(st('WA')).toMatchObject({ setupWarriors: 6, leaders: ['philip', 'sachem'] });
    expect(st('SK').setupWarriors).toBe(2);
    expect(st('PC').setupWarriors).toBe(2);
  });

  it('13.6 surrender: only SK, PC, NA, NI, NC, PO, AB are on the VP track, all below the 30 VP win (16.0)', () => {
    expect(charts.surrender.map((r) => r.tribe).sort()).toEqual(['AB', 'NA', 'NC', 'NI', 'PC', 'PO', 'SK']);
    for (const r of charts.surrender) {
      expect(r.vp, r.tribe).toBeGreaterThan(0);
      expect(r.vp, r.tribe).toBeLessThan(30);
    }
  });

  it('7.0/10.1 counters: enough soldiers for setup and reinforcements; Wampanoag exactly six', () => {
    const c = charts.counters;
    expect(c.soldiers.MA).toBeGreaterThanOrEqual(9);
    for (const col of ['PL', 'RI', 'CT'] as const) expect(c.soldiers[col], col).toBeGreaterThanOrEqual(5);
    expect(c.warriors.WA).toBe(6);
    expect(c.muskets).toBe(4);
  });

  it('7.0/11.1 counters: every tribe has warriors for its setup or entry plus reinforcements', () => {
    const c = charts.counters;
    for (const r of charts.startingTribes) expect(c.warriors[r.tribe], r.tribe).toBeGreaterThanOrEqual(r.setupWarriors + r.reinforcements);
    for (const r of charts.alliance) {
      const base = r.tribe === 'MO' ? 4 : r.initialUnits; // 7.0: 2 in each non-treaty Mohawk village
      expect(c.warriors[r.tribe], r.tribe).toBeGreaterThanOrEqual(base + r.reinforcements);
    }
  });

  it('3.0 counters: units fit in the 178 counters of the game', () => {
    const c = charts.counters;
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    const units =
      sum(c.soldiers) +
      sum(c.warriors) +
      c.alliedIndians +
      4 * c.captainsPerColony +
      9 * c.sachemsPerTribe +
      4 +
      c.spies +
      c.guides +
      c.muskets;
    expect(units).toBeLessThanOrEqual(178);
  });
});

describe('KPW data validation rejects corrupted copies', () => {
  const mapBreaks: [string, (m: any) => void, RegExp][] = [
    [
      'a connection to an unknown space',
      (m) => m.connections.push({ a: 'boston', b: 'nowhere', pips: 1, water: false, source: 'ours', note: '' }),
      /unknown space 'nowhere'/,
    ],
    ['a duplicate space id', (m) => m.spaces.push({ ...m.spaces[0] }), /duplicate space id 'boston'/],
    [
      'a river to a non-river space',
      (m) => m.rivers.push({ a: 'boston', b: 'salem', source: 'ours', note: '' }),
      /'salem' is not a river space/,
    ],
    ['a second Treaty Space', (m) => (m.spaces.find((s: any) => s.id === 'caughnawaga').treaty = true), /exactly one Treaty Space/],
    ['a self-loop', (m) => m.connections.push({ a: 'boston', b: 'boston', pips: 1, water: false, source: 'ours', note: '' }), /self-loop/],
    [
      'a duplicate connection',
      (m) => m.connections.push({ ...m.connections[0], a: m.connections[0].b, b: m.connections[0].a }),
      /duplicate/,
    ],
    ['a settlement owned by a tribe', (m) => (m.spaces.find((s: any) => s.id === 'dedham').owner = 'NA'), /'dedham'.*colony/],
    ['a 4-pip connection', (m) => (m.connections[3].pips = 4), /connections\.3\.pips/],
    [
      'a disconnected space',
      (m) => m.spaces.push({ ...m.spaces.find((s: any) => s.id === 'tower_hill'), id: 'lost_island', name: 'Lost Island' }),
      /'lost_island' is not connected/,
    ],
  ];
  for (const [name, breakIt, msg] of mapBreaks)
    it(`rejects ${name}`, () => {
      const m = rawMap();
      breakIt(m);
      expect(() => validateKpwMap(m)).toThrow(msg);
    });

  it('accepts the untouched files', () => {
    expect(() => validateKpwCharts(rawCharts(), validateKpwMap(rawMap()))).not.toThrow();
  });

  const chartBreaks: [string, (c: any) => void, RegExp][] = [
    ['a short CRT row', (c) => c.crt.rows['3'].pop(), /crt\.rows\.3/],
    ['a Wampanoag surrender position', (c) => c.surrender.push({ tribe: 'WA', vp: 5, source: 'ours', note: '' }), /WA never surrenders/],
    ['more initial units than villages', (c) => (c.alliance.find((r: any) => r.tribe === 'NC').initialUnits = 9), /alliance NC/],
  ];
  for (const [name, breakIt, msg] of chartBreaks)
    it(`rejects charts with ${name}`, () => {
      const c = rawCharts();
      breakIt(c);
      expect(() => validateKpwCharts(c, map)).toThrow(msg);
    });
});

describe('charts in /game help (help that teaches the game)', () => {
  it('prints the CRT, the Alliance Chart and the surrender positions from the validated data', async () => {
    const { chartsText } = await import('../../src/games/kpw/charts-text.ts');
    const { kpwData, crtLosses } = await import('../../src/games/kpw/data.ts');
    const t = chartsText();
    const { charts } = kpwData();
    // 13.4 Example (Portsmouth): 7 SP on a 5 inflicts 3 — the printed row for die 5 shows it in the 7 column.
    expect(crtLosses(charts, 7, 5)).toBe(3);
    const row5 = t.split('\n').find((l) => /^\s+5 \|/.test(l))!;
    expect(row5.split('|')[1].trim().split(/\s+/).map(Number)[6]).toBe(3);
    expect(t).toMatch(/Narragansett: ready when 4 settlements are razed/);
    expect(t).toMatch(/Niantic 8 · Sakonnet 10/);
    const { kpw } = await import('../../src/games/kpw/index.ts');
    expect(kpw.help.overview).toContain(t);
  });
});
