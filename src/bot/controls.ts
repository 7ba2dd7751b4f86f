// Buttons and dropdowns that no longer do anything are shown disabled
// (issue 9): the one pressed at once (with the choice marked), and every
// other message of the channel whose decision has closed, after each
// interaction and tick. Which controls are stale is the router's to say
// (Router.staleControls); the bot only remembers which of its messages carry
// controls, bounded, in memory and in the database (control_messages), so a
// restart still disables those whose decision closed meanwhile. A press on
// a control left enabled is still refused privately with fresh choices.
// A reply to an interaction is edited through the interaction's webhook while
// its token lasts: those edits are outside Discord's global limit (issue 19 §2).
import {
  ButtonStyle,
  ComponentType,
  Routes,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type Client,
} from 'discord.js';
import type { Router } from '../../commands/types.ts';
import type { ControlMessages } from '../store/control-messages.ts';
import type { Logger } from './log.ts';
import { errorText } from './posts.ts';

export type Rows = APIActionRowComponent<APIComponentInMessageActionRow>[];

/** Anything with components as discord.js hands them (a Message, or raw JSON rows). */
export function rowsOf(components: readonly unknown[] | undefined): Rows {
  return (components ?? []).map((c) => {
    const j = (c as { toJSON?: () => unknown }).toJSON?.() ?? c;
    return structuredClone(j) as APIActionRowComponent<APIComponentInMessageActionRow>;
  });
}

/** The custom ids a message's enabled controls answer to: a button's own, a dropdown's option values. */
export function controlIds(rows: Rows): string[] {
  const out: string[] = [];
  for (const row of rows)
    for (const c of row.components) {
      if (c.disabled) continue;
      if (c.type === ComponentType.Button && 'custom_id' in c) out.push(c.custom_id);
      if (c.type === ComponentType.StringSelect) out.push(...c.options.map((o) => o.value));
    }
  return out;
}

/**
 * Disable the controls whose ids are stale (a dropdown when every option is),
 * and mark the choice just made. Returns null when nothing changes.
 */
export function disableStale(rows: Rows, stale: Set<string>, chosen?: { customId: string; value?: string }): Rows | null {
  let changed = false;
  const out = structuredClone(rows);
  for (const row of out)
    for (const c of row.components) {
      if (c.type === ComponentType.Button && 'custom_id' in c && !c.disabled && stale.has(c.custom_id)) {
        c.disabled = true;
        if (chosen?.customId === c.custom_id) c.style = ButtonStyle.Success;
        changed = true;
      }
      if (c.type === ComponentType.StringSelect && !c.disabled && c.options.length && c.options.every((o) => stale.has(o.value))) {
        c.disabled = true;
        if (chosen?.customId === c.custom_id) for (const o of c.options) o.default = o.value === chosen.value;
        changed = true;
      }
    }
  return changed ? out : null;
}

interface Entry {
  messageId: string;
  rows: Rows;
  /** The interaction the message answered (memory only): edited through its webhook until `until`. */
  via?: Via;
}

/** An interaction's webhook: its application, its token, and until when that token may edit (ms). */
export interface Via {
  applicationId: string;
  token: string;
  until: number;
}

/** Discord lets an interaction's token edit for 15 minutes; a minute is kept in hand. */
const TOKEN_MS = 14 * 60_000;

/** The webhook of an interaction answered now. */
export function viaInteraction(i: { applicationId: string; token: string }, now = Date.now()): Via {
  return { applicationId: i.applicationId, token: i.token, until: now + TOKEN_MS };
}

/** Recent bot messages with live controls, per channel (at most `perChannel` each, newest kept). */
export class ControlRegistry {
  private readonly byChannel = new Map<string, Entry[]>();

  constructor(
    private readonly client: Client,
    private readonly router: Router,
    private readonly log: Logger,
    /** Where the registry is kept across restarts (none: memory only). */
    private readonly saved?: ControlMessages,
    private readonly perChannel = 12,
    private readonly maxChannels = 500,
  ) {
    for (const m of saved?.all() ?? []) this.remember(m.channelId, m.messageId, rowsOf(m.rows));
  }

  /** The channels with remembered messages (a restart refreshes them all). */
  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  /** A message the bot sent (a post, or a public reply: `via` its interaction); ignored without controls the router knows. */
  add(channelId: string, messageId: string, components: readonly unknown[] | undefined, via?: Via): void {
    if (!this.router.staleControls) return;
    const rows = rowsOf(components);
    if (!controlIds(rows).length) return;
    this.saved?.put(channelId, messageId, rows);
    this.remember(channelId, messageId, rows, via);
  }

  /** Newest last; what falls past the bounds is forgotten here and in the database. */
  private remember(channelId: string, messageId: string, rows: Rows, via?: Via): void {
    const list = (this.byChannel.get(channelId) ?? []).filter((e) => e.messageId !== messageId);
    list.push({ messageId, rows, ...(via ? { via } : {}) });
    this.byChannel.delete(channelId);
    const dropped = list.splice(0, Math.max(0, list.length - this.perChannel));
    if (dropped.length)
      this.saved?.forget(
        channelId,
        dropped.map((e) => e.messageId),
      );
    this.byChannel.set(channelId, list);
    while (this.byChannel.size > this.maxChannels) {
      const oldest = this.byChannel.keys().next().value!;
      this.byChannel.delete(oldest);
      this.saved?.forgetChannel(oldest);
    }
  }

