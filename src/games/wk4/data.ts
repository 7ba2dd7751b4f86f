// The WK4 catalogues (data/wk4/*.json: units, lords, starting forces, the
// battle tables), validated with zod on load. What is from the rules text and
// what is ours is recorded in each file's _source and in data/wk4/README.md.
import { z } from 'zod';
import { readDataJson } from '../../data-files.ts';

const read = (file: string): unknown => readDataJson(`wk4/${file}`);

export const TRAITS = [
  'great_leader',
  'strategist',
  'engineer',
  'navigator',
  'berserker',
  'valorous',
  'horseman',
  'charismatic',
  'plodder',
  'fop',
] as const;
export type Trait = (typeof TRAITS)[number];

const Tag = z.enum([
  'infantry',
  'cavalry',
  'recon',
  'skirmisher',
  'artillery',
  'flyer',
  'warbeast',
  'baggage',
  'mercenary',
  'militia',
  'warship',
  'transport',
]);
export type UnitTag = z.infer<typeof Tag>;

const UnitType = z.strictObject({
  id: z.string().regex(/^[a-z]+$/),
  name: z.string(),
  cv: z.number().int().min(0),
  steps: z.number().int().min(1),
  morale: z.number().int().min(1).max(6),
  move: z.number().int().min(0),
  ap: z.number().int().min(0),
  cost: z.number().int().min(0),
  manpower: z.boolean(),
  tags: z.array(Tag),
  source: z.string(),
});
export type UnitType = z.infer<typeof UnitType> & { naval: boolean };

const UnitsFile = z.strictObject({
  _source: z.string(),
  battleGroups: z.array(UnitType),
  ships: z.array(UnitType),
  militiaUpkeep: z.number().int(),
  maxPerArmy: z.number().int(),
});

const LordsFile = z.strictObject({
  _source: z.string(),
  traits: z.record(z.enum(TRAITS), z.strictObject({ name: z.string(), text: z.string() })),
  lords: z.record(z.string(), z.array(z.strictObject({ id: z.string(), name: z.string(), trait: z.enum(TRAITS) })).length(10)),
});

const Counts = z.record(z.string(), z.number().int().min(1));
const Place = z.enum(['city', 'city2', 'port']);
const Start = z.strictObject({
  treasury: z.number().int().min(0),
  armies: z.array(z.strictObject({ at: Place, units: Counts })),
  fleet: z.strictObject({ at: Place, ships: Counts }).nullable(),
  reserve: Counts,
});
const NationsFile = z.strictObject({ _source: z.string(), start: Start, overrides: z.record(z.string(), Start.partial()) });
export type StartForces = z.infer<typeof Start>;

const Cell = z.string().regex(/^(-|\d+R?)\/(-|\d+R?)$/);
const Crt = z.strictObject({
  columns: z.array(z.string()).length(9),
  die: z.literal('2d6'),
  rows: z.record(z.string(), z.array(Cell).length(9)),
});
const Small = z.strictObject({
  columns: z.array(z.number().int()).length(9),
  headings: z.array(z.string()).length(9),
  die: z.literal('d6'),
  rows: z.record(z.string(), z.array(z.number().int()).length(9)),
});
const TablesFile = z.object({
  bombardment: Small,
  main: Crt,
  pursuit: Small,
  siege: Crt.extend({ evacuationPerD10: z.number().int() }),
  naval: Crt,
});
export type CrtTable = z.infer<typeof Crt>;
export type SmallTable = z.infer<typeof Small>;

const units = UnitsFile.parse(read('units.json'));
const lordsFile = LordsFile.parse(read('lords.json'));
const nationsFile = NationsFile.parse(read('nations.json'));
export const TABLES = TablesFile.parse(read('tables.json'));

export const UNIT_TYPES: Readonly<Record<string, UnitType>> = Object.fromEntries([
  ...units.battleGroups.map((u) => [u.id, { ...u, naval: false }]),
  ...units.ships.map((u) => [u.id, { ...u, naval: true }]),
]);
for (const [id, counts] of [
  ['start', nationsFile.start.reserve],
  ...nationsFile.start.armies.map((a) => ['army', a.units] as const),
  ...(nationsFile.start.fleet ? [['fleet', nationsFile.start.fleet.ships] as const] : []),
])
  for (const t of Object.keys(counts)) if (!UNIT_TYPES[t]) throw new Error(`data/wk4/nations.json ${id}: unknown unit type ${t}`);

export const MILITIA_UPKEEP = units.militiaUpkeep;
export const MAX_PER_ARMY = units.maxPerArmy;
export const TRAIT_INFO = lordsFile.traits;
export const LORDS = lordsFile.lords;

export function startOf(nation: string): StartForces {
  return { ...nationsFile.start, ...(nationsFile.overrides[nation] ?? {}) };
}

export const unitType = (id: string): UnitType => {
  const t = UNIT_TYPES[id];
  if (!t) throw new Error(`unknown unit type ${id}`);
  return t;
};
export const hasTag = (type: string, tag: UnitTag): boolean => unitType(type).tags.includes(tag);
/** Battle-group types a nation may buy in Winter (not militia, not Landsknekt: those have their own orders). */
export const BUYABLE = Object.values(UNIT_TYPES)
  .filter((u) => !u.tags.includes('militia') && !u.tags.includes('mercenary'))
  .map((u) => u.id);
