// Shared helpers for the KPW tests: a game driven through the engine runner
// with forced dice.
import { expect } from 'vitest';
import { applyAction, createGame, type Envelope } from '../../src/engine/runner.ts';
import type { Action, GameEvent, LegalAction } from '../../src/engine/types.ts';
import { kpw } from '../../src/games/kpw/index.ts';
import type { KpwState } from '../../src/games/kpw/state.ts';

export interface G {
  env: Envelope<KpwState>;
  events: GameEvent[];
}

export function game(opts: Record<string, string | boolean> = {}, seed = 'kpw-test'): G {
  const { env, events } = createGame(kpw, opts, seed);
  return { env, events: [...events] };
}

export const s = (g: G): KpwState => g.env.game;

export function force(g: G, ...faces: number[]): void {
  g.env.dice.forced.push(...faces);
}

export function legal(g: G, role: 'english' | 'indian'): LegalAction[] {
  return kpw.legal(g.env.game, role);
}

export function asked(g: G): string {
  return kpw.prompts(g.env.game)[0]?.role ?? 'nobody';
}

export function act(g: G, role: 'english' | 'indian', action: Action): GameEvent[] {
  const r = applyAction(kpw, g.env, role, action);
  g.env = r.env as Envelope<KpwState>;
  g.events.push(...r.events);
  return r.events;
}

export function rejects(g: G, role: 'english' | 'indian', action: Action, re: RegExp): void {
  expect(() => applyAction(kpw, g.env, role, action)).toThrow(re);
}

export const texts = (evs: GameEvent[]): string => evs.map((e) => e.text).join('\n');

export function unit(g: G, id: string) {
  return g.env.game.units[id];
}

export function loc(g: G, id: string): string | null {
  const u = g.env.game.units[id];
  return u.where === 'map' ? u.loc : u.where;
}

/** Phase 1 on turn 1 with the Church die forced high. */
export function skipChurch(g: G, face = 6): void {
  force(g, face);
  act(g, 'english', { type: 'roll' });
}

/** End phases/moves until the prompt matches (for fast-forwarding). */
export function endUntil(g: G, pred: () => boolean, max = 50): void {
  for (let i = 0; i < max && !pred(); i++) {
    const role = asked(g) as 'english' | 'indian';
    const l = legal(g, role);
    const pickOne = l.find((x) => ['end', 'decline', 'stand', 'pass', 'stay', 'stop'].includes(x.sub)) ?? l[0];
    act(g, role, pickOne.action);
  }
  expect(pred()).toBe(true);
}

export function phase(g: G): string {
  return kpw.phase(g.env.game);
}

/** Empty the map (units back to the pool), keeping sites and tracks. */
export function clearMap(g: G): void {
  for (const u of Object.values(s(g).units)) {
    if (u.where === 'map') {
      u.where = 'pool';
      u.loc = null;
      u.str = u.kind === 'soldier' || u.kind === 'warrior' || u.kind === 'allied' ? 2 : 0;
    }
  }
}

export function put(g: G, id: string, at: string, str?: number): void {
  const u = s(g).units[id];
  if (!u) throw new Error(`no unit ${id}`);
  u.where = 'map';
  u.loc = at;
  if (str !== undefined) u.str = str;
}

/** Jump to a movement phase of the given side on the current turn. */
export function startMove(g: G, side: 'english' | 'indian'): void {
  const st = s(g);
  st.moved = 0;
  st.markers = 0;
  for (const u of Object.values(st.units)) u.moved = false;
  st.stack.frames = [
    { proc: 'turn', step: side === 'indian' ? 'indMove' : 'engMove', started: true },
    { proc: 'move', step: 'select', side },
  ];
}

/** Jump to a combat phase with these Battle markers placed. */
export function startCombat(g: G, side: 'english' | 'indian', battles: [string, string][]): void {
  const st = s(g);
  st.battles = battles.map(([from, to], i) => ({ id: `t${i + 1}`, side, from, to, river: false, fought: false }));
  st.stack.frames = [
    { proc: 'turn', step: side === 'indian' ? 'indCombat' : 'engCombat', started: true },
    { proc: 'combat', step: 'choose', side, attacked: [] },
  ];
}

/** Resolve battle t1 with all units, forcing the dice. */
export function fight(g: G, side: 'english' | 'indian', id: string, ...dice: number[]): GameEvent[] {
  force(g, ...dice);
  return act(g, side, { type: 'fight', battle: id, units: 'all' });
}

/** End turn 1's movement phases and roll turn 2's Church roll (6: no Church); optionally take the English reinforcements with their first choice. */
export function toTurn2(g: G, placeReinforcements = true): void {
  act(g, 'indian', { type: 'end' });
  act(g, 'english', { type: 'end' });
  force(g, 6);
  act(g, 'english', { type: 'roll' });
  if (placeReinforcements) while (asked(g) === 'english') act(g, 'english', legal(g, 'english')[0].action);
}
