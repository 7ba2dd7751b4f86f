// Deadlines per decision: a moderator sets one for the decisions open now
// (every seat they wait on) or a clock policy for every new decision; the
// tick gives each late seat the module's default, reading fresh state per
// game and retrying when a player acted meanwhile.
import type { Services } from '../src/app/services.ts';
import { envOf, moduleOf } from '../src/app/session.ts';
import type { GameModule } from '../src/engine/types.ts';
import { StaleVersionError, type GameRow } from '../src/store/store.ts';
import type { DecisionDeadline } from '../src/store/deadlines.ts';
import { activeGame, int } from './context.ts';
import { expireLobbies } from './lobbies.ts';
import { presentAct, type PresentedBatch } from './present.ts';
import { turnTail } from './turn.ts';
import { damageBehind, inspectGame, noteDamage } from '../src/app/damage.ts';
import { only, publicReply } from '../src/messages/replies.ts';
import { roleName } from '../src/app/prompts.ts';
import type { Invocation } from './types.ts';
import type { Outcome } from '../src/messages/types.ts';
import { plural } from '../src/messages/text.ts';

const HOUR = 3_600_000;
const stamp = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/** `/mod deadline hours:N` (the decisions open now) and `/mod clock hours:N` (every new decision); moderators only (declared in game.ts). */
export function setDeadlines(svc: Services, inv: Invocation): Outcome {
  const { row, mod } = activeGame(svc, inv.where);
  const hours = int(inv.options, 'hours', 0, 24 * 60)!;
  const env = envOf(row);
  const open = Object.entries(env.decisions?.open ?? {});
  if (inv.sub === 'clock') {
    svc.store.deadlines.setClock(row.id, hours ? hours * HOUR : null);
    if (!hours) return only(publicReply('⏰ Clock cleared: new decisions get no deadline.'));
    // The policy applies to decisions open now that have no deadline yet, too.
    const have = new Set(svc.store.deadlines.ofGame(row.id).map((d) => d.role));
    for (const [role, decision] of open)
      if (!have.has(role)) svc.store.deadlines.set(row.id, role, decision.id, svc.now() + hours * HOUR, svc.now());
    return only(
      publicReply(`⏰ Clock set: every decision must be made within ${plural(hours, 'hour')}, or the game takes its default choice.`),
    );
  }
  if (!hours) {
    svc.store.deadlines.clear(row.id);
    return only(publicReply('⏰ Deadlines cleared for the decisions open now.'));
  }
  if (!open.length) return only(publicReply('Nobody is asked anything now: there is no decision to set a deadline for.'));
  const dueAt = svc.now() + hours * HOUR;
  for (const [role, decision] of open) svc.store.deadlines.set(row.id, role, decision.id, dueAt, svc.now());
  const who = open.map(([r]) => roleName(mod, env.options, r)).join(', ');
  return only(
    publicReply(
      `⏰ Deadline set for ${who}: ${stamp(dueAt)}. A seat that has not decided by then gets the default choice for this decision only.`,
    ),
  );
}

/** Status lines: each waiting seat's deadline. */
export function deadlineLines(svc: Services, mod: GameModule<any, any>, row: GameRow): string {
  const deadlines = svc.store.deadlines.ofGame(row.id);
  const clock = svc.store.deadlines.clock(row.id);
  const lines = deadlines.map((deadline) => `⏰ ${roleName(mod, mod.parseOptions(row.options), deadline.role)}: ${stamp(deadline.dueAt)}`);
  if (clock) lines.push(`⏰ Clock: ${Math.round(clock / HOUR)} h per decision.`);
  return lines.length ? `\n${lines.join('\n')}` : '';
}

/** At most this many defaults for one seat in one tick (a default that does not close its decision repeats). */
const MAX_DEFAULTS = 50;

/**
 * Apply the defaults of every passed deadline; the outcomes become posts in
 * the games' channels. Each game on its own: a damaged one (issue 22) is
 * reported to its moderators once and then passed over; the others go on.
 * `sweep` (the process's first tick only): every active game is read once, so
 * a bot left waiting (a crash, an older version) moves; later ticks read only
 * what is due (indexed deadlines, reminders, lobbies).
 */
