// The Warrior Kings IV map: loader (zod shape, then cross-checks so the rules
// can trust every id) and the typed queries the rules ask of the geography —
// terrain, neighbours, hexside features, side limits (Movement: "Land
// Movement Side Limits", Roads, Rivers, Sea Movement), ports and beaches,
// supply centres and each nation's homes and home territory.
import { hexDistance, hexsideKey, hexId, isAdjacent, neighbourIds, offsetToAxial, parseHexId, type HexId } from '../../engine/hex.ts';
import { readMapFile } from './maps/data.ts';
import { NATIONS, type NationId } from './nations.ts';
import { TERRAIN_CHARS, Wk4MapSchema, type Terrain, type Wk4Centre, type Wk4Chain, type Wk4Label, type Wk4MapFile } from './map-schema.ts';

export * from './map-schema.ts';
export type { HexId } from '../../engine/hex.ts';

export interface Wk4Hex {
  id: HexId;
  q: number;
  r: number;
  /** Offset column and row in the file's rectangle. */
  col: number;
  row: number;
  terrain: Terrain;
  /** The nation whose home territory this is, or null. */
  nation: NationId | null;
  beach: boolean;
  centre: Wk4Centre | null;
  /** Ids of the rivers and roads through this hex. */
  rivers: string[];
  roads: string[];
}

/** What lies along one hexside. */
export interface Wk4Hexside {
  key: string;
  a: HexId;
  b: HexId;
  /** The river running from a to b along this side (both river hexes, consecutive on it), or null. */
  river: string | null;
  road: string | null;
  /** Every river and road along this side (roads may share a stretch); `river`/`road` is the first of each. */
  rivers: string[];
  roads: string[];
  /** Land on one side, sea on the other. */
  coast: boolean;
  /** A coast side whose land hex is a beach / a port: where ships land and embark. */
  beach: boolean;
  portAccess: boolean;
}

export interface MoveOptions {
  /** Winter: roads and rivers have no effect (Roads; Rivers). */
  winter?: boolean;
  /** An assault: a beach hex entered takes 4 battle groups (Side Limits: "Beach: 4 (only during an assault)"). */
  assault?: boolean;
}

/** Land Movement Side Limits: battle groups per player or alliance per side per turn, by the terrain moved into. */
export const SIDE_LIMITS: Readonly<Record<Exclude<Terrain, 'sea'>, number>> = { clear: 9, desert: 9, forest: 3, mountain: 1, swamp: 1 };
export const BEACH_ASSAULT_LIMIT = 4;
/** ARMIES crossing into Mountains or Swamps must stop all movement. */
export const STOP_TERRAIN: readonly Terrain[] = ['mountain', 'swamp'];
/** VP per centre (Objectives & Victory: major 2, minor 1); AP per centre at the end of Winter (major 5, minor 1). */
export const CENTRE_VP = { major: 2, minor: 1 } as const;
export const CENTRE_AP = { major: 5, minor: 1 } as const;

export class Wk4Map {
  readonly id: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly nations: readonly NationId[];
  readonly centres: readonly Wk4Centre[];
  readonly rivers: readonly Wk4Chain[];
  readonly roads: readonly Wk4Chain[];
  readonly labels: readonly Wk4Label[];
  private readonly byId = new Map<HexId, Wk4Hex>();
  private readonly sides = new Map<string, Wk4Hexside>();
  private readonly centreById = new Map<string, Wk4Centre>();
  private readonly nbrs = new Map<HexId, HexId[]>();
  private readonly landNbrs = new Map<HexId, HexId[]>();
  private readonly seaNbrs = new Map<HexId, HexId[]>();
  private readonly hexList: Wk4Hex[];
  private readonly territory = new Map<NationId, HexId[]>();

