// Seats beyond one player per side: the game's umpire (a moderator appoints
// someone who holds no player seat; they act as the UMPIRE role and see
// everything) and the rule that a player cannot also be the umpire.
import type { Services } from '../src/app/services.ts';
import { UMPIRE, type GameModule } from '../src/engine/types.ts';
import type { GameRow } from '../src/store/store.ts';
import { str } from './context.ts';
import { only, publicReply } from '../src/messages/replies.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Invocation } from './types.ts';
import type { Outcome } from '../src/messages/types.ts';

/** `/game join side:umpire user:@u` — a moderator (declared in commands/game.ts) makes `u` (default: themselves) the game's umpire. */
export function appointUmpire(svc: Services, row: GameRow, mod: GameModule<any, any>, inv: Invocation): Outcome {
  if (!mod.umpire) throw new UserError(`${mod.title} has no umpire.`);
  const userId = str(inv.options, 'user') ?? inv.caller.id;
  const userName = String(inv.options.user_name ?? str(inv.options, 'user') ?? inv.caller.name);
  const held = svc.store.seats(row.id).filter((s) => s.userId === userId && s.role !== UMPIRE);
  if (held.length)
    throw new UserError(
      `<@${userId}> plays ${held.map((s) => s.role).join(', ')} in this game; the ` +
        `umpire holds no player seat. Choose someone else, or have them /game leave ` +
        `first.`,
    );
  svc.store.setSeat(row.id, UMPIRE, userId, userName);
  return only(publicReply(`⚖️ <@${userId}> is the umpire of game #${row.id}: ${mod.umpire.description}`));
}

/** A player seat is refused to the game's umpire. */
export function refuseUmpireAsPlayer(svc: Services, row: GameRow, userId: string): void {
  if (svc.store.seats(row.id).some((s) => s.role === UMPIRE && s.userId === userId))
    throw new UserError(`<@${userId}> is this game's umpire and cannot also hold a player seat.`);
}
