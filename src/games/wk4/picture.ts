// What a Warrior Kings IV map picture may show: the rules build one per viewer
// from that viewer's view (fog of war already applied), and the renderer
// (render/wk4.ts) draws only from it plus the static map. Plain JSON.
import type { HexId } from '../../engine/hex.ts';
import type { Wk4MapName } from './map.ts';
import type { NationId } from './nations.ts';

export interface Wk4Marker {
  /** Army or fleet id (stable across turns; the renderer only uses it to order markers). */
  id: string;
  kind: 'army' | 'fleet';
  nation: NationId;
  hex: HexId;
  /** Short label, e.g. the lord's name. */
  label: string;
  /** Battle groups or ships (or steps) as the viewer may know them; null when not known. */
  strength: number | null;
  /** A one-word state worth showing: 'spent', 'besieged', 'quartered', 'routed' ... */
  note?: string;
}

export interface Wk4BattleSite {
  hex: HexId;
  kind: 'field' | 'siege' | 'naval' | 'amphibious';
  /** e.g. "3:1 · Corona wins". */
  label?: string;
}

/** A move drawn as a line along hexes (the viewer's own orders, or a published result). */
export interface Wk4Trail {
  nation: NationId;
  hexes: HexId[];
  kind?: 'land' | 'road' | 'river' | 'sea';
}

export interface Wk4Picture {
  map: Wk4MapName;
  /** Title line, e.g. "Spring 1203 · preliminary results". */
  title: string;
  /** Whose picture: a nation (its fog of war), 'umpire' or 'public'. Shown in the caption. */
  viewer: NationId | 'umpire' | 'public';
  /** Hexes the viewer sees; every other hex is drawn fogged (its terrain and centres, no forces). */
  visible: HexId[] | 'all';
  /** Supply-centre owners by centre id (public facts); a centre not listed is unowned. */
  owners: Record<string, NationId | null>;
  markers: Wk4Marker[];
  battles: Wk4BattleSite[];
  trails?: Wk4Trail[];
  /** Hexes the close-up should frame (own forces, battles); default: battles, else markers. */
  focus?: HexId[];
  /** VP by nation for the legend (public). */
  vp?: Partial<Record<NationId, number>>;
  /** Short lines for the legend panel (wars, alliances, deadlines). */
  notes?: string[];
}
