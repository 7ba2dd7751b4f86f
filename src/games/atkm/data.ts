// All the King's Men static data (data/atkm/*.json), validated with zod on
// load: unit types and their charts, the house General Rating table, the
// deck's special cards, scenario victory conditions and standard armies.
import { z } from 'zod';
import { RangeTable } from '../../engine/tables.ts';
import { readDataJson } from '../../data-files.ts';

const UNIT_TYPES = ['infantry', 'cavalry', 'skirmisher', 'foot-artillery', 'horse-artillery'] as const;
const unitType = z.enum(UNIT_TYPES);
const row = <T extends z.ZodTypeAny>(v: T) => z.object({ min: z.number().int(), max: z.number().int(), value: v });

const TypeSchema = z.object({
  name: z.string(),
  figures: z.number().int().positive(),
  breaking: z.number().int().min(0),
  move: z.record(z.string(), z.number().positive()),
  fireRange: z.number().min(0),
  fireDice: z.number().int().min(0),
  closeFireDice: z.number().int().positive().optional(),
  melee: z.record(unitType, z.number().int().positive().nullable()).nullable(),
  source: z.string(),
});

const UnitsSchema = z.object({
  _source: z.string(),
  _notes: z.array(z.string()),
  types: z.record(unitType, TypeSchema),
  unitRoll: z.array(row(z.enum(['infantry', 'cavalry', 'skirmisher', 'artillery']))),
  artilleryRoll: z.array(row(z.enum(['foot-artillery', 'horse-artillery']))),
  qualityRoll: z.array(row(z.enum(['militia', 'regular', 'elite']))),
  colors: z.object({ green: z.number(), yellow: z.number(), red: z.number() }),
});

const GeneralsSchema = z.object({
  _source: z.string(),
  _notes: z.array(z.string()),
  ratingRoll: z.array(row(z.number().int().min(1).max(3))),
  names: z.object({ red: z.array(z.string()).min(3), black: z.array(z.string()).min(3) }),
});

const CardsSchema = z.object({
  _source: z.string(),
  _notes: z.array(z.string()),
  suits: z.object({ red: z.string(), black: z.string() }),
  ranks: z.array(z.string()).length(13),
  special: z.record(z.string(), z.object({ name: z.string(), effect: z.string(), source: z.string() })),
});

const ScenarioSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('collapse'), name: z.string(), maxTurns: z.number().int().positive(), source: z.string() }),
  z.object({
    kind: z.literal('hold'),
    name: z.string(),
    side: z.enum(['red', 'black']),
    place: z.string(),
    turns: z.number().int().positive(),
    maxTurns: z.number().int().positive(),
    source: z.string(),
  }),
  z.object({
    kind: z.literal('dislodge'),
    name: z.string(),
    attacker: z.enum(['red', 'black']),
    defender: z.enum(['red', 'black']),
    place: z.string(),
    byTurn: z.number().int().positive(),
    maxTurns: z.number().int().positive(),
    source: z.string(),
  }),
]);

const VictorySchema = z.object({ _source: z.string(), _notes: z.array(z.string()), scenarios: z.record(z.string(), ScenarioSchema) });
const ArmiesSchema = z.object({ _source: z.string(), _notes: z.array(z.string()), standard: z.array(z.string()).min(1) });

const MEN: Record<string, string> = { cavalry: 'troopers', 'foot-artillery': 'gunners', 'horse-artillery': 'gunners' };

/** One unit of an army list: its type, and its privates when it starts below full strength (null: full). */
export interface ListEntry {
  type: (typeof UNIT_TYPES)[number];
  figures: number | null;
}

/**
 * A list entry as written, `infantry` or `infantry:9` (Assembling Your Units, p.5: a unit "that fought with less than
 * a full roster" has fewer soldiers): the entry, or why not. A unit starts above its breaking point (p.26), else it
 * would break before the first card, and at most at full strength.
 */
