// Warriors of God static data: the map, both scenario rosters and the charts
// (data/wog/*.json), validated with zod and cross-checked so the rules code can
// trust ids, adjacency and rosters without re-checking them.
import type { z } from 'zod';
import { MapGraph } from '../../engine/graph.ts';
import {
  WogChartsSchema,
  WogMapSchema,
  WogRosterSchema,
  type ScenarioId,
  type WogArea,
  type WogCharts,
  type WogLeader,
  type WogMap,
  type WogRoster,
} from './schemas.ts';
import { readDataJson } from '../../data-files.ts';

export * from './schemas.ts';

/** An edge of the area graph: a land border (its kind) or a sea connection. */
export type WogLink = { kind: 'clear' | 'river' | 'obstructed' | 'sea' };
export type WogGraph = MapGraph<WogArea, WogLink>;

export interface WogData {
  map: WogMap;
  graph: WogGraph;
  charts: WogCharts;
  rosters: Record<ScenarioId, WogRoster>;
}

const DICE = ['1', '2', '3', '4', '5', '6'] as const;

function parse<T>(schema: z.ZodType<T>, raw: unknown, what: string): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`wog ${what}: ${issues.join('; ')}`);
}

const failer =
  (what: string) =>
  (msg: string): never => {
    throw new Error(`wog ${what}: ${msg}`);
  };

const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The area graph (shared engine graph): land borders plus sea connections. */
export function wogGraph(map: WogMap): WogGraph {
  const g: WogGraph = new MapGraph();
  for (const a of map.areas) g.addNode(a.id, a);
  for (const b of map.borders) g.addEdge(b.a, b.b, { kind: b.kind });
  for (const s of map.seaConnections) g.addEdge(s.a, s.b, { kind: 'sea' });
  return g;
}

/** How two areas connect (Phase 2 move limits, Phase 6 deployment), or null if not adjacent. */
export function linkBetween(graph: WogGraph, a: string, b: string): WogLink['kind'] | null {
  return graph.edgesBetween(a, b)[0]?.data.kind ?? null;
}

/** Parses and cross-checks the map; throws an Error naming the bad entry. */
export function validateWogMap(raw: unknown): WogMap {
  const map = parse(WogMapSchema, raw, 'map');
  const fail = failer('map');
  const ids = new Set<string>();
  for (const a of map.areas) {
    const where = `area '${a.id}'`;
    if (ids.has(a.id)) fail(`duplicate area id '${a.id}'`);
    ids.add(a.id);
    if ((a.kind === 'neutral') !== (a.value === null)) fail(`${where}: neutral areas, and only they, have value null (Phase 4)`);
    if (a.gunners !== (a.value === 3)) fail(`${where}: gunners exactly in value-3 areas (Phase 5)`);
    if (a.kind === 'neutral' && (a.capitalOf || a.longbow || a.knights)) fail(`${where}: a neutral area raises nothing (Phase 5)`);
    if (a.kind === 'neutral' && !a.mercenaries) fail(`${where}: a neutral area is a mercenary home`);
    const inside = (x: number, y: number): boolean => x >= 0 && x <= map.width && y >= 0 && y <= map.height;
    if (!inside(a.label.x, a.label.y) || a.polygon.some(([x, y]) => !inside(x, y)))
      fail(`${where}: off the ${map.width}x${map.height} canvas`);
  }
  const neutral = map.areas.filter((a) => a.kind === 'neutral').length;
  if (neutral !== 5) fail(`the map has five neutral areas, found ${neutral}`);
  const longbow = map.areas
    .filter((a) => a.longbow)
    .map((a) => a.id)
    .sort();
  if (longbow.join(',') !== 'england,wales') fail(`longbowmen are raised in England and Wales only (Phase 5), got ${longbow.join(',')}`);
  for (const crown of ['english', 'french'] as const) {
    const n = map.areas.filter((a) => a.capitalOf === crown).length;
    if (n !== 1) fail(`exactly one ${crown} capital area (Phases 1, 11), found ${n}`);
  }
  const seen = new Set<string>();
  const links = [
    ...map.borders.map((b) => ({ ...b, what: 'border' })),
    ...map.seaConnections.map((s) => ({ ...s, what: 'sea connection' })),
  ];
  for (const l of links) {
    const where = `${l.what} ${l.a}-${l.b}`;
    for (const end of [l.a, l.b]) if (!ids.has(end)) fail(`${where} names unknown area '${end}'`);
    if (l.a === l.b) fail(`${where} is a self-loop`);
    const k = pairKey(l.a, l.b);
    if (seen.has(k)) fail(`${where} is a duplicate (one border or sea connection per pair)`);
    seen.add(k);
  }
  const graph = wogGraph(map);
  const start = map.areas[0]!.id;
  const reach = graph.reachable(start);
  const cut = map.areas.find((a) => !reach.has(a.id));
  if (cut) fail(`area '${cut.id}' is not connected to '${start}'`);
  return map;
}

