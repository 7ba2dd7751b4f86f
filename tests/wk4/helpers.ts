// Shared set-ups for WK4 tests: a fresh campaign state and forced dice.
import { forcedDice } from '../engine/forced-dice.ts';
import type { Ctx, GameEvent } from '../../src/engine/types.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import type { Order } from '../../src/games/wk4/orders.ts';
import type { Wk4State } from '../../src/games/wk4/state.ts';

export function ctxWith(faces: number[] = [], events: GameEvent[] = []): Ctx {
  return forcedDice('wk4-test', faces, events).ctx;
}

export function fresh(raw: Record<string, string | number | boolean> = { nations: 2 }): Wk4State {
  return wk4.setup(wk4.parseOptions(raw), ctxWith());
}

/** Orders written straight into a nation's sheet (as if typed and accepted). */
export const give = (s: Wk4State, n: string, orders: Order[]): number => s.sub.seats[n].items.push(...(orders as never[]));

/** Every nation final: the season is adjudicated (engine umpire) and the preliminary results published. */
export function season(s: Wk4State, faces: number[] = []): { kind: string; text: string; to?: string[] }[] {
  const events: GameEvent[] = [];
  const ctx = ctxWith(faces, events);
  for (const n of s.order) if (!s.sub.seats[n].final) wk4.apply(s, n, { type: 'final' }, ctx);
  return events as { kind: string; text: string; to?: string[] }[];
}
