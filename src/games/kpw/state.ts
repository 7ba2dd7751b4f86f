// KPW game state: units (every counter that can move or be lost), sites,
// tribes/colonies, tracks and the sequence-of-play stack.
import type { ProcStack } from '../../engine/procstack.ts';
import type { KpwSide } from './view-types.ts';

export type Side = KpwSide;
export const other = (s: Side): Side => (s === 'english' ? 'indian' : 'english');

export type UnitKind = 'soldier' | 'warrior' | 'allied' | 'captain' | 'sachem' | 'key';
/** map: on the board; pool: counter pool; elim: Eliminated Units box; track: on the turn track; dead: perished key leader; out: removed from the game. */
export type UnitWhere = 'map' | 'pool' | 'elim' | 'track' | 'dead' | 'out';

export interface Unit {
  id: string;
  kind: UnitKind;
  side: Side;
  /** Colony, tribe, or 'AL' (Allied Indians). */
  owner: string;
  name: string;
  /** Infantry: 2 full, 1 weakened. Leaders: 0. */
  str: number;
  where: UnitWhere;
  loc: string | null;
  returnTurn?: number;
  spy?: boolean;
  guide?: boolean;
  /** Infantry holding a Musket marker (10.2). */
  musket?: boolean;
  /** Moved, dropped off or picked up this movement phase (12.1). */
  moved?: boolean;
  /** Where a surrendered unit stood, to restore it if its tribe returns (13.6). */
  wasAt?: string | null;
}

export const isInf = (u: Unit): boolean => u.kind === 'soldier' || u.kind === 'warrior' || u.kind === 'allied';
export const isLeader = (u: Unit): boolean => !isInf(u);

export type Ferocity = 'normal' | 'unlimited' | 'limited';

export interface KpwOptions {
  short: boolean;
  church3: boolean;
  disunited: boolean;
  ferocity: Ferocity;
  setup: 'example' | 'manual';
}

export interface TribeState {
  status: 'neutral' | 'allied' | 'surrendered' | 'removed';
  devastated: boolean;
  /** Rejoined after an attack on its surrendered villages: never surrenders again. */
  permanent: boolean;
  delayed: number;
}

export interface ColonyState {
  devastated: boolean;
  delayed: number;
}

export interface Battle {
  id: string;
  /** The side whose combat phase resolves it (the attacker). */
  side: Side;
  from: string;
  to: string;
  river: boolean;
  fought: boolean;
  /** 11.2: the Mohawks attack Philip; the English decide for them. */
  mohawk?: boolean;
}

// ---- frames of the sequence of play ----

export type Phase =
  | 'church'
  | 'engReinf'
  | 'diplomacy'
  | 'indReinf'
  | 'muskets'
  | 'indMove'
  | 'indCombat'
  | 'engMove'
  | 'engCombat'
  | 'attrition'
  | 'victory';

export const PHASES: Phase[] = [
  'church',
  'engReinf',
  'diplomacy',
  'indReinf',
  'muskets',
  'indMove',
  'indCombat',
  'engMove',
  'engCombat',
  'attrition',
  'victory',
];

export interface TurnFrame {
  proc: 'turn';
  step: Phase;
  churchDone?: boolean;
  alliedDone?: boolean;
  started?: boolean;
  /** 17.0: Church entered in this English Reinforcements phase; the Allied Indian roll is due here. */
  churchEntry?: boolean;
  [k: string]: unknown;
}

export type PlacePurpose = 'setup' | 'reinf' | 'church' | 'allied' | 'musket' | 'entry' | 'entryLeader' | 'massacre';

export interface PlaceFrame {
  proc: 'place';
  step: 'place';
  side: Side;
  purpose: PlacePurpose;
  /** Unit ids to place, in order offered (setup offers all of them at once). */
  items: string[];
  /** Tribe entering (entry purposes). */
  tribe?: string;
  [k: string]: unknown;
}

