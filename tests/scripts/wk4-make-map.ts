// `npx tsx tests/scripts/wk4-make-map.ts [small|full]`: writes data/wk4/map-small.json
// and/or data/wk4/map.json from the specs below. Deterministic (no clock, no
// Math.random): the same script always writes the same files. The JSON files
// are the source of truth; this script is how they were first drawn.
import fs from 'node:fs';
import { cheapestHexPath, hexLine, idOf, offsetToAxial, parseHexId, type HexId } from '../../src/engine/hex.ts';
import { loadWk4Map, TERRAIN_CHARS, type Wk4Centre, type Wk4Chain, type Wk4Label, type Wk4MapFile } from '../../src/games/wk4/map.ts';
import type { NationId } from '../../src/games/wk4/nations.ts';
import { fullSpec } from './wk4-full-map.ts';

export type CR = [number, number];
export const at = ([c, r]: CR): HexId => idOf(offsetToAxial(c, r));

export interface CentreSpec {
  name: string;
  at: CR;
  kind?: 'major' | 'minor';
  port?: boolean;
  value?: number;
  manpower?: number;
  owner?: NationId | null;
  home?: 'city' | 'port' | null;
  source?: 'rules' | 'ours';
  note?: string;
}

export interface MapSpec {
  id: string;
  name: string;
  source: string;
  notes: string[];
  terrain: string[];
  territoryKey: Record<string, NationId>;
  territory: string[];
  nations: NationId[];
  beaches: CR[];
  centres: CentreSpec[];
  /** Waypoints; straight hex lines join them. */
  rivers: { name: string; via: CR[] }[];
  /** Centres (by name) joined by the cheapest path over land. */
  roads: { name: string; via: string[] }[];
  labels: { name: string; at: CR; kind: 'sea' | 'region' }[];
  expect: { major: number; minor: number } | null;
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** Road-building costs: roads keep to open ground where they can. */
const ROAD_COST: Record<string, number> = { clear: 1, desert: 2, forest: 2, swamp: 6, mountain: 8 };

export function build(spec: MapSpec): Wk4MapFile {
  const height = spec.terrain.length;
  const width = spec.terrain[0].length;
  const terrainAt = (id: HexId): string | undefined => {
    const { q, r } = parseHexId(id);
    const col = q + (r - (r & 1)) / 2;
    const ch = spec.terrain[r]?.[col];
    return ch === undefined ? undefined : TERRAIN_CHARS[ch];
  };
  const centres: Wk4Centre[] = spec.centres.map((c) => {
    const kind = c.kind ?? 'minor';
    const out: Wk4Centre = {
      id: slug(c.name),
      name: c.name,
      hex: at(c.at),
      kind,
      port: c.port ?? c.home === 'port',
      value: c.value ?? (kind === 'major' ? 5 : 1),
      manpower: c.manpower ?? (kind === 'major' ? 4 : 1),
      owner: c.owner ?? null,
      home: c.home ?? null,
      source: c.source ?? (c.home ? 'rules' : 'ours'),
    };
    if (c.note) out.note = c.note;
    return out;
  });
  const rivers: Wk4Chain[] = spec.rivers.map((rv) => {
    const hexes: HexId[] = [];
    rv.via.forEach((p, i) => {
      if (i === 0) return;
      const line = hexLine(offsetToAxial(...rv.via[i - 1]), offsetToAxial(...p)).map(idOf);
      for (const h of line) if (hexes[hexes.length - 1] !== h) hexes.push(h);
    });
    return { id: slug(rv.name), name: rv.name, hexes, source: 'ours' };
  });
  const byName = new Map(centres.map((c) => [c.name, c.hex]));
  const roads: Wk4Chain[] = spec.roads.map((rd) => {
    const hexes: HexId[] = [];
    rd.via.forEach((name, i) => {
      if (i === 0) return;
      const from = byName.get(rd.via[i - 1]);
      const to = byName.get(name);
      if (!from || !to) throw new Error(`road ${rd.name}: unknown centre ${rd.via[i - 1]} or ${name}`);
      const p = cheapestHexPath(from, to, {
        cost: (_a, b) => {
          const t = terrainAt(b);
          return t === undefined || t === 'sea' ? null : ROAD_COST[t];
        },
      });
      if (!p) throw new Error(`road ${rd.name}: no land path ${rd.via[i - 1]} → ${name}`);
      for (const h of p.path) if (hexes[hexes.length - 1] !== h) hexes.push(h);
    });
    // A road that doubles back on itself is cut at the first repeat.
    const seen = new Set<HexId>();
    const clean: HexId[] = [];
    for (const h of hexes) {
      if (seen.has(h)) break;
      seen.add(h);
      clean.push(h);
    }
    return { id: slug(rd.name), name: rd.name, hexes: clean, source: 'ours' };
  });
  const labels: Wk4Label[] = spec.labels.map((l) => ({ name: l.name, hex: at(l.at), kind: l.kind }));
  return {
    _source: spec.source,
    _notes: spec.notes,
    id: spec.id,
    name: spec.name,
    orientation: 'pointy',
    width,
    height,
    terrain: spec.terrain,
    territoryKey: spec.territoryKey,
    territory: spec.territory,
    nations: spec.nations,
    beaches: spec.beaches.map(at),
    centres,
    rivers,
    roads,
    labels,
    expect: spec.expect,
  };
}

// ---- The small map: 16 × 12 hexes for 2-4 nations ----

const SMALL: MapSpec = {
  id: 'small',
  name: 'Warrior Kings IV: the Silvan Marches (small map)',
  source:
    'ours: the rules have no map. Nation, home city and home port names, Silvandros (a major centre with 12 manpower), ' +
    'terrain kinds and the supply-centre kinds are from the rules text; the layout, the other names, values and manpower are ours.',
  notes: [
    'A 16 x 12 pointy-top hex map (odd rows shoved right) for 2-4 nations: Capetan, Corona, Almagora and Masovia.',
    'Home cities and ports are major centres (2 VP); with Silvandros that makes 9 majors. Minors are 1 VP.',
    'Masovia is landlocked, as in the rules table (two home cities, no port).',
    'Terrain rows: . clear, d desert, f forest, m mountain, s swamp, ~ sea. Territory rows: a nation letter or . for unowned land.',
  ],
  terrain: [
    '~~~~~..fff...mm.',
    '~~~~..ffff...mm.',
    '~~~.....f.....m.',
    '~~~.......ss....',
    '~~~~.....sss..ff',
    '~~~.....mm....ff',
    '~~~~....m.......',
    '~~~..ff.....ddd.',
    '~~~~.ff....dddd.',
    '~~~~~.....dd....',
    '~~~~~~~....~~...',
    '~~~~~~~~~~~~~~~~',
  ],
  territoryKey: { A: 'almagora', C: 'capetan', R: 'corona', M: 'masovia' },
  territory: [
    '~~~~~CCCC..MMMMM',
    '~~~~CCCCC..MMMMM',
    '~~~CCCCC...MMMMM',
    '~~~CCCC.....MMMM',
    '~~~~CC......MMMM',
    '~~~........MMMMM',
    '~~~~RR..........',
    '~~~RRRR.........',
    '~~~~RRRR.AAAA...',
    '~~~~~RR.AAAAA...',
    '~~~~~~~.AAA~~...',
    '~~~~~~~~~~~~~~~~',
  ],
  nations: ['almagora', 'capetan', 'corona', 'masovia'],
  beaches: [
    [5, 0],
    [4, 4],
    [3, 5],
    [5, 9],
    [7, 10],
    [14, 10],
  ],
  centres: [
    { name: 'Valois', at: [6, 2], kind: 'major', owner: 'capetan', home: 'city', value: 6, manpower: 6 },
    { name: 'Terrebon', at: [4, 1], kind: 'major', owner: 'capetan', home: 'port', value: 5, manpower: 4 },
    { name: 'Corona', at: [7, 8], kind: 'major', owner: 'corona', home: 'city', value: 6, manpower: 6 },
    { name: 'San Pedro', at: [3, 7], kind: 'major', owner: 'corona', home: 'port', value: 5, manpower: 4 },
    { name: 'Almagora', at: [10, 8], kind: 'major', owner: 'almagora', home: 'city', value: 6, manpower: 6 },
    { name: 'Barca', at: [9, 10], kind: 'major', owner: 'almagora', home: 'port', value: 5, manpower: 4 },
    { name: 'Varsav', at: [13, 2], kind: 'major', owner: 'masovia', home: 'city', value: 6, manpower: 6 },
    { name: 'Karsk', at: [13, 5], kind: 'major', owner: 'masovia', home: 'city', value: 5, manpower: 5 },
    {
      name: 'Silvandros',
      at: [7, 4],
      kind: 'major',
      value: 8,
      manpower: 12,
      source: 'rules',
      note: 'The City Militia: "Silvandros which can raise 12 militia units"; placed in the middle and unowned by us.',
    },
    { name: 'Lorance', at: [7, 0], owner: 'capetan' },
    { name: 'Orlay', at: [5, 3], owner: 'capetan', value: 2, manpower: 2 },
    { name: 'Bellac', at: [3, 3], owner: 'capetan', port: true, value: 2 },
    { name: 'Valdera', at: [4, 6], owner: 'corona', value: 2, manpower: 2 },
    { name: 'Puerto Sol', at: [6, 9], owner: 'corona', port: true, value: 2 },
    { name: 'Hadrum', at: [11, 9], owner: 'almagora', port: true, value: 2 },
    { name: 'Zama', at: [12, 9], owner: 'almagora', value: 2, manpower: 2 },
    { name: 'Plotsk', at: [12, 0], owner: 'masovia', value: 2, manpower: 2 },
    { name: 'Bialy', at: [12, 4], owner: 'masovia' },
    { name: 'Lodz', at: [15, 3], owner: 'masovia' },
    { name: 'Ashford', at: [9, 1] },
    { name: 'Fenmoor', at: [10, 3] },
    { name: 'Kharn', at: [8, 6], manpower: 2 },
    { name: 'Dunmere', at: [11, 6], value: 2, manpower: 2 },
    { name: 'Qasr', at: [14, 8] },
    { name: 'Tellmar', at: [13, 10], port: true, value: 2 },
    { name: 'Ravine', at: [15, 5] },
    { name: 'Midvale', at: [6, 5], value: 2, manpower: 2 },
    { name: 'Harrow', at: [10, 7] },
  ],
  rivers: [
    {
      name: 'Silvan',
      via: [
        [10, 1],
        [8, 3],
        [7, 6],
        [7, 7],
        [8, 10],
      ],
    },
  ],
  roads: [
    { name: 'West Road', via: ['Terrebon', 'Valois', 'Silvandros', 'Karsk', 'Varsav'] },
    { name: 'South Road', via: ['San Pedro', 'Corona', 'Almagora', 'Barca'] },
    { name: 'Silvan Way', via: ['Silvandros', 'Midvale', 'Corona'] },
  ],
  labels: [
    { name: 'Western Ocean', at: [1, 5], kind: 'sea' },
    { name: 'Southern Sea', at: [8, 11], kind: 'sea' },
  ],
  expect: null,
};

/** JSON with short arrays and objects on one line (data files are not run through Prettier). */
function pretty(v: unknown, indent: string): string {
  const flat = JSON.stringify(v);
  if (typeof v !== 'object' || v === null || flat.length + indent.length <= 130) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + pretty(x, inner)).join(',\n')}\n${indent}]`;
  const rows = Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pretty(x, inner)}`);
  return `{\n${rows.join(',\n')}\n${indent}}`;
}

function write(spec: MapSpec, file: string): void {
  const json = build(spec);
  const map = loadWk4Map(json); // refuse to write a map the loader would reject
  fs.writeFileSync(new URL(`../../data/wk4/${file}`, import.meta.url), `${pretty(json, '')}\n`);
  console.log(`${file}: ${map.hexIds().length} hexes, ${map.majors().length} major + ${map.minors().length} minor centres`);
}

const which = process.argv[2];
if (!which || which === 'small') write(SMALL, 'map-small.json');
if (!which || which === 'full') write(fullSpec(), 'map.json');
