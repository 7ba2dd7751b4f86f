// `npm run bench -- bots [--games N] [--system ID] [--balance]`: each
// system's built-in bot against a player choosing uniformly among the legal
// actions, one line per system and side: `bots.<system>.<side>.win_rate: NN.N %`.
// --balance also plays every seat by the bot, then every seat at random
// (`bots.<system>.bot_vs_bot.<side>.win_rate`, `...random_vs_random...`):
// how even the game itself is when both sides play alike.
// Generic over the module contract (setup, prompts, legal, apply, result,
// bot): a system needs no entry here unless its win is not "its seat among
// the winners" or it has modes worth measuring apart (the table below).
import type { GameRules, Role } from '../../src/engine/types.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { allGames } from '../../src/games/registry.ts';
import { playout } from '../games/playout.ts';

type Options = Record<string, string | number | boolean>;

/** One measured configuration of a system. */
interface BotMatch {
  /** The name on the printed line: the system id, with its mode when it has several. */
  label: string;
  options: Options;
  /** Whether the bot's seat won the finished game (default: among the winners of a decisive result). */
  won?(game: any, role: Role, winners: Role[], draw: boolean): boolean;
}

/** Systems measured other than with their default options. */
const MATCHES: Record<string, BotMatch[]> = {
  // Each settlement is on its own against the frontier: its survival is the measure (data/rifle/README.md).
  rifle: [1, 2, 3, 4].map((players) => ({
    label: players === 2 ? 'rifle' : `rifle.${players}p`,
    options: { players, roundup: true },
    won: (game: any, role: Role) => !game.settlements.find((st: { role: Role; out?: unknown }) => st.role === role)?.out,
  })),
  wk4: [{ label: 'wk4', options: { nations: 4 } }],
  atkm: [
    { label: 'atkm.tabletop', options: { mode: 'tabletop' } },
    { label: 'atkm.referee', options: { mode: 'referee' } },
  ],
};

export interface BotRate {
  label: string;
  side: Role;
  games: number;
  wins: number;
  /** Wins shared with another seat (a draw the bot's seat is part of), not counted in `wins`. */
  shared: number;
}

const decisive = (_game: unknown, role: Role, winners: Role[], draw: boolean) => !draw && winners.includes(role);

/**
 * The bot on every seat of one configuration, `games` seeded games per seat,
 * the seats taking turns game by game (seed `bots:<label>:<n>`); `mirror`:
 * `games` games with the bot (or random play) on every seat.
 */
export function botRates(mod: GameRules<any, any, any>, match: BotMatch, games: number, mirror?: 'bot' | 'random'): BotRate[] {
  const sides = mod.roles(mod.parseOptions(match.options)).map((r) => r.id);
  const label = mirror ? `${match.label}.${mirror}_vs_${mirror}` : match.label;
  const rates = sides.map((side) => ({ label, side, games: 0, wins: 0, shared: 0 }));
  const won = match.won ?? decisive;
  // A mirrored game is the same game for every seat: it counts for each of them.
  for (let n = 0; n < (mirror ? games : games * sides.length); n++) {
    const seats = mirror ? rates : [rates[n % sides.length]];
    const bots = mirror === 'bot' ? sides : mirror === 'random' ? [] : [seats[0].side];
    const { env } = playout(mod, match.options, `bots:${label}:${n}`, { bots });
    const result = mod.result(env.game);
    if (result.status !== 'over') throw new Error(`${label} game ${n} did not end`);
    for (const rate of seats) {
      rate.games++;
      if (won(env.game, rate.side, result.winners, result.draw)) rate.wins++;
      else if (!match.won && result.winners.includes(rate.side)) rate.shared++;
    }
  }
  return rates;
}

export function rateLines(rate: BotRate): string[] {
  const name = `bots.${rate.label}.${rate.side}`;
  const lines = [`${name}.win_rate: ${((100 * rate.wins) / rate.games).toFixed(1)} %`];
  if (rate.shared) lines.push(`${name}.shared_wins: ${rate.shared} count`);
  return lines;
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export function runBots(args: string[]): void {
  registerAllGames();
  const games = Number(flag(args, '--games') ?? 100);
  if (!Number.isInteger(games) || games < 1) throw new Error('--games takes a whole number of games per side, at least 1.');
  const only = flag(args, '--system');
  const mods = allGames().filter((m) => m.bot && (!only || m.id === only));
  if (!mods.length)
    throw new Error(
      `No system with a bot is called ${only}; systems: ${allGames()
        .map((m) => m.id)
        .join(', ')}.`,
    );
  console.log(`# the built-in bot against uniformly random legal play, ${games} seeded games per side`);
  for (const mod of mods)
    for (const match of MATCHES[mod.id] ?? [{ label: mod.id, options: {} }]) {
      const t = performance.now();
      for (const mirror of args.includes('--balance') ? [undefined, 'bot' as const, 'random' as const] : [undefined])
        for (const rate of botRates(mod, match, games, mirror)) for (const line of rateLines(rate)) console.log(line);
      console.log(`# ${match.label}: ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
}
