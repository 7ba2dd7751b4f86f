// The tabletop's numbers (data/atkm/tabletop.json) and the ready scenarios
// (data/atkm/scenarios.json), validated with zod and cross-checked on load.
import { z } from 'zod';
import { bounds, pointInPolygon } from '../../../engine/geometry.ts';
import { FORMATIONS, TERRAIN_KINDS, UNIT_TYPES } from './types.ts';
import { readDataJson } from '../../../data-files.ts';

const Num = z.number().finite();
const Pos = z.number().finite().positive();
const Source = z.string().min(1);
const Noted = { source: Source, note: z.string().min(1) };
const Value = z.strictObject({ value: Num, ...Noted });
const Provenance = { _source: z.string().min(1), _notes: z.array(z.string().min(1)).min(1) };
const Point = z.strictObject({ x: Num, y: Num });

export const TabletopSchema = z.strictObject({
  ...Provenance,
  movement: z.strictObject({
    infantry: z.strictObject({ line: Pos, column: Pos }),
    skirmisher: z.strictObject({ skirmish: Pos }),
    cavalry: z.strictObject({ line: Pos, column: Pos }),
    'foot-artillery': z.strictObject({ limbered: Pos, deployed: Pos }),
    'horse-artillery': z.strictObject({ limbered: Pos, deployed: Pos }),
    ...Noted,
  }),
  penaltyFactor: Value,
  roadFactor: Value,
  ranges: z.strictObject({
    infantry: Num,
    skirmisher: Num,
    cavalry: Num,
    'foot-artillery': Num,
    'horse-artillery': Num,
    close: Num,
    ...Noted,
  }),
  commandRadius: Value,
  generalMove: Value,
  skirmishRadius: Value,
  crewRadius: Value,
  escape: z.strictObject({ long: Pos, short: Pos, ...Noted }),
  artilleryOverheadClear: Value,
  bases: z.strictObject({
    foot: z.strictObject({ w: Pos, d: Pos }),
    horse: z.strictObject({ w: Pos, d: Pos }),
    cannon: z.strictObject({ w: Pos, d: Pos }),
    ...Noted,
  }),
  formations: z.strictObject({
    infantryLineRanks: z.number().int().positive(),
    cavalryLineRanks: z.number().int().positive(),
    columnFiles: z.number().int().positive(),
    skirmishSpacing: Pos,
    skirmishDepth: Pos,
    ...Noted,
  }),
  sightIntoWoods: Value,
  contactTolerance: Value,
  buildings: z.strictObject({ enter: z.array(z.enum(UNIT_TYPES)), capacity: z.number().int().positive(), ...Noted }),
});
export type TabletopData = z.infer<typeof TabletopSchema>;

export const TerrainSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  kind: z.enum(TERRAIN_KINDS),
  name: z.string().min(1).optional(),
  polygon: z.array(Point).min(3).optional(),
  line: z.array(Point).min(2).optional(),
  width: Pos.optional(),
  impassable: z.boolean().optional(),
  blocksSight: z.boolean().optional(),
  level: z.number().int().positive().optional(),
  cover: z.enum(['light', 'heavy']).optional(),
  source: Source,
  note: z.string().min(1).optional(),
});

const Zone = z.strictObject({ side: z.string().min(1), polygon: z.array(Point).min(3), ...Noted });
const Objective = z.strictObject({ id: z.string().min(1), name: z.string().min(1), polygon: z.array(Point).min(3), ...Noted });

export const ScenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  name: z.string().min(1),
  width: Pos,
  height: Pos,
  terrain: z.array(TerrainSchema),
  zones: z.array(Zone).min(2),
  objectives: z.array(Objective),
  victory: z.string().min(1),
  source: Source,
  note: z.string().min(1),
});
export type Scenario = z.infer<typeof ScenarioSchema>;

export const ScenariosSchema = z.strictObject({ ...Provenance, scenarios: z.array(ScenarioSchema).min(1) });

