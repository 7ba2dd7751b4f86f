// The virtual tabletop's structural shapes: what the rules state keeps for
// each unit, general and terrain piece so geometry can be measured. Inches;
// x right, y down the table from its top-left corner; headings clockwise from
// up (0 up, 90 right, 180 down, 270 left). See data/atkm/tabletop.json.
import type { Pt } from '../../../engine/geometry.ts';

export const UNIT_TYPES = ['infantry', 'cavalry', 'skirmisher', 'foot-artillery', 'horse-artillery'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** 'skirmish' is the skirmishers' loose order, 'limbered' an artillery column, 'deployed' its loose order round the gun. */
export const FORMATIONS = ['line', 'column', 'skirmish', 'limbered', 'deployed', 'square', 'mob'] as const;
export type Formation = (typeof FORMATIONS)[number];

/**
 * A unit on the table. (x, y) is its measuring point (pp.14, 16): the front
 * centre, the officer and ensign of skirmishers, the muzzle of a deployed gun.
 * `figures` counts privates, troopers or gunners (not officer and ensign).
 */
export interface TableUnit {
  id: string;
  /** The name players see ("Red 1st Foot"); messages use it, never the id. */
  name?: string;
  side: string;
  type: UnitType;
  formation: Formation;
  figures: number;
  x: number;
  y: number;
  facing: number;
}

export interface TableGeneral {
  id: string;
  /** The name players see ("General Redmond"). */
  name?: string;
  side: string;
  x: number;
  y: number;
}

/** What a message calls a unit or general: its name (the id only where none was given, as in bare geometry tests). */
export const called = (x: { id: string; name?: string }): string => x.name ?? x.id;

export const TERRAIN_KINDS = ['woods', 'hill', 'building', 'river', 'road', 'rough', 'fence', 'lake'] as const;
export type TerrainKind = (typeof TERRAIN_KINDS)[number];

/**
 * A terrain piece. Areas (woods, hill, building, rough, lake) have a polygon;
 * lines (river, road, fence) have a polyline and a width.
 */
export interface TerrainPiece {
  id: string;
  kind: TerrainKind;
  name?: string;
  polygon?: Pt[];
  line?: Pt[];
  width?: number;
  /** Units cannot cross or enter it (lake, deep river, heavy forest; p.15). */
  impassable?: boolean;
  /** Blocks line of sight (players agree for hills and woods, p.16). */
  blocksSight?: boolean;
  /** Hill height in levels (1 default): higher ground for fire and melee (p.19, p.25). */
  level?: number;
  /** Cover for units in contact with it: light +2, heavy +4 (p.24). */
  cover?: 'light' | 'heavy';
}

/** The table: its size and terrain. */
export interface Table {
  width: number;
  height: number;
  terrain: TerrainPiece[];
}

/** A side's deployment zone. */
export interface DeployZone {
  side: string;
  polygon: Pt[];
}
