// The Discord server (guild) an outbox row goes to, stored with the row so
// the process serving that server's shard delivers it (issue 21 §2) without
// asking the guild cache. Found from what the store already knows: the row's
// game, its tournament's hub, or a game or tournament living in its lane's
// channel. Null: a game played in direct messages, or a channel the store
// does not know, which shard 0's process delivers or, finding it a server's
// channel, hands on (src/bot/outbox-worker.ts).
import type { SqlDatabase } from './database.ts';
import type { Post } from '../messages/types.ts';

/** Lanes whose server was looked up by channel, remembered (a lane never changes server). */
const REMEMBERED = 10_000;

export class LaneGuilds {
  private readonly byChannel = new Map<string, string | null>();

  constructor(private readonly db: SqlDatabase) {}

  /** The server of a post bound for `lane` (its channelId, or a match's `<parent>:<slug>` placeholder). */
  of(post: Post, lane = post.channelId): string | null {
    if (post.gameId !== undefined) {
      const game = this.db.prepare('SELECT guild_id FROM games WHERE id = ?').get(post.gameId) as { guild_id: string | null } | undefined;
      if (game) return game.guild_id;
    }
    if (post.hub !== undefined) {
      const cup = this.db.prepare('SELECT guild_id FROM tournaments WHERE id = ?').get(post.hub) as { guild_id: string | null } | undefined;
      if (cup) return cup.guild_id;
    }
    return this.ofChannel(lane);
  }

  /** The server of a channel (or thread) the store knows a game or tournament in; null when none. */
  ofChannel(lane: string): string | null {
    // A match's placeholder lane is its parent channel's.
    const colon = lane.indexOf(':');
    const channelId = colon > 0 ? lane.slice(0, colon) : lane;
    const known = this.byChannel.get(channelId);
    if (known !== undefined) return known;
    const found = this.lookup(channelId);
    // Only a found server is remembered: an unknown channel may gain a game later.
    if (found === undefined) return null;
    if (this.byChannel.size >= REMEMBERED) this.byChannel.delete(this.byChannel.keys().next().value!);
    this.byChannel.set(channelId, found);
    return found;
  }

  private lookup(channelId: string): string | null | undefined {
    const queries = [
      'SELECT guild_id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1',
      'SELECT g.guild_id FROM game_homes h JOIN games g ON g.id = h.game_id WHERE h.parent_id = ? ORDER BY g.id DESC LIMIT 1',
      'SELECT guild_id FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 1',
      'SELECT guild_id FROM tournaments WHERE hub_channel_id = ? ORDER BY id DESC LIMIT 1',
    ];
    for (const sql of queries) {
      const row = this.db.prepare(sql).get(channelId) as { guild_id: string | null } | undefined;
      if (row) return row.guild_id;
    }
    return undefined;
  }
}
