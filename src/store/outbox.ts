// The outbox: every post a committed action owes, stored until Discord takes
// it. Rows are delivered in id order per lane and track: a lane is the game's
// channel (private deliveries included, so a game's messages never overtake
// each other); its tracks go side by side (issue 19 §2, §4): pings (hand-offs
// and reminders) never wait behind a picture, and a game's card, edited at
// most once per window, waits for neither. A row in backoff holds back the
// rows behind it in its lane's track, nothing else.
import Database from 'better-sqlite3';
import { dialectOf, type SqlDatabase } from './database.ts';
import { jsonParameter, jsonScalar, jsonTrue, jsonValue } from './json-sql.ts';
import type { Attachment, Post } from '../messages/types.ts';
import { migrate } from './migrations.ts';
import { processOwner } from './leases.ts';
import { LaneGuilds } from './lane-guilds.ts';

export type OutboxState = 'pending' | 'sent' | 'failed';

/**
 * The stored error of a post Discord refused as malformed (HTTP 400): a fault
 * of the bot, not of the channel, so it neither starts nor continues an outage.
 */
export const INVALID_PAYLOAD = 'invalid payload: ';

/**
 * ping: a post that asks someone to act (a hand-off, a reminder), sent first
 * and without its pictures (they follow as an edit of it, in main); main:
 * moves, maps, private posts, notices; card: a game's card, and the edits
 * that disable a message's closed controls, each coalesced per window.
 */
export type Track = 'ping' | 'main' | 'card';

/** The track a post goes in. A finished game's last card archives its thread, so it stays behind the game's posts. */
export function trackOf(post: Post): Track {
  if (post.card !== undefined) return post.archive ? 'main' : 'card';
  // Disabling a message's closed controls is coalesced like a card.
  if (post.disable !== undefined) return 'card';
  // A turn message and its edits (issue 19 §1) share one track, so an edit never runs before its message exists.
  if (post.turn) return 'ping';
  if (post.kind === 'notice' || post.kind === 'owed' || post.edit || post.attachTo || post.hub !== undefined) return 'main';
  return post.handoff?.length || post.decisions?.length || post.mentions?.length ? 'ping' : 'main';
}

/** A lane's oldest pending row, without its post. */
export interface HeadInfo {
  id: number;
  lane: string;
  track: Track;
  gameId: number | null;
  /** The server it goes to (null: a DM, or not known: src/store/lane-guilds.ts); its shard's process delivers it. */
  guildId: string | null;
  nextAt: number;
  createdAt: number;
  /** Pictures it carries undrawn. */
  draws: number;
}

export interface OutboxRow {
  id: number;
  gameId: number | null;
  /** As HeadInfo.guildId. */
  guildId: string | null;
  lane: string;
  track: Track;
  post: Post;
  state: OutboxState;
  attempts: number;
  nextAt: number;
  /** Payloads (message parts × recipients) already accepted: a resend starts after them. */
  doneParts: number;
  error: string | null;
  createdAt: number;
}

interface Raw {
  id: number;
  game_id: number | null;
  guild_id: string | null;
  lane: string;
  track: Track;
  post: string;
  state: OutboxState;
  attempts: number;
  next_at: number;
  done_parts: number;
  error: string | null;
  created_at: number;
}

// Files are bytes: stored base64 inside the JSON so a row is self-contained.
// A picture not drawn yet is stored as its job (the view), drawn at delivery.
function encode(post: Post): string {
  return JSON.stringify({
    ...post,
    files: post.files?.map(({ data, ...f }) => (f.draw ? f : { ...f, data: data.toString('base64') })),
  });
}

const EMPTY = Buffer.alloc(0);

function decode(text: string): Post {
  const parsed = JSON.parse(text) as Omit<Post, 'files'> & { files?: (Omit<Attachment, 'data'> & { data?: string })[] };
  return {
    ...parsed,
    files: parsed.files?.map((file) => ({ ...file, data: file.data === undefined ? EMPTY : Buffer.from(file.data, 'base64') })),
  };
}

const toRow = (raw: Raw): OutboxRow => ({
  id: raw.id,
  gameId: raw.game_id,
  guildId: raw.guild_id,
  lane: raw.lane,
  track: raw.track,
  post: decode(raw.post),
  state: raw.state,
  attempts: raw.attempts,
  nextAt: raw.next_at,
  doneParts: raw.done_parts,
  error: raw.error,
  createdAt: raw.created_at,
});

