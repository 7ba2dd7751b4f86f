// Shared helpers for the WoG rules tests: an empty board, leaders put by
// hand, and a Ctx whose dice are forced (the dice state's `forced` queue).
import { forcedDice, type ForcedDice } from '../engine/forced-dice.ts';
import { machine } from '../../src/games/wog/sequence.ts';
import { initialState } from '../../src/games/wog/setup.ts';
import type { Side, Troop, WogState } from '../../src/games/wog/state.ts';

export type T = ForcedDice;

export const dice = (...faces: number[]): T => forcedDice('wog-test', faces);

/** The scenario's data with nobody on the map, nothing controlled, English initiative. */
export function blank(scenario: 'hyw' | 'liw' = 'hyw'): WogState {
  const s = initialState({ scenario });
  for (const l of Object.values(s.leaders)) Object.assign(l, { where: 'future', area: null, troops: [] });
  for (const k of Object.keys(s.control)) s.control[k] = null;
  s.ip = 'english';
  s.kings = { english: null, french: null };
  return s;
}

export const inf = (n: number): Troop[] => Array.from({ length: n }, () => ({ kind: 'infantry' as const }));

export function put(s: WogState, id: string, area: string, owner: Side, troops: Troop[] = []): void {
  Object.assign(s.leaders[id]!, { where: 'map', area, owner, troops: [...troops] });
}

/** Start Phase 3 (the turn frame waits at Phase 4) and run until someone must decide. */
export function startBattles(s: WogState, t: T): void {
  s.stack.frames = [
    { proc: 'turn', step: 'control', now: 'battles' },
    { proc: 'battles', step: 'pick' },
  ];
  machine.run(s, t.ctx);
}

export const top = (s: WogState) => s.stack.frames.at(-1)!;
export const subs = (s: WogState, role: Side): string[] => machine.legal(s, role).map((l) => l.sub);
