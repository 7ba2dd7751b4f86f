// Game sessions: load a stored game, apply a caller's actions, let bot seats
// answer, all outside any transaction (issue 21 §1: a server database cannot
// hold one open while the rules think); then commit the writes in one short
// transaction guarded by the game's version.
import seedrandom from 'seedrandom';
import { RuleError } from '../engine/errors.ts';
import {
  applyEntry,
  applyMeta,
  createGame,
  UNDO,
  FORCE_CARDS,
  FORCE_DICE,
  RESIGN,
  RESEED,
  effectiveLog,
  isMeta,
  readStored,
  type Envelope,
  type LogEntry,
} from '../engine/runner.ts';
import { loadSnapshot, pickSnapshot, replayFromSnapshot, type SnapshotSource } from '../engine/snapshots.ts';
import type { Action, GameEvent, GameModule, GameRules, Json, LegalAction, Prompt, Result, Role, Viewer } from '../engine/types.ts';
import { getGame } from '../games/registry.ts';
import { seesAll } from '../engine/viewers.ts';
import { actingRoles } from './teams.ts';
import { SNAPSHOT_EVERY, StaleVersionError, type CommitEntry, type GameRow, type Seat, type Store } from '../store/store.ts';
import { DamagedGameError, readEnvelope } from '../store/damaged.ts';

export const BOT_PREFIX = 'bot:';
/** Seat name of the built-in bot (its role name says which side it plays). */
export const BOT_NAME = 'Muster bot';
const MAX_BOT_STEPS = 20_000;
/** Times the bots' answers are computed again when the game moved on before their commit. */
const KICK_ATTEMPTS = 3;
/** Games whose seats a Sessions remembers (the oldest forgotten first). */
const SEAT_MEMORY = 4096;

/** The seats a batch started from changed before its commit (another command or process): it is played again. */
class SeatsChanged extends Error {}

const sameSeats = (played: Seat[], stored: Seat[]) =>
  played.length === stored.length &&
  played.every(
    (seat, index) => seat.role === stored[index].role && seat.userId === stored[index].userId && seat.userName === stored[index].userName,
  );

export function isBotSeat(seat: Seat): boolean {
  return seat.userId.startsWith(BOT_PREFIX);
}

/** Options objects their rules accepted: one command asks moduleOf of one row several times, and a commit's row keeps its options. */
const accepted = new WeakMap<object, GameModule<any, any>>();

/** The rules of a stored game; its options must be readable and accepted by them (else DamagedGameError). */
export function moduleOf(row: Pick<GameRow, 'id' | 'system' | 'options' | 'damage'>): GameModule<any, any> {
  const mod = getGame(row.system);
  if (!mod) throw new Error(`Unknown game system ${row.system}.`);
  if (row.damage) throw new DamagedGameError(row.damage);
  if (accepted.get(row.options) === mod) return mod;
  try {
    mod.parseOptions(row.options);
  } catch (error) {
    const why = error instanceof Error ? error.message.slice(0, 160) : String(error);
    throw new DamagedGameError({ gameId: row.id, part: 'options', reason: `its options are refused by the rules (${why})` });
  }
  accepted.set(row.options, mod);
  return mod;
}

/**
 * A started game's state, parsed afresh and brought up to date by its rules
 * (GameRules.upgrade); an unreadable one is refused with DamagedGameError.
 */
export function envOf(row: GameRow): Envelope<any> {
  if (!row.state) throw new RuleError('game', 'The game has not started yet. Use /game start once the seats are taken.');
  const env = readEnvelope(row.state);
  if (!env.ok) throw new DamagedGameError({ gameId: row.id, part: 'state', reason: env.reason });
  const mod = getGame(row.system);
  return mod ? readStored(mod, env.value) : env.value;
}

/** A phase boundary passed during a batch: the view to draw for spectators. */
export interface PhaseMark {
  phase: string;
  view: Json;
}