export class Outbox {
  /**
   * A game's card is edited at most once per this many ms (issue 19 §2):
   * cards queued meanwhile join the one waiting, built as it is sent.
   */
  cardWindowMs = 1_500;
  /**
   * When each window last cost a REST call (a game's card, a message's controls; memory: after a
   * restart the first goes at once).
   */
  private readonly cardAt = new Map<string, number>();
  /** This process, as it claims rows (several processes may drain one outbox). */
  readonly owner = processOwner();
  /**
   * A claimed row is this process's for so long, renewed as its parts go out;
   * a process that dies holding it loses it then, and another delivers it
   * (resuming after the parts Discord accepted, with the same nonces, which
   * Discord remembers for a few minutes: a part it took is not posted again).
   */
  leaseMs = 30_000;
  /** The server each new row goes to (issue 21 §2). */
  private readonly guilds: LaneGuilds;

  constructor(
    readonly db: SqlDatabase,
    readonly now: () => number = Date.now,
    /**
     * New rows wait this long for the interaction's reply (released sooner by
     * release()), so the channel reads action first, then map and hand-off;
     * after a crash they simply fall due.
     */
    readonly holdMs = 10_000,
  ) {
    this.guilds = new LaneGuilds(db);
  }

  /** SQL reading a field of a row's post (json-sql.ts: SQLite and PostgreSQL spell it differently). */
  private field(path: string): string {
    return jsonScalar(dialectOf(this.db), 'post', path);
  }

  /** Who a row's post is for, comparable with another row's or with audienceParameter. */
  private get audienceField(): string {
    return jsonValue(dialectOf(this.db), 'post', 'to.roles');
  }

  /** An outbox of its own (an adapter whose router keeps none, e.g. test routers). */
  static memory(now?: () => number): Outbox {
    const db = new Database(':memory:');
    migrate(db);
    return new Outbox(db, now, 0);
  }

