// The WK4 AI against players choosing uniformly among their legal actions:
// one seat is the bot, every other nation random, the engine umpires. Used by
// tests/wk4/bot.test.ts (a few seeds) and the bots bench; run directly to
// measure the win rate of every seat:
// `npx tsx tests/wk4/bot-vs-random.ts [games per seat] [nations] [first seed]`.
import seedrandom from 'seedrandom';
import { applyAction, createGame } from '../../src/engine/runner.ts';
import type { Role } from '../../src/engine/types.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import { nationIds, parseOptions } from '../../src/games/wk4/setup.ts';
import { breathe } from '../setup/breathe.ts';

export interface BotGame {
  seat: Role;
  seed: string;
  /** The bot is among the winners (alone or with allies, or tied on VP at the end). */
  won: boolean;
  /** Won alone (no ally, no tie). */
  alone: boolean;
  winners: Role[];
  steps: number;
}

/** The seats of an `nations`-nation campaign (small map up to 4). */
export const wk4Seats = (nations = 4): Role[] => nationIds(parseOptions({ nations }));

/** The campaign's start and its player's dice. */
function start(seat: Role, seed: string, nations: number) {
  return { env: createGame(wk4, { nations }, seed).env, rand: seedrandom(`${seed}:${seat}:players`) };
}

/** One step: the result when the campaign is over, else the next action played (the bot on `seat`, random elsewhere). */
function step(seat: Role, seed: string, game: ReturnType<typeof start>, steps: number): BotGame | null {
  const { env, rand } = game;
  const r = wk4.result(env.game);
  if (r.status === 'over')
    return { seat, seed, won: r.winners.includes(seat), alone: r.winners.length === 1 && r.winners[0] === seat, winners: r.winners, steps };
  const prompts = wk4.prompts(env.game);
  const p = prompts[Math.floor(rand.quick() * prompts.length)];
  const legal = wk4.legal(env.game, p.role);
  const pick =
    p.role === seat ? wk4.bot!(env.game, p.role, legal, { rand: () => rand.quick() }) : legal[Math.floor(rand.quick() * legal.length)];
  game.env = applyAction(wk4, env, p.role, pick.action, true, legal).env;
  return null;
}

/** One campaign: `seat` played by the bot, the others at random. */
export function botVsRandom(seat: Role, seed: string, nations = 4): BotGame {
  const game = start(seat, seed, nations);
  for (let steps = 0; steps < 200_000; steps++) {
    const done = step(seat, seed, game, steps);
    if (done) return done;
  }
  throw new Error(`WK4 ${seat} vs random, seed ${seed}: no result`);
}

/** The same campaign, letting the event loop turn between steps (for tests: tests/setup/event-loop.ts). */
export async function botVsRandomAsync(seat: Role, seed: string, nations = 4): Promise<BotGame> {
  const game = start(seat, seed, nations);
  for (let steps = 0; steps < 200_000; steps++) {
    const done = step(seat, seed, game, steps);
    if (done) return done;
    await breathe();
  }
  throw new Error(`WK4 ${seat} vs random, seed ${seed}: no result`);
}

/** Win rate of the bot on `seat` over `games` seeded campaigns. */
export function botWinRate(seat: Role, games: number, nations = 4, first = 0): { won: number; alone: number; games: number } {
  let won = 0;
  let alone = 0;
  for (let i = 0; i < games; i++) {
    const g = botVsRandom(seat, `wk4-bvr-${nations}-${i + first}`, nations);
    if (g.won) won++;
    if (g.alone) alone++;
  }
  return { won, alone, games };
}

if (process.argv[1]?.endsWith('bot-vs-random.ts')) {
  const [games = '100', nations = '4', first = '0', only = ''] = process.argv.slice(2);
  for (const seat of wk4Seats(Number(nations))) {
    if (only && seat !== only) continue;
    const t = Date.now();
    const r = botWinRate(seat, Number(games), Number(nations), Number(first));
    console.log(
      `${seat}: ${r.won}/${r.games} (${Math.round((100 * r.won) / r.games)} %), alone ${r.alone}, in ${Math.round((Date.now() - t) / 1000)} s`,
    );
  }
}
