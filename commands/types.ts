// One command definition serves Discord and the offline table. Handlers get
// an Invocation and return an Outcome; adapters turn outcomes into Discord
// replies/messages or terminal output.
import type { Outbox } from '../src/store/outbox.ts';
import type { DrawJob, Outcome, Post, Undelivered } from '../src/messages/types.ts';

export type OptionType = 'string' | 'integer' | 'boolean' | 'user' | 'role' | 'channel';

/** Kinds of server channel a channel option may name (Discord's picker shows only these). */
export type ChannelKind = 'text' | 'announcement' | 'forum';

export interface Choice {
  name: string;
  value: string;
}

export interface OptionDef {
  name: string;
  description: string;
  type: OptionType;
  required: boolean;
  choices?: Choice[];
  /** Autocomplete source; its answers come from the game's legal actions. */
  autocomplete?: boolean;
  /** Integers: the allowed range (Discord enforces it; the table checks it). */
  min?: number;
  max?: number;
  /**
   * A long free text (a whole plan, an order sheet): registered as optional in
   * Discord, where using the subcommand without it opens a modal with a
   * paragraph field; the handler still needs it (the table types it).
   */
  paragraph?: boolean;
  /** Channel options: the kinds the picker offers (default: text channels). */
  channelKinds?: ChannelKind[];
  /**
   * Channel options: the bot will open threads there; boolean options: when
   * true, it opens one in the command's own channel. The adapter checks
   * before the command runs that it can (view, send, create public threads,
   * send in threads) and refuses privately, saying what is missing, otherwise.
   */
  opensThreads?: boolean;
}

export interface SubcommandDef {
  /** Discord subcommand group it belongs to (/kpw move step); absent: top level. */
  group?: string;
  name: string;
  description: string;
  options: OptionDef[];
  /** Never registered in Discord (e.g. /dev dice). */
  consoleOnly?: boolean;
}

export interface CommandDef {
  name: string;
  description: string;
  /**
   * Discord permission bits a member needs to see the command in their menu
   * (server admins can grant other roles in Server Settings → Integrations).
   */
  defaultMemberPermissions?: string;
  subcommands: SubcommandDef[];
  /** Descriptions of the subcommand groups named by `subcommands[].group`. */
  groups?: { name: string; description: string }[];
  consoleOnly?: boolean;
}

export interface Caller {
  id: string;
  name: string;
  /** Manage Server permission, or a role the server configured as moderator. */
  isModerator: boolean;
  roleIds?: string[];
}

export interface Where {
  guildId: string | null;
  channelId: string;
  /** Set when channelId is a thread: its parent channel. */
  parentId?: string | null;
}

export interface Invocation {
  command: string;
  /** The subcommand group, when the subcommand has one (the table may omit it: an alias). */
  group?: string;
  sub: string;
  /** Option values (strings, numbers, booleans; a user or role option is its id). */
  options: Record<string, string | number | boolean>;
  /** Display names of user/role options, when the adapter knows them (Discord's resolved data). */
  names?: Record<string, string>;
  caller: Caller;
  where: Where;
  /**
   * The adapter edits messages in place (Discord): a move that continues the
   * same turn edits the game's turn message instead of posting (issue 19 §1).
   */
  inPlace?: boolean;
}

export interface AutocompleteRequest {
  command: string;
  group?: string;
  sub: string;
  focused: string;
  /** What the user typed so far in the focused option. */
  partial: string;
  options: Record<string, string | number | boolean>;
  caller: Caller;
  where: Where;
}

export interface ButtonPress {
  customId: string;
  caller: Caller;
  where: Where;
  /** The message the control is on (Discord), so a press on the turn message can update it in its answer. */
  messageId?: string;
  /** As Invocation.inPlace. */
  inPlace?: boolean;
}

