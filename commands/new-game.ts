// /game new: a lobby in this channel, or (thread:true) in a new thread of it.
// A thread game is created under a placeholder home (`<channel>:new-<n>`), so
// a channel that has its own game can still open one in a thread (live-game
// uniqueness is per channel or thread id); the adapter opens the thread and
// moves the game and its posts there (Router.threadCreated).
import { randomBytes } from 'node:crypto';
import type { Services } from '../src/app/services.ts';
import { sha256 } from '../src/engine/runner.ts';
import { getGame } from '../src/games/registry.ts';
import type { GameRow } from '../src/store/store.ts';
import { bool, parseKeyValues, str, systemNamed } from './context.ts';
import { echo } from '../src/messages/text.ts';
import { publicReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Invocation } from './types.ts';
import type { Outcome } from '../src/messages/types.ts';
import { followButton } from '../src/messages/buttons.ts';

/** The Follow button of a thread game's first post (router: followGame). */

export function newGame(svc: Services, inv: Invocation): Outcome {
  const { options, caller, where } = inv;
  const system = str(options, 'system');
  const mod = systemNamed(system ?? '');
  const wantThread = bool(options, 'thread') === true;
  // Discord cannot open a thread inside a thread: such a game lives in the current thread.
  const inThread = !!where.parentId;
  const inNewThread = wantThread && !inThread;
  const busy = inNewThread ? null : svc.store.liveGame(where.channelId);
  if (busy) {
    const other = getGame(busy.system);
    const state = busy.status === 'lobby' ? 'waiting for players' : 'in play';
    throw new UserError(
      inThread
        ? `This thread already has game #${busy.id} (${other?.title ?? busy.system}, ${state}` +
            `), and Discord cannot open a thread inside a thread. Run \`/game new ` +
            `thread:true\` in the parent channel${where.parentId ? ` <#${where.parentId}>` : ''} instead.`
        : `This channel already has game #${busy.id} (${other?.title ?? busy.system}, ${state}` +
            `); one game lives in a channel or thread at a time. ` +
            (busy.status === 'lobby'
              ? 'Its creator or a moderator can call it off with /game abandon; '
              : 'Finish it (/game resign), ask a moderator to /game abandon it, ') +
            'or add `thread:true` to play the new game side by side in a thread of this channel.',
    );
  }
  const raw = parseKeyValues(str(options, 'options'));
  mod.parseOptions(raw); // validate now, before anything is stored
  const seed = svc.newSeed();
  const seedHash = sha256(seed);
  const home = inNewThread ? placeholder(where.channelId) : where.channelId;
  const row = svc.store.createGame({
    guildId: where.guildId,
    channelId: home,
    system: mod.id,
    options: raw,
    seed,
    seedHash,
    createdBy: caller.id,
    label: str(options, 'label') ?? null,
  });
  const sides = mod
    .roles(mod.parseOptions(raw))
    .map((r) => `**${r.name}** (\`${r.id}\`)`)
    .join(', ');
  const lobby =
    `🎲 New **${mod.title}** game #${row.id} opened by <@${caller.id}>.\nSides: ${sides}` +
    `.\nTake one with \`/game join side:<side>\` (or \`/game bot side:<side>\` for ` +
    `the built-in bot), then \`/game start\`.\nFair dice: the seed's SHA-256 is \`${row.seedHash}` +
    `\`; the seed is revealed when the game ends.`;
  if (!inNewThread) {
    const note = wantThread ? `\n(Discord cannot open a thread inside a thread, so this game lives in this thread.)` : '';
    return { replies: [publicReply(`${lobby}${note}`)], posts: [] };
  }
  svc.store.homes.setParent(row.id, where.channelId);
  return {
    // The parent channel gets a short pointer; the lobby itself is the thread's first post.
    replies: [
      publicReply(
        `🎲 <@${caller.id}> opened **${mod.title}** game #${row.id} in its own thread: <#${home}> — join, play and follow it there.`,
      ),
    ],
    posts: [{ channelId: home, gameId: row.id, kind: 'update', content: lobby, buttons: [followButton(row.id)] }],
    newThread: { name: threadName(mod.title, row), home },
  };
}

// Discord's thread-name limit is 100 characters.
const threadName = (title: string, row: GameRow) => echo(`${title} #${row.id}${row.label ? ` – ${row.label}` : ''}`, 100);

/** A channel id no real channel has, unique per attempt. */
function placeholder(channelId: string): string {
  return `${channelId}:new-${randomBytes(6).toString('hex')}`;
}
