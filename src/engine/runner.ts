// Drives any game's rules (GameRules): setup, legality-gated apply, undo, replay, verify.
// The stored state always equals replay(setup(seed), log).
import { createHash } from 'node:crypto';
import { type DecisionBook, newDecisionBook, trackDecisions } from './decisions.ts';
import { Dice, newDiceState, reseedDice, type DiceState } from './dice.ts';
import { RuleError } from './errors.ts';
import type { Action, Ctx, GameEvent, GameRules, LegalAction, Role, Viewer } from './types.ts';
import { maysee } from './viewers.ts';

export interface Envelope<S = unknown> {
  system: string;
  options: unknown;
  seedHash: string;
  dice: DiceState;
  game: S;
  /** Number of log entries folded into this state. */
  seq: number;
  /** The decision each seat is asked now (absent in games stored before Engine v2). */
  decisions?: DecisionBook;
}

/** A stored envelope, read back: its game brought up to date by its rules (GameRules.upgrade), in place. */
export function readStored<S>(mod: GameRules<S, unknown, any>, env: Envelope<S>): Envelope<S> {
  mod.upgrade?.(env.game);
  return env;
}

/** Update the envelope's decision ids to the module's prompts now. */
export function syncDecisions<S>(mod: GameRules<S, unknown, any>, env: Envelope<S>): DecisionBook {
  env.decisions ??= newDecisionBook();
  const over = mod.result(env.game).status === 'over';
  trackDecisions(env.decisions, over ? [] : mod.prompts(env.game), mod.phase(env.game));
  return env.decisions;
}

/** One entry of the append-only action log. */
export interface LogEntry {
  seq: number;
  role: Role;
  action: Action;
  /** Set when the entry was written; replay recomputes it. */
  undoable?: boolean;
}

export const UNDO = '__undo';
export const FORCE_DICE = '__dice';
/** /dev cards: card ids queued to be drawn next (GameTable.deckCards names them). */
export const FORCE_CARDS = '__cards';
/** A seat resigns from a game that plays on without it (GameRules.resign). */
export const RESIGN = '__resign';
/**
 * Left in the effective log by an UNDO entry that carries `reseed: true`
 * (every undo written since issue 8): restarts the dice stream so a rollback
 * does not replay the faces it rolled away. Carries the UNDO's seq.
 */
export const RESEED = '__reseed';

