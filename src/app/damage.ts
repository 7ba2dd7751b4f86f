// What the host does with a damaged game record (issue 22): find which part is
// unreadable, tell the game's moderators once, and tell a player who touches
// it what happened and what a moderator can do, instead of "something went
// wrong". The tick, the lists and the command router call these per game, so
// one damaged game never stops the others.
import { RuleError } from '../engine/errors.ts';
import { getGame } from '../games/registry.ts';
import type { Outcome, Post } from '../messages/types.ts';
import { privateReply } from '../messages/replies.ts';
import { UserError } from '../messages/user-error.ts';
import { DamagedGameError, type Damage } from '../store/damaged.ts';
import { StaleVersionError, StoreConflictError, type GameRow, type Store } from '../store/store.ts';
import type { Services } from './services.ts';
import { envOf, moduleOf } from './session.ts';

const short = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 160);

/**
 * Read every stored part of a game the way play reads it (options, state, log)
 * and say which one is damaged, or null when all read. A state the rules
 * cannot even describe (result, phase, prompts, spectators' view) is damaged too.
 */
export function inspectGame(store: Store, gameId: number): Damage | null {
  const row = store.game(gameId);
  if (!row) return null;
  try {
    const mod = moduleOf(row);
    if (row.state) {
      const env = envOf(row);
      try {
        mod.result(env.game);
        mod.phase(env.game);
        mod.prompts(env.game);
        mod.view(env.game, { kind: 'spectator' });
      } catch (error) {
        return { gameId, part: 'state', reason: `its state cannot be read by the rules of ${mod.title} (${short(error)})` };
      }
    }
    store.log(gameId);
    return null;
  } catch (error) {
    if (error instanceof DamagedGameError) return error.damage;
    return null;
  }
}

/** Errors that are answers to the caller (a refusal, a race), never a sign of damage. */
function isAnswer(error: unknown): boolean {
  return (
    error instanceof RuleError || error instanceof UserError || error instanceof StoreConflictError || error instanceof StaleVersionError
  );
}

/**
 * The damage behind a failure of game G, if any: the error says so, or G was
 * noted before, or reading G again finds it. Null: G's record is sound (the
 * failure is something else).
 */
export function damageBehind(store: Store, error: unknown, gameId: number | null): Damage | null {
  if (error instanceof DamagedGameError) return error.damage;
  if (gameId === null || isAnswer(error)) return null;
  return store.damaged.of(gameId) ?? inspectGame(store, gameId);
}

const title = (row: Pick<GameRow, 'system'>) => getGame(row.system)?.title ?? row.system;

/** What the damage stops, and what a moderator can do about it. */
function consequence(row: GameRow, part: Damage['part']): string {
  if (row.status !== 'lobby' && row.status !== 'active') return 'It has ended; only its record (log, export) cannot be shown.';
  const end = `A moderator can end it with \`/game abandon\` in <#${row.channelId}>; then \`/game new\` works there again.`;
  return part === 'log'
    ? `It can still be played, but what reads its log (\`/game log\`, undo, verify, export) refuses. ${end}`
    : `It is set apart: its deadlines and reminders wait and its commands refuse; every other game goes on. ${end}`;
}

/**
 * Note game G as damaged; the first note (in any process) returns the
 * moderators' report, a public notice in G's channel that names their role.
 */
export function noteDamage(svc: Services, damage: Damage): Post[] {
  if (!svc.store.damaged.note(damage)) return [];
  const row = svc.store.game(damage.gameId);
  if (!row) return [];
  const modRole = row.guildId ? svc.store.moderatorRole(row.guildId) : null;
  return [
    {
      channelId: row.channelId,
      gameId: row.id,
      kind: 'notice',
      content:
        `⚠️ ${modRole ? `<@&${modRole}>` : 'Moderators'}: game #${row.id}'s record is damaged: ${damage.reason}. ` +
        `(${title(row)} #${row.id}, in <#${row.channelId}>.) ${consequence(row, damage.part)}`,
      mentionRoles: modRole ? [modRole] : [],
    },
  ];
}

/** What the caller is told when their command met a damaged game, with the moderators' report the first time. */
export function damagedOutcome(svc: Services, damage: Damage, channelId: string, asModerator: boolean): Outcome {
  const posts = noteDamage(svc, damage);
  const row = svc.store.game(damage.gameId);
  const elsewhere = !!row && row.channelId !== channelId;
  const name = `Game #${damage.gameId}${row ? ` (${title(row)}${elsewhere ? `, in <#${row.channelId}>` : ''})` : ''}`;
  const live = row?.status === 'lobby' || row?.status === 'active';
  const what =
    damage.part === 'log'
      ? `${name}'s action log is damaged (${damage.reason}), so this cannot be done${live ? '; the game itself can still be played' : ''}.`
      : `${name} cannot go on: its record is damaged (${damage.reason}).`;
  const there = elsewhere ? ' there' : ' here';
  const next = !live
    ? ' It has ended; `/game new` starts a new game.'
    : asModerator
      ? ` You can end it with \`/game abandon\`${elsewhere ? ` in <#${row.channelId}>` : ''}; then \`/game new\` starts a new game${there}.`
      : ` The moderators have been told; a moderator can end it with \`/game abandon\`, then \`/game new\` starts a new game${there}.`;
  return { replies: [privateReply(`❌ ${what}${next}`)], posts };
}

/**
 * A command in `channelId` failed with `e`: when the channel's game (or the
 * game the error names) is damaged, the damaged-game answer; null otherwise.
 */
export function damagedAnswer(svc: Services, error: unknown, channelId: string, asModerator: boolean): Outcome | null {
  if (!(error instanceof DamagedGameError) && isAnswer(error)) return null;
  const here = svc.store.liveGame(channelId) ?? svc.store.latestGame(channelId);
  const damage = damageBehind(svc.store, error, here?.id ?? null);
  return damage ? damagedOutcome(svc, damage, channelId, asModerator) : null;
}
