// What the bot says, as plain data: replies, posts, buttons, menus, embeds and
// pictures still to draw. The store keeps posts in its outbox, the app and
// tournaments build them, and the adapters (Discord, the offline table) turn
// them into messages; so these types sit below all of them and import only
// the engine's Json.
import type { Json } from '../engine/types.ts';

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
   * repost: /game repost; notice: tells players and moderators of a problem
   * (a post not delivered, a damaged game record; never itself reported when
   * it fails); owed: an outbox marker for posts of a commit not stored yet
   * (recover() replaces it if they never come).
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
  /**
   * The decisions this post asks about, when it is not a hand-off (a
   * reminder): a post whose every such decision closed before it went out is
   * not sent (issue 19 §4).
   */
  decisions?: { role: string; decision: number }[];
  /**
   * Add this post's pictures to that message (an id in channelId): the
   * pictures of a ping, which went ahead of them (issue 19 §4).
   */
  attachTo?: string;
  /** After delivering this post, archive its thread (a finished game's thread). */
  archive?: boolean;
  /**
   * Tournament T's hub: like `card`, built at delivery (Router.hub) and
   * edited in place (Router.hubPosted records the message).
   */
  hub?: number;
  /**
   * Game G's turn message number `seq` (issue 19 §1): without `edit`, this
   * post becomes it when delivered (its last part, the one with the
   * controls); with `edit`, this post's text and controls replace that
   * message's (its pictures stay), and a newer pending edit of it makes this one redundant.
   */
  turn?: { gameId: number; seq: number; edit?: boolean };
  /**
   * Disable the controls of this message (an id in channelId) whose decisions
   * closed, as they stand when it goes (issue 19 §2, §5): like a card, edits
   * of one message within a window are one.
   */
  disable?: string;
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
  /** Discord found the payload malformed (400): the bot's fault, not the channel's permissions. */
  invalid?: boolean;
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
  /**
   * The pressed message as it should read now (Discord's update-message
   * response): a press that continued the same turn, on its turn message.
   */
  update?: Message;
}