  /**
   * Queue posts in order (call inside the transaction that owes them, or
   * right after it). A post's hand-off decisions are pinged once: a user
   * whose every listed decision was already handed off is not mentioned
   * again, and a hand-off post with nothing new (kind 'handoff') is dropped.
   */
  enqueue(posts: Post[], opts: { hold?: boolean; settles?: number[] } = {}): { id: number; post: Post }[] {
    const out: { id: number; post: Post }[] = [];
    const dueAt = this.now() + (opts.hold === false ? 0 : this.holdMs);
    const ping = this.db.prepare('INSERT INTO outbox_pings (game_id, role, decision_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    const insert = this.db.prepare(
      'INSERT INTO outbox (game_id, lane, track, post, next_at, created_at, draws, guild_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    );
    // A card not tried yet is built as it is sent: a newer card of its game takes its place (after the posts it links).
    const waitingCard = this.db.prepare(
      `SELECT id FROM outbox WHERE lane = ? AND track = 'card' AND state = 'pending' AND attempts = 0 AND game_id = ? ` +
        `AND ${this.field('card')} = ? LIMIT 1`,
    );
    // Likewise the disabling of a message's controls, read as it is sent: one edit for all that closed meanwhile.
    const waitingDisable = this.db.prepare(
      `SELECT id FROM outbox WHERE lane = ? AND track = 'card' AND state = 'pending' AND attempts = 0 ` +
        `AND ${this.field('disable')} = ? LIMIT 1`,
    );
    const settle = this.db.prepare(`DELETE FROM outbox WHERE game_id = ? AND state = 'pending' AND ${this.field('kind')} = 'owed'`);
    this.db.transaction(() => {
      for (const game of new Set(opts.settles ?? [])) settle.run(game);
      for (const original of posts) {
        const post = { ...original };
        if (post.handoff?.length && post.gameId !== undefined) {
          const fresh = new Set<string>();
          for (const handoff of post.handoff)
            if (ping.run(post.gameId, handoff.role, handoff.decision).changes === 1) fresh.add(handoff.userId);
          // Only users with a decision not handed off before are pinged.
          const handedOff = new Set(post.handoff.map((h) => h.userId));
          post.mentions = (post.mentions ?? []).filter((u) => !handedOff.has(u) || fresh.has(u));
          if (post.kind === 'handoff' && fresh.size === 0) continue;
        }
        const track = trackOf(post);
        const joins =
          track !== 'card'
            ? undefined
            : ((post.disable !== undefined
                ? waitingDisable.get(post.channelId, post.disable)
                : waitingCard.get(post.channelId, post.gameId ?? null, post.card)) as { id: number } | undefined);
        if (joins)
          this.db
            .prepare(`UPDATE outbox SET state = 'sent', done_at = ?, error = 'joined a newer card' WHERE id = ?`)
            .run(this.now(), joins.id);
        const due = track === 'card' ? Math.max(dueAt, this.cardDue(windowOf(post))) : dueAt;
        const draws = post.files?.filter((f) => f.draw).length ?? 0;
        const guildId = this.guilds.of(post);
        const inserted = insert.get(post.gameId ?? null, post.channelId, track, encode(post), due, this.now(), draws, guildId) as {
          id: number;
        };
        out.push({ id: inserted.id, post });
      }
    })();
    return out;
  }

  /**
   * Inside a commit's transaction: game G owes posts not rendered yet. The
   * marker is removed when they are stored (enqueue's `settles`); if it comes
   * due first (a crash, or rendering that never finished) the worker posts the
   * game's current state instead.
   */
  owe(gameId: number, recoverAfterMs = 60_000): void {
    const home = this.db.prepare('SELECT channel_id, guild_id FROM games WHERE id = ?').get(gameId) as
      { channel_id: string; guild_id: string | null } | undefined;
    if (!home) return;
    const marker: Post = { channelId: home.channel_id, gameId, kind: 'owed', content: '' };
    this.db
      .prepare('INSERT INTO outbox (game_id, lane, post, next_at, created_at, guild_id) VALUES (?, ?, ?, ?, ?, ?)')
      .run(gameId, home.channel_id, encode(marker), this.now() + recoverAfterMs, this.now(), home.guild_id);
  }

  /**
   * A restart: nothing of ours is rendering or replying any more, so what we
   * held may go. Only rows of servers this process serves (`serves`): with
   * several processes on one outbox, the others' rows wait on their own
   * replies still. Old sent rows are dropped.
   */
  resume(serves: (guildId: string | null) => boolean = () => true, keepSentMs = 7 * 24 * 3_600_000): void {
    const now = this.now();
    const held = this.db.prepare(`SELECT id, guild_id FROM outbox WHERE state = 'pending' AND attempts = 0 AND next_at > ?`).all(now) as {
      id: number;
      guild_id: string | null;
    }[];
    const release = this.db.prepare('UPDATE outbox SET next_at = ? WHERE id = ? AND next_at > ?');
    this.db.transaction(() => {
      for (const row of held) if (serves(row.guild_id)) release.run(now, row.id, now);
    })();
    this.db.prepare(`DELETE FROM outbox WHERE state = 'sent' AND done_at < ?`).run(this.now() - keepSentMs);
  }

  /**
   * The systems of pictures in `row` that a later batch's pending post of the
   * same game in the same lane, for the same audience, draws again (a newer
   * board): under a backlog only the newest is worth drawing. Batches go by
   * creation time, not id (a ping's pictures keep its batch's time, issue 19
   * §4). Posts of one batch (one enqueue, same creation time) never supersede
   * each other, nor does a public map a seat's own private one.
   */
  supersededDraws(row: OutboxRow): Set<string> {
    const out = new Set<string>();
    if (row.gameId === null || !row.post.files?.some((f) => f.draw)) return out;
    const later = this.db
      .prepare(
        `SELECT post FROM outbox WHERE game_id = ? AND state = 'pending' AND lane = ? AND created_at > ? AND draws > 0 ` +
          `AND ${this.audienceField} IS NOT DISTINCT FROM ${jsonParameter(dialectOf(this.db))}`,
      )
      .pluck()
      .all(row.gameId, row.lane, row.createdAt, audience(row.post)) as string[];
    for (const text of later) for (const file of decode(text).files ?? []) if (file.draw) out.add(file.draw.system);
    return out;
  }

  /** A marker is answered by these posts (due at once): the game's current state answers its other markers too. */
  replace(markerId: number, posts: Post[]): void {
    this.db.transaction(() => {
      this.sent(markerId);
      const gameId = this.get(markerId)?.gameId;
      this.enqueue(posts, { hold: false, settles: gameId != null ? [gameId] : [] });
    })();
  }

  /** Put text in front of a row not tried yet (a lost public reply leads its outcome's first post). False: too late. */
  prefix(id: number, text: string): boolean {
    return this.db.transaction(() => {
      const row = this.get(id);
      if (row?.state !== 'pending' || row.attempts > 0 || row.doneParts > 0) return false;
      this.db.prepare('UPDATE outbox SET post = ? WHERE id = ?').run(encode({ ...row.post, content: `${text}\n${row.post.content}` }), id);
      return true;
    })();
  }

  /** A row's post as it goes out (narrowed to the decisions still open), before its first part is sent. */
  rewrite(id: number, post: Post): void {
    this.db.prepare(`UPDATE outbox SET post = ? WHERE id = ? AND state = 'pending' AND done_parts = 0`).run(encode(post), id);
  }

  /** The reply went out (or could not): these rows may go now (a card once its window has passed). */
  release(ids: number[]): void {
    // next_at = the smaller of the two, written so both databases read it (SQLite's MIN(a, b) is PostgreSQL's LEAST).
    const stmt = this.db.prepare(`UPDATE outbox SET next_at = ? WHERE id = ? AND state = 'pending' AND attempts = 0 AND next_at > ?`);
    const which = this.db.prepare('SELECT track, post FROM outbox WHERE id = ?');
    const now = this.now();
    this.db.transaction(() =>
      ids.forEach((id) => {
        const found = which.get(id) as { track: Track; post: string } | undefined;
        const due = found?.track === 'card' ? Math.max(now, this.cardDue(windowOf(JSON.parse(found.post) as Post))) : now;
        stmt.run(due, id, due);
      }),
    )();
  }

  /** A card of game G cost a REST call now: the next waits for the window. */
  cardSent(gameId: number | null): void {
    if (gameId !== null) this.windowSent(`game:${gameId}`);
  }

  /** A row of the card track (its window: windowOf) cost a REST call now: the next of that window waits. */
  windowSent(key: string | null): void {
    if (key === null) return;
    this.cardAt.delete(key);
    this.cardAt.set(key, this.now());
    // Bounded: the oldest are forgotten (their next edit simply goes at once).
    if (this.cardAt.size > 10_000) this.cardAt.delete(this.cardAt.keys().next().value!);
  }

  /** The earliest a new row of this window may go. */
  private cardDue(key: string | null): number {
    const last = key === null ? undefined : this.cardAt.get(key);
    return last === undefined ? 0 : last + this.cardWindowMs;
  }

  /**
   * A ping went ahead of its pictures: they follow as an edit of its message
   * (`messageId`), in the main track, as a post of the ping's batch (so a
   * newer map supersedes them as it would the ping's own). One transaction
   * with the ping marked sent.
   */
  sentWithPictures(row: OutboxRow, messageId: string, files: Attachment[]): number | null {
    return this.db.transaction(() => {
      this.sent(row.id);
      if (!files.length) return null;
      const post: Post = {
        channelId: row.post.channelId,
        gameId: row.post.gameId,
        kind: 'update',
        content: '',
        files,
        attachTo: messageId,
      };
      const draws = files.filter((f) => f.draw).length;
      const inserted = this.db
        .prepare(
          `INSERT INTO outbox (game_id, lane, track, post, next_at, created_at, draws, guild_id) VALUES (?, ?, 'main', ?, ?, ?, ?, ?) RETURNING id`,
        )
        .get(row.gameId, row.lane, encode(post), this.now(), row.createdAt, draws, row.guildId) as { id: number };
      return inserted.id;
    })();
  }

  /** Whether the main track of the head's lane has a row older than it pending (a card waits for the maps it links). */
  mainBefore(head: HeadInfo): boolean {
    return !!this.db
      .prepare(`SELECT 1 FROM outbox WHERE lane = ? AND track = 'main' AND state = 'pending' AND id < ? LIMIT 1`)
      .get(head.lane, head.id);
  }

  /** When the next pending row falls due (null: none pending). */
  nextDueAt(): number | null {
    const next = this.db.prepare(`SELECT MIN(next_at) AS at FROM outbox WHERE state = 'pending'`).get() as { at: number | null };
    return next.at;
  }

  /** The head of every lane's track (its oldest pending row), due or not. */
  heads(): OutboxRow[] {
    const rows = this.db
      .prepare(
        `SELECT o.* FROM outbox o WHERE o.state = 'pending' AND o.id = (SELECT MIN(id) ` +
          `FROM outbox p WHERE p.lane = o.lane AND p.track = o.track AND p.state = 'pending') ORDER BY o.id`,
      )
      .all() as Raw[];
    return rows.map(toRow);
  }

  /**
   * The head of every lane's track, light: its id, game, when it is due and
   * how many pictures it carries undrawn (the worker reads the row itself when it takes it).
   */
  headIds(): HeadInfo[] {
    return this.db
      .prepare(
        `SELECT o.id, o.lane, o.track, o.game_id AS "gameId", o.guild_id AS "guildId", o.next_at AS "nextAt", o.created_at AS "createdAt", o.draws
         FROM (SELECT MIN(id) AS id FROM outbox WHERE state = 'pending' GROUP BY lane, track) h
         JOIN outbox o ON o.id = h.id ORDER BY o.id`,
      )
      .all() as HeadInfo[];
  }

  /** One lane's heads, a row per track with something pending (headIds). */
  laneHeads(lane: string): HeadInfo[] {
    const head = this.db.prepare(
      `SELECT id, lane, track, game_id AS "gameId", guild_id AS "guildId", next_at AS "nextAt", created_at AS "createdAt", draws FROM outbox
       WHERE lane = ? AND track = ? AND state = 'pending' ORDER BY id LIMIT 1`,
    );
    return TRACKS.map((t) => head.get(lane, t) as HeadInfo | undefined).filter((h): h is HeadInfo => !!h);
  }

  /** Whether a later batch's pending row of the head's game in its lane carries pictures (supersededDraws, without reading posts). */
  hasNewerDraws(head: HeadInfo): boolean {
    if (head.gameId === null || head.draws === 0) return false;
    return !!this.db
      .prepare(
        `SELECT 1 FROM outbox WHERE game_id = ? AND state = 'pending' AND lane = ? AND created_at > ? AND draws > 0 ` +
          `AND ${this.audienceField} IS NOT DISTINCT FROM (SELECT ${this.audienceField} FROM outbox WHERE id = ?) LIMIT 1`,
      )
      .get(head.gameId, head.lane, head.createdAt, head.id);
  }

  /** Was this decision of game G handed off (pinged) already? */
  pinged(gameId: number, role: string, decision: number): boolean {
    return !!this.db.prepare('SELECT 1 FROM outbox_pings WHERE game_id = ? AND role = ? AND decision_id = ?').get(gameId, role, decision);
  }

  /** A turn-message edit (Post.turn.edit) that a later pending edit of the same message makes redundant. */
  newerTurnEdit(row: OutboxRow): boolean {
    const turn = row.post.turn;
    if (!turn?.edit) return false;
    return !!this.db
      .prepare(
        `SELECT 1 FROM outbox WHERE game_id = ? AND state = 'pending' AND id > ? AND lane = ? ` +
          `AND ${this.field('turn.seq')} = ? AND ${jsonTrue(dialectOf(this.db), 'post', 'turn.edit')}`,
      )
      .get(turn.gameId, row.id, row.lane, turn.seq);
  }

  /**
   * A card row that a later pending card of the same game in its lane makes
   * redundant (a card is built as it is sent); a tournament's hub likewise.
   */
  newerCard(row: OutboxRow): boolean {
    if (row.post.disable !== undefined)
      return !!this.db
        .prepare(`SELECT 1 FROM outbox WHERE state = 'pending' AND id > ? AND lane = ? AND ${this.field('disable')} = ?`)
        .get(row.id, row.lane, row.post.disable);
    if (row.post.hub !== undefined)
      return !!this.db
        .prepare(`SELECT 1 FROM outbox WHERE state = 'pending' AND id > ? AND lane = ? AND ${this.field('hub')} = ?`)
        .get(row.id, row.lane, row.post.hub);
    if (row.post.card === undefined || row.post.archive || row.gameId === null) return false;
    return !!this.db
      .prepare(`SELECT 1 FROM outbox WHERE game_id = ? AND state = 'pending' AND id > ? AND lane = ? AND ${this.field('card')} = ?`)
      .get(row.gameId, row.id, row.lane, row.post.card);
  }

  /** Every pending row, oldest first. */
  /** How many rows wait and since when (metrics): one indexed count, no rows read. */
  pendingSummary(): { count: number; oldestAt: number | null } {
    const summary = this.db
      .prepare(`SELECT COUNT(*) AS count, MIN(created_at) AS "oldestAt" FROM outbox WHERE state = 'pending'`)
      .get() as {
      count: number;
      oldestAt: number | null;
    };
    return summary;
  }

  pending(): OutboxRow[] {
    return (this.db.prepare(`SELECT * FROM outbox WHERE state = 'pending' ORDER BY id`).all() as Raw[]).map(toRow);
  }

  get(id: number): OutboxRow | null {
    const raw = this.db.prepare('SELECT * FROM outbox WHERE id = ?').get(id) as Raw | undefined;
    return raw ? toRow(raw) : null;
  }

  /**
   * Take a lane's head row to deliver it: true when it is pending and no
   * other process holds it (or its hold expired). Only a lane's head is
   * claimed, and it stays pending until delivered, so a lane goes out in
   * order whichever process delivers it. The row is released when it is
   * sent, failed or put back for a retry. (On PostgreSQL: `SELECT … FOR
   * UPDATE SKIP LOCKED` on the head rows, then the same owner and expiry.)
   */
  claim(id: number): boolean {
    if (dialectOf(this.db) === 'postgres') return this.claimSkippingLocked(id);
    const now = this.now();
    const held = this.db.prepare('SELECT owner FROM outbox WHERE id = ?').pluck().get(id) as string | null | undefined;
    return this.takeHold(id, held, now);
  }

  /** PostgreSQL: a row another process is claiming right now is passed over at once, not waited for. */
  private claimSkippingLocked(id: number): boolean {
    return this.db
      .transaction(() => {
        const locked = this.db.prepare('SELECT owner FROM outbox WHERE id = ? FOR UPDATE SKIP LOCKED').get(id) as
          { owner: string | null } | undefined;
        return locked !== undefined && this.takeHold(id, locked.owner, this.now());
      })
      .deferred();
  }

  /** The owner and expiry written, when the row is pending and free (or our own, or its hold expired). */
  private takeHold(id: number, held: string | null | undefined, now: number): boolean {
    const claimed =
      this.db
        .prepare(
          `UPDATE outbox SET owner = ?, lease_until = ? WHERE id = ? AND state = 'pending' ` +
            `AND (owner IS NULL OR owner = ? OR lease_until <= ?)`,
        )
        .run(this.owner, now + this.leaseMs, id, this.owner, now).changes === 1;
    if (claimed && held && held !== this.owner) this.inheritedRows.add(id);
    return claimed;
  }

  /**
   * Rows taken over from a process whose hold expired while it delivered them:
   * they may have reached Discord already, so they go as stored (their nonce
   * brings the first message back), never rewritten.
   */
  private readonly inheritedRows = new Set<number>();

  /** Was this row taken over from another process's expired hold (see inheritedRows)? */
  inherited(id: number): boolean {
    return this.inheritedRows.has(id);
  }

  /** Rows this process claimed go back to whoever comes next (closing the store). */
  unclaimAll(): void {
    this.db.prepare(`UPDATE outbox SET owner = NULL WHERE owner = ? AND state = 'pending'`).run(this.owner);
  }

  /**
   * Our hold on a row ends, no attempt counted (it turned out to be another
   * process's to deliver, or waits for a thread another row opens): due again
   * at `at` at the soonest.
   */
  unclaim(id: number, notBefore = 0): void {
    // next_at = the larger of the two (SQLite's MAX(a, b), PostgreSQL's GREATEST), in a form both read.
    this.db
      .prepare(`UPDATE outbox SET owner = NULL, next_at = CASE WHEN next_at > ? THEN next_at ELSE ? END WHERE id = ? AND owner = ?`)
      .run(notBefore, notBefore, id, this.owner);
  }

  /** Who holds a row now (null: nobody, or the hold expired). */
  claimedBy(id: number): string | null {
    const hold = this.db.prepare('SELECT owner, lease_until FROM outbox WHERE id = ?').get(id) as
      { owner: string | null; lease_until: number | null } | undefined;
    return hold?.owner && (hold.lease_until ?? 0) > this.now() ? hold.owner : null;
  }

  /** One payload of a row was accepted: a retry resumes after it (and our hold on it is renewed). */
  progress(id: number, doneParts: number): void {
    this.db
      .prepare('UPDATE outbox SET done_parts = ?, lease_until = CASE WHEN owner = ? THEN ? ELSE lease_until END WHERE id = ?')
      .run(doneParts, this.owner, this.now() + this.leaseMs, id);
  }

  sent(id: number): void {
    this.db.prepare(`UPDATE outbox SET state = 'sent', done_at = ?, error = NULL, owner = NULL WHERE id = ?`).run(this.now(), id);
    this.inheritedRows.delete(id);
  }

  retry(id: number, nextAt: number, error: string): void {
    this.db
      .prepare('UPDATE outbox SET attempts = attempts + 1, next_at = ?, error = ?, owner = NULL WHERE id = ?')
      .run(nextAt, error.slice(0, 500), id);
  }

  /** Undeliverable. A hand-off that never arrived did not ping: the next post for its decisions (a repost) may. */
  failed(id: number, error: string): void {
    this.db.transaction(() => {
      this.db
        .prepare(`UPDATE outbox SET state = 'failed', attempts = attempts + 1, error = ?, done_at = ?, owner = NULL WHERE id = ?`)
        .run(error.slice(0, 500), this.now(), id);
      const post = this.get(id)?.post;
      if (post?.gameId !== undefined && !post.to) this.unping(post.gameId, post.handoff ?? []);
    })();
    this.inheritedRows.delete(id);
  }

  /** These hand-offs did not ping (their post never went, or went without them, issue 19 §4): not counted as pinged. */
  unping(gameId: number | null | undefined, handoffs: { role: string; decision: number }[]): void {
    if (gameId == null) return;
    const unping = this.db.prepare('DELETE FROM outbox_pings WHERE game_id = ? AND role = ? AND decision_id = ?');
    for (const handoff of handoffs) unping.run(gameId, handoff.role, handoff.decision);
  }

  /**
   * Whether `lane` was already refusing posts before row `beforeId`: of its
   * public posts (not notices, not private ones), the newest that failed or
   * was sent as a new message (done_parts > 0: not a card edit, which may
   * pass where a post may not) failed, for a reason other than a malformed
   * payload. Its players were told of that outage then; it ends with the first
   * post that gets through (issue 19 §9).
   */
  inOutage(lane: string, beforeId: number): boolean {
    const last = this.db
      .prepare(
        `SELECT state, error FROM outbox WHERE lane = ? AND id < ? AND (state = 'failed' OR (state = 'sent' AND done_parts > 0))
         AND ${this.field('to')} IS NULL AND COALESCE(${this.field('kind')}, 'update') NOT IN ('notice', 'owed')
         ORDER BY id DESC LIMIT 1`,
      )
      .get(lane, beforeId) as { state: OutboxState; error: string | null } | undefined;
    return last?.state === 'failed' && !(last.error ?? '').startsWith(INVALID_PAYLOAD);
  }

  /**
   * A lane whose server the store could not tell turned out to be in `guildId`
   * (Discord said so): its rows go to that server's shard from now on.
   */
  placeLane(lane: string, guildId: string): void {
    this.db.prepare(`UPDATE outbox SET guild_id = ? WHERE lane = ? AND state = 'pending' AND guild_id IS NULL`).run(guildId, lane);
  }

  /** A game moved into a new thread: what it still owes goes there. */
  redirect(from: string, to: string): void {
    const rows = this.db.prepare(`SELECT * FROM outbox WHERE lane = ? AND state = 'pending'`).all(from) as Raw[];
    const update = this.db.prepare('UPDATE outbox SET lane = ?, post = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const raw of rows) update.run(to, encode({ ...decode(raw.post), channelId: to }), raw.id);
    })();
  }
}

const TRACKS: readonly Track[] = ['ping', 'main', 'card'];

/** What a card-track row's window is kept by: the message whose controls it disables, else its game's card. */
export function windowOf(post: Post): string | null {
  if (post.disable !== undefined) return `message:${post.channelId}/${post.disable}`;
  return post.gameId === undefined ? null : `game:${post.gameId}`;
}

/** Who a post is for, as the audience field reads it back: its seats' roles as compact JSON, or null for the channel. */
function audience(post: Post): string | null {
  return post.to ? JSON.stringify(post.to.roles) : null;
}