  constructor(readonly file: Wk4MapFile) {
    this.id = file.id;
    this.name = file.name;
    this.width = file.width;
    this.height = file.height;
    this.nations = file.nations;
    this.centres = file.centres;
    this.rivers = file.rivers;
    this.roads = file.roads;
    this.labels = file.labels;
    const beaches = new Set(file.beaches);
    const centreAt = new Map(file.centres.map((c) => [c.hex, c]));
    for (let row = 0; row < file.height; row++) {
      for (let col = 0; col < file.width; col++) {
        const { q, r } = offsetToAxial(col, row);
        const id = hexId(q, r);
        const t = file.territory[row]?.[col] ?? '.';
        this.byId.set(id, {
          id,
          q,
          r,
          col,
          row,
          terrain: TERRAIN_CHARS[file.terrain[row]?.[col] ?? '~'] ?? 'sea',
          nation: file.territoryKey[t] ?? null,
          beach: beaches.has(id),
          centre: centreAt.get(id) ?? null,
          rivers: [],
          roads: [],
        });
      }
    }
    for (const c of file.centres) this.centreById.set(c.id, c);
    this.hexList = [...this.byId.values()];
    // Neighbour lists and territories are asked for in every movement check: built once.
    for (const id of this.byId.keys()) {
      const ns = neighbourIds(id).filter((n) => this.byId.has(n));
      this.nbrs.set(id, ns);
      this.landNbrs.set(
        id,
        ns.filter((n) => this.byId.get(n)!.terrain !== 'sea'),
      );
      this.seaNbrs.set(
        id,
        ns.filter((n) => this.byId.get(n)!.terrain === 'sea'),
      );
    }
    for (const h of this.hexList) if (h.nation) this.territory.set(h.nation, [...(this.territory.get(h.nation) ?? []), h.id]);
    for (const [a, list] of this.nbrs) {
      for (const b of list) {
        if (a > b) continue;
        const ha = this.byId.get(a)!;
        const hb = this.byId.get(b)!;
        const coast = (ha.terrain === 'sea') !== (hb.terrain === 'sea');
        const land = ha.terrain === 'sea' ? hb : ha;
        this.sides.set(hexsideKey(a, b), {
          key: hexsideKey(a, b),
          a,
          b,
          river: null,
          road: null,
          rivers: [],
          roads: [],
          coast,
          beach: coast && land.beach,
          portAccess: coast && !!land.centre?.port,
        });
      }
    }
    const lay = (chains: readonly Wk4Chain[], field: 'river' | 'road', list: 'rivers' | 'roads') => {
      for (const ch of chains) {
        ch.hexes.forEach((h, i) => {
          const hex = this.byId.get(h);
          if (hex && !hex[list].includes(ch.id)) hex[list].push(ch.id);
          const next = ch.hexes[i + 1];
          if (next && isAdjacent(h, next)) {
            const side = this.sides.get(hexsideKey(h, next));
            if (side) {
              side[field] ??= ch.id;
              if (!side[list].includes(ch.id)) side[list].push(ch.id);
            }
          }
        });
      }
    };
    lay(file.rivers, 'river', 'rivers');
    lay(file.roads, 'road', 'roads');
  }

  // ---- Hexes ----

  has(id: HexId): boolean {
    return this.byId.has(id);
  }

  hex(id: HexId): Wk4Hex {
    const h = this.byId.get(id);
    if (!h) throw new Error(`wk4 map ${this.id}: no hex ${id}`);
    return h;
  }

  hexes(): Wk4Hex[] {
    return [...this.hexList];
  }

  hexIds(): HexId[] {
    return [...this.byId.keys()];
  }

  terrain(id: HexId): Terrain {
    return this.hex(id).terrain;
  }

  isSea(id: HexId): boolean {
    return this.hex(id).terrain === 'sea';
  }

  isLand(id: HexId): boolean {
    return this.has(id) && !this.isSea(id);
  }

  /** On-map neighbours (land and sea). */
  neighbours(id: HexId): HexId[] {
    return this.nbrs.get(id) ?? [];
  }

  landNeighbours(id: HexId): HexId[] {
    return this.landNbrs.get(id) ?? [];
  }

