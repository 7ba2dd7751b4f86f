// Shared helpers for the Rifle and Axe tests: games with forced dice.
import { expect } from 'vitest';
import { applyAction, createGame, type Envelope, type LogEntry } from '../../src/engine/runner.ts';
import type { Action, GameEvent } from '../../src/engine/types.ts';
import { rifle, type RifleState } from '../../src/games/rifle/index.ts';
import { planOf } from '../../src/games/rifle/plan.ts';
import { endRifle } from '../../src/games/rifle/flow/end.ts';
import { stageOf, type PlanEntry, type Settlement } from '../../src/games/rifle/state.ts';

export interface G {
  env: Envelope<RifleState>;
  events: GameEvent[];
  log: LogEntry[];
}

export function newGame(players = 1, seed = 't', raw: Record<string, number | boolean> = {}): G {
  const { env, events } = createGame(rifle, { players, ...raw }, seed);
  return { env, events, log: [] };
}

export function force(g: G, ...faces: number[]): void {
  g.env.dice.forced.push(...faces);
}

export function act(g: G, role: string, action: Action): GameEvent[] {
  const r = applyAction(rifle, g.env, role, action);
  g.env = r.env;
  g.events.push(...r.events);
  g.log.push({ seq: g.log.length + 1, role, action });
  return r.events;
}

export function st(g: G, role = 'p1'): Settlement {
  return g.env.game.settlements.find((s) => s.role === role)!;
}

/**
 * Pick leaders (in seat order) and start turn 1 with forced dice: per
 * settlement a foal d6 and a Boon d10 (default 1 → no foal, 7 Good Times).
 */
export function start(g: G, leaders: string[], opts: { foal?: number[]; boon?: number[] } = {}): void {
  const n = g.env.game.settlements.length;
  for (let i = 0; i < n; i++) {
    // Only the last pick starts the turn and rolls; queue dice before it.
    if (i === n - 1) for (let k = 0; k < n; k++) force(g, opts.foal?.[k] ?? 1, opts.boon?.[k] ?? 7);
    act(g, `p${i + 1}`, { type: 'leader', leader: leaders[i] });
  }
  expect(stageOf(g.env.game)).toBe('plan');
  expect(g.env.dice.forced).toEqual([]);
}

/** The settlement's plan so far (its orders in the Action phase's submission). */
export function planNow(g: G, role = 'p1'): PlanEntry[] {
  return planOf(g.env.game, st(g, role));
}

/** End the game here (awards tests). */
export function endHere(g: G): void {
  endRifle(g.env.game);
}

export function legalTypes(g: G, role = 'p1'): Action[] {
  return rifle.legal(g.env.game, role).map((l) => l.action);
}

export function texts(events: GameEvent[]): string {
  return events
    .filter((e) => e.kind !== 'roll')
    .map((e) => e.text)
    .join('\n');
}

export { rifle };
