// Tournament rows in SQLite (migrations 7, 10 and 16): tournaments, entrants,
// rounds, matches, the organiser's log, result reports and side bids.
import type Database from 'better-sqlite3';
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
  cut: r.cut ?? 0,
  bidding: !!r.bidding,
  matchParent: r.match_parent ?? null,
  hubChannelId: r.hub_channel_id ?? null,
  hubMessageId: r.hub_message_id ?? null,
  bonusHours: r.bonus_hours ?? null,
  capHours: r.cap_hours ?? null,
  roundHours: r.round_hours ?? null,
  lateUntil: r.late_until ?? null,
  latePoints: r.late_points ?? 0,
  checkinOpensAt: r.checkin_opens_at ?? null,
  checkinClosesAt: r.checkin_closes_at ?? null,
  checkinDueAt: r.checkin_due_at ?? null,
  seededByHand: !!r.seeded_by_hand,
  tieBreaks: r.tiebreaks ? (String(r.tiebreaks).split(',') as TieBreak[]) : null,
});
const toE = (r: any): Entrant => ({
  userId: r.user_id,
  userName: r.user_name,
  rating: r.rating,
  seed: r.seed,
  checkedIn: !!r.checked_in,
  dropped: !!r.dropped,
  missedCheckin: !!r.missed_checkin,
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
  bracket: r.bracket ?? 'main',
  bidSide: r.bid_side ?? null,
  bidVp: r.bid_vp ?? null,
});

export class TournamentRepo {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {}

