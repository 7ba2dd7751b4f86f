// Timing of one season of a full campaign (used by npm run bench; not a test).
import seedrandom from 'seedrandom';
import { applyAction, createGame, type Envelope } from '../../src/engine/runner.ts';
import { stageOf } from '../../src/games/wk4/state.ts';
import type { GameModule } from '../../src/engine/types.ts';

/**
 * Play `seasons` seasons of an 11-nation campaign with the AI nations; for
 * each, the time of the last "final" (the reveal: the engine adjudicates the
 * season and, as umpire, takes its defaults). Returns ms per season.
 */
export function adjudicationTimes(mod: GameModule<any, any>, seasons: number, seed = 'wk4-bench'): { times: number[]; orders: number } {
  let env = createGame(mod, { nations: 11, years: 20 }, seed).env as Envelope<any>;
  const rand = seedrandom(seed);
  const times: number[] = [];
  let orders = 0;
  while (times.length < seasons && mod.result(env.game).status !== 'over') {
    const prompts = mod.prompts(env.game);
    const p = prompts[0];
    const legal = mod.legal(env.game, p.role);
    const pick = mod.bot!(env.game, p.role, legal, { rand: () => rand.quick() });
    const last = pick.action.type === 'final' && prompts.length === 1 && stageOf(env.game) === 'orders';
    if (pick.action.type === 'order') orders++;
    const t = performance.now();
    env = applyAction(mod, env, p.role, pick.action, true, legal).env as Envelope<any>;
    if (last) times.push(performance.now() - t);
  }
  return { times, orders };
}
