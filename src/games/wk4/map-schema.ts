// The shape of a Warrior Kings IV map file (data/wk4/map*.json), checked with
// zod on load; the cross-checks (adjacency, coasts, homes, counts) are in map.ts.
// Terrain and home territory are drawn as rows of characters (one per hex,
// offset columns), so the file reads like the map it describes.
import { z } from 'zod';
import { NATION_IDS } from './nations.ts';

export const TERRAINS = ['clear', 'desert', 'forest', 'mountain', 'swamp', 'sea'] as const;
export type Terrain = (typeof TERRAINS)[number];
/** One character per terrain in the `terrain` rows. */
export const TERRAIN_CHARS: Readonly<Record<string, Terrain>> = {
  '.': 'clear',
  d: 'desert',
  f: 'forest',
  m: 'mountain',
  s: 'swamp',
  '~': 'sea',
};

const Source = z.enum(['rules', 'ours']);
const Slug = z.string().regex(/^[a-z][a-z0-9_]*$/, 'lower-case slug');
const HexIdS = z.string().regex(/^-?\d+,-?\d+$/, 'hex id "q,r"');
const Nation = z.enum(NATION_IDS);
const Int = z.number().int();

export const Wk4CentreSchema = z.strictObject({
  id: Slug,
  name: z.string().min(1),
  hex: HexIdS,
  /** Large circle/square = major (2 VP, 5 AP), small = minor (1 VP, 1 AP). */
  kind: z.enum(['major', 'minor']),
  /** A square on the map: a port (fleets end moves and winter here). */
  port: z.boolean(),
  /** The value printed on the map: taxes each Fall and winter-quarter capacity. */
  value: Int.min(1),
  /** Manpower: militia units the city raises. */
  manpower: Int.min(0),
  /** Who holds it at the start; null = unowned. */
  owner: Nation.nullable(),
  /** A home city or home port of its owner (deployment of reinforcements). */
  home: z.enum(['city', 'port']).nullable(),
  source: Source,
  note: z.string().optional(),
});

export const Wk4ChainSchema = z.strictObject({
  id: Slug,
  name: z.string().min(1),
  /** Hexes in order; each next one a neighbour of the last. */
  hexes: z.array(HexIdS).min(2),
  source: Source,
});

export const Wk4LabelSchema = z.strictObject({
  name: z.string().min(1),
  hex: HexIdS,
  kind: z.enum(['sea', 'region']),
});

export const Wk4MapSchema = z.strictObject({
  _source: z.string().min(1),
  _notes: z.array(z.string().min(1)).min(1),
  id: Slug,
  name: z.string().min(1),
  orientation: z.literal('pointy'),
  /** Columns and rows of the offset rectangle (odd rows shoved right). */
  width: Int.min(2),
  height: Int.min(2),
  /** One string per row, one TERRAIN_CHARS character per hex. */
  terrain: z.array(z.string()),
  /** Character per nation in the `territory` rows; '.' = no nation's home territory, '~' = sea. */
  territoryKey: z.record(z.string().length(1), Nation),
  territory: z.array(z.string()),
  nations: z.array(Nation).min(2),
  beaches: z.array(HexIdS),
  centres: z.array(Wk4CentreSchema).min(1),
  rivers: z.array(Wk4ChainSchema),
  roads: z.array(Wk4ChainSchema),
  labels: z.array(Wk4LabelSchema),
  /** Counts the loader insists on (the full map: 23 major, 110 minor). */
  expect: z.strictObject({ major: Int, minor: Int }).nullable(),
});

export type Wk4MapFile = z.infer<typeof Wk4MapSchema>;
export type Wk4Centre = z.infer<typeof Wk4CentreSchema>;
export type Wk4Chain = z.infer<typeof Wk4ChainSchema>;
export type Wk4Label = z.infer<typeof Wk4LabelSchema>;
