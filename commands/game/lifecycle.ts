// /game start, resign and abandon: a game's beginning and its ends other than by the rules.
import type { Services } from '../../src/app/services.ts';
import { BOT_NAME, BOT_PREFIX, isBotSeat, moduleOf } from '../../src/app/session.ts';
import { activeGame, bool, liveGame } from '../context.ts';
import { decisionControls, eventLines, handoffsOf, presentAct, snapshot, type PresentedBatch } from '../present.ts';
import { turnTail } from '../turn.ts';
import { only, privateReply, publicReply } from '../../src/messages/replies.ts';
import { promptLines, roleName } from '../../src/app/prompts.ts';
import { UserError } from '../../src/messages/user-error.ts';
import type { Invocation } from '../types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import { UMPIRE } from '../../src/engine/types.ts';
import type { Progress } from '../table.ts';

/** /game start: seat the bots, set up the board, post the opening and the first prompt. */
export async function start(svc: Services, inv: Invocation, progress?: Progress): Promise<Outcome> {
  const options = inv.options;
  const { where } = inv;
  const row = liveGame(svc, where);
  const mod = moduleOf(row);
  bool(options, 'fill_bots'); // a malformed value is refused even when no side is open
  if (row.status !== 'lobby') throw new UserError('The game has already started.');
  const roles = mod.roles(mod.parseOptions(row.options));
  let seats = svc.store.seats(row.id);
  // A game its options make umpired by a person would wait on an empty umpire's seat: refused, with how to seat one.
  if (mod.umpire?.required?.(mod.parseOptions(row.options)) && !seats.some((s) => s.role === UMPIRE))
    throw new UserError(
      `${mod.title} with these options is umpired by a person, and nobody holds the umpire's seat yet. ` +
        `A moderator appoints the umpire (someone without a player seat) with /game join side:umpire user:<member>, ` +
        `then /game start. Or start a new game with the engine as umpire.`,
    );
  for (const roleInfo of roles.filter((r) => r.bot && !seats.some((s) => s.role === r.id)))
    svc.store.setSeat(row.id, roleInfo.id, `${BOT_PREFIX}${roleInfo.id}`, BOT_NAME);
  seats = svc.store.seats(row.id);
  const open = roles.filter((r) => !seats.some((s) => s.role === r.id));
  if (open.length) {
    if (!bool(options, 'fill_bots'))
      throw new UserError(
        `These sides have no player yet: ${open.map((r) => r.id).join(', ')}` +
          `. Seat someone with /game join or /game bot, or start with fill_bots:true.`,
      );
    for (const roleInfo of open) svc.store.setSeat(row.id, roleInfo.id, `${BOT_PREFIX}${roleInfo.id}`, BOT_NAME);
    seats = svc.store.seats(row.id);
  }
  progress?.('Setting up the board…');
  const { res, setupEvents: events, setupEnv: env } = svc.sessions.start(row);
  const view = mod.view(env.game, { kind: 'spectator' });
  const snap = await snapshot(mod, view, `game${row.id}-start.png`, svc.render);
  const opening = [
    `⚔️ **${mod.title}** #${row.id} begins. ` +
      `${seats.map((seat) => `${roleName(mod, env.options, seat.role)}: ${isBotSeat(seat) ? seat.userName : `<@${seat.userId}>`}`).join(' · ')}`,
    ...eventLines(events, null),
    snap.summary,
  ].join('\n');
  const first = { channelId: row.channelId, content: opening, files: snap.file ? [snap.file] : [] };
  if (res.applied.length === 0) {
    const prompt = promptLines(mod, res.env, seats);
    first.content = `${opening}\n${prompt.text}`;
    // The opening post is the first turn message: moves that continue its seats' turns edit it (issue 19 §1).
    const turn = svc.store.turns.start(row.id, row.channelId, Object.keys(res.env.decisions?.open ?? {}), opening.split('\n'));
    return {
      replies: [privateReply(`Started. Use \`/${mod.command}\` commands to play and \`/game help\` to learn the rules.`)],
      posts: [
        {
          ...first,
          gameId: row.id,
          mentions: prompt.mentions,
          ...decisionControls(mod, res.row, res.env),
          handoff: handoffsOf(res.env, seats, []),
          turn: { gameId: row.id, seq: turn.seq },
        },
      ],
    };
  }
  // Bots acted first (or played the whole game): present their moves too.
  if (inv.inPlace) {
    // One post (issue 19 §1): the opening leads the bots' moves, and the last map carries the prompt; the
    // opening map goes only when their moves drew none.
    const played = await presentAct(mod, res, [], seats, {
      maxSnapshots: svc.maxSnapshots,
      render: svc.render,
      progress,
      tail: (batch) => {
        const drawn = batch.posts.some((p) => !p.to && p.files?.length);
        const startMap = { channelId: row.channelId, gameId: row.id, content: '', files: first.files };
        return turnTail(svc, { press: false })({
          ...batch,
          // The opening is public whatever the bots did.
          onlyHidden: false,
          lines: [opening, ...batch.lines],
          posts: drawn || !first.files.length ? batch.posts : [startMap, ...batch.posts],
        });
      },
    });
    return { replies: [privateReply('Started.')], posts: played.posts };
  }
  const played = await presentAct(mod, res, [], seats, { maxSnapshots: svc.maxSnapshots, render: svc.render, progress });
  return {
    replies: [privateReply('Started.')],
    posts: [first, ...played.replies.filter((r) => !r.ephemeral).map((r) => ({ ...r, channelId: row.channelId })), ...played.posts],
  };
}

