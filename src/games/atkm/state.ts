// The state of an All the King's Men battle: units of figures with their
// colour counters, generals, the deck, command points (secret until spent)
// and the flow's stack. Plain JSON so it replays exactly.
import type { DeckState } from '../../engine/deck.ts';
import type { ProcStack } from '../../engine/procstack.ts';
import type { Ctx, Role } from '../../engine/types.ts';
import { atkmData, type ListEntry, type UnitTypeData } from './data.ts';

export type Side = 'red' | 'black';
export const SIDES: Side[] = ['red', 'black'];
export type Color = 'green' | 'yellow' | 'red';
export const COLORS: Color[] = ['green', 'yellow', 'red'];
export type UnitType = 'infantry' | 'cavalry' | 'skirmisher' | 'foot-artillery' | 'horse-artillery';
/** The tabletop's formations ('skirmish' = the skirmishers' loose order, 'deployed' = gunners loose round the gun). A mob is `mob: true`. */
export type Formation = 'line' | 'column' | 'skirmish' | 'limbered' | 'deployed' | 'square';
export type Quality = 'militia' | 'regular' | 'elite';

export interface Unit {
  id: string;
  name: string;
  side: Side;
  type: UnitType;
  formation: Formation;
  /** Privates, troopers or gunners (officer and ensign not counted). */
  figures: number;
  officer: boolean;
  ensign: boolean;
  quality: Quality;
  color: Color;
  /** Cannot be activated again this turn. */
  disorder: boolean;
  /** Why it has its disorder marker this turn (quoted when its activation is refused). */
  disorderedBy?: string;
  /** Lost a melee and fled 12": its next activation may only reform. */
  mob: boolean;
  /** Off the table: broke at its breaking point, or artillery that abandoned its gun. */
  gone: null | 'broken' | 'abandoned';
  /** Tabletop position in inches and facing in degrees (0 = north, clockwise); unused in referee mode. */
  x: number;
  y: number;
  facing: number;
  /** Officer or ensign restored by a general this turn (one a turn). */
  restoredTurn?: number;
  [k: string]: unknown;
}

export interface General {
  id: string;
  name: string;
  side: Side;
  rating: number;
  x: number;
  y: number;
}

export interface SideState {
  /** Command points left this turn: secret to the side until spent. */
  cp: number;
  /** Spent this turn (public: each spend is announced). */
  cpSpent: number;
  /** Index of the general whose turn it is to act on the next card of this colour (allied generals rotate). */
  nextGeneral: number;
  /**
   * Decisions this side has been asked, counted as the engine's decision book counts them (a new prompt key), so
   * that a team seated with RoleInfo.team 'turns' has general i played by member i: the member who holds the
   * decision is the general whose card it is.
   */
  asked?: number;
  lastKey?: string | null;
  startUnits: number;
  /** Optional rule Banking Cards (p.14): cards set aside this turn to play later (public), and how many were banked. */
  banked?: string[];
  bankedCount?: number;
  /** Referee mode: the turn on which this side passed on the rest of its cards (/atkm card rest). */
  resting?: number;
  /** Below half strength: each further loss calls for a collapse roll. */
  collapseRolls: number;
}

export interface AtkmOptions {
  mode: 'referee' | 'tabletop';
  scenario: string;
  army: 'standard' | 'roll';
  units: number;
  quality: 'regular' | 'roll';
  ratings: 'two' | 'roll';
  generals: number;
  override: boolean;
  specialCasualties: boolean;
  /** Optional rule: Banking Cards (p.14). */
  banking?: boolean;
  /** Each side's own chosen list of units (Building an Army), instead of `army`; a unit may start below full strength (p.5). */
  lists?: Partial<Record<'red' | 'black', ListEntry[] | null>>;
}

/** What the last activation did, for views and pictures. */
export interface LastAction {
  kind: 'fire' | 'melee' | 'move' | 'form' | 'card' | 'order';
  text: string;
  unit?: string;
  target?: string;
  /** Tabletop: the measuring point's path and fire lines. */
  path?: { x: number; y: number }[];
  fire?: { from: { x: number; y: number }; to: { x: number; y: number }; distance: number; range: number; casualties: number | null }[];
  melee?: { at: { x: number; y: number }; text: string | null } | null;
  escapes?: { unit: string; path: { x: number; y: number }[] }[];
}

