// Warriors of God game state: plain JSON (replays exactly), plus the small
// lookups every phase shares (who is where, who controls what, border limits).
import type { ProcStack } from '../../engine/procstack.ts';
import type { Ctx } from '../../engine/types.ts';
import { linkBetween, wogData, type ScenarioId, type WogArea, type WogLeader } from './data.ts';

export type Side = 'english' | 'french';
export const SIDES: Side[] = ['english', 'french'];
export const enemy = (s: Side): Side => (s === 'english' ? 'french' : 'english');
export const sideName = (s: Side): string => (s === 'english' ? 'English' : 'French');

/** One strength point (counter). flag: knights/longbow flag; home: a mercenary's neutral home. */
export interface Troop {
  kind: 'infantry' | 'knight' | 'gunner' | 'longbow' | 'mercenary';
  flag?: string;
  home?: string;
}

export type Where = 'future' | 'map' | 'pool' | 'prison' | 'routed' | 'dead';

export interface LeaderState {
  id: string;
  /** The side playing him; null for a non-aligned leader nobody has taken yet. */
  owner: Side | null;
  where: Where;
  area: string | null;
  troops: Troop[];
  /** Prison: the captor. */
  captor?: Side;
  disgraced?: boolean;
}

export interface WogOptions {
  scenario: ScenarioId;
}

export interface WogState {
  scenario: ScenarioId;
  turn: number;
  /** Initiative player; null before the first initiative roll. */
  ip: Side | null;
  impulses: Record<Side, number>;
  /** Zero-sum VP: positive = English lead, negative = French lead. */
  vp: number;
  control: Record<string, Side | null>;
  leaders: Record<string, LeaderState>;
  kings: Record<Side, string | null>;
  /** Unassigned troops by area (neutral areas hold their mercenaries here). */
  loose: Record<string, Troop[]>;
  /** Aggressor marker by area (Phase 2/9), removed in Phase 4. */
  aggressor: Record<string, Side>;
  /** Consecutive aggressor misses by area (Phase 3). */
  misses: Record<string, number>;
  /** Leaders killed in battle this turn (Phase 11), with whether each was a king. */
  killed: { id: string; side: Side; rank: number; king: boolean }[];
  /** Future leader piles by turn (Phases 8 and 9): the leaders still to come. */
  piles: Record<string, string[]>;
  /** Per-area raise limits used this turn (Phase 5). */
  raised: Record<string, { sp: number; knight: boolean; gunner: boolean }>;
  stack: ProcStack;
  log: string[];
}

export const data = () => wogData();
export const area = (id: string): WogArea => data().graph.node(id);
export const areaName = (id: string): string => area(id).name;
/** Typed text compared without case, accents or punctuation ("ile de france" is "Ile-de-France" and "ile_de_france"). */
export const normName = (x: string): string =>
  x
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** An area's id from its id or its name as typed (a probe passes options as typed); null if none. */
export function areaIdOf(typed: string): string | null {
  const t = normName(typed);
  return data().map.areas.find((a) => normName(a.id) === t || normName(a.name) === t)?.id ?? null;
}

/** An area as a person reads it: its name when the text names one, else the text as typed, quoted. */
export const areaText = (typed: string): string => {
  const id = areaIdOf(typed);
  return id ? areaName(id) : `"${typed}"`;
};

const rosterCache = new Map<string, Map<string, WogLeader>>();
export function leaderData(s: { scenario: ScenarioId }, id: string): WogLeader {
  let m = rosterCache.get(s.scenario);
  if (!m) rosterCache.set(s.scenario, (m = new Map(data().rosters[s.scenario].leaders.map((l) => [l.id, l]))));
  const l = m.get(id);
  if (!l) throw new Error(`unknown leader ${id}`);
  return l;
}
export const leaderName = (s: WogState, id: string): string => leaderData(s, id).name;

/** A leader's id from his id or his name as typed; null if none of this scenario. */
export function leaderIdOf(s: { scenario: ScenarioId }, typed: string): string | null {
  const t = normName(typed);
  return data().rosters[s.scenario].leaders.find((l) => normName(l.id) === t || normName(l.name) === t)?.id ?? null;
}

/**
 * Leaders typed as a list joined with '+' (names may hold commas: "Jean, Duke
 * of Normandy (Jean II)"), each by id or name; unknown ones kept as typed.
 */
