// The outbox: every post a committed action owes, stored until Discord takes
// it. Rows are delivered in id order per lane (the game's channel, private
// deliveries included, so a game's messages never overtake each other); a row
// in backoff holds back the rows behind it in its lane, not other lanes.
import Database from 'better-sqlite3';
import type { Attachment, Post } from '../messages/types.ts';
import { migrate } from './migrations.ts';

export type OutboxState = 'pending' | 'sent' | 'failed';

/** A lane's oldest pending row, without its post. */
export interface HeadInfo {
  id: number;
  lane: string;
  gameId: number | null;
  nextAt: number;
  createdAt: number;
  /** Pictures it carries undrawn. */
  draws: number;
}

export interface OutboxRow {
  id: number;
  gameId: number | null;
  lane: string;
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
  lane: string;
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
  const p = JSON.parse(text) as Omit<Post, 'files'> & { files?: (Omit<Attachment, 'data'> & { data?: string })[] };
  return { ...p, files: p.files?.map((f) => ({ ...f, data: f.data === undefined ? EMPTY : Buffer.from(f.data, 'base64') })) };
}

const toRow = (raw: Raw): OutboxRow => ({
  id: raw.id,
  gameId: raw.game_id,
  lane: raw.lane,
  post: decode(raw.post),
  state: raw.state,
  attempts: raw.attempts,
  nextAt: raw.next_at,
  doneParts: raw.done_parts,
  error: raw.error,
  createdAt: raw.created_at,
});