export interface Group {
  units: string[];
  at: string;
  prev: string | null;
  /** Half-pips spent. */
  used: number;
  ocean?: boolean;
  /** Half-pips left when the first Battle marker was placed. */
  left?: number;
  /** Spaces stood in during this move, the start first (12.2/12.4: where an intercepted mover may return). */
  path?: string[];
  /** 10.2: the muskets changed hands since the group last stepped, picked up or dropped (one decision per split, so no endless hand-overs). */
  musketHanded?: boolean;
}

export interface MoveFrame {
  proc: 'move';
  step: 'select' | 'group' | 'markers';
  side: Side;
  group?: Group;
  [k: string]: unknown;
}

export interface InterceptFrame {
  proc: 'intercept';
  step: 'choose' | 'units';
  /** The intercepting side. */
  side: Side;
  kind: 'moving' | 'marker';
  into: string;
  /** Where the mover came from / where the attacker stands. */
  from: string;
  cands: string[];
  chosen?: string;
  [k: string]: unknown;
}

export interface CombatFrame {
  proc: 'combat';
  step: 'choose';
  side: Side;
  attacked: string[];
  [k: string]: unknown;
}

export interface BattleSide {
  /** Who decides for it. */
  role: Side;
  /** Whose VP/losses/events: 'mohawk' for 11.2's attackers. */
  team: Side | 'mohawk';
  die: 'red' | 'green';
  units: string[];
}

export type BattleStep =
  | 'start'
  | 'evade'
  | 'roll'
  | 'reroll'
  | 'panic'
  | 'losses'
  | 'allocate'
  | 'effects'
  | 'exploit'
  | 'ferocity'
  | 'advance'
  | 'event8'
  | 'done';

export interface BattleFrame {
  proc: 'battle';
  step: BattleStep;
  id: string;
  A: BattleSide;
  D: BattleSide;
  round: number;
  dice: { red: number; green: number; event: number };
  /** Re-roll opportunities left, in order: A spy, D spy, A guide, D guide (13.2). */
  rr: string[];
  affected?: 'A' | 'D';
  /** 1 Ambush, 2 Spy, 3 Emergency Reinforcements, 4 Massacre, 5 Panic, 6 Guide; 0 = none. */
  event: number;
  panic?: string;
  /** Pending SP losses per battle side, and whose losses are taken next. */
  loss: { A: number; D: number };
  lossQueue: ('A' | 'D')[];
  ambushSecond?: boolean;
  /** SP losses inflicted on each side this battle (absorbed or not). */
  hit: { A: number; D: number };
  shift: { A: number; D: number };
  /** SP each side had when losses were last computed. */
  sp?: { A: number; D: number };
  vpEnglishBefore: number;
  ctRazed: boolean;
  pendingSpy: ('A' | 'D')[];
  pendingGuide: ('A' | 'D')[];
  massacre?: 'A' | 'D';
  advanced?: boolean;
  [k: string]: unknown;
}

export interface AttritionFrame {
  proc: 'attrition';
  step: 'remove';
  side: Side;
  left: number;
  [k: string]: unknown;
}

export interface SetupFrame {
  proc: 'setup';
  step: 'place';
  side: Side;
  [k: string]: unknown;
}

export type KFrame = TurnFrame | PlaceFrame | MoveFrame | InterceptFrame | CombatFrame | BattleFrame | AttritionFrame;

/** The turn frame at the bottom of the stack: which phase of 8.0 is in play. */
export function turnFrame(s: { stack: ProcStack<KFrame> }): TurnFrame {
  return s.stack.frames[0] as TurnFrame;
}

