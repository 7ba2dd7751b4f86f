// Scenario setup: starting control, positions, kings, two mercenaries in each
// neutral area; the two starting non-aligned leaders are picked by a roll
// (public WOG-NOTES: high roller picks one, the English win ties).
import type { Ctx } from '../../engine/types.ts';
import { initialPiles } from './piles.ts';
import { data, type LeaderState, type WogOptions, type WogState } from './state.ts';

export function initialState(o: WogOptions): WogState {
  const d = data();
  const roster = d.rosters[o.scenario];
  const control: WogState['control'] = {};
  const loose: WogState['loose'] = {};
  for (const a of d.map.areas) {
    control[a.id] = null;
    loose[a.id] = [];
    if (a.mercenaries) for (let i = 0; i < a.mercenaries.start; i++) loose[a.id]!.push({ kind: 'mercenary', home: a.id });
  }
  for (const id of roster.setup.control.english) control[id] = 'english';
  for (const id of roster.setup.control.french) control[id] = 'french';
  const pos = new Map(roster.setup.positions.map((p) => [p.leader, p.area]));
  const leaders: Record<string, LeaderState> = {};
  for (const l of roster.leaders) {
    const area = pos.get(l.id) ?? null;
    leaders[l.id] = {
      id: l.id,
      owner: l.side === 'nonaligned' ? null : l.side,
      where: area ? 'map' : 'future',
      area,
      troops: [],
    };
    // Starting leaders raise their rank in infantry, as a leader placed at home does (Phase 9). Ours.
    if (area) for (let i = 0; i < l.rank; i++) leaders[l.id]!.troops.push({ kind: 'infantry' });
  }
  return {
    scenario: o.scenario,
    turn: 1,
    ip: null,
    impulses: { english: 0, french: 0 },
    vp: 0,
    control,
    leaders,
    kings: { ...roster.setup.kings },
    loose,
    aggressor: {},
    misses: {},
    killed: [],
    piles: initialPiles(o.scenario),
    raised: {},
    stack: { frames: [{ proc: 'turn', step: 'setup' }] },
    log: [],
  };
}

/** Roll for the first non-aligned pick; returns who picks. */
export function rollNonAlignedPick(s: WogState, ctx: Ctx): 'english' | 'french' {
  const e = ctx.dice.d6('Non-aligned pick (English)');
  const f = ctx.dice.d6('Non-aligned pick (French)');
  const who = f > e ? 'french' : 'english';
  s.log.push(`Non-aligned pick: English ${e}, French ${f}: the ${who} pick first.`);
  ctx.emit({ kind: 'setup', text: s.log.at(-1)! });
  return who;
}
