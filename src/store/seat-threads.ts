// Where a seat's private posts go in Discord: one private thread per (game,
// role), remembered here so a restart reuses it; and notes for a user no
// thread or DM could reach, handed over with their next interaction.
import type { SqlDatabase } from './database.ts';

export interface SeatThread {
  gameId: number;
  role: string;
  threadId: string;
  /** Users already added to the thread. */
  members: string[];
}

export interface SeatNote {
  id: number;
  gameId: number | null;
  content: string;
}

export class SeatThreads {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  get(gameId: number, role: string): SeatThread | null {
    const row = this.db.prepare('SELECT thread_id, members FROM seat_threads WHERE game_id = ? AND role = ?').get(gameId, role) as
      { thread_id: string; members: string } | undefined;
    return row ? { gameId, role, threadId: row.thread_id, members: JSON.parse(row.members) as string[] } : null;
  }

  set(gameId: number, role: string, threadId: string): void {
    this.db
      .prepare(
        'INSERT INTO seat_threads (game_id, role, thread_id, members, created_at) VALUES ' +
          "(?, ?, ?, '[]', ?) ON CONFLICT(game_id, role) DO UPDATE SET thread_id = " +
          "excluded.thread_id, members = '[]'",
      )
      .run(gameId, role, threadId, this.now());
  }

  addMember(gameId: number, role: string, userId: string): void {
    const thread = this.get(gameId, role);
    if (!thread || thread.members.includes(userId)) return;
    this.db
      .prepare('UPDATE seat_threads SET members = ? WHERE game_id = ? AND role = ?')
      .run(JSON.stringify([...thread.members, userId]), gameId, role);
  }

  removeMember(gameId: number, role: string, userId: string): void {
    const thread = this.get(gameId, role);
    if (!thread) return;
    this.db
      .prepare('UPDATE seat_threads SET members = ? WHERE game_id = ? AND role = ?')
      .run(JSON.stringify(thread.members.filter((u) => u !== userId)), gameId, role);
  }

  /** The thread is gone (deleted, no access): the next private post opens a new one. */
  forget(gameId: number, role: string): void {
    this.db.prepare('DELETE FROM seat_threads WHERE game_id = ? AND role = ?').run(gameId, role);
  }

  /** Human holders of a seat (bot seats have no Discord user). Empty when the store has no such game. */
  holders(gameId: number, role: string): string[] {
    return (
      this.db
        .prepare("SELECT user_id FROM seats WHERE game_id = ? AND role = ? AND user_id NOT LIKE 'bot:%' ORDER BY rowid")
        .all(gameId, role) as { user_id: string }[]
    ).map((r) => r.user_id);
  }

  addNote(userId: string, gameId: number | null, content: string): void {
    this.db
      .prepare('INSERT INTO seat_notes (user_id, game_id, content, created_at) VALUES (?, ?, ?, ?)')
      .run(userId, gameId, content, this.now());
  }

  notes(userId: string): SeatNote[] {
    return (
      this.db.prepare('SELECT id, game_id, content FROM seat_notes WHERE user_id = ? ORDER BY id').all(userId) as {
        id: number;
        game_id: number | null;
        content: string;
      }[]
    ).map((row) => ({
      id: row.id,
      gameId: row.game_id,
      content: row.content,
    }));
  }

  /** Delivered: drop them (only after Discord took the reply). */
  dropNotes(ids: number[]): void {
    const del = this.db.prepare('DELETE FROM seat_notes WHERE id = ?');
    for (const id of ids) del.run(id);
  }
}
