// Phase Eight: Determine Leader Death (Leader Death Chart by turns since
// entry). The dead leave the board, their troops unassigned, and their heirs
// come forward in the future leader piles (piles.ts).
import type { Ctx } from '../../engine/types.ts';
import { deathAge, diesOf } from './data.ts';
import { heirsComeForward } from './piles.ts';
import { data, leaderData, leaderName, note, type WogState } from './state.ts';
import { plural } from '../../messages/text.ts';

/** Every leader in play rolls (map, prison, routed box); the dead leave their troops unassigned. */
export function leaderDeath(s: WogState, ctx: Ctx): void {
  const dead: string[] = [];
  for (const l of Object.values(s.leaders)) {
    if (l.where !== 'map' && l.where !== 'prison' && l.where !== 'routed') continue;
    const d = leaderData(s, l.id);
    const die = ctx.dice.d6(`Death: ${d.name}`);
    if (!diesOf(data().charts, d, s.turn, die)) continue;
    if (l.area) s.loose[l.area]!.push(...l.troops);
    l.troops = [];
    l.where = 'dead';
    l.area = null;
    delete l.captor;
    for (const side of ['english', 'french'] as const) if (s.kings[side] === l.id) s.kings[side] = null;
    note(s, ctx, 'death', `${leaderName(s, l.id)} dies (age ${plural(deathAge(d, s.turn), 'turn')}, rolled ${die}).`);
    dead.push(l.id);
  }
  // Leaders killed in this turn's battles are dead too (on the Elimination Chart until Phase 11).
  heirsComeForward(s, [...s.killed.map((k) => k.id), ...dead], ctx);
}
