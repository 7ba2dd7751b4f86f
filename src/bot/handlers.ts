// interactionCreate → Router. Every path ends in exactly one acknowledgement,
// and every error becomes a private apology rather than a crash.
import {
  ApplicationCommandOptionType,
  MessageFlags,
  Routes,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Client,
  type Interaction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { ButtonPress, Choice, CommandDef, Invocation, Router, Where } from '../../commands/types.ts';
import type { Outcome } from '../messages/types.ts';
import { ControlRegistry, controlIds, disableStale, rowsOf, viaInteraction } from './controls.ts';
import { callerOf, subAndOptions, whereCached, whereOf } from './invocation.ts';
import { scoped, type Logger } from './log.ts';
import { clip, payloadsOf } from './messages.ts';
import { fromModal, missingParagraphs, paragraphModal, type ModalCommand } from './modals.ts';
import type { OutboxWorker } from './outbox-worker.ts';
import { deliverNotes } from './seat-threads.ts';
import { addToThread, failureNote, openThread, errorText } from './posts.ts';
import { throttledProgress } from './progress.ts';
import { ackOf, defer, sendReplies, sendSorry, type Ack, type Repliable } from './respond.ts';
import { ackIfSlow, within } from './timing.ts';

export interface HandlerContext {
  client: Client;
  router: Router;
  /** Delivers every post; handlers only store and release them. */
  worker: OutboxWorker;
  log: Logger;
  moderatorRoleIds: readonly string[];
  /**
   * Defer a not-yet-acknowledged interaction whose handler runs this long: well under 100 ms
   * (issue 19.3), so a press never waits on a map being drawn.
   */
  ackAfterMs: number;
  /** Minimum gap between progress edits. */
  progressEveryMs: number;
  /** Give up on autocomplete answers after this long (Discord allows 3 s). */
  autocompleteMs: number;
  /** Bot messages with live buttons or dropdowns, disabled once their decision closes. */
  controls: ControlRegistry;
  /** The command definitions (paragraph options open a modal); read once. */
  definitions?: CommandDef[];
}

export async function handleInteraction(ctx: HandlerContext, i: Interaction): Promise<void> {
  if (i.isChatInputCommand()) return guarded(ctx, i, (ack) => onCommand(ctx, i, ack));
  if (i.isButton() || i.isStringSelectMenu()) return guarded(ctx, i, (ack) => onComponent(ctx, i, ack));
  if (i.isModalSubmit()) return guarded(ctx, i, (ack) => onModal(ctx, i, ack));
  if (i.isAutocomplete()) return onAutocomplete(ctx, i);
  ctx.log.debug(`ignored interaction type ${i.type}`);
}

async function guarded(ctx: HandlerContext, i: Repliable, run: (ack: Ack) => Promise<void>): Promise<void> {
  const ack = ackOf(i);
  try {
    await run(ack);
  } catch (e) {
    const log = scoped(ctx.log, { guildId: i.guildId, channelId: i.channelId });
    log.error(`interaction ${describe(i)} failed`, e);
    await sendSorry(i, ack).catch((e2) => log.error('could not tell the user about the failure', e2));
  }
}

async function onCommand(ctx: HandlerContext, i: ChatInputCommandInteraction, ack: Ack): Promise<void> {
  const { options, names } = subAndOptions(i.options.data);
  const group = i.options.getSubcommandGroup(false) ?? undefined;
  const cmd: ModalCommand = { command: i.commandName, ...(group ? { group } : {}), sub: i.options.getSubcommand(false) ?? '', options };
  // A paragraph left out: ask for it in a modal (the first and only answer allowed before the command runs).
  const missing = missingParagraphs((ctx.definitions ??= ctx.router.definitions()), cmd);
  const modal = missing.length ? paragraphModal(cmd, missing) : null;
  if (modal) {
    await i.showModal(modal);
    ack.state = 'answered';
    return;
  }
  await runCommand(ctx, i, ack, cmd, names);
}

// The modal's text joins the options it carried: from here on it is the command as typed.
async function onModal(ctx: HandlerContext, i: ModalSubmitInteraction, ack: Ack): Promise<void> {
  const cmd = fromModal(i);
  if (!cmd) {
    ctx.log.debug(`ignored modal ${i.customId.slice(0, 20)}`);
    await sendReplies(i, ack, [
      { content: 'That form is not one of mine (or is from an old version). Use the slash command.', ephemeral: true },
    ]);
    return;
  }
  await runCommand(ctx, i, ack, cmd, {});
}

async function runCommand(
  ctx: HandlerContext,
  i: ChatInputCommandInteraction | ModalSubmitInteraction,
  ack: Ack,
  cmd: ModalCommand,
  names: Record<string, string>,
): Promise<void> {
  const { command, group, sub, options } = cmd;
  const inv: Invocation = {
    command,
    ...(group ? { group } : {}),
    sub,
    options,
    names,
    caller: callerOf(i, ctx.moderatorRoleIds),
    where: await whereOf(i, true),
    inPlace: true,
  };
  // Acknowledged at once (issue 19.3): the pure refusal checks run first, so a refusal is answered
  // directly and privately and never shows a public placeholder; a deferral is as private as the
  // declaration says the answer is; work that may block before its first pause is deferred before it starts.
  const refusal = ctx.router.refusal?.(inv);
  if (refusal) return deliver(ctx, i, ack, refusal, inv.where);
  const privately = ctx.router.answersPrivately?.({ command, sub }) ?? false;
  if (ctx.router.deferAtOnce?.({ command, sub })) await defer(i, ack, privately);
  scoped(ctx.log, { guildId: i.guildId, channelId: inv.where.channelId }).debug(
    `/${command} ${group ? `${group} ` : ''}${sub} by ${inv.caller.id}`,
  );
  // Progress shows only once there is a placeholder to edit.
  const progress = throttledProgress(
    (line) =>
      ack.state === 'placeholder' || ack.state === 'private-placeholder' ? i.editReply({ content: clip(line) }) : Promise.resolve(),
    ctx.progressEveryMs,
    ctx.log,
  );
  let outcome: Outcome;
  try {
    outcome = await ackIfSlow(
      ctx.router.dispatch(inv, (line) => progress.push(line)),
      ctx.ackAfterMs,
      () => lateDefer(ctx, i, ack, privately),
    );
  } finally {
    await progress.close();
  }
  await deliver(ctx, i, ack, outcome, inv.where);
}

// Buttons and dropdowns carry everything in customId (a dropdown's choice is
// the custom id of the button it stands for), so they keep working across restarts.
async function onComponent(ctx: HandlerContext, i: ButtonInteraction | StringSelectMenuInteraction, ack: Ack): Promise<void> {
  const where = await whereOf(i, true);
  const customId = i.isStringSelectMenu() ? (i.values[0] ?? '') : i.customId;
  const press: ButtonPress = { customId, caller: callerOf(i, ctx.moderatorRoleIds), where, messageId: i.message.id, inPlace: true };
  ctx.log.debug(`${i.isButton() ? 'button' : 'choice'} ${customId} by ${press.caller.id}`);
  const outcome = await ackIfSlow(ctx.router.button(press), ctx.ackAfterMs, () => lateDefer(ctx, i, ack));
  if (outcome.update) await updatePressed(ctx, i, ack, outcome.update);
  else await markUsed(ctx, i, ack, outcome);
  await deliver(ctx, i, ack, outcome, where);
}

/**
 * A press that continued the turn on its turn message: the message itself is
 * the answer (Discord's update-message response, or an edit of it once
 * deferred): new text, the controls of the decisions open now.
 */
async function updatePressed(
  ctx: HandlerContext,
  i: ButtonInteraction | StringSelectMenuInteraction,
  ack: Ack,
  update: NonNullable<Outcome['update']>,
): Promise<void> {
  const payload = payloadsOf(update)[0];
  if (!payload) return;
  const body = { content: payload.content ?? '', components: payload.components ?? [], allowedMentions: payload.allowedMentions };
  try {
    if (ack.state === 'lost') throw new Error('the interaction can no longer be answered');
    if (ack.state === 'fresh') {
      await i.update(body);
      ack.state = 'answered';
    } else {
      await i.editReply(body);
    }
  } catch (e) {
    // The move is stored: the message still shows it, by an ordinary edit.
    ctx.log.warn(`could not update the turn message through ${describe(i)}, editing it: ${errorText(e)}`);
    try {
      await ctx.client.rest.patch(Routes.channelMessage(i.message.channelId, i.message.id), {
        body: { content: body.content, components: body.components, allowed_mentions: body.allowedMentions },
      });
    } catch (e2) {
      ctx.log.warn(`could not edit the turn message of ${describe(i)}: ${errorText(e2)}`);
      return;
    }
  }
  if (!i.channelId) return;
  ctx.controls.update(i.channelId, i.message.id, body.components);
  ctx.controls.add(i.channelId, i.message.id, body.components);
}

/**
 * The pressed message's controls that went stale are disabled (the choice
 * made shown in green, or as the dropdown's selection), in the same
 * acknowledgement when it is still owed; replies then follow as new messages.
 */
async function markUsed(
  ctx: HandlerContext,
  i: ButtonInteraction | StringSelectMenuInteraction,
  ack: Ack,
  outcome: Outcome,
): Promise<void> {
  if (!ctx.router.staleControls || ack.state === 'lost') return;
  try {
    const rows = rowsOf(i.message.components);
    const ids = controlIds(rows);
    if (!ids.length) return;
    const stale = new Set(await ctx.router.staleControls(ids));
    const chosen = outcome.applied ? { customId: i.customId, value: i.isStringSelectMenu() ? i.values[0] : undefined } : undefined;
    const next = disableStale(rows, stale, chosen);
    if (!next) return;
    if (ack.state === 'fresh') {
      await i.update({ components: next });
      ack.state = 'answered';
    } else {
      await i.editReply({ components: next });
    }
    if (i.channelId) ctx.controls.update(i.channelId, i.message.id, next);
  } catch (e) {
    ctx.log.warn(`could not mark the controls of ${describe(i)} used: ${errorText(e)}`);
  }
}

// The work has started (and may commit): a failed acknowledgement must not
// stop it, nor the posts it owes. The reply is then lost; the posts are not.
async function lateDefer(ctx: HandlerContext, i: Repliable, ack: Ack, privately = false): Promise<void> {
  try {
    await defer(i, ack, privately);
  } catch (e) {
    ack.state = 'lost';
    ctx.log.warn(`acknowledgement of ${describe(i)} failed; its posts go out anyway: ${errorText(e)}`);
  }
}

/**
 * The reply is best effort; the posts never depend on it. They are in the
 * outbox already (the router stored them) and held back only until the reply
 * has had its chance, so the channel reads: action, then map and hand-off.
 */
async function deliver(ctx: HandlerContext, i: Repliable, ack: Ack, outcome: Outcome, where: Where): Promise<void> {
  const outbox = ctx.worker.outbox;
  const ids = [...(outcome.queued ?? [])];
  // The thread first, so the reply in the parent channel can link to it.
  let threadId: string | null = null;
  if (outcome.newThread && where.channelId) {
    // Creating the thread is one more request before the reply: acknowledge first, so it cannot miss Discord's 3 s.
    if (ack.state === 'fresh') await lateDefer(ctx, i, ack);
    const home = outcome.newThread.home ?? where.channelId;
    threadId = await openThread(ctx.client, ctx.router, where.channelId, outcome.newThread.name, ctx.log, home);
    if (threadId) outbox.redirect(home, threadId);
    const note = threadId ? '' : (ctx.router.threadFailed?.(home, where.channelId) ?? '');
    const link = `<#${home}>`;
    outcome = {
      ...outcome,
      replies: outcome.replies.map((r, n) => ({
        ...r,
        content: r.content.split(link).join(`<#${threadId ?? where.channelId}>`) + (n === 0 && note ? `\n${note}` : ''),
      })),
    };
  }
  if (outcome.follow) {
    const ok = await addToThread(ctx.client, outcome.follow.channelId, outcome.follow.userId, ctx.log);
    if (!ok)
      outcome = {
        ...outcome,
        replies: [
          {
            content:
              `I could not add you to <#${outcome.follow.channelId}> (it may be archived, or I ` +
              `lack permission); open it from the channel list to follow it.`,
            ephemeral: true,
          },
        ],
      };
  }
  if (ack.state !== 'lost') {
    try {
      // A public reply with controls is remembered, so they are disabled once their decision closes.
      for (const m of await sendReplies(i, ack, outcome.replies))
        if (i.channelId) ctx.controls.add(i.channelId, m.id, m.components, viaInteraction(i));
    } catch (e) {
      ack.state = 'lost';
      ctx.log.warn(`reply to ${describe(i)} failed; its posts go out anyway: ${errorText(e)}`);
    }
  }
  // A public reply that could not be sent is part of the game's record: it
  // leads the outcome's first public post (still held), or is posted itself.
  const lostPublic = ack.state === 'lost' ? outcome.replies.filter((r) => !r.ephemeral) : [];
  if (lostPublic.length) {
    const text = lostPublic.map((r) => r.content).join('\n');
    // Not a private post, nor a card (rebuilt at delivery, so a prefix would be lost).
    const first = ids.find((id) => {
      const p = outbox.get(id)?.post;
      return p && !p.to && p.card === undefined && !p.edit;
    });
    const files = lostPublic.flatMap((r) => r.files ?? []);
    if (!(first !== undefined && !files.length && outbox.prefix(first, text))) {
      ids.unshift(...outbox.enqueue([{ channelId: where.channelId, kind: 'update', content: text, files }]).map((x) => x.id));
    }
  }
  // A router without an outbox handed us plain posts: store them now.
  if (!outcome.queued && outcome.posts.length) {
    const home = outcome.newThread?.home ?? where.channelId;
    const moved = outcome.posts.map((p) => (threadId && p.channelId === home ? { ...p, channelId: threadId } : p));
    ids.push(...outbox.enqueue(moved).map((x) => x.id));
  }
  outbox.release(ids);
  await ctx.worker.kick();
  // Controls of this channel (and of the channels posted to) whose decision closed are disabled.
  const lanes = ids.map((id) => outbox.get(id)?.lane).filter((x): x is string => !!x);
  await ctx.controls.refresh([where.channelId, ...(threadId ? [threadId] : []), ...lanes]);
  const failed = ids.map((id) => outbox.get(id)).filter((r) => r?.state === 'failed');
  if (failed.length && ack.state !== 'lost') {
    await i
      .followUp({ content: failureNote(failed.map((r) => ({ channelId: r!.lane, error: r!.error ?? '' }))), flags: MessageFlags.Ephemeral })
      .catch((e) => ctx.log.warn(`failure note not sent: ${errorText(e)}`));
  }
  // Private texts no seat thread or DM could take wait for this user's next interaction.
  if (ack.state !== 'lost')
    await deliverNotes(ctx.worker.seats, i.user.id, (content) => i.followUp({ content, flags: MessageFlags.Ephemeral }), ctx.log);
}

async function onAutocomplete(ctx: HandlerContext, i: AutocompleteInteraction): Promise<void> {
  let choices: Choice[] = [];
  let integer = false;
  try {
    const focused = i.options.getFocused(true);
    integer = focused.type === ApplicationCommandOptionType.Integer;
    const { options } = subAndOptions(i.options.data);
    const group = i.options.getSubcommandGroup(false) ?? undefined;
    const req = {
      command: i.commandName,
      ...(group ? { group } : {}),
      sub: i.options.getSubcommand(false) ?? '',
      focused: focused.name,
      partial: String(focused.value ?? ''),
      options,
      caller: callerOf(i, ctx.moderatorRoleIds),
      where: whereCached(i),
    };
    choices = await within(ctx.router.autocomplete(req), ctx.autocompleteMs, []);
  } catch (e) {
    scoped(ctx.log, { guildId: i.guildId, channelId: i.channelId }).warn(`autocomplete ${i.commandName} failed`, e);
  }
  try {
    await i.respond(toDiscordChoices(choices, integer));
  } catch (e) {
    scoped(ctx.log, { guildId: i.guildId, channelId: i.channelId }).warn('autocomplete answer not sent', e);
  }
}

/** Discord: ≤ 25 choices, names 1-100 chars, string values ≤ 100; integer options need numbers. */
export function toDiscordChoices(choices: Choice[], integer: boolean): { name: string; value: string | number }[] {
  const out: { name: string; value: string | number }[] = [];
  for (const c of choices) {
    if (out.length === 25) break;
    const name = clip(c.name || c.value, 100);
    if (!name) continue;
    if (integer) {
      const n = Number(c.value);
      if (Number.isSafeInteger(n)) out.push({ name, value: n });
    } else if (c.value.length >= 1 && c.value.length <= 100) {
      out.push({ name, value: c.value });
    }
  }
  return out;
}

function describe(i: Repliable): string {
  if (i.isButton()) return `button ${i.customId}`;
  if (i.isStringSelectMenu()) return `dropdown ${i.customId}`;
  if (i.isModalSubmit()) return `modal ${i.customId.slice(0, 40)}`;
  return `/${i.commandName}`;
}