export interface ActResult {
  row: GameRow;
  env: Envelope<any>;
  events: { role: Role; userId: string; events: GameEvent[] }[];
  phases: PhaseMark[];
  applied: { role: Role; label: string; userId: string; secret: boolean }[];
  over: boolean;
  /** The game's version before and after this commit (`row` is the game as this commit left it; another process may have committed since). */
  versions?: { from: number; to: number };
}

/** One action of an all-or-nothing list was refused; nothing of the list was applied. */
export class BatchItemError extends RuleError {
  constructor(
    override readonly cause: RuleError,
    readonly index: number,
    readonly total: number,
  ) {
    super(
      cause.rule,
      `Item ${index + 1} of ${total} was refused: ${cause.message}` +
        `${/[.!?]$/.test(cause.message) ? '' : '.'} Nothing from this list was applied` +
        `${index > 0 ? '; what is allowed below counts the items before it' : ''}.`,
      cause.allowed,
    );
  }
}

/** A batch the rules have played, not yet written: what its commit needs. */
interface Played {
  /** The row the play started from: its version is the commit's expected one. */
  row: GameRow;
  env: Envelope<any>;
  entries: CommitEntry[];
  events: ActResult['events'];
  phases: PhaseMark[];
  applied: ActResult['applied'];
  /** The seats it played with, and whether the commit checks them (remembered or read before a start). */
  seats: Seat[];
  checked: boolean;
  result: Result;
}

export class Sessions {
  /**
   * Runs inside the transaction of every commit that owes posts (actions,
   * a start): the outbox notes that game G owes posts, so a crash before
   * they are rendered and stored still ends in a post (commands/outbox.ts).
   */
  onCommit?: (gameId: number) => void;

  /**
   * Each game's seats as this process's last commit of it read them, inside
   * its transaction. A batch starts from them instead of reading the seats
   * on their own (a read transaction of its own cost a tenth of a commit),
   * and its commit checks them in its transaction: changed, it plays again.
   */
  private readonly seatMemory = new Map<number, Seat[]>();

  constructor(readonly store: Store) {}

  seats(row: GameRow): Seat[] {
    return this.store.seats(row.id);
  }

  /**
   * The sides `userId` holds (a team side may have several members; the
   * umpire holds the UMPIRE role). `acting`: only those the user may act for
   * now, since a 'turns' team passes each decision to the next member.
   */
  rolesOf(row: GameRow, userId: string, acting = false): Role[] {
    const seats = this.seats(row);
    if (acting && row.state) {
      const mod = moduleOf(row);
      return actingRoles(userId, seats, mod.roles(mod.parseOptions(row.options)), envOf(row).decisions);
    }
    return seats.filter((s) => s.userId === userId).map((s) => s.role);
  }

  /**
   * Apply the caller's actions (all or nothing), then every bot seat's answer
   * until a human must act or the game ends; commit once.
   */
  act(row: GameRow, userId: string, role: Role, actions: Action[], known?: LegalAction[], parsed?: Envelope<any>): ActResult {
    return this.batch(row, { userId, role, actions, known, parsed });
  }

  /** The caller's seats leave a game that plays on without them (GameRules.resign); bots then act. */
  resign(row: GameRow, userId: string, roles: Role[]): ActResult {
    const [first, ...rest] = roles;
    return this.batch(row, { userId, role: first, actions: [{ type: RESIGN }] }, rest);
  }

  /** Bots move first when the game starts (or resumes) on their turn. */
  kick(row: GameRow): ActResult {
    // Nobody waits on a bot's answer: when another command moved the game first, the bots look again.
    for (let attempt = 1; ; attempt++) {
      try {
        return this.batch(row, null);
      } catch (error) {
        const fresh = error instanceof StaleVersionError && attempt < KICK_ATTEMPTS ? this.store.game(row.id) : null;
        if (fresh?.status !== 'active') throw error;
        row = fresh;
      }
    }
  }

