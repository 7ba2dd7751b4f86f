// Outcome.newThread → a thread the game moves into, and the caller's note
// when a post was refused. Posts themselves go through the outbox
// (outbox-worker.ts), which retries them and reports what it could not deliver.
import {
  ChannelType,
  ThreadAutoArchiveDuration,
  type Client,
  type ForumChannel,
  type NewsChannel,
  type TextChannel,
  type ThreadChannel,
} from 'discord.js';
import type { Router } from '../../commands/types.ts';
import { scoped, type Logger } from './log.ts';
import { INVALID_PAYLOAD } from '../store/outbox.ts';

export interface PostFailure {
  channelId: string;
  error: string;
}

/**
 * Create a public thread under `channelId` and tell the router the game moved
 * there from `home` (its placeholder channel id; default: the channel itself).
 * Returns the thread id, or null when the channel can't hold threads (already
 * a thread, a forum, missing permission): then Router.threadFailed decides.
 */
export async function openThread(
  client: Client,
  router: Router,
  channelId: string,
  name: string,
  log: Logger,
  home = channelId,
): Promise<string | null> {
  try {
    const channel = await client.channels.fetch(channelId);
    // A forum holds posts: a thread whose first message is required (a tournament's match channel may be one).
    if (channel?.type === ChannelType.GuildForum) {
      const post =
        (await existingThread(channel, name, router.threadTaken)) ??
        (await channel.threads.create({
          name: name.slice(0, 100) || 'Game',
          autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
          message: { content: name.slice(0, 100) || 'Game' },
          reason: 'Muster game thread',
        }));
      router.threadCreated?.(home, post.id);
      return post.id;
    }
    if (!channel || (channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement)) {
      scoped(log, { channelId }).warn(`no thread: channel type ${channel?.type} can't hold one`);
      return null;
    }
    const thread =
      (await existingThread(channel, name, router.threadTaken)) ??
      (await channel.threads.create({
        name: name.slice(0, 100) || 'Game',
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
        reason: 'Muster game thread',
      }));
    router.threadCreated?.(home, thread.id);
    return thread.id;
  } catch (e) {
    scoped(log, { channelId }).error('creating a thread failed', e);
    return null;
  }
}

/**
 * A thread of this name the bot already opened under `parent` and has not
 * recorded: a process that created it died before it could (or another
 * process's delivery did), so a retry takes it instead of opening a second
 * one (issue 21 §3). One request, made only before a thread is created.
 */
export async function existingThread(parent: ThreadParent, name: string, taken?: (id: string) => boolean): Promise<ThreadChannel | null> {
  const wanted = name.slice(0, 100) || 'Game';
  const active = await parent.threads.fetchActive();
  const mine = parent.client.user?.id;
  // A thread already recorded as a game's home (a re-paired match's old one, of the same name) is not taken over.
  return (
    active.threads.find(
      (t) => t.parentId === parent.id && t.name === wanted && (!mine || !t.ownerId || t.ownerId === mine) && !taken?.(t.id),
    ) ?? null
  );
}

type ThreadParent = TextChannel | NewsChannel | ForumChannel;

/** The Follow button: add a member to a game's thread. False when that is not a thread or Discord refused. */
export async function addToThread(client: Client, threadId: string, userId: string, log: Logger): Promise<boolean> {
  try {
    const channel = await client.channels.fetch(threadId);
    if (!channel?.isThread()) return false;
    await channel.members.add(userId);
    return true;
  } catch (e) {
    scoped(log, { channelId: threadId }).warn(`adding ${userId} to the thread failed`, e);
    return false;
  }
}

/** A finished game's thread is archived (a server may have at most 1,000 active threads). */
export async function archiveThread(client: Client, threadId: string, log: Logger): Promise<void> {
  try {
    const channel = await client.channels.fetch(threadId);
    if (channel?.isThread() && !channel.archived) await channel.setArchived(true, 'Muster: the game has ended');
  } catch (e) {
    scoped(log, { channelId: threadId }).warn('archiving the thread failed', e);
  }
}

export function failureNote(failures: PostFailure[]): string {
  const where = [...new Set(failures.map((f) => `<#${f.channelId}>`))].join(', ');
  // Refused as malformed: permissions would not help (issue 19 §9).
  if (failures.every((f) => f.error.startsWith(INVALID_PAYLOAD)))
    return (
      `Discord refused the game update for ${where} as malformed: a fault of mine, not of the channel's ` +
      `permissions. It is logged and the moderators are told; \`/game repost\` sends the current state again.`
    );
  return (
    `I couldn't post the game update in ${where}. Please check that I can view the ` +
    `channel, send messages, attach files and (for new games) create public threads ` +
    `there.`
  );
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
