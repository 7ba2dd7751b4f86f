// A private thread per seat under the game's channel: created on the first
// private post, invitable: false, with that seat's players added and nobody
// else (the bot owns it; moderators with Manage Threads can always see
// private threads, which Discord does not let us prevent). Null when the
// channel cannot hold one (a thread, a forum, missing permission): the
// caller then falls back to direct messages.
import { ChannelType, DiscordAPIError, ThreadAutoArchiveDuration, type Client, type ThreadChannel } from 'discord.js';
import { chunks } from '../messages/text.ts';
import type { SeatThreads } from '../store/seat-threads.ts';
import { scoped, type Logger } from './log.ts';
import { errorText, existingThread } from './posts.ts';

export interface SeatThreadRequest {
  gameId: number;
  role: string;
  /** The game's channel. */
  channelId: string;
  /** Everyone who must be in the thread. */
  members: string[];
  /** `members` is the seat's full list (read from its seats): anyone else in the thread is removed. */
  exact: boolean;
}

export interface OpenedSeatThread {
  thread: ThreadChannel;
  /** Players Discord would not add (left the server…): they need another way. */
  unreachable: string[];
}

/** A refusal no retry changes (missing access or permission, unknown channel or member, bad request). */
const refused = (e: unknown) => e instanceof DiscordAPIError && [400, 403, 404].includes(e.status);

export async function openSeatThread(
  client: Client,
  repo: SeatThreads,
  req: SeatThreadRequest,
  log: Logger,
): Promise<OpenedSeatThread | null> {
  const { gameId, role } = req;
  const known = repo.get(gameId, role);
  if (known) {
    let ch = null;
    try {
      ch = await client.channels.fetch(known.threadId);
    } catch (e) {
      if (!refused(e)) throw e; // a 5xx: the outbox retries
    }
    if (ch?.isThread()) return { thread: ch, unreachable: await addMissing(repo, ch, req, known.members, log) };
    // Deleted, or we lost access: open a new one below.
    repo.forget(gameId, role);
  }
  let parent;
  try {
    parent = await client.channels.fetch(req.channelId);
  } catch (e) {
    if (!refused(e)) throw e;
    return null;
  }
  // Private threads exist only under text channels (not announcements, forums or threads).
  if (!parent || parent.type !== ChannelType.GuildText) return null;
  let thread: ThreadChannel;
  const name = `🔒 Game #${gameId} · ${role}`.slice(0, 100);
  try {
    // Opened already by a process that died before recording it (issue 21 §3): taken, not opened twice.
    const found = await existingThread(parent, name);
    thread =
      found ??
      (await parent.threads.create({
        name,
        type: ChannelType.PrivateThread,
        invitable: false,
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
        reason: 'Muster: private messages for one seat',
      }));
  } catch (e) {
    if (!refused(e)) throw e;
    scoped(log, { channelId: req.channelId }).warn(`no private seat thread (falling back to direct messages): ${errorText(e)}`);
    return null;
  }
  repo.set(gameId, role, thread.id);
  return { thread, unreachable: await addMissing(repo, thread, req, [], log) };
}

/**
 * Add the seat's players not added yet (a new teammate joins the thread on
 * the next post), and remove those who no longer hold the seat (a reseat):
 * the replaced player must not read the seat's later secrets.
 */
async function addMissing(
  repo: SeatThreads,
  thread: ThreadChannel,
  req: SeatThreadRequest,
  have: string[],
  log: Logger,
): Promise<string[]> {
  for (const userId of req.exact ? have.filter((u) => !req.members.includes(u)) : []) {
    try {
      await thread.members.remove(userId);
    } catch (e) {
      if (!refused(e)) throw e; // already gone: fine
    }
    repo.removeMember(req.gameId, req.role, userId);
  }
  const unreachable: string[] = [];
  for (const userId of req.members) {
    if (have.includes(userId)) continue;
    try {
      await thread.members.add(userId);
      repo.addMember(req.gameId, req.role, userId);
    } catch (e) {
      if (!refused(e)) throw e;
      scoped(log, { channelId: thread.id }).warn(`could not add a seat's player to its private thread: ${errorText(e)}`);
      unreachable.push(userId);
    }
  }
  return unreachable;
}

/**
 * The last resort for a private post: notes kept for a user whom neither a
 * thread nor a DM reached, shown privately with their next command or button.
 */
export async function deliverNotes(
  repo: SeatThreads,
  userId: string,
  followUp: (content: string) => Promise<unknown>,
  log: Logger,
): Promise<void> {
  const notes = repo.notes(userId);
  if (!notes.length) return;
  try {
    const text = `📬 Private messages I could not deliver earlier:\n${notes.map((n) => n.content).join('\n\n')}`;
    // Too long for one message: several, split at line breaks, so no note is cut (issue 19 §6).
    for (const piece of chunks(text)) await followUp(piece);
    repo.dropNotes(notes.map((n) => n.id));
  } catch (e) {
    log.warn(`held notes not delivered (kept for later): ${errorText(e)}`);
  }
}
