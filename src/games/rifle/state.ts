// The game state of Rifle and Axe and small helpers over one settlement's
// boards (housing, horse room, fight level, award measures, season).
import type { ProcStack } from '../../engine/procstack.ts';
import type { Submission } from '../../engine/submissions.ts';
import { LEADERS, RULES, STRUCTURE, STRUCTURE_IDS, type FreeKind, type ResourceId, type Season, type StructureId } from './data.ts';

/** Storage overflow waiting for the player to choose what to lose (phases/storage.ts). */
export type StoragePending = { kind: 'storage'; total: number; room: number; left: number; lost: Partial<Record<ResourceId, number>> };

export type Resources = Record<ResourceId, number>;
export type Structures = Record<StructureId, number>;

// Plan entries are the orders of a Submission, so they are plain JSON types.
export type PlanAct = {
  t: 'act';
  /** Plannable key: action id, 'action:variant' or 'build:structure'. */
  key: string;
  count: number;
};
export type TradeSide = {
  good: ResourceId;
  qty: number;
};
export type PlanTrade = {
  t: 'trade';
  sell: TradeSide | null;
  buy: TradeSide | null;
};
export type PlanEntry = PlanAct | PlanTrade;

/** A decision the table leaves to one player. */
export type Pending =
  | { kind: 'either'; amount: number; of: [ResourceId, ResourceId]; why: string }
  | { kind: 'craftsman' }
  | { kind: 'extra'; options: FreeKind[] }
  | { kind: 'reroll'; face: number }
  | { kind: 'barter' }
  | StoragePending;

export interface Measures {
  turn: number;
  population: number;
  happiness: number;
  builder: number;
  prosperity: number;
  hoarder: number;
}

export interface TurnNotes {
  folkLost: number;
  starvation: boolean;
  winter: 'mild' | 'moderate' | 'harsh' | null;
  fuelShort: boolean;
}

export interface Settlement {
  role: string;
  name: string;
  color: string;
  bot: boolean;
  leader: string | null;
  res: Resources;
  str: Structures;
  /** Out of the game: the fort was overrun, or no Folk are left. */
  out: null | 'overrun' | 'abandoned' | 'resigned';
  /** The turn it went out (charts end there). */
  outTurn?: number;
  /** Specialists gained from the Craftsman boon (permanent, ours). */
  craftsmen: { carpenter: number; blacksmith: number };
  /** Kentucky Militia turns left (this and next turn). */
  militia: number;
  /** Boon rolled this turn (id), if any. */
  boon: string | null;
  /** Harrod's / Ann Lindsay's extra action chosen this turn. */
  extra: FreeKind | null;
  /** Cubes on the Action Board by action id, from the last reveal. */
  placed: Record<string, number>;
  /** Plan as revealed (for the view), from the last reveal. */
  revealedPlan: PlanEntry[];
  pending: Pending | null;
  /** This turn's Indian Raid result (d10), read when the raid is resolved after a possible re-roll. */
  raidFace: number | null;
  notes: TurnNotes;
  history: Measures[];
  /** House rule `roundup` (ours): "per 20 Folk" counts round up, so a small settlement can grow. */
  roundUp?: boolean;
}

export type Stage = 'leaders' | 'plan' | 'resolve' | 'over';

export interface RifleOptions {
  players: number;
  bots: number;
  roundUp: boolean;
  /** House rule `mildsalt` (ours): a Salt shortage rolls one d6 per missing Salt, not per unsalted Folk. */
  mildSalt?: boolean;
}

/** Growth rolls and the Recruit maximum: one per 20 Folk, rounded down as written (up with the house rule). */
export function perTwentyFolk(st: Pick<Settlement, 'roundUp'>, folk: number): number {
  return st.roundUp ? Math.ceil(folk / 20) : Math.floor(folk / 20);
}

export interface RifleState {
  options: RifleOptions;
  /** 1..20 */
  turn: number;
  /** The sequence of play (flow.ts): the procedure running now is on top. */
  flow: ProcStack<RifleFrame>;
  /** The Action phase's secret plans, one seat per settlement still in play (null before the first turn). */
  orders: Submission<PlanEntry> | null;
  settlements: Settlement[];
  /** Turn whose plans were last revealed (0 = none yet). */
  revealedTurn: number;
  /** Public lines of what happened this turn (newest last, capped). */
  chronicle: string[];
}

/**
 * A frame of Rifle's sequence of play. `resolve` frames name their phase as
 * the step and keep, per settlement, how many of its steps have run.
 */
export type RifleFrame =
  | { proc: 'leaders'; step: 'pick' }
  | { proc: 'turn'; step: 'start' | 'plan' | 'resolve' }
  | { proc: 'plan'; step: 'orders' }
  | { proc: 'resolve'; step: ResolvePhase; at: Record<string, number> };

/** The procedure running now (none once the game has ended). */
export function frameOf(s: RifleState): RifleFrame | undefined {
  return s.flow.frames[s.flow.frames.length - 1];
}

/** Where the game is, as players know it (the turn procedure only passes through). */
export function stageOf(s: RifleState): Stage {
  const p = frameOf(s)?.proc;
  if (s.flow.ended || !p) return 'over';
  return p === 'turn' ? 'plan' : p;
}

