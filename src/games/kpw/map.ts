// The KPW map as a MapGraph (land/water connections and rivers as separate
// edges), plus the space lookups the rules need. Built once from data.ts.
import { MapGraph } from '../../engine/graph.ts';
import { kpwData, type KpwSpace } from './data.ts';

export interface Link {
  pips: number;
  /** Crosses a bay or sound (12.3 play note, 12.4: no interception across it). */
  water: boolean;
  river: boolean;
}

export interface KpwMapIndex {
  graph: MapGraph<KpwSpace, Link>;
  space: Map<string, KpwSpace>;
  ids: string[];
  ports: string[];
  treaty: string;
  /** Colony whose jurisdiction holds a space (18.1), from the map data. */
  colonyOf: Map<string, string>;
  sitesOf: Map<string, string[]>;
}

let cached: KpwMapIndex | undefined;

export function kpwMap(): KpwMapIndex {
  if (cached) return cached;
  const { map } = kpwData();
  const graph = new MapGraph<KpwSpace, Link>();
  const space = new Map<string, KpwSpace>();
  for (const s of map.spaces) {
    graph.addNode(s.id, s);
    space.set(s.id, s);
  }
  for (const c of map.connections) graph.addEdge(c.a, c.b, { pips: c.pips, water: c.water, river: false });
  for (const r of map.rivers) graph.addEdge(r.a, r.b, { pips: 0, water: false, river: true });
  const colonyOf = new Map<string, string>(map.spaces.map((s) => [s.id, s.colony]));
  const sitesOf = new Map<string, string[]>();
  for (const s of map.spaces) {
    if (s.kind === 'neutral' || !s.owner) continue;
    if (!sitesOf.has(s.owner)) sitesOf.set(s.owner, []);
    sitesOf.get(s.owner)!.push(s.id);
  }
  cached = {
    graph,
    space,
    ids: map.spaces.map((s) => s.id),
    ports: map.spaces.filter((s) => s.port).map((s) => s.id),
    treaty: map.spaces.find((s) => s.treaty)!.id,
    colonyOf,
    sitesOf,
  };
  return cached;
}

export function spaceOf(id: string): KpwSpace {
  const s = kpwMap().space.get(id);
  if (!s) throw new Error(`unknown space ${id}`);
  return s;
}

export function spaceName(id: string): string {
  return kpwMap().space.get(id)?.name ?? id;
}

export function isSite(id: string): boolean {
  return spaceOf(id).kind !== 'neutral';
}

/** Which side a settlement/village/fort belongs to. */
export function siteSide(id: string): 'english' | 'indian' | null {
  const o = spaceOf(id).owner;
  if (!o) return null;
  return ['MA', 'PL', 'RI', 'CT'].includes(o) ? 'english' : 'indian';
}

export function maxDamage(id: string): number {
  return spaceOf(id).kind === 'fort' ? 3 : 2;
}

/** Settlements/villages (and forts) of a colony or tribe. */
export function sitesOf(owner: string): string[] {
  return kpwMap().sitesOf.get(owner) ?? [];
}