  /**
   * Lobby → active: the set-up and the bots' first moves are computed first,
   * outside any transaction, then the set-up state and those moves commit
   * together (guarded by the lobby's status), so a crash between them cannot
   * leave a game stuck on a bot. Seats changed meanwhile: computed again.
   */
  start(row: GameRow): { res: ActResult; setupEvents: GameEvent[]; setupEnv: Envelope<any> } {
    const mod = moduleOf(row);
    const { env, events } = createGame(mod, row.options, row.seed);
    const setupEnv = structuredClone(env);
    const setupState = JSON.stringify(env);
    const begun: GameRow = { ...row, status: 'active', state: setupState, version: 0 };
    const played = this.play(begun, null, [], { parsed: env, seats: this.seats(row), checked: true });
    try {
      const res = this.commit(played, { notify: true, before: () => this.store.start(row.id, setupState) });
      return { res, setupEvents: events, setupEnv };
    } catch (error) {
      if (!(error instanceof SeatsChanged)) throw error;
      return this.start(row);
    }
  }

  /**
   * Every active game where a bot is asked moves on (after a restart, or
   * anything that left a bot waiting). Each game on its own: one that fails
   * goes to `failed` and the others still move (one noted as unplayable is passed over).
   */
  kickAll(failed: (gameId: number, error: unknown) => void): ActResult[] {
    const moved: ActResult[] = [];
    const damaged = new Set(this.store.damaged.unplayable());
    // Only games with a bot seat: a game of people alone has nobody to move (and its state is not read).
    for (const row of this.store.activeGamesWithBots(BOT_PREFIX)) {
      if (damaged.has(row.id)) continue;
      try {
        const seats = this.seats(row);
        if (!seats.some(isBotSeat)) continue;
        const mod = moduleOf(row);
        const env = envOf(row);
        const bots = new Set(seats.filter(isBotSeat).map((x) => x.role));
        if (mod.result(env.game).status === 'over' || !mod.prompts(env.game).some((p: Prompt) => bots.has(p.role))) continue;
        moved.push(this.kick(row));
      } catch (error) {
        failed(row.id, error);
      }
    }
    return moved;
  }

  /**
   * `first.known`: the legal list for `first.role` that the caller enumerated on
   * this very row's state (a button press): the first action is checked against
   * it instead of enumerating the list again, the costliest part of a commit.
   * `first.parsed`: the caller's own envOf(row), handed over so the state is not
   * parsed twice; it is applied in place, so the caller must not read it after.
   */
  private batch(
    row: GameRow,
    first: { userId: string; role: Role; actions: Action[]; known?: LegalAction[]; parsed?: Envelope<any> } | null,
    alsoResign: Role[] = [],
  ): ActResult {
    const played = this.play(row, first, alsoResign, { parsed: first?.parsed });
    try {
      return this.commit(played, { notify: true });
    } catch (error) {
      if (!(error instanceof SeatsChanged)) throw error;
      // Played again from the stored state (the caller's parsed state was applied on) and the seats as they are.
      this.seatMemory.delete(row.id);
      return this.batch(row, first && { ...first, parsed: undefined }, alsoResign);
    }
  }

