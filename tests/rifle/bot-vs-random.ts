// The Rifle and Axe bot against players choosing uniformly among their legal
// moves (issue 22: each bot must beat random play on every seat): one seat is
// the bot, the others random; a game counts for the bot when its settlement
// is still in play at the end (survived the five years, or outlasted the
// others). Shared by the bots bench and the bot test.
import seedrandom from 'seedrandom';
import { applyAction, createGame } from '../../src/engine/runner.ts';
import { rifle } from '../../src/games/rifle/index.ts';

export interface SeatRate {
  seat: string;
  games: number;
  survived: number;
  /** Games the bot's settlement won outright or shared (awards). */
  won: number;
}

/** One game: true when the bot's settlement (at `botSeat`) is still in play at the end. */
export function botGame(players: number, botSeat: string, seed: string, roundup: boolean): { survived: boolean; won: boolean } {
  let { env } = createGame(rifle, { players, ...(roundup ? { roundup: true } : {}) }, seed);
  const rand = seedrandom(`${seed}:players`);
  for (let i = 0; i < 50_000; i++) {
    const res = rifle.result(env.game);
    if (res.status === 'over') {
      const st = env.game.settlements.find((x) => x.role === botSeat)!;
      return { survived: !st.out, won: res.winners.includes(botSeat) };
    }
    const prompts = rifle.prompts(env.game);
    const p = prompts[Math.floor(rand.quick() * prompts.length)]!;
    const legal = rifle.legal(env.game, p.role);
    const pick =
      p.role === botSeat
        ? rifle.bot!(env.game, p.role, legal, { rand: () => rand.quick() })
        : legal[Math.floor(rand.quick() * legal.length)]!;
    env = applyAction(rifle, env, p.role, pick.action, true, legal).env;
  }
  throw new Error(`rifle bot game ${seed}: no result`);
}

/** The bot's rate on each seat of a `players`-seat game over `games` seeded games per seat. */
export function botVsRandom(players: number, games: number, roundup: boolean, prefix = 'bvr'): SeatRate[] {
  const out: SeatRate[] = [];
  for (let seat = 1; seat <= players; seat++) {
    const r: SeatRate = { seat: `p${seat}`, games, survived: 0, won: 0 };
    for (let i = 0; i < games; i++) {
      const g = botGame(players, r.seat, `${prefix}-${players}-${seat}-${i}`, roundup);
      if (g.survived) r.survived++;
      if (g.won) r.won++;
    }
    out.push(r);
  }
  return out;
}