export interface AtkmState {
  options: AtkmOptions;
  turn: number;
  stack: ProcStack;
  deck: DeckState<string>;
  /** The card being played (null between cards). */
  card: string | null;
  units: Record<string, Unit>;
  /** Unit ids in army order. */
  order: string[];
  generals: General[];
  sides: Record<Side, SideState>;
  objective: { heldTurns: number; holder: Side | null };
  last: LastAction | null;
  /** Tabletop mode: the table, deployment zones and objectives (null/empty in referee mode). */
  table: import('./tabletop/types.ts').Table | null;
  zones: import('./tabletop/types.ts').DeployZone[];
  objectives: { id: string; name: string; polygon: { x: number; y: number }[] }[];
  /**
   * Referee mode: by turn, the nearest the armies have been reported to each other in inches (a fire proves the
   * target within the firer's range, a charge within the charger's move). Public; the referee-mode bot believes it (bot.ts).
   */
  closest?: Record<number, number>;
  /** Public notes of this turn (newest last), for the summary. */
  notes: string[];
}

export const data = atkmData;
export const typeData = (t: UnitType): UnitTypeData => data().units.types[t];
export const other = (s: Side): Side => (s === 'red' ? 'black' : 'red');
export const sideName = (s: Side): string => (s === 'red' ? 'Red' : 'Black');
export const isArtillery = (t: UnitType): boolean => t === 'foot-artillery' || t === 'horse-artillery';
export const alive = (s: AtkmState, side?: Side): Unit[] =>
  s.order.map((id) => s.units[id]!).filter((u) => !u.gone && (!side || u.side === side));
export const unitOf = (s: AtkmState, id: unknown): Unit | undefined => (typeof id === 'string' ? s.units[id] : undefined);
/** A unit as a player names it: its id, or its name in any case ("Red 1st Foot"). */
export const unitNamed = (s: AtkmState, text: unknown): Unit | undefined => {
  if (typeof text !== 'string') return undefined;
  const low = text.trim().toLowerCase();
  return s.units[text] ?? Object.values(s.units).find((u) => u.name.toLowerCase() === low);
};
/** A general as a player names him: his id, or his name in any case ("General Redmond"). */
export const generalNamed = (s: AtkmState, text: unknown): General | undefined => {
  if (typeof text !== 'string') return undefined;
  const low = text.trim().toLowerCase();
  return s.generals.find((g) => g.id === text || g.name.toLowerCase() === low);
};
export const generalsOf = (s: AtkmState, side: Side): General[] => s.generals.filter((g) => g.side === side);
export const bestRating = (s: AtkmState, side: Side): number => Math.max(1, ...generalsOf(s, side).map((g) => g.rating));
export const actingGeneral = (s: AtkmState, side: Side): General => {
  const gs = generalsOf(s, side);
  return gs[s.sides[side].nextGeneral % gs.length]!;
};

/** A colour one step better (+1) or worse (-1), within green..red. */
export function shift(c: Color, by: number): Color {
  const i = Math.max(0, Math.min(2, COLORS.indexOf(c) - by));
  return COLORS[i]!;
}

/** Success target of a die of this colour (green 4-6, yellow 5-6, red 6). */
export const target = (c: Color): number => data().units.colors[c];

/** A card's side and rank: '7H' red 7, 'QC' black Queen, 'JOKER-R' the red Joker. */
export function cardSide(card: string): Side {
  if (card.startsWith('JOKER')) return card.endsWith('R') ? 'red' : 'black';
  return card.endsWith(data().cards.suits.red) ? 'red' : 'black';
}
export function cardRank(card: string): string {
  return card.startsWith('JOKER') ? 'JOKER' : card.slice(0, -1);
}
export function cardName(card: string): string {
  const rank = cardRank(card);
  if (rank === 'JOKER') return `${sideName(cardSide(card))} Joker`;
  const names: Record<string, string> = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };
  return `${names[rank] ?? rank} of ${cardSide(card) === 'red' ? 'Hearts' : 'Clubs'}`;
}

/** The 28 cards: a red and a black suit and the two Jokers. */
export function atkmDeck(): string[] {
  const c = data().cards;
  return [...c.ranks.map((r) => r + c.suits.red), ...c.ranks.map((r) => r + c.suits.black), 'JOKER-R', 'JOKER-B'];
}

export function unitLabel(u: Unit): string {
  const men = u.type === 'cavalry' ? 'troopers' : isArtillery(u.type) ? 'gunners' : 'privates';
  return `${u.name} (${u.color}${u.disorder ? ', disordered' : ''}${u.mob ? ', mob' : ''}, ${u.figures} ${men})`;
}

export function note(s: AtkmState, ctx: Ctx, kind: string, text: string, to?: Role[]): void {
  ctx.emit({ kind, text, ...(to ? { to } : {}) });
  if (!to) {
    s.notes.push(text);
    if (s.notes.length > 40) s.notes.splice(0, s.notes.length - 40);
  }
}

/** May this side act on a card now (some unit it could activate)? */
export function canActivate(s: AtkmState, u: Unit): boolean {
  return !u.gone && !u.disorder && (u.color === 'green' || s.sides[u.side].cp > 0);
}
