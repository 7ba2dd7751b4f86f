// /game join, bot and leave: taking, giving and leaving seats, and a moderator's reseating in play.
import type { Services } from '../../src/app/services.ts';
import { BOT_NAME, BOT_PREFIX, envOf, isBotSeat, moduleOf } from '../../src/app/session.ts';
import { SeatTakenError, type GameRow, type Seat } from '../../src/store/store.ts';
import { type GameModule, type RoleInfo, UMPIRE } from '../../src/engine/types.ts';
import { liveGame, seatName, str } from '../context.ts';
import { namesAnotherMember, type Call } from '../permission.ts';
import { appointUmpire, refuseUmpireAsPlayer } from '../seats.ts';
import { presentAct } from '../present.ts';
import { echo } from '../../src/messages/text.ts';
import { only, publicReply } from '../../src/messages/replies.ts';
import { roleName } from '../../src/app/prompts.ts';
import { UserError } from '../../src/messages/user-error.ts';
import type { Invocation } from '../types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import type { Progress } from '../table.ts';

/**
 * /game join and /game bot: a side for the caller, another member or the
 * built-in bot; in play, a moderator's reseat. Who may do which is declared
 * in commands/game.ts and checked by the driver before this runs.
 */
export async function takeSide(svc: Services, inv: Invocation, progress?: Progress): Promise<Outcome> {
  const options = inv.options;
  const { caller, where } = inv;
  const row = liveGame(svc, where);
  const mod = moduleOf(row);
  if (inv.sub === 'join' && str(options, 'side')?.toLowerCase() === UMPIRE) return appointUmpire(svc, row, mod, inv);
  if (row.status !== 'lobby') {
    if (inv.sub === 'join' && options.user !== undefined) return reseat(svc, row, inv);
    if (inv.sub === 'bot' && row.status === 'active') return botInPlay(svc, row, inv, progress);
    throw new UserError(
      'The game has started: to reseat a side, name its new player (/game join side:<side> user:<member>) ' +
        'or seat the built-in bot (/game bot side:<side>).',
    );
  }
  const roles = mod.roles(mod.parseOptions(row.options));
  const role = sideNamed(mod, row, str(options, 'side'));
  const seats = svc.store.seats(row.id);
  const taken = seats.find((s) => s.role === role.id);
  let userId = caller.id;
  let userName = caller.name;
  if (inv.sub === 'bot') {
    userId = `${BOT_PREFIX}${role.id}`;
    userName = BOT_NAME;
  } else if (options.user !== undefined && String(options.user) !== caller.id) {
    if (!String(options.user).trim() || String(options.user).length > 100)
      throw new UserError('`user:` needs a member of this server (pick one, or leave the option out to take the side yourself).');
    userId = String(options.user);
    userName = echo(inv.names?.user ?? String(options.user_name ?? options.user), 100);
  }
  refuseUmpireAsPlayer(svc, row, userId);
  try {
    // Conditional on what this command saw: another process may have taken the seat since.
    if (role.team) svc.store.setSeat(row.id, role.id, userId, userName, true);
    else svc.store.takeSeat(row.id, role.id, userId, userName, taken?.userId ?? null);
  } catch (error) {
    if (!(error instanceof SeatTakenError)) throw error;
    const now = svc.store.seats(row.id);
    throw new UserError(
      `${role.name} was just taken by ${error.holder.userName}; you were not seated. Open sides: ${
        roles
          .filter((r) => !now.some((s) => s.role === r.id))
          .map((r) => r.id)
          .join(', ') || 'none'
      }.`,
    );
  }
  const replaced =
    taken && !role.team && taken.userId !== userId
      ? ` (in place of ${taken.userId.startsWith(BOT_PREFIX) ? taken.userName : `<@${taken.userId}>`})`
      : '';
  // One member may hold several sides (practice, a hot seat); ratings leave such games out.
  const held = svc.store.seats(row.id).filter((s) => s.userId === userId && !userId.startsWith(BOT_PREFIX));
  const several =
    held.length > 1
      ? ` <@${userId}> now plays ${held.map((s) => roleName(mod, mod.parseOptions(row.options), s.role)).join(' and ')}` +
        ' (a practice game: not rated).'
      : '';
  return only(publicReply(`🪑 ${userId.startsWith(BOT_PREFIX) ? userName : `<@${userId}>`} takes **${role.name}**${replaced}.${several}`));
}

/** /game leave: give up your seats before the start. */
export function leave(svc: Services, inv: Invocation): Outcome {
  const { caller, where } = inv;
  const row = liveGame(svc, where);
  if (row.status !== 'lobby') throw new UserError('The game has started: you cannot leave it now. Use /game resign to concede.');
  const mine = svc.store.seats(row.id).filter((s) => s.userId === caller.id);
  if (!mine.length) throw new UserError('You have no seat in this game.');
  for (const seat of mine) svc.store.removeSeat(row.id, seat.role, caller.id);
  return only(publicReply(`<@${caller.id}> leaves ${mine.map((s) => s.role).join(', ')}.`));
}

