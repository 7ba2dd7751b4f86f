// The bot's messages whose buttons or dropdowns are still live, per channel
// (src/bot/controls.ts keeps them in memory and writes through to here), so
// after a restart the bot still disables those whose decision has closed.
import type { SqlDatabase } from './database.ts';

export interface ControlMessage {
  channelId: string;
  messageId: string;
  /** The message's component rows as Discord's API JSON. */
  rows: unknown[];
}

export class ControlMessages {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every remembered message, oldest first. */
  all(): ControlMessage[] {
    const rows = this.db.prepare('SELECT channel_id, message_id, rows FROM control_messages ORDER BY added_at, rowid').all() as {
      channel_id: string;
      message_id: string;
      rows: string;
    }[];
    return rows.map((row) => ({ channelId: row.channel_id, messageId: row.message_id, rows: JSON.parse(row.rows) as unknown[] }));
  }

  /** One channel's remembered messages, oldest first (another process may have posted some). */
  ofChannel(channelId: string): ControlMessage[] {
    const rows = this.db
      .prepare('SELECT message_id, rows FROM control_messages WHERE channel_id = ? ORDER BY added_at, rowid')
      .all(channelId) as { message_id: string; rows: string }[];
    return rows.map((row) => ({ channelId, messageId: row.message_id, rows: JSON.parse(row.rows) as unknown[] }));
  }

  /** Remember (or re-remember, as newest) a message's controls. */
  put(channelId: string, messageId: string, rows: unknown[]): void {
    this.db
      .prepare(
        'INSERT INTO control_messages (channel_id, message_id, rows, added_at) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT(channel_id, message_id) DO UPDATE SET rows = excluded.rows, added_at = excluded.added_at',
      )
      .run(channelId, messageId, JSON.stringify(rows), this.now());
  }

  /** New rows for a message still remembered (an edit); its place in the order stays. */
  update(channelId: string, messageId: string, rows: unknown[]): void {
    this.db
      .prepare('UPDATE control_messages SET rows = ? WHERE channel_id = ? AND message_id = ?')
      .run(JSON.stringify(rows), channelId, messageId);
  }

  /** Forget messages (no live control left, or past the bounds). */
  forget(channelId: string, messageIds: string[]): void {
    const del = this.db.prepare('DELETE FROM control_messages WHERE channel_id = ? AND message_id = ?');
    this.db.transaction(() => {
      for (const id of messageIds) del.run(channelId, id);
    })();
  }

  /** Forget a whole channel. */
  forgetChannel(channelId: string): void {
    this.db.prepare('DELETE FROM control_messages WHERE channel_id = ?').run(channelId);
  }
}
