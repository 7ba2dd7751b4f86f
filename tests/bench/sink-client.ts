// A stand-in for discord.js's Client that accepts every message at once (the
// load bench): the outbox worker's own work — drawing, coalescing, building
// payloads, bookkeeping — is measured, not a network. Only what the worker
// touches exists: channels and seat threads, DMs, sends, edits and pins.
import { ChannelType, type Client } from 'discord.js';
import type { Payload } from '../../src/bot/messages.ts';

export interface SinkStats {
  messages: number;
  /** Attachments sent (drawn maps), with when. */
  files: number[];
  /** When given, the id of every message edited, in order (tests). */
  edits?: string[];
  /** When given, every payload sent, with its channel (tests). */
  log?: { channelId: string; content: string; files: number; mentions: string[]; buttons: number; edit?: string }[];
}

/**
 * `serves`, when given, says which channels are this process's (the load
 * bench's processes, each with its own games): the others belong to a server
 * this client does not serve, so the worker leaves their posts to their own process.
 */
export function sinkClient(stats: SinkStats, serves?: (channelId: string) => boolean, shards?: { count: number; mine: number[] }): Client {
  let ids = 1;
  const channels = new Map<string, unknown>();
  const channel = (id: string, type: ChannelType) => {
    const ch = {
      id,
      type,
      guildId: type === ChannelType.DM ? null : !serves || serves(id) ? 'bench' : 'elsewhere',
      isSendable: () => true,
      isThread: () => type === ChannelType.PrivateThread,
      async send(p: Payload) {
        stats.messages++;
        stats.log?.push({
          channelId: id,
          content: p.content ?? '',
          files: p.files?.length ?? 0,
          mentions: p.allowedMentions.users ?? [],
          buttons: p.components?.reduce((n, row) => n + row.components.length, 0) ?? 0,
        });
        for (const _ of p.files ?? []) stats.files.push(performance.now());
        const mid = String(ids++);
        return { id: mid, url: `https://discord.test/${id}/${mid}`, pin: async () => undefined };
      },
      // Edits: cards, and the pictures of a ping that went ahead of them (logged as such).
      messages: {
        async edit(mid: string, p: Partial<Payload>) {
          stats.edits?.push(mid);
          if (p.files?.length) {
            stats.log?.push({ channelId: id, content: p.content ?? '', files: p.files.length, mentions: [], buttons: 0, edit: mid });
            for (const _ of p.files) stats.files.push(performance.now());
          }
          return { id: mid, url: `https://discord.test/${id}/${mid}` };
        },
      },
      threads: {
        create: async () => remember(channel(`thread-${ids++}`, ChannelType.PrivateThread)),
        // No thread opened before this run (src/bot/posts.ts looks before it opens one).
        fetchActive: async () => ({ threads: { find: () => undefined } }),
      },
      client: { user: null },
      members: { add: async () => undefined, remove: async () => undefined },
    };
    return ch;
  };
  const remember = <T extends { id: string }>(ch: T): T => (channels.set(ch.id, ch), ch);
  const client = {
    // The shard options a logged-in client has: the outbox delivers its shards' servers (src/bot/shard-lanes.ts).
    ...(shards ? { options: { shardCount: shards.count, shards: shards.mine } } : {}),
    channels: {
      fetch: async (id: string) => {
        const type = id.startsWith('dm-') ? ChannelType.DM : ChannelType.GuildText;
        // Another process's channel is seen (its server), never kept as ours.
        if (serves && type !== ChannelType.DM && !serves(id)) return channel(id, type);
        return channels.get(id) ?? remember(channel(id, type));
      },
      cache: channels,
    },
    // Not logged in, no shard options: one shard, so the worker delivers every lane (src/bot/shard-lanes.ts).
    guilds: { cache: new Map() },
    users: { createDM: async (userId: string) => client.channels.fetch(`dm-${userId}`) },
  };
  return client as unknown as Client;
}
