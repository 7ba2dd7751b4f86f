// The static KPW map the renderer draws under every view. Only public,
// never-changing board data (spaces, connections, colours) comes from here;
// everything that changes comes from the KpwView.
import { kpwData, type KpwMap } from '../../src/games/kpw/data.ts';

export type SpaceKind = KpwMap['spaces'][number]['kind'];

/**
 * The subset of KpwMap the renderer reads. Structural, so the validated
 * map passes straight in and tests can use a small fixture.
 */
export interface RenderSpace {
  id: string;
  name: string;
  kind: SpaceKind;
  /** Colony or tribe id; null for neutral spaces. */
  owner?: string | null;
  port?: boolean;
  river?: boolean;
  treaty?: boolean;
  x: number;
  y: number;
}

export interface RenderMap {
  width?: number;
  height?: number;
  spaces: RenderSpace[];
  connections: { a: string; b: string; pips: number; water?: boolean }[];
  rivers: { a: string; b: string }[];
  colonies: { id: string; name: string; color: string }[];
  tribes: { id: string; name: string; color: string }[];
}

/** The validated board from data/kpw (loaded once per process by kpwData). */
export function defaultKpwMap(): RenderMap {
  const map: KpwMap = kpwData().map;
  return map;
}

const ids = new WeakMap<RenderMap, number>();
let nextId = 1;

/** A stable per-process key for a map object (static layers are cached by it). */
export function mapKey(map: RenderMap): string {
  let id = ids.get(map);
  if (id === undefined) {
    id = nextId++;
    ids.set(map, id);
  }
  return `map${id}`;
}
