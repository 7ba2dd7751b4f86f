// Damaged game records (issue 22): a game whose stored options, state or log
// cannot be read is that game's problem, never the whole table's. Reading a
// row never throws; the parts a game is played from are read here, and a part
// that is not what the store wrote is refused with DamagedGameError. Each
// damaged game is noted once (damaged_games), so its moderators are told once;
// the deadline tick passes over a game whose options or state are damaged
// until it is abandoned (a damaged log does not stop play, only its readers).
import type { SqlDatabase } from './database.ts';
import type { Action } from '../engine/types.ts';
import type { Envelope } from '../engine/runner.ts';

/** The stored parts of a game that can be damaged. */
export type DamagedPart = 'options' | 'state' | 'log';

export interface Damage {
  gameId: number;
  part: DamagedPart;
  /** What is wrong, for the moderators ("its options are not valid JSON (…)"). */
  reason: string;
}

/** A game's stored record cannot be read: one game is out of play, the rest go on. */
export class DamagedGameError extends Error {
  override name = 'DamagedGameError';
  constructor(readonly damage: Damage) {
    super(`Game #${damage.gameId}'s record is damaged: ${damage.reason}`);
  }
}

type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

function parse(text: string, what: string): Read<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: `${what} not valid JSON (${error instanceof Error ? error.message.slice(0, 120) : String(error)})` };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/** The options column: an object of plain values, as /game new stored it. */
export function readOptions(text: string): Read<Record<string, string | number | boolean>> {
  const read = parse(text, 'its options are');
  if (!read.ok) return read;
  const value = read.value;
  if (!isObject(value)) return { ok: false, reason: `its options are ${kindOf(value)}, not a set of named values` };
  const bad = Object.entries(value).find(([, x]) => !['string', 'number', 'boolean'].includes(typeof x));
  if (bad) return { ok: false, reason: `its option "${bad[0].slice(0, 40)}" is ${kindOf(bad[1])}, not a plain value` };
  return { ok: true, value: value as Record<string, string | number | boolean> };
}

/** The state column: an envelope (runner.ts) around the module's game. */
export function readEnvelope(text: string): Read<Envelope<any>> {
  const read = parse(text, 'its state is');
  if (!read.ok) return read;
  const value = read.value;
  const wrong = (what: string) => ({ ok: false as const, reason: `its state ${what}` });
  if (!isObject(value)) return wrong(`is ${kindOf(value)}, not a game`);
  if (typeof value.system !== 'string') return wrong('names no game system');
  if (!isObject(value.game)) return wrong(`holds ${kindOf(value.game)} where the game should be`);
  if (typeof value.seq !== 'number' || !isObject(value.dice)) return wrong('has lost its move count or its dice');
  if (value.decisions !== undefined && !(isObject(value.decisions) && isObject(value.decisions.open)))
    return wrong('has unreadable decisions');
  return { ok: true, value: value as unknown as Envelope<any> };
}

/** One action of the log: an object with a type, as the engine wrote it. */
export function readAction(text: string, seq: number): Read<Action> {
  const read = parse(text, `its log entry ${seq} is`);
  if (!read.ok) return read;
  const value = read.value;
  if (!isObject(value) || typeof value.type !== 'string')
    return { ok: false, reason: `its log entry ${seq} is ${kindOf(value)} without an action type` };
  return { ok: true, value: value as Action };
}

/**
 * SQL: the noted game `d` is in a lobby or in play. Asked per noted game (a
 * few at most), so the games table is only searched by id: written as a join,
 * SQLite read all of it through an index on every tick (issue 21 §4).
 */
const LIVE_GAME = `EXISTS (SELECT 1 FROM games g WHERE g.id = d.game_id AND g.status IN ('lobby','active'))`;

/** The damaged games noted so far: each is reported once, and the tick passes over it while it is live. */
export class DamagedGames {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /** Note a damaged game; true only for the first note (the caller then reports it). One statement: two processes cannot both win. */
  note(damage: Damage): boolean {
    return (
      this.db
        .prepare('INSERT INTO damaged_games (game_id, part, reason, noted_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .run(damage.gameId, damage.part, damage.reason, this.now()).changes === 1
    );
  }

  of(gameId: number): Damage | null {
    const row = this.db.prepare('SELECT part, reason FROM damaged_games WHERE game_id = ?').get(gameId) as
      { part: DamagedPart; reason: string } | undefined;
    return row ? { gameId, part: row.part, reason: row.reason } : null;
  }

  /** Noted games still in a lobby or in play, whatever part is damaged. */
  live(): number[] {
    const rows = this.db.prepare(`SELECT d.game_id FROM damaged_games d WHERE ${LIVE_GAME}`).all() as { game_id: number }[];
    return rows.map((r) => r.game_id);
  }

  /** Games still in a lobby or in play that cannot be played: their options or state are damaged. */
  unplayable(): number[] {
    return (this.db.prepare(UNPLAYABLE_IDS).all() as { game_id: number }[]).map((r) => r.game_id);
  }

  /** Forget a note (the record was repaired): the game is read, and reported, like any other again. */
  clear(gameId: number): void {
    this.db.prepare('DELETE FROM damaged_games WHERE game_id = ?').run(gameId);
  }
}

/** SQL: the live games noted as unplayable (options or state damaged), whose deadlines and reminders wait until they are abandoned. */
export const UNPLAYABLE_IDS = `SELECT d.game_id FROM damaged_games d WHERE d.part <> 'log' AND ${LIVE_GAME}`;
