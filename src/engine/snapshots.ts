// Replay from a stored snapshot instead of from the seed. A snapshot at seq k
// is the envelope after the log up to k; it can stand in for the start of a
// replay of a longer log only while later undos left its entries alone.
import type { GameEvent, GameRules } from './types.ts';
import { applyEffective, createGame, effectiveLog, readStored, type Envelope, type LogEntry } from './runner.ts';

/** Where stored snapshots come from: their seqs, and one state loaded on demand. */
export interface SnapshotSource {
  seqs: number[];
  load: (seq: number) => string | null;
}

const sameEntry = (a: LogEntry, b: LogEntry) => a.seq === b.seq && a.action.type === b.action.type;

/**
 * Is the snapshot taken at seq k still a valid start for `log`? True when the
 * effective log of log[..k] is a prefix of the effective log of the whole log,
 * i.e. no later undo removed an entry at or before k. `full` is
 * effectiveLog(log), passed in when the caller already has it.
 */
export function snapshotUsable(log: LogEntry[], seq: number, full: LogEntry[] = effectiveLog(log)): boolean {
  if (seq > (log.length ? log[log.length - 1].seq : 0)) return false;
  const head = effectiveLog(log.filter((e) => e.seq <= seq));
  return head.length <= full.length && head.every((e, i) => sameEntry(e, full[i]));
}

/**
 * The latest usable snapshot at or before `upTo` (a seq): its seq and how
 * many effective entries it already holds; seq 0 / length 0 when none is.
 */
export function pickSnapshot(
  log: LogEntry[],
  seqs: number[],
  upTo = Infinity,
  full: LogEntry[] = effectiveLog(log),
): { seq: number; held: number } {
  const candidates = seqs.filter((k) => k > 0 && k <= upTo).sort((a, b) => b - a);
  for (const seq of candidates) {
    if (snapshotUsable(log, seq, full)) return { seq, held: effectiveLog(log.filter((e) => e.seq <= seq)).length };
  }
  return { seq: 0, held: 0 };
}

/** Load and sanity-check a snapshot's envelope (null: not stored, or not the seq it claims), brought up to date by its rules. */
export function loadSnapshot<S>(mod: GameRules<S, unknown, any>, source: SnapshotSource, seq: number): Envelope<S> | null {
  const text = source.load(seq);
  if (!text) return null;
  const env = JSON.parse(text) as Envelope<S>;
  return env.seq === seq ? readStored(mod, env) : null;
}

/**
 * Same result as replay(mod, options, seed, log), starting from the nearest
 * usable snapshot. `events` holds only the events of the entries replayed
 * after the snapshot (and the setup's, when no snapshot was usable).
 */
export function replayFromSnapshot<S>(
  mod: GameRules<S, unknown, any>,
  rawOptions: Record<string, string | number | boolean>,
  seed: string,
  log: LogEntry[],
  source: SnapshotSource,
): { env: Envelope<S>; events: GameEvent[]; fromSeq: number } {
  const full = effectiveLog(log);
  const pick = pickSnapshot(log, source.seqs, Infinity, full);
  const snap = pick.seq ? loadSnapshot<S>(mod, source, pick.seq) : null;
  const events: GameEvent[] = [];
  let env: Envelope<S>;
  let held = 0;
  if (snap) {
    env = snap;
    held = pick.held;
  } else {
    const start = createGame(mod, rawOptions, seed);
    env = start.env;
    events.push(...start.events);
  }
  env = applyEffective(mod, env, full.slice(held), events);
  env.seq = log.length;
  return { env, events, fromSeq: snap ? pick.seq : 0 };
}
