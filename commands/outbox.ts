// The command layer's side of the outbox: every post an outcome owes is
// stored before any adapter tries to send it (so a failed reply, a failed
// acknowledgement or a crash loses no hand-off), /game repost, and the notice
// that tells a game's players and moderators what Discord refused.
import type { Services } from '../src/app/services.ts';
import { envOf, isBotSeat, moduleOf } from '../src/app/session.ts';
import { syncDecisions } from '../src/engine/runner.ts';
import { activeGame } from './context.ts';
import { decisionControls, handoffsOf, snapshot } from './present.ts';
import { clip, splitMessage } from '../src/messages/text.ts';
import { promptLines, roleName } from '../src/app/prompts.ts';
import type { Invocation } from './types.ts';
import type { Outcome, Post, Reply, Undelivered } from '../src/messages/types.ts';
import type { GameRow } from '../src/store/store.ts';
import { placeStanding } from './turn.ts';

const stamp = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/**
 * Store the outcome's posts in the outbox; the outcome then names their ids.
 * In the same transaction the markers of the games it answers for (the
 * channel's game, and every game a post names) are removed: their posts are in.
 */
export function queueOutcome(svc: Services, whole: Outcome, channelId?: string): Outcome {
  // Nothing hidden behind a clip (issue 19 §6): text too long for one message goes as several.
  const outcome = { ...whole, replies: whole.replies.flatMap((r) => splitMessage(r)) };
  const posts = whole.posts
    .map((post) => withDeadlines(svc, { ...post, gameId: post.gameId ?? svc.store.liveGame(post.channelId)?.id }))
    .flatMap((p) => splitMessage(p));
  const here = channelId ? svc.store.latestGame(channelId)?.id : undefined;
  const settles = [...posts.map((p) => p.gameId), here].filter((g): g is number => g !== undefined);
  const stored = svc.store.outbox.enqueue(posts, { settles });
  if (!posts.length) return outcome;
  return { ...outcome, posts: stored.map((s) => s.post), queued: stored.map((s) => s.id) };
}

/** What an outbox marker becomes when its posts never came: the game's current state, said plainly. */
export async function recoverPosts(svc: Services, gameId: number): Promise<Post[]> {
  const row = svc.store.game(gameId);
  if (!row?.state) return [];
  const mod = moduleOf(row);
  const env = envOf(row);
  const seats = svc.store.seats(row.id);
  const snap = await snapshot(mod, mod.view(env.game, { kind: 'spectator' }), `game${row.id}-v${row.version}.png`, svc.render);
  const over = row.status !== 'active';
  const handoff = over ? [] : handoffsOf(env, seats, []);
  const tail = over
    ? row.result
      ? `🏁 The game has ended. ${String((JSON.parse(row.result) as { summary?: string }).summary ?? '')}`
      : ''
    : promptLines(mod, env, seats).text;
  return [
    {
      channelId: row.channelId,
      gameId: row.id,
      kind: 'repost',
      content:
        `🔁 **${mod.title}** #${row.id}: I was interrupted before posting the last moves ` +
        `(\`/game log\` lists them). Where the game stands now — ${mod.phase(env.game)}:\n` +
        `${snap.summary}\n` +
        `${tail}`,
      files: snap.file ? [snap.file] : [],
      ...(over ? {} : decisionControls(mod, row, env)),
      mentions: [...new Set(handoff.map((h) => h.userId))],
      handoff,
    },
  ];
}

/** Those of `decisions` still open in game G (none once it is over). */
export function openDecisions(
  svc: Services,
  gameId: number,
  decisions: { role: string; decision: number }[],
): { role: string; decision: number }[] {
  const row = svc.store.game(gameId);
  if (row?.status !== 'active' || !row.state) return [];
  const env = envOf(row);
  const open = (env.decisions ?? syncDecisions(moduleOf(row), structuredClone(env))).open;
  return decisions.filter((d) => open[d.role]?.id === d.decision);
}

/** A hand-off shows the deadline of each decision it hands off. */
function withDeadlines(svc: Services, post: Post): Post {
  if (!post.handoff?.length || post.gameId === undefined) return post;
  const row = svc.store.game(post.gameId);
  if (!row) return post;
  const mod = moduleOf(row);
  const options = mod.parseOptions(row.options);
  const due = svc.store.deadlines
    .ofGame(row.id)
    .filter((deadline) => post.handoff!.some((h) => h.role === deadline.role && h.decision === deadline.decisionId))
    .map((deadline) => `⏰ ${roleName(mod, options, deadline.role)} decides ${stamp(deadline.dueAt)}, or the default is taken.`);
  return due.length ? { ...post, content: `${post.content}\n${due.join('\n')}` } : post;
}

