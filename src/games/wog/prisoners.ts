// Phase Seven: Dispose of Captured Leaders. Equal stars are exchanged (the
// exchanged go to the routed boxes), then each side may ransom its own
// imprisoned leaders by giving up control of an area of value ≥ rank.
import { RuleError } from '../../engine/errors.ts';
import type { Procedure } from '../../engine/flow.ts';
import { goTo } from '../../engine/procstack.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
import { raiseProc, type SidesFrame } from './raise.ts';
import { area, areaName, data, leaderName, nip, note, rank, sideName, type Side, type WogState } from './state.ts';

const RULE = 'WoG Phase 7';

export const prisonersOf = (s: WogState, captor: Side): string[] =>
  Object.values(s.leaders)
    .filter((l) => l.where === 'prison' && l.captor === captor)
    .map((l) => l.id)
    .sort();

/** Every subset (by star total) of a prison, first 12 prisoners. */
function subsetsBySum(s: WogState, ids: string[]): Map<number, string[][]> {
  const out = new Map<number, string[][]>([[0, [[]]]]);
  for (const id of ids.slice(0, 12))
    for (const [sum, sets] of [...out].map(([k, v]) => [k, [...v]] as const)) {
      const n = sum + rank(s, id);
      const list = out.get(n) ?? [];
      for (const set of sets) list.push([...set, id]);
      out.set(n, list);
    }
  return out;
}

/**
 * The exchanges open to the IP: the most stars both prisons can match, in
 * every combination of leaders (the aid: "combinations decided by IP").
 * Reading: the exchange itself is not optional.
 */
export function exchangeOptions(s: WogState): { stars: number; english: string[]; french: string[] }[] {
  const heldByE = subsetsBySum(s, prisonersOf(s, 'english'));
  const heldByF = subsetsBySum(s, prisonersOf(s, 'french'));
  const best = Math.max(...[...heldByE.keys()].filter((k) => heldByF.has(k)));
  if (best <= 0) return [];
  const out: { stars: number; english: string[]; french: string[] }[] = [];
  // english: English leaders freed from the French prison; french: French leaders freed from the English prison.
  for (const f of heldByE.get(best)!) for (const e of heldByF.get(best)!) out.push({ stars: best, english: e, french: f });
  return out.slice(0, 200);
}

function doExchange(s: WogState, ids: string[], stars: number, ctx: Ctx): void {
  for (const id of ids) {
    const l = s.leaders[id]!;
    l.where = 'routed';
    delete l.captor;
  }
  note(s, ctx, 'exchange', `Prisoners exchanged (${stars} stars each): ${ids.map((id) => leaderName(s, id)).join(', ')}.`);
}

/** The first exchange open (tests and the automatic case); returns the stars exchanged. */
export function exchangePrisoners(s: WogState, ctx: Ctx): number {
  const o = exchangeOptions(s)[0];
  if (!o) return 0;
  doExchange(s, [...o.english, ...o.french], o.stars, ctx);
  return o.stars;
}

const names = (s: WogState, ids: string[]): string => ids.map((id) => leaderName(s, id)).join(', ');

function exchangeLegal(s: WogState): LegalAction[] {
  return exchangeOptions(s).map((o) =>
    act(
      'exchange',
      `Exchange ${names(s, o.english)} (English) for ${names(s, o.french)} (French), ${o.stars} stars each`,
      { english: o.english.join('+'), french: o.french.join('+') },
      { english: names(s, o.english), french: names(s, o.french) },
    ),
  );
}

export interface ExchangeFrame {
  proc: 'exchange';
  step: 'go';
  [k: string]: unknown;
}

/** Phase 7 step 1: the IP picks the combination when there is more than one; then the ransoms. */
export const exchangeProc: Procedure<WogState, ExchangeFrame> = {
  prompts: (s) => [
    { role: s.ip!, text: 'Choose which prisoners are exchanged (/wog exchange).', decision: `t${s.turn}:exchange`, buttons: true },
  ],
  legal: (s, _f, role) => (role === s.ip ? exchangeLegal(s) : []),
  auto(s, _f, ctx) {
    const opts = exchangeOptions(s);
    if (opts.length > 1) return false;
    if (opts.length === 1) exchangePrisoners(s, ctx);
    goTo(s.stack, { proc: 'ransom', step: 'go', sides: [s.ip!, nip(s)] });
    return true;
  },
  apply(s, _f, role, a, ctx) {
    if (role !== s.ip) throw new RuleError(RULE, 'The initiative player decides the combinations.');
    mustBeLegal(exchangeLegal(s), a, RULE, 'Exchange equal stars of leaders, as many as both prisons can match.');
    const ids = [...String(a.english).split('+'), ...String(a.french).split('+')].filter(Boolean);
    doExchange(s, ids, exchangeOptions(s)[0]!.stars, ctx);
    goTo(s.stack, { proc: 'ransom', step: 'go', sides: [s.ip!, nip(s)] });
  },
};

function ransomLegal(s: WogState, side: Side): LegalAction[] {
  const out: LegalAction[] = [];
  for (const id of prisonersOf(s, side === 'english' ? 'french' : 'english'))
    for (const a of data().map.areas)
      if (s.control[a.id] === side && (a.value ?? 0) >= rank(s, id))
        out.push(
          act(
            'ransom',
            `Ransom ${leaderName(s, id)} (${rank(s, id)}★) by giving up ${areaName(a.id)} (value ${a.value})`,
            { leader: id, area: a.id },
            { leader: leaderName(s, id), area: areaName(a.id) },
          ),
        );
  out.push(act('done', 'Done: leave the rest to rot'));
  return out;
}

export const ransomProc: Procedure<WogState, SidesFrame> = {
  prompts: (s, f) => [
    {
      role: f.sides[0]!,
      text: 'Ransom your captured leaders (/wog ransom) or leave them to rot (/wog done).',
      decision: `t${s.turn}:ransom:${f.sides[0]}`,
      buttons: true,
    },
  ],
  legal: (s, f, role) => (role === f.sides[0] ? ransomLegal(s, role as Side) : []),
  auto(s, f, ctx) {
    // Nobody to ransom: nothing to ask.
    while (f.sides.length && ransomLegal(s, f.sides[0]!).length === 1) f.sides.shift();
    return raiseProc.auto!(s, f, ctx);
  },
  apply(s, f, role, a, ctx) {
    const side = f.sides[0]!;
    if (role !== side) throw new RuleError(RULE, `The ${sideName(side)} decide on ransoms now.`);
    mustBeLegal(ransomLegal(s, side), a, RULE, "A ransom gives up control of one of your areas of value at least the leader's rank.");
    if (a.type === 'ransom') {
      const l = s.leaders[String(a.leader)]!;
      l.where = 'routed';
      delete l.captor;
      s.control[String(a.area)] = null;
      note(s, ctx, 'ransom', `${sideName(side)} ransom ${leaderName(s, l.id)}, giving up ${area(String(a.area)).name}.`);
    } else f.sides.shift();
  },
};
