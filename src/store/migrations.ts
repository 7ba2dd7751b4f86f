// Versioned schema migrations. Append new ones; never edit a released one.
// PostgreSQL has its own list (migrations-postgres.ts): a new migration goes in both, same number.
import type { Migration, SqlDatabase, SqlDialect } from './sql.ts';
import { postgresMigrations } from './migrations-postgres.ts';

export type { Migration } from './sql.ts';

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'games, seats, action log, snapshots, guild settings',
    sql: `
      CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id TEXT,
        channel_id TEXT NOT NULL,
        system TEXT NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        seed_hash TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby','active','over','abandoned')),
        version INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        result TEXT,
        label TEXT,
        deadline INTEGER,
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX games_one_live_per_channel ON games(channel_id) WHERE status IN ('lobby','active');
      CREATE INDEX games_by_guild ON games(guild_id, status);
      CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id),
        role TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        PRIMARY KEY (game_id, role)
      );
      CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        role TEXT NOT NULL,
        user_id TEXT NOT NULL,
        action TEXT NOT NULL,
        undoable INTEGER NOT NULL DEFAULT 0,
        at INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
      );
      CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
      );
      CREATE TABLE guild_settings (
        guild_id TEXT PRIMARY KEY,
        moderator_role_id TEXT
      );
    `,
  },
  {
    version: 2,
    name: 'indexes for latestGame and the deadline tick',
    // latestGame: newest game of a channel, any status. overdue: active games past their deadline.
    sql: `
      CREATE INDEX games_by_channel ON games(channel_id, id);
      CREATE INDEX games_active_deadline ON games(deadline) WHERE status = 'active' AND deadline IS NOT NULL;
      `,
  },
  {
    version: 3,
    name: 'deadlines per decision and seat, clock policy per game',
    sql: `
      CREATE TABLE decision_deadlines (
        game_id INTEGER NOT NULL REFERENCES games(id),
        role TEXT NOT NULL,
        decision_id INTEGER NOT NULL,
        due_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, role)
      );
      CREATE INDEX decision_deadlines_due ON decision_deadlines(due_at);
      ALTER TABLE games ADD COLUMN clock_ms INTEGER;
    `,
  },
  {
    version: 4,
    name: 'team seats: several users may hold one side (key game, role, user)',
    // Recreated in rowid order, so seat order (team turns, listings) is kept.
    sql: `
      CREATE TABLE seats_v4 (
        game_id INTEGER NOT NULL REFERENCES games(id),
        role TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        PRIMARY KEY (game_id, role, user_id)
      );
      INSERT INTO seats_v4 (game_id, role, user_id, user_name) SELECT game_id, role, user_id, user_name FROM seats ORDER BY rowid;
      DROP TABLE seats;
      ALTER TABLE seats_v4 RENAME TO seats;
    `,
  },
  // migrate() applies each version it has not seen, whatever the order.
  {
    version: 5,
    name: 'outbox of owed posts, hand-off pings per decision',
    sql: `
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER,
        lane TEXT NOT NULL,
        post TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER NOT NULL,
        done_parts INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        created_at INTEGER NOT NULL,
        done_at INTEGER
      );
      CREATE INDEX outbox_pending ON outbox(lane, id) WHERE state = 'pending';
      CREATE TABLE outbox_pings (
        game_id INTEGER NOT NULL,
        role TEXT NOT NULL,
        decision_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, role, decision_id)
      );
    `,
  },
  {
    version: 6,
    name: 'game_finished: one event per game end, whatever ended it',
    // Written in the transaction that ends the game (Store.commit / Store.finish);
    // tournaments and ratings consume it. `rated` marks the ratings' progress.
    sql: `
      CREATE TABLE game_finished (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL UNIQUE REFERENCES games(id),
        status TEXT NOT NULL,
        how TEXT NOT NULL,
        result TEXT NOT NULL,
        at INTEGER NOT NULL,
        rated INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX game_finished_unrated ON game_finished(id) WHERE rated = 0;
    `,
  },
  {
    version: 7,
    name: 'tournaments, entrants, rounds, matches, organiser log; ratings',
    sql: `
      CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id TEXT,
        channel_id TEXT NOT NULL,
        name TEXT NOT NULL,
        system TEXT NOT NULL,
        options TEXT NOT NULL,
        format TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        clock_hours INTEGER,
        status TEXT NOT NULL CHECK (status IN ('signup','running','finished')),
        round INTEGER NOT NULL DEFAULT 0,
        created_by TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE tournament_entrants (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        rating REAL NOT NULL DEFAULT 0,
        seed INTEGER,
        checked_in INTEGER NOT NULL DEFAULT 0,
        dropped INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, user_id)
      );
      CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        paired_at INTEGER NOT NULL,
        finished_at INTEGER,
        PRIMARY KEY (tournament_id, round)
      );
      CREATE TABLE tournament_matches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        board INTEGER NOT NULL,
        a_user TEXT NOT NULL,
        b_user TEXT,
        game_id INTEGER REFERENCES games(id),
        outcome TEXT,
        how TEXT,
        UNIQUE (tournament_id, round, board)
      );
      CREATE INDEX tournament_matches_game ON tournament_matches(game_id);
      CREATE TABLE tournament_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        at INTEGER NOT NULL,
        by TEXT NOT NULL,
        what TEXT NOT NULL,
        reason TEXT NOT NULL
      );
      CREATE TABLE ratings (
        guild_id TEXT NOT NULL,
        system TEXT NOT NULL,
        side TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (guild_id, system, side, user_id)
      );
    `,
  },
  {
    version: 8,
    name: 'game homes: thread parent, pinned card message, last map link, chronicle flag',
    sql: `
      CREATE TABLE game_homes (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        parent_id TEXT,
        card_channel_id TEXT,
        card_message_id TEXT,
        map_url TEXT,
        chronicled INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX game_homes_parent ON game_homes(parent_id);
    `,
  },
  {
    version: 9,
    name: 'private threads per seat, notes for the next interaction, reminders',
    // seat_threads.members: user ids already added to the thread (JSON array).
    // set_at: when a deadline was set (half-time reminders); NULL on older rows.
    sql: `
      CREATE TABLE seat_threads (
        game_id INTEGER NOT NULL,
        role TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        members TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, role)
      );
      CREATE TABLE seat_notes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        game_id INTEGER,
        content TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX seat_notes_user ON seat_notes(user_id, id);
      ALTER TABLE decision_deadlines ADD COLUMN set_at INTEGER;
      CREATE TABLE reminders_sent (
        game_id INTEGER NOT NULL,
        role TEXT NOT NULL,
        decision_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (game_id, role, decision_id, kind)
      );
      CREATE TABLE reminder_settings (
        user_id TEXT PRIMARY KEY,
        enabled INTEGER NOT NULL DEFAULT 1,
        interval_ms INTEGER,
        quiet_from INTEGER,
        quiet_to INTEGER
      );
    `,
  },
  {
    version: 10,
    name: 'tournaments: top cut, side bidding, match threads parent, hub message, round times; brackets, result reports, bids; clock banks; users',
    // bracket: 'main' (Swiss, round robin, knockout), 'W'/'L'/'F'/'F2' (double elimination:
    // winners, losers, grand final and its reset), 'cut' (the knockout after a Swiss).
    // tournament_reports: a result recorded for both players to confirm (confirmed: JSON user ids).
    // bid_side/bid_vp: the settled side bid (that side's player gives bid_vp VP).
    // games.clock_bonus_ms/clock_cap_ms: a time bank per seat (clock_ms to start, + bonus per decision, at most cap);
    // clock_banks holds each seat's bank between its decisions.
    // users: the last display name seen for each user id (tournaments, ratings).
    sql: `
      ALTER TABLE tournaments ADD COLUMN bonus_hours INTEGER;
      ALTER TABLE tournaments ADD COLUMN cap_hours INTEGER;
      ALTER TABLE tournaments ADD COLUMN round_hours INTEGER;
      ALTER TABLE games ADD COLUMN clock_bonus_ms INTEGER;
      ALTER TABLE games ADD COLUMN clock_cap_ms INTEGER;
      CREATE TABLE clock_banks (
        game_id INTEGER NOT NULL,
        role TEXT NOT NULL,
        bank_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, role)
      );
      CREATE TABLE users (
        user_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        seen_at INTEGER NOT NULL
      );
      ALTER TABLE tournaments ADD COLUMN cut INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE tournaments ADD COLUMN bidding INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE tournaments ADD COLUMN match_parent TEXT;
      ALTER TABLE tournaments ADD COLUMN hub_channel_id TEXT;
      ALTER TABLE tournaments ADD COLUMN hub_message_id TEXT;
      ALTER TABLE tournament_matches ADD COLUMN bracket TEXT NOT NULL DEFAULT 'main';
      ALTER TABLE tournament_matches ADD COLUMN bid_side TEXT;
      ALTER TABLE tournament_matches ADD COLUMN bid_vp REAL;
      CREATE TABLE tournament_reports (
        match_id INTEGER PRIMARY KEY REFERENCES tournament_matches(id),
        outcome TEXT NOT NULL,
        by TEXT NOT NULL,
        reason TEXT NOT NULL,
        at INTEGER NOT NULL,
        confirmed TEXT NOT NULL DEFAULT '[]',
        disputed_by TEXT,
        dispute TEXT
      );
      CREATE TABLE tournament_bids (
        match_id INTEGER NOT NULL REFERENCES tournament_matches(id),
        user_id TEXT NOT NULL,
        side TEXT,
        vp REAL NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, user_id)
      );
    `,
  },
  {
    version: 11,
    name: 'outbox: pictures drawn at delivery, pending rows by game',
    // draws: pictures a row carries undrawn (Attachment.draw); the index finds
    // a game's commit markers and newer maps without a scan.
    sql: `
      ALTER TABLE outbox ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX outbox_pending_game ON outbox(game_id, id) WHERE state = 'pending';
    `,
  },
  {
    version: 12,
    name: 'bot messages with live controls',
    // So a restart still disables the controls whose decisions closed meanwhile.
    sql: `
      CREATE TABLE control_messages (
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        rows TEXT NOT NULL,
        added_at INTEGER NOT NULL,
        PRIMARY KEY (channel_id, message_id)
      );
    `,
  },
  {
    version: 13,
    name: 'damaged games: noted once, reported once, passed over by the tick',
    // Issue 22: a game whose options, state or log cannot be read is set apart, not fatal to the others.
    sql: `
      CREATE TABLE damaged_games (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        part TEXT NOT NULL,
        reason TEXT NOT NULL,
        noted_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 14,
    name: 'a tick that reads only what is due; finished games keep their last snapshot, their log deflated',
    // remind_at: when the tick next looks at a deadline for reminders (0: at
    // once); lobbies found by their age through a partial index (the expiry
    // hours are configuration, so the due time is created_at + hours); finished
    // games keep only their newest snapshot (replays fall back to the seed);
    // finished_logs: a finished game's log in one deflated record (Store.archiveFinished
    // compresses the games finished before this migration, at start-up).
    sql: `
      ALTER TABLE decision_deadlines ADD COLUMN remind_at INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX decision_deadlines_remind ON decision_deadlines(remind_at);
      CREATE INDEX games_lobby_created ON games(created_at) WHERE status = 'lobby';
      CREATE TABLE finished_logs (game_id INTEGER PRIMARY KEY REFERENCES games(id), log BLOB NOT NULL);
      DELETE FROM snapshots WHERE game_id IN (SELECT id FROM games WHERE status IN ('over','abandoned'))
        AND seq < (SELECT MAX(s.seq) FROM snapshots s WHERE s.game_id = snapshots.game_id);
    `,
  },
  {
    version: 15,
    name: "tournaments: the organiser's tie-break order",
    // tiebreaks: comma-separated ids (bhc1,bh,mbh,sb,h2h,wins); null: the format's default.
    sql: `
      ALTER TABLE tournaments ADD COLUMN tiebreaks TEXT;
    `,
  },
  // 16, not 15: h/swiss adds 15 (the tie-break order) the same day; migrate() applies each version it has not seen, whatever the order.
  {
    version: 16,
    name: 'tournaments: late entry, a check-in window on a schedule, manual seeding; pairings by DM on request',
    // late_until: the last round a late entrant may join (NULL: half the Swiss
    // rounds; 0: none); late_points: what each missed round scores (0 or 0.5).
    // checkin_opens_at/closes_at: the window; checkin_due_at: when the tick next
    // opens or closes it (NULL: nothing to do), found through a partial index.
    // seeded_by_hand: /tournament seed fixed the order (the start keeps it).
    // entrants.missed_checkin: signed up, never checked in, told so when check-in closed.
    // reminder_settings.pairings_dm: the player asked for their pairings by DM.
    sql: `
      ALTER TABLE tournaments ADD COLUMN late_until INTEGER;
      ALTER TABLE tournaments ADD COLUMN late_points REAL NOT NULL DEFAULT 0;
      ALTER TABLE tournaments ADD COLUMN checkin_opens_at INTEGER;
      ALTER TABLE tournaments ADD COLUMN checkin_closes_at INTEGER;
      ALTER TABLE tournaments ADD COLUMN checkin_due_at INTEGER;
      ALTER TABLE tournaments ADD COLUMN seeded_by_hand INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX tournaments_checkin_due ON tournaments(checkin_due_at) WHERE checkin_due_at IS NOT NULL;
      ALTER TABLE tournament_entrants ADD COLUMN missed_checkin INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE reminder_settings ADD COLUMN pairings_dm INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 17,
    // 17: h/swiss has 15 and h/tops 16, written the same day.
    name: "a game's turn message, edited in place",
    // Issue 19 §1: the message that holds the current turn's prompt, controls
    // and running log (src/store/turn-messages.ts); one row per turn message,
    // the newest of a game being its current one.
    sql: `
      CREATE TABLE turn_messages (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        channel_id TEXT NOT NULL,
        message_id TEXT,
        roles TEXT NOT NULL,
        lines TEXT NOT NULL,
        closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seq)
      );
    `,
  },
  {
    version: 18,
    // 18, not 15: main has 15 (h/swiss), 16 (h/tops) and 17 (h/turn) by now; migrate() applies any it has not seen.
    name: 'outbox tracks: pings ahead of pictures, cards coalesced',
    // Issue 19 §2/§4: a lane (channel) holds three tracks delivered side by
    // side, each in id order: 'ping' (hand-offs and reminders, never behind a
    // picture), 'main' (moves, maps, private posts) and 'card' (a game's card,
    // edited at most once per window). The pending index goes by track too.
    sql: `
      ALTER TABLE outbox ADD COLUMN track TEXT NOT NULL DEFAULT 'main';
      DROP INDEX outbox_pending;
      CREATE INDEX outbox_pending ON outbox(lane, track, id) WHERE state = 'pending';
    `,
  },
  {
    version: 19,
    // 19: h/lease wrote it as 15 the same day as 15–18.
    name: 'work done once across processes: leases, claimed slots, outbox rows claimed by their deliverer',
    // Issue 21 §3. leases: one holder per name until expires_at (the tick's
    // leader); lease_slots: the last slot of a schedule some process claimed
    // (a backup); outbox.owner/lease_until: the process delivering a lane's
    // head row, until when (a dead one's row is taken over after it).
    sql: `
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        taken_at INTEGER NOT NULL
      );
      CREATE TABLE lease_slots (
        name TEXT PRIMARY KEY,
        slot INTEGER NOT NULL,
        owner TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      ALTER TABLE outbox ADD COLUMN owner TEXT;
      ALTER TABLE outbox ADD COLUMN lease_until INTEGER;
    `,
  },
  {
    version: 23,
    // 23: 20–22 are other branches' of the same day (issue 21 §1, §4, §5).
    name: "outbox rows carry their lane's server, so the process serving its shard delivers them",
    // Issue 21 §2: a lane is delivered by the process whose shards hold its
    // server ((guild >> 22) % shards), found from the row, not from the guild
    // cache. NULL: a direct message, or a server not known yet (src/store/lane-guilds.ts).
    sql: `
      ALTER TABLE outbox ADD COLUMN guild_id TEXT;
      UPDATE outbox SET guild_id = (SELECT g.guild_id FROM games g WHERE g.id = outbox.game_id) WHERE state = 'pending';
    `,
  },
  {
    version: 24,
    name: 'tournament matches still open found by index: the tick no longer reads every match and every finished game',
    // Issue 21 §4: each tick asks which open matches have a finished game
    // (TournamentRepo.unconsumed); without it SQLite read game_finished whole
    // and PostgreSQL every match. Only open matches are in it (a partial index).
    sql: `
      CREATE INDEX tournament_matches_open ON tournament_matches(game_id) WHERE outcome IS NULL;
    `,
  },
];

/** The migrations of a database's dialect (a plain better-sqlite3 handle has none: SQLite). */
export const migrationsFor = (database: SqlDatabase & { dialect?: SqlDialect }): Migration[] =>
  database.dialect === 'postgres' ? postgresMigrations : migrations;

export function migrate(database: SqlDatabase & { dialect?: SqlDialect }): number {
  const list = migrationsFor(database);
  // Under the write lock: on PostgreSQL two processes creating it at once would clash in its catalog.
  const timeType = database.dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
  database
    .transaction(() =>
      database.exec(
        `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${timeType} NOT NULL)`,
      ),
    )
    .immediate();
  const applied = () =>
    new Set((database.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  const done = applied();
  for (const migration of list) {
    if (done.has(migration.version)) continue;
    // Under the write lock, looked at again: several processes may start on one new database at once.
    database
      .transaction(() => {
        if (applied().has(migration.version)) return;
        database.exec(migration.sql);
        database
          .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, Date.now());
      })
      .immediate();
  }
  return list.length ? list[list.length - 1].version : 0;
}