  /**
   * The rules' part of a batch, outside any transaction: the caller's actions,
   * then the bots' answers, on `from.parsed` (applied in place) or a fresh
   * parse of the row. `from.seats`/`checked`: the seats to play with, checked
   * again by the commit (else the remembered ones, checked, or read now).
   */
  private play(
    row: GameRow,
    first: { userId: string; role: Role; actions: Action[]; known?: LegalAction[] } | null,
    alsoResign: Role[],
    from: { parsed?: Envelope<any>; seats?: Seat[]; checked?: boolean },
  ): Played {
    const mod = moduleOf(row);
    const remembered = from.seats ? undefined : this.seatMemory.get(row.id);
    const seats = from.seats ?? remembered ?? this.seats(row);
    const botRoles = new Set(seats.filter(isBotSeat).map((s) => s.role));
    // A fresh parse (or the caller's), so applying in place never touches stored state.
    let env = from.parsed ?? envOf(row);
    const entries: CommitEntry[] = [];
    const events: ActResult['events'] = [];
    const phases: PhaseMark[] = [];
    const applied: ActResult['applied'] = [];
    let markedAt = 0;
    // A phase's view may share parts of the state: it is copied only if another step follows to change them.
    let shared: PhaseMark | null = null;
    const step = (role: Role, userId: string, action: Action, known?: LegalAction[]) => {
      if (shared) shared.view = structuredClone(shared.view);
      shared = null;
      const res = applyEntry(mod, env, role, action, true, known);
      env = res.env;
      const seq = row.version + entries.length + 1;
      entries.push({
        role,
        userId,
        action,
        undoable: res.undoable,
        state: seq % SNAPSHOT_EVERY === 0 ? JSON.stringify(env) : undefined,
      });
      events.push({ role, userId, events: res.events });
      applied.push({ role, label: res.legal.label, userId, secret: !!res.legal.secret });
      if (res.phaseChanged) {
        shared = { phase: mod.phase(env.game), view: mod.view(env.game, { kind: 'spectator' }) };
        phases.push(shared);
        markedAt = entries.length;
      }
    };
    if (first)
      first.actions.forEach((action, index) => {
        try {
          // Only the first action sees the state the caller's list was enumerated on.
          step(first.role, first.userId, action, index === 0 ? first.known : undefined);
        } catch (error) {
          // Several actions at once (a plan list) are all or nothing: say which one failed.
          if (error instanceof RuleError && first.actions.length > 1) throw new BatchItemError(error, index, first.actions.length);
          throw error;
        }
      });
    for (const resigning of alsoResign) if (mod.result(env.game).status !== 'over') step(resigning, first!.userId, { type: RESIGN });
    this.runBots(mod, row, botRoles, seats, () => env, step);
    // Actions after the last phase change (bots planning in the same phase)
    // belong in its snapshot: draw the phase as it stands at the end (nothing changes the state after).
    if (phases.length && entries.length > markedAt) phases[phases.length - 1].view = mod.view(env.game, { kind: 'spectator' });
    const result = mod.result(env.game);
    return { row, env, entries, events, phases, applied, seats, checked: from.checked || !!remembered, result };
  }

  /** Let bot seats act until a human is asked or the game ends. */
  private runBots(
    mod: GameRules<any, any, any>,
    row: GameRow,
    botRoles: Set<Role>,
    seats: Seat[],
    current: () => Envelope<any>,
    step: (role: Role, userId: string, action: Action, known?: LegalAction[]) => void,
  ): void {
    if (botRoles.size === 0) return;
    const rand = seedrandom(`${row.seed}:bots:${row.version}`);
    for (let i = 0; i < MAX_BOT_STEPS; i++) {
      const env = current();
      if (mod.result(env.game).status === 'over') return;
      const prompt = mod.prompts(env.game).find((p: Prompt) => botRoles.has(p.role));
      if (!prompt) return;
      const legal = mod.legal(env.game, prompt.role);
      if (legal.length === 0) throw new Error(`Dead end: ${prompt.role} is asked "${prompt.text}" but has no legal action.`);
      const pick = mod.bot
        ? mod.bot(env.game, prompt.role, legal, { rand: () => rand.quick() })
        : legal[Math.floor(rand.quick() * legal.length)];
      const seat = seats.find((s) => s.role === prompt.role)!;
      step(prompt.role, seat.userId, pick.action, legal);
    }
    throw new Error('Bots did not finish within the step limit.');
  }

