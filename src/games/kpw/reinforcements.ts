// 10.1 Reinforcements (English phase 2, Indian phase 4; none on turn 1),
// returning leaders, and 10.2 muskets.
import type { Ctx } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import { kpwData } from './data.ts';
import { MUSKET } from './placement.ts';
import { note, type KpwState, type Side, unitList } from './state.ts';

const ENGLISH_DUE: Record<string, number> = { MA: 2, PL: 1, RI: 1, CT: 1 };

function tribeReinf(tribe: string): number {
  const { charts } = kpwData();
  return (
    charts.startingTribes.find((r) => r.tribe === tribe)?.reinforcements ??
    charts.alliance.find((r) => r.tribe === tribe)?.reinforcements ??
    0
  );
}

/** Leaders whose turn on the track has come (13.5). */
function returning(s: KpwState, side: Side): string[] {
  const due = unitList(s).filter((u) => u.side === side && u.where === 'track' && (u.returnTurn ?? 99) <= s.turn);
  const out: string[] = [];
  for (const u of due) {
    // 13.6: the successor of a Sachem (or a wounded Canonchet) whose tribe has surrendered
    // stays off the map with his tribe, and comes back with it if it returns to the war.
    if (u.side === 'indian' && s.tribes[u.owner]?.status === 'surrendered') {
      u.where = 'pool';
      u.returnTurn = undefined;
      u.wasAt = null;
      continue;
    }
    out.push(u.id);
  }
  return out;
}

/** Queue this phase's reinforcements for placement; true if anything is due. */
export function pushReinforcements(s: KpwState, side: Side, ctx: Ctx): boolean {
  const items: string[] = [];
  if (side === 'english') {
    for (const [c, st] of Object.entries(s.colonies)) {
      if (st.devastated) continue;
      const due = ENGLISH_DUE[c] + st.delayed;
      st.delayed = 0;
      const pool = unitList(s).filter((u) => u.kind === 'soldier' && u.owner === c && u.where === 'pool');
      items.push(...pool.slice(0, due).map((u) => u.id));
    }
  } else {
    for (const [t, st] of Object.entries(s.tribes)) {
      if (st.status !== 'allied' || st.devastated) continue;
      const due = tribeReinf(t) + st.delayed;
      st.delayed = 0;
      const pool = unitList(s).filter((u) => u.kind === 'warrior' && u.owner === t && u.where === 'pool' && u.wasAt === undefined);
      items.push(...pool.slice(0, due).map((u) => u.id));
    }
  }
  items.push(...returning(s, side));
  if (!items.length) return false;
  note(
    s,
    ctx,
    'reinforcements',
    `${side === 'english' ? 'English' : 'Indian'} reinforcements due: ${items.map((id) => s.units[id].name).join(', ')}.`,
  );
  call(s.stack, { proc: 'place', step: 'place', side, purpose: 'reinf', items });
  return true;
}

/** 10.2: the Musket markers on this turn's box go to war bands in river or port spaces. */
export function pushMuskets(s: KpwState): boolean {
  const n = s.muskets.filter((t) => t === s.turn).length;
  if (!n) return false;
  s.muskets = s.muskets.filter((t) => t !== s.turn);
  call(s.stack, { proc: 'place', step: 'place', side: 'indian', purpose: 'musket', items: Array(n).fill(MUSKET) });
  return true;
}
