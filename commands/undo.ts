// /game undo: a player takes back their last action, a moderator rolls back
// several. Where messages are edited in place (Discord, issue 19 §1), an undo
// that leaves only the caller to act edits the turn message; one that asks
// someone else posts the new map with the prompt, the controls and one ping
// for whoever must act now (issue 9), as a durable post like any hand-off.
// At the offline table every undo posts the map.
import type { Services } from '../src/app/services.ts';
import { envOf, isBotSeat } from '../src/app/session.ts';
import type { Envelope } from '../src/engine/runner.ts';
import { RuleError } from '../src/engine/errors.ts';
import type { GameModule, Role } from '../src/engine/types.ts';
import type { GameRow } from '../src/store/store.ts';
import { activeGame, int } from './context.ts';
import { decisionControls, handoffsOf, snapshot } from './present.ts';
import { placeStanding } from './turn.ts';
import { privateReply, publicReply } from '../src/messages/replies.ts';
import { promptLines } from '../src/app/prompts.ts';
import type { Invocation } from './types.ts';
import type { Outcome, Post } from '../src/messages/types.ts';
import { plural } from '../src/messages/text.ts';

export async function runUndo(svc: Services, inv: Invocation, progress?: (line: string) => void): Promise<Outcome> {
  const { caller, where, options } = inv;
  const { row, mod } = activeGame(svc, where);
  const count = int(options, 'count', 1, 100);
  if (count !== undefined && count > 1) {
    const env = svc.sessions.meta(row, caller.id, 'moderator', { type: '__undo', count });
    const line = `↩️ A moderator rolled the game back ${plural(count, 'action')}.`;
    if (inv.inPlace) return inTurn(svc, row.id, mod, env, [], [line], [privateReply(line)], progress);
    const post = await standing(svc, mod, svc.store.game(row.id)!, env, [], progress);
    return { replies: [publicReply(line)], posts: [post] };
  }
  // Declared who: 'seat-or-moderator' (commands/game.ts): without a seat here, the caller is a moderator.
  const asMod = !svc.sessions.rolesOf(row, caller.id).length;
  let target;
  try {
    target = svc.sessions.undoTarget(row, caller.id, asMod);
  } catch (error) {
    throw withUnplanHint(error, mod, row, svc, caller.id);
  }
  const what = svc.sessions.describe(row, target);
  const env = svc.sessions.undo(row, caller.id, target.role);
  // A secret action (a plan step) is taken back without saying what it was.
  const line = `↩️ <@${caller.id}> took back: ${what.hidden ? 'a hidden action' : what.label}`;
  const mine = privateReply(`↩️ You took back: ${what.label}`);
  if (inv.inPlace) return inTurn(svc, row.id, mod, env, svc.sessions.rolesOf(row, caller.id), [line], [mine], progress);
  const post = await standing(svc, mod, svc.store.game(row.id)!, env, [caller.id], progress);
  return { replies: what.hidden ? [publicReply(line), mine] : [publicReply(line)], posts: [post] };
}

/**
 * Where the adapter edits in place (issue 19 §1): an undo that leaves only
 * the caller to act edits the turn message; one that asks someone else
 * posts the new map with one ping. A decision handed off before the undo is
 * asked again, so it pings again.
 */
async function inTurn(
  svc: Services,
  gameId: number,
  mod: GameModule<any, any>,
  env: Envelope<any>,
  callerRoles: Role[],
  lines: string[],
  replies: Outcome['replies'],
  progress?: (line: string) => void,
): Promise<Outcome> {
  const row = svc.store.game(gameId)!;
  const seats = svc.store.seats(row.id);
  svc.store.outbox.unping(row.id, handoffsOf(env, seats, []));
  const quiet = seats.filter((s) => callerRoles.includes(s.role)).map((s) => s.userId);
  return placeStanding(svc, {
    mod,
    row,
    env,
    callerRoles,
    lines,
    replies,
    // The prompt and controls are the turn message's to add.
    map: () => standing(svc, mod, row, env, quiet, progress, false),
    publicRoles: publicRoles(mod, env),
    source: { press: false },
  });
}

/** The seats whose choices may show in public: none of them a secret order (they belong to their seat alone). */
const publicRoles = (mod: GameModule<any, any>, env: Envelope<any>): Role[] =>
  mod
    .prompts(env.game)
    .map((p) => p.role)
    .filter((role) => !mod.legal(env.game, role).some((l) => l.secret));

/**
 * The game as it stands after the undo: map, who is asked (pinged, but never
 * the one who undid), and their controls. Not a 'handoff': a decision handed
 * off before the undo is asked again and must ping again.
 */
async function standing(
  svc: Services,
  mod: GameModule<any, any>,
  row: GameRow,
  env: Envelope<any>,
  quiet: string[],
  progress?: (line: string) => void,
  prompted = true,
): Promise<Post> {
  const seats = svc.store.seats(row.id);
  progress?.('Drawing the map…');
  const snap = await snapshot(
    mod,
    mod.view(env.game, { kind: 'spectator' }),
    `game${row.id}-d${env.decisions?.last ?? 0}-undo.png`,
    svc.render,
  );
  const prompt = promptLines(mod, env, seats);
  const asked = new Set(seats.filter((s) => !isBotSeat(s) && env.decisions?.open[s.role]).map((s) => s.userId));
  return {
    channelId: row.channelId,
    gameId: row.id,
    kind: 'update',
    content: `🗺️ **${mod.phase(env.game)}** (after the undo)\n${snap.summary}${prompted ? `\n${prompt.text}` : ''}`,
    files: snap.file ? [snap.file] : [],
    mentions: prompted ? prompt.mentions.filter((u) => asked.has(u) && !quiet.includes(u)) : [],
    // A public post: no controls whose choices are secret (they belong to their seat alone).
    ...(prompted ? decisionControls(mod, row, env, publicRoles(mod, env)) : {}),
  };
}

/** A plan step cannot be undone after another step or seat moved on: say how to change a plan instead. */
function withUnplanHint(error: unknown, mod: GameModule<any, any>, row: GameRow, svc: Services, userId: string): unknown {
  if (!(error instanceof RuleError)) return error;
  const roles: Role[] = svc.sessions.rolesOf(row, userId);
  const game = envOf(row).game;
  const unplan = roles.some((r) => mod.legal(game, r).some((l) => l.sub === 'unplan'));
  if (!unplan) return error;
  return new RuleError(
    error.rule,
    `${error.message} To change your plan, remove a planned action with /${mod.command} unplan (your plan stays secret).`,
    error.allowed,
  );
}
