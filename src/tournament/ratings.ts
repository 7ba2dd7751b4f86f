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

  /**
   * Fold every finished game not yet rated into the ratings. Returns how many games counted.
   * The fold is computed outside any transaction (issue 21 §1) and written in
   * one short one that checks what it read: every game it folded still
   * unrated, every rating it started from unchanged. Else another process
   * rated meanwhile, and the fold is computed again from what it wrote.
   */
  sync(): number {
    for (let attempt = 1; ; attempt++) {
      // A look without the lock first: most commands end no game.
      if (!this.db.prepare('SELECT 1 FROM game_finished WHERE rated = 0 LIMIT 1').get()) return 0;
      // The pending games are read before the ratings they fold into: a game rated meanwhile is then seen by the check.
      const pending = this.db.prepare('SELECT id, game_id, status, how, result FROM game_finished WHERE rated = 0 ORDER BY id').all() as {
        id: number;
        game_id: number;
        status: string;
        how: string;
        result: string;
      }[];
      const fold = new RatingFold(this);
      let counted = 0;
      for (const finished of pending)
        if (finished.status === 'over' && this.rateGame(fold, finished.game_id, finished.how, JSON.parse(finished.result))) counted++;
      try {
        this.db
          .transaction(() =>
            this.writeFold(
              fold,
              pending.map((f) => f.id),
            ),
          )
          .immediate();
        return counted;
      } catch (error) {
        if (!(error instanceof RatedMeanwhile) || attempt >= SYNC_ATTEMPTS) throw error;
      }
    }
  }

  /** A fold's writes, if what it read still stands (else RatedMeanwhile, and nothing is written). */
  private writeFold(fold: RatingFold, finishedIds: number[]): void {
    const mark = this.db.prepare('UPDATE game_finished SET rated = 1 WHERE id = ? AND rated = 0');
    for (const id of finishedIds) if (mark.run(id).changes !== 1) throw new RatedMeanwhile();
    for (const [key, was] of fold.startedFrom) {
      const now = this.get(...fold.keyParts(key));
      if ((now === null) !== (was === null) || (now && was && (now.mu !== was.mu || now.sigma !== was.sigma || now.games !== was.games)))
        throw new RatedMeanwhile();
    }
    const user = this.db.prepare(
      'INSERT INTO users (user_id, name, seen_at) VALUES (?, ?, ?) ' +
        'ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at',
    );
    for (const [userId, seen] of fold.users) user.run(userId, seen.name, seen.seenAt);
    const upsert = this.db.prepare(
      'INSERT INTO ratings (guild_id, system, side, user_id, user_name, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (guild_id, system, side, user_id) DO UPDATE ' +
        'SET mu = excluded.mu, sigma = excluded.sigma, user_name = excluded.user_name, games = excluded.games',
    );
    for (const [key, row] of fold.changed) upsert.run(...fold.keyParts(key), row.userName, row.mu, row.sigma, row.games);
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
    this.db.transaction(() => this.forgetFor(guildId, system))();
    return this.sync();
  }

  /** recomputeFor's writes, for a caller's transaction: the next sync (after its commit) folds the games again. */
  forgetFor(guildId: string | null, system: string): void {
    this.db.prepare('DELETE FROM ratings WHERE guild_id = ? AND system = ?').run(guildId ?? '', system);
    this.db
      .prepare("UPDATE game_finished SET rated = 0 WHERE game_id IN (SELECT id FROM games WHERE COALESCE(guild_id, '') = ? AND system = ?)")
      .run(guildId ?? '', system);
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
        const sideRecord = out.get(role) ?? { side: role, games: 0, wins: 0, draws: 0 };
        sideRecord.games++;
        if (res.draw) sideRecord.draws++;
        else if (res.winners!.includes(role)) sideRecord.wins++;
        out.set(role, sideRecord);
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

  /** One openskill match, folded into `fold`: each side a team (a team side's members rated together), ranked by the result. */
  private rateGame(fold: RatingFold, gameId: number, how: string, stored: FinishedResult): boolean {
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
    for (const side of [ALL_SIDES, null]) {
      const before = teams.map((team) =>
        team.map((seat) => {
          const known = fold.get(guild, game.system, side ?? seat.role, seat.userId);
          return known ? { mu: known.mu, sigma: known.sigma } : rating();
        }),
      );
      const after = rate(before, { rank });
      teams.forEach((team, teamIndex) =>
        team.forEach((seat, seatIndex) => {
          fold.users.set(seat.userId, { name: seat.userName, seenAt: this.store.now() });
          fold.set(guild, game.system, side ?? seat.role, seat.userId, seat.userName, after[teamIndex][seatIndex]);
        }),
      );
    }
    return true;
  }
}

/** Times a sync computes its fold again when another process rated meanwhile. */
const SYNC_ATTEMPTS = 5;

/** Another process rated between a fold's reads and its write: computed again. */
class RatedMeanwhile extends Error {}

/** A fold in memory: the ratings it read (to check at its write) and the ones it changed. */
class RatingFold {
  /** Each rating as first read (null: none yet), by key. */
  readonly startedFrom = new Map<string, { mu: number; sigma: number; games: number } | null>();
  readonly changed = new Map<string, { userName: string; mu: number; sigma: number; games: number }>();
  /** The last name seen for each user, and when. */
  readonly users = new Map<string, { name: string; seenAt: number }>();

  constructor(private readonly ratings: Ratings) {}

  private key = (guild: string, system: string, side: string, userId: string) => JSON.stringify([guild, system, side, userId]);

  keyParts(key: string): [string, string, string, string] {
    return JSON.parse(key) as [string, string, string, string];
  }

  get(guild: string, system: string, side: string, userId: string): { mu: number; sigma: number; games: number } | null {
    const key = this.key(guild, system, side, userId);
    const changed = this.changed.get(key);
    if (changed) return changed;
    if (!this.startedFrom.has(key)) {
      const stored = this.ratings.get(guild, system, side, userId);
      this.startedFrom.set(key, stored && { mu: stored.mu, sigma: stored.sigma, games: stored.games });
    }
    return this.startedFrom.get(key)!;
  }

  set(guild: string, system: string, side: string, userId: string, userName: string, next: { mu: number; sigma: number }): void {
    const games = (this.get(guild, system, side, userId)?.games ?? 0) + 1;
    this.changed.set(this.key(guild, system, side, userId), { userName, mu: next.mu, sigma: next.sigma, games });
  }
}

/** The ratings over this bot's store. */
export const ratingsOf = (svc: Services) => new Ratings(svc.store);
