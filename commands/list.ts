// /game list (filtered by system, state and player; paged to fit one
// Discord message) and /game mine (the games waiting for the caller).
import type { Services } from '../src/app/services.ts';
import { envOf } from '../src/app/session.ts';
import { allGames, getGame } from '../src/games/registry.ts';
import { activeGamesOf, searchGames } from '../src/store/search.ts';
import type { GameRow } from '../src/store/store.ts';
import { int, seatName, str } from './context.ts';
import { clip, echo, plural } from '../src/messages/text.ts';
import { only, privateReply } from '../src/messages/replies.ts';
import { roleName } from '../src/app/prompts.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Invocation, OptionDef } from './types.ts';
import type { Outcome, Post } from '../src/messages/types.ts';
import { DamagedGameError } from '../src/store/damaged.ts';
import { inspectGame, noteDamage } from '../src/app/damage.ts';

/** Ten lines of at most ~190 characters stay well inside Discord's 2,000. */
export const PAGE_SIZE = 10;
const STATES = ['lobby', 'active', 'over'] as const;

export function LIST_OPTIONS(): OptionDef[] {
  return [
    {
      name: 'system',
      description: 'Only games of this system',
      type: 'string',
      required: false,
      choices: allGames().map((g) => ({ name: g.title, value: g.id })),
    },
    {
      name: 'state',
      description: 'Only games waiting for players, in play, or over',
      type: 'string',
      required: false,
      choices: STATES.map((s) => ({ name: s, value: s })),
    },
    { name: 'player', description: 'Only games this member has a seat in', type: 'user', required: false },
    { name: 'page', description: `Page of ${PAGE_SIZE} games (default 1)`, type: 'integer', required: false, min: 1, max: 1000 },
  ];
}

function seatsText(svc: Services, row: GameRow): string {
  const mod = getGame(row.system);
  return svc.store
    .seats(row.id)
    .map((seat) => `${mod ? roleName(mod, mod.parseOptions(row.options), seat.role) : seat.role}: ${seatName(seat)}`)
    .join(', ');
}

function line(svc: Services, row: GameRow): string {
  const state = row.status === 'active' ? 'in play' : row.status === 'lobby' ? 'waiting for players' : row.status;
  return clip(
    `#${row.id} ${getGame(row.system)?.title ?? row.system}${row.label ? ` [${echo(row.label, 60)}]` : ''} — ` +
      `${state} in <#${row.channelId}> · ${echo(seatsText(svc, row), 100) || 'no seats taken'}`,
    190,
  );
}

/**
 * Each game's line on its own (issue 22): a game whose record is damaged is
 * listed as such, from the columns that need no reading, and its moderators
 * are told (once); the other games are listed as usual.
 */
function eachGame<T>(
  svc: Services,
  rows: GameRow[],
  show: (row: GameRow) => T,
  damaged: (row: GameRow) => T,
): { lines: T[]; posts: Post[] } {
  const posts: Post[] = [];
  const lines = rows.map((row) => {
    // A damaged log does not stop play: such a game is listed as usual.
    const noted = svc.store.damaged.of(row.id);
    let damage = row.damage ?? (noted?.part === 'log' ? null : noted);
    if (!damage)
      try {
        return show(row);
      } catch (error) {
        damage = error instanceof DamagedGameError ? error.damage : inspectGame(svc.store, row.id);
        if (!damage) throw error;
      }
    posts.push(...noteDamage(svc, damage));
    return damaged(row);
  });
  return { lines, posts };
}

const DAMAGED = '⚠️ its record is damaged: a moderator can `/game abandon` it there';

function damagedLine(row: GameRow): string {
  const live = row.status === 'active' || row.status === 'lobby';
  const state = row.status === 'active' ? 'in play' : row.status === 'lobby' ? 'waiting for players' : row.status;
  return clip(
    `#${row.id} ${getGame(row.system)?.title ?? row.system}${row.label ? ` [${echo(row.label, 60)}]` : ''} — ${state} in <#${row.channelId}> · ` +
      (live ? DAMAGED : '⚠️ its record is damaged'),
    190,
  );
}