export async function runDeadlines(
  svc: Services,
  sweep = true,
  /** Stores an outcome's posts in the outbox (the router's): each default's posts are stored as soon as it is committed. */
  store: (outcome: Outcome) => Promise<Outcome> = async (outcome) => outcome,
  /** The adapter edits messages in place (Discord): defaults and bots' moves go through the turn message (issue 19 §1). */
  inPlace = false,
): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const damaged = (gameId: number, error: unknown): boolean => {
    const damage = damageBehind(svc.store, error, gameId);
    if (damage) out.push({ replies: [], posts: noteDamage(svc, damage) });
    return !!damage;
  };
  // A damaged record repaired by hand plays on: its deadlines come due again (and a new damage is reported anew).
  for (const id of svc.store.damaged.live()) if (!inspectGame(svc.store, id)) svc.store.damaged.clear(id);
  // Games finished before migration 14 are compressed once (Store.archiveFinished).
  if (sweep) while (svc.store.archiveFinished() > 0);
  // A bot left waiting (e.g. by a crash in an older version) moves now.
  const moved = sweep
    ? svc.sessions.kickAll((gameId, error) => {
        if (!damaged(gameId, error)) console.error(`muster: the bots of game #${gameId} could not move:`, error);
      })
    : [];
  for (const res of moved) {
    if (!res.applied.length) continue;
    const mod = moduleOf(res.row);
    const played = await presentAct(mod, res, [], svc.store.seats(res.row.id), {
      maxSnapshots: svc.maxSnapshots,
      render: svc.render,
      ...(inPlace ? { tail: turnTail(svc, { press: false }) } : {}),
    });
    out.push({
      replies: [],
      posts: [...played.replies.filter((r) => !r.ephemeral).map((r) => ({ ...r, channelId: res.row.channelId })), ...played.posts],
    });
  }
  for (const deadline of svc.store.deadlines.due(svc.now())) {
    try {
      out.push(...(await defaultFor(svc, deadline, store, inPlace)));
    } catch (error) {
      if (damaged(deadline.gameId, error)) continue;
      out.push({
        replies: [],
        posts: [
          {
            channelId: svc.store.game(deadline.gameId)?.channelId ?? '',
            content: `⚠️ The deadline default for game #${deadline.gameId} failed: ${String(error).slice(0, 300)}`,
          },
        ],
      });
    }
  }
  out.push(...expireLobbies(svc));
  return out;
}

/**
 * One seat's defaults until its decision closes. Each default's posts are
 * stored as soon as it is committed, so a process that dies in the middle of
 * a long run of defaults (several processes, issue 21 §3) loses none of the
 * posts of those it committed before.
 */
async function defaultFor(
  svc: Services,
  deadline: DecisionDeadline,
  store: (outcome: Outcome) => Promise<Outcome>,
  inPlace: boolean,
): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (let i = 0; i < MAX_DEFAULTS; i++) {
    // Fresh state every time: a player may have acted since the list was read.
    const row = svc.store.game(deadline.gameId);
    if (row?.status !== 'active') return (svc.store.deadlines.clear(deadline.gameId), out);
    const mod = moduleOf(row);
    const env = envOf(row);
    if (env.decisions?.open[deadline.role]?.id !== deadline.decisionId) break;
    const action = mod.onDeadline?.(env.game, deadline.role);
    if (!action) break;
    try {
      const res = svc.sessions.act(row, 'deadline', deadline.role, [action]);
      const who = roleName(mod, env.options, deadline.role);
      const said = `⏰ Deadline passed for ${who} — default taken.`;
      // Where messages are edited in place, the default is a line of the turn message (issue 19 §1).
      const inTurn = inPlace
        ? {
            tail: (batch: PresentedBatch) =>
              turnTail(svc, { press: false })({ ...batch, onlyHidden: false, lines: [said, ...batch.lines] }),
          }
        : {};
      const played = await presentAct(mod, res, [], svc.store.seats(row.id), {
        maxSnapshots: svc.maxSnapshots,
        render: svc.render,
        ...inTurn,
      });
      const posts = [
        ...played.replies.filter((r) => !r.ephemeral).map((r) => ({ ...r, channelId: row.channelId, content: `${said}\n${r.content}` })),
        ...played.posts,
      ];
      if (posts.length) out.push(await store({ replies: [], posts }));
    } catch (error) {
      if (error instanceof StaleVersionError) continue;
      throw error;
    }
  }
  svc.store.deadlines.clear(deadline.gameId, deadline.role, deadline.decisionId);
  return out;
}
