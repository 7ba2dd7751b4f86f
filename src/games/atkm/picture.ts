// What the ATKM tabletop renderer draws (render/atkm.ts): built by the rules
// module's view for one viewer, so it holds only what that viewer may see
// (never command points). Plain JSON; inches, headings as in tabletop/types.ts.
import type { Pt } from '../../engine/geometry.ts';
import { cannon, footprintPolygon } from './tabletop/footprint.ts';
import type { DeployZone, TableGeneral, TableUnit, TerrainPiece } from './tabletop/types.ts';
import { corners } from '../../engine/geometry.ts';

export type ColourState = 'green' | 'yellow' | 'red';

export interface PictureSide {
  id: string;
  name: string;
  /** The army's colour on the table, a hex like '#b22222'. */
  colour: string;
}

/** A unit as the tabletop places it, with what the picture shows of it. */
export interface PictureUnit extends TableUnit {
  /** Short label drawn on the footprint (default the id). */
  label: string | null;
  /** The footprint's corners (front-left, front-right, back-right, back-left). */
  footprint: Pt[];
  /** The cannon's corners for artillery, else null. */
  cannon: Pt[] | null;
  colour: ColourState;
  disorder: boolean;
  /** Officer and ensign present (optional special casualties). */
  officer: boolean;
  ensign: boolean;
}

export interface PictureGeneral {
  id: string;
  side: string;
  name: string | null;
  rating: number | null;
  x: number;
  y: number;
  /** The command radius drawn round him (12). */
  radius: number;
}

export interface PictureFire {
  from: Pt;
  to: Pt;
  /** Inches measured and the firer's range. */
  distance: number;
  range: number;
  /** Casualties caused, when known. */
  casualties: number | null;
}

export interface PictureActivation {
  unit: string;
  /** The measuring point's path. */
  path: Pt[];
  fire: PictureFire[];
  /** Units the action touched (fire targets, melee opponents), for the zoom. */
  targets: string[];
  /** One line describing it, e.g. "red-2 moves 6\" and fires on black-1: 3 casualties". */
  text: string | null;
  /** A melee the activation started: where the fronts met and its result, e.g. "4 : 2". */
  melee?: { at: Pt; text: string | null } | null;
  /** Escape moves it caused (the loser's measuring-point path). */
  escapes?: { unit: string; path: Pt[] }[];
}

export interface PictureCard {
  /** e.g. 'Q♥', '7♣', 'Joker'. */
  label: string;
  colour: 'red' | 'black';
}

export interface AtkmPicture {
  title: string;
  table: { width: number; height: number };
  terrain: TerrainPiece[];
  sides: PictureSide[];
  units: PictureUnit[];
  generals: PictureGeneral[];
  zones: DeployZone[];
  objectives: { id: string; name: string; polygon: Pt[] }[];
  last: PictureActivation | null;
  card: PictureCard | null;
  /** Discard pile, oldest first. */
  discard: PictureCard[];
  /** Cards left in the deck this turn (null when unknown). */
  deckLeft: number | null;
  /**
   * Banking Cards (optional rule, p.14): each side's cards set aside to play later this turn, and how many it has
   * banked of its limit. Public: they were turned face up. Absent when the option is off.
   */
  banked?: PictureBank[];
}

export interface PictureBank {
  side: 'red' | 'black';
  cards: PictureCard[];
  /** Banked this turn (played ones included) and the most it may bank (its best general's rating). */
  used: number;
  limit: number;
}

/** A picture unit from a table unit and its state. */
export function pictureUnit(
  u: TableUnit,
  state: { colour: ColourState; disorder: boolean; label?: string | null; officer?: boolean; ensign?: boolean },
): PictureUnit {
  const c = cannon(u);
  return {
    id: u.id,
    label: state.label ?? null,
    side: u.side,
    type: u.type,
    formation: u.formation,
    figures: u.figures,
    x: u.x,
    y: u.y,
    facing: u.facing,
    footprint: footprintPolygon(u),
    cannon: c ? corners(c) : null,
    colour: state.colour,
    disorder: state.disorder,
    officer: state.officer ?? true,
    ensign: state.ensign ?? true,
  };
}

/** A picture general with the 12-inch command radius. */
export function pictureGeneral(g: TableGeneral, extra: { name?: string | null; rating?: number | null } = {}): PictureGeneral {
  return { id: g.id, side: g.side, name: extra.name ?? null, rating: extra.rating ?? null, x: g.x, y: g.y, radius: 12 };
}
