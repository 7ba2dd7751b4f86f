// A game's turn message (issue 19 §1): the public message that holds the
// prompt, the controls and a short running log of the current turn, edited in
// place while the same seat goes on. One row per turn message (migration 17);
// the newest row of a game is its current one, unless closed (another post
// took over: a deadline's default, an undo, a repost). The message id is
// known once the outbox delivered the post (null until then).
import type { SqlDatabase } from './database.ts';

export interface TurnMessage {
  gameId: number;
  /** 1, 2, …: which turn message of the game. */
  seq: number;
  channelId: string;
  messageId: string | null;
  /** The seats whose turn it is (asked when it was posted). */
  roles: string[];
  /** What the message shows above its prompt (the running log). */
  lines: string[];
}

interface Raw {
  game_id: number;
  seq: number;
  channel_id: string;
  message_id: string | null;
  roles: string;
  lines: string;
  closed: number;
}

const toTurn = (raw: Raw): TurnMessage => ({
  gameId: raw.game_id,
  seq: raw.seq,
  channelId: raw.channel_id,
  messageId: raw.message_id,
  roles: JSON.parse(raw.roles) as string[],
  lines: JSON.parse(raw.lines) as string[],
});

export class TurnMessages {
  constructor(private readonly db: SqlDatabase) {}

  /** The game's current turn message, or null (none yet, or closed). */
  current(gameId: number): TurnMessage | null {
    const raw = this.db.prepare('SELECT * FROM turn_messages WHERE game_id = ? ORDER BY seq DESC LIMIT 1').get(gameId) as Raw | undefined;
    return raw && !raw.closed ? toTurn(raw) : null;
  }

  /** A new turn message (its post is about to be queued): the older ones stay, for their pending edits. */
  start(gameId: number, channelId: string, roles: string[], lines: string[]): TurnMessage {
    const seq =
      ((this.db.prepare('SELECT MAX(seq) AS seq FROM turn_messages WHERE game_id = ?').get(gameId) as { seq: number | null }).seq ?? 0) + 1;
    this.db
      .prepare('INSERT INTO turn_messages (game_id, seq, channel_id, roles, lines) VALUES (?, ?, ?, ?, ?)')
      .run(gameId, seq, channelId, JSON.stringify(roles), JSON.stringify(lines));
    return { gameId, seq, channelId, messageId: null, roles, lines };
  }

  /** The running log after a move that continued the turn. */
  setLines(gameId: number, seq: number, lines: string[]): void {
    this.db.prepare('UPDATE turn_messages SET lines = ? WHERE game_id = ? AND seq = ?').run(JSON.stringify(lines), gameId, seq);
  }

  /** The outbox delivered turn message `seq` as this message. */
  posted(gameId: number, seq: number, channelId: string, messageId: string): void {
    this.db
      .prepare('UPDATE turn_messages SET channel_id = ?, message_id = ? WHERE game_id = ? AND seq = ?')
      .run(channelId, messageId, gameId, seq);
  }

  /** The message of turn message `seq` (null: not delivered, or unknown). */
  messageOf(gameId: number, seq: number): string | null {
    const row = this.db.prepare('SELECT message_id FROM turn_messages WHERE game_id = ? AND seq = ?').get(gameId, seq) as
      { message_id: string | null } | undefined;
    return row?.message_id ?? null;
  }

  /** Another post took over (a deadline's default, an undo, a repost): the next move posts anew. */
  close(gameId: number): void {
    this.db.prepare('UPDATE turn_messages SET closed = 1 WHERE game_id = ? AND closed = 0').run(gameId);
  }
}
