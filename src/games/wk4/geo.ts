// What WK4's rules ask of the map (map.ts, shared with the renderer), in the
// campaign's terms: whose a hex is now, what a player may call a hex, the
// forces' movement allowance and cost, supply and fog of war.
import { check } from '../../engine/errors.ts';
import { hexesWithin, idOf, parseHexId } from '../../engine/hex.ts';
import { hasTag, unitType } from './data.ts';
import { wk4Map, type Wk4Map } from './map.ts';
import { allied, atWar, type Force, type HexId, type Wk4State } from './state.ts';

export const mapOf = (s: Wk4State): Wk4Map => wk4Map(s.options.map);
export const winter = (s: Wk4State): boolean => s.season === 'winter';

/** Who holds a hex: the owner of its centre, else the nation whose home territory it is (if in the game), else nobody. */
export function holder(s: Wk4State, hex: HexId): string | null {
  const m = mapOf(s);
  const c = m.centreAt(hex);
  if (c) return s.owner[c.id] ?? null;
  const t = m.territoryOf(hex);
  return t && s.nations[t]?.alive ? t : null;
}

export const friendlyHex = (s: Wk4State, n: string, hex: HexId): boolean => {
  const h = holder(s, hex);
  return h !== null && allied(s, n, h);
};

/** A hex a player names: "q,r", a centre's id or name. */
export function resolveHex(s: Wk4State, text: string, rule: string): HexId {
  const m = mapOf(s);
  const t = text.trim();
  if (/^-?\d+,-?\d+$/.test(t)) {
    check(m.has(t), rule, `There is no hex ${t} on this map.`);
    return t;
  }
  const key = t.toLowerCase().replace(/[\s-]+/g, '_');
  const c = m.centres.find((x) => x.id === key || x.name.toLowerCase().replace(/[\s-]+/g, '_') === key);
  check(c, rule, `"${text}" is neither a hex ("q,r") nor a supply centre on this map.`);
  return c.hex;
}

export function hexLabel(s: Wk4State, hex: HexId): string {
  const c = mapOf(s).centreAt(hex);
  return c ? `${c.name} (${hex})` : hex;
}

/** Armies and Fleets: the slowest unit sets the movement allowance and the AP cost; a Plodder doubles the cost. */
export function movement(f: Force): number {
  return f.units.length ? Math.min(...f.units.map((u) => unitType(u.type).move)) : 0;
}

export function apCost(s: Wk4State, f: Force): number {
  const base = f.units.length ? Math.max(...f.units.map((u) => unitType(u.type).ap)) : 1;
  return s.lords[f.lord].trait === 'plodder' ? base * 2 : base;
}

/** An army of flyers only moves by air (Air Movement). */
export const airborne = (f: Force): boolean => !f.naval && f.units.length > 0 && f.units.every((u) => hasTag(u.type, 'flyer'));

/** Check Supply: in or next to a friendly supply centre, or with a baggage train. */
export function inSupply(s: Wk4State, f: Force): boolean {
  if (f.naval) return true;
  if (f.units.some((u) => hasTag(u.type, 'baggage'))) return true;
  return mapOf(s)
    .suppliedBy(f.hex)
    .some((c) => {
      const o = s.owner[c.id];
      return o !== null && o !== undefined && allied(s, f.nation, o);
    });
}

/** Fog of war: the hexes a nation sees (where its forces stand and their neighbours, and its centres). */
export function visibleHexes(s: Wk4State, n: string): Set<HexId> {
  const m = mapOf(s);
  const out = new Set<HexId>();
  const add = (hex: HexId) => {
    for (const h of hexesWithin(parseHexId(hex), 1)) {
      const id = idOf(h);
      if (m.has(id)) out.add(id);
    }
  };
  for (const f of Object.values(s.forces)) if (f.nation === n && !f.aboard) add(f.hex);
  for (const c of m.centres) if (s.owner[c.id] === n) out.add(c.hex);
  return out;
}

/** Enemy forces in a hex for `n` (nations at war with it). */
export const enemiesAt = (s: Wk4State, n: string, hex: HexId): Force[] =>
  Object.values(s.forces).filter((f) => f.hex === hex && !f.aboard && atWar(s, f.nation, n));