/** /game repost: the current map, prompt and buttons of the channel's game, as a new post. */
export async function repost(svc: Services, inv: Invocation, progress?: (line: string) => void): Promise<Outcome> {
  const { row } = activeGame(svc, inv.where);
  // Still refused? The caller hears it privately, and the players are not told again (issue 19 §9).
  const down = svc.store.outbox.inOutage(row.channelId, Number.MAX_SAFE_INTEGER)
    ? " Discord refused this channel's last post; if it still does, I will tell you here, privately."
    : '';
  const reply = { content: `Reposting the current state of the game in this channel.${down}`, ephemeral: true };
  return repostGame(svc, row, [reply], !!inv.inPlace, progress);
}

/**
 * The game's current map, prompt and controls as a new post. Where messages
 * are edited in place (issue 19 §1) it becomes the turn message, carrying
 * the turn's log on, and the old turn message gives up its controls (so a
 * repost replaces the turn message rather than adds a second live one).
 */
export async function repostGame(
  svc: Services,
  row: GameRow,
  replies: Reply[],
  inPlace: boolean,
  progress?: (line: string) => void,
  /** Why it is reposted, ahead of the map (an outage's end). */
  lines: string[] = [],
): Promise<Outcome> {
  const mod = moduleOf(row);
  const env = envOf(row);
  const seats = svc.store.seats(row.id);
  const map = async (prompted: boolean): Promise<Post> => {
    progress?.('Drawing the map…');
    const snap = await snapshot(mod, mod.view(env.game, { kind: 'spectator' }), `game${row.id}-v${row.version}.png`, svc.render);
    const head = `🔁 **${mod.title}** #${row.id} — ${mod.phase(env.game)}\n${snap.summary}`;
    return {
      channelId: row.channelId,
      gameId: row.id,
      kind: 'repost',
      content: prompted ? `${head}\n${promptLines(mod, env, seats).text}` : head,
      files: snap.file ? [snap.file] : [],
    };
  };
  if (inPlace)
    return placeStanding(svc, {
      mod,
      row,
      env,
      callerRoles: [],
      lines,
      replies,
      map: () => map(false),
      anew: true,
      source: { press: false },
    });
  const handoff = handoffsOf(env, seats, []);
  const post: Post = {
    ...(await map(true)),
    ...decisionControls(mod, row, env),
    // Pings only a decision never handed off before (the outbox drops the rest).
    mentions: [...new Set(handoff.map((h) => h.userId))],
    handoff,
  };
  return { replies, posts: [post] };
}

/** What to tell a game's players and moderators when Discord refused a post for good. */
export function undeliveredPosts(svc: Services, undelivered: Undelivered): Post[] {
  const row = undelivered.gameId !== null ? svc.store.game(undelivered.gameId) : null;
  if (!row) return [];
  const humans = svc.store.seats(row.id).filter((s) => !isBotSeat(s));
  const modRole = row.guildId ? svc.store.moderatorRole(row.guildId) : null;
  const what = undelivered.post.to
    ? `a private message for ${undelivered.post.to.names.join(', ')}`
    : undelivered.post.kind === 'handoff'
      ? 'a hand-off (who is asked now, with buttons)'
      : 'a game update (map or moves)';
  const mods = modRole ? `<@&${modRole}>, please` : 'Moderators: please';
  const base = { channelId: row.channelId, gameId: row.id, kind: 'notice' as const, mentionRoles: modRole ? [modRole] : [] };
  // Refused as malformed: a fault of the bot, which no permission changes; the channel itself works (issue 19 §9).
  if (undelivered.invalid)
    return [
      {
        ...base,
        content:
          `⚠️ Game #${row.id}: Discord refused ${what} for <#${undelivered.post.channelId}> as malformed. That is a fault of the ` +
          `bot, not of this server's settings, and it has been logged. The game itself is intact. ` +
          `${mods} report it to whoever runs the bot; ` +
          `\`/game repost\` sends the current map, prompt and buttons again.`,
      },
    ];
  const text =
    `⚠️ Game #${row.id}: Discord would not take ${what} for <#${undelivered.post.channelId}> (${clip(undelivered.error, 200)}` +
    `). The game itself is intact. ${mods} check that I can view that channel, send ` +
    `messages and attach files there (and that players accept direct messages from ` +
    `server members); then \`/game repost\` sends the current map, prompt and ` +
    `buttons again.${undelivered.post.to ? '' : ' Until a post gets through there, I will not repeat this notice.'}`;
  // A private delivery failed: say so in the game's channel. The channel itself failed: tell each player directly.
  if (undelivered.post.to) return [{ ...base, content: text, mentions: undelivered.post.to.userIds }];
  return [
    {
      ...base,
      content: text,
      to: { roles: humans.map((h) => h.role), userIds: humans.map((h) => h.userId), names: humans.map((h) => h.userName) },
    },
  ];
}
