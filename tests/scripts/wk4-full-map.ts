// The full Warrior Kings IV map spec (11 nations, 23 major + 110 minor
// centres), drawn by wk4-make-map.ts. The homes are placed by hand; the
// coastline, terrain patches, minor centres, rivers and beaches come from a
// seeded generator (seedrandom, fixed seed) so the result is the same on
// every run. All of it is ours: the rules text has no map.
import seedrandom from 'seedrandom';
import { cheapestHexPath, hexDistance, idOf, offsetToAxial, parseHexId, axialToOffset, type HexId } from '../../src/engine/hex.ts';
import type { NationId } from '../../src/games/wk4/nations.ts';
import type { CentreSpec, CR, MapSpec } from './wk4-make-map.ts';

const W = 44;
const H = 32;
const SEED = 'warrior-kings-iv/map/1';

type T = '.' | 'd' | 'f' | 'm' | 's' | '~';

/** Where each nation's homes stand (col, row), and its letter in the territory rows. */
const HOME_SPOTS: { nation: NationId; letter: string; city: [string, CR][]; port: [string, CR][] }[] = [
  { nation: 'jormundgaard', letter: 'J', city: [['Jormundar', [9, 6]]], port: [['Ruthern', [5, 4]]] },
  { nation: 'dwaffenreik', letter: 'D', city: [['Alesund', [20, 6]]], port: [['Trondheim', [16, 3]]] },
  { nation: 'kalmar', letter: 'K', city: [['Thormodh', [30, 6]]], port: [['Kalmar', [34, 3]]] },
  { nation: 'feiland', letter: 'F', city: [['Berthierville', [9, 12]]], port: [['Aacheen', [3, 10]]] },
  { nation: 'capetan', letter: 'C', city: [['Valois', [10, 18]]], port: [['Terrebon', [3, 17]]] },
  { nation: 'corona', letter: 'R', city: [['Corona', [11, 24]]], port: [['San Pedro', [5, 25]]] },
  { nation: 'magarhita', letter: 'G', city: [['Magarhita', [20, 25]]], port: [['Las Flores', [16, 28]]] },
  { nation: 'almagora', letter: 'A', city: [['Almagora', [29, 25]]], port: [['Barca', [27, 29]]] },
  { nation: 'draakheeri', letter: 'E', city: [['Draakheeros', [37, 18]]], port: [['Mourngar', [41, 13]]] },
  {
    nation: 'masovia',
    letter: 'M',
    city: [
      ['Varsav', [31, 11]],
      ['Karsk', [26, 13]],
    ],
    port: [],
  },
  {
    nation: 'nazeria',
    letter: 'N',
    city: [
      ['Kalaach', [30, 19]],
      ['Nergal', [34, 22]],
    ],
    port: [],
  },
];
const SILVANDROS: CR = [20, 16];

