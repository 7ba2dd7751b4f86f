// The state of a Warrior Kings IV campaign: plain JSON (it is logged,
// replayed and compared). Rules code mutates a draft of it.
import { top, type ProcStack } from '../../engine/procstack.ts';
import type { Submission } from '../../engine/submissions.ts';
import type { Json, Role } from '../../engine/types.ts';
import type { Trait } from './data.ts';

export type HexId = string;
export const SEASONS = ['spring', 'summer', 'fall', 'winter'] as const;
export type Season = (typeof SEASONS)[number];

export interface Wk4Options {
  nations: number;
  /** 'engine': every umpire determination takes its documented default; 'human': a moderator joins as umpire. */
  umpire: 'engine' | 'human';
  map: 'full' | 'small';
  /** Campaign length in years (the game ends after the Winter of the last year if nobody has won). */
  years: number;
  /** Seats the built-in AI takes at the start (the last ones). */
  bots: number;
}

export interface Unit {
  id: string;
  type: string;
  steps: number;
  /** New units are green until they have fought (Unit Experience Rating). */
  green: boolean;
}

/** An army (battle groups) or a fleet (ships) formed around a lord. */
export interface Force {
  id: string;
  nation: Role;
  lord: string;
  naval: boolean;
  hex: HexId;
  units: Unit[];
  /** Hexes moved this season (Spent Troops: -2 when it marched its maximum). */
  moved: number;
  /** Where it entered its hex from this season (retreat sides), null when it did not move. */
  cameFrom: HexId | null;
  /** Armies this fleet carries (transports) during a sea move. */
  carrying: string[];
  /** Carried aboard a fleet this season (not on the map as an army until it lands). */
  aboard: string | null;
}

export interface Lord {
  id: string;
  nation: Role;
  name: string;
  trait: Trait;
  status: 'free' | 'dead' | 'captured';
  capturedBy: Role | null;
}

export interface Nation {
  id: Role;
  name: string;
  alive: boolean;
  treasury: number;
  ap: number;
  /** Battle groups it may field (supply centres held at the end of the last Fall). */
  manpower: number;
  /** Reserve pool: unit type -> count (bought in Winter, activated later). */
  reserve: Record<string, number>;
  /** Cities whose militia is funded this season. */
  militia: string[];
}

/** A battle, siege or naval battle as fought (reports and the picture). */
export interface BattleRecord {
  id: string;
  hex: HexId;
  kind: 'field' | 'siege' | 'naval' | 'landing';
  attacker: Role[];
  defender: Role[];
  lines: string[];
  winner: 'attacker' | 'defender' | null;
  [k: string]: Json;
}

/**
 * Something the rules leave to the umpire: the engine proposes `choice`
 * (the default, already applied) among `options`; the umpire accepts it,
 * picks another option or overrides with a note.
 */
export interface Proposal {
  id: string;
  kind: 'retreat' | 'divert' | 'exploit' | 'counterattack' | 'initiative' | 'surprise';
  text: string;
  /** Who it concerns (their report shows the ruling). */
  nations: Role[];
  options: { id: string; label: string }[];
  choice: string;
  status: 'proposed' | 'accepted' | 'edited' | 'overridden';
  note: string | null;
  /** What the option applies to (a force id). */
  force: string | null;
  [k: string]: Json;
}

export interface Challenge {
  nation: Role;
  reason: string;
  ruling: string | null;
}

export type Stage = 'orders' | 'initiative' | 'review' | 'challenges' | 'ruling' | 'over';

/**
 * Where the season is, read from the flow: the procedure the campaign has
 * called (orders, initiative, review, challenges, ruling), or over once the
 * game has ended. (Games stored before this kept it in a `stage` field: upgrade.ts.)
 */
export function stageOf(s: Wk4State): Stage {
  if (s.stack.ended) return 'over';
  const frame = top(s.stack);
  if (frame.proc !== 'campaign') return frame.proc as Stage;
  return frame.step === 'start' ? 'orders' : (frame.step as Stage);
}

/** One line of the season report: public, or for some nations only. */
export interface ReportLine {
  text: string;
  to: Role[] | null;
}

export interface Wk4State {
  options: Wk4Options;
  nations: Record<Role, Nation>;
  /** Seat order (initiative's last tie-break before the umpire). */
  order: Role[];
  lords: Record<string, Lord>;
  forces: Record<string, Force>;
  /** Centre id -> owner. */
  owner: Record<string, Role | null>;
  /** Pairs at war, "a|b" with a < b. */
  wars: string[];
  /** Alliance id -> members. */
  alliances: Record<string, Role[]>;
  year: number;
  season: Season;
  sub: Submission<Json>;
  /** Initiative order of the season's movement. */
  initiative: Role[];
  battles: BattleRecord[];
  proposals: Proposal[];
  challenges: Challenge[];
  /** Nations done with the challenge window. */
  challengeDone: Role[];
  /** Rulings of the umpire (and the engine as umpire), in order. */
  rulings: string[];
  report: ReportLine[];
  /** Siege rounds fought in a row at a hex (Siege Battle: a column left each successive round). */
  siegeRounds: Record<HexId, number>;
  /** Centres captured this season, by hex (Air Movement: flyers may not land in them). */
  captured: HexId[];
  /** Side crossings this season: "side|bloc" -> battle groups. */
  crossings: Record<string, number>;
  /** Public facts as last made official (what spectators see). */
  official: {
    owner: Record<string, Role | null>;
    wars: string[];
    alliances: Record<string, Role[]>;
    year: number;
    season: Season;
    battles: string[];
  };
  nextId: number;
  stack: ProcStack;
}

export const warKey = (a: Role, b: Role): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
export const atWar = (s: Wk4State, a: Role, b: Role): boolean => a !== b && s.wars.includes(warKey(a, b));
export const allianceOf = (s: Wk4State, n: Role): string | null => Object.keys(s.alliances).find((k) => s.alliances[k].includes(n)) ?? null;
export const allied = (s: Wk4State, a: Role, b: Role): boolean => {
  if (a === b) return true;
  const al = allianceOf(s, a);
  return al !== null && s.alliances[al].includes(b);
};
/** Side limits apply per player or alliance (Land Movement Side Limits). */
export const blocOf = (s: Wk4State, n: Role): string => allianceOf(s, n) ?? n;
export const newId = (s: Wk4State, prefix: string): string => `${prefix}${++s.nextId}`;
export const nationName = (s: Wk4State, n: Role | null): string => (n ? (s.nations[n]?.name ?? n) : 'nobody');
export const liveNations = (s: Wk4State): Role[] => s.order.filter((n) => s.nations[n].alive);
export const seasonName = (s: { year: number; season: Season }): string =>
  `${s.season[0].toUpperCase()}${s.season.slice(1)} of year ${s.year}`;
export const forcesOf = (s: Wk4State, n: Role): Force[] => Object.values(s.forces).filter((f) => f.nation === n);
export const forcesAt = (s: Wk4State, hex: HexId): Force[] => Object.values(s.forces).filter((f) => f.hex === hex && !f.aboard);
export const lordOf = (s: Wk4State, f: Force): Lord => s.lords[f.lord];
