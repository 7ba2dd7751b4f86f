// Shared set-ups for WK4 tests: a fresh campaign state and forced dice.
import { Dice, newDiceState } from '../../src/engine/dice.ts';
import type { Ctx, GameEvent } from '../../src/engine/types.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import type { Wk4State } from '../../src/games/wk4/state.ts';

export function ctxWith(faces: number[] = [], events: GameEvent[] = []): Ctx {
  const st = newDiceState('wk4-test');
  st.forced.push(...faces);
  const emit = (e: GameEvent) => events.push(e);
  return { dice: new Dice(st, emit), emit };
}

export function fresh(raw: Record<string, string | number | boolean> = { nations: 2 }): Wk4State {
  return wk4.setup(wk4.parseOptions(raw), ctxWith());
}