/** Minor-centre names: a pool per nation (its own five first, the rest for unowned centres nearby), then a common pool. */
const NAMES: Record<NationId, string[]> = {
  jormundgaard: ['Aesgaard', 'Crystal Palace', 'Stielstand', 'Semargl', 'Oceano', 'Ulfheim', 'Valgrind', 'Skeggja', 'Hrimfell'],
  dwaffenreik: ['Eisenholm', 'Grimmstein', 'Kohlberg', 'Tiefenwald', 'Erzheim', 'Hammerfell', 'Griffenhorst', 'Steinbruck', 'Amboss'],
  kalmar: ['Vaxholm', 'Soderby', 'Ystad', 'Visby', 'Norrkop', 'Falsterbo', 'Hjalmar', 'Gotaby', 'Ekesund'],
  feiland: ['Sorel', 'Lachine', 'Beaupre', 'Trois-Rives', 'Gaspe', 'Levis', 'Rimouski', 'Chambly', 'Tadoussac'],
  capetan: ['Orlay', 'Bellac', 'Montclair', 'Saint-Aubin', 'Rochefort', 'Vaucelles', 'Chanteloup', 'Aurillac', 'Lisle'],
  corona: ['Valdera', 'Puerto Sol', 'Alcazar', 'Santa Ines', 'Toralba', 'Mirador', 'Castrojeriz', 'Almena', 'Baeza'],
  magarhita: ['Santa Rita', 'Villa Rosa', 'Aguas Verdes', 'Montejo', 'El Paso', 'San Telmo', 'Marbella', 'Cordoba Vieja', 'Ronda'],
  almagora: ['Utica', 'Hadrumet', 'Zama', 'Thapsa', 'Leptis', 'Sabratha', 'Thugga', 'Hippo', 'Cirta'],
  draakheeri: ['Dis', 'Ryn', 'Luonator', 'Kaalin', 'Elyrion', 'Tiranoc', 'Cultheeros', 'Naggaroth', 'Drakmoor'],
  masovia: ['Thrudvang', 'Wolgast', 'Mogador', 'Ordensburg', 'Kish', 'Berengaria', 'Bog-a-hat', 'Og Agog', 'Haradsweald', 'Nerthus'],
  nazeria: ['Ur-Sagg', 'Ninsar', 'Tell Baruk', 'Assuran', 'Eridun', 'Khorsab', 'Lagash', 'Umma', 'Sippar'],
};
const COMMON = [
  'Krak Svedora',
  'Keris',
  'Kronos',
  'Voystroya',
  'Gargyln',
  'Formoria',
  'Greywater',
  'Thornbury',
  'Ashford',
  'Fenmoor',
  'Kharn',
  'Dunmere',
  'Highmoor',
  'Silverbrook',
  'Ravensgate',
  'Oldcastle',
  'Westerholt',
  'Marrowdale',
  'Blackwater',
  'Stonebridge',
];

const px = ([c, r]: CR): [number, number] => [(c + 0.5 * (r & 1)) * Math.sqrt(3), r * 1.5];
const idAt = (cr: CR): HexId => idOf(offsetToAxial(cr[0], cr[1]));
const crOf = (id: HexId): CR => {
  const o = axialToOffset(parseHexId(id));
  return [o.col, o.row];
};
const dist = (a: CR, b: CR): number => hexDistance(offsetToAxial(a[0], a[1]), offsetToAxial(b[0], b[1]));

/** Smooth value noise in [0,1) on a coarse lattice (cell = `cell` hexes). */
function noise(rng: () => number, cell: number): (c: number, r: number) => number {
  const gw = Math.ceil(W / cell) + 2;
  const gh = Math.ceil(H / cell) + 2;
  const g = Array.from({ length: gw * gh }, () => rng());
  const at = (x: number, y: number) => g[(((y % gh) + gh) % gh) * gw + (((x % gw) + gw) % gw)];
  return (c, r) => {
    const x = c / cell;
    const y = r / cell;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const s = (t: number) => t * t * (3 - 2 * t);
    const a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * s(fx);
    const b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * s(fx);
    return a + (b - a) * s(fy);
  };
}

