// Outcome posts → channel messages, and Outcome.newThread → a thread the
// game moves into. Post failures (missing permissions, deleted channel) are
// reported back instead of thrown, so one bad channel doesn't sink the rest.
import { ChannelType, ThreadAutoArchiveDuration, type Client } from 'discord.js';
import type { Post, Router } from '../../commands/types.ts';
import { scoped, type Logger } from './log.ts';
import { payloadsOf } from './messages.ts';

export interface PostFailure {
  channelId: string;
  error: string;
}

/** Send posts in order; `redirect` maps a channel id to the thread that replaced it. */
export async function sendPosts(client: Client, posts: Post[], log: Logger, redirect = new Map<string, string>()): Promise<PostFailure[]> {
  const failures: PostFailure[] = [];
  for (const post of posts) {
    if (post.to) {
      failures.push(...(await sendPrivate(client, post, log)));
      continue;
    }
    const channelId = redirect.get(post.channelId) ?? post.channelId;
    try {
      const channel = await client.channels.fetch(channelId);
      if (!channel || !channel.isSendable()) throw new Error(`channel ${channelId} is not a text channel I can send to`);
      for (const payload of payloadsOf(post)) await channel.send(payload);
    } catch (e) {
      scoped(log, { channelId }).error('post failed', e);
      failures.push({ channelId, error: errorText(e) });
    }
  }
  return failures;
}

/** A post addressed to seats: each holder by direct message (private threads per seat are issue 9's). */
async function sendPrivate(client: Client, post: Post, log: Logger): Promise<PostFailure[]> {
  const failures: PostFailure[] = [];
  for (const userId of post.to?.userIds ?? []) {
    try {
      const user = await client.users.fetch(userId);
      for (const payload of payloadsOf(post)) await user.send(payload);
    } catch (e) {
      scoped(log, { channelId: post.channelId }).error('private delivery to a seat failed', e);
      failures.push({ channelId: post.channelId, error: `a private message to a player could not be delivered: ${errorText(e)}` });
    }
  }
  return failures;
}

/**
 * Create a public thread under `channelId` and tell the router the game moved.
 * Returns the thread id, or null when the channel can't hold threads (already
 * a thread, a forum, missing permission); the game then stays where it is.
 */
export async function openThread(client: Client, router: Router, channelId: string, name: string, log: Logger): Promise<string | null> {
  try {
    const channel = await client.channels.fetch(channelId);
    if (!channel || (channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement)) {
      scoped(log, { channelId }).warn(`no thread: channel type ${channel?.type} can't hold one`);
      return null;
    }
    const thread = await channel.threads.create({
      name: name.slice(0, 100) || 'Game',
      autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      reason: 'Muster game thread',
    });
    router.threadCreated?.(channelId, thread.id);
    return thread.id;
  } catch (e) {
    scoped(log, { channelId }).error('creating a thread failed', e);
    return null;
  }
}

export function failureNote(failures: PostFailure[]): string {
  const where = [...new Set(failures.map((f) => `<#${f.channelId}>`))].join(', ');
  return `I couldn't post the game update in ${where}. Please check that I can view the channel, send messages, attach files and (for new games) create public threads there.`;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