export interface KpwState {
  options: KpwOptions;
  turn: number;
  units: Record<string, Unit>;
  /** Damage per site space: settlement/village 1 raided, 2 razed; fort 1 damaged, 2 breached, 3 razed. */
  damage: Record<string, number>;
  tribes: Record<string, TribeState>;
  colonies: Record<string, ColonyState>;
  vp: Record<Side, number>;
  /** Provisions lost = own sites razed (14.0). */
  prov: Record<Side, number>;
  churchEntered: boolean;
  churchTurn?: number;
  /** Turns on which a Musket marker waits. */
  muskets: number[];
  battles: Battle[];
  battleSeq: number;
  /** This movement phase: groups moved and Battle markers placed. */
  moved: number;
  markers: number;
  exploitUsed: boolean;
  /** 13.5: Church and Winslow both lost at once: tribes no longer surrender. */
  noSurrender: boolean;
  stack: ProcStack<KFrame>;
  recent: string[];
}

export const WAMPANOAG = new Set(['WA', 'SK', 'PC']);
export const COLONIES = ['MA', 'PL', 'RI', 'CT'];
export const TRIBES = ['WA', 'SK', 'PC', 'NA', 'NI', 'NC', 'PO', 'AB', 'MO'];
export const TRIBE_NAMES: Record<string, string> = {
  WA: 'Wampanoag',
  SK: 'Sakonnet',
  PC: 'Pocasset',
  NA: 'Narragansett',
  NI: 'Nipmuck',
  NC: 'Niantic',
  PO: 'Pocumtuck',
  AB: 'Abenaki',
  MO: 'Mohawk',
};
export const COLONY_NAMES: Record<string, string> = { MA: 'Massachusetts', PL: 'Plymouth', RI: 'Rhode Island', CT: 'Connecticut' };
export const EVENTS = ['', 'Ambush', 'Spy', 'Emergency Reinforcements', 'Massacre', 'Panic', 'Guide'];
export const SIDE_NAME: Record<Side, string> = { english: 'English', indian: 'Indians' };

export const isWinter = (s: KpwState): boolean => s.turn === 5;
export const lastTurn = (_s: KpwState): number => 9;

export function units(s: KpwState): Unit[] {
  return Object.values(s.units);
}

export function onMap(s: KpwState): Unit[] {
  return Object.values(s.units).filter((u) => u.where === 'map');
}

// Read-only passes (legal enumeration) index units by space once: `at` is the hot path.
let index: { s: KpwState; map: Map<string, Unit[]> } | null = null;
/** Unit objects never change identity inside one state's record, so the list can be cached. */
const unitLists = new WeakMap<Record<string, Unit>, Unit[]>();

export function unitList(s: KpwState): Unit[] {
  let l = unitLists.get(s.units);
  if (!l) {
    l = Object.values(s.units);
    unitLists.set(s.units, l);
  }
  return l;
}

/** Run a read-only computation with a units-by-space index (never mutate inside). */
export function withIndex<T>(s: KpwState, fn: () => T): T {
  if (index && index.s === s) return fn();
  const prev = index;
  const map = new Map<string, Unit[]>();
  const all = unitList(s);
  for (let i = 0; i < all.length; i++) {
    const u = all[i];
    if (u.where !== 'map' || u.loc === null) continue;
    const l = map.get(u.loc);
    if (l) l.push(u);
    else map.set(u.loc, [u]);
  }
  index = { s, map };
  try {
    return fn();
  } finally {
    index = prev;
  }
}

export function at(s: KpwState, space: string, side?: Side): Unit[] {
  if (index && index.s === s) {
    const l = index.map.get(space);
    if (!l) return [];
    return side ? l.filter((u) => u.side === side) : l.slice();
  }
  const out: Unit[] = [];
  for (const u of unitList(s)) if (u.where === 'map' && u.loc === space && (!side || u.side === side)) out.push(u);
  return out;
}

export function note(s: KpwState, ctx: { emit(e: { kind: string; text: string }): void }, kind: string, text: string): void {
  ctx.emit({ kind, text });
  s.recent.push(text);
  if (s.recent.length > 12) s.recent.splice(0, s.recent.length - 12);
}
