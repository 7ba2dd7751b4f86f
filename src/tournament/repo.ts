// Tournament rows in SQLite (migrations 7, 10 and 16): tournaments, entrants,
// rounds, matches, the organiser's log, result reports and side bids.
import type { SqlDatabase } from '../store/database.ts';
import type { Services } from '../app/services.ts';
import type { TieBreak } from './standings.ts';

/** swisscut: a Swiss over `rounds` rounds, then a knockout of the top `cut`. */
export type Format = 'swiss' | 'roundrobin' | 'knockout' | 'double' | 'swisscut';
/** main: Swiss, round robin, knockout; W/L/F/F2: double elimination's brackets, grand final and reset; cut: the top cut. */
export type Bracket = 'main' | 'W' | 'L' | 'F' | 'F2' | 'cut';
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
  /** Swiss then top cut: how many go through (0: none). */
  cut: number;
  /** Side bidding in VP before each game. */
  bidding: boolean;
  /** Where match threads open (a text or forum channel); null: the tournament's channel. */
  matchParent: string | null;
  hubChannelId: string | null;
  hubMessageId: string | null;
  /** A time bank per seat: clockHours to start, plus this per decision made (null: clockHours per decision). */
  bonusHours: number | null;
  capHours: number | null;
  /** Each round is paired no sooner than this long after the last one was (null: as soon as it is finished). */
  roundHours: number | null;
  /** The last round a late entrant may join (null: half the Swiss rounds, see lateRoundOf; 0: no late entry). */
  lateUntil: number | null;
  /** What each round a late entrant missed scores: 0 or 0.5 (a half-point bye). */
  latePoints: number;
  /** The check-in window (ms since the epoch; null: check-in is open from creation until the start). */
  checkinOpensAt: number | null;
  checkinClosesAt: number | null;
  /** When the tick next opens or closes the window (null: nothing left to do). */
  checkinDueAt: number | null;
  /** /tournament seed fixed the seeds: the start keeps them. */
  seededByHand: boolean;
  /** The organiser's tie-break order (null: the format's default). */
  tieBreaks: TieBreak[] | null;
}

type Timing = 'bonusHours' | 'capHours' | 'roundHours';
type Entry = 'lateUntil' | 'latePoints' | 'checkinOpensAt' | 'checkinClosesAt';

export interface Entrant {
  userId: string;
  userName: string;
  rating: number;
  seed: number | null;
  checkedIn: boolean;
  dropped: boolean;
  /** Signed up, never checked in before check-in closed (and told so). */
  missedCheckin: boolean;
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
  bracket: Bracket;
  /** The settled side bid: the player of this side gives bidVp VP. */
  bidSide: string | null;
  bidVp: number | null;
}

export interface Report {
  matchId: number;
  outcome: Outcome;
  by: string;
  reason: string;
  at: number;
  confirmed: string[];
  disputedBy: string | null;
  dispute: string | null;
}

export interface Bid {
  userId: string;
  /** The side wanted (null: either). */
  side: string | null;
  vp: number;
}

const toTournament = (row: any): Tournament => ({
  id: row.id,
  guildId: row.guild_id,
  channelId: row.channel_id,
  name: row.name,
  system: row.system,
  options: JSON.parse(row.options),
  format: row.format,
  rounds: row.rounds,
  clockHours: row.clock_hours,
  status: row.status,
  round: row.round,
  createdBy: row.created_by,
  cut: row.cut ?? 0,
  bidding: !!row.bidding,
  matchParent: row.match_parent ?? null,
  hubChannelId: row.hub_channel_id ?? null,
  hubMessageId: row.hub_message_id ?? null,
  bonusHours: row.bonus_hours ?? null,
  capHours: row.cap_hours ?? null,
  roundHours: row.round_hours ?? null,
  lateUntil: row.late_until ?? null,
  latePoints: row.late_points ?? 0,
  checkinOpensAt: row.checkin_opens_at ?? null,
  checkinClosesAt: row.checkin_closes_at ?? null,
  checkinDueAt: row.checkin_due_at ?? null,
  seededByHand: !!row.seeded_by_hand,
  tieBreaks: row.tiebreaks ? (String(row.tiebreaks).split(',') as TieBreak[]) : null,
});
const toEntrant = (row: any): Entrant => ({
  userId: row.user_id,
  userName: row.user_name,
  rating: row.rating,
  seed: row.seed,
  checkedIn: !!row.checked_in,
  dropped: !!row.dropped,
  missedCheckin: !!row.missed_checkin,
});
const toMatch = (row: any): Match => ({
  id: row.id,
  tournamentId: row.tournament_id,
  round: row.round,
  board: row.board,
  a: row.a_user,
  b: row.b_user,
  gameId: row.game_id,
  outcome: row.outcome,
  how: row.how,
  bracket: row.bracket ?? 'main',
  bidSide: row.bid_side ?? null,
  bidVp: row.bid_vp ?? null,
});

