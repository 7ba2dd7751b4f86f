// Ratings per server and system ('*') and per side, by openskill (Weng-Lin,
// MIT): a kept implementation of Bayesian rating, rather than a hand-written Elo.
// Only finished games between people count (no bot seat, two or more people);
// each side is a team (a team side's members rated together).
// They are read from the game_finished events in order, so the live ratings
// and a recomputation from stored results are the same fold. A tournament
// match's game is ranked by its match outcome, read by the tournament's one
// reading of a result (a side bid in VP applied); win rates per side stay the
// table's own result (how the sides fare before bids: what a bid prices).
import { ordinal, rate, rating } from 'openskill';
import type { Store } from '../store/store.ts';
import type { Services } from '../app/services.ts';
import { BOT_PREFIX } from '../app/session.ts';
import { matchOutcomeOf, type FinishedResult } from './outcomes.ts';
import { TournamentRepo } from './repo.ts';
import { sidesOf } from './results.ts';

export const ALL_SIDES = '*';

export interface RatingRow {
  guildId: string;
  system: string;
  side: string;
  userId: string;
  userName: string;
  mu: number;
  sigma: number;
  games: number;
  /** mu − 3σ: the conservative figure ranked on. */
  ordinal: number;
}

const toRow = (row: any): RatingRow => ({
  guildId: row.guild_id,
  system: row.system,
  side: row.side,
  userId: row.user_id,
  userName: row.user_name,
  mu: row.mu,
  sigma: row.sigma,
  games: row.games,
  ordinal: ordinal({ mu: row.mu, sigma: row.sigma }),
});

export class Ratings {
  constructor(private readonly store: Store) {}

  private get db() {
    return this.store.db;
  }

  get(guildId: string | null, system: string, side: string, userId: string): RatingRow | null {
    const row = this.db
      .prepare('SELECT * FROM ratings WHERE guild_id = ? AND system = ? AND side = ? AND user_id = ?')
      .get(guildId ?? '', system, side, userId);
    return row ? toRow(row) : null;
  }

  ofUser(guildId: string | null, userId: string): RatingRow[] {
    return this.db
      .prepare('SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY system, side')
      .all(guildId ?? '', userId)
      .map(toRow);
  }

  leaderboard(guildId: string | null, system: string, side = ALL_SIDES, limit = 20): RatingRow[] {
    return this.db
      .prepare('SELECT * FROM ratings WHERE guild_id = ? AND system = ? AND side = ?')
      .all(guildId ?? '', system, side)
      .map(toRow)
      .sort((x, y) => y.ordinal - x.ordinal || y.games - x.games)
      .slice(0, limit);
  }

  /** Fold every finished game not yet rated into the ratings. Returns how many games counted. */
  sync(): number {
    // Read and mark in one immediate transaction: a deferred one that reads
    // first cannot take the write lock while another process writes
    // ("database is locked"), and two processes must never rate one game twice.
    // A look without the lock first: most commands end no game.
    if (!this.db.prepare('SELECT 1 FROM game_finished WHERE rated = 0 LIMIT 1').get()) return 0;
    return this.db
      .transaction(() => {
        let counted = 0;
        const pending = this.db.prepare('SELECT id, game_id, status, how, result FROM game_finished WHERE rated = 0 ORDER BY id').all() as {
          id: number;
          game_id: number;
          status: string;
          how: string;
          result: string;
        }[];
        const mark = this.db.prepare('UPDATE game_finished SET rated = 1 WHERE id = ?');
        for (const f of pending) {
          if (f.status === 'over' && this.rateGame(f.game_id, f.how, JSON.parse(f.result))) counted++;
          mark.run(f.id);
        }
        return counted;
      })
      .immediate();
  }