  seaNeighbours(id: HexId): HexId[] {
    return this.seaNbrs.get(id) ?? [];
  }

  isCoastal(id: HexId): boolean {
    return this.isLand(id) && this.seaNeighbours(id).length > 0;
  }

  isRiverHex(id: HexId): boolean {
    return this.hex(id).rivers.length > 0;
  }

  isRoadHex(id: HexId): boolean {
    return this.hex(id).roads.length > 0;
  }

  isBeach(id: HexId): boolean {
    return this.hex(id).beach;
  }

  /** Squares on the map are ports. */
  isPort(id: HexId): boolean {
    return !!this.hex(id).centre?.port;
  }

  /** Where a sea move may start or end (Sea Movement: "from any Port or Beach to another Port or Beach"). */
  isLanding(id: HexId): boolean {
    return this.isPort(id) || this.isBeach(id);
  }

  /** The nation whose home territory the hex is, or null. */
  territoryOf(id: HexId): NationId | null {
    return this.hex(id).nation;
  }

  // ---- Hexsides ----

  /** The side a and b share; throws if they are not on-map neighbours. */
  hexside(a: HexId, b: HexId): Wk4Hexside {
    const s = this.sides.get(hexsideKey(a, b));
    if (!s) throw new Error(`wk4 map ${this.id}: no hexside ${a}|${b}`);
    return s;
  }

  hexsides(): Wk4Hexside[] {
    return [...this.sides.values()];
  }

  /**
   * Battle groups one player (or alliance) may move from `from` into `to`
   * this turn, or null for no limit: along a road or a river out of winter
   * ("no limit ... ignores all other terrain side limitations"); otherwise
   * by the terrain entered (clear/desert 9, forest 3, mountain 1, swamp 1),
   * a beach entered in an assault 4. Sea hexes take no land move: 0.
   */
  sideLimit(from: HexId, to: HexId, opts: MoveOptions = {}): number | null {
    const side = this.hexside(from, to);
    const terrain = this.terrain(to);
    if (terrain === 'sea' || this.isSea(from)) return 0;
    if (!opts.winter && (side.road || side.river)) return null;
    if (opts.assault && this.isBeach(to)) return BEACH_ASSAULT_LIMIT;
    return SIDE_LIMITS[terrain];
  }

  /**
   * Whether an army entering `to` from `from` must stop: mountains and
   * swamps, unless it moves along a road or river out of winter (our reading:
   * they ignore "all other terrain side limitations", the stop included).
   */
  mustStop(from: HexId, to: HexId, opts: MoveOptions = {}): boolean {
    if (!STOP_TERRAIN.includes(this.terrain(to))) return false;
    const side = this.hexside(from, to);
    return opts.winter || !(side.road || side.river);
  }

  /**
   * Hexes an army in a river hex can reach along a river (Rivers: "the
   * entire length of the river at a cost of 1 AP"): along `river` if given,
   * else along each river through `start` — one river a move, so a
   * confluence does not chain two rivers together (our reading of "the river").
   */
  riverReach(start: HexId, river?: string): HexId[] {
    const ids = river ? [river] : this.hex(start).rivers;
    const out = new Set<HexId>();
    for (const id of ids) {
      const ch = this.rivers.find((r) => r.id === id);
      if (!ch || !ch.hexes.includes(start)) continue;
      for (const h of ch.hexes) if (h !== start) out.add(h);
    }
    return [...out].sort();
  }

  /**
   * Ports and beaches a ship can reach from a port or beach within `steps`
   * hexes entered (sea hexes plus the landing), with the steps each takes.
   * Ships pass only through sea hexes.
   */
  seaReach(start: HexId, steps: number): Map<HexId, number> {
    const out = new Map<HexId, number>();
    if (!this.isLand(start) || !this.isLanding(start)) return out;
    const dist = new Map<HexId, number>();
    let frontier = this.seaNeighbours(start);
    for (const s of frontier) dist.set(s, 1);
    for (let d = 1; d <= steps && frontier.length; d++) {
      const next: HexId[] = [];
      for (const s of frontier) {
        for (const n of this.neighbours(s)) {
          if (this.isSea(n)) {
            if (!dist.has(n)) {
              dist.set(n, d + 1);
              next.push(n);
            }
          } else if (n !== start && this.isLanding(n) && d + 1 <= steps && !out.has(n)) out.set(n, d + 1);
        }
      }
      frontier = next;
    }
    return out;
  }