export class Outbox {
  constructor(
    readonly db: Database.Database,
    readonly now: () => number = Date.now,
    /**
     * New rows wait this long for the interaction's reply (released sooner by
     * release()), so the channel reads action first, then map and hand-off;
     * after a crash they simply fall due.
     */
    readonly holdMs = 10_000,
  ) {}

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
    const at = this.now() + (opts.hold === false ? 0 : this.holdMs);
    const ping = this.db.prepare('INSERT OR IGNORE INTO outbox_pings (game_id, role, decision_id) VALUES (?, ?, ?)');
    const insert = this.db.prepare('INSERT INTO outbox (game_id, lane, post, next_at, created_at, draws) VALUES (?, ?, ?, ?, ?, ?)');
    const settle = this.db.prepare(`DELETE FROM outbox WHERE game_id = ? AND state = 'pending' AND json_extract(post, '$.kind') = 'owed'`);
    this.db.transaction(() => {
      for (const g of new Set(opts.settles ?? [])) settle.run(g);
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
        const draws = post.files?.filter((f) => f.draw).length ?? 0;
        const info = insert.run(post.gameId ?? null, post.channelId, encode(post), at, this.now(), draws);
        out.push({ id: Number(info.lastInsertRowid), post });
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
    const row = this.db.prepare('SELECT channel_id FROM games WHERE id = ?').get(gameId) as { channel_id: string } | undefined;
    if (!row) return;
    const marker: Post = { channelId: row.channel_id, gameId, kind: 'owed', content: '' };
    this.db
      .prepare('INSERT INTO outbox (game_id, lane, post, next_at, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(gameId, row.channel_id, encode(marker), this.now() + recoverAfterMs, this.now());
  }

  /** A restart: nothing is rendering or replying any more, so everything held may go. Old sent rows are dropped. */
  resume(keepSentMs = 7 * 24 * 3_600_000): void {
    this.db.prepare(`UPDATE outbox SET next_at = MIN(next_at, ?) WHERE state = 'pending' AND attempts = 0`).run(this.now());
    this.db.prepare(`DELETE FROM outbox WHERE state = 'sent' AND done_at < ?`).run(this.now() - keepSentMs);
  }

  /**
   * The systems of pictures in `row` that a later batch's pending post of the
   * same game in the same lane, for the same audience, draws again (a newer
   * board): under a backlog only the newest is worth drawing. Posts of one
   * batch (one enqueue, same creation time) never supersede each other, nor
   * does a public map a seat's own private one.
   */
  supersededDraws(row: OutboxRow): Set<string> {
    const out = new Set<string>();
    if (row.gameId === null || !row.post.files?.some((f) => f.draw)) return out;
    const later = this.db
      .prepare(
        `SELECT post FROM outbox WHERE game_id = ? AND state = 'pending' AND id > ? AND lane = ? AND created_at > ? AND draws > 0 ` +
          `AND json_extract(post, '$.to.roles') IS ?`,
      )
      .pluck()
      .all(row.gameId, row.id, row.lane, row.createdAt, audience(row.post)) as string[];
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

  /** The reply went out (or could not): these rows may go now. */
  release(ids: number[]): void {
    const stmt = this.db.prepare(`UPDATE outbox SET next_at = MIN(next_at, ?) WHERE id = ? AND state = 'pending' AND attempts = 0`);
    const t = this.now();
    this.db.transaction(() => ids.forEach((id) => stmt.run(t, id)))();
  }

  /** The head of every lane (its oldest pending row), due or not. */
  heads(): OutboxRow[] {
    const rows = this.db
      .prepare(
        `SELECT o.* FROM outbox o WHERE o.state = 'pending' AND o.id = (SELECT MIN(id) ` +
          `FROM outbox p WHERE p.lane = o.lane AND p.state = 'pending') ORDER BY o.id`,
      )
      .all() as Raw[];
    return rows.map(toRow);
  }

  /**
   * The head of every lane, light: its id, game, when it is due and how
   * many pictures it carries undrawn (the worker reads the row itself when it takes it).
   */
  headIds(): HeadInfo[] {
    return this.db
      .prepare(
        `SELECT o.id, o.lane, o.game_id AS gameId, o.next_at AS nextAt, o.created_at AS createdAt, o.draws
         FROM (SELECT MIN(id) AS id FROM outbox WHERE state = 'pending' GROUP BY lane) h
         JOIN outbox o ON o.id = h.id ORDER BY o.id`,
      )
      .all() as HeadInfo[];
  }

  /** One lane's head, light (headIds), or null when nothing is pending there. */
  laneHead(lane: string): HeadInfo | null {
    const head = this.db
      .prepare(
        `SELECT id, lane, game_id AS gameId, next_at AS nextAt, created_at AS createdAt, draws FROM outbox
         WHERE lane = ? AND state = 'pending' ORDER BY id LIMIT 1`,
      )
      .get(lane) as HeadInfo | undefined;
    return head ?? null;
  }

  /** Whether a later batch's pending row of the head's game in its lane carries pictures (supersededDraws, without reading posts). */
  hasNewerDraws(head: HeadInfo): boolean {
    if (head.gameId === null || head.draws === 0) return false;
    return !!this.db
      .prepare(
        `SELECT 1 FROM outbox WHERE game_id = ? AND state = 'pending' AND id > ? AND lane = ? AND created_at > ? AND draws > 0 ` +
          `AND json_extract(post, '$.to.roles') IS (SELECT json_extract(post, '$.to.roles') FROM outbox WHERE id = ?) LIMIT 1`,
      )
      .get(head.gameId, head.id, head.lane, head.createdAt, head.id);
  }

  /** A card row that a later pending card of the same game in its lane makes redundant (a card is built as it is sent). */
  newerCard(row: OutboxRow): boolean {
    if (row.post.card === undefined || row.post.archive || row.gameId === null) return false;
    return !!this.db
      .prepare(`SELECT 1 FROM outbox WHERE game_id = ? AND state = 'pending' AND id > ? AND lane = ? AND json_extract(post, '$.card') = ?`)
      .get(row.gameId, row.id, row.lane, row.post.card);
  }

  /** Every pending row, oldest first. */
  /** How many rows wait and since when (metrics): one indexed count, no rows read. */
  pendingSummary(): { count: number; oldestAt: number | null } {
    const row = this.db.prepare(`SELECT COUNT(*) AS count, MIN(created_at) AS oldestAt FROM outbox WHERE state = 'pending'`).get() as {
      count: number;
      oldestAt: number | null;
    };
    return row;
  }

  pending(): OutboxRow[] {
    return (this.db.prepare(`SELECT * FROM outbox WHERE state = 'pending' ORDER BY id`).all() as Raw[]).map(toRow);
  }

  get(id: number): OutboxRow | null {
    const raw = this.db.prepare('SELECT * FROM outbox WHERE id = ?').get(id) as Raw | undefined;
    return raw ? toRow(raw) : null;
  }

  /** One payload of a row was accepted: a retry resumes after it. */
  progress(id: number, doneParts: number): void {
    this.db.prepare('UPDATE outbox SET done_parts = ? WHERE id = ?').run(doneParts, id);
  }

  sent(id: number): void {
    this.db.prepare(`UPDATE outbox SET state = 'sent', done_at = ?, error = NULL WHERE id = ?`).run(this.now(), id);
  }

  retry(id: number, at: number, error: string): void {
    this.db.prepare('UPDATE outbox SET attempts = attempts + 1, next_at = ?, error = ? WHERE id = ?').run(at, error.slice(0, 500), id);
  }

  /** Undeliverable. A hand-off that never arrived did not ping: the next post for its decisions (a repost) may. */
  failed(id: number, error: string): void {
    this.db.transaction(() => {
      this.db
        .prepare(`UPDATE outbox SET state = 'failed', attempts = attempts + 1, error = ?, done_at = ? WHERE id = ?`)
        .run(error.slice(0, 500), this.now(), id);
      const post = this.get(id)?.post;
      const unping = this.db.prepare('DELETE FROM outbox_pings WHERE game_id = ? AND role = ? AND decision_id = ?');
      if (post?.gameId !== undefined && !post.to)
        for (const handoff of post.handoff ?? []) unping.run(post.gameId, handoff.role, handoff.decision);
    })();
  }

  /** A game moved into a new thread: what it still owes goes there. */
  redirect(from: string, to: string): void {
    const rows = this.db.prepare(`SELECT * FROM outbox WHERE lane = ? AND state = 'pending'`).all(from) as Raw[];
    const upd = this.db.prepare('UPDATE outbox SET lane = ?, post = ? WHERE id = ?');
    this.db.transaction(() => {
      for (const r of rows) upd.run(to, encode({ ...decode(r.post), channelId: to }), r.id);
    })();
  }
}

/** Who a post is for, as SQLite's json_extract reads it back: its seats' roles as JSON, or null for the channel. */
function audience(post: Post): string | null {
  return post.to ? JSON.stringify(post.to.roles) : null;
}