export class TournamentRepo {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number,
  ) {}

  create(
    tournament: Omit<
      Tournament,
      | 'id'
      | 'status'
      | 'round'
      | 'cut'
      | 'bidding'
      | 'matchParent'
      | 'hubChannelId'
      | 'hubMessageId'
      | Timing
      | Entry
      | 'checkinDueAt'
      | 'seededByHand'
      | 'tieBreaks'
    > &
      Partial<Pick<Tournament, 'cut' | 'bidding' | 'matchParent' | Timing | Entry | 'tieBreaks'>>,
  ): Tournament {
    const inserted = this.db
      .prepare(
        'INSERT INTO tournaments (guild_id, channel_id, name, system, options, format, rounds, clock_hours, status, round, ' +
          'created_by, created_at, cut, bidding, match_parent, bonus_hours, cap_hours, round_hours, ' +
          'late_until, late_points, checkin_opens_at, checkin_closes_at, checkin_due_at, tiebreaks) ' +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
      )
      .get(
        tournament.guildId,
        tournament.channelId,
        tournament.name,
        tournament.system,
        JSON.stringify(tournament.options),
        tournament.format,
        tournament.rounds,
        tournament.clockHours,
        tournament.createdBy,
        this.now(),
        tournament.cut ?? 0,
        tournament.bidding ? 1 : 0,
        tournament.matchParent ?? null,
        tournament.bonusHours ?? null,
        tournament.capHours ?? null,
        tournament.roundHours ?? null,
        tournament.lateUntil ?? null,
        tournament.latePoints ?? 0,
        tournament.checkinOpensAt ?? null,
        tournament.checkinClosesAt ?? null,
        // A window still to open (or to close) is the tick's to act on.
        tournament.checkinOpensAt ?? tournament.checkinClosesAt ?? null,
        tournament.tieBreaks?.length ? tournament.tieBreaks.join(',') : null,
      ) as { id: number };
    return this.get(inserted.id)!;
  }

  get(tournamentId: number): Tournament | null {
    const row = this.db.prepare('SELECT * FROM tournaments WHERE id = ?').get(tournamentId);
    return row ? toTournament(row) : null;
  }

  /** The server's newest tournament that has not finished (else the newest). */
  current(guildId: string | null): Tournament | null {
    const row = this.db
      .prepare("SELECT * FROM tournaments WHERE guild_id IS NOT DISTINCT FROM ? ORDER BY status = 'finished', id DESC LIMIT 1")
      .get(guildId);
    return row ? toTournament(row) : null;
  }

  /** Tournaments whose check-in window opens or closes by `now` (indexed: nothing is read for the others). */
  checkinDue(now: number): Tournament[] {
    return this.db.prepare('SELECT * FROM tournaments WHERE checkin_due_at <= ? ORDER BY checkin_due_at').all(now).map(toTournament);
  }

  setCheckinDue(tournamentId: number, dueAt: number | null): void {
    this.db.prepare('UPDATE tournaments SET checkin_due_at = ? WHERE id = ?').run(dueAt, tournamentId);
  }

  /** The settings an organiser may change before the start (settings.ts): the check-in window and the tie-break order. */
  setSettings(tournamentId: number, set: Pick<Tournament, 'checkinOpensAt' | 'checkinClosesAt' | 'checkinDueAt' | 'tieBreaks'>): void {
    this.db
      .prepare('UPDATE tournaments SET checkin_opens_at = ?, checkin_closes_at = ?, checkin_due_at = ?, tiebreaks = ? WHERE id = ?')
      .run(set.checkinOpensAt, set.checkinClosesAt, set.checkinDueAt, set.tieBreaks?.length ? set.tieBreaks.join(',') : null, tournamentId);
  }

  setSeededByHand(tournamentId: number, byHand: boolean): void {
    this.db.prepare('UPDATE tournaments SET seeded_by_hand = ? WHERE id = ?').run(byHand ? 1 : 0, tournamentId);
  }

  running(): Tournament[] {
    return this.db.prepare("SELECT * FROM tournaments WHERE status = 'running'").all().map(toTournament);
  }

  update(tournamentId: number, set: { status?: Tournament['status']; round?: number; rounds?: number }): void {
    if (set.status) this.db.prepare('UPDATE tournaments SET status = ? WHERE id = ?').run(set.status, tournamentId);
    if (set.round !== undefined) this.db.prepare('UPDATE tournaments SET round = ? WHERE id = ?').run(set.round, tournamentId);
    if (set.rounds !== undefined) this.db.prepare('UPDATE tournaments SET rounds = ? WHERE id = ?').run(set.rounds, tournamentId);
  }

  setHub(tournamentId: number, channelId: string, messageId: string): void {
    this.db.prepare('UPDATE tournaments SET hub_channel_id = ?, hub_message_id = ? WHERE id = ?').run(channelId, messageId, tournamentId);
  }

  entrants(tournamentId: number): Entrant[] {
    return this.db
      .prepare('SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY seed IS NULL, seed, rowid')
      .all(tournamentId)
      .map(toEntrant);
  }

  /** Entrants' ids in the order they first signed up (seeding the unrated). */
  signupOrder(tournamentId: number): string[] {
    return (
      this.db.prepare('SELECT user_id FROM tournament_entrants WHERE tournament_id = ? ORDER BY rowid').all(tournamentId) as {
        user_id: string;
      }[]
    ).map((r) => r.user_id);
  }

  entrant(tournamentId: number, userId: string): Entrant | null {
    const row = this.db.prepare('SELECT * FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?').get(tournamentId, userId);
    return row ? toEntrant(row) : null;
  }

  addEntrant(tournamentId: number, userId: string, userName: string): void {
    this.db
      .prepare(
        'INSERT INTO users (user_id, name, seen_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at',
      )
      .run(userId, userName, this.now());
    this.db
      .prepare(
        'INSERT INTO tournament_entrants (tournament_id, user_id, user_name) VALUES (?, ?, ?) ' +
          'ON CONFLICT (tournament_id, user_id) DO UPDATE SET dropped = 0, missed_checkin = 0, user_name = excluded.user_name',
      )
      .run(tournamentId, userId, userName);
  }

  removeEntrant(tournamentId: number, userId: string): void {
    this.db.prepare('DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?').run(tournamentId, userId);
  }

  setEntrant(
    tournamentId: number,
    userId: string,
    set: { checkedIn?: boolean; dropped?: boolean; rating?: number; seed?: number | null; missedCheckin?: boolean },
  ): void {
    if (set.missedCheckin !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET missed_checkin = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.missedCheckin ? 1 : 0, tournamentId, userId);
    if (set.checkedIn !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET checked_in = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.checkedIn ? 1 : 0, tournamentId, userId);
    if (set.dropped !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET dropped = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.dropped ? 1 : 0, tournamentId, userId);
    if (set.rating !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET rating = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.rating, tournamentId, userId);
    if (set.seed !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET seed = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.seed, tournamentId, userId);
  }

  matches(tournamentId: number, round?: number): Match[] {
    return (
      round === undefined
        ? this.db.prepare('SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, board').all(tournamentId)
        : this.db.prepare('SELECT * FROM tournament_matches WHERE tournament_id = ? AND round = ? ORDER BY board').all(tournamentId, round)
    ).map(toMatch);
  }

  /** The `n` lowest table numbers free in a round: tables stay numbered from 1 after a re-pairing frees some. */
  freeBoards(tournamentId: number, round: number, count: number): number[] {
    const used = new Set(this.matches(tournamentId, round).map((m) => m.board));
    const out: number[] = [];
    for (let board = 1; out.length < count; board++) if (!used.has(board)) out.push(board);
    return out;
  }

  match(matchId: number): Match | null {
    const row = this.db.prepare('SELECT * FROM tournament_matches WHERE id = ?').get(matchId);
    return row ? toMatch(row) : null;
  }

  matchOfGame(gameId: number): Match | null {
    const row = this.db.prepare('SELECT * FROM tournament_matches WHERE game_id = ?').get(gameId);
    return row ? toMatch(row) : null;
  }

  addMatch(
    match: Omit<Match, 'id' | 'gameId' | 'outcome' | 'how' | 'bracket' | 'bidSide' | 'bidVp'> & {
      outcome?: Outcome;
      how?: string;
      bracket?: Bracket;
    },
  ): Match {
    const inserted = this.db
      .prepare(
        'INSERT INTO tournament_matches (tournament_id, round, board, a_user, b_user, outcome, how, bracket) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
      )
      .get(
        match.tournamentId,
        match.round,
        match.board,
        match.a,
        match.b,
        match.outcome ?? null,
        match.how ?? null,
        match.bracket ?? 'main',
      ) as { id: number };
    return this.match(inserted.id)!;
  }

  deleteMatch(matchId: number): void {
    this.db.prepare('DELETE FROM tournament_reports WHERE match_id = ?').run(matchId);
    this.db.prepare('DELETE FROM tournament_bids WHERE match_id = ?').run(matchId);
    this.db.prepare('DELETE FROM tournament_matches WHERE id = ?').run(matchId);
  }

  /** Who plays the first side, after the bids (and the settled bid). */
  setSides(matchId: number, playerA: string, playerB: string, bidSide: string | null, bidVp: number | null): void {
    this.db
      .prepare('UPDATE tournament_matches SET a_user = ?, b_user = ?, bid_side = ?, bid_vp = ? WHERE id = ?')
      .run(playerA, playerB, bidSide, bidVp, matchId);
  }

  report(matchId: number): Report | null {
    const row = this.db.prepare('SELECT * FROM tournament_reports WHERE match_id = ?').get(matchId) as any;
    return row
      ? {
          matchId,
          outcome: row.outcome,
          by: row.by,
          reason: row.reason,
          at: row.at,
          confirmed: JSON.parse(row.confirmed),
          disputedBy: row.disputed_by,
          dispute: row.dispute,
        }
      : null;
  }

  /** A new report replaces any earlier one (its confirmations start over). */
  setReport(matchId: number, outcome: Outcome, actorId: string, reason: string, confirmed: string[]): void {
    this.db
      .prepare(
        'INSERT INTO tournament_reports (match_id, outcome, by, reason, at, confirmed) VALUES (?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT(match_id) DO UPDATE SET outcome = excluded.outcome, by = excluded.by, reason = excluded.reason, ' +
          'at = excluded.at, confirmed = excluded.confirmed, disputed_by = NULL, dispute = NULL',
      )
      .run(matchId, outcome, actorId, reason, this.now(), JSON.stringify(confirmed));
  }

  confirmReport(matchId: number, confirmed: string[]): void {
    this.db.prepare('UPDATE tournament_reports SET confirmed = ? WHERE match_id = ?').run(JSON.stringify(confirmed), matchId);
  }

  disputeReport(matchId: number, actorId: string, why: string): void {
    this.db.prepare('UPDATE tournament_reports SET disputed_by = ?, dispute = ? WHERE match_id = ?').run(actorId, why, matchId);
  }

  dropReport(matchId: number): void {
    this.db.prepare('DELETE FROM tournament_reports WHERE match_id = ?').run(matchId);
  }

  bids(matchId: number): Bid[] {
    return (this.db.prepare('SELECT * FROM tournament_bids WHERE match_id = ? ORDER BY at, user_id').all(matchId) as any[]).map((row) => ({
      userId: row.user_id,
      side: row.side,
      vp: row.vp,
    }));
  }

  setBid(matchId: number, userId: string, side: string | null, vp: number): void {
    this.db
      .prepare(
        'INSERT INTO tournament_bids (match_id, user_id, side, vp, at) VALUES (?, ?, ?, ?, ?) ' +
          'ON CONFLICT (match_id, user_id) DO UPDATE SET side = excluded.side, vp = excluded.vp, at = excluded.at',
      )
      .run(matchId, userId, side, vp, this.now());
  }

  pairedAt(tournamentId: number, round: number): number | null {
    const row = this.db
      .prepare('SELECT paired_at FROM tournament_rounds WHERE tournament_id = ? AND round = ?')
      .get(tournamentId, round) as { paired_at: number } | undefined;
    return row?.paired_at ?? null;
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
      .map((raw: any) => ({ match: toMatch(raw), status: raw.f_status, how: raw.f_how, result: raw.f_result }));
  }

  /** The tournament moves from round `from` to `to`, only if it is still at `from` and running: false when another process moved it first. */
  claimRound(tournamentId: number, from: number, to: number): boolean {
    return (
      this.db.prepare(`UPDATE tournaments SET round = ? WHERE id = ? AND round = ? AND status = 'running'`).run(to, tournamentId, from)
        .changes === 1
    );
  }

  /** The tournament finishes after round `round`, only if it is still there and running: false when another process moved it first. */
  finishAt(tournamentId: number, round: number): boolean {
    return (
      this.db
        .prepare(`UPDATE tournaments SET status = 'finished' WHERE id = ? AND round = ? AND status = 'running'`)
        .run(tournamentId, round).changes === 1
    );
  }

  /** The round's matches whose game is still in its lobby (not started). */
  lobbyMatches(tournamentId: number, round: number): Match[] {
    return this.db
      .prepare(
        `SELECT m.* FROM tournament_matches m JOIN games g ON g.id = m.game_id ` +
          `WHERE m.tournament_id = ? AND m.round = ? AND m.outcome IS NULL AND g.status = 'lobby' ORDER BY m.board`,
      )
      .all(tournamentId, round)
      .map(toMatch);
  }

  pairedRound(tournamentId: number, round: number): void {
    this.db
      .prepare('INSERT INTO tournament_rounds (tournament_id, round, paired_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .run(tournamentId, round, this.now());
  }

  /** Marks the round finished; true the first time only. */
  finishedRound(tournamentId: number, round: number): boolean {
    return (
      this.db
        .prepare('UPDATE tournament_rounds SET finished_at = ? WHERE tournament_id = ? AND round = ? AND finished_at IS NULL')
        .run(this.now(), tournamentId, round).changes === 1
    );
  }

  log(tournamentId: number, actorId: string, what: string, reason: string): void {
    this.db
      .prepare('INSERT INTO tournament_log (tournament_id, at, by, what, reason) VALUES (?, ?, ?, ?, ?)')
      .run(tournamentId, this.now(), actorId, what, reason);
  }

  logOf(tournamentId: number): { at: number; by: string; what: string; reason: string }[] {
    return this.db.prepare('SELECT at, by, what, reason FROM tournament_log WHERE tournament_id = ? ORDER BY id').all(tournamentId) as {
      at: number;
      by: string;
      what: string;
      reason: string;
    }[];
  }
}

/** The tournament tables of this bot's store. */
export const repoOf = (svc: Services) => new TournamentRepo(svc.store.db, svc.store.now);
