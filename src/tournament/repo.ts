// Tournament rows in SQLite (migration 7): tournaments, entrants, rounds,
// matches and the organiser's log.
import type Database from 'better-sqlite3';

export type Format = 'swiss' | 'roundrobin' | 'knockout';
/** a / b: that side's player won; none: nobody scores (a game abandoned, both forfeit). */
export type Outcome = 'a' | 'b' | 'draw' | 'bye' | 'none';

export interface Tournament {
  id: number;
  guildId: string | null;
  channelId: string;
  name: string;
  system: string;
  options: Record<string, string | number | boolean>;
  format: Format;
  rounds: number;
  clockHours: number | null;
  status: 'signup' | 'running' | 'finished';
  round: number;
  createdBy: string;
}

export interface Entrant {
  userId: string;
  userName: string;
  rating: number;
  seed: number | null;
  checkedIn: boolean;
  dropped: boolean;
}

export interface Match {
  id: number;
  tournamentId: number;
  round: number;
  board: number;
  a: string;
  b: string | null;
  gameId: number | null;
  outcome: Outcome | null;
  how: string | null;
}

const toT = (r: any): Tournament => ({
  id: r.id,
  guildId: r.guild_id,
  channelId: r.channel_id,
  name: r.name,
  system: r.system,
  options: JSON.parse(r.options),
  format: r.format,
  rounds: r.rounds,
  clockHours: r.clock_hours,
  status: r.status,
  round: r.round,
  createdBy: r.created_by,
});
const toE = (r: any): Entrant => ({
  userId: r.user_id,
  userName: r.user_name,
  rating: r.rating,
  seed: r.seed,
  checkedIn: !!r.checked_in,
  dropped: !!r.dropped,
});
const toM = (r: any): Match => ({
  id: r.id,
  tournamentId: r.tournament_id,
  round: r.round,
  board: r.board,
  a: r.a_user,
  b: r.b_user,
  gameId: r.game_id,
  outcome: r.outcome,
  how: r.how,
});

export class TournamentRepo {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {}

  create(t: Omit<Tournament, 'id' | 'status' | 'round'>): Tournament {
    const info = this.db
      .prepare(
        'INSERT INTO tournaments (guild_id, channel_id, name, system, options, format, ' +
          'rounds, clock_hours, status, round, created_by, created_at) VALUES (?, ?, ?, ?, ' +
          "?, ?, ?, ?, 'signup', 0, ?, ?)",
      )
      .run(t.guildId, t.channelId, t.name, t.system, JSON.stringify(t.options), t.format, t.rounds, t.clockHours, t.createdBy, this.now());
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): Tournament | null {
    const r = this.db.prepare('SELECT * FROM tournaments WHERE id = ?').get(id);
    return r ? toT(r) : null;
  }

  /** The server's newest tournament that has not finished (else the newest). */
  current(guildId: string | null): Tournament | null {
    const r = this.db.prepare("SELECT * FROM tournaments WHERE guild_id IS ? ORDER BY status = 'finished', id DESC LIMIT 1").get(guildId);
    return r ? toT(r) : null;
  }

  running(): Tournament[] {
    return this.db.prepare("SELECT * FROM tournaments WHERE status = 'running'").all().map(toT);
  }

  update(id: number, set: { status?: Tournament['status']; round?: number; rounds?: number }): void {
    if (set.status) this.db.prepare('UPDATE tournaments SET status = ? WHERE id = ?').run(set.status, id);
    if (set.round !== undefined) this.db.prepare('UPDATE tournaments SET round = ? WHERE id = ?').run(set.round, id);
    if (set.rounds !== undefined) this.db.prepare('UPDATE tournaments SET rounds = ? WHERE id = ?').run(set.rounds, id);
  }

  entrants(id: number): Entrant[] {
    return this.db.prepare('SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY seed IS NULL, seed, rowid').all(id).map(toE);
  }

  entrant(id: number, userId: string): Entrant | null {
    const r = this.db.prepare('SELECT * FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?').get(id, userId);
    return r ? toE(r) : null;
  }

  addEntrant(id: number, userId: string, userName: string): void {
    this.db
      .prepare(
        'INSERT INTO tournament_entrants (tournament_id, user_id, user_name) VALUES (?, ' +
          '?, ?) ON CONFLICT DO UPDATE SET dropped = 0, user_name = excluded.user_name',
      )
      .run(id, userId, userName);
  }