/** The resolution phase running now (Hardship while none is). */
export function resolvePhaseOf(s: RifleState): ResolvePhase {
  const f = frameOf(s);
  return f?.proc === 'resolve' ? f.step : RESOLVE_PHASES[0];
}

export const RESOLVE_PHASES = ['hardship', 'mishap', 'raid', 'consume', 'seasonal', 'storage', 'happiness', 'end'] as const;
export type ResolvePhase = (typeof RESOLVE_PHASES)[number];

export const PHASE_NAMES: Record<ResolvePhase, string> = {
  hardship: 'Hardship Phase',
  mishap: 'Mishap Phase',
  raid: 'Raid Phase',
  consume: 'Consume Phase',
  seasonal: 'Seasonal Phase',
  storage: 'Storage Phase',
  happiness: 'Happiness Phase',
  end: 'End Phase',
};

export function seasonOf(turn: number): Season {
  return RULES.turns.seasons[(turn - 1) % 4];
}

export function yearOf(turn: number): number {
  return RULES.turns.firstYear + Math.floor((turn - 1) / 4);
}

export function seasonName(turn: number): string {
  const s = seasonOf(turn);
  return `${s[0].toUpperCase()}${s.slice(1)} ${yearOf(turn)}`;
}

export function startingResources(): Resources {
  return Object.fromEntries(RULES.resources.map((r) => [r.id, r.start])) as Resources;
}

export function startingStructures(): Structures {
  return Object.fromEntries(STRUCTURE_IDS.map((id) => [id, STRUCTURE[id].start])) as Structures;
}

/** Housing follows the structures that give it (Cabins, Blockhouses, Log Stations). */
export function housingOf(str: Structures): number {
  return STRUCTURE_IDS.reduce((a, id) => a + (STRUCTURE[id].housing ?? 0) * str[id], 0);
}

export function syncHousing(res: Resources, str: Structures): void {
  res.housing = housingOf(str);
}

/** Corral Pens hold 4 Horses each. */
export function horseRoom(str: Structures): number {
  return STRUCTURE_IDS.reduce((a, id) => a + (STRUCTURE[id].horseRoom ?? 0) * str[id], 0);
}

/** Gain horses up to the corral room; returns how many were actually kept. */
export function gainHorses(st: Settlement, n: number): number {
  const room = Math.max(0, horseRoom(st.str) - st.res.horses);
  const kept = Math.min(n, room);
  st.res.horses += kept;
  return kept;
}

export function storageRoom(st: { res: Resources; str: Structures }): number {
  return st.res.containers + STRUCTURE_IDS.reduce((a, id) => a + (STRUCTURE[id].storage ?? 0) * st.str[id], 0);
}

export interface FightParts {
  rifles: number;
  leader: number;
  structures: number;
  lye: number;
  militia: number;
  total: number;
  notes: string[];
}

/** Settler Fight Level (Rifles, Gunpowder, Metal, leader, structures, Lye, Militia). */
export function fightLevel(st: Settlement): FightParts {
  const notes: string[] = [];
  let rifles = st.res.rifles;
  if (st.res.gunpowder <= 0) {
    if (rifles > 0) notes.push('no Gunpowder: Rifles give nothing');
    rifles = 0;
  } else if (st.res.metal <= 0) {
    if (rifles > 0) notes.push('no Metal: half the Rifle bonus');
    rifles = Math.floor(rifles / 2);
  }
  const leader = st.leader ? LEADERS[st.leader].fight : 0;
  const structures = STRUCTURE_IDS.reduce((a, id) => a + (STRUCTURE[id].fight ?? 0) * st.str[id], 0);
  const lye = st.res.lye > 0 && st.str.blockhouse > 0 ? 1 : 0;
  const militia = st.militia > 0 ? 20 : 0;
  return { rifles, leader, structures, lye, militia, total: rifles + leader + structures + lye + militia, notes };
}

export function structureCount(str: Structures): number {
  return STRUCTURE_IDS.reduce((a, id) => a + str[id], 0);
}

export function measuresOf(st: Settlement, turn: number): Measures {
  return {
    turn,
    population: st.res.folk,
    happiness: st.res.happiness,
    builder: structureCount(st.str) + st.res.plots,
    prosperity: st.res.money,
    hoarder: st.res.grain + st.res.livestock + st.res.food,
  };
}

export function lose(st: Settlement, r: ResourceId, n: number): number {
  if (r === 'happiness') {
    st.res.happiness -= n;
    return n;
  }
  const lost = Math.min(Math.max(0, st.res[r]), n);
  st.res[r] -= lost;
  return lost;
}

export function loseFolk(st: Settlement, n: number): number {
  const lost = lose(st, 'folk', n);
  st.notes.folkLost += lost;
  return lost;
}

export function active(s: RifleState): Settlement[] {
  return s.settlements.filter((x) => !x.out);
}

export function byRole(s: RifleState, role: string): Settlement | undefined {
  return s.settlements.find((x) => x.role === role);
}

export function freshNotes(): TurnNotes {
  return { folkLost: 0, starvation: false, winter: null, fuelShort: false };
}

export function say(s: RifleState, line: string): void {
  s.chronicle.push(line);
  if (s.chronicle.length > 60) s.chronicle.splice(0, s.chronicle.length - 60);
}