  /** Forget every rating and fold all stored results again. */
  recompute(): number {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM ratings').run();
      this.db.prepare('UPDATE game_finished SET rated = 0').run();
    })();
    return this.sync();
  }

  /**
   * Fold one server's system again from its stored results (after a result
   * was corrected): the ratings are a fold in game order, so every later
   * game of that system there moves too. Other servers and systems are untouched.
   */
  recomputeFor(guildId: string | null, system: string): number {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM ratings WHERE guild_id = ? AND system = ?').run(guildId ?? '', system);
      this.db
        .prepare(
          "UPDATE game_finished SET rated = 0 WHERE game_id IN (SELECT id FROM games WHERE COALESCE(guild_id, '') = ? AND system = ?)",
        )
        .run(guildId ?? '', system);
    })();
    return this.sync();
  }

  /**
   * Win rates per side of a system on a server, from the same games the
   * ratings count (finished, between people only): games, wins, draws.
   */
  winRates(guildId: string | null, system: string): { side: string; games: number; wins: number; draws: number }[] {
    const rows = this.db
      .prepare(
        'SELECT f.game_id, f.result FROM game_finished f JOIN games g ON g.id = f.game_id ' +
          "WHERE f.status = 'over' AND g.guild_id IS NOT DISTINCT FROM ? AND g.system = ? ORDER BY f.id",
      )
      .all(guildId, system) as { game_id: number; result: string }[];
    const out = new Map<string, { side: string; games: number; wins: number; draws: number }>();
    for (const row of rows) {
      const seats = this.store.seats(row.game_id);
      if (!this.between(seats)) continue;
      const res = JSON.parse(row.result) as { winners?: string[]; draw?: boolean };
      if (!res.draw && !res.winners?.length) continue;
      for (const role of new Set(seats.map((s) => s.role))) {
        const w = out.get(role) ?? { side: role, games: 0, wins: 0, draws: 0 };
        w.games++;
        if (res.draw) w.draws++;
        else if (res.winners!.includes(role)) w.wins++;
        out.set(role, w);
      }
    }
    return [...out.values()];
  }

  /** Only games between people count: two or more seats, no bot, nobody on two seats. */
  private between(seats: { userId: string }[]): boolean {
    const people = new Set(seats.map((s) => s.userId));
    return seats.length >= 2 && !seats.some((s) => s.userId.startsWith(BOT_PREFIX)) && people.size === seats.length;
  }

  /**
   * A tournament match's game counts as its match outcome (a side bid applied, as the
   * tournament read it); any other game as its own result.
   */
  private ranked(
    game: { id: number; system: string; options: Record<string, string | number | boolean> },
    how: string,
    finished: FinishedResult,
  ) {
    const match = new TournamentRepo(this.db, this.store.now).matchOfGame(game.id);
    if (!match?.bidSide || !match.bidVp) return finished;
    const sides = sidesOf(game.system, game.options);
    const outcome = matchOutcomeOf(match, sides, 'over', how, finished);
    return { winners: outcome === 'a' ? [sides[0]] : outcome === 'b' ? [sides[1]] : [], draw: outcome === 'draw' };
  }

  /** One openskill match: each side a team (a team side's members rated together), ranked by the result. */
  private rateGame(gameId: number, how: string, stored: FinishedResult): boolean {
    const game = this.store.game(gameId);
    if (!game) return false;
    // An organiser's forfeit, or a clock forfeit with no move made (a no-show), was not played: not rated.
    if (stored.forfeit || (game.version === 0 && how === 'forfeit')) return false;
    const seats = this.store.seats(gameId);
    if (!this.between(seats)) return false;
    const result = this.ranked(game, how, stored);
    const winners = result.winners ?? [];
    if (!result.draw && !winners.length) return false;
    const roles = [...new Set(seats.map((s) => s.role))];
    if (roles.length < 2) return false;
    const teams = roles.map((r) => seats.filter((s) => s.role === r));
    const rank = roles.map((r) => (result.draw || winners.includes(r) ? 1 : 2));
    const guild = game.guildId ?? '';
    const user = this.db.prepare(
      'INSERT INTO users (user_id, name, seen_at) VALUES (?, ?, ?) ' +
        'ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at',
    );
    const upsert = this.db.prepare(
      'INSERT INTO ratings (guild_id, system, side, user_id, user_name, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?, 1) ' +
        'ON CONFLICT (guild_id, system, side, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, ' +
        'user_name = excluded.user_name, games = ratings.games + 1',
    );
    for (const side of [ALL_SIDES, null]) {
      const before = teams.map((team) =>
        team.map((seat) => {
          const b = this.get(guild, game.system, side ?? seat.role, seat.userId);
          return b ? { mu: b.mu, sigma: b.sigma } : rating();
        }),
      );
      const after = rate(before, { rank });
      teams.forEach((team, i) =>
        team.forEach((seat, j) => {
          user.run(seat.userId, seat.userName, this.store.now());
          upsert.run(guild, game.system, side ?? seat.role, seat.userId, seat.userName, after[i][j].mu, after[i][j].sigma);
        }),
      );
    }
    return true;
  }
}

/** The ratings over this bot's store. */
export const ratingsOf = (svc: Services) => new Ratings(svc.store);