  /**
   * The writes of a played batch, in one short transaction guarded by the
   * game's version (StaleVersionError when it moved on): its entries and
   * state, the seats check, the deadlines and the outbox's note. `before`:
   * writes that must land with them (a start's lobby → active).
   */
  private commit(played: Played, opts: { notify: boolean; before?: () => void }): ActResult {
    const { row, env, entries, events, phases, applied, seats, checked, result } = played;
    const over = result.status === 'over';
    const finish = over ? { status: 'over' as const, result: JSON.stringify(result) } : undefined;
    const versions = { from: row.version, to: row.version + entries.length };
    const checkSeats = () => {
      const current = this.store.seats(row.id);
      if (checked && !sameSeats(current, seats)) throw new SeatsChanged();
      this.remember(row.id, current);
    };
    const writes = (): GameRow => {
      opts.before?.();
      if (!entries.length) {
        if (checked) checkSeats();
        else this.remember(row.id, seats);
        if (opts.before) {
          this.store.deadlines.sync(row.id, env.decisions, this.store.now(), over);
          if (opts.notify) this.onCommit?.(row.id);
        }
        return this.store.game(row.id)!;
      }
      // A snapshot taken at the last entry is already the final state's text: stringify once.
      const state = entries[entries.length - 1].state ?? JSON.stringify(env);
      // The row as this commit wrote it, not read back: another process may commit
      // right after, and reading the state back costs as much as writing it.
      return this.store.commitRow(row, entries, state, finish, () => {
        checkSeats();
        this.store.deadlines.sync(row.id, env.decisions, this.store.now(), over);
        if (opts.notify) this.onCommit?.(row.id);
      });
    };
    const next = opts.before ? this.store.db.transaction(writes).immediate() : writes();
    return { row: next, env, events, phases, applied, over, versions };
  }

  private remember(gameId: number, seats: Seat[]): void {
    this.seatMemory.delete(gameId);
    this.seatMemory.set(gameId, seats);
    if (this.seatMemory.size > SEAT_MEMORY) this.seatMemory.delete(this.seatMemory.keys().next().value!);
  }

  /**
   * Engine-level log entry (dev dice or cards, undo) appended and the state rebuilt by
   * replay from the nearest usable snapshot. Every undo written here re-seeds
   * the dice (runner RESEED), a player's own as well as a moderator's rollback.
   */
  meta(row: GameRow, userId: string, role: Role, action: Action): Envelope<any> {
    const mod = moduleOf(row);
    const log: LogEntry[] = this.store.log(row.id);
    if (action.type === UNDO) action = { ...action, reseed: true };
    const seq = row.version + 1;
    const { env } = replayFromSnapshot(mod, row.options, row.seed, [...log, { seq, role, action }], this.store.snapshotSource(row.id));
    const replayed = JSON.stringify(env);
    // A rollback or undo may land on a bot's decision: the bot's answer is
    // computed now and commits with the entry (the game's version guards both).
    const played = this.play({ ...row, version: seq, state: replayed }, null, [], { parsed: env });
    const bots = played.entries.length;
    played.entries.unshift({ role, userId, action, undoable: false, state: seq % SNAPSHOT_EVERY === 0 ? replayed : undefined });
    try {
      return this.commit({ ...played, row }, { notify: bots > 0 }).env;
    } catch (error) {
      if (!(error instanceof SeatsChanged)) throw error;
      this.seatMemory.delete(row.id);
      return this.meta(row, userId, role, action);
    }
  }

  /** Which of the caller's entries can be undone now, or why not. */
  undoTarget(row: GameRow, userId: string, asModerator: boolean): LogEntry & { userId: string } {
    const log = this.store.log(row.id);
    const eff = effectiveLog(log).filter((e) => !isMeta(e)) as (LogEntry & { userId: string })[];
    const last = eff[eff.length - 1];
    if (!last) throw new RuleError('game', 'There is nothing to undo yet.');
    if (asModerator) return last;
    if (last.userId !== userId)
      throw new RuleError(
        'game',
        'You can only take back your own last action, and the last action was not yours. A moderator can roll back with /game undo.',
      );
    if (!last.undoable)
      throw new RuleError(
        'game',
        'That action can no longer be taken back: dice were rolled, hidden information was revealed, or another player was asked to act.',
      );
    return last;
  }

