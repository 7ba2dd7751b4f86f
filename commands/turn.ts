// The turn message (issue 19 §1): where a batch of moves shows in public when
// the adapter edits messages in place (Discord). Each move is a line of the
// game's turn message, whose prompt and controls are replaced: by the press's
// own answer (Discord's update-message response) when the press was on that
// message, else by an edit through the outbox. A new message only when the
// turn passes to another seat (a phase ends and someone not asked before must
// act), at a reveal, when a phase ends with a new map, or when the log would
// no longer fit in one message (nothing is clipped); the old turn message then
// keeps the closing lines and loses its controls, and the new one pings once
// whoever it hands the game to. Someone asked to answer within the phase (an
// interception, losses, the mover again after it) is pinged once in their
// seat's private thread, with a link to the turn message that shows the
// question and its controls. The turn message holds only what every viewer
// may see; private lines stay in private replies and seat posts.
import type { Services } from '../src/app/services.ts';
import { decisionControls, handoffsOf, resultText, type PresentedBatch } from './present.ts';
import { promptLines } from '../src/app/prompts.ts';
import { DISCORD_LIMIT } from '../src/messages/text.ts';
import { privateReply } from '../src/messages/replies.ts';
import type { Handoff, Message, Outcome, Post, Reply } from '../src/messages/types.ts';
import type { TurnMessage } from '../src/store/turn-messages.ts';
import type { Envelope } from '../src/engine/runner.ts';
import type { GameModule, Role } from '../src/engine/types.ts';
import type { GameRow } from '../src/store/store.ts';

/** Where the batch came from: a slash command, or a press on a message (its id, when the adapter knows it). */
export interface TurnSource {
  press: boolean;
  messageId?: string;
}

/** PresentOptions.tail for an adapter that edits in place. */
export const turnTail =
  (svc: Services, source: TurnSource) =>
  (batch: PresentedBatch): Outcome =>
    placeTurn(svc, batch, source);

function placeTurn(svc: Services, presented: PresentedBatch, source: TurnSource): Outcome {
  const { mod, res, seats, callerRoles } = presented;
  const { row, env } = res;
  const turns = svc.store.turns;
  const replies = presented.replies.filter((r) => r.ephemeral);
  const privatePosts = presented.posts.filter((p) => p.to);
  // A phase whose board did not change has no map: it is a line of the log.
  const maps = presented.posts.filter((p) => !p.to && p.files?.length);
  const lines = [...presented.lines, ...presented.posts.filter((p) => !p.to && !p.files?.length).map((p) => p.content.split('\n')[0])];
  const handoff = handoffsOf(env, seats, callerRoles);
  const fresh = handoff.filter((h) => !svc.store.outbox.pinged(row.id, h.role, h.decision));
  // Only secret steps and nobody new to ask: nothing public may show that something happened.
  if (presented.onlyHidden && !fresh.length) return { replies, posts: privatePosts };
  const current = sameChannel(turns.current(row.id), row.channelId);
  const out: Outcome = { replies: acknowledged(replies, source, null, row.guildId), posts: [...privatePosts] };
  const reveal = res.events.some((batch) => batch.events.some((e) => e.reveal));
  const passes = fresh.length > 0 && res.phases.length > 0;
  const controls = res.over ? { buttons: [], selects: [] } : decisionControls(mod, row, env);
  if (current && !res.over && !passes && !maps.length && !reveal) {
    const log = [...current.lines, ...lines];
    const message: Message = { content: [...log, promptLines(mod, env, seats).text].filter(Boolean).join('\n'), ...controls, mentions: [] };
    // A log too long for one message: the turn goes on in a new one.
    if (message.content.length <= DISCORD_LIMIT) {
      turns.setLines(row.id, current.seq, log);
      edit(out, current, message, source);
      out.replies = acknowledged(replies, source, current, row.guildId);
      out.posts.push(...privatePings(presented, fresh, current, row.guildId));
      return out;
    }
  }
  // The old turn message keeps the moves that closed it (a reveal leads the new one instead), without
  // controls: they move to the new one.
  let opening = lines;
  if (current) {
    const closing = reveal || [...current.lines, ...lines].join('\n').length > DISCORD_LIMIT ? [] : lines;
    const log = [...current.lines, ...closing];
    if (closing.length) turns.setLines(row.id, current.seq, log);
    if (log.length) edit(out, current, { content: log.join('\n'), buttons: [], selects: [], mentions: [] }, source);
    if (closing.length) opening = [];
  }
  const posts = published(row.channelId, row.id, opening, maps);
  if (res.over) {
    turns.close(row.id);
    const last = posts[posts.length - 1];
    const result = resultText(mod, env, row);
    if (last && `${last.content}\n${result}`.length <= DISCORD_LIMIT) last.content = [last.content, result].filter(Boolean).join('\n');
    else posts.push({ channelId: row.channelId, gameId: row.id, kind: 'update', content: result });
    out.posts.push(...posts);
    return out;
  }
  // The new turn message: the last map post when the prompt fits there, else a post of its own.
  let turnPost = posts[posts.length - 1];
  if (!turnPost || `${turnPost.content}\n${promptLines(mod, env, seats, undefined, turnPost.content).text}`.length > DISCORD_LIMIT) {
    turnPost = { channelId: row.channelId, gameId: row.id, kind: fresh.length ? 'handoff' : 'update', content: '' };
    posts.push(turnPost);
  }
  const head = turnPost.content;
  const record = turns.start(row.id, row.channelId, Object.keys(env.decisions?.open ?? {}), head ? head.split('\n') : []);
  Object.assign(turnPost, {
    content: [head, promptLines(mod, env, seats, undefined, head).text].filter(Boolean).join('\n'),
    ...controls,
    // One ping per decision not handed off before (the outbox keeps that promise across posts).
    mentions: [...new Set(fresh.map((h) => h.userId))],
    handoff,
    turn: { gameId: row.id, seq: record.seq },
  });
  out.posts.push(...posts);
  return out;
}