  removeEntrant(id: number, userId: string): void {
    this.db.prepare('DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?').run(id, userId);
  }

  setEntrant(id: number, userId: string, set: { checkedIn?: boolean; dropped?: boolean; rating?: number; seed?: number }): void {
    if (set.checkedIn !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET checked_in = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.checkedIn ? 1 : 0, id, userId);
    if (set.dropped !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET dropped = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.dropped ? 1 : 0, id, userId);
    if (set.rating !== undefined)
      this.db.prepare('UPDATE tournament_entrants SET rating = ? WHERE tournament_id = ? AND user_id = ?').run(set.rating, id, userId);
    if (set.seed !== undefined)
      this.db.prepare('UPDATE tournament_entrants SET seed = ? WHERE tournament_id = ? AND user_id = ?').run(set.seed, id, userId);
  }

  matches(id: number, round?: number): Match[] {
    return (
      round === undefined
        ? this.db.prepare('SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, board').all(id)
        : this.db.prepare('SELECT * FROM tournament_matches WHERE tournament_id = ? AND round = ? ORDER BY board').all(id, round)
    ).map(toM);
  }

  match(matchId: number): Match | null {
    const r = this.db.prepare('SELECT * FROM tournament_matches WHERE id = ?').get(matchId);
    return r ? toM(r) : null;
  }

  matchOfGame(gameId: number): Match | null {
    const r = this.db.prepare('SELECT * FROM tournament_matches WHERE game_id = ?').get(gameId);
    return r ? toM(r) : null;
  }

  addMatch(m: Omit<Match, 'id' | 'gameId' | 'outcome' | 'how'> & { outcome?: Outcome; how?: string }): Match {
    const info = this.db
      .prepare('INSERT INTO tournament_matches (tournament_id, round, board, a_user, b_user, outcome, how) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(m.tournamentId, m.round, m.board, m.a, m.b, m.outcome ?? null, m.how ?? null);
    return this.match(Number(info.lastInsertRowid))!;
  }

  deleteMatch(matchId: number): void {
    this.db.prepare('DELETE FROM tournament_matches WHERE id = ?').run(matchId);
  }

  setGame(matchId: number, gameId: number): void {
    this.db.prepare('UPDATE tournament_matches SET game_id = ? WHERE id = ?').run(gameId, matchId);
  }

  setOutcome(matchId: number, outcome: Outcome, how: string): void {
    this.db.prepare('UPDATE tournament_matches SET outcome = ?, how = ? WHERE id = ?').run(outcome, how, matchId);
  }

  /** Matches whose game has ended (the game_finished event) but whose outcome is not taken yet. */
  unconsumed(): { match: Match; status: string; how: string; result: string }[] {
    return this.db
      .prepare(
        'SELECT m.*, f.status AS f_status, f.how AS f_how, f.result AS f_result FROM ' +
          'tournament_matches m JOIN game_finished f ON f.game_id = m.game_id WHERE ' +
          'm.outcome IS NULL ORDER BY f.id',
      )
      .all()
      .map((r: any) => ({ match: toM(r), status: r.f_status, how: r.f_how, result: r.f_result }));
  }

  pairedRound(id: number, round: number): void {
    this.db
      .prepare('INSERT OR IGNORE INTO tournament_rounds (tournament_id, round, paired_at) VALUES (?, ?, ?)')
      .run(id, round, this.now());
  }

  finishedRound(id: number, round: number): void {
    this.db.prepare('UPDATE tournament_rounds SET finished_at = ? WHERE tournament_id = ? AND round = ?').run(this.now(), id, round);
  }

  log(id: number, by: string, what: string, reason: string): void {
    this.db
      .prepare('INSERT INTO tournament_log (tournament_id, at, by, what, reason) VALUES (?, ?, ?, ?, ?)')
      .run(id, this.now(), by, what, reason);
  }

  logOf(id: number): { at: number; by: string; what: string; reason: string }[] {
    return this.db.prepare('SELECT at, by, what, reason FROM tournament_log WHERE tournament_id = ? ORDER BY id').all(id) as {
      at: number;
      by: string;
      what: string;
      reason: string;
    }[];
  }
}
