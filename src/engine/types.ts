// The game-module contract shared by every system Muster hosts.
// Rules code is pure: it gets a mutable draft of its own state plus a Ctx
// (dice + event sink) and never touches I/O, the clock or Math.random.

import type { Dice } from './dice.ts';
import type { GameEvent, Json, Role } from './events.ts';

export type { GameEvent, Json, Role, RollEvent } from './events.ts';

/**
 * Who is looking. A seat sees its own secrets; an umpire (a moderator made the
 * game's referee, holding no seat) and moderators see everything; spectators
 * see only what is public.
 */
export type Viewer = { kind: 'seat'; role: Role } | { kind: 'spectator' } | { kind: 'moderator' } | { kind: 'umpire' };

/** The role id an umpire acts as (it is never a player seat). */
export const UMPIRE: Role = 'umpire';

/** A game action. Plain JSON so it can be logged, replayed and compared. */
export interface Action {
  type: string;
  [key: string]: Json;
}

/**
 * One legal action, as enumerated by the module. The same list feeds
 * autocomplete, buttons, bots and fuzzers, and gates apply().
 */
export interface LegalAction {
  action: Action;
  /** Human label, e.g. "Move Philip's war band Montaup → Swansea (1 pip)". */
  label: string;
  /** The subcommand of the game's command group that performs it, e.g. 'move'. */
  sub: string;
  /** Option values for that subcommand (ids), e.g. { stack: 'montaup', to: 'swansea' }. */
  args: Record<string, string>;
  /** Display names for the arg values, e.g. { to: 'Swansea' }; defaults to the id. */
  argLabels?: Record<string, string>;
  /**
   * Other values an option also accepts for this same choice, not offered
   * separately (an identical counter, a whole stack named unit by unit), each
   * with the action (and label) it stands for when that differs from
   * `action`. Such an action is legal too (the runner accepts it).
   */
  aliases?: Record<string, { value: string; action?: Action; label?: string }[]>;
  /**
   * Declared by the module, never inferred: the action is a secret order (a
   * plan step) whose label and effects only its seat (and the umpire) may see
   * until the module reveals it.
   */
  secret?: boolean;
  /** Actions sharing a group (the counts of one planned action) are one line where what is allowed is listed. */
  group?: string;
}

export interface Prompt {
  role: Role;
  /** One human sentence: what this role is asked now. */
  text: string;
  /** A quick decision: the adapter may offer the legal actions as buttons. */
  buttons?: boolean;
  /**
   * Its choices are secret orders (LegalAction.secret): no public controls
   * are offered for it, so adapters need not list them to find that out.
   */
  secret?: boolean;
  /**
   * What decision this is, stable while it stays open (e.g. 'turn3:indMove').
   * Deadlines and buttons belong to a decision; a new key is a new decision.
   * Default: the phase label.
   */
  decision?: string;
}

export type Result =
  | { status: 'ongoing' }
  | {
      status: 'over';
      winners: Role[];
      draw: boolean;
      scores: Record<Role, number>;
      summary: string;
    };

export interface RoleInfo {
  id: Role;
  name: string;
  color: string;
  /** Seated by the built-in bot when the game starts (an option chose it). */
  bot?: boolean;
  /**
   * A side several people may hold (a team of generals): 'any' lets any
   * member take its decisions; 'turns' passes each new decision to the next
   * member in seat order.
   */
  team?: 'any' | 'turns';
}

/**
 * An action whose parameters cannot be listed in advance (a path, a quantity,
 * a point in inches, an order text). It is accepted when `check` accepts it;
 * `check` is also what explains a refusal, so each rule is written once.
 */
export interface OpenAction<S = unknown> {
  /** The subcommand that performs it. */
  sub: string;
  /** Throws a RuleError (the rule and what is allowed) when `action` breaks a rule now. */
  check(state: S, role: Role, action: Action): void;
  /** The human label of an accepted action. */
  label(state: S, role: Role, action: Action): string;
  /** A secret order (see LegalAction.secret). */
  secret?: boolean;
}

export interface Ctx {
  dice: Dice;
  emit(event: GameEvent): void;
}

export interface OptionDoc {
  name: string;
  description: string;
  type: 'string' | 'integer' | 'boolean';
  choices?: { name: string; value: string | number }[];
  default?: string | number | boolean;
  /** Integers: the allowed range. */
  min?: number;
  max?: number;
  /** Rule reference cited when the value is refused. */
  rule?: string;
}