  /** What an entry was, as it was played (replays up to it): its label, and whether it was secret. */
  describe(row: GameRow, entry: LogEntry): { label: string; hidden: boolean } {
    const mod = moduleOf(row);
    const before = this.store.log(row.id).filter((e) => e.seq < entry.seq);
    const { env } = replayFromSnapshot(mod, row.options, row.seed, before, this.store.snapshotSource(row.id));
    try {
      const applied = applyEntry(mod, env, entry.role, entry.action);
      return { label: applied.legal.label, hidden: !!applied.legal.secret };
    } catch {
      return { label: entry.action.type, hidden: true };
    }
  }

  undo(row: GameRow, userId: string, role: Role): Envelope<any> {
    return this.meta(row, userId, role, { type: UNDO, count: 1 });
  }
}

export interface ReplayedEntry {
  seq: number;
  role: Role;
  action: Action;
  at: number;
  /** Undone later (not part of the state). */
  undone: boolean;
  /** Its effects were all private (a secret plan): other seats must not see it yet. */
  hidden: boolean;
  events: GameEvent[];
}

/**
 * Replay a stored game entry by entry, keeping each entry's events and secrecy.
 * With `from`, only entries at or after `from.seq` need their events: the
 * replay starts at the latest usable snapshot before it, and earlier entries
 * come back with no events and `hidden: true` (not replayed, so withheld).
 */
export function replayDetailed(
  row: GameRow,
  log: (LogEntry & { at: number })[],
  from?: { seq: number; snapshots: SnapshotSource },
): ReplayedEntry[] {
  const mod = moduleOf(row);
  const eff = effectiveLog(log);
  const effective = new Set(eff.filter((e) => e.action.type !== RESEED).map((e) => e.seq));
  const reseeds = new Map(eff.filter((e) => e.action.type === RESEED).map((e) => [e.seq, e]));
  const lastSeq = log.length ? log[log.length - 1].seq : 0;
  // Nothing needed (from past the end): no replay at all.
  const startSeq = from ? (from.seq > lastSeq ? Infinity : pickSnapshot(log, from.snapshots.seqs, from.seq - 1, eff).seq) : 0;
  let env: Envelope<any> | null = startSeq === Infinity ? null : startSeq > 0 ? loadSnapshot(mod, from!.snapshots, startSeq) : null;
  const skipTo = env ? startSeq : startSeq === Infinity ? Infinity : 0;
  if (!env && skipTo === 0) env = createGame(mod, row.options, row.seed).env;
  const out: ReplayedEntry[] = [];
  for (const entry of log) {
    const base = { seq: entry.seq, role: entry.role, action: entry.action, at: entry.at, undone: !effective.has(entry.seq) };
    if (entry.seq <= skipTo) {
      out.push({ ...base, hidden: true, events: [] });
    } else if (base.undone || entry.action.type === UNDO) {
      const marker = reseeds.get(entry.seq);
      if (marker) env = applyMeta(env!, marker);
      out.push({ ...base, hidden: true, events: [] });
    } else if (entry.action.type === FORCE_DICE || entry.action.type === FORCE_CARDS) {
      env = applyMeta(env!, entry);
      out.push({ ...base, hidden: false, events: [] });
    } else {
      const applied = applyEntry(mod, env!, entry.role, entry.action, true);
      env = applied.env;
      const hidden = !!applied.legal.secret;
      out.push({ ...base, hidden, events: applied.events });
    }
  }
  return out;
}

/** May this viewer see this entry's action now? */
export function entryVisible(entry: ReplayedEntry, viewer: Viewer, over: boolean): boolean {
  if (over || seesAll(viewer)) return true;
  if (viewer.kind === 'seat' && viewer.role === entry.role) return true;
  return !entry.hidden;
}