export function parseListEntry(
  text: string,
  types: Record<string, { figures: number; breaking: number; name: string }>,
): ListEntry | string {
  const [type, count, extra] = text.trim().toLowerCase().split(':');
  if (!type || !(UNIT_TYPES as readonly string[]).includes(type) || extra !== undefined)
    return `"${text}" is not a unit type (${UNIT_TYPES.join(', ')}), optionally with its privates (e.g. infantry:9).`;
  if (count === undefined || count === '') return { type: type as ListEntry['type'], figures: null };
  const t = types[type]!;
  const n = Number(count);
  if (!Number.isInteger(n) || n <= t.breaking || n > t.figures)
    return (
      `"${text}": ${t.name.toLowerCase()} starts with ${t.breaking + 1} to ${t.figures} ${MEN[type] ?? 'privates'} ` +
      `(above its breaking point of ${t.breaking}, at most full strength).`
    );
  return { type: type as ListEntry['type'], figures: n === t.figures ? null : n };
}

export type UnitTypeData = z.infer<typeof TypeSchema>;
export type ScenarioData = z.infer<typeof ScenarioSchema>;

function load<T>(schema: z.ZodType<T>, file: string): T {
  const raw = readDataJson(`atkm/${file}`);
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`atkm ${file}: ${issues.join('; ')}`);
}

export interface AtkmData {
  units: z.infer<typeof UnitsSchema>;
  generals: z.infer<typeof GeneralsSchema>;
  cards: z.infer<typeof CardsSchema>;
  victory: z.infer<typeof VictorySchema>;
  armies: z.infer<typeof ArmiesSchema>;
  /** The standard list, read (armies.json, checked at load). */
  standard: ListEntry[];
  unitRoll: RangeTable<'infantry' | 'cavalry' | 'skirmisher' | 'artillery'>;
  artilleryRoll: RangeTable<'foot-artillery' | 'horse-artillery'>;
  qualityRoll: RangeTable<'militia' | 'regular' | 'elite'>;
  ratingRoll: RangeTable<number>;
}

let cached: AtkmData | null = null;

/** The data, loaded and checked once (every die face is covered by every roll table). */
export function atkmData(): AtkmData {
  if (cached) return cached;
  const units = load(UnitsSchema, 'units.json');
  const generals = load(GeneralsSchema, 'generals.json');
  const armies = load(ArmiesSchema, 'armies.json');
  const standard = armies.standard.map((x) => {
    const e = parseListEntry(x, units.types);
    if (typeof e === 'string') throw new Error(`atkm armies.json standard: ${e}`);
    return e;
  });
  const d: AtkmData = {
    units,
    generals,
    cards: load(CardsSchema, 'cards.json'),
    victory: load(VictorySchema, 'victory.json'),
    armies,
    standard,
    unitRoll: new RangeTable('ATKM unit type (2d6)', units.unitRoll),
    artilleryRoll: new RangeTable('ATKM artillery (d6)', units.artilleryRoll),
    qualityRoll: new RangeTable('ATKM unit quality (d6)', units.qualityRoll),
    ratingRoll: new RangeTable('ATKM general rating (d6, house)', generals.ratingRoll),
  };
  const covers = (rows: { min: number; max: number }[], lo: number, hi: number, what: string) => {
    for (let f = lo; f <= hi; f++)
      if (rows.filter((r) => f >= r.min && f <= r.max).length !== 1) throw new Error(`atkm ${what}: ${f} is not covered exactly once`);
  };
  covers(units.unitRoll, 2, 12, 'unitRoll');
  covers(units.artilleryRoll, 1, 6, 'artilleryRoll');
  covers(units.qualityRoll, 1, 6, 'qualityRoll');
  covers(generals.ratingRoll, 1, 6, 'ratingRoll');
  for (const t of UNIT_TYPES) if (!units.types[t]) throw new Error(`atkm units.json: no type ${t}`);
  cached = d;
  return d;
}
