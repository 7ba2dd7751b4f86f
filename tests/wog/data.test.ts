// Warriors of God data: each test names the phase of the player aid it checks.
import fs from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  deathAge,
  diesOf,
  eliminationResult,
  entering,
  linkBetween,
  loadWogData,
  validateWogCharts,
  validateWogMap,
  validateWogRoster,
  wogData,
  type WogArea,
  type WogLeader,
  type WogRoster,
} from '../../src/games/wog/data.ts';

const { map, graph, charts, rosters } = wogData();
const area = (id: string): WogArea => map.areas.find((a) => a.id === id) ?? expect.fail(`no area ${id}`);
const both: [string, WogRoster][] = Object.entries(rosters);
const raw = (f: string): Record<string, unknown> => JSON.parse(fs.readFileSync(new URL(`../../data/wog/${f}`, import.meta.url), 'utf8'));
const BRITAIN = new Set(['scotland', 'ireland', 'wales', 'england']);
const inBritain = (a: WogArea): boolean => BRITAIN.has(a.id);
const byId = (r: WogRoster, id: string): WogLeader => r.leaders.find((l) => l.id === id) ?? expect.fail(`no leader ${id}`);

/** Point-in-polygon (ray casting), for the renderer-facing outline checks. */
function inside([x, y]: [number, number], poly: [number, number][]): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

describe('WoG data loading', () => {
  it('loads all five files and caches them', () => {
    expect(loadWogData().map.areas.length).toBe(map.areas.length);
    expect(wogData()).toBe(wogData());
    expect(Object.keys(rosters).sort()).toEqual(['hyw', 'liw']);
  });

  it('every file and every entry carries provenance (rules | public | ours)', () => {
    for (const f of ['map.json', 'leaders-hyw.json', 'leaders-liw.json', 'charts.json']) {
      const j = raw(f);
      expect(typeof j._source, f).toBe('string');
      expect(Array.isArray(j._notes), f).toBe(true);
    }
    const entries = [...map.areas, ...map.borders, ...map.seaConnections, ...both.flatMap(([, r]) => r.leaders)];
    for (const e of entries) {
      expect(['rules', 'public', 'ours']).toContain(e.source);
      expect(e.note.length).toBeGreaterThan(0);
    }
  });
});

