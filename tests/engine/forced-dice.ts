// A rules test's Ctx whose dice come from a queue of forced faces (the dice
// state's `forced` queue), with the events it emitted: shared by the games' helpers.
import { Dice, newDiceState } from '../../src/engine/dice.ts';
import type { Ctx, GameEvent } from '../../src/engine/types.ts';

export interface ForcedDice {
  ctx: Ctx;
  events: GameEvent[];
  /** Queue more faces. */
  force(...faces: number[]): void;
  /** Faces not rolled yet. */
  left(): number;
  /** Every emitted event's text, one per line. */
  text(): string;
}

export function forcedDice(seed: string, faces: number[] = [], events: GameEvent[] = []): ForcedDice {
  const st = newDiceState(seed);
  st.forced.push(...faces);
  const emit = (e: GameEvent) => events.push(e);
  return {
    ctx: { dice: new Dice(st, emit), emit },
    events,
    force: (...f) => st.forced.push(...f),
    left: () => st.forced.length,
    text: () => events.map((e) => e.text).join('\n'),
  };
}
