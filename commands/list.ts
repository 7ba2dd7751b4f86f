// /game list (filtered by system, state and player; paged to fit one
// Discord message) and /game mine (the games waiting for the caller).
import type { Services } from '../src/app/services.ts';
import { envOf } from '../src/app/session.ts';
import { allGames, getGame } from '../src/games/registry.ts';
import { activeGamesOf, searchGames } from '../src/store/search.ts';
import type { GameRow } from '../src/store/store.ts';
import { int, seatName, str } from './context.ts';
import { clip, echo } from '../src/messages/text.ts';
import { only, privateReply } from '../src/messages/replies.ts';
import { roleName } from '../src/app/prompts.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Invocation, OptionDef } from './types.ts';
import type { Outcome } from '../src/messages/types.ts';

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

function seatsText(svc: Services, r: GameRow): string {
  const m = getGame(r.system);
  return svc.store
    .seats(r.id)
    .map((s) => `${m ? roleName(m, m.parseOptions(r.options), s.role) : s.role}: ${seatName(s)}`)
    .join(', ');
}

function line(svc: Services, r: GameRow): string {
  const state = r.status === 'active' ? 'in play' : r.status === 'lobby' ? 'waiting for players' : r.status;
  return clip(
    `#${r.id} ${getGame(r.system)?.title ?? r.system}${r.label ? ` [${echo(r.label, 60)}]` : ''} — ` +
      `${state} in <#${r.channelId}> · ${echo(seatsText(svc, r), 100) || 'no seats taken'}`,
    190,
  );
}

export function listGames(svc: Services, inv: Invocation): Outcome {
  const o = inv.options;
  const system = str(o, 'system');
  if (system && !getGame(system))
    throw new UserError(
      `Unknown system "${echo(system)}". Systems: ${allGames()
        .map((g) => g.id)
        .join(', ')}.`,
    );
  const state = str(o, 'state');
  if (state && !(STATES as readonly string[]).includes(state))
    throw new UserError(`\`state:\` is one of ${STATES.join(', ')}, not "${echo(state)}".`);
  const player = str(o, 'player')?.replace(/[<@!>]/g, '');
  const page = int(o, 'page', 1, 1000) ?? 1;
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
  if (!ids.length) return only(privateReply(`There are only ${pages} page(s) of games${filters ? ` (${filters})` : ''}.`));
  const rows = ids.map((id) => svc.store.game(id)!).filter(Boolean);
  const head =
    `**Games** ${filters ? `(${filters}) ` : ''}— page ${page} of ${pages}, ${total} in all` +
    `${page < pages ? ` · next: \`page:${page + 1}\`` : ''}`;
  return only(privateReply([head, ...rows.map((r) => line(svc, r))].join('\n')));
}

/** Active games in which one of the caller's seats has a decision open. */
export function gamesMine(svc: Services, inv: Invocation): Outcome {
  const mine: string[] = [];
  for (const id of activeGamesOf(svc.store.db, inv.where.guildId, inv.caller.id)) {
    const row = svc.store.game(id);
    if (!row?.state) continue;
    const m = getGame(row.system);
    const roles = svc.store
      .seats(id)
      .filter((s) => s.userId === inv.caller.id)
      .map((s) => s.role);
    const open = Object.keys(envOf(row).decisions?.open ?? {}).filter((r) => roles.includes(r));
    if (!open.length || !m) continue;
    const due = svc.store.deadlines
      .ofGame(id)
      .filter((d) => open.includes(d.role))
      .map((d) => d.dueAt);
    const until = due.length ? ` — until <t:${Math.floor(Math.min(...due) / 1000)}:R>` : '';
    mine.push(
      clip(
        `#${id} ${m.title} in <#${row.channelId}>: ${m.phase(envOf(row).game)} (` +
          `${open.map((r) => roleName(m, m.parseOptions(row.options), r)).join(', ')})${until}`,
        190,
      ),
    );
  }
  if (!mine.length) return only(privateReply('No game is waiting for you right now.'));
  const shown = mine.slice(0, PAGE_SIZE);
  return only(
    privateReply(
      [
        `**Your turn** in ${mine.length} game(s):`,
        ...shown,
        ...(mine.length > shown.length ? [`…and ${mine.length - shown.length} more.`] : []),
      ].join('\n'),
    ),
  );
}
