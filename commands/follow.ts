// The Follow button: a spectator joins a game's thread (Discord adds them as
// a thread member, so the thread shows in their list and notifies them).
import type { Services } from '../src/app/services.ts';
import { getGame } from '../src/games/registry.ts';
import { only, privateReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { ButtonPress } from './types.ts';
import type { Outcome } from '../src/messages/types.ts';

export const isFollow = (customId: string) => /^follow:\d+$/.test(customId);

export function followGame(svc: Services, press: ButtonPress): Outcome {
  const id = Number(press.customId.slice('follow:'.length));
  const row = svc.store.game(id);
  if (!row) throw new UserError(`Game #${id} no longer exists.`);
  const title = getGame(row.system)?.title ?? row.system;
  if (svc.store.homes.get(id).parentId === null)
    throw new UserError(`Game #${id} lives in <#${row.channelId}> itself, not in a thread: follow that channel to see its moves.`);
  return {
    ...only(privateReply(`👀 You follow **${title}** #${id}: <#${row.channelId}> now shows in your thread list.`)),
    follow: { channelId: row.channelId, userId: press.caller.id },
  };
}

/** Router.threadFailed: the game moves to the channel if it is free, else it is called off. */
export function threadFailed(svc: Services, home: string, channelId: string): string {
  const row = svc.store.liveGame(home);
  if (!row) return '';
  svc.store.homes.setParent(row.id, null);
  if (!svc.store.liveGame(channelId)) {
    svc.store.moveGame(row.id, channelId);
    svc.store.outbox.redirect(home, channelId);
    return (
      `I could not open a thread here (I need the Create Public Threads permission), ` + `so game #${row.id} lives in this channel instead.`
    );
  }
  svc.store.finish(row.id, 'abandoned', JSON.stringify({ status: 'abandoned', by: 'thread-failed' }));
  svc.store.outbox.redirect(home, channelId);
  return (
    `I could not open a thread here (I need the Create Public Threads permission), ` +
    `and this channel already has a game, so game #${row.id} was called off. Ask a ` +
    `moderator to let me create public threads, then try again.`
  );
}
