// Views: Warriors of God has no hidden information (every counter is on the
// open map, prisons and boxes are public), so every viewer sees the same view.
import type { Json, Viewer } from '../../engine/types.ts';
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
  }[];
  prisons: Record<Side, string[]>;
  kings: Record<Side, string | null>;
  /** The kings' names (null: no king). */
  kingNames: Record<Side, string | null>;
  log: string[];
  over: string | null;
  /** The area being fought over (Phase 3 battle, its losses, retreat or flight), for the snapshot's zoomed inset. */
  battle: { area: string; round: number } | null;
  [k: string]: Json;
}

export function phaseLabel(s: WogState): string {
  return s.over ? 'Game over' : `Turn ${s.turn} · ${PHASE_NAMES[currentPhase(s)]}`;
}

/** The innermost battle frame's area (a battle's losses and retreat run above it). */
function battleArea(s: WogState): WogView['battle'] {
  const f = [...s.stack.frames].reverse().find((x) => x.proc === 'battle' && typeof x.area === 'string');
  return f ? { area: String(f.area), round: Number(f.round ?? 0) } : null;
}

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
    })),
    prisons: {
      english: Object.values(s.leaders)
        .filter((l) => l.where === 'prison' && l.captor === 'english')
        .map((l) => l.id),
      french: Object.values(s.leaders)
        .filter((l) => l.where === 'prison' && l.captor === 'french')
        .map((l) => l.id),
    },
    kings: { ...s.kings },
    kingNames: {
      english: s.kings.english && leaderData(s, s.kings.english).name,
      french: s.kings.french && leaderData(s, s.kings.french).name,
    },
    log: s.log.slice(-12),
    over: s.over?.summary ?? null,
    battle: battleArea(s),
  };
}

export function summarize(v: WogView, _viewer: Viewer): string {
  const lead = v.vp === 0 ? 'VP level' : `${v.vp > 0 ? 'English' : 'French'} lead by ${Math.abs(v.vp)} VP`;
  const lines = [
    `Warriors of God, ${v.scenarioName}: turn ${v.turn} (${v.year}), ${v.phase}. ${lead}.` +
      `${v.ip ? ` Initiative: ${sideName(v.ip as Side)}.` : ''}`,
  ];
  const held = (side: string) => v.areas.filter((a) => a.control === side).map((a) => a.name);
  lines.push(`English control: ${held('english').join(', ') || 'none'}. French control: ${held('french').join(', ') || 'none'}.`);
  for (const a of v.areas)
    if (a.leaders.length)
      lines.push(
        `${a.name}${a.value ? ` (${a.value})` : ' (neutral)'}${a.control ? ` [${a.control}]` : ''}: ` +
          `${a.leaders.map((l) => `${l.name} ${l.side[0]!.toUpperCase()} ${l.rank}★${l.king ? ' king' : ''} +${l.troops.length} SP`).join('; ')}`,
      );
  lines.push(`Kings: ${v.kingNames.english ?? 'none'} (English), ${v.kingNames.french ?? 'none'} (French).`);
  for (const side of ['english', 'french'] as Side[])
    if (v.prisons[side].length) lines.push(`In the ${sideName(side)} prison: ${v.prisons[side].join(', ')}.`);
  if (v.over) lines.push(v.over);
  return lines.join('\n');
}

export { areaName };