/** A slash subcommand of a game's own group (/kpw move ...). */
export interface GameSubcommand {
  name: string;
  description: string;
  /** Discord subcommand group (/kpw move step); absent: a top-level subcommand. Names stay unique across groups. */
  group?: string;
  /**
   * Who may use it, checked before it runs: 'seat' (a player's move; the
   * default), 'umpire' (the umpire's decisions), 'anyone' (the default for an
   * `info` subcommand).
   */
  who?: 'seat' | 'umpire' | 'anyone';
  options: {
    name: string;
    description: string;
    required: boolean;
    /** Free text passed to toActions instead of matching legal args. */
    freeText?: boolean;
    /**
     * A long free text (an order sheet, a whole plan): in Discord, using the
     * subcommand without it opens a modal with a paragraph field for it.
     */
    paragraph?: boolean;
    /** Value type (default string); values still reach toActions/probe/matching as strings. */
    type?: 'string' | 'integer' | 'boolean' | 'user' | 'role';
    /** Integers: the allowed range. */
    min?: number;
    max?: number;
  }[];
  /**
   * For free-form subcommands (e.g. a whole plan in one line): turn the
   * options into actions. Each is still checked against the legal list.
   */
  toActions?: (state: unknown, role: Role, args: Record<string, string>) => Action[];
  /**
   * The action the options describe, built without the legal list, so that a
   * refusal can give the rules' own reason (apply is asked on a copy).
   */
  probe?: (args: Record<string, string>) => Action | null;
  /** An information subcommand (e.g. review your plan, measure on a table): answered privately, changes nothing; gets its options. */
  info?: (state: unknown, viewer: Viewer, args: Record<string, string>) => string;
  /** With `info`: also draw the caller's own view (e.g. a nation's fog-of-war map), privately. */
  infoMap?: boolean;
}

export interface HelpTopic {
  /** Rules summary of the whole system. */
  overview: string;
  /** Help for the phase the game is in now. */
  phase(state: unknown): string;
}

/**
 * The rules of a game: pure functions of its state (setup, flow, legal,
 * validate, apply, view, result). They import no renderer, send nothing and
 * read no files but their own data.
 */
export interface GameRules<S = unknown, O = unknown, V = Json> {
  id: string;
  title: string;
  optionDocs: OptionDoc[];
  /** Validates raw options; throws RuleError naming what is wrong. */
  parseOptions(raw: Record<string, string | number | boolean>): O;
  roles(options: O): RoleInfo[];
  /**
   * Action types that are open (see OpenAction): accepted by their check
   * instead of equality with a listed action. Listed actions of the same type
   * still feed buttons, autocomplete, bots and fuzzing.
   */
  open?: Record<string, OpenAction<S>>;
  /** The game may have an umpire: what the umpire decides is in legal(state, UMPIRE). */
  umpire?: {
    description: string;
    /** With these options a person must hold the umpire's seat before the game starts (its decisions wait for them). */
    required?(options: O): boolean;
  };
  setup(options: O, ctx: Ctx): S;
  prompts(state: S): Prompt[];
  legal(state: S, role: Role): LegalAction[];
  /** Mutates the draft; throws RuleError when the action breaks a rule. */
  apply(state: S, role: Role, action: Action, ctx: Ctx): void;
  /** What this viewer may see: renderers and messages draw only from a view. */
  view(state: S, viewer: Viewer): V;
  result(state: S): Result;
  /** Label of the current phase; a change triggers a snapshot post. */
  phase(state: S): string;
  /** A built-in bot's choice among the legal actions. */
  bot?(state: S, role: Role, legal: LegalAction[], ctx: { rand: () => number }): LegalAction;
  /**
   * Games of several seats that play on without one: drop `role` (it has lost)
   * and carry on; may end the game. Absent: a resignation ends the game and
   * the other seats win.
   */
  resign?(state: S, role: Role, ctx: Ctx): void;
  /** The action taken for `role` when a deadline passes (a sensible default), or null. */
  onDeadline?(state: S, role: Role): Action | null;
  /**
   * A state stored by an older version of these rules, brought up to date in
   * place (a no-op on a current one). The engine calls it on every state read
   * from storage (readStored), so the rules see only the current shape.
   */
  upgrade?(state: S): void;
}

/** Table matters: how people reach the rules (commands, help, buttons, drawings). */
export interface GameTable<V = Json> {
  /** Name of the game's own slash group, e.g. 'kpw'. */
  command: string;
  subcommands: GameSubcommand[];
  help: HelpTopic;
  /** Dice order note for /dev dice, e.g. "red, green, event". */
  diceOrder: string;
  /**
   * A game drawn from a deck (engine/deck.ts): its cards, id and the name players see, for /dev cards to queue
   * by either. Absent: the game has no deck.
   */
  deckCards?(): { id: string; name: string }[];
  /** Draw the snapshot for a view (PNG). Absent: text only. */
  render?(view: V): Promise<Buffer> | Buffer;
  /** A close-up of where the action is (PNG), posted after a batch's last snapshot. */
  renderZoom?(view: V): Promise<Buffer> | Buffer;
  /** Whether a view has action worth a close-up (renderZoom). Absent: always. */
  zoomWorthy?(view: V): boolean;
  /** Text summary of a view (accessibility; goes with each snapshot). */
  summarize(view: V, viewer: Viewer): string;
  /**
   * The parts of a spectator view the board shows: two phases with equal keys
   * need one snapshot, not two. Absent: the whole view.
   */
  boardKey?(view: V): Json;
}

/** A game as the table hosts it: its rules and its table matters. */
/** V is the game's own view type (plain JSON data); hosts that hold every game use GameModule<any, any, any>. */
export type GameModule<S = unknown, O = unknown, V = any> = GameRules<S, O, V> & GameTable<V>;