describe('WoG map', () => {
  it('Phase 4: neutral areas are never controlled → 5 neutral areas with value null, incl. Ireland, Switzerland, Navarre', () => {
    const neutral = map.areas.filter((a) => a.kind === 'neutral');
    expect(neutral).toHaveLength(5);
    for (const a of neutral) expect(a.value).toBeNull();
    expect(neutral.map((a) => a.id)).toEqual(expect.arrayContaining(['ireland', 'switzerland', 'navarre']));
    for (const a of map.areas.filter((x) => x.kind === 'contested')) expect([1, 2, 3]).toContain(a.value);
  });

  it('published area values: England 3, Wales 1, Brittany 2, Normandy 2 (ACG)', () => {
    expect([area('england').value, area('wales').value, area('brittany').value, area('normandy').value]).toEqual([3, 1, 2, 2]);
  });

  it('Phase 5: gunners only in value-3 areas → at least one value-3 area in France and one in England', () => {
    for (const a of map.areas) expect(a.gunners, a.id).toBe(a.value === 3);
    expect(area('england').gunners).toBe(true);
    expect(map.areas.some((a) => a.gunners && !inBritain(a))).toBe(true);
  });

  it('Phase 5: longbowmen are raised only in England and Wales, by flag', () => {
    expect(map.areas.filter((a) => a.longbow).map((a) => [a.id, a.longbow])).toEqual([
      ['wales', 'welsh'],
      ['england', 'english'],
    ]);
  });

  it('Phase 5: knights by flag → English knights in England only; Burgundian chevaliers in Burgundy', () => {
    expect(map.areas.filter((a) => a.knights === 'english').map((a) => a.id)).toEqual(['england']);
    expect(area('burgundy').knights).toBe('burgundian');
  });

  it('Phases 1 and 11: England is the English capital and Ile-de-France the French one', () => {
    expect(area('england').capitalOf).toBe('english');
    expect(area('ile_de_france').capitalOf).toBe('french');
    expect(area('ile_de_france').value).toBe(3);
  });

  it('Phase 5 mercenaries: every neutral area is a mercenary home with two at start', () => {
    for (const a of map.areas) {
      if (a.kind === 'neutral') expect(a.mercenaries?.start, a.id).toBe(2);
      else expect(a.mercenaries, a.id).toBeNull();
    }
  });

  it('Phase 2: the map is connected and every border kind is used', () => {
    expect(graph.reachable('england').size).toBe(map.areas.length);
    const kinds = new Set(map.borders.map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['clear', 'obstructed', 'river']);
  });

  it('Phase 2 naval movement: England reaches France only by sea; Ireland only by sea', () => {
    const land = (id: string): string[] =>
      graph
        .neighbors(id)
        .filter((n) => n.edge.data.kind !== 'sea')
        .map((n) => n.to);
    const seen = new Set(['england']);
    const queue = ['england'];
    while (queue.length) {
      for (const n of land(queue.shift()!)) {
        if (seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    expect([...seen].sort()).toEqual(['england', 'scotland', 'wales']);
    expect(land('ireland')).toEqual([]);
    for (const id of ['normandy', 'picardy', 'brittany', 'aquitaine']) expect(graph.edgesBetween('england', id)[0]?.data.kind).toBe('sea');
  });

  it('facts-file template: Wales-England obstructed, Seine Normandy-Ile-de-France, Pyrenees obstructed', () => {
    const kind = (a: string, b: string): string | null => linkBetween(graph, a, b);
    expect(kind('england', 'normandy')).toBe('sea');
    expect(kind('england', 'languedoc')).toBeNull();
    expect(kind('wales', 'england')).toBe('obstructed');
    expect(kind('normandy', 'ile_de_france')).toBe('river');
    expect(kind('gascony', 'navarre')).toBe('obstructed');
    expect(kind('burgundy', 'switzerland')).toBe('obstructed');
    expect(kind('gascony', 'languedoc')).toBe('river');
  });

  it('renderer outlines: each label lies in its own polygon and in no other', () => {
    for (const a of map.areas) {
      expect(inside([a.label.x, a.label.y], a.polygon), a.id).toBe(true);
      for (const b of map.areas) if (b !== a) expect(inside([a.label.x, a.label.y], b.polygon), `${a.id} in ${b.id}`).toBe(false);
    }
  });

  it('renderer outlines: land-bordering areas share an outline edge; sea-linked ones do not touch', () => {
    const shared = (p: [number, number][], q: [number, number][]): number =>
      p.filter(([x, y]) => q.some(([u, v]) => Math.hypot(x - u, y - v) <= 2)).length;
    for (const b of map.borders) expect(shared(area(b.a).polygon, area(b.b).polygon), `${b.a}-${b.b}`).toBeGreaterThanOrEqual(2);
    for (const s of map.seaConnections) expect(shared(area(s.a).polygon, area(s.b).polygon), `${s.a}~${s.b}`).toBe(0);
  });
});

describe('WoG leaders', () => {
  it.each(both)('Phase 9: %s brings 2 English, 2 French and 2 non-aligned leaders on every turn 2-12', (_, r) => {
    for (let t = 2; t <= 12; t++) {
      const count = (side: string): number => entering(r, t).filter((l) => l.side === side).length;
      expect([count('english'), count('french'), count('nonaligned')], `turn ${t}`).toEqual([2, 2, 2]);
    }
  });

  it.each(both)('Phase 8: %s heirs (future leader piles) are later leaders of the same roster; kings have heirs', (_, r) => {
    const withHeir = r.leaders.filter((l) => l.heir);
    expect(withHeir.length).toBeGreaterThanOrEqual(20);
    for (const l of withHeir) expect(byId(r, l.heir!).entryTurn, `${l.id} → ${l.heir}`).toBeGreaterThan(l.entryTurn);
    // An heir is of a later generation or the same one (a brother, a cousin), never older.
    for (const l of withHeir) expect(byId(r, l.heir!).born, `${l.id} → ${l.heir}`).toBeGreaterThanOrEqual(l.born);
    // Each starting crown's line continues, through its king's heir or another 3-star of his side already on the map.
    for (const side of ['english', 'french'] as const) {
      const k = byId(r, r.setup.kings[side]!);
      const others = r.leaders.filter((l) => l.side === side && l.rank === 3 && l.entryTurn === 1 && l.id !== k.id);
      expect(k.heir !== undefined || others.length > 0, `${k.id}`).toBe(true);
    }
  });

  it.each(both)('setup: %s starts with exactly two non-aligned leaders, placed at start', (_, r) => {
    expect(r.setup.nonAligned).toHaveLength(2);
    for (const id of r.setup.nonAligned) expect(byId(r, id).side).toBe('nonaligned');
    expect(r.leaders.filter((l) => l.entryTurn === 1 && l.side === 'nonaligned')).toHaveLength(2);
  });

  it.each(both)('Phase 9: %s kings are 3-star, and a new 3-star (crown candidate) enters at least every 3 turns', (_, r) => {
    for (const side of ['english', 'french'] as const) {
      const k = byId(r, r.setup.kings[side]!);
      expect(k.rank).toBe(3);
      expect(k.side).toBe(side);
      const turns = [...new Set(r.leaders.filter((l) => l.side === side && l.rank === 3).map((l) => l.entryTurn))].sort((a, b) => a - b);
      expect(turns[0]).toBe(1);
      turns.forEach((t, i) => i > 0 && expect(t - turns[i - 1]!, `${side} gap before turn ${t}`).toBeLessThanOrEqual(3));
      expect(12 - turns.at(-1)!, `${side} last crown candidate`).toBeLessThanOrEqual(3);
    }
  });

  it.each(both)('Phase 3/9: %s leaders have ranks 1-3, battle 1-8, bravery 0-3, a home on the map, alive at entry', (_, r) => {
    const ids = new Set(map.areas.map((a) => a.id));
    for (const l of r.leaders) {
      expect(ids.has(l.home), l.id).toBe(true);
      expect(l.rank * charts.leaders.commandPerRank).toBeLessThanOrEqual(9);
      const year = r.scenario.turnYears[l.entryTurn - 1]!;
      expect(l.died, `${l.id} alive when he enters`).toBeGreaterThanOrEqual(year);
      expect(year - l.born, `${l.id} not past 60 on entry`).toBeLessThanOrEqual(60);
      expect(l.born).toBeLessThan(year);
    }
  });

  it("Phase 3: Jeanne d'Arc is French and only in the Hundred Years War", () => {
    expect(byId(rosters.hyw, 'jeanne_darc').special).toBe('jeanne_darc');
    expect(byId(rosters.hyw, 'jeanne_darc').side).toBe('french');
    expect(rosters.liw.leaders.some((l) => l.special === 'jeanne_darc')).toBe(false);
  });

  it('Phase 5: in the Lion in Winter only Richard I, Edward I and Robin Hood control English longbowmen; all carry the mark', () => {
    expect(rosters.liw.englishLongbowCommanders).toEqual(['richard_i', 'edward_i', 'robin_hood']);
    for (const id of rosters.liw.englishLongbowCommanders!) expect(byId(rosters.liw, id).longbow, id).toBe(true);
    expect(rosters.hyw.englishLongbowCommanders).toBeNull();
    expect(byId(rosters.liw, 'robin_hood').special).toBe('robin_hood');
  });

  it('WOG-NOTES: Robert of Gloucester is non-aligned in England with the aggressor rule', () => {
    const r = byId(rosters.liw, 'robert_gloucester');
    expect([r.side, r.home, r.special]).toEqual(['nonaligned', 'england', 'robert_aggressor']);
  });

  it('Phase 5: Burgundian leaders have Burgundian homes', () => {
    for (const [, r] of both) for (const l of r.leaders.filter((x) => x.burgundian)) expect(area(l.home).knights, l.id).toBe('burgundian');
  });

  it('public starts: Edward III in England; Stephen (French) in England; Geoffrey V in Anjou', () => {
    const at = (r: WogRoster, id: string): string | undefined => r.setup.positions.find((p) => p.leader === id)?.area;
    expect(at(rosters.hyw, 'edward_iii')).toBe('england');
    expect(at(rosters.liw, 'stephen')).toBe('england');
    expect(byId(rosters.liw, 'stephen').side).toBe('french');
    expect(at(rosters.liw, 'geoffrey_v')).toBe('anjou');
  });
});

describe('WoG charts', () => {
  it('Phase 8 Leader Death Chart: a young leader dies on a 1, a 6-turn leader on 1-6, never less likely with age', () => {
    const l = byId(rosters.hyw, 'black_prince');
    expect(deathAge(l, l.entryTurn)).toBe(1);
    expect([1, 2, 3, 4, 5, 6].filter((d) => diesOf(charts, l, l.entryTurn, d))).toEqual([1]);
    expect([1, 2, 3, 4, 5, 6].every((d) => diesOf(charts, l, l.entryTurn + 5, d))).toBe(true);
    expect([1, 2, 3, 4, 5, 6].every((d) => diesOf(charts, l, l.entryTurn + 9, d))).toBe(true);
    let prev = 0;
    for (let age = 1; age <= 6; age++) {
      const deaths = [1, 2, 3, 4, 5, 6].filter((d) => diesOf(charts, l, l.entryTurn + age - 1, d)).length;
      expect(deaths).toBeGreaterThanOrEqual(prev);
      prev = deaths;
    }
    expect(() => diesOf(charts, l, 3, 7)).toThrow(/die/);
  });

  it('Phase 3 Elimination Chart: every d6 result gives killed, captured or routed, each possible', () => {
    const results = [1, 2, 3, 4, 5, 6].map((d) => eliminationResult(charts, d));
    expect(new Set(results)).toEqual(new Set(['killed', 'captured', 'routed']));
    expect(() => eliminationResult(charts, 0)).toThrow(/die/);
  });

  it('Phase 11 scoring and Phase 2 movement restate the aid', () => {
    expect(charts.scoring.areaVp).toEqual({ '1': 1, '2': 1, '3': 2 });
    expect(charts.scoring.killedVpByRank).toEqual({ '1': 1, '2': 1, '3': 2 });
    expect([charts.movement.clear, charts.movement.river, charts.movement.obstructed]).toEqual([2, 3, 1]);
    expect([charts.vpTrack.min, charts.vpTrack.max]).toEqual([-30, 30]);
  });

  it('Phase 3 siege: a value-3 area with equal bravery and no gunners cannot fall (SN 6)', () => {
    expect(3 + charts.siege.base).toBe(6);
    expect(1 + charts.siege.base - charts.siege.maxGunnerPoints).toBe(2);
  });
});

describe('WoG loader rejects corrupted data with a clear message', () => {
  const cases: [string, (m: any) => void, RegExp][] = [
    ['unknown area in a border', (m) => (m.borders[0].b = 'atlantis'), /unknown area 'atlantis'/],
    ['duplicate border', (m) => m.borders.push({ ...m.borders[0] }), /duplicate/],
    ['a neutral area with a value', (m) => (m.areas.find((a: any) => a.id === 'ireland').value = 1), /neutral/],
    ['gunners off a value-3 area', (m) => (m.areas.find((a: any) => a.id === 'wales').gunners = true), /gunners/],
    [
      'disconnected map',
      (m) => (m.seaConnections = m.seaConnections.filter((s: any) => s.a !== 'wales' && s.b !== 'wales' && s.a !== 'scotland')),
      /not connected/,
    ],
    ['bad border kind', (m) => (m.borders[0].kind = 'swamp'), /borders\.0\.kind/],
  ];
  it.each(cases)('map: %s', (_, corrupt, msg) => {
    const m = raw('map.json');
    corrupt(m);
    expect(() => validateWogMap(m)).toThrow(msg);
  });

  const rosterCases: [string, (r: any) => void, RegExp][] = [
    ['home area unknown', (r) => (r.leaders[0].home = 'atlantis'), /unknown home area 'atlantis'/],
    ['a 2-star king', (r) => (r.leaders.find((l: any) => l.id === r.setup.kings.english).rank = 2), /3-star/],
    ['three non-aligned at start', (r) => r.setup.nonAligned.push(r.setup.nonAligned[0]), /exactly two non-aligned/],
    ['a neutral home', (r) => (r.leaders[2].home = 'navarre'), /home 'navarre' is neutral/],
    ['duplicate leader', (r) => r.leaders.push({ ...r.leaders[1] }), /duplicate leader/],
    ['control of a neutral area', (r) => r.setup.control.english.push('switzerland'), /neutral 'switzerland'/],
    ['an unknown heir', (r) => (r.leaders[0].heir = 'nobody'), /heir names unknown leader 'nobody'/],
    ['an heir already in play', (r) => (r.leaders.find((l: any) => l.id === 'edward_iii').heir = 'northampton'), /must enter after him/],
  ];
  it.each(rosterCases)('roster: %s', (_, corrupt, msg) => {
    const r = raw('leaders-hyw.json');
    corrupt(r);
    expect(() => validateWogRoster(r, map)).toThrow(msg);
  });

  it('charts: a missing die face and a non-monotone death chart are rejected', () => {
    const c = raw('charts.json') as any;
    delete c.elimination.results['4'];
    expect(() => validateWogCharts(c)).toThrow(/elimination\.results\.4/);
    const d = raw('charts.json') as any;
    d.leaderDeath.rows[3].dieMax = 1;
    expect(() => validateWogCharts(d)).toThrow(/age 4/);
  });
});
