// Sending an Outcome's replies back through an interaction.
//
// Every interaction is acknowledged within a moment of arriving (issue 19.3):
// answered directly when the answer is ready in time, otherwise deferred:
//  - commands defer as their declaration says they answer: privately
//    (ephemeral, type 5 with flag 64) or publicly; a public placeholder
//    doubles as the progress line. The handler runs the pure refusal checks
//    first, so a refusal never shows a public placeholder;
//  - buttons defer as an update (type 6): no visible message, replies follow.
// A placeholder can't change its visibility, so when the first reply differs
// from it we resolve the placeholder, send the reply as a follow-up with its
// own visibility, then delete the placeholder. (A follow-up sent while the
// placeholder is still "thinking" would replace it and inherit its
// visibility, hence the edit first.)
import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Message,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Reply } from '../messages/types.ts';
import { payloadsOf, type Payload } from './messages.ts';

export type Repliable = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction;

/**
 * fresh: nothing sent yet; placeholder: a deferred reply we may overwrite
 * (public; private-placeholder: ephemeral); answered: the interaction is acknowledged, only follow-ups remain;
 * lost: Discord refused the acknowledgement (late, or failed): nothing more can be said.
 */
export interface Ack {
  state: 'fresh' | 'placeholder' | 'private-placeholder' | 'answered' | 'lost';
}

export const SORRY = 'Something went wrong on my side. Please try again; if it keeps happening, tell a moderator.';
const DONE = 'Done.';

export function ackOf(i: Repliable): Ack {
  if (!i.deferred && !i.replied) return { state: 'fresh' };
  return { state: 'answered' };
}

/** Acknowledge without answering yet (see the header comment). */
export async function defer(i: Repliable, ack: Ack, privately = false): Promise<void> {
  if (ack.state !== 'fresh') return;
  if (i.isMessageComponent()) {
    await i.deferUpdate();
    ack.state = 'answered';
  } else if (privately) {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    ack.state = 'private-placeholder';
  } else {
    await i.deferReply();
    ack.state = 'placeholder';
  }
}

/** Send the replies; returns the public messages that carry controls (when Discord says which). */
export async function sendReplies(i: Repliable, ack: Ack, replies: Reply[]): Promise<Message[]> {
  const parts = replies.flatMap((r) => payloadsOf(r).map((p) => ({ p, ephemeral: r.ephemeral })));
  if (parts.length === 0) {
    await finishEmpty(i, ack);
    return [];
  }
  const out: Message[] = [];
  for (const { p, ephemeral } of parts) {
    const m = await sendOne(i, ack, p, ephemeral);
    if (m && !ephemeral && p.components?.length) out.push(m);
  }
  return out;
}

async function sendOne(i: Repliable, ack: Ack, p: Payload, ephemeral: boolean): Promise<Message | null> {
  const flags = ephemeral ? MessageFlags.Ephemeral : undefined;
  let sent: Message | null = null;
  switch (ack.state) {
    case 'fresh':
      // Ask for the message back only when its controls must be found again.
      if (!ephemeral && p.components?.length) sent = (await i.reply({ ...p, flags, withResponse: true })).resource?.message ?? null;
      else await i.reply({ ...p, flags });
      break;
    case 'placeholder':
    case 'private-placeholder':
      if (ephemeral === (ack.state === 'private-placeholder')) {
        sent = await i.editReply({ ...p, components: p.components ?? [] });
        if (ephemeral) sent = null;
      } else {
        if (!i.replied) await i.editReply({ content: '…', components: [] });
        await i.followUp({ ...p, flags });
        await i.deleteReply();
      }
      break;
    case 'answered':
      return i.followUp({ ...p, flags });
    case 'lost':
      throw new Error('the interaction can no longer be answered');
  }
  ack.state = 'answered';
  return sent;
}

// An outcome with only posts still has to acknowledge the interaction.
async function finishEmpty(i: Repliable, ack: Ack): Promise<void> {
  if (ack.state === 'lost') return;
  if (ack.state === 'fresh') {
    if (i.isMessageComponent()) await i.deferUpdate();
    else await i.reply({ content: DONE, flags: MessageFlags.Ephemeral });
  } else if (ack.state === 'placeholder' || ack.state === 'private-placeholder') {
    await i.deleteReply();
  }
  ack.state = 'answered';
}

/** Last resort after an error: a private apology, whatever state the interaction is in. */
export async function sendSorry(i: Repliable, ack: Ack, text = SORRY): Promise<void> {
  await sendReplies(i, ack, [{ content: text, ephemeral: true }]);
}