/** The game as it stands after something other than a move (an undo, a repost, an outage's end). */
export interface Standing {
  mod: GameModule<any, any>;
  row: GameRow;
  env: Envelope<any>;
  /** The seats of whoever caused it: they are not pinged. */
  callerRoles: Role[];
  /** What happened, for everyone (a line of the turn's log). */
  lines: string[];
  /** Private answers to the caller. */
  replies: Reply[];
  /** The board as it stands (a map post), drawn only when a new message is posted. */
  map: () => Promise<Post>;
  /** Post anew even when nobody new is asked (a repost: the game must show at the bottom of the channel). */
  anew?: boolean;
  /** Only these seats' controls go in public (a secret order's choices belong to its seat alone). */
  publicRoles?: Role[];
  source: TurnSource;
}

/**
 * An undo, a repost or an outage's end, placed by the turn message's rule
 * ("edit in place what continues the same turn; post anew only when someone
 * else must act"): when nobody but the caller is asked anew, the current
 * turn message gets the line, the prompt and the controls; else a new
 * message (the map, the line, the prompt, one ping per seat asked anew)
 * takes over, and the old one keeps its log without controls.
 */
export async function placeStanding(svc: Services, standing: Standing): Promise<Outcome> {
  const { mod, row, env } = standing;
  const turns = svc.store.turns;
  const seats = svc.store.seats(row.id);
  const fresh = handoffsOf(env, seats, standing.callerRoles).filter((h) => !svc.store.outbox.pinged(row.id, h.role, h.decision));
  const current = sameChannel(turns.current(row.id), row.channelId);
  const controls = decisionControls(mod, row, env, standing.publicRoles);
  const out: Outcome = { replies: acknowledged(standing.replies, standing.source, null, row.guildId), posts: [] };
  if (current && !standing.anew && !fresh.length) {
    const log = [...current.lines, ...standing.lines];
    const message: Message = { content: [...log, promptLines(mod, env, seats).text].filter(Boolean).join('\n'), ...controls, mentions: [] };
    if (message.content.length <= DISCORD_LIMIT) {
      turns.setLines(row.id, current.seq, log);
      edit(out, current, message, standing.source);
      out.replies = acknowledged(standing.replies, standing.source, current, row.guildId);
      return out;
    }
  }
  // A repost carries the turn's log on; anything else opens a new log with its own line.
  const carried = standing.anew && current ? current.lines : [];
  if (current) {
    const closing = standing.anew ? [...current.lines, '🔁 Reposted below.'] : current.lines;
    if (closing.length) edit(out, current, { content: closing.join('\n'), buttons: [], selects: [], mentions: [] }, standing.source);
  }
  const map = await standing.map();
  let head = [...carried, ...standing.lines, map.content].filter(Boolean).join('\n');
  if (head.length > DISCORD_LIMIT) head = [...standing.lines, map.content].filter(Boolean).join('\n');
  const prompt = promptLines(mod, env, seats, undefined, head).text;
  const record = turns.start(row.id, row.channelId, Object.keys(env.decisions?.open ?? {}), head.split('\n'));
  const handoff = handoffsOf(env, seats, standing.callerRoles);
  out.posts.push({
    ...map,
    channelId: row.channelId,
    gameId: row.id,
    content: [head, prompt].filter(Boolean).join('\n'),
    ...controls,
    // One ping per seat asked anew (the outbox keeps that promise across posts).
    mentions: [...new Set(fresh.map((h) => h.userId))],
    handoff,
    turn: { gameId: row.id, seq: record.seq },
  });
  return out;
}

