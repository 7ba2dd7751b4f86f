// Warriors of God data shapes (data/wog/*.json), checked with zod on load.
// Cross-file checks (ids, connectivity, rosters) live in data.ts.
import { z } from 'zod';

export const SIDES = ['english', 'french', 'nonaligned'] as const;
const Source = z.enum(['rules', 'public', 'ours']);
const Slug = z.string().regex(/^[a-z][a-z0-9_]*$/, 'lower-case slug');
const Crown = z.enum(['english', 'french']);
const Die = z.enum(['1', '2', '3', '4', '5', '6']);
const Int = z.number().int();
const Provenance = { _source: z.string().min(1), _notes: z.array(z.string().min(1)).min(1) };

export const WogAreaSchema = z.strictObject({
  id: Slug,
  name: z.string().min(1),
  /** 1-3 for contested areas, null for neutral ones (Phase 4: never controlled). */
  value: z.union([z.literal(1), z.literal(2), z.literal(3), z.null()]),
  kind: z.enum(['contested', 'neutral']),
  capitalOf: Crown.nullable(),
  longbow: z.enum(['english', 'welsh']).nullable(),
  knights: z.enum(['english', 'french', 'burgundian']).nullable(),
  gunners: z.boolean(),
  mercenaries: z.strictObject({ kind: z.string().min(1), start: Int.nonnegative() }).nullable(),
  label: z.strictObject({ x: z.number(), y: z.number() }),
  polygon: z.array(z.tuple([z.number(), z.number()])).min(3),
  source: Source,
  note: z.string().min(1),
});

export const WogBorderSchema = z.strictObject({
  a: Slug,
  b: Slug,
  kind: z.enum(['clear', 'river', 'obstructed']),
  source: Source,
  note: z.string().min(1),
});

export const WogSeaSchema = z.strictObject({ a: Slug, b: Slug, source: Source, note: z.string().min(1) });

export const WogMapSchema = z.strictObject({
  ...Provenance,
  width: Int.positive(),
  height: Int.positive(),
  areas: z.array(WogAreaSchema).min(1),
  borders: z.array(WogBorderSchema).min(1),
  seaConnections: z.array(WogSeaSchema),
});

export const WogLeaderSchema = z.strictObject({
  id: Slug,
  name: z.string().min(1),
  side: z.enum(SIDES),
  rank: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  battle: Int.min(1).max(8),
  bravery: Int.min(0).max(3),
  home: Slug,
  entryTurn: Int.min(1).max(12),
  born: Int,
  died: Int,
  /** Phase 8 future leader piles: the next holder of his title in this roster, brought forward when he dies (ours). */
  heir: Slug.optional(),
  longbow: z.boolean(),
  burgundian: z.boolean(),
  special: z.enum(['jeanne_darc', 'robin_hood', 'robert_aggressor']).nullable(),
  source: Source,
  note: z.string().min(1),
});

export const WogRosterSchema = z.strictObject({
  ...Provenance,
  scenario: z.strictObject({
    id: z.enum(['hyw', 'liw']),
    name: z.string().min(1),
    startYear: Int,
    endYear: Int,
    turnYears: z.array(Int).length(12),
    source: Source,
    note: z.string().min(1),
  }),
  /** Who may control English longbowmen (Phase 5); null = any leader. */
  englishLongbowCommanders: z.array(Slug).nullable(),
  setup: z.strictObject({
    control: z.strictObject({ english: z.array(Slug), french: z.array(Slug) }),
    positions: z.array(z.strictObject({ leader: Slug, area: Slug })).min(1),
    kings: z.strictObject({ english: Slug.nullable(), french: Slug.nullable() }),
    nonAligned: z.array(Slug),
    source: Source,
    note: z.string().min(1),
  }),
  leaders: z.array(WogLeaderSchema).min(1),
});

const Table = { source: Source, note: z.string().min(1) };

export const WogChartsSchema = z.strictObject({
  ...Provenance,
  leaderDeath: z.strictObject({
    rows: z.array(z.strictObject({ age: Int.positive(), dieMax: Int.min(0).max(6) })).min(1),
    ...Table,
  }),
  elimination: z.strictObject({ results: z.record(Die, z.enum(['killed', 'captured', 'routed'])), ...Table }),
  movement: z.strictObject({
    clear: Int.positive(),
    river: Int.positive(),
    obstructed: Int.positive(),
    seaToFriendly: Int.positive(),
    seaOther: Int.positive(),
    englishSeaFromFriendly: Int.positive(),
    ...Table,
  }),
  scoring: z.strictObject({
    areaVp: z.record(z.enum(['1', '2', '3']), Int.nonnegative()),
    englishHoldsIleDeFrance: Int,
    frenchHoldsEngland: Int,
    killedVpByRank: z.record(z.enum(['1', '2', '3']), Int.nonnegative()),
    killedKingBonus: Int,
    rotVpPerStar: Int,
    ...Table,
  }),
  vpTrack: z.strictObject({ min: Int, max: Int, win: Int.positive(), turns: Int.positive(), ...Table }),
  siege: z.strictObject({ base: Int, maxGunnerPoints: Int.nonnegative(), ...Table }),
  battle: z.strictObject({ hitOn: Int.min(1).max(6), pursuitModifier: Int, missesToForceRetreat: Int.positive(), ...Table }),
  control: z.strictObject({ homeTarget: Int.min(1).max(6), ...Table }),
  leaders: z.strictObject({
    commandPerRank: Int.positive(),
    newPerTurn: z.strictObject({ english: Int.nonnegative(), french: Int.nonnegative(), nonaligned: Int.nonnegative() }),
    /** Phase 8 (ours): an heir comes forward only if at least this old in the year he would arrive. */
    heirMinAge: Int.nonnegative(),
    ...Table,
  }),
  initiative: z.strictObject({
    englishKingInEngland: Int,
    frenchKingInIleDeFrance: Int,
    noKing: Int,
    baseImpulses: Int.positive(),
    ...Table,
  }),
});

export type WogMap = z.infer<typeof WogMapSchema>;
export type WogArea = z.infer<typeof WogAreaSchema>;
export type WogBorder = z.infer<typeof WogBorderSchema>;
export type WogSea = z.infer<typeof WogSeaSchema>;
export type WogRoster = z.infer<typeof WogRosterSchema>;
export type WogLeader = z.infer<typeof WogLeaderSchema>;
export type WogCharts = z.infer<typeof WogChartsSchema>;
export type WogSide = (typeof SIDES)[number];
export type ScenarioId = WogRoster['scenario']['id'];
