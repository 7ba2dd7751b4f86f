// Where a game lives beyond its channel id: the parent channel of its thread,
// its pinned card (edited in place), the link to its last map, and whether
// its end was written up in the parent channel (the chronicle).
import type { SqlDatabase } from './database.ts';

export interface GameHome {
  gameId: number;
  /** The channel whose thread holds the game (null: the game lives in a channel or a thread it did not open). */
  parentId: string | null;
  cardChannelId: string | null;
  cardMessageId: string | null;
  mapUrl: string | null;
  chronicled: boolean;
}

interface Raw {
  game_id: number;
  parent_id: string | null;
  card_channel_id: string | null;
  card_message_id: string | null;
  map_url: string | null;
  chronicled: number;
}

export class GameHomes {
  constructor(private readonly db: SqlDatabase) {}

  get(gameId: number): GameHome {
    const raw = this.db.prepare('SELECT * FROM game_homes WHERE game_id = ?').get(gameId) as Raw | undefined;
    return raw
      ? {
          gameId,
          parentId: raw.parent_id,
          cardChannelId: raw.card_channel_id,
          cardMessageId: raw.card_message_id,
          mapUrl: raw.map_url,
          chronicled: !!raw.chronicled,
        }
      : { gameId, parentId: null, cardChannelId: null, cardMessageId: null, mapUrl: null, chronicled: false };
  }

  private upsert(
    gameId: number,
    column: 'parent_id' | 'card_channel_id' | 'card_message_id' | 'map_url' | 'chronicled',
    value: string | number | null,
  ): void {
    this.db
      .prepare(
        `INSERT INTO game_homes (game_id, ${column}) VALUES (?, ?) ON CONFLICT(game_id) DO UPDATE SET ${column} = excluded.${column}`,
      )
      .run(gameId, value);
  }

  setParent(gameId: number, parentId: string | null): void {
    this.upsert(gameId, 'parent_id', parentId);
  }

  setCard(gameId: number, channelId: string, messageId: string): void {
    this.db.transaction(() => {
      this.upsert(gameId, 'card_channel_id', channelId);
      this.upsert(gameId, 'card_message_id', messageId);
    })();
  }

  setMap(gameId: number, url: string): void {
    this.upsert(gameId, 'map_url', url);
  }

  /** True once: the first caller writes the chronicle, later ones do not. */
  claimChronicle(gameId: number): boolean {
    if (this.get(gameId).chronicled) return false;
    this.upsert(gameId, 'chronicled', 1);
    return true;
  }

  /** Live games in threads opened under `parentId`, newest first. */
  liveInThreadsOf(parentId: string): { id: number; channelId: string }[] {
    return this.db
      .prepare(
        `SELECT g.id, g.channel_id AS "channelId" FROM games g JOIN game_homes h ON ` +
          `h.game_id = g.id WHERE h.parent_id = ? AND g.status IN ('lobby','active') ORDER ` +
          `BY g.id DESC`,
      )
      .all(parentId) as { id: number; channelId: string }[];
  }
}
