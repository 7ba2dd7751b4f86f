// Engine-only playouts shared by fuzz tests and the benchmark.
import seedrandom from 'seedrandom';
import { applyAction, createGame, type Envelope, type LogEntry } from '../../src/engine/runner.ts';
import type { GameEvent, GameRules, LegalAction, Prompt, Role } from '../../src/engine/types.ts';
import { breathe } from '../setup/breathe.ts';

export interface Playout {
  env: Envelope<any>;
  log: LogEntry[];
  steps: number;
}

type Raw = Record<string, string | number | boolean>;
export interface PlayoutOptions {
  random?: boolean;
  /** The only seats the bot plays; the others play at random. */
  bots?: Role[];
  maxSteps?: number;
  /** After every step: the new envelope, who acted, and the step's events. */
  each?: (env: Envelope<any>, role: Role, events: GameEvent[]) => void;
  /**
   * Before every step while the game is on (the first included): each prompt
   * with its legal actions. They are enumerated once, for this and for the
   * pick: a test that checks every prompt's list need not enumerate it again.
   */
  offered?: (env: Envelope<any>, offers: Offer[]) => void;
}

export interface Offer {
  prompt: Prompt;
  legal: LegalAction[];
}

/** The game played one step per iteration; its return value is the finished playout. */
function* steps(mod: GameRules<any, any, any>, raw: Raw, seed: string, opts: PlayoutOptions): Generator<void, Playout> {
  let { env } = createGame(mod, raw, seed);
  const rand = seedrandom(`${seed}:players`);
  const log: LogEntry[] = [];
  const max = opts.maxSteps ?? 50_000;
  for (let i = 0; i < max; i++) {
    if (mod.result(env.game).status === 'over') return { env, log, steps: i };
    const prompts = mod.prompts(env.game);
    if (!prompts.length) throw new Error(`Dead end at step ${i}: no prompt but the game is not over (${mod.phase(env.game)}).`);
    const offers = opts.offered && prompts.map((prompt) => ({ prompt, legal: mod.legal(env.game, prompt.role) }));
    if (offers) opts.offered!(env, offers);
    const chosen = Math.floor(rand.quick() * prompts.length);
    const p = prompts[chosen];
    const legal = offers ? offers[chosen].legal : mod.legal(env.game, p.role);
    if (!legal.length)
      throw new Error(`Dead end at step ${i}: ${p.role} is asked "${p.text}" but has no legal action (${mod.phase(env.game)}).`);
    const pick =
      mod.bot && (opts.bots ? opts.bots.includes(p.role) : !opts.random)
        ? mod.bot(env.game, p.role, legal, { rand: () => rand.quick() })
        : legal[Math.floor(rand.quick() * legal.length)];
    const step = applyAction(mod, env, p.role, pick.action, true, legal);
    env = step.env;
    log.push({ seq: i + 1, role: p.role, action: pick.action });
    opts.each?.(env, p.role, step.events);
    yield;
  }
  throw new Error(`No result after ${max} steps (${mod.phase(env.game)}).`);
}

/**
 * Play a game to its end with the module's bot (or uniformly random legal
 * actions; `bots` names the only seats the bot plays, the others play at
 * random), calling `each` after every step. Throws on a dead end.
 */
export function playout(mod: GameRules<any, any, any>, raw: Raw, seed: string, opts: PlayoutOptions = {}): Playout {
  const game = steps(mod, raw, seed, opts);
  for (;;) {
    const next = game.next();
    if (next.done) return next.value;
  }
}

/** The same playout in a test: it lets the event loop turn as it goes (tests/setup/breathe.ts). */
export async function playoutAsync(mod: GameRules<any, any, any>, raw: Raw, seed: string, opts: PlayoutOptions = {}): Promise<Playout> {
  const game = steps(mod, raw, seed, opts);
  for (;;) {
    const next = game.next();
    if (next.done) return next.value;
    await breathe();
  }
}
