// Views: Warriors of God has no hidden information (every counter is on the
// open map, prisons and boxes are public), so every viewer sees the same view.
import type { Json, Viewer } from '../../engine/types.ts';
import type { BattleFrame } from './battle.ts';
import { battleDice, braveryMods } from './battle-dice.ts';
import { pilesOf } from './piles.ts';
import { prisonersOf } from './prisoners.ts';
import { currentPhase, PHASE_NAMES } from './sequence.ts';
import { areaName, data, leaderData, leadersIn, sideName, troopLabel, type Side, type WogState } from './state.ts';

export interface WogLeaderView {
  id: string;
  name: string;
  side: string;
  rank: number;
  battle: number;
  bravery: number;
  king: boolean;
  disgraced: boolean;
  troops: string[];
  [k: string]: Json;
}

export interface WogBattleView {
  area: string;
  /** Rounds rolled so far. */
  round: number;
  /** Battle commanders' names (null: not chosen yet). */
  bc: Record<Side, string | null>;
  aggressor: string | null;
  misses: number;
  /** The last round's dice, as told. */
  rolls: string[];
  /** Battle dice each side would roll now and its bravery modifier (once both commanders are chosen). */
  dice: Record<Side, { dice: number; mod: number }> | null;
  [k: string]: Json;
}

export interface WogView {
  game: 'wog';
  scenario: string;
  scenarioName: string;
  turn: number;
  year: number;
  phase: string;
  ip: string | null;
  impulses: Record<Side, number>;
  vp: number;
  control: Record<string, string | null>;
  areas: {
    id: string;
    name: string;
    value: number | null;
    control: string | null;
    leaders: WogLeaderView[];
    loose: string[];
    aggressor: string | null;
    /** Consecutive aggressor misses (Phase 3 miss markers). */
    misses: number;
  }[];
  /** Leader names in each side's prison (the captor's box). */
  prisons: Record<Side, string[]>;
  /** Routed leaders by side, to be placed again in Phase 9. */
  routed: Record<Side, string[]>;
  /** The Elimination Chart: leaders killed in battle this turn (scored in Phase 11). */
  killed: { name: string; side: string; king: boolean }[];
  /** The future leader piles still on the turn track, by turn (Phases 8-9). */
  piles: { turn: number; leaders: { name: string; side: string; rank: number }[] }[];
  kings: Record<Side, string | null>;
  /** The kings' names (null: no king). */
  kingNames: Record<Side, string | null>;
  log: string[];
  over: string | null;
  /** The area being fought over (Phase 3 battle, its losses, retreat or flight), for the close-up image. */
  battle: WogBattleView | null;
  [k: string]: Json;
}

/** The innermost battle frame (a battle's losses, retreat and flight run above it). */
const battleFrame = (s: WogState): BattleFrame | undefined =>
  [...s.stack.frames].reverse().find((x) => x.proc === 'battle' && typeof x.area === 'string') as BattleFrame | undefined;

/**
 * The phase label (a change posts a snapshot): in Phase 3 it names the battle
 * and the last round whose losses are done, so each battle and each settled
 * round gets its map and close-up.
 */
export function phaseLabel(s: WogState): string {
  if (s.stack.ended) return 'Game over';
  const b = currentPhase(s) === 'battles' ? battleFrame(s) : undefined;
  if (b) return `Turn ${s.turn} · Phase 3: Battle in ${areaName(b.area)}${b.settled ? `, after round ${b.settled}` : ''}`;
  return `Turn ${s.turn} · ${PHASE_NAMES[currentPhase(s)]}`;
}

function battleView(s: WogState): WogBattleView | null {
  const f = battleFrame(s);
  if (!f) return null;
  const name = (id: string | null) => (id ? leaderData(s, id).name : null);
  const v: WogBattleView = {
    area: f.area,
    round: f.round,
    bc: { english: name(f.bc.english), french: name(f.bc.french) },
    aggressor: s.aggressor[f.area] ?? null,
    misses: s.misses[f.area] ?? 0,
    rolls: [...(f.rolls ?? [])],
    dice: null,
  };
  const { english, french } = f.bc;
  const here = (id: string | null) => id !== null && s.leaders[id]!.where === 'map' && s.leaders[id]!.area === f.area;
  if (here(english) && here(french)) {
    const bc = { english: english!, french: french! };
    const mods = braveryMods(s, bc);
    const d = (side: Side) => ({ dice: battleDice(s, side, f.area, bc[side]).dice, mod: mods[side] });
    v.dice = { english: d('english'), french: d('french') };
  }
  return v;
}

const names = (s: WogState, ids: string[]): string[] => ids.map((id) => leaderData(s, id).name);