  /**
   * Messages of the channel that another bot process on the same database
   * posted or edited (issue 21 §3): the database is the truth, the map a copy.
   */
  private reload(channelId: string): void {
    if (!this.saved) return;
    const stored = this.saved.ofChannel(channelId);
    const known = new Map((this.byChannel.get(channelId) ?? []).map((e) => [e.messageId, e]));
    for (const m of stored) {
      const e = known.get(m.messageId);
      if (e) e.rows = rowsOf(m.rows);
      else this.remember(channelId, m.messageId, rowsOf(m.rows));
    }
  }

  /** A message's controls as just edited through its own interaction. */
  update(channelId: string, messageId: string, rows: Rows): void {
    const e = this.byChannel.get(channelId)?.find((x) => x.messageId === messageId);
    if (!e) return;
    e.rows = rows;
    this.saved?.update(channelId, messageId, rows);
    this.prune(channelId);
  }

  size(channelId: string): number {
    return this.byChannel.get(channelId)?.length ?? 0;
  }

  /**
   * Edit every remembered message of these channels whose controls went
   * stale (through the outbox when `queue` is set, so that several
   * refreshes within a window cost one edit per message, issue 19 §2); best
   * effort (a failed edit keeps the message remembered, so the next refresh
   * tries again). The channel's list is never written back from
   * a copy taken before an await: entries are changed in place and the dead
   * ones removed from the list as it is after the awaits, so a message
   * registered meanwhile (a post delivered during the edits) is kept (issue 19.5).
   */
  async refresh(channelIds: Iterable<string>): Promise<void> {
    if (!this.router.staleControls) return;
    for (const channelId of new Set(channelIds)) {
      this.reload(channelId);
      const seen = [...(this.byChannel.get(channelId) ?? [])];
      if (!seen.length) continue;
      const stale = new Set(await this.router.staleControls(seen.flatMap((e) => controlIds(e.rows))));
      if (!stale.size) continue;
      for (const e of seen) {
        if (!disableStale(e.rows, stale)) continue;
        // Through the outbox when there is one: edits of one message within its window are one (issue 19 §2).
        if (this.queue) this.queue(channelId, e.messageId);
        else await this.disable(channelId, e, stale);
      }
      this.prune(channelId);
    }
  }

  /**
   * Where refresh sends the edits of a message whose controls closed (the
   * outbox, as `disable` rows); absent, they are made at once.
   */
  queue?: (channelId: string, messageId: string) => void;

  /** A `disable` row goes: the message's controls closed by now are disabled, in one edit (none if none). */
  async disableNow(channelId: string, messageId: string): Promise<void> {
    if (!this.router.staleControls) return;
    this.reload(channelId);
    const e = this.byChannel.get(channelId)?.find((x) => x.messageId === messageId);
    if (!e) return;
    const stale = new Set(await this.router.staleControls(controlIds(e.rows)));
    if (stale.size) await this.disable(channelId, e, stale);
    this.prune(channelId);
  }

  /** One edit of a message: its stale controls disabled, best effort (a failed edit keeps it remembered). */
  private async disable(channelId: string, e: Entry, stale: Set<string>): Promise<void> {
    // Read at the last moment: an edit through the message's own interaction may have come meanwhile.
    const rows = disableStale(e.rows, stale);
    if (!rows) return;
    try {
      // The interaction's webhook while its token lasts (outside the global limit), else the channel's message.
      if (e.via && Date.now() < e.via.until)
        await this.client.rest.patch(Routes.webhookMessage(e.via.applicationId, e.via.token, e.messageId), {
          body: { components: rows },
          auth: false,
        });
      else await this.client.rest.patch(Routes.channelMessage(channelId, e.messageId), { body: { components: rows } });
    } catch (err) {
      this.log.debug(`could not disable the controls of message ${e.messageId}: ${errorText(err)}`);
      if (!isGone(err)) return;
    }
    e.rows = rows;
    if (controlIds(rows).length) this.saved?.update(channelId, e.messageId, rows);
  }

  /** Forget the channel's messages with no live control left, from the list as it is now. */
  private prune(channelId: string): void {
    const now = this.byChannel.get(channelId);
    if (!now) return;
    const dead = now.filter((e) => !controlIds(e.rows).length);
    if (!dead.length) return;
    this.saved?.forget(
      channelId,
      dead.map((e) => e.messageId),
    );
    const live = now.filter((e) => !dead.includes(e));
    if (live.length) this.byChannel.set(channelId, live);
    else this.byChannel.delete(channelId);
  }
}

// The message (or its channel) is gone, or the bot may no longer see it: there is nothing left to disable.
function isGone(err: unknown): boolean {
  const code = (err as { code?: unknown; status?: unknown }).code;
  return code === 10003 || code === 10008 || code === 50001;
}