/** /game resign: the caller's seats concede; the game plays on without them when it can. */
export async function resign(svc: Services, inv: Invocation, progress?: Progress): Promise<Outcome> {
  const { caller, where } = inv;
  const { row, mod } = activeGame(svc, where);
  // The driver saw a side held (declared who: 'seat').
  const roles = svc.sessions.rolesOf(row, caller.id);
  if (mod.resign) {
    // The game plays on without these seats (it may end, if too few are left).
    const res = svc.sessions.resign(row, caller.id, roles);
    const line =
      `🏳️ <@${caller.id}> resigns ${roles.map((r) => roleName(mod, res.env.options, r)).join(', ')}.` +
      `${res.over ? '' : ' The others play on.'}`;
    // Where messages are edited in place (issue 19 §1), the resignation is a line of the turn message
    // (a new one when it hands the game to someone else).
    const inTurn = inv.inPlace
      ? { tail: (batch: PresentedBatch) => turnTail(svc, { press: false })({ ...batch, onlyHidden: false, lines: [line, ...batch.lines] }) }
      : {};
    const played = await presentAct(mod, res, roles, svc.store.seats(row.id), {
      maxSnapshots: svc.maxSnapshots,
      render: svc.render,
      progress,
      ...inTurn,
    });
    if (!inv.inPlace) played.replies[0] = publicReply(`${line}\n${played.replies[0].content}`);
    return played;
  }
  const others = mod
    .roles(mod.parseOptions(row.options))
    .map((r) => r.id)
    .filter((r) => !roles.includes(r));
  const result = {
    status: 'over',
    winners: others,
    draw: false,
    scores: {},
    summary: `${roles.map((r) => roleName(mod, mod.parseOptions(row.options), r)).join(', ')} resigned.`,
  };
  svc.store.finish(row.id, 'over', JSON.stringify(result), 'resign');
  return only(
    publicReply(
      `🏳️ <@${caller.id}> resigns. Winner: ` +
        `${others.map((r) => roleName(mod, mod.parseOptions(row.options), r)).join(', ') || 'nobody'}` +
        `.\nSeed revealed: \`${row.seed}\` — check it with /game verify.`,
    ),
  );
}

/** /game abandon: end the game without a result (the creator before the start, moderators at any time: declared in commands/game.ts). */
export function abandon(svc: Services, inv: Invocation): Outcome {
  const { caller, where } = inv;
  const row = liveGame(svc, where);
  svc.store.finish(row.id, 'abandoned', JSON.stringify({ status: 'abandoned', by: caller.id }));
  const endedBy = row.status === 'lobby' && row.createdBy === caller.id ? 'the player who opened it' : 'a moderator';
  return only(
    publicReply(`🛑 Game #${row.id} was ${row.status === 'lobby' ? 'called off' : 'abandoned'} by ${endedBy}. Seed: \`${row.seed}\`.`),
  );
}
