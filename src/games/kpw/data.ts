// King Philip's War static data: the map and the charts (data/kpw/*.json),
// validated with zod and then cross-checked (ids, endpoints, rivers, owners,
// connectivity, Mohawk Treaty Space, chart ranges).
import { z } from 'zod';
import { readDataJson } from '../../data-files.ts';

export const COLONY_IDS = ['MA', 'PL', 'RI', 'CT'] as const;
export const TRIBE_IDS = ['WA', 'SK', 'PC', 'NA', 'NI', 'NC', 'PO', 'AB', 'MO'] as const;

const ColonyId = z.enum(COLONY_IDS);
const TribeId = z.enum(TRIBE_IDS);
const Source = z.enum(['rules', 'ours']);
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const Slug = z.string().regex(/^[a-z][a-z0-9_]*$/, 'lower-case slug');

export const KpwSpaceSchema = z.strictObject({
  id: Slug,
  name: z.string().min(1),
  kind: z.enum(['settlement', 'village', 'fort', 'neutral']),
  owner: z.union([ColonyId, TribeId, z.null()]),
  /** The colony whose jurisdiction holds the space (18.1); 'NY' is outside all four. */
  colony: z.union([ColonyId, z.literal('NY')]),
  port: z.boolean(),
  river: z.boolean(),
  treaty: z.boolean(),
  x: z.number(),
  y: z.number(),
  lat: z.number().optional(),
  lon: z.number().optional(),
  source: Source,
  note: z.string(),
});

export const KpwConnectionSchema = z.strictObject({
  a: Slug,
  b: Slug,
  pips: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  water: z.boolean(),
  source: Source,
  note: z.string(),
});

export const KpwRiverSchema = z.strictObject({
  a: Slug,
  b: Slug,
  source: Source,
  note: z.string(),
});

export const KpwMapSchema = z.strictObject({
  _provenance: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  colonies: z.array(z.strictObject({ id: ColonyId, name: z.string().min(1), color: Color })),
  tribes: z.array(z.strictObject({ id: TribeId, name: z.string().min(1), color: Color, wampanoag: z.boolean() })),
  spaces: z.array(KpwSpaceSchema).min(1),
  connections: z.array(KpwConnectionSchema),
  rivers: z.array(KpwRiverSchema),
});

const Count = z.number().int().nonnegative();
const Leader = z.enum(['sachem', 'philip', 'canonchet']);

export const KpwChartsSchema = z.strictObject({
  _provenance: z.string().min(1),
  crt: z.strictObject({
    columns: z.array(z.number().int().positive()).min(1),
    rows: z.record(z.enum(['1', '2', '3', '4', '5', '6']), z.array(Count)),
    source: Source,
    note: z.string(),
  }),
  alliance: z.array(
    z.strictObject({
      tribe: TribeId,
      razedNeeded: Count,
      initialUnits: Count,
      reinforcements: Count,
      leaders: z.array(Leader),
      placedAtSetup: z.boolean().optional(),
      source: Source,
      note: z.string(),
    }),
  ),
  startingTribes: z.array(
    z.strictObject({
      tribe: TribeId,
      setupWarriors: Count,
      reinforcements: Count,
      leaders: z.array(Leader),
      source: Source,
      note: z.string(),
    }),
  ),
  surrender: z.array(z.strictObject({ tribe: TribeId, vp: Count, source: Source, note: z.string() })),
  counters: z.strictObject({
    soldiers: z.record(ColonyId, Count),
    warriors: z.record(TribeId, Count),
    alliedIndians: Count,
    captainsPerColony: Count,
    sachemsPerTribe: Count,
    spies: Count,
    guides: Count,
    muskets: Count,
    source: Source,
    note: z.string(),
  }),
});

export type KpwMap = z.infer<typeof KpwMapSchema>;
export type KpwSpace = z.infer<typeof KpwSpaceSchema>;
export type KpwConnection = z.infer<typeof KpwConnectionSchema>;
export type KpwRiver = z.infer<typeof KpwRiverSchema>;
export type KpwCharts = z.infer<typeof KpwChartsSchema>;
export type KpwAllianceRow = KpwCharts['alliance'][number];
export type ColonyId = (typeof COLONY_IDS)[number];
export type TribeId = (typeof TRIBE_IDS)[number];

export interface KpwData {
  map: KpwMap;
  charts: KpwCharts;
}

const isColony = (s: string | null): boolean => s !== null && (COLONY_IDS as readonly string[]).includes(s);
const isTribe = (s: string | null): boolean => s !== null && (TRIBE_IDS as readonly string[]).includes(s);

