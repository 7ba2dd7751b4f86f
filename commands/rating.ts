// /rating: a player's ratings, a server's leaderboard per system (and side),
// and a moderator's recomputation from the stored results.
import type { Services } from '../src/app/services.ts';
import { allGames, getGame } from '../src/games/registry.ts';
import { ALL_SIDES, type RatingRow } from '../src/tournament/ratings.ts';
import { ratingsOf } from '../src/tournament/ratings.ts';
import { str } from './context.ts';
import { echo, plural } from '../src/messages/text.ts';
import { only, privateReply, publicReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Invocation } from './types.ts';
import type { Command } from './table.ts';
import type { Outcome } from '../src/messages/types.ts';

export function ratingCommand(): Command {
  const systems = allGames().map((g) => ({ name: g.title, value: g.id }));
  return {
    name: 'rating',
    description: 'Ratings from finished games between people',
    subcommands: [
      {
        name: 'show',
        description: "A player's ratings",
        who: 'anyone',
        private: true,
        run: show,
        options: [
          { name: 'user', description: 'Whose (default: yours)', type: 'user', required: false },
          { name: 'system', description: 'Which game', type: 'string', required: false, choices: systems },
        ],
      },
      {
        name: 'top',
        description: 'The leaderboard of this server',
        who: 'anyone',
        run: top,
        options: [
          { name: 'system', description: 'Which game', type: 'string', required: true, choices: systems },
          { name: 'side', description: "One side's leaderboard (default: all sides)", type: 'string', required: false },
        ],
      },
      {
        name: 'winrates',
        description: 'Win rates per side of a game on this server (rated games: between people only)',
        who: 'anyone',
        run: winrates,
        options: [{ name: 'system', description: 'Which game', type: 'string', required: true, choices: systems }],
      },
      {
        name: 'recompute',
        description: 'Moderators: rebuild every rating from the stored results',
        options: [],
        who: 'moderator',
        private: true,
        run: recompute,
      },
    ],
  };
}

const fmt = (rating: RatingRow) =>
  `${rating.ordinal.toFixed(1)} (μ ${rating.mu.toFixed(1)}, σ ${rating.sigma.toFixed(2)}, ${rating.games} game${rating.games === 1 ? '' : 's'})`;
const sideName = (system: string, side: string) => {
  if (side === ALL_SIDES) return 'all sides';
  const mod = getGame(system);
  return mod?.roles(mod.parseOptions({})).find((r) => r.id === side)?.name ?? side;
};

/** The ratings, brought up to date with the games finished since the last command. */
function ratingsNow(svc: Services) {
  const ratings = ratingsOf(svc);
  ratings.sync();
  return ratings;
}

function show(svc: Services, inv: Invocation): Outcome {
  const ratings = ratingsNow(svc);
  const guild = inv.where.guildId;
  const user = str(inv.options, 'user') ?? inv.caller.id;
  const system = str(inv.options, 'system');
  const rows = ratings.ofUser(guild, user).filter((r) => !system || r.system === system);
  if (!rows.length)
    return only(
      privateReply(
        `<@${user}> has no rated games${system ? ` of ${getGame(system)?.title ?? system}` : ''}` +
          ` on this server yet (only finished games between people count).`,
      ),
    );
  return only(
    privateReply(
      `📈 Ratings of <@${user}> (ranked on μ − 3σ):\n` +
        `${rows.map((rating) => `${getGame(rating.system)?.title ?? rating.system}, ${sideName(rating.system, rating.side)}: ${fmt(rating)}`).join('\n')}`,
    ),
  );
}

function top(svc: Services, inv: Invocation): Outcome {
  const ratings = ratingsNow(svc);
  const guild = inv.where.guildId;
  const system = str(inv.options, 'system') ?? '';
  if (!getGame(system)) throw new UserError(`Unknown game "${echo(system)}".`);
  const side = str(inv.options, 'side')?.toLowerCase() ?? ALL_SIDES;
  const rows = ratings.leaderboard(guild, system, side);
  if (!rows.length) return only(privateReply(`No rated ${getGame(system)!.title} games on this server yet.`));
  // The sides' win rates ride along, from the same games.
  const rates = ratings.winRates(guild, system);
  const mostGames = Math.max(0, ...rates.map((r) => r.games));
  const rateLine = rates.length
    ? `\nWin rates (${mostGames} game${mostGames === 1 ? '' : 's'}): ` +
      rates.map((r) => `${sideName(system, r.side)} ${((100 * r.wins) / r.games).toFixed(1)} %`).join(' · ') +
      ' — /rating winrates for draws and counts.'
    : '';
  return only(
    publicReply(
      `🏅 ${getGame(system)!.title} leaderboard (${sideName(system, side)}):\n` +
        `${rows.map((r, i) => `${i + 1}. ${r.userName} — ${fmt(r)}`).join('\n')}${rateLine}`,
    ),
  );
}

function winrates(svc: Services, inv: Invocation): Outcome {
  const ratings = ratingsNow(svc);
  const guild = inv.where.guildId;
  const system = str(inv.options, 'system') ?? '';
  const mod = getGame(system);
  if (!mod) throw new UserError(`Unknown game "${echo(system)}".`);
  const rows = ratings.winRates(guild, system);
  if (!rows.length) return only(privateReply(`No finished ${mod.title} games between people on this server yet.`));
  const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} %`;
  const lines = rows
    .sort((x, y) => y.wins / y.games - x.wins / x.games)
    .map(
      (row) =>
        `${sideName(system, row.side)}: ${pct(row.wins, row.games)} won, ${pct(row.draws, row.games)} drawn ` +
        `(${row.wins} won, ${row.draws} drawn, ${row.games - row.wins - row.draws} lost of ${row.games})`,
    );
  const games = Math.max(...rows.map((r) => r.games));
  return only(
    publicReply(
      `📊 ${mod.title} win rates per side on this server (${games} game${games === 1 ? '' : 's'} between people):\n${lines.join('\n')}`,
    ),
  );
}

function recompute(svc: Services): Outcome {
  const ratings = ratingsNow(svc);
  const rated = ratings.recompute();
  return only(privateReply(`Ratings rebuilt from ${plural(rated, 'rated game')}.`));
}