  // ---- Supply centres ----

  centre(id: string): Wk4Centre {
    const c = this.centreById.get(id);
    if (!c) throw new Error(`wk4 map ${this.id}: no supply centre '${id}'`);
    return c;
  }

  hasCentre(id: string): boolean {
    return this.centreById.has(id);
  }

  centreAt(hex: HexId): Wk4Centre | null {
    return this.byId.get(hex)?.centre ?? null;
  }

  centreByName(name: string): Wk4Centre | null {
    const n = name.trim().toLowerCase();
    return this.centres.find((c) => c.name.toLowerCase() === n || c.id === n) ?? null;
  }

  majors(): Wk4Centre[] {
    return this.centres.filter((c) => c.kind === 'major');
  }

  minors(): Wk4Centre[] {
    return this.centres.filter((c) => c.kind === 'minor');
  }

  vpOf(c: Wk4Centre): number {
    return CENTRE_VP[c.kind];
  }

  totalVp(): number {
    return this.centres.reduce((n, c) => n + this.vpOf(c), 0);
  }

  /** Supply: a force in a centre's hex or next to it is in supply. */
  suppliedBy(hex: HexId): Wk4Centre[] {
    return [hex, ...this.neighbours(hex)].map((h) => this.centreAt(h)).filter((c): c is Wk4Centre => c !== null);
  }

  // ---- Nations ----

  homeCities(nation: NationId): Wk4Centre[] {
    return this.centres.filter((c) => c.owner === nation && c.home === 'city');
  }

  homePorts(nation: NationId): Wk4Centre[] {
    return this.centres.filter((c) => c.owner === nation && c.home === 'port');
  }

  /** Home cities and ports: where new battle groups deploy. */
  homes(nation: NationId): Wk4Centre[] {
    return this.centres.filter((c) => c.owner === nation && c.home !== null);
  }

  homeTerritory(nation: NationId): HexId[] {
    return [...(this.territory.get(nation) ?? [])];
  }

  /**
   * `k` of this map's nations whose home cities lie far apart (a campaign for
   * fewer nations than the map holds): the farthest pair first, then each
   * time the nation farthest from those chosen. Deterministic; ties go to the
   * earlier nation in the file.
   */
  spreadNations(k: number): NationId[] {
    const all = [...this.nations];
    if (k >= all.length) return all;
    if (k <= 0) return [];
    const home = (n: NationId) => this.homeCities(n)[0]?.hex ?? this.homes(n)[0].hex;
    const d = (a: NationId, b: NationId) => hexDistance(home(a), home(b));
    let pair: [NationId, NationId] = [all[0], all[1]];
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) if (d(all[i], all[j]) > d(...pair)) pair = [all[i], all[j]];
    const chosen: NationId[] = k === 1 ? [pair[0]] : [...pair];
    while (chosen.length < k) {
      const rest = all.filter((n) => !chosen.includes(n));
      const score = (n: NationId) => Math.min(...chosen.map((c) => d(n, c)));
      chosen.push(rest.reduce((best, n) => (score(n) > score(best) ? n : best), rest[0]));
    }
    return chosen;
  }

  /** Centres the nation holds at the start. */
  startingCentres(nation: NationId): Wk4Centre[] {
    return this.centres.filter((c) => c.owner === nation);
  }
}

// ---- Loading ----

const fail = (id: string, msg: string): never => {
  throw new Error(`wk4 map ${id}: ${msg}`);
};

