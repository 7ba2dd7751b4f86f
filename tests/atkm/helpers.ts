// Shared helpers for the ATKM rules tests: a battle with units put by hand,
// and a Ctx whose dice are forced (the dice state's `forced` queue).
import { forcedDice, type ForcedDice } from '../engine/forced-dice.ts';
import { cardFrame, syncTeams } from '../../src/games/atkm/cards.ts';
import { machine } from '../../src/games/atkm/flow.ts';
import { parseAtkmOptions } from '../../src/games/atkm/index.ts';
import { initialState, makeUnit } from '../../src/games/atkm/setup.ts';
import { cardRank, cardSide, type AtkmState, type Side, type Unit, type UnitType } from '../../src/games/atkm/state.ts';

export type T = ForcedDice;

export const dice = (...faces: number[]): T => forcedDice('atkm-test', faces);

/** A battle with no units yet, turn 1, each side one general rated 2 (options override). */
export function blank(raw: Record<string, string | number | boolean> = {}): AtkmState {
  const s = initialState(parseAtkmOptions(raw), dice().ctx);
  s.units = {};
  s.order = [];
  s.turn = 1;
  s.stack = { frames: [{ proc: 'turn', step: 'draw' }] };
  s.deck = { draw: [], discard: [] };
  return s;
}

let n = 0;
/** Add a unit: full strength green regular unless `over` says otherwise. */
export function put(s: AtkmState, side: Side, type: UnitType, over: Partial<Unit> = {}): Unit {
  const u = { ...makeUnit(side, type, n, 'regular', n), ...over };
  u.id = over.id ?? `${side}-${type}-${n++}`;
  s.units[u.id] = u;
  s.order.push(u.id);
  s.sides[side].startUnits = s.order.filter((id) => s.units[id]!.side === side).length;
  return u;
}

/** Play `card` (e.g. '7H'): the card's procedure on top of a turn that is drawing. */
export function play(s: AtkmState, card: string): void {
  s.card = card;
  s.deck.discard.push(card);
  s.stack.frames = [{ proc: 'turn', step: 'draw' }, cardFrame(s, card, cardSide(card), cardRank(card))];
  syncTeams(s, machine.prompts(s));
}

export const top = (s: AtkmState) => s.stack.frames.at(-1)!;
export const subs = (s: AtkmState, role: Side): string[] => [...new Set(machine.legal(s, role).map((l) => l.sub))];
export const labels = (s: AtkmState, role: Side): string[] => machine.legal(s, role).map((l) => l.label);
