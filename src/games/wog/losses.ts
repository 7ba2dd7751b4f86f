// Phase 3 losses: hits remove strength points, then leaders, and each leader
// hit rolls on the Elimination Chart (killed, captured, routed).
import type { Ctx } from '../../engine/types.ts';
import { eliminationResult } from './data.ts';
import { capture, data, enemy, isKing, leaderName, leadersIn, note, rank, sideName, troopLabel, type Side, type Troop, type WogState } from './state.ts';

// Reading: the aid lets the owner choose losses within its limits; we take
// them in a fixed order so a round resolves without a decision per hit:
// infantry, longbowmen, gunners, mercenaries, knights (a knight covers 2 hits),
// other leaders' troops before the BC's, then leaders (lowest rank first), the BC last.
const ORDER: Troop['kind'][] = ['infantry', 'longbow', 'gunner', 'mercenary', 'knight'];

/** Take `hits` on `side` in `area`; returns the leaders hit (for Elimination rolls). */
export function takeHits(s: WogState, side: Side, area: string, bc: string, hits: number, ctx: Ctx): string[] {
  const hitLeaders: string[] = [];
  const removed: string[] = [];
  while (hits > 0) {
    const army = leadersIn(s, area, side).filter((l) => !hitLeaders.includes(l.id));
    if (!army.length) break;
    const owners = [...army.filter((l) => l.id !== bc), ...army.filter((l) => l.id === bc)];
    let done = false;
    for (const kind of ORDER) {
      const l = owners.find((x) => x.troops.some((t) => t.kind === kind));
      if (!l) continue;
      const i = l.troops.findIndex((t) => t.kind === kind);
      const t = l.troops.splice(i, 1)[0]!;
      removed.push(troopLabel(t));
      hits -= kind === 'knight' ? 2 : 1;
      // "If one mercenary takes a hit, all other mercenaries on that side are removed."
      if (kind === 'mercenary')
        for (const o of leadersIn(s, area, side)) {
          const n = o.troops.length;
          o.troops = o.troops.filter((x) => x.kind !== 'mercenary');
          for (let k = o.troops.length; k < n; k++) removed.push('mercenaries (broke)');
        }
      done = true;
      break;
    }
    if (done) continue;
    // Leaders can't be removed while they have troops; the BC is last.
    const bare = owners.filter((l) => l.troops.length === 0 && l.id !== bc).sort((a, b) => rank(s, a.id) - rank(s, b.id));
    const target = bare[0] ?? owners.find((l) => l.id === bc && l.troops.length === 0);
    if (!target) break;
    hitLeaders.push(target.id);
    hits -= 1;
  }
  if (removed.length) note(s, ctx, 'losses', `${sideName(side)} lose ${removed.join(', ')}.`);
  return hitLeaders;
}

/** One Elimination roll per leader hit. */
export function eliminate(s: WogState, ids: string[], ctx: Ctx): void {
  for (const id of ids) {
    const l = s.leaders[id]!;
    const side = l.owner!;
    const r = eliminationResult(data().charts, ctx.dice.d6(`Elimination: ${leaderName(s, id)}`));
    if (r === 'killed') {
      const king = isKing(s, id);
      s.killed.push({ id, side, rank: rank(s, id), king });
      if (king) s.kings[side] = null;
      l.where = 'dead';
      l.area = null;
      l.troops = [];
    } else if (r === 'captured') capture(s, id, enemy(side));
    else {
      l.where = 'routed';
      l.area = null;
      l.troops = [];
    }
    note(s, ctx, 'elimination', `${leaderName(s, id)} (${sideName(side)}) is ${r}.`);
  }
}
