// Rifle and Axe static data (data/rifle/rules.json): boards, actions, tables,
// prices and leaders, validated with zod and cross-checked once at load.
import { z } from 'zod';
import { RangeTable } from '../../engine/tables.ts';
import { readDataJson } from '../../data-files.ts';

export const RESOURCE_IDS = [
  'folk',
  'housing',
  'clothing',
  'happiness',
  'livestock',
  'horses',
  'tools',
  'seed',
  'food',
  'grain',
  'rifles',
  'wood',
  'lumber',
  'housewares',
  'salt',
  'lye',
  'hides',
  'peace',
  'containers',
  'looms',
  'plots',
  'gunpowder',
  'metal',
  'money',
  'implements',
] as const;
export type ResourceId = (typeof RESOURCE_IDS)[number];
const Res = z.enum(RESOURCE_IDS);

export const STRUCTURE_IDS = [
  'cabins',
  'corrals',
  'empty',
  'stockade',
  'school',
  'blockhouse',
  'tubmill',
  'church',
  'road',
  'smithy',
  'carpentry',
  'hominy',
  'courthouse',
  'logstations',
  'vat',
  'cellar',
] as const;
export type StructureId = (typeof STRUCTURE_IDS)[number];
const Str = z.enum(STRUCTURE_IDS);

export const FACTORS = ['tools', 'horses', 'implements', 'rifles', 'looms', 'plots', 'food'] as const;
export type Factor = (typeof FACTORS)[number];

/** Kinds of free (no-Folk) action slots granted by leaders, boons and structures. */
export const FREE_KINDS = [
  'trade',
  'build',
  'recruit',
  'hunting',
  'grind',
  'carpenter',
  'blacksmith',
  'home',
  'cooking',
  'weaving',
] as const;
export type FreeKind = (typeof FREE_KINDS)[number];

export const SEASONS = ['spring', 'summer', 'fall', 'winter'] as const;
export type Season = (typeof SEASONS)[number];

const Amounts = z.partialRecord(Res, z.number().int());
const Max = z.union([
  z.strictObject({ fixed: z.number().int().positive() }),
  z.strictObject({ per: Res, every: z.number().int().positive() }),
]);

const VariantSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  factors: z.array(z.enum(FACTORS)).optional(),
  max: Max.optional(),
  inputs: Amounts.optional(),
  outputs: Amounts.optional(),
  aliases: z.array(z.string()),
});

const ActionSchema = z.strictObject({
  n: z.number().int().min(1).max(30),
  id: z.string(),
  name: z.string(),
  factors: z.array(z.enum(FACTORS)).optional(),
  max: Max.optional(),
  notIn: z.array(z.enum(SEASONS)).optional(),
  only: z.array(z.enum(SEASONS)).optional(),
  inputs: Amounts.optional(),
  outputs: Amounts.optional(),
  winterOutputs: Amounts.optional(),
  summerOutputs: Amounts.optional(),
  kind: z.enum(['build', 'trade', 'grind', 'shoe']).optional(),
  specialist: z.enum(['carpenter', 'blacksmith']).optional(),
  free: z.enum(FREE_KINDS).optional(),
  noFolk: z.boolean().optional(),
  penaltyIfSkipped: z.number().int().optional(),
  variants: z.array(VariantSchema).optional(),
  aliases: z.array(z.string()).optional(),
});
export type ActionDef = z.infer<typeof ActionSchema>;

const StructureSchema = z.strictObject({
  n: z.number().int(),
  id: Str,
  name: z.string(),
  start: z.number().int().nonnegative(),
  labor: z.number().int().nonnegative(),
  wood: z.number().int().nonnegative(),
  lumber: z.number().int().nonnegative(),
  max: z.number().int().nonnegative().nullable(),
  housing: z.number().int().optional(),
  horseRoom: z.number().int().optional(),
  fight: z.number().int().optional(),
  happyOnce: z.number().int().optional(),
  freeAction: z.enum(FREE_KINDS).optional(),
  lyePerTurn: z.number().int().optional(),
  storage: z.number().int().optional(),
  benefit: z.string(),
  buildable: z.boolean().optional(),
});
export type StructureDef = z.infer<typeof StructureSchema>;

const row = <T extends z.ZodType>(v: T) => z.strictObject({ min: z.number().int(), max: z.number().int(), value: v });
const LossRow = z.strictObject({
  name: z.string(),
  lose: Amounts.optional(),
  either: z.strictObject({ amount: z.number().int().positive(), of: z.tuple([Res, Res]) }).optional(),
  loseStructure: z.partialRecord(Str, z.number().int()).optional(),
});
export type LossRow = z.infer<typeof LossRow>;
const RaidRow = z.strictObject({
  name: z.string(),
  fight: z.number().int(),
  losses: z.number().int(),
  kind: z.enum(['trade', 'truce', 'fight', 'horses']),
  catastrophe: z.boolean().optional(),
});
export type RaidRow = z.infer<typeof RaidRow>;
const BoonRow = z.strictObject({ id: z.string(), name: z.string(), text: z.string() });
export type BoonRow = z.infer<typeof BoonRow>;
const WinterRow = z.strictObject({
  severity: z.enum(['mild', 'moderate', 'harsh']),
  folk: z.number().int(),
  livestock: z.number().int(),
  fuel: z.number().int(),
});
export type WinterRow = z.infer<typeof WinterRow>;

const LeaderSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  fight: z.number().int(),
  extra: z.array(z.enum(FREE_KINDS)),
  text: z.string(),
});
export type LeaderDef = z.infer<typeof LeaderSchema>;

export const RulesSchema = z.strictObject({
  _provenance: z.string(),
  turns: z.strictObject({
    count: z.number().int().positive(),
    firstYear: z.number().int(),
    seasons: z.array(z.enum(SEASONS)).length(4),
    source: z.string(),
  }),
  resources: z
    .array(z.strictObject({ n: z.number().int(), id: Res, name: z.string(), start: z.number().int(), note: z.string().optional() }))
    .length(25),
  structures: z.array(StructureSchema).length(16),
  actions: z.array(ActionSchema).length(30),
  actionBoard: z.strictObject({ columns: z.number().int(), rows: z.number().int(), source: z.string() }),
  prices: z.partialRecord(Res, z.number().int().positive()),
  leaders: z.array(LeaderSchema).length(5),
  growth: z.array(row(z.strictObject({ folk: z.number().int(), type: z.enum(['births', 'immigrants']) }))),
  immigrantKit: Amounts,
  immigrantSupplies: z.array(row(Res)),
  boons: z.array(row(BoonRow)).length(10),
  hardships: z.array(row(LossRow)).length(10),
  mishaps: z.array(row(LossRow)).length(10),
  raids: z.array(row(RaidRow)).length(10),
  barter: z.strictObject({ give: z.array(Res), get: z.array(Res), per: z.number().int() }),
  fighting: z.strictObject({
    target: z.number().int(),
    reduction: z.number().int(),
    gunpowderPerEncounter: z.number().int(),
    rifleLossOn: z.number().int(),
    overrunOn: z.number().int(),
  }),
  winter: z.array(row(WinterRow)).length(6),
  consume: z.strictObject({
    foodPerFolk: z.number().int(),
    starveOn: z.number().int(),
    folkPerSalt: z.number().int(),
    saltDeathOn: z.number().int(),
  }),
  storage: z.strictObject({ stored: z.array(Res), lossOrder: z.array(Res), lossOrderSource: z.string() }),
  awards: z
    .array(
      z.strictObject({
        id: z.enum(['population', 'happiness', 'builder', 'prosperity', 'hoarder']),
        name: z.string(),
        measure: z.string(),
      }),
    )
    .length(5),
  colors: z.array(z.string().regex(/^#[0-9a-fA-F]{6}$/)).length(4),
});
export type RulesData = z.infer<typeof RulesSchema>;

export function validateRules(raw: unknown): RulesData {
  const d = RulesSchema.parse(raw);
  const ids = new Set(d.actions.map((a) => a.id));
  if (ids.size !== 30) throw new Error('rifle data: action ids must be unique');
  d.actions.forEach((a, i) => {
    if (a.n !== i + 1) throw new Error(`rifle data: action ${a.id} is number ${a.n}, expected ${i + 1}`);
  });
  d.structures.forEach((s, i) => {
    if (s.n !== i + 1) throw new Error(`rifle data: structure ${s.id} is number ${s.n}, expected ${i + 1}`);
  });
  d.resources.forEach((r, i) => {
    if (r.id !== RESOURCE_IDS[i]) throw new Error(`rifle data: resource ${i + 1} is ${r.id}, expected ${RESOURCE_IDS[i]}`);
  });
  if (d.actionBoard.columns * d.actionBoard.rows !== 30) throw new Error('rifle data: the action board must hold 30 actions');
  for (const t of [d.boons, d.hardships, d.mishaps, d.raids])
    for (let f = 1; f <= 10; f++) if (!t.some((r) => f >= r.min && f <= r.max)) throw new Error(`rifle data: a d10 table misses ${f}`);
  for (const t of [d.growth, d.immigrantSupplies, d.winter])
    for (let f = 1; f <= 6; f++) if (!t.some((r) => f >= r.min && f <= r.max)) throw new Error(`rifle data: a d6 table misses ${f}`);
  return d;
}

export const RULES: RulesData = validateRules(readDataJson('rifle/rules.json'));

export const TABLES = {
  growth: new RangeTable('Growth Table', RULES.growth),
  supplies: new RangeTable('Immigrant Extra Supplies Table', RULES.immigrantSupplies),
  boon: new RangeTable('Boon Table', RULES.boons),
  hardship: new RangeTable('Hardship Table', RULES.hardships),
  mishap: new RangeTable('Mishap Table', RULES.mishaps),
  raid: new RangeTable('Indian Raid Table', RULES.raids),
  winter: new RangeTable('Winter Table', RULES.winter),
};

/**
 * A lookup table keyed by what a player may type: no prototype, so "__proto__",
 * "constructor" or "toString" are simply not in it (they used to find
 * Object.prototype's members and slip past the checks).
 */
export function lookup<V>(entries: [string, V][]): Record<string, V> {
  return Object.assign(Object.create(null) as Record<string, V>, Object.fromEntries(entries));
}

export const RES_NAME = lookup(RULES.resources.map((r) => [r.id, r.name])) as Record<ResourceId, string>;
export const STRUCTURE = lookup(RULES.structures.map((s) => [s.id, s])) as Record<StructureId, StructureDef>;
export const LEADERS: Record<string, LeaderDef> = lookup(RULES.leaders.map((l) => [l.id, l]));
export const PRICES = lookup(Object.entries(RULES.prices)) as Partial<Record<ResourceId, number>>;
export const TRADE_GOODS = Object.keys(RULES.prices) as ResourceId[];