  create(
    t: Omit<
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
    const info = this.db
      .prepare(
        'INSERT INTO tournaments (guild_id, channel_id, name, system, options, format, rounds, clock_hours, status, round, ' +
          'created_by, created_at, cut, bidding, match_parent, bonus_hours, cap_hours, round_hours, ' +
          'late_until, late_points, checkin_opens_at, checkin_closes_at, checkin_due_at, tiebreaks) ' +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        t.guildId,
        t.channelId,
        t.name,
        t.system,
        JSON.stringify(t.options),
        t.format,
        t.rounds,
        t.clockHours,
        t.createdBy,
        this.now(),
        t.cut ?? 0,
        t.bidding ? 1 : 0,
        t.matchParent ?? null,
        t.bonusHours ?? null,
        t.capHours ?? null,
        t.roundHours ?? null,
        t.lateUntil ?? null,
        t.latePoints ?? 0,
        t.checkinOpensAt ?? null,
        t.checkinClosesAt ?? null,
        // A window still to open (or to close) is the tick's to act on.
        t.checkinOpensAt ?? t.checkinClosesAt ?? null,
        t.tieBreaks?.length ? t.tieBreaks.join(',') : null,
      );
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

  /** Tournaments whose check-in window opens or closes by `now` (indexed: nothing is read for the others). */
  checkinDue(now: number): Tournament[] {
    return this.db.prepare('SELECT * FROM tournaments WHERE checkin_due_at <= ? ORDER BY checkin_due_at').all(now).map(toT);
  }

  setCheckinDue(id: number, at: number | null): void {
    this.db.prepare('UPDATE tournaments SET checkin_due_at = ? WHERE id = ?').run(at, id);
  }

  /** The settings an organiser may change before the start (settings.ts): the check-in window and the tie-break order. */
  setSettings(id: number, set: Pick<Tournament, 'checkinOpensAt' | 'checkinClosesAt' | 'checkinDueAt' | 'tieBreaks'>): void {
    this.db
      .prepare('UPDATE tournaments SET checkin_opens_at = ?, checkin_closes_at = ?, checkin_due_at = ?, tiebreaks = ? WHERE id = ?')
      .run(set.checkinOpensAt, set.checkinClosesAt, set.checkinDueAt, set.tieBreaks?.length ? set.tieBreaks.join(',') : null, id);
  }

  setSeededByHand(id: number, byHand: boolean): void {
    this.db.prepare('UPDATE tournaments SET seeded_by_hand = ? WHERE id = ?').run(byHand ? 1 : 0, id);
  }

  running(): Tournament[] {
    return this.db.prepare("SELECT * FROM tournaments WHERE status = 'running'").all().map(toT);
  }

  update(id: number, set: { status?: Tournament['status']; round?: number; rounds?: number }): void {
    if (set.status) this.db.prepare('UPDATE tournaments SET status = ? WHERE id = ?').run(set.status, id);
    if (set.round !== undefined) this.db.prepare('UPDATE tournaments SET round = ? WHERE id = ?').run(set.round, id);
    if (set.rounds !== undefined) this.db.prepare('UPDATE tournaments SET rounds = ? WHERE id = ?').run(set.rounds, id);
  }

  setHub(id: number, channelId: string, messageId: string): void {
    this.db.prepare('UPDATE tournaments SET hub_channel_id = ?, hub_message_id = ? WHERE id = ?').run(channelId, messageId, id);
  }

  entrants(id: number): Entrant[] {
    return this.db.prepare('SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY seed IS NULL, seed, rowid').all(id).map(toE);
  }

  /** Entrants' ids in the order they first signed up (seeding the unrated). */
  signupOrder(id: number): string[] {
    return (
      this.db.prepare('SELECT user_id FROM tournament_entrants WHERE tournament_id = ? ORDER BY rowid').all(id) as { user_id: string }[]
    ).map((r) => r.user_id);
  }

  entrant(id: number, userId: string): Entrant | null {
    const r = this.db.prepare('SELECT * FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?').get(id, userId);
    return r ? toE(r) : null;
  }

  addEntrant(id: number, userId: string, userName: string): void {
    this.db
      .prepare(
        'INSERT INTO users (user_id, name, seen_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at',
      )
      .run(userId, userName, this.now());
    this.db
      .prepare(
        'INSERT INTO tournament_entrants (tournament_id, user_id, user_name) VALUES (?, ?, ?) ' +
          'ON CONFLICT DO UPDATE SET dropped = 0, missed_checkin = 0, user_name = excluded.user_name',
      )
      .run(id, userId, userName);
  }

  removeEntrant(id: number, userId: string): void {
    this.db.prepare('DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?').run(id, userId);
  }

  setEntrant(
    id: number,
    userId: string,
    set: { checkedIn?: boolean; dropped?: boolean; rating?: number; seed?: number | null; missedCheckin?: boolean },
  ): void {
    if (set.missedCheckin !== undefined)
      this.db
        .prepare('UPDATE tournament_entrants SET missed_checkin = ? WHERE tournament_id = ? AND user_id = ?')
        .run(set.missedCheckin ? 1 : 0, id, userId);
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

  /** The `n` lowest table numbers free in a round: tables stay numbered from 1 after a re-pairing frees some. */
  freeBoards(id: number, round: number, n: number): number[] {
    const used = new Set(this.matches(id, round).map((m) => m.board));
    const out: number[] = [];
    for (let board = 1; out.length < n; board++) if (!used.has(board)) out.push(board);
    return out;
  }

  match(matchId: number): Match | null {
    const r = this.db.prepare('SELECT * FROM tournament_matches WHERE id = ?').get(matchId);
    return r ? toM(r) : null;
  }

  matchOfGame(gameId: number): Match | null {
    const r = this.db.prepare('SELECT * FROM tournament_matches WHERE game_id = ?').get(gameId);
    return r ? toM(r) : null;
  }

  addMatch(
    m: Omit<Match, 'id' | 'gameId' | 'outcome' | 'how' | 'bracket' | 'bidSide' | 'bidVp'> & {
      outcome?: Outcome;
      how?: string;
      bracket?: Bracket;
    },
  ): Match {
    const info = this.db
      .prepare(
        'INSERT INTO tournament_matches (tournament_id, round, board, a_user, b_user, outcome, how, bracket) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(m.tournamentId, m.round, m.board, m.a, m.b, m.outcome ?? null, m.how ?? null, m.bracket ?? 'main');
    return this.match(Number(info.lastInsertRowid))!;
  }

  deleteMatch(matchId: number): void {
    this.db.prepare('DELETE FROM tournament_reports WHERE match_id = ?').run(matchId);
    this.db.prepare('DELETE FROM tournament_bids WHERE match_id = ?').run(matchId);
    this.db.prepare('DELETE FROM tournament_matches WHERE id = ?').run(matchId);
  }

  /** Who plays the first side, after the bids (and the settled bid). */
  setSides(matchId: number, a: string, b: string, bidSide: string | null, bidVp: number | null): void {
    this.db
      .prepare('UPDATE tournament_matches SET a_user = ?, b_user = ?, bid_side = ?, bid_vp = ? WHERE id = ?')
      .run(a, b, bidSide, bidVp, matchId);
  }

  report(matchId: number): Report | null {
    const r = this.db.prepare('SELECT * FROM tournament_reports WHERE match_id = ?').get(matchId) as any;
    return r
      ? {
          matchId,
          outcome: r.outcome,
          by: r.by,
          reason: r.reason,
          at: r.at,
          confirmed: JSON.parse(r.confirmed),
          disputedBy: r.disputed_by,
          dispute: r.dispute,
        }
      : null;
  }

  /** A new report replaces any earlier one (its confirmations start over). */
  setReport(matchId: number, outcome: Outcome, by: string, reason: string, confirmed: string[]): void {
    this.db
      .prepare(
        'INSERT INTO tournament_reports (match_id, outcome, by, reason, at, confirmed) VALUES (?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT(match_id) DO UPDATE SET outcome = excluded.outcome, by = excluded.by, reason = excluded.reason, ' +
          'at = excluded.at, confirmed = excluded.confirmed, disputed_by = NULL, dispute = NULL',
      )
      .run(matchId, outcome, by, reason, this.now(), JSON.stringify(confirmed));
  }

  confirmReport(matchId: number, confirmed: string[]): void {
    this.db.prepare('UPDATE tournament_reports SET confirmed = ? WHERE match_id = ?').run(JSON.stringify(confirmed), matchId);
  }

  disputeReport(matchId: number, by: string, why: string): void {
    this.db.prepare('UPDATE tournament_reports SET disputed_by = ?, dispute = ? WHERE match_id = ?').run(by, why, matchId);
  }

  dropReport(matchId: number): void {
    this.db.prepare('DELETE FROM tournament_reports WHERE match_id = ?').run(matchId);
  }

  bids(matchId: number): Bid[] {
    return (this.db.prepare('SELECT * FROM tournament_bids WHERE match_id = ? ORDER BY at, user_id').all(matchId) as any[]).map((r) => ({
      userId: r.user_id,
      side: r.side,
      vp: r.vp,
    }));
  }

  setBid(matchId: number, userId: string, side: string | null, vp: number): void {
    this.db
      .prepare(
        'INSERT INTO tournament_bids (match_id, user_id, side, vp, at) VALUES (?, ?, ?, ?, ?) ' +
          'ON CONFLICT DO UPDATE SET side = excluded.side, vp = excluded.vp, at = excluded.at',
      )
      .run(matchId, userId, side, vp, this.now());
  }

  pairedAt(id: number, round: number): number | null {
    const r = this.db.prepare('SELECT paired_at FROM tournament_rounds WHERE tournament_id = ? AND round = ?').get(id, round) as
      { paired_at: number } | undefined;
    return r?.paired_at ?? null;
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

  /** Marks the round finished; true the first time only. */
  finishedRound(id: number, round: number): boolean {
    return (
      this.db
        .prepare('UPDATE tournament_rounds SET finished_at = ? WHERE tournament_id = ? AND round = ? AND finished_at IS NULL')
        .run(this.now(), id, round).changes === 1
    );
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

/** The tournament tables of this bot's store. */
export const repoOf = (svc: Services) => new TournamentRepo(svc.store.db, svc.store.now);
