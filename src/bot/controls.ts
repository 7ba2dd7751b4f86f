// Buttons and dropdowns that no longer do anything are shown disabled
// (issue 9): the one pressed at once (with the choice marked), and every
// other message of the channel whose decision has closed, after each
// interaction and tick. Which controls are stale is the router's to say
// (Router.staleControls); the bot only remembers which of its messages carry
// controls. That memory is per process and bounded: after a restart, old
// controls stay enabled and a press on them is still refused privately with
// fresh choices, so nothing depends on it.
import {
  ButtonStyle,
  ComponentType,
  Routes,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type Client,
} from 'discord.js';
import type { Router } from '../../commands/types.ts';
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
}

/** Recent bot messages with live controls, per channel (at most `perChannel` each, newest kept). */
export class ControlRegistry {
  private readonly byChannel = new Map<string, Entry[]>();

  constructor(
    private readonly client: Client,
    private readonly router: Router,
    private readonly log: Logger,
    private readonly perChannel = 12,
    private readonly maxChannels = 500,
  ) {}

  /** A message the bot sent (a post or a public reply); ignored without controls the router knows. */
  add(channelId: string, messageId: string, components: readonly unknown[] | undefined): void {
    if (!this.router.staleControls) return;
    const rows = rowsOf(components);
    if (!controlIds(rows).length) return;
    const list = (this.byChannel.get(channelId) ?? []).filter((e) => e.messageId !== messageId);
    list.push({ messageId, rows });
    this.byChannel.delete(channelId);
    this.byChannel.set(channelId, list.slice(-this.perChannel));
    while (this.byChannel.size > this.maxChannels) this.byChannel.delete(this.byChannel.keys().next().value!);
  }

  /** A message's controls as just edited through its own interaction. */
  update(channelId: string, messageId: string, rows: Rows): void {
    const e = this.byChannel.get(channelId)?.find((x) => x.messageId === messageId);
    if (e) e.rows = rows;
  }

  size(channelId: string): number {
    return this.byChannel.get(channelId)?.length ?? 0;
  }

  /** Edit every remembered message of these channels whose controls went stale; best effort. */
  async refresh(channelIds: Iterable<string>): Promise<void> {
    if (!this.router.staleControls) return;
    for (const channelId of new Set(channelIds)) {
      const list = this.byChannel.get(channelId);
      if (!list?.length) continue;
      const stale = new Set(await this.router.staleControls(list.flatMap((e) => controlIds(e.rows))));
      if (!stale.size) continue;
      const keep: Entry[] = [];
      for (const e of list) {
        const rows = disableStale(e.rows, stale);
        if (rows) {
          try {
            await this.client.rest.patch(Routes.channelMessage(channelId, e.messageId), { body: { components: rows } });
          } catch (err) {
            this.log.debug(`could not disable the controls of message ${e.messageId}: ${errorText(err)}`);
          }
          e.rows = rows;
        }
        if (controlIds(e.rows).length) keep.push(e);
      }
      if (keep.length) this.byChannel.set(channelId, keep);
      else this.byChannel.delete(channelId);
    }
  }
}
