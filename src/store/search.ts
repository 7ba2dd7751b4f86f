// /game list's query: a server's games filtered by system, state and player, one page at a time.
import type { SqlDatabase } from './database.ts';

export interface GameFilter {
  guildId: string | null;
  system?: string;
  /** 'over' includes abandoned games. */
  state?: 'lobby' | 'active' | 'over';
  /** A seat holder's user id. */
  userId?: string;
  limit: number;
  offset: number;
}

/** Game ids, active first, then lobbies, then finished; newest first within each. Also the total count. */
export function searchGames(db: SqlDatabase, filter: GameFilter): { ids: number[]; total: number } {
  const where = ['g.guild_id IS NOT DISTINCT FROM ?'];
  const args: (string | number | null)[] = [filter.guildId];
  if (filter.system) {
    where.push('g.system = ?');
    args.push(filter.system);
  }
  if (filter.state === 'over') where.push(`g.status IN ('over','abandoned')`);
  else if (filter.state) {
    where.push('g.status = ?');
    args.push(filter.state);
  }
  if (filter.userId) {
    where.push('EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)');
    args.push(filter.userId);
  }
  const cond = where.join(' AND ');
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM games g WHERE ${cond}`).get(...args) as { n: number }).n;
  const ids = (
    db
      .prepare(
        `SELECT g.id FROM games g WHERE ${cond} ORDER BY CASE g.status WHEN 'active' THEN 0 WHEN 'lobby' THEN 1 ELSE 2 END, g.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, filter.limit, filter.offset) as { id: number }[]
  ).map((r) => r.id);
  return { ids, total };
}

/** Active games where this user holds a seat (for /game mine). */
export function activeGamesOf(db: SqlDatabase, guildId: string | null, userId: string): number[] {
  return (
    db
      .prepare(
        `SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id ` +
          `WHERE g.guild_id IS NOT DISTINCT FROM ? AND g.status = 'active' AND s.user_id = ? ORDER BY g.id`,
      )
      .all(guildId, userId) as { id: number }[]
  ).map((r) => r.id);
}