/** Parses and cross-checks a map file; throws an Error naming the bad entry. */
export function loadWk4Map(raw: unknown): Wk4Map {
  const r = Wk4MapSchema.safeParse(raw);
  if (!r.success) {
    const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`wk4 map: ${issues.join('; ')}`);
  }
  const f = r.data;
  const id = f.id;
  // Rows.
  if (f.terrain.length !== f.height || f.territory.length !== f.height) fail(id, `terrain and territory need ${f.height} rows`);
  f.terrain.forEach((row, i) => {
    if (row.length !== f.width) fail(id, `terrain row ${i} has ${row.length} hexes, not ${f.width}`);
    for (const ch of row) if (!(ch in TERRAIN_CHARS)) fail(id, `terrain row ${i}: unknown terrain '${ch}'`);
  });
  f.territory.forEach((row, i) => {
    if (row.length !== f.width) fail(id, `territory row ${i} has ${row.length} hexes, not ${f.width}`);
    [...row].forEach((ch, col) => {
      const sea = f.terrain[i][col] === '~';
      if (sea !== (ch === '~')) fail(id, `territory row ${i} col ${col}: '~' marks sea hexes, and only them`);
      if (ch !== '~' && ch !== '.' && !f.territoryKey[ch]) fail(id, `territory row ${i}: '${ch}' is not in territoryKey`);
    });
  });
  for (const n of Object.values(f.territoryKey)) if (!f.nations.includes(n)) fail(id, `territoryKey names ${n}, not in nations`);
  const map = new Wk4Map(f);
  const land = (h: string, what: string) => {
    if (!map.has(h)) fail(id, `${what}: hex ${h} is off the map`);
    if (map.isSea(h)) fail(id, `${what}: hex ${h} is sea`);
  };
  // Beaches.
  if (new Set(f.beaches).size !== f.beaches.length) fail(id, 'a beach is listed twice');
  for (const b of f.beaches) {
    land(b, `beach ${b}`);
    if (!map.isCoastal(b)) fail(id, `beach ${b} touches no sea`);
  }
  // Centres.
  const seen = { id: new Set<string>(), hex: new Set<string>(), name: new Set<string>() };
  for (const c of f.centres) {
    const what = `centre '${c.id}'`;
    if (seen.id.has(c.id) || seen.name.has(c.name.toLowerCase())) fail(id, `${what}: duplicate id or name`);
    if (seen.hex.has(c.hex)) fail(id, `${what}: two centres in hex ${c.hex}`);
    seen.id.add(c.id);
    seen.name.add(c.name.toLowerCase());
    seen.hex.add(c.hex);
    land(c.hex, what);
    if (c.port && !map.isCoastal(c.hex)) fail(id, `${what}: a port must touch the sea`);
    if (c.owner && !f.nations.includes(c.owner)) fail(id, `${what}: owner ${c.owner} is not in this map's nations`);
    if (c.home) {
      if (!c.owner) fail(id, `${what}: a home city or port needs its owner`);
      const info = NATIONS[c.owner!];
      const names = c.home === 'city' ? info.homeCities : info.homePorts;
      if (!names.includes(c.name)) fail(id, `${what}: ${c.name} is not a home ${c.home} of ${info.name} in the rules' table`);
      if ((c.home === 'port') !== c.port) fail(id, `${what}: home ports are ports, home cities are not`);
      if (c.kind !== 'major') fail(id, `${what}: home cities and ports are major centres on our maps`);
      if (map.territoryOf(c.hex) !== c.owner) fail(id, `${what}: a home lies in its nation's home territory`);
    }
    if (c.name === 'Silvandros' && (c.kind !== 'major' || c.manpower !== 12))
      fail(id, `${what}: Silvandros is a major centre with 12 manpower (The City Militia)`);
  }
  for (const n of f.nations) {
    const info = NATIONS[n];
    for (const name of info.homeCities)
      if (!f.centres.some((c) => c.name === name && c.home === 'city')) fail(id, `${info.name}: home city ${name} missing`);
    for (const name of info.homePorts)
      if (!f.centres.some((c) => c.name === name && c.home === 'port')) fail(id, `${info.name}: home port ${name} missing`);
  }
  if (f.expect) {
    const major = map.majors().length;
    const minor = map.minors().length;
    if (major !== f.expect.major || minor !== f.expect.minor)
      fail(id, `${major} major and ${minor} minor centres; Objectives & Victory wants ${f.expect.major} and ${f.expect.minor}`);
  }
  // Rivers and roads: chains of neighbouring land hexes.
  const chainIds = new Set<string>();
  for (const ch of [...f.rivers, ...f.roads]) {
    const what = `${f.rivers.includes(ch) ? 'river' : 'road'} '${ch.id}'`;
    if (chainIds.has(ch.id)) fail(id, `${what}: duplicate id`);
    chainIds.add(ch.id);
    if (new Set(ch.hexes).size !== ch.hexes.length) fail(id, `${what}: passes a hex twice`);
    ch.hexes.forEach((h, i) => {
      land(h, what);
      const next = ch.hexes[i + 1];
      if (next && !isAdjacent(h, next)) fail(id, `${what}: ${h} and ${next} are not neighbours`);
    });
  }
  for (const l of f.labels) if (!map.has(l.hex)) fail(id, `label ${l.name}: hex ${l.hex} is off the map`);
  // Every land mass with a centre can be reached: it is the largest, or it has a port or beach.
  const comps = landComponents(map);
  const largest = Math.max(...comps.map((c) => c.length));
  for (const comp of comps) {
    if (comp.length === largest) continue;
    const hasCentre = comp.some((h) => map.centreAt(h));
    if (hasCentre && !comp.some((h) => map.isLanding(h))) fail(id, `the land around ${comp[0]} has centres but no port or beach`);
  }
  // Sea Movement goes port or beach to port or beach: no landing may open onto a sea no other landing touches.
  for (const sea of seaComponents(map)) {
    const landings = new Set(sea.flatMap((h) => map.landNeighbours(h)).filter((h) => map.isLanding(h)));
    if (landings.size === 1) fail(id, `the port or beach ${[...landings][0]} opens onto a sea with no other port or beach`);
  }
  return map;
}

