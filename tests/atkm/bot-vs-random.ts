// The ATKM bot against a player choosing uniformly among the legal actions
// (issue 22 item 7): one seeded game per index, the bot on the given side.
// Used by tests/atkm/bot-strength.test.ts (a few games) and by the bots bench
// (`npm run bench -- bots`, 100 games a side); runnable alone:
//   npx tsx tests/atkm/bot-vs-random.ts [games] [referee|tabletop] [seed prefix]
import seedrandom from 'seedrandom';
import { applyAction, createGame } from '../../src/engine/runner.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import type { AtkmState, Side } from '../../src/games/atkm/state.ts';

export interface BotVsRandom {
  mode: 'referee' | 'tabletop';
  side: Side;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Wins out of games, 0..1. */
  rate: number;
}

/** One game: the bot holds `side`, a uniformly random player the other; the winner, or null for a draw. */
export function botVsRandomGame(mode: 'referee' | 'tabletop', side: Side, seed: string): Side | null {
  const raw = { mode, scenario: 'open-field', army: 'standard', units: 6 };
  let { env } = createGame(atkm, raw, seed);
  const rand = seedrandom(`${seed}:players`);
  for (let i = 0; i < 20_000; i++) {
    const r = atkm.result(env.game);
    if (r.status === 'over') return r.draw ? null : ((r.winners?.[0] as Side | undefined) ?? null);
    const prompts = atkm.prompts(env.game);
    const p = prompts[Math.floor(rand.quick() * prompts.length)]!;
    const legal = atkm.legal(env.game, p.role);
    const pick =
      p.role === side ? atkm.bot!(env.game, p.role, legal, { rand: () => rand.quick() }) : legal[Math.floor(rand.quick() * legal.length)]!;
    env = applyAction(atkm, env, p.role, pick.action, true, legal).env;
  }
  throw new Error(`ATKM bot against random: no result after 20000 steps (seed ${seed}, turn ${(env.game as AtkmState).turn}).`);
}

/** `games` seeded games with the bot on `side`: its wins, draws and losses. */
export function botVsRandom(mode: 'referee' | 'tabletop', side: Side, games: number, prefix = 'bvr'): BotVsRandom {
  let wins = 0;
  let draws = 0;
  for (let i = 0; i < games; i++) {
    const w = botVsRandomGame(mode, side, `${prefix}-${mode}-${side}-${i}`);
    if (w === side) wins++;
    else if (w === null) draws++;
  }
  return { mode, side, games, wins, draws, losses: games - wins - draws, rate: games ? wins / games : 0 };
}

/** The bench's figures: every mode and side, one line each (`atkm referee red: 95/100 won, 2 drawn`). */
export function botVsRandomLines(games = 100): string[] {
  const out: string[] = [];
  for (const mode of ['referee', 'tabletop'] as const)
    for (const side of ['red', 'black'] as const) {
      const r = botVsRandom(mode, side, games);
      out.push(`atkm ${mode} ${side}: ${r.wins}/${r.games} won, ${r.draws} drawn, ${r.losses} lost (${Math.round(r.rate * 100)} %)`);
    }
  return out;
}

if (process.argv[1]?.endsWith('bot-vs-random.ts')) {
  const games = Number(process.argv[2] ?? 100);
  const modes = process.argv[3] ? [process.argv[3] as 'referee' | 'tabletop'] : (['referee', 'tabletop'] as const);
  for (const mode of modes)
    for (const side of ['red', 'black'] as const) {
      const t = performance.now();
      const r = botVsRandom(mode, side, games, process.argv[4]);
      console.log(
        `atkm ${mode} ${side}: ${r.wins}/${r.games} won, ${r.draws} drawn, ${r.losses} lost (${Math.round(r.rate * 100)} %) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
}