/** The turn message as it should read: the press's own answer when it was pressed, else an edit through the outbox. */
function edit(out: Outcome, turn: TurnMessage, message: Message, source: TurnSource): void {
  if (source.press && source.messageId && source.messageId === turn.messageId) out.update = message;
  else
    out.posts.push({
      channelId: turn.channelId,
      gameId: turn.gameId,
      kind: 'update',
      ...message,
      turn: { gameId: turn.gameId, seq: turn.seq, edit: true },
    });
}

/**
 * Whoever is asked within the phase gets one ping, in their seat's private
 * thread (a direct message without one), with a link to the turn message
 * that holds the question and its controls.
 */
function privatePings(batch: PresentedBatch, fresh: Handoff[], turn: TurnMessage, guildId: string | null): Post[] {
  const { mod, res, seats } = batch;
  const where = turn.messageId ? messageLink(guildId, turn.channelId, turn.messageId) : `<#${turn.channelId}>`;
  return fresh.map((handoff) => {
    const seat = seats.find((s) => s.role === handoff.role && s.userId === handoff.userId);
    return {
      channelId: res.row.channelId,
      gameId: res.row.id,
      kind: 'handoff',
      content: `🔔 ${promptLines(mod, res.env, seats, [handoff.role]).text}\nAnswer on the turn message: ${where}`,
      to: { roles: [handoff.role], userIds: [handoff.userId], names: [seat?.userName ?? handoff.userId] },
      mentions: [handoff.userId],
      handoff: [handoff],
    };
  });
}

const sameChannel = (turn: TurnMessage | null, channelId: string) => (turn && turn.channelId === channelId ? turn : null);

/**
 * The batch's public lines and maps as posts: the lines lead the first map
 * post when they fit in it, else go in a post of their own before it.
 */
function published(channelId: string, gameId: number, lines: string[], maps: Post[]): Post[] {
  const text = lines.join('\n');
  const out = maps.map((p) => ({ ...p }));
  if (!text) return out;
  if (out.length && `${text}\n${out[0].content}`.length <= DISCORD_LIMIT) {
    out[0].content = [text, out[0].content].filter(Boolean).join('\n');
    return out;
  }
  return [{ channelId, gameId, kind: 'update', content: text }, ...out];
}

/** A command's own answer, private and short: the public record is the turn message. A press is answered by its update. */
function acknowledged(replies: Reply[], source: TurnSource, current: TurnMessage | null, guildId: string | null): Reply[] {
  if (source.press || replies.length) return replies;
  const link = current?.messageId ? messageLink(guildId, current.channelId, current.messageId) : '';
  return [privateReply(`✅ Done.${link ? ` The turn message shows your move: ${link}` : ''}`)];
}

const messageLink = (guildId: string | null, channelId: string, messageId: string) =>
  `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;

/**
 * Another public post or reply with a game's controls (a deadline's default,
 * an undo, a repost, a resignation) takes over from its turn message: the
 * next move posts anew rather than edit a message above it.
 */
export function closeSupersededTurns(svc: Services, out: Outcome, channelId?: string): void {
  const controls = (m: Message) => !!(m.buttons?.length || m.selects?.length);
  const games = new Set<number>();
  for (const post of out.posts) if (!post.to && !post.turn && controls(post) && post.gameId !== undefined) games.add(post.gameId);
  if (channelId && out.replies.some((r) => !r.ephemeral && controls(r))) {
    const here = svc.store.liveGame(channelId);
    if (here) games.add(here.id);
  }
  for (const gameId of games) svc.store.turns.close(gameId);
}