export function fullSpec(): MapSpec {
  const rng = seedrandom(SEED);
  const HOMES = HOME_SPOTS.map((h) => ({ ...h, port: [...h.port] }));
  const coastNoise = noise(rng, 3);
  const patchNoise = noise(rng, 2);
  const grid: T[][] = Array.from({ length: H }, () => Array.from({ length: W }, () => '~' as T));
  const cells: CR[] = [];
  for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) cells.push([c, r]);

  // ---- Land: a rough oval continent, bays carved, a few islands ----
  const [cx, cy] = px([21.5, 15.5]);
  const BAYS: [CR, number][] = [
    [[4, 14], 2.6], // Bay of Terrebon, between Feiland and Capetan
    [[13, 31], 3.6], // Gulf of Flores, between Corona and Magarhita
    [[12, 1], 3], // Jormund Fjord
    [[25, 1], 2.6], // Dwaffen Sound
    [[43, 21], 3], // Draak Bight
  ];
  const ISLANDS: [CR, number][] = [
    [[40, 29], 1.6], // Keris
    [[1, 30], 1.2], // Kronos
    [[42, 4], 1.3], // Voystroya
  ];
  for (const cr of cells) {
    const [x, y] = px(cr);
    const d = ((x - cx) / 36) ** 2 + ((y - cy) / 22.5) ** 2;
    let land = d + (coastNoise(cr[0], cr[1]) - 0.5) * 0.6 < 0.9;
    for (const [b, rad] of BAYS) if (dist(cr, b) + (coastNoise(cr[0] + 7, cr[1]) - 0.5) * 1.5 < rad) land = false;
    for (const [b, rad] of ISLANDS) if (dist(cr, b) < rad) land = true;
    if (cr[0] === 0 || cr[1] === 0 || cr[0] === W - 1 || cr[1] === H - 1) land = land && ISLANDS.some(([b, rad]) => dist(cr, b) < rad);
    grid[cr[1]][cr[0]] = land ? '.' : '~';
  }
  const isSea = (cr: CR) => grid[cr[1]]?.[cr[0]] === '~' || grid[cr[1]]?.[cr[0]] === undefined;
  const nbrs = (cr: CR): CR[] => {
    const h = offsetToAxial(cr[0], cr[1]);
    return [
      [1, 0],
      [1, -1],
      [0, -1],
      [-1, 0],
      [-1, 1],
      [0, 1],
    ]
      .map(([dq, dr]) => axialToOffset({ q: h.q + dq, r: h.r + dr }))
      .filter((o) => o.col >= 0 && o.row >= 0 && o.col < W && o.row < H)
      .map((o) => [o.col, o.row] as CR);
  };
  const coastal = (cr: CR) => !isSea(cr) && nbrs(cr).some(isSea);
  // Tidy the coast: drop stray specks of land (not the named islands), fill little lakes.
  const components = (land: boolean): CR[][] => {
    const seen = new Set<string>();
    const out: CR[][] = [];
    for (const start of cells) {
      if (isSea(start) === land || seen.has(idAt(start))) continue;
      const comp = [start];
      seen.add(idAt(start));
      for (let k = 0; k < comp.length; k++)
        for (const nb of nbrs(comp[k]))
          if (isSea(nb) !== land && !seen.has(idAt(nb))) {
            seen.add(idAt(nb));
            comp.push(nb);
          }
      out.push(comp);
    }
    return out;
  };
  for (const comp of components(true))
    if (comp.length < 8 && !comp.some((cr) => ISLANDS.some(([b, rad]) => dist(cr, b) < rad)))
      for (const cr of comp) grid[cr[1]][cr[0]] = '~';
  for (const comp of components(false)) if (comp.length < 5) for (const cr of comp) grid[cr[1]][cr[0]] = '.';
  const main = components(true).sort((a, b) => b.length - a.length)[0];
  const onMain = new Set(main.map(idAt));
  // Home ports snap to the nearest coast of the mainland; home cities stand on land.
  for (const h of HOMES) {
    h.port = h.port.map(([name, cr]) => {
      const best = main.filter(coastal).sort((a, b) => dist(a, cr) - dist(b, cr) || a[1] - b[1] || a[0] - b[0])[0];
      return [name, best];
    });
    for (const [name, cr] of h.city) {
      if (!onMain.has(idAt(cr))) throw new Error(`${name} is not on the mainland`);
      if ((h.nation === 'masovia' || h.nation === 'nazeria') && coastal(cr)) throw new Error(`${name} must not touch the sea`);
    }
  }

  // ---- Home territory: nearest home within 5 hexes; Masovia and Nazeria kept off the coast ----
  const seeds = HOMES.flatMap((h) => [...h.city, ...h.port].map(([, cr]) => ({ nation: h.nation, letter: h.letter, cr })));
  const terr: string[][] = Array.from({ length: H }, () => Array.from({ length: W }, () => '.'));
  for (const cr of cells) {
    if (isSea(cr)) {
      terr[cr[1]][cr[0]] = '~';
      continue;
    }
    let best: (typeof seeds)[number] | null = null;
    let bd = Infinity;
    for (const s of seeds) {
      const d = dist(cr, s.cr) + (patchNoise(cr[0] + 30, cr[1]) - 0.5) * 1.2;
      if (d < bd) {
        bd = d;
        best = s;
      }
    }
    if (best && bd <= 3.8 && dist(cr, SILVANDROS) > 3) {
      const inland = best.nation === 'masovia' || best.nation === 'nazeria';
      if (!(inland && coastal(cr))) terr[cr[1]][cr[0]] = best.letter;
    }
  }

  // ---- Terrain: ranges, woods, marshes, deserts ----
  const set = (cr: CR, t: T) => {
    if (!isSea(cr)) grid[cr[1]][cr[0]] = t;
  };
  const blob = (centre: CR, rad: number, t: T, salt: number) => {
    for (const cr of cells) if (dist(cr, centre) <= rad * (0.7 + 0.6 * patchNoise(cr[0] + salt, cr[1] + salt))) set(cr, t);
  };
  const ridge = (pts: CR[], t: T, salt: number) => {
    for (let i = 1; i < pts.length; i++) {
      const a = offsetToAxial(...pts[i - 1]);
      const b = offsetToAxial(...pts[i]);
      const n = hexDistance(a, b);
      for (let k = 0; k <= n; k++) {
        const q = Math.round(a.q + ((b.q - a.q) * k) / n);
        const r = Math.round(a.r + ((b.r - a.r) * k) / n);
        const cr = crOf(idOf({ q, r }));
        set(cr, t);
        for (const nb of nbrs(cr)) if (patchNoise(nb[0] + salt, nb[1]) > 0.62) set(nb, t);
      }
    }
  };
  blob([33, 23], 4.5, 'd', 11); // Nazerian desert
  blob([26, 27], 2.2, 'd', 13); // Almagoran dunes
  blob([20, 16], 3.4, 'f', 17); // Silvan Wood
  blob([7, 8], 2, 'f', 19);
  blob([28, 4], 2, 'f', 23);
  blob([8, 14], 1.8, 'f', 29);
  blob([14, 22], 1.6, 'f', 31);
  blob([38, 10], 1.6, 'f', 37);
  blob([24, 21], 1.5, 'f', 41);
  blob([28, 15], 1.8, 's', 43); // Masovian marshes
  blob([6, 21], 1.3, 's', 47);
  blob([23, 29], 1.2, 's', 53);
  ridge(
    [
      [13, 9],
      [17, 8],
      [23, 8],
      [25, 6],
    ],
    'm',
    3,
  ); // Dwaffen Mountains
  ridge(
    [
      [14, 12],
      [15, 15],
      [14, 20],
    ],
    'm',
    5,
  ); // the Spine
  ridge(
    [
      [35, 14],
      [35, 17],
      [36, 20],
    ],
    'm',
    7,
  ); // Draak Peaks
  ridge(
    [
      [23, 23],
      [24, 27],
    ],
    'm',
    9,
  ); // Magar Hills
  ridge(
    [
      [8, 28],
      [10, 29],
    ],
    'm',
    13,
  );
  // Homes and Silvandros stand on open ground.
  for (const h of HOMES) for (const [, cr] of [...h.city, ...h.port]) grid[cr[1]][cr[0]] = '.';
  grid[SILVANDROS[1]][SILVANDROS[0]] = '.';

  if (process.env.WK4_DUMP) console.log(grid.map((r, j) => `${r.join('')}  ${terr[j].join('')}`).join('\n'));

  // ---- Supply centres ----
  const centres: CentreSpec[] = [];
  const taken: CR[] = [];
  for (const h of HOMES) {
    for (const [name, cr] of h.city) {
      centres.push({ name, at: cr, kind: 'major', owner: h.nation, home: 'city', value: 8, manpower: 8 });
      taken.push(cr);
    }
    for (const [name, cr] of h.port) {
      centres.push({ name, at: cr, kind: 'major', owner: h.nation, home: 'port', value: 6, manpower: 6 });
      taken.push(cr);
    }
  }
  centres.push({
    name: 'Silvandros',
    at: SILVANDROS,
    kind: 'major',
    value: 10,
    manpower: 12,
    source: 'rules',
    note: 'The City Militia: "Silvandros which can raise 12 militia units". Its place, in the middle and unowned, is ours.',
  });
  taken.push(SILVANDROS);
  const used = new Set<string>();
  const pools = Object.fromEntries(Object.entries(NAMES).map(([k, v]) => [k, [...v]])) as Record<NationId, string[]>;
  const common = [...COMMON];
  const nearestNation = (cr: CR): NationId => seeds.reduce((b, s) => (dist(cr, s.cr) < dist(cr, b.cr) ? s : b), seeds[0]).nation;
  const nameFor = (nation: NationId): string => {
    const n =
      pools[nation].shift() ??
      common.shift() ??
      Object.values(pools)
        .find((p) => p.length)
        ?.shift();
    if (!n || used.has(n)) throw new Error('out of names');
    used.add(n);
    return n;
  };
  /** Farthest-point placement: the candidate farthest from every centre so far (rough ground a little less welcome). */
  const place = (cands: CR[], count: number, owner: NationId | null) => {
    const rough = (cr: CR) => (grid[cr[1]][cr[0]] === 'm' || grid[cr[1]][cr[0]] === 's' ? 0.7 : 0);
    const jitter = new Map(cands.map((cr) => [idAt(cr), rng() * 0.4]));
    for (let i = 0; i < count; i++) {
      let best: CR | null = null;
      let bs = -Infinity;
      for (const cr of cands) {
        if (taken.some((t) => t[0] === cr[0] && t[1] === cr[1])) continue;
        const d = Math.min(...taken.map((t) => dist(cr, t)));
        if (d < 2) continue;
        const score = Math.min(d, 4) - rough(cr) + jitter.get(idAt(cr))! + (coastal(cr) ? 0.3 : 0);
        if (score > bs) {
          bs = score;
          best = cr;
        }
      }
      if (!best) throw new Error(`no room for a centre (${owner ?? 'unowned'}, ${i} of ${count}); WK4_DUMP=1 prints the grid`);
      taken.push(best);
      const nation = owner ?? nearestNation(best);
      const port = coastal(best) && rng() < 0.55;
      const v = rng();
      const value = port ? (v < 0.5 ? 2 : 3) : v < 0.55 ? 1 : v < 0.88 ? 2 : 3;
      centres.push({ name: nameFor(nation), at: best, owner, port, value, manpower: value >= 2 && rng() < 0.6 ? 2 : 1 });
    }
  };
  for (const h of HOMES) {
    place(
      cells.filter((cr) => terr[cr[1]][cr[0]] === h.letter),
      5,
      h.nation,
    );
  }
  const neutralLand = cells.filter((cr) => !isSea(cr) && terr[cr[1]][cr[0]] === '.');
  // Each island first gets one port, then the rest spreads over unowned land.
  for (const [b, rad] of ISLANDS)
    place(
      neutralLand.filter((cr) => dist(cr, b) < rad),
      1,
      null,
    );
  place(neutralLand, 55 - ISLANDS.length, null);

  // ---- Rivers: source to a coastal mouth over open ground ----
  const terrAt = (id: HexId): T | undefined => {
    const [c, r] = crOf(id);
    return grid[r]?.[c];
  };
  const RIVER_COST: Partial<Record<T, number>> = { '.': 1, d: 1, f: 1.5, s: 1 };
  const river = (name: string, from: CR, mouthNear: CR): { name: string; via: CR[] } => {
    const mouths = cells.filter((cr) => coastal(cr) && grid[cr[1]][cr[0]] !== 'm').sort((a, b) => dist(a, mouthNear) - dist(b, mouthNear));
    for (const mouth of mouths.slice(0, 12)) {
      const p = cheapestHexPath(idAt(from), idAt(mouth), {
        cost: (_a, b) => {
          const t = terrAt(b);
          if (t === undefined || t === '~' || t === 'm') return null;
          return (RIVER_COST[t] ?? 1) + (coastal(crOf(b)) && b !== idAt(mouth) ? 3 : 0);
        },
      });
      if (p) return { name, via: p.path.map(crOf) };
    }
    throw new Error(`river ${name}: no course`);
  };
  const rivers = [
    river('Silvan', [19, 14], [4, 15]),
    river('Flores', [20, 20], [14, 28]),
    river('Nazer', [30, 16], [31, 29]),
    river('Varta', [30, 10], [36, 2]),
    river('Jorm', [12, 7], [10, 2]),
    river('Draak', [33, 18], [42, 18]),
    river('Capet', [11, 15], [3, 20]),
  ];

  // ---- Beaches: about a third of the open coast that has no centre ----
  const beaches: CR[] = [];
  for (const cr of cells) {
    if (!coastal(cr) || taken.some((t) => t[0] === cr[0] && t[1] === cr[1])) continue;
    const t = grid[cr[1]][cr[0]];
    if ((t === '.' || t === 'd') && rng() < 0.33) beaches.push(cr);
  }

  const roads = [
    { name: 'Kings Road', via: ['Terrebon', 'Valois', 'Silvandros', 'Karsk', 'Varsav', 'Thormodh', 'Kalmar'] },
    { name: 'Northern Road', via: ['Ruthern', 'Jormundar', 'Alesund', 'Trondheim'] },
    { name: 'Alesund Road', via: ['Alesund', 'Silvandros'] },
    { name: 'Feiland Road', via: ['Aacheen', 'Berthierville', 'Valois'] },
    { name: 'Southern Road', via: ['San Pedro', 'Corona', 'Magarhita', 'Almagora', 'Barca'] },
    { name: 'Flores Road', via: ['Las Flores', 'Magarhita', 'Silvandros'] },
    { name: 'Corona Road', via: ['Corona', 'Valois'] },
    { name: 'Desert Road', via: ['Almagora', 'Kalaach', 'Karsk'] },
    { name: 'Draak Road', via: ['Mourngar', 'Draakheeros', 'Nergal', 'Kalaach', 'Silvandros'] },
    { name: 'Masovian Road', via: ['Varsav', 'Mourngar'] },
  ];

  return {
    id: 'full',
    name: 'Warrior Kings IV',
    source:
      'ours: the rules text has no map. From the text: the eleven nations, their home cities and ports (Deployment table), ' +
      'Silvandros as a major centre with 12 manpower (The City Militia), 23 major and 110 minor centres (Objectives & Victory), ' +
      'the terrain kinds (Side Limits, Attrition), rivers, roads, beaches and ports. From the facts file (an earlier campaign ' +
      'in the same world): the Draakheeri, Masovian and Jormundar town names. Everything else, and every place, is ours.',
    notes: [
      `A ${W} x ${H} pointy-top hex map (odd rows shoved right), drawn by tests/scripts/wk4-make-map.ts with seed '${SEED}'.`,
      'Home cities and ports are the 22 major centres besides Silvandros (22 + 1 = 23, as the text counts them). ' +
        'Home cities value 8 and manpower 8, home ports 6 and 6, Silvandros 10 and 12 (ours; the text gives only 12 for Silvandros).',
      'Each nation starts with its homes and five minor centres in its home territory (55 owned minors); 55 minors are unowned.',
      'Minor centres value 1-3 (taxes and winter quarters) and manpower 1-2 ("most cities have 1 or 2 MP").',
      'Masovia and Nazeria are landlocked (the table gives them no port); their territory never touches the sea.',
      'Terrain rows: . clear, d desert, f forest, m mountain, s swamp, ~ sea. ' +
        'Territory rows: the nation letters of territoryKey, . unowned.',
    ],
    terrain: grid.map((row) => row.join('')),
    territoryKey: Object.fromEntries(HOMES.map((h) => [h.letter, h.nation])),
    territory: terr.map((row) => row.join('')),
    nations: HOMES.map((h) => h.nation),
    beaches,
    centres,
    rivers,
    roads,
    labels: [
      { name: 'Northern Ocean', at: [30, 0], kind: 'sea' },
      { name: 'Western Ocean', at: [3, 23], kind: 'sea' },
      { name: 'Southern Sea', at: [34, 31], kind: 'sea' },
      { name: 'Eastern Sea', at: [42, 26], kind: 'sea' },
      { name: 'Bay of Terrebon', at: [3, 14], kind: 'sea' },
      { name: 'Gulf of Flores', at: [13, 30], kind: 'sea' },
      { name: 'Jormund Fjord', at: [12, 1], kind: 'sea' },
      { name: 'Silvan Wood', at: [21, 18], kind: 'region' },
      { name: 'Dwaffen Mountains', at: [18, 9], kind: 'region' },
      { name: 'Nazerian Desert', at: [33, 25], kind: 'region' },
      { name: 'the Spine', at: [15, 17], kind: 'region' },
      { name: 'Draak Peaks', at: [35, 15], kind: 'region' },
      { name: 'Masovian Marshes', at: [28, 16], kind: 'region' },
    ],
    expect: { major: 23, minor: 110 },
  };
}