function parse<T>(schema: z.ZodType<T>, raw: unknown, what: string): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`kpw ${what}: ${issues.join('; ')}`);
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Parses and cross-checks a map; throws an Error naming the bad entry. */
export function validateKpwMap(raw: unknown): KpwMap {
  const map = parse(KpwMapSchema, raw, 'map');
  const fail = (msg: string): never => {
    throw new Error(`kpw map: ${msg}`);
  };

  for (const [list, ids] of [
    ['colonies', map.colonies.map((c) => c.id)],
    ['tribes', map.tribes.map((t) => t.id)],
  ] as const) {
    const want = list === 'colonies' ? COLONY_IDS : TRIBE_IDS;
    for (const id of want) if (ids.filter((x) => x === id).length !== 1) fail(`${list} must list ${id} exactly once`);
  }

  const spaces = new Map<string, KpwSpace>();
  for (const s of map.spaces) {
    if (spaces.has(s.id)) fail(`duplicate space id '${s.id}'`);
    spaces.set(s.id, s);
    const where = `space '${s.id}'`;
    if (s.kind === 'settlement' && !isColony(s.owner)) fail(`${where}: a settlement must be owned by a colony`);
    if (s.kind === 'village' && !isTribe(s.owner)) fail(`${where}: a village must be owned by a tribe`);
    if (s.kind === 'fort' && !isColony(s.owner) && !isTribe(s.owner)) fail(`${where}: a fort needs a colony or tribe owner`);
    if (s.kind === 'neutral' && s.owner !== null) fail(`${where}: a neutral space has no owner`);
    if (isColony(s.owner) && s.colony !== s.owner) fail(`${where}: an English site lies in its own colony`);
    if (s.kind === 'neutral' && (s.port || s.river)) fail(`${where}: neutral spaces are neither ports nor river spaces`);
    if (s.port && !isColony(s.owner)) fail(`${where}: only English settlements/forts are ports`);
    if (s.treaty && !(s.kind === 'village' && s.owner === 'MO')) fail(`${where}: only a Mohawk village can be the Treaty Space`);
    if (s.x < 0 || s.x > map.width || s.y < 0 || s.y > map.height) fail(`${where}: position off the canvas`);
  }

  const checkLinks = (list: { a: string; b: string }[], what: string, river: boolean): void => {
    const seen = new Set<string>();
    list.forEach((c, i) => {
      const where = `${what} ${i} (${c.a}-${c.b})`;
      for (const end of [c.a, c.b]) if (!spaces.has(end)) fail(`${where} names unknown space '${end}'`);
      if (c.a === c.b) fail(`${where} is a self-loop`);
      const k = pairKey(c.a, c.b);
      if (seen.has(k)) fail(`${where} is a duplicate`);
      seen.add(k);
      if (river) for (const end of [c.a, c.b]) if (!spaces.get(end)!.river) fail(`${where}: '${end}' is not a river space`);
    });
  };
  checkLinks(map.connections, 'connection', false);
  checkLinks(map.rivers, 'river', true);

  const treaty = map.spaces.filter((s) => s.treaty);
  if (treaty.length !== 1) fail(`the Mohawks need exactly one Treaty Space, found ${treaty.length}`);

  const adj = kpwAdjacency(map);
  const start = map.spaces[0]!.id;
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    for (const n of adj.get(queue.shift()!)!) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  const cut = map.spaces.find((s) => !seen.has(s.id));
  if (cut) fail(`space '${cut.id}' is not connected to '${start}'`);
  return map;
}

/** Parses and range-checks the charts; with a map, also checks them against it. */
export function validateKpwCharts(raw: unknown, map?: KpwMap): KpwCharts {
  const charts = parse(KpwChartsSchema, raw, 'charts');
  const fail = (msg: string): never => {
    throw new Error(`kpw charts: ${msg}`);
  };
  const cols = charts.crt.columns;
  cols.forEach((c, i) => {
    if (c !== i + 1) fail(`crt.columns must be 1..N, got ${c} at ${i}`);
  });
  for (const die of ['1', '2', '3', '4', '5', '6'] as const) {
    const row = charts.crt.rows[die];
    if (!row || row.length !== cols.length) fail(`crt.rows.${die} must have ${cols.length} entries`);
  }
  const uniq = (list: { tribe: string }[], what: string): void => {
    const s = new Set<string>();
    for (const r of list) {
      if (s.has(r.tribe)) fail(`${what}: duplicate row for ${r.tribe}`);
      s.add(r.tribe);
    }
  };
  uniq(charts.alliance, 'alliance');
  uniq(charts.startingTribes, 'startingTribes');
  uniq(charts.surrender, 'surrender');
  for (const r of charts.surrender) {
    if (r.tribe === 'WA' || r.tribe === 'MO') fail(`surrender: ${r.tribe} never surrenders (13.6)`);
    if (r.vp >= 30) fail(`surrender: ${r.tribe} at ${r.vp} is past the 30 VP win (16.0)`);
  }
  if (map) {
    for (const r of charts.alliance) {
      const villages = map.spaces.filter((s) => s.owner === r.tribe && s.kind !== 'settlement').length;
      if (r.initialUnits > villages) fail(`alliance ${r.tribe}: ${r.initialUnits} initial units but ${villages} villages (11.1)`);
    }
  }
  return charts;
}

/** Adjacency (5.0): land/water connections and rivers. */
export function kpwAdjacency(map: KpwMap): Map<string, Set<string>> {
  const adj = new Map<string, Set<string>>(map.spaces.map((s) => [s.id, new Set<string>()]));
  for (const c of [...map.connections, ...map.rivers]) {
    adj.get(c.a)?.add(c.b);
    adj.get(c.b)?.add(c.a);
  }
  return adj;
}

/** Reads and validates data/kpw/map.json and charts.json. */
export function loadKpwData(): KpwData {
  const map = validateKpwMap(readDataJson('kpw/map.json'));
  const charts = validateKpwCharts(readDataJson('kpw/charts.json'), map);
  return { map, charts };
}

let cached: KpwData | undefined;

/** The validated KPW data, loaded once. */
export function kpwData(): KpwData {
  return (cached ??= loadKpwData());
}

/** SP lost by the enemy (13.4): CRT row = die, column = SP (capped at the last column); SP <= 0 inflicts 0. */
export function crtLosses(charts: KpwCharts, sp: number, die: number): number {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`crtLosses: die must be 1-6, got ${die}`);
  if (!Number.isFinite(sp)) throw new Error(`crtLosses: bad SP ${sp}`);
  const sp_ = Math.floor(sp);
  if (sp_ <= 0) return 0;
  const cols = charts.crt.columns;
  const col = Math.min(sp_, cols[cols.length - 1]!);
  return charts.crt.rows[String(die) as '1']![col - 1]!;
}