/** What an adapter needs from the command layer. */
export interface Router {
  definitions(opts?: { includeConsoleOnly?: boolean }): CommandDef[];
  /** True when the handler may be slow (rendering, replay): defer once it runs past a moment. */
  isSlow(inv: Pick<Invocation, 'command' | 'sub'>): boolean;
  /**
   * True when the handler may block for seconds before its first pause (bots
   * playing a whole game at the start, a full replay): acknowledge before it
   * starts, though a refusal then replaces a public placeholder.
   */
  deferAtOnce?(inv: Pick<Invocation, 'command' | 'sub'>): boolean;
  /** The declaration says the answer is private (an ephemeral reply): a deferral is private too. */
  answersPrivately?(inv: Pick<Invocation, 'command' | 'sub'>): boolean;
  /**
   * The pure checks a command meets before it runs (options, permission, a
   * game's legality), without storing anything: the refusal it would answer,
   * or null. Run before any public deferral, so a refusal is never first shown
   * to everyone as "thinking…" (issue 19.3).
   */
  refusal?(inv: Invocation): Outcome | null;
  dispatch(inv: Invocation, progress?: (line: string) => void): Promise<Outcome>;
  autocomplete(req: AutocompleteRequest): Promise<Choice[]>;
  /** A button press, or a dropdown choice (its value is the custom id of the button it stands for). */
  button(press: ButtonPress): Promise<Outcome>;
  /** Which of these control ids no longer do anything (their decision closed, their choice went); unknown ids are not stale. */
  staleControls?(customIds: string[]): Promise<string[]>;
  /**
   * Which of these decisions of game G are still open (a ping or reminder
   * about closed ones is not sent); null when that cannot be told.
   */
  openDecisions?(gameId: number, decisions: { role: string; decision: number }[]): { role: string; decision: number }[] | null;
  /** Called when a new thread was created for a game (Outcome.newThread). */
  threadCreated?(gameChannelId: string, threadId: string): void;
  /** Is this thread already some game's home (a thread found by name is then not taken over)? */
  threadTaken?(threadId: string): boolean;
  /** No thread could be opened: the game moves to `channelId` if it is free, else it is called off. Returns what to tell the caller. */
  threadFailed?(gameChannelId: string, channelId: string): string;
  /** Game G's card as it stands now, with the message to edit (null: send a new one). */
  card?(gameId: number): { post: Post; messageId: string | null } | null;
  /** The card of game G was sent as this message (pin it; later cards edit it). */
  cardPosted?(gameId: number, channelId: string, messageId: string): void;
  /** Tournament T's hub as it stands now, with the message to edit (null: send a new one). */
  hub?(tournamentId: number): { post: Post; messageId: string | null } | null;
  /** The hub of tournament T was sent as this message. */
  hubPosted?(tournamentId: number, channelId: string, messageId: string): void;
  /**
   * A thread to open before delivering to `lane` (a tournament match's game
   * under a placeholder home): its parent channel, its name, and the name the
   * offline table gives it under the parent (`slug`). Null: nothing to open.
   */
  pendingThread?(lane: string): { parent: string; name: string; slug: string } | null;
  /** Game G's turn message `seq` was delivered as this message (Post.turn). */
  turnPosted?(gameId: number, seq: number, channelId: string, messageId: string): void;
  /** The message of game G's turn message `seq`, once delivered (null: not known). */
  turnMessage?(gameId: number, seq: number): string | null;
  /** A public post of game G with a map was delivered at this link. */
  mapPosted?(gameId: number, url: string): void;
  /**
   * Apply default choices for decisions whose deadline passed; call periodically.
   * Several processes on one database: one leads (a lease of `leaseMs`, renewed
   * by each tick it runs); the others' ticks do nothing until it lapses.
   */
  tick?(opts?: {
    leaseMs?: number;
    /** As Invocation.inPlace: a deadline's default or a bot's moves continue the turn message (issue 19 §1). */
    inPlace?: boolean;
  }): Promise<Outcome[]>;
  /** The durable queue this router writes owed posts into (absent: adapters keep their own). */
  outbox?: Outbox;
  /** The current state of game G as posts: what an outbox marker turns into when its posts never came. */
  recover?(gameId: number): Promise<Post[]>;
  /** Posts telling a game's players and moderators that a post was not delivered. */
  undelivered?(undelivered: Undelivered): Post[];
  /**
   * A channel that refused posts took one again (issue 19 §9): its game's
   * current turn is reposted once, stored in the outbox (the outcome names
   * the rows, for the adapter to release).
   */
  accessReturned?(channelId: string): Promise<Outcome | null>;
  /** Draw a picture a post carries undrawn (Attachment.draw) as it is delivered; null: no picture. */
  draw?(job: DrawJob): Promise<Buffer | null>;
}