export function leaderListOf(s: { scenario: ScenarioId }, typed: string): { ids: string[]; unknown: string[] } {
  const parts = typed
    .split('+')
    .map((x) => x.trim())
    .filter(Boolean);
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const p of parts) {
    const id = leaderIdOf(s, p);
    if (id) ids.push(id);
    else unknown.push(p);
  }
  return { ids, unknown };
}
export const rank = (s: WogState, id: string): number => leaderData(s, id).rank;

export function note(s: WogState, ctx: Ctx, kind: string, text: string): void {
  s.log.push(text);
  if (s.log.length > 60) s.log.splice(0, s.log.length - 60);
  ctx.emit({ kind, text });
}

/**
 * Every leader record, in roster order. Cached per `leaders` object because
 * Object.values over 77 keys dominated legal() and the bot (leadersIn is called
 * hundreds of times per action). Sound because setup creates every leader once
 * and the rules only mutate them in place (tests/wog/speed.test.ts checks it).
 */
const allCache = new WeakMap<Record<string, LeaderState>, LeaderState[]>();
function allLeaders(s: WogState): LeaderState[] {
  let all = allCache.get(s.leaders);
  if (!all) allCache.set(s.leaders, (all = Object.values(s.leaders)));
  return all;
}

/** Leaders of `side` on the map in an area (all sides when side is undefined). */
export function leadersIn(s: WogState, a: string, side?: Side): LeaderState[] {
  const out: LeaderState[] = [];
  for (const l of allLeaders(s)) if (l.where === 'map' && l.area === a && (side === undefined || l.owner === side)) out.push(l);
  return out;
}

export function onMap(s: WogState, side?: Side): LeaderState[] {
  const out: LeaderState[] = [];
  for (const l of allLeaders(s)) if (l.where === 'map' && (side === undefined || l.owner === side)) out.push(l);
  return out;
}

export const nip = (s: WogState): Side => enemy(s.ip ?? 'english');
/** nIP first, then IP: the order of Phases 5, 6, 9 and 10. */
export const nipFirst = (s: WogState): Side[] => [nip(s), s.ip ?? 'english'];

export function isKing(s: WogState, id: string): boolean {
  return s.kings.english === id || s.kings.french === id;
}

/** Troop strength of a leader's army: the leader counts as 1 SP (Phase 3). */
export const armySp = (l: LeaderState): number => 1 + l.troops.length;
export const command = (s: WogState, id: string): number => data().charts.leaders.commandPerRank * rank(s, id);

/**
 * Leaders that may cross from `from` to `to` at once (Phase 2 border limits,
 * also used by retreats), or 0 when the areas are not adjacent.
 */
export function borderLimit(s: WogState, side: Side, from: string, to: string): number {
  const m = data().charts.movement;
  const kind = linkBetween(data().graph, from, to);
  if (kind === null) return 0;
  if (kind !== 'sea') return m[kind];
  if (s.control[to] === side) return m.seaToFriendly;
  if (side === 'english' && s.control[from] === 'english') return m.englishSeaFromFriendly;
  return m.seaOther;
}

export const neighbors = (a: string): string[] => [
  ...new Set(
    data()
      .graph.neighbors(a)
      .map((n) => n.to),
  ),
];

/** Areas where both sides have leaders (Phase 3). */
export function contested(s: WogState): string[] {
  return data()
    .map.areas.map((a) => a.id)
    .filter((a) => leadersIn(s, a, 'english').length > 0 && leadersIn(s, a, 'french').length > 0);
}

export function troopLabel(t: Troop): string {
  if (t.kind === 'knight') return `${t.flag === 'burgundian' ? 'Burgundian chevalier' : t.flag === 'french' ? 'chevalier' : 'knight'}`;
  if (t.kind === 'longbow') return `${t.flag === 'welsh' ? 'Welsh' : 'English'} longbowmen`;
  if (t.kind === 'mercenary') return `mercenaries (${t.home ? areaName(t.home) : '?'})`;
  return t.kind;
}
export const troopKey = (t: Troop): string => [t.kind, t.flag ?? '', t.home ?? ''].join(':');

/** The side a leader would fight for; null for an untaken non-aligned leader. */
export const ownerOf = (s: WogState, id: string): Side | null => s.leaders[id]?.owner ?? null;

/** Captured: to the captor's prison, troops removed (Phase 3). */
export function capture(s: WogState, id: string, captor: Side): void {
  const l = s.leaders[id]!;
  l.where = 'prison';
  l.captor = captor;
  l.area = null;
  l.troops = [];
  l.disgraced = false;
}