/** Parses and cross-checks one scenario roster against the map. */
export function validateWogRoster(raw: unknown, map: WogMap): WogRoster {
  const r = parse(WogRosterSchema, raw, 'roster');
  const fail = failer(`roster ${r.scenario.id}`);
  const areas = new Map(map.areas.map((a) => [a.id, a]));
  const leaders = new Map<string, WogLeader>();
  for (const l of r.leaders) {
    const where = `leader '${l.id}'`;
    if (leaders.has(l.id)) fail(`duplicate leader id '${l.id}'`);
    leaders.set(l.id, l);
    if (!areas.has(l.home)) fail(`${where}: unknown home area '${l.home}'`);
    // Phase 4 rolls for control "at home" and Phase 9 places there; neutral areas are never controlled.
    if (areas.get(l.home)!.kind === 'neutral') fail(`${where}: home '${l.home}' is neutral and can never be controlled (Phase 4)`);
    if (l.died < l.born) fail(`${where}: died before born`);
    if (l.burgundian && areas.get(l.home)!.knights !== 'burgundian')
      fail(`${where}: a Burgundian leader's home raises Burgundian chevaliers`);
    if (l.special === 'jeanne_darc' && l.side !== 'french') fail(`${where}: Jeanne d'Arc is French (Phase 3)`);
  }
  const { turnYears, startYear, endYear } = r.scenario;
  if (turnYears[0] !== startYear || turnYears.some((y, i) => i > 0 && y <= turnYears[i - 1]!) || turnYears[11]! > endYear)
    fail(`turnYears must rise from ${startYear} and stay before ${endYear}`);
  const leader = (id: string, what: string): WogLeader => leaders.get(id) ?? fail(`${what} names unknown leader '${id}'`);
  for (const l of r.leaders) {
    if (l.heir === undefined) continue;
    const h = leader(l.heir, `leader '${l.id}' heir`);
    // Phase 8: only an heir still in a later future leader pile can come forward.
    if (h.entryTurn <= l.entryTurn) fail(`leader '${l.id}': heir '${h.id}' must enter after him (turn ${h.entryTurn} ≤ ${l.entryTurn})`);
  }
  for (const id of r.englishLongbowCommanders ?? []) leader(id, 'englishLongbowCommanders');
  const s = r.setup;
  const placed = new Set<string>();
  for (const p of s.positions) {
    const l = leader(p.leader, 'setup.positions');
    if (!areas.has(p.area)) fail(`setup: ${p.leader} starts in unknown area '${p.area}'`);
    if (l.entryTurn !== 1) fail(`setup: ${p.leader} enters on turn ${l.entryTurn}, not at the start`);
    if (placed.has(p.leader)) fail(`setup: ${p.leader} placed twice`);
    placed.add(p.leader);
  }
  const unplaced = r.leaders.find((l) => l.entryTurn === 1 && !placed.has(l.id));
  if (unplaced) fail(`setup: turn-1 leader '${unplaced.id}' has no starting area`);
  const controlled = [...s.control.english, ...s.control.french];
  for (const id of controlled) {
    const a = areas.get(id) ?? fail(`setup.control names unknown area '${id}'`);
    if (a.kind === 'neutral') fail(`setup.control: neutral '${id}' can never be controlled (Phase 4)`);
  }
  if (new Set(controlled).size !== controlled.length) fail('setup.control lists an area twice');
  for (const side of ['english', 'french'] as const) {
    const k = s.kings[side];
    if (k === null) continue;
    const l = leader(k, `setup.kings.${side}`);
    if (l.rank !== 3) fail(`king '${k}' must be a 3-star leader (Phase 9)`);
    if (l.side !== side) fail(`king '${k}' is not ${side}`);
    if (!placed.has(k)) fail(`king '${k}' is not on the map at start`);
  }
  if (s.nonAligned.length !== 2) fail(`each scenario starts with exactly two non-aligned leaders, found ${s.nonAligned.length}`);
  for (const id of s.nonAligned) {
    const l = leader(id, 'setup.nonAligned');
    if (l.side !== 'nonaligned' || !placed.has(id)) fail(`setup.nonAligned '${id}' must be a non-aligned leader on the map at start`);
  }
  const naAtStart = r.leaders.filter((l) => l.side === 'nonaligned' && l.entryTurn === 1).length;
  if (naAtStart !== 2) fail(`exactly two non-aligned leaders enter on turn 1, found ${naAtStart}`);
  return r;
}