/** Connected bodies of sea (lists of hex ids). */
export function seaComponents(map: Wk4Map): HexId[][] {
  const seen = new Set<HexId>();
  const out: HexId[][] = [];
  for (const h of map.hexIds()) {
    if (seen.has(h) || !map.isSea(h)) continue;
    const comp = [h];
    seen.add(h);
    for (let i = 0; i < comp.length; i++) {
      for (const n of map.seaNeighbours(comp[i])) {
        if (!seen.has(n)) {
          seen.add(n);
          comp.push(n);
        }
      }
    }
    out.push(comp);
  }
  return out;
}

/** Connected land masses (lists of hex ids). */
export function landComponents(map: Wk4Map): HexId[][] {
  const seen = new Set<HexId>();
  const out: HexId[][] = [];
  for (const h of map.hexIds()) {
    if (seen.has(h) || map.isSea(h)) continue;
    const comp = [h];
    seen.add(h);
    for (let i = 0; i < comp.length; i++) {
      for (const n of map.landNeighbours(comp[i])) {
        if (!seen.has(n)) {
          seen.add(n);
          comp.push(n);
        }
      }
    }
    out.push(comp);
  }
  return out;
}

export type Wk4MapName = 'full' | 'small';
const FILES: Record<Wk4MapName, string> = { full: 'map.json', small: 'map-small.json' };
const cache = new Map<Wk4MapName, Wk4Map>();

/** The map by name (data/wk4/map.json or map-small.json), loaded and checked once. */
export function wk4Map(name: Wk4MapName = 'full'): Wk4Map {
  let m = cache.get(name);
  if (!m) {
    m = loadWk4Map(readMapFile(FILES[name]));
    cache.set(name, m);
  }
  return m;
}

/** Axial coordinates of a hex id (re-exported for rules code that only imports the map). */
export const hexCoords = parseHexId;
