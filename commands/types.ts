// One command definition serves Discord and the offline table. Handlers get
// an Invocation and return an Outcome; adapters turn outcomes into Discord
// replies/messages or terminal output.
import type { Outbox } from '../src/store/outbox.ts';
import type { Json } from '../src/engine/types.ts';

export type OptionType = 'string' | 'integer' | 'boolean' | 'user' | 'role';

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
}

export interface Button {
  customId: string;
  label: string;
  style: 'primary' | 'secondary' | 'success' | 'danger';
}

/**
 * A dropdown (Discord's string select) for a decision with more choices than
 * fit as buttons. Each option's value is the custom id of the button it
 * stands for, so a choice is pressed like that button (same staleness rules).
 */
export interface SelectMenu {
  /** Unique within its message. */
  customId: string;
  /** Shown before a choice is made (Discord: at most 150 characters). */
  placeholder: string;
  /** At most 25 (Discord); labels and descriptions at most 100 characters. */
  options: { label: string; value: string; description?: string }[];
}

export interface Attachment {
  name: string;
  data: Buffer;
  /** Alt text / accessible summary. */
  description?: string;
  /**
   * A click away, not in the message's gallery (issue 19): Discord tiles two
   * images side by side, which would halve the preview of the first; so this
   * one goes as a small embed's thumbnail that opens at full size.
   */
  aside?: boolean;
  /**
   * Not drawn yet (the bot, issue 9): drawn from this view where it is
   * delivered, so a command never waits for a picture; `data` is empty until then.
   */
  draw?: DrawJob;
}

/** A picture to draw later: the renderer's system id (src/app/draws.ts resolves it) and the view. */
export interface DrawJob {
  system: string;
  view: Json;
  /** A close-up: left out when late or superseded (the rest of its post still goes; a post of nothing else goes too). */
  alone?: boolean;
}

/** A Discord embed (a game's card); the offline table prints it as text. */
export interface Embed {
  title: string;
  description?: string;
  /** 0xRRGGBB */
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: string;
}

export interface Message {
  content: string;
  embed?: Embed;
  files?: Attachment[];
  buttons?: Button[];
  /** Dropdowns under the buttons (each takes a row of its own; five rows in all). */
  selects?: SelectMenu[];
  /** User ids mentioned in content that should be pinged. */
  mentions?: string[];
  /** Role ids that may be pinged (a server's moderator role, on an undelivered notice). */
  mentionRoles?: string[];
}

export interface Reply extends Message {
  /** Private to the caller. Every rejection is ephemeral. */
  ephemeral: boolean;
}

export interface Post extends Message {
  /** Channel or thread to post into (the game's home). */
  channelId: string;
  /**
   * A private delivery: only these seats' holders may see it (their private
   * thread or DM in Discord; `[to bob]` at the offline table).
   */
  to?: { roles: string[]; userIds: string[]; names: string[] };
  /**
   * A copy, for the seat's private thread, of what its caller already read in
   * a private reply (secret orders): delivered only where a seat thread can
   * hold it, never as a DM or at the offline table.
   */
  echo?: boolean;
  /** The game this post belongs to (hand-off pings, undelivered notices). */
  gameId?: number;
  /**
   * update: part of a game's record (events, maps); handoff: asks someone to
   * act (dropped when every decision it names was handed off before);
   * repost: /game repost; notice: says a post was not delivered (never itself
   * reported when it fails); owed: an outbox marker for posts of a commit not
   * stored yet (recover() replaces it if they never come).
   */
  kind?: 'update' | 'handoff' | 'repost' | 'notice' | 'owed';
  /** Decisions this post hands off: each user is pinged once per decision. */
  handoff?: Handoff[];
  /** Edit this message (an id in channelId) instead of sending a new one; a deleted message is sent anew. */
  edit?: string;
  /**
   * Game G's card: the adapter asks Router.card(G) for the card as it is at
   * delivery (so it links the map posted just before), edits the stored card
   * message or sends and pins a new one, and records its id.
   */
  card?: number;
  /** After delivering this post, archive its thread (a finished game's thread). */
  archive?: boolean;
  /**
   * Tournament T's hub: like `card`, built at delivery (Router.hub) and
   * edited in place (Router.hubPosted records the message).
   */
  hub?: number;
}

export interface Handoff {
  role: string;
  /** env.decisions.open[role].id */
  decision: number;
  userId: string;
}

/** A post Discord refused for good (or after the last retry). */
export interface Undelivered {
  gameId: number | null;
  post: Post;
  error: string;
}

export interface Outcome {
  replies: Reply[];
  posts: Post[];
  /**
   * Create a thread under `where.channelId` first and move the game there.
   * `home`: the game's channel id until then (a placeholder, so a channel
   * with its own game can open another in a thread); `<#home>` in replies
   * becomes a link to the thread. Absent: the game is in `where.channelId`.
   */
  newThread?: { name: string; home?: string };
  /** Add this user to this thread (the Follow button); the table prints it. */
  follow?: { channelId: string; userId: string };
  /** A button press or dropdown choice was taken (the game changed): the adapter marks the control used. */
  applied?: boolean;
  /**
   * Outbox ids of `posts`: already stored by the router, which delivers them
   * (adapters release them after the reply instead of sending them).
   */
  queued?: number[];
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
  dispatch(inv: Invocation, progress?: (line: string) => void): Promise<Outcome>;
  autocomplete(req: AutocompleteRequest): Promise<Choice[]>;
  /** A button press, or a dropdown choice (its value is the custom id of the button it stands for). */
  button(press: ButtonPress): Promise<Outcome>;
  /** Which of these control ids no longer do anything (their decision closed, their choice went); unknown ids are not stale. */
  staleControls?(customIds: string[]): Promise<string[]>;
  /** Called when a new thread was created for a game (Outcome.newThread). */
  threadCreated?(gameChannelId: string, threadId: string): void;
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
  /** A public post of game G with a map was delivered at this link. */
  mapPosted?(gameId: number, url: string): void;
  /** Apply default choices for decisions whose deadline passed; call periodically. */
  tick?(): Promise<Outcome[]>;
  /** The durable queue this router writes owed posts into (absent: adapters keep their own). */
  outbox?: Outbox;
  /** The current state of game G as posts: what an outbox marker turns into when its posts never came. */
  recover?(gameId: number): Promise<Post[]>;
  /** Posts telling a game's players and moderators that a post was not delivered. */
  undelivered?(u: Undelivered): Post[];
  /** Draw a picture a post carries undrawn (Attachment.draw) as it is delivered; null: no picture. */
  draw?(job: DrawJob): Promise<Buffer | null>;
}
