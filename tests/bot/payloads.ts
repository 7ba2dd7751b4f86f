// Realistic gateway INTERACTION_CREATE payloads (API v10 shapes) and the
// GUILD_CREATE data the Guilds intent would have cached, fed straight into a
// discord.js Client that never connects to a gateway.
import type { Client } from 'discord.js';
import { APP_ID, type FakeDiscord } from './fake-discord.ts';

export const GUILD_ID = '1200000000000000001';
export const CHANNEL_ID = '1200000000000000002';
export const THREAD_ID = '1200000000000000003';
export const MOD_ROLE = '1200000000000000009';
export const PLAIN_ROLE = '1200000000000000008';
export const ALICE = { id: '1300000000000000001', username: 'alice', global_name: 'Alice', discriminator: '0', avatar: null };
export const BOB = { id: '1300000000000000002', username: 'bob', global_name: 'Bob', discriminator: '0', avatar: null };

/** Permission bits as Discord sends them: decimal strings. */
export const PERMS = {
  member: String((1n << 10n) | (1n << 11n) | (1n << 31n)), // view, send, use app commands
  manageGuild: String((1n << 10n) | (1n << 11n) | 0x20n),
};
const APP_PERMS = String((1n << 10n) | (1n << 11n) | (1n << 15n) | (1n << 35n) | (1n << 38n));

let seq = 1500000000000000000n;
const nextId = () => String(seq++);

const textChannel = {
  id: CHANNEL_ID,
  type: 0,
  guild_id: GUILD_ID,
  name: 'wargames',
  position: 0,
  parent_id: null,
  topic: null,
  nsfw: false,
  rate_limit_per_user: 0,
  permission_overwrites: [],
  flags: 0,
};
const thread = {
  id: THREAD_ID,
  type: 11,
  guild_id: GUILD_ID,
  parent_id: CHANNEL_ID,
  name: 'Kursk game',
  owner_id: APP_ID,
  thread_metadata: { archived: false, auto_archive_duration: 10080, archive_timestamp: '2025-01-01T00:00:00.000Z', locked: false },
  flags: 0,
};

function role(id: string, name: string) {
  return {
    id,
    name,
    color: 0,
    hoist: false,
    position: id === GUILD_ID ? 0 : 1,
    permissions: '0',
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/** What the gateway's GUILD_CREATE would put in the cache, and what GET /channels/:id serves. */
export function seedGuild(client: Client, fake: FakeDiscord): void {
  (client.guilds as any)._add({
    id: GUILD_ID,
    name: 'Test Server',
    icon: null,
    owner_id: ALICE.id,
    roles: [role(GUILD_ID, '@everyone'), role(MOD_ROLE, 'Umpire'), role(PLAIN_ROLE, 'Player')],
    emojis: [],
    features: [],
    member_count: 2,
    channels: [textChannel],
    threads: [thread],
    members: [],
    unavailable: false,
  });
  fake.channels.set(CHANNEL_ID, textChannel);
  fake.channels.set(THREAD_ID, thread);
}

export interface Who {
  user?: typeof ALICE;
  permissions?: string;
  roles?: string[];
  channelId?: string;
}

function base(type: number, who: Who) {
  const id = nextId();
  const channelId = who.channelId ?? CHANNEL_ID;
  const user = who.user ?? ALICE;
  return {
    id,
    application_id: APP_ID,
    type,
    token: `tok-${id}`,
    version: 1,
    locale: 'en-US',
    guild_locale: 'en-US',
    guild_id: GUILD_ID,
    guild: { id: GUILD_ID, locale: 'en-US', features: [] },
    channel_id: channelId,
    // Any other channel id is a thread the bot opened under the text channel.
    channel: channelId === CHANNEL_ID ? textChannel : channelId === THREAD_ID ? thread : { ...thread, id: channelId, name: 'game thread' },
    member: {
      user,
      roles: who.roles ?? [],
      permissions: who.permissions ?? PERMS.member,
      nick: null,
      avatar: null,
      joined_at: '2024-01-01T00:00:00.000Z',
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
    },
    app_permissions: APP_PERMS,
    entitlements: [],
    authorizing_integration_owners: { '0': GUILD_ID },
    context: 0,
    attachment_size_limit: 10485760,
  };
}

export type RawOption = { name: string; type: number; value: string | number | boolean; focused?: boolean };

/** type 2 APPLICATION_COMMAND: /command sub with options. */
export function commandPayload(command: string, sub: string, options: RawOption[] = [], who: Who = {}) {
  const users = Object.fromEntries(
    options.filter((o) => o.type === 6).map((o) => [o.value, o.value === BOB.id ? BOB : { ...ALICE, id: String(o.value) }]),
  );
  return {
    ...base(2, who),
    data: {
      id: '1600000000000000001',
      name: command,
      type: 1,
      guild_id: GUILD_ID,
      options: [{ name: sub, type: 1, options }],
      ...(Object.keys(users).length ? { resolved: { users } } : {}),
    },
  };
}

/** type 4 APPLICATION_COMMAND_AUTOCOMPLETE: the focused option carries the partial text. */
export function autocompletePayload(command: string, sub: string, options: RawOption[], who: Who = {}) {
  return { ...base(4, who), data: { id: '1600000000000000001', name: command, type: 1, options: [{ name: sub, type: 1, options }] } };
}

/** type 3 MESSAGE_COMPONENT: a button press on an earlier bot message. */
export function buttonPayload(customId: string, who: Who = {}) {
  const b = base(3, who);
  return {
    ...b,
    data: { custom_id: customId, component_type: 2 },
    message: {
      id: nextId(),
      channel_id: b.channel_id,
      author: { id: APP_ID, username: 'Muster', discriminator: '0', avatar: null, bot: true },
      content: 'Your move',
      timestamp: '2025-01-01T00:00:00.000Z',
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: customId }] }],
      pinned: false,
      type: 0,
      flags: 0,
    },
  };
}

/** type 3 MESSAGE_COMPONENT: a choice in a dropdown (string select) of an earlier bot message, with that message's rows. */
export function selectPayload(customId: string, value: string, who: Who = {}, message?: { id?: string; components?: any[] }) {
  const b = buttonPayload(customId, who);
  return {
    ...b,
    data: { custom_id: customId, component_type: 3, values: [value] },
    message: {
      ...b.message,
      ...(message?.id ? { id: message.id } : {}),
      components: message?.components ?? [
        { type: 1, components: [{ type: 3, custom_id: customId, options: [{ label: 'Go', value }], placeholder: 'Choose' }] },
      ],
    },
  };
}

/** A button press on a given message (its id and rows as Discord stored them), e.g. one the fake delivered. */
export function pressOn(customId: string, message: { id: string; components: any[] }, who: Who = {}) {
  const b = buttonPayload(customId, who);
  return { ...b, message: { ...b.message, id: message.id, components: message.components } };
}

/** type 5 MODAL_SUBMIT: the fields of a modal the bot showed, by their custom ids. */
export function modalPayload(customId: string, fields: Record<string, string>, who: Who = {}) {
  return {
    ...base(5, who),
    data: {
      custom_id: customId,
      components: Object.entries(fields).map(([id, value]) => ({ type: 1, components: [{ type: 4, custom_id: id, value }] })),
    },
  };
}

/** Deliver a payload the way the gateway's INTERACTION_CREATE handler does. */
export function feed(client: Client, payload: unknown): void {
  (client as any).actions.InteractionCreate.handle(payload);
}