function parse<T>(schema: z.ZodType<T>, raw: unknown, what: string): T {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`atkm ${what}: ${issues.join('; ')}`);
}

/** Parses tabletop.json and checks every type has a movement and a range. */
export function validateTabletop(raw: unknown): TabletopData {
  const t = parse(TabletopSchema, raw, 'tabletop');
  for (const ty of UNIT_TYPES) if (!(ty in t.ranges)) throw new Error(`atkm tabletop: no range for ${ty}`);
  return t;
}

/** Parses scenarios.json: areas are polygons, lines polylines with a width, all on the table; zones for two sides. */
export function validateScenarios(raw: unknown): Scenario[] {
  const s = parse(ScenariosSchema, raw, 'scenarios');
  const ids = new Set<string>();
  for (const sc of s.scenarios) {
    const fail = (msg: string): never => {
      throw new Error(`atkm scenario '${sc.id}': ${msg}`);
    };
    if (ids.has(sc.id)) fail('duplicate id');
    ids.add(sc.id);
    const on = (pts: { x: number; y: number }[]) => {
      const b = bounds(pts);
      return b.minX >= 0 && b.minY >= 0 && b.maxX <= sc.width && b.maxY <= sc.height;
    };
    const tids = new Set<string>();
    for (const t of sc.terrain) {
      if (tids.has(t.id)) fail(`duplicate terrain id '${t.id}'`);
      tids.add(t.id);
      const isLine = t.kind === 'river' || t.kind === 'road' || t.kind === 'fence';
      if (isLine && (!t.line || !t.width || t.polygon)) fail(`${t.id}: a ${t.kind} is a line with a width`);
      if (!isLine && (!t.polygon || t.line)) fail(`${t.id}: a ${t.kind} is a polygon`);
      if (!on(t.polygon ?? t.line ?? [])) fail(`${t.id}: off the ${sc.width}x${sc.height} table`);
    }
    const sides = new Set(sc.zones.map((z) => z.side));
    if (sides.size < 2) fail('zones for at least two sides');
    for (const z of sc.zones) if (!on(z.polygon)) fail(`zone for ${z.side} off the table`);
    for (const o of sc.objectives) if (!on(o.polygon)) fail(`objective ${o.id} off the table`);
    // Deployment zones must not hold impassable ground at their centres (a sanity check on hand-made data).
    for (const z of sc.zones) {
      const b = bounds(z.polygon);
      const c = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
      for (const t of sc.terrain)
        if (t.impassable && t.polygon && pointInPolygon(c, t.polygon)) fail(`zone for ${z.side} centred on impassable ${t.id}`);
    }
  }
  return s.scenarios;
}

let tabletop: TabletopData | null = null;
let scenarios: Scenario[] | null = null;

/** The tabletop numbers, loaded once. */
export function tabletopData(): TabletopData {
  tabletop ??= validateTabletop(readDataJson('atkm/tabletop.json'));
  return tabletop;
}

/** The ready scenarios, loaded once. */
export function atkmScenarios(): Scenario[] {
  scenarios ??= validateScenarios(readDataJson('atkm/scenarios.json'));
  return scenarios;
}

export function atkmScenario(id: string): Scenario {
  const s = atkmScenarios().find((x) => x.id === id);
  if (!s)
    throw new Error(
      `atkm: no scenario '${id}' (have ${atkmScenarios()
        .map((x) => x.id)
        .join(', ')})`,
    );
  return s;
}

/** Formations each type may take (p.6-7); square and mob only by the rules' events. */
export const TYPE_FORMATIONS: Record<(typeof UNIT_TYPES)[number], readonly (typeof FORMATIONS)[number][]> = {
  infantry: ['line', 'column', 'square', 'mob'],
  cavalry: ['line', 'column', 'mob'],
  skirmisher: ['skirmish', 'mob'],
  'foot-artillery': ['limbered', 'deployed', 'mob'],
  'horse-artillery': ['limbered', 'deployed', 'mob'],
};