/** A moderator gives a running game's seat to another member. Only the seat changes: never the state or the log. */
function reseat(svc: Services, row: GameRow, inv: Invocation): Outcome {
  const mod = moduleOf(row);
  const userId = String(inv.options.user).trim();
  if (!userId) throw new UserError("`user:` needs a member of this server: the side's new player.");
  const seats = svc.store.seats(row.id);
  const role = sideNamed(mod, row, str(inv.options, 'side'), seats);
  const old = seats.find((s) => s.role === role.id);
  if (old?.userId === userId) throw new UserError(`${seatName(old)} already plays ${role.name}; nothing was changed.`);
  svc.store.setSeat(row.id, role.id, userId, inv.names?.user ?? userId);
  const was = old ? ` in place of ${isBotSeat(old) ? old.userName : `<@${old.userId}>`}` : '';
  // Ping the new player: the seat may owe a decision now.
  return only(
    publicReply(
      `🪑 A moderator reseated **${role.name}** in game #${row.id}: <@${userId}> plays it now${was}. The game and its log are unchanged.`,
      { mentions: [userId] },
    ),
  );
}

/** The side named by id or name; an unknown one is refused with the sides (and, given the seats, who holds each). */
function sideNamed(mod: GameModule<any, any>, row: GameRow, name: string | undefined, seats?: Seat[]): RoleInfo {
  const side = name?.toLowerCase();
  const roles = mod.roles(mod.parseOptions(row.options));
  const role = roles.find((r) => r.id === side || r.name.toLowerCase() === side);
  if (!role)
    throw new UserError(
      `Unknown side "${echo(side)}". Sides: ${roles.map((r) => `${r.id} (${r.name}${seats ? `: ${holderOf(seats, r.id)}` : ''})`).join(', ')}.`,
    );
  return role;
}

/** A moderator puts the built-in bot on a side in play (its player left); asked now, it answers at once. */
async function botInPlay(svc: Services, row: GameRow, inv: Invocation, progress?: Progress): Promise<Outcome> {
  const mod = moduleOf(row);
  const seats = svc.store.seats(row.id);
  const role = sideNamed(mod, row, str(inv.options, 'side'), seats);
  if (role.team) throw new UserError(`${role.name} is a team side: the built-in bot plays only a side of its own.`);
  const old = seats.find((s) => s.role === role.id);
  if (old && isBotSeat(old)) throw new UserError(`The built-in bot already plays ${role.name}; nothing was changed.`);
  svc.store.setSeat(row.id, role.id, `${BOT_PREFIX}${role.id}`, BOT_NAME);
  const text =
    `🪑 A moderator seated the built-in bot on **${role.name}** in game #${row.id}` +
    `${old ? ` in place of <@${old.userId}>` : ''}. The game and its log are unchanged.`;
  const now = svc.store.game(row.id)!;
  const game = envOf(now).game;
  // Bots never stall: asked now, it moves in this command.
  if (mod.result(game).status === 'over' || !mod.prompts(game).some((p) => p.role === role.id)) return only(publicReply(text));
  const res = svc.sessions.kick(now);
  const played = await presentAct(mod, res, [], svc.store.seats(row.id), { maxSnapshots: svc.maxSnapshots, render: svc.render, progress });
  return { replies: [publicReply(text), ...played.replies], posts: played.posts };
}

/**
 * In the lobby, a call that would seat someone (or the bot) on a side another
 * holds: a moderator's (a team side takes several members, so never).
 */
export const takesHeldSide = (call: Call): boolean => heldSide(call) !== null;

/** The refusal's words for takesHeldSide: the side, its holder and the open sides. */
export function heldSideText(call: Call): string {
  const held = heldSide(call)!;
  const open = held.roles.filter((r) => !call.seats().some((s) => s.role === r.id)).map((r) => r.id);
  return `seat someone on ${held.role.name}, already taken by ${seatName(held.seat)} (open sides: ${open.join(', ') || 'none'})`;
}

function heldSide(call: Call): { role: RoleInfo; seat: Seat; roles: RoleInfo[] } | null {
  const row = call.game();
  if (row.status !== 'lobby') return null;
  const mod = moduleOf(row);
  const roles = mod.roles(mod.parseOptions(row.options));
  const side = str(call.inv.options, 'side')?.toLowerCase();
  const role = roles.find((r) => r.id === side || r.name.toLowerCase() === side);
  const seat = role && !role.team ? call.seats().find((s) => s.role === role.id) : undefined;
  if (!role || !seat) return null;
  const userId =
    call.inv.sub === 'bot' ? `${BOT_PREFIX}${role.id}` : namesAnotherMember(call) ? String(call.inv.options.user) : call.inv.caller.id;
  // The umpire is refused any side by the handler, moderator or not.
  const umpire = call.seats().some((s) => s.role === UMPIRE && s.userId === userId);
  return seat.userId === userId || umpire ? null : { role, seat, roles };
}

/** Who holds a side, for listings: a name or 'open'. */
function holderOf(seats: Seat[], role: string): string {
  const seat = seats.find((s) => s.role === role);
  return seat ? seatName(seat) : 'open';
}