export function listGames(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const system = str(options, 'system');
  if (system && !getGame(system))
    throw new UserError(
      `Unknown system "${echo(system)}". Systems: ${allGames()
        .map((g) => g.id)
        .join(', ')}.`,
    );
  const state = str(options, 'state');
  if (state && !(STATES as readonly string[]).includes(state))
    throw new UserError(`\`state:\` is one of ${STATES.join(', ')}, not "${echo(state)}".`);
  const player = str(options, 'player')?.replace(/[<@!>]/g, '');
  const page = int(options, 'page', 1, 1000) ?? 1;
  const { ids, total } = searchGames(svc.store.db, {
    guildId: inv.where.guildId,
    system,
    state: state as (typeof STATES)[number] | undefined,
    userId: player,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filters = [system && `system ${system}`, state && `state ${state}`, player && `player <@${player}>`].filter(Boolean).join(', ');
  if (!total) return only(privateReply(filters ? `No games match (${filters}).` : 'No games on this server yet.'));
  if (!ids.length) return only(privateReply(`There are only ${plural(pages, 'page')} of games${filters ? ` (${filters})` : ''}.`));
  const rows = ids.map((id) => svc.store.game(id)!).filter(Boolean);
  const head =
    `**Games** ${filters ? `(${filters}) ` : ''}— page ${page} of ${pages}, ${total} in all` +
    `${page < pages ? ` · next: \`page:${page + 1}\`` : ''}`;
  const { lines, posts } = eachGame(svc, rows, (r) => line(svc, r), damagedLine);
  return { replies: [privateReply([head, ...lines].join('\n'))], posts };
}

/** Active games in which one of the caller's seats has a decision open. */
export function gamesMine(svc: Services, inv: Invocation): Outcome {
  const rows = activeGamesOf(svc.store.db, inv.where.guildId, inv.caller.id)
    .map((id) => svc.store.game(id))
    .filter((r): r is GameRow => !!r?.state);
  const { lines, posts } = eachGame(
    svc,
    rows,
    (row) => mineLine(svc, row, inv.caller.id),
    (row) => clip(`#${row.id} ${getGame(row.system)?.title ?? row.system} in <#${row.channelId}>: ${DAMAGED}.`, 190),
  );
  const mine = lines.filter((l): l is string => l !== null);
  if (!mine.length) return { replies: [privateReply('No game is waiting for you right now.')], posts };
  const shown = mine.slice(0, PAGE_SIZE);
  return {
    replies: [
      privateReply(
        [
          `**Your turn** in ${plural(mine.length, 'game')}:`,
          ...shown,
          ...(mine.length > shown.length ? [`…and ${mine.length - shown.length} more.`] : []),
        ].join('\n'),
      ),
    ],
    posts,
  };
}

/** The caller's line for one game, or null when none of their seats must decide there. */
function mineLine(svc: Services, row: GameRow, userId: string): string | null {
  const mod = getGame(row.system);
  const roles = svc.store
    .seats(row.id)
    .filter((s) => s.userId === userId)
    .map((s) => s.role);
  const env = envOf(row);
  const open = Object.keys(env.decisions?.open ?? {}).filter((r) => roles.includes(r));
  if (!open.length || !mod) return null;
  const due = svc.store.deadlines
    .ofGame(row.id)
    .filter((d) => open.includes(d.role))
    .map((d) => d.dueAt);
  const until = due.length ? ` — until <t:${Math.floor(Math.min(...due) / 1000)}:R>` : '';
  return clip(
    `#${row.id} ${mod.title} in <#${row.channelId}>: ${mod.phase(env.game)} (` +
      `${open.map((r) => roleName(mod, mod.parseOptions(row.options), r)).join(', ')})${until}`,
    190,
  );
}