export function buildView(s: WogState, _viewer: Viewer): WogView {
  const leader = (id: string): WogLeaderView => {
    const l = s.leaders[id]!;
    const d = leaderData(s, id);
    return {
      id,
      name: d.name,
      side: l.owner ?? 'nonaligned',
      rank: d.rank,
      battle: d.battle,
      bravery: d.bravery,
      king: s.kings.english === id || s.kings.french === id,
      disgraced: !!l.disgraced,
      troops: l.troops.map(troopLabel),
    };
  };
  const roster = data().rosters[s.scenario].scenario;
  const all = Object.values(s.leaders);
  return {
    game: 'wog',
    scenario: s.scenario,
    scenarioName: roster.name,
    turn: s.turn,
    year: roster.turnYears[s.turn - 1]!,
    phase: phaseLabel(s),
    ip: s.ip,
    impulses: { ...s.impulses },
    vp: s.vp,
    control: { ...s.control },
    areas: data().map.areas.map((a) => ({
      id: a.id,
      name: a.name,
      value: a.value,
      control: s.control[a.id] ?? null,
      leaders: leadersIn(s, a.id).map((l) => leader(l.id)),
      loose: (s.loose[a.id] ?? []).map(troopLabel),
      aggressor: s.aggressor[a.id] ?? null,
      misses: s.misses[a.id] ?? 0,
    })),
    prisons: { english: names(s, prisonersOf(s, 'english')), french: names(s, prisonersOf(s, 'french')) },
    routed: {
      english: names(
        s,
        all.filter((l) => l.where === 'routed' && l.owner === 'english').map((l) => l.id),
      ),
      french: names(
        s,
        all.filter((l) => l.where === 'routed' && l.owner === 'french').map((l) => l.id),
      ),
    },
    killed: s.killed.map((k) => ({ name: leaderData(s, k.id).name, side: k.side, king: k.king })),
    piles: Object.entries(pilesOf(s))
      .map(([t, ids]) => ({
        turn: Number(t),
        leaders: ids
          .filter((id) => s.leaders[id]!.where === 'future')
          .map((id) => ({ name: leaderData(s, id).name, side: leaderData(s, id).side, rank: leaderData(s, id).rank })),
      }))
      .filter((p) => p.leaders.length)
      .sort((a, b) => a.turn - b.turn),
    kings: { ...s.kings },
    kingNames: {
      english: s.kings.english && leaderData(s, s.kings.english).name,
      french: s.kings.french && leaderData(s, s.kings.french).name,
    },
    log: s.log.slice(-12),
    over: s.stack.ended?.summary ?? null,
    battle: battleView(s),
  };
}

export function summarize(v: WogView, _viewer: Viewer): string {
  const lead = v.vp === 0 ? 'VP level' : `${v.vp > 0 ? 'English' : 'French'} lead by ${Math.abs(v.vp)} VP`;
  const lines = [
    `Warriors of God, ${v.scenarioName}: turn ${v.turn} (${v.year}), ${v.phase}. ${lead}.${v.ip ? ` Initiative: ${sideName(v.ip as Side)}.` : ''}`,
  ];
  // The news first (a battle, its prisoners, the dead and routed), so a clipped summary never hides who was captured.
  if (v.battle) {
    const b = v.battle;
    const rounds = b.round ? ` (${b.round} round${b.round > 1 ? 's' : ''})` : '';
    lines.push(
      `Battle in ${areaName(b.area)}${rounds}: commanders ${b.bc.english ?? '?'} (English), ${b.bc.french ?? '?'} (French).` +
        `${b.rolls.length ? ` Last round: ${b.rolls.join(' ')}` : ''}`,
    );
  }
  for (const side of ['english', 'french'] as Side[]) {
    if (v.prisons[side].length) lines.push(`In the ${sideName(side)} prison: ${v.prisons[side].join(', ')}.`);
    if (v.routed[side].length) lines.push(`${sideName(side)} routed: ${v.routed[side].join(', ')}.`);
  }
  if (v.killed.length)
    lines.push(`Killed in battle this turn: ${v.killed.map((k) => `${k.name} (${k.side}${k.king ? ', king' : ''})`).join(', ')}.`);
  const held = (side: string) => v.areas.filter((a) => a.control === side).map((a) => a.name);
  lines.push(`English control: ${held('english').join(', ') || 'none'}. French control: ${held('french').join(', ') || 'none'}.`);
  for (const a of v.areas)
    if (a.leaders.length) {
      const misses = a.misses ? `, ${a.misses} miss${a.misses > 1 ? 'es' : ''}` : '';
      const marks = a.aggressor ? ` {${a.aggressor} aggressor${misses}}` : '';
      const leader = (l: WogLeaderView) =>
        `${l.name} ${l.side[0]!.toUpperCase()} ${l.rank}★${l.king ? ' king' : ''}` +
        `${l.disgraced ? ' disgraced' : ''} +${l.troops.length} SP`;
      lines.push(
        `${a.name}${a.value ? ` (${a.value})` : ' (neutral)'}${a.control ? ` [${a.control}]` : ''}${marks}: ` +
          `${a.leaders.map(leader).join('; ')}`,
      );
    }
  lines.push(`Kings: ${v.kingNames.english ?? 'none'} (English), ${v.kingNames.french ?? 'none'} (French).`);
  const next = v.piles[0];
  const pileLeader = (l: WogView['piles'][number]['leaders'][number]) => `${l.name} (${l.side} ${l.rank}★)`;
  if (next) lines.push(`Future leader pile, turn ${next.turn}: ${next.leaders.map(pileLeader).join(', ')}.`);
  if (v.over) lines.push(v.over);
  return lines.join('\n');
}

export { areaName };