/** Parses and range-checks the charts: every die face must have a result. */
export function validateWogCharts(raw: unknown): WogCharts {
  const c = parse(WogChartsSchema, raw, 'charts');
  const fail = failer('charts');
  c.leaderDeath.rows.forEach((row, i) => {
    if (row.age !== i + 1) fail(`leaderDeath.rows must be ages 1..N in order, got ${row.age} at ${i}`);
    if (i > 0 && row.dieMax < c.leaderDeath.rows[i - 1]!.dieMax)
      fail(`leaderDeath: dying must not get less likely with age (age ${row.age})`);
  });
  if (c.leaderDeath.rows.at(-1)!.dieMax !== 6) fail('leaderDeath: the last row must be certain death (the chart is capped there)');
  for (const d of DICE) if (!c.elimination.results[d]) fail(`elimination has no result for a ${d}`);
  for (const r of ['killed', 'captured', 'routed'] as const)
    if (!Object.values(c.elimination.results).includes(r)) fail(`elimination never gives '${r}' (Phase 3 has three results)`);
  if (c.vpTrack.min !== -c.vpTrack.max || c.vpTrack.win > c.vpTrack.max) fail('vpTrack must be zero-sum -N..N with the win inside it');
  return c;
}

const read = (f: string): unknown => readDataJson(`wog/${f}`);

/** Reads and validates every data/wog file. */
export function loadWogData(): WogData {
  const map = validateWogMap(read('map.json'));
  const rosters = {
    hyw: validateWogRoster(read('leaders-hyw.json'), map),
    liw: validateWogRoster(read('leaders-liw.json'), map),
  };
  for (const [id, r] of Object.entries(rosters))
    if (r.scenario.id !== id) throw new Error(`wog leaders-${id}.json holds scenario '${r.scenario.id}'`);
  return { map, graph: wogGraph(map), charts: validateWogCharts(read('charts.json')), rosters };
}

let cached: WogData | undefined;

/** The validated Warriors of God data, loaded once. */
export function wogData(): WogData {
  return (cached ??= loadWogData());
}

/** Leader Death Chart (Phase 8): age in turns since entry (1 on the entry turn), capped at the last row. */
export function deathAge(leader: WogLeader, turn: number): number {
  return Math.max(1, turn - leader.entryTurn + 1);
}

/** Phase 8: does this die kill the leader on this turn? */
export function diesOf(charts: WogCharts, leader: WogLeader, turn: number, die: number): boolean {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`diesOf: die must be 1-6, got ${die}`);
  const rows = charts.leaderDeath.rows;
  const row = rows[Math.min(deathAge(leader, turn), rows.length) - 1]!;
  return die <= row.dieMax;
}

/** Phase 3 Elimination Chart. */
export function eliminationResult(charts: WogCharts, die: number): 'killed' | 'captured' | 'routed' {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`eliminationResult: die must be 1-6, got ${die}`);
  return charts.elimination.results[String(die) as '1']!;
}

/** Leaders who enter on a turn (their future leader pile at setup, Phase 9). */
export function entering(roster: WogRoster, turn: number): WogLeader[] {
  return roster.leaders.filter((l) => l.entryTurn === turn);
}