/** Engine-level entries (dev dice and cards, re-seed markers): applied by applyMeta, never undone. */
export function isMeta(entry: LogEntry): boolean {
  return entry.action.type === FORCE_DICE || entry.action.type === FORCE_CARDS || entry.action.type === RESEED;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * False only when two values cannot have the same canonical text: somewhere
 * at the same place (a field, or an item of lists of one length) they hold
 * different strings, booleans or finite numbers. It spares writing out most
 * of a long legal list (the costliest part of a press's check); anything
 * else is left to canonical.
 */
function mayBeSame(value: unknown, other: unknown): boolean {
  if (value === other || typeof value !== typeof other) return true;
  if (typeof value === 'string' || typeof value === 'boolean') return false;
  if (typeof value === 'number') return !(Number.isFinite(value) && Number.isFinite(other));
  if (typeof value !== 'object' || value === null || other === null || Array.isArray(value) !== Array.isArray(other)) return true;
  if (Array.isArray(value)) {
    const list = other as unknown[];
    return value.length !== list.length || value.every((item, i) => mayBeSame(item, list[i]));
  }
  const fields = other as Record<string, unknown>;
  for (const key in value) if (!mayBeSame((value as Record<string, unknown>)[key], fields[key])) return false;
  return true;
}

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = value as Record<string, unknown>;
    return `{${Object.keys(fields)
      .filter((k) => fields[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(fields[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function makeCtx(dice: DiceState, events: GameEvent[]): Ctx {
  const emit = (e: GameEvent) => events.push(e);
  return { dice: new Dice(dice, emit), emit };
}

export function createGame<S, O>(
  mod: GameRules<S, O, any>,
  rawOptions: Record<string, string | number | boolean>,
  seed: string,
): { env: Envelope<S>; events: GameEvent[] } {
  const options = mod.parseOptions(rawOptions);
  const dice = newDiceState(seed);
  const events: GameEvent[] = [];
  const game = mod.setup(options, makeCtx(dice, events));
  const env: Envelope<S> = { system: mod.id, options, seedHash: sha256(seed), dice, game, seq: 0 };
  syncDecisions(mod, env);
  return { env, events };
}

export interface Applied<S> {
  env: Envelope<S>;
  events: GameEvent[];
  undoable: boolean;
  phaseChanged: boolean;
  legal: LegalAction;
}

export function findLegal<S>(
  mod: GameRules<S, unknown, any>,
  state: S,
  role: Role,
  action: Action,
  known?: LegalAction[],
): LegalAction | undefined {
  const key = canonical(action);
  const list = known ?? mod.legal(state, role);
  const exact = list.find((l) => mayBeSame(action, l.action) && canonical(l.action) === key);
  if (exact) return exact;
  // An alias's own action (an identical counter typed instead of the one offered).
  for (const choice of list)
    for (const [opt, aliases] of Object.entries(choice.aliases ?? {})) {
      const alias = aliases.find((x) => x.action && canonical(x.action) === key);
      if (alias)
        return {
          ...choice,
          action: alias.action!,
          label: alias.label ?? choice.label,
          args: { ...choice.args, [opt]: alias.value },
          aliases: undefined,
        };
    }
  return undefined;
}

/**
 * Apply one action on a copy of the state. The action must be one the module
 * enumerates as legal; otherwise the module's own reason is reported.
 * `inPlace` skips the copy (engine-only playouts); `known` is the legal list
 * the caller has just enumerated for this very state and role (bots).
 */
export function applyAction<S>(
  mod: GameRules<S, unknown, any>,
  env: Envelope<S>,
  role: Role,
  action: Action,
  inPlace = false,
  known?: LegalAction[],
): Applied<S> {
  const legal = findLegal(mod, env.game, role, action, known) ?? acceptOpen(mod, env.game, role, action);
  const next: Envelope<S> = inPlace ? env : structuredClone(env);
  const events: GameEvent[] = [];
  const phaseBefore = mod.phase(env.game);
  const rollsBefore = env.dice.count;
  if (!legal) {
    // Ask the module why, on a throwaway copy, so the reason names the rule.
    const probe = inPlace ? structuredClone(env) : next;
    try {
      mod.apply(probe.game, role, action, makeCtx(probe.dice, []));
    } catch (error) {
      if (error instanceof RuleError) throw withAllowed(error, mod, env.game, role);
      throw error;
    }
    throw withAllowed(new RuleError('', `That is not a legal action now.`), mod, env.game, role);
  }
  // Decisions other seats already had (simultaneous play) do not end the undo window; a new one does.
  const before = { ...(env.decisions?.open ?? {}) };
  mod.apply(next.game, role, action, makeCtx(next.dice, events));
  next.seq = env.seq + 1;
  const book = syncDecisions(mod, next);
  const diceRolled = next.dice.count !== rollsBefore;
  const revealed = events.some((e) => e.reveal);
  const othersAsked = Object.entries(book.open).some(([r, d]) => r !== role && before[r]?.id !== d.id);
  return {
    env: next,
    events,
    undoable: !diceRolled && !revealed && !othersAsked,
    phaseChanged: mod.phase(next.game) !== phaseBefore,
    legal,
  };
}

/**
 * An open action (GameRules.open) is accepted by its own check, which throws
 * the rule's reason when it refuses; null when the type is not open.
 */
function acceptOpen<S>(mod: GameRules<S, unknown, any>, state: S, role: Role, action: Action): LegalAction | null {
  const open = mod.open?.[action.type];
  if (!open) return null;
  try {
    open.check(state, role, action);
  } catch (error) {
    if (error instanceof RuleError) throw withAllowed(error, mod, state, role);
    throw error;
  }
  return { action, label: open.label(state, role, action), sub: open.sub, args: {}, secret: open.secret };
}

/** A logged resignation, applied through the module's resign hook. */
export function applyResign<S>(mod: GameRules<S, unknown, any>, env: Envelope<S>, role: Role, inPlace = false): Applied<S> {
  if (!mod.resign) throw new RuleError('', `${mod.title} ends when a player resigns; it has no way to play on without a seat.`);
  const next: Envelope<S> = inPlace ? env : structuredClone(env);
  const events: GameEvent[] = [];
  const phaseBefore = mod.phase(env.game);
  mod.resign(next.game, role, makeCtx(next.dice, events));
  next.seq = env.seq + 1;
  syncDecisions(mod, next);
  return {
    env: next,
    events,
    undoable: false,
    phaseChanged: mod.phase(next.game) !== phaseBefore,
    legal: { action: { type: RESIGN }, label: 'Resigns', sub: '', args: {} },
  };
}

/** Apply one logged entry that is a game action or a resignation. */
export function applyEntry<S>(
  mod: GameRules<S, unknown, any>,
  env: Envelope<S>,
  role: Role,
  action: Action,
  inPlace = false,
  known?: LegalAction[],
): Applied<S> {
  return action.type === RESIGN ? applyResign(mod, env, role, inPlace) : applyAction(mod, env, role, action, inPlace, known);
}

/** Why the module refuses an action, asked on a copy with throwaway dice; null if it would not refuse. */
export function whyNot<S>(mod: GameRules<S, unknown, any>, state: S, role: Role, action: Action): RuleError | null {
  try {
    mod.apply(structuredClone(state), role, action, makeCtx(newDiceState('probe'), []));
  } catch (error) {
    if (error instanceof RuleError) return error;
  }
  return null;
}

/** What is allowed, one line per action or group of actions. */
export function allowedLines(legal: LegalAction[]): string[] {
  return [...new Set(legal.map((l) => l.group ?? l.label))];
}

function withAllowed<S>(error: RuleError, mod: GameRules<S, unknown, any>, state: S, role: Role): RuleError {
  if (error.allowed.length) return error;
  const labels = allowedLines(mod.legal(state, role));
  const allowed = labels.length ? labels : ['nothing: it is not your turn to act'];
  return new RuleError(error.rule, error.message, allowed);
}

/** Engine-level log entries (dev dice and cards) applied without the module. */
export function applyMeta<S>(env: Envelope<S>, entry: LogEntry): Envelope<S> {
  const next = structuredClone(env);
  if (entry.action.type === FORCE_DICE) {
    const faces = entry.action.faces as number[];
    next.dice.forced.push(...faces);
  } else if (entry.action.type === FORCE_CARDS) {
    (next.dice.forcedCards ??= []).push(...(entry.action.cards as string[]));
  } else if (entry.action.type === RESEED) {
    reseedDice(next.dice, entry.action.n as number);
  }
  next.seq = env.seq + 1;
  return next;
}

/**
 * The log with undone entries removed: what the state is built from. An UNDO
 * with `reseed` that removed something leaves a RESEED marker in its place.
 */
export function effectiveLog(log: LogEntry[]): LogEntry[] {
  const out: LogEntry[] = [];
  for (const entry of log) {
    if (entry.action.type === UNDO) {
      const count = typeof entry.action.count === 'number' ? entry.action.count : 1;
      let removed = 0;
      for (let i = 0; i < count; i++) {
        // Undo skips over dev-dice entries (a queued face stays queued) and re-seed markers.
        let idx = out.length - 1;
        while (idx >= 0 && isMeta(out[idx])) idx--;
        if (idx >= 0) {
          out.splice(idx, 1);
          removed++;
        }
      }
      if (removed && entry.action.reseed) out.push({ seq: entry.seq, role: entry.role, action: { type: RESEED, n: entry.seq } });
    } else out.push(entry);
  }
  return out;
}

/** Fold effective entries onto a state in place (replay's inner loop; also used after a snapshot). */
export function applyEffective<S>(
  mod: GameRules<S, unknown, any>,
  env: Envelope<S>,
  entries: LogEntry[],
  events: GameEvent[],
): Envelope<S> {
  for (const entry of entries) {
    if (isMeta(entry)) {
      env = applyMeta(env, entry);
      continue;
    }
    const applied = applyEntry(mod, env, entry.role, entry.action, true);
    env = applied.env;
    events.push(...applied.events);
  }
  return env;
}

/** Rebuild a game from its seed and log. Throws if any logged action is now illegal. */
export function replay<S>(
  mod: GameRules<S, unknown, any>,
  rawOptions: Record<string, string | number | boolean>,
  seed: string,
  log: LogEntry[],
): { env: Envelope<S>; events: GameEvent[] } {
  const start = createGame(mod, rawOptions, seed);
  const all = [...start.events];
  const env = applyEffective(mod, start.env, effectiveLog(log), all);
  env.seq = log.length;
  return { env, events: all };
}

export interface VerifyReport {
  ok: boolean;
  seedMatchesHash: boolean;
  stateMatches: boolean;
  rolls: number;
  forcedRolls: number;
  /** Cards drawn as queued by /dev cards. */
  forcedCards?: number;
  lines: string[];
}

/** Replay the log from the revealed seed and compare with the stored state. */
export function verify<S>(
  mod: GameRules<S, unknown, any>,
  rawOptions: Record<string, string | number | boolean>,
  seed: string,
  seedHash: string,
  log: LogEntry[],
  stored: Envelope<S>,
): VerifyReport {
  const seedMatchesHash = sha256(seed) === seedHash;
  let replayed: { env: Envelope<S>; events: GameEvent[] };
  try {
    replayed = replay(mod, rawOptions, seed, log);
  } catch (error) {
    const why = error instanceof RuleError ? error.message : String(error);
    return {
      ok: false,
      seedMatchesHash,
      stateMatches: false,
      rolls: 0,
      forcedRolls: 0,
      lines: [
        `Seed hash published at start: ${seedHash}`,
        `SHA-256 of the revealed seed ${seedMatchesHash ? 'matches' : 'DOES NOT match'}.`,
        `Replay FAILED: ${why}`,
      ],
    };
  }
  const { env, events } = replayed;
  const stateMatches = canonical(env.game) === canonical(stored.game) && canonical(env.dice) === canonical(stored.dice);
  const rolls = events.filter((e) => e.kind === 'roll');
  const forced = rolls.filter((e) => (e.data as { forced?: boolean } | undefined)?.forced);
  const cards = events.filter((e) => e.kind === 'card-forced').length;
  const lines = [
    `Seed hash published at start: ${seedHash}`,
    `SHA-256 of the revealed seed ${seedMatchesHash ? 'matches' : 'DOES NOT match'}.`,
    `Replayed ${log.length} log entries: ${rolls.length} dice rolled` +
      `${forced.length ? `, ${forced.length} of them forced at the console (not provably fair)` : ''}` +
      `${cards ? `; ${cards} card${cards === 1 ? '' : 's'} drawn as queued at the console (not provably fair)` : ''}.`,
    `Replayed state ${stateMatches ? 'equals' : 'DIFFERS from'} the stored state.`,
  ];
  return {
    ok: seedMatchesHash && stateMatches,
    seedMatchesHash,
    stateMatches,
    rolls: rolls.length,
    forcedRolls: forced.length,
    forcedCards: cards,
    lines,
  };
}

export function visibleEvents(events: GameEvent[], viewer: Viewer): GameEvent[] {
  return events.filter((e) => maysee(viewer, e.to));
}
