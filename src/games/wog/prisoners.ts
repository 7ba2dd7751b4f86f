// Phase Seven: Dispose of Captured Leaders. Equal stars are exchanged (the
// exchanged go to the routed boxes), then each side may ransom its own
// imprisoned leaders by giving up control of an area of value ≥ rank.
import { RuleError } from '../../engine/errors.ts';
import { type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
import { raiseProc, type SidesFrame } from './raise.ts';
import { area, areaName, data, leaderName, note, rank, sideName, type Side, type WogState } from './state.ts';

const RULE = 'WoG Phase 7';

export const prisonersOf = (s: WogState, captor: Side): string[] =>
  Object.values(s.leaders)
    .filter((l) => l.where === 'prison' && l.captor === captor)
    .map((l) => l.id)
    .sort();

function sums(s: WogState, ids: string[]): Map<number, string[]> {
  const out = new Map<number, string[]>([[0, []]]);
  for (const id of ids.slice(0, 12))
    for (const [sum, set] of [...out]) {
      const n = sum + rank(s, id);
      if (!out.has(n)) out.set(n, [...set, id]);
    }
  return out;
}

/**
 * Reading: the aid lets the IP choose the combinations; we exchange the most
 * stars both prisons can match, taking the first combination found.
 */
export function exchangePrisoners(s: WogState, ctx: Ctx): number {
  const e = sums(s, prisonersOf(s, 'english'));
  const f = sums(s, prisonersOf(s, 'french'));
  const best = Math.max(...[...e.keys()].filter((k) => f.has(k)));
  if (best <= 0) return 0;
  const out = [...e.get(best)!, ...f.get(best)!];
  for (const id of out) {
    const l = s.leaders[id]!;
    l.where = 'routed';
    delete l.captor;
  }
  note(s, ctx, 'exchange', `Prisoners exchanged (${best} stars each): ${out.map((id) => leaderName(s, id)).join(', ')}.`);
  return best;
}

function ransomLegal(s: WogState, side: Side): LegalAction[] {
  const out: LegalAction[] = [];
  for (const id of prisonersOf(s, side === 'english' ? 'french' : 'english'))
    for (const a of data().map.areas)
      if (s.control[a.id] === side && (a.value ?? 0) >= rank(s, id))
        out.push(act('ransom', `Ransom ${leaderName(s, id)} (${rank(s, id)}★) by giving up ${areaName(a.id)} (value ${a.value})`, { leader: id, area: a.id }, { leader: leaderName(s, id), area: areaName(a.id) }));
  out.push(act('done', 'Done: leave the rest to rot'));
  return out;
}

export const ransomProc: Procedure<WogState, SidesFrame> = {
  prompts: (s, f) => [{ role: f.sides[0]!, text: 'Ransom your captured leaders (/wog ransom) or leave them to rot (/wog done).', decision: `t${s.turn}:ransom:${f.sides[0]}` }],
  legal: (s, f, role) => (role === f.sides[0] ? ransomLegal(s, role as Side) : []),
  auto(s, f, ctx) {
    // Nobody to ransom: nothing to ask.
    while (f.sides.length && ransomLegal(s, f.sides[0]!).length === 1) f.sides.shift();
    return raiseProc.auto!(s, f, ctx);
  },
  apply(s, f, role, a, ctx) {
    const side = f.sides[0]!;
    if (role !== side) throw new RuleError(RULE, `The ${sideName(side)} decide on ransoms now.`);
    mustBeLegal(ransomLegal(s, side), a, RULE, 'A ransom gives up control of one of your areas of value at least the leader\'s rank.');
    if (a.type === 'ransom') {
      const l = s.leaders[String(a.leader)]!;
      l.where = 'routed';
      delete l.captor;
      s.control[String(a.area)] = null;
      note(s, ctx, 'ransom', `${sideName(side)} ransom ${leaderName(s, l.id)}, giving up ${area(String(a.area)).name}.`);
    } else f.sides.shift();
  },
};
