// Outcome.newThread → a thread the game moves into, and the caller's note
// when a post was refused. Posts themselves go through the outbox
// (outbox-worker.ts), which retries them and reports what it could not deliver.
import { ChannelType, ThreadAutoArchiveDuration, type Client } from 'discord.js';
import type { Router } from '../../commands/types.ts';
import { scoped, type Logger } from './log.ts';

export interface PostFailure {
  channelId: string;
  error: string;
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
