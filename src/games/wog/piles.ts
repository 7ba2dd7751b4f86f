// The future leader piles (Phases 8 and 9): the leaders still to come, one
// pile per turn on the turn track, by entry turn. Phase 9 takes the coming
// turn's pile; Phase 8 removes dead leaders from the board "adding to future
// leader piles as appropriate": our reading (data/wog/README.md) is that a
// dead leader's heir, if he is still in a later pile, comes forward to the
// pile that arrives in this turn's Phase 9.
import type { Ctx } from '../../engine/types.ts';
import { data, leaderData, leaderName, note, type WogState } from './state.ts';

/** Piles by turn (turn 2 onward: turn-1 leaders are the setup), each in roster order. */
export function initialPiles(scenario: WogState['scenario']): Record<string, string[]> {
  const piles: Record<string, string[]> = {};
  for (const l of data().rosters[scenario].leaders) if (l.entryTurn > 1) (piles[String(l.entryTurn)] ??= []).push(l.id);
  return piles;
}

/** The piles of a state (read only: a game stored before the piles existed gets them from the entry turns). */
export function pilesOf(s: WogState): Record<string, string[]> {
  if ((s as Partial<WogState>).piles) return s.piles;
  const piles = initialPiles(s.scenario);
  for (const [t, ids] of Object.entries(piles)) piles[t] = ids.filter((id) => s.leaders[id]!.where === 'future');
  return piles;
}

/** The piles to change (stored on the state from now on). */
const ownPiles = (s: WogState): Record<string, string[]> => (s.piles = pilesOf(s));

/** Phase 9: the pile of `turn` leaves the turn track; its leaders still to come are returned. */
export function takePile(s: WogState, turn: number): string[] {
  const piles = ownPiles(s);
  const ids = (piles[String(turn)] ?? []).filter((id) => s.leaders[id]!.where === 'future');
  delete piles[String(turn)];
  return ids;
}

/** The turn whose pile holds a leader still to come, or null. */
export function pileOf(s: WogState, id: string): number | null {
  for (const [t, ids] of Object.entries(pilesOf(s))) if (ids.includes(id)) return Number(t);
  return null;
}

/**
 * Phase 8: for each leader dead this turn, his heir comes forward to the pile
 * arriving in this turn's Phase 9 (turn + 1), if he is still in a later pile.
 */
export function heirsComeForward(s: WogState, dead: string[], ctx: Ctx): void {
  const piles = ownPiles(s);
  const next = s.turn + 1;
  if (next > data().charts.vpTrack.turns) return; // the last turn: no Phase 9 to come
  for (const id of dead) {
    const heir = leaderData(s, id).heir;
    if (!heir || s.leaders[heir]!.where !== 'future') continue;
    const from = pileOf(s, heir);
    if (from === null || from <= next) continue;
    // "As appropriate": not before he is of an age to lead (historically sound: no heir enters unborn or a child).
    const year = data().rosters[s.scenario].scenario.turnYears[next - 1]!;
    if (year - leaderData(s, heir).born < data().charts.leaders.heirMinAge) continue;
    piles[String(from)] = piles[String(from)]!.filter((x) => x !== heir);
    if (!piles[String(from)]!.length) delete piles[String(from)];
    (piles[String(next)] ??= []).push(heir);
    note(
      s,
      ctx,
      'heir',
      `${leaderName(s, heir)}, heir of ${leaderName(s, id)}, comes forward from the turn ${from} pile: he arrives in this Phase 9.`,
    );
  }
}
