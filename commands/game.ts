// The /game group: lobby, seats, status, map, log, undo, verify, export,
// help, and the moderators' tools (abandon, deadline, result, roll back).
import type { Services } from '../src/app/services.ts';
import { BOT_NAME, BOT_PREFIX, entryVisible, envOf, isBotSeat, moduleOf, replayDetailed } from '../src/app/session.ts';
import { SeatTakenError, type GameRow, type Seat } from '../src/store/store.ts';
import { type Action, type GameModule, type RoleInfo, UMPIRE, type Viewer } from '../src/engine/types.ts';
import { seesAll } from '../src/engine/viewers.ts';
import { effectiveLog, verify, visibleEvents, FORCE_CARDS, FORCE_DICE, RESEED } from '../src/engine/runner.ts';
import { RuleError } from '../src/engine/errors.ts';
import { allGames, getGame } from '../src/games/registry.ts';
import { setDeadlines, deadlineLines } from './deadlines.ts';
import { appointUmpire, refuseUmpireAsPlayer } from './seats.ts';
import {
  activeGame,
  bool,
  int,
  isModerator,
  liveGame,
  requireCreatorOrModerator,
  requireModerator,
  seatName,
  str,
  systemNamed,
} from './context.ts';
import { repost } from './outbox.ts';
import { runUndo } from './undo.ts';
import { newGame } from './new-game.ts';
import { gamesMine, listGames, LIST_OPTIONS } from './list.ts';
import {
  chunks,
  clip,
  decisionControls,
  echo,
  eventLines,
  handoffsOf,
  only,
  presentAct,
  privateReply,
  promptLines,
  publicReply,
  roleName,
  snapshot,
  UserError,
} from './present.ts';
import type { Caller, Choice, CommandDef, Invocation, Outcome, Where } from './types.ts';

/** Moderator-only tools: in Discord they live in /mod, which only members with Manage Server see by default. */
export const MOD_SUBS = new Set(['deadline', 'clock', 'result', 'modrole']);
/** Manage Server (Discord's permission bit 1 << 5). */
const MANAGE_GUILD = String(1 << 5);

export function modCommand(): CommandDef {
  return {
    name: 'mod',
    description: 'Moderators: deadlines, clocks, results and the moderator role',
    defaultMemberPermissions: MANAGE_GUILD,
    subcommands: gameSubcommands().filter((sc) => MOD_SUBS.has(sc.name)),
  };
}

export function gameCommand(): CommandDef {
  // At the offline table /game deadline etc. still work; Discord shows them only under /mod.
  return {
    name: 'game',
    description: 'Start, join and manage a game in this channel',
    subcommands: gameSubcommands().map((sc) => (MOD_SUBS.has(sc.name) ? { ...sc, consoleOnly: true } : sc)),
  };
}

function gameSubcommands(): CommandDef['subcommands'] {
  const systems = allGames().map((g) => ({ name: g.title, value: g.id }));
  return [
    {
      name: 'new',
      description: 'Open a new game in this channel (or in a new thread)',
      options: [
        { name: 'system', description: 'Which game to play', type: 'string', required: true, choices: systems },
        {
          name: 'options',
          description: 'Game options as key=value pairs, e.g. short=true, ferocity=limited',
          type: 'string',
          required: false,
          autocomplete: true,
        },
        {
          name: 'thread',
          description: 'true: play in a new thread of this channel that spectators can follow',
          type: 'boolean',
          required: false,
        },
        { name: 'label', description: 'A label for tournament lists, e.g. "Round 2, table 3"', type: 'string', required: false },
      ],
    },
    {
      name: 'join',
      description: 'Take a side (moderators: seat or reseat another member, also mid-game)',
      options: [
        {
          name: 'side',
          description: 'The side to play (autocomplete lists the open ones)',
          type: 'string',
          required: true,
          autocomplete: true,
        },
        {
          name: 'user',
          description: 'Moderators: seat this member instead; in a running game, replaces the holder',
          type: 'user',
          required: false,
        },
      ],
    },
    {
      name: 'bot',
      description: 'Seat the built-in bot on a side',
      options: [{ name: 'side', description: 'The side the built-in bot plays', type: 'string', required: true, autocomplete: true }],
    },
    { name: 'leave', description: 'Give up your seat before the game starts', options: [] },
    {
      name: 'start',
      description: 'Start the game once the seats are taken',
      options: [
        { name: 'fill_bots', description: 'true: seat the built-in bot on every side still open', type: 'boolean', required: false },
      ],
    },
    { name: 'status', description: 'Whose turn it is, what is asked, the deadline', options: [] },
    { name: 'map', description: 'Post the current snapshot', options: [] },
    { name: 'repost', description: 'Post the current map, prompt and buttons again (after a post was lost)', options: [] },
    {
      name: 'log',
      description: 'Recent events',
      options: [
        {
          name: 'count',
          description: 'How many recent actions to show (1-50, default 10)',
          type: 'integer',
          required: false,
          min: 1,
          max: 50,
        },
      ],
    },
    {
      name: 'undo',
      description: 'Take back your last action (moderators: roll back several)',
      options: [
        {
          name: 'count',
          description: 'Moderators: how many actions to roll back (1-100)',
          type: 'integer',
          required: false,
          min: 1,
          max: 100,
        },
      ],
    },
    { name: 'resign', description: 'Resign the game', options: [] },
    { name: 'verify', description: 'Replay the game from its seed and check every roll', options: [] },
    { name: 'export', description: 'The replay as JSON', options: [] },
    {
      name: 'help',
      description: 'How to play: the rules summary and the current phase',
      options: [
        { name: 'system', description: 'Which game (default: the one in this channel)', type: 'string', required: false, choices: systems },
      ],
    },
    { name: 'list', description: 'Games on this server, by system, state or player', options: LIST_OPTIONS() },
    { name: 'mine', description: 'The games where it is your turn', options: [] },
    { name: 'abandon', description: "End this channel's game without a result (moderators; the creator before it starts)", options: [] },
    {
      name: 'deadline',
      description: 'Moderators: a deadline for the decisions open now',
      options: [
        {
          name: 'hours',
          description: 'Hours from now until each waiting seat gets its default (0 clears; at most 1440)',
          type: 'integer',
          required: true,
          min: 0,
          max: 24 * 60,
        },
      ],
    },
    {
      name: 'clock',
      description: 'Moderators: a time limit for every decision from now on',
      options: [
        {
          name: 'hours',
          description: 'Hours per decision (0 clears it; at most 1440)',
          type: 'integer',
          required: true,
          min: 0,
          max: 24 * 60,
        },
      ],
    },
    {
      name: 'result',
      description: 'Moderators: record a result by hand (forfeit, adjudication)',
      options: [
        { name: 'winner', description: 'The winning side, or "draw"', type: 'string', required: true, autocomplete: true },
        { name: 'note', description: 'Why, for the record (e.g. "forfeit: no-show")', type: 'string', required: false },
      ],
    },
    {
      name: 'modrole',
      description: 'Moderators: the server role that may moderate games',
      options: [
        { name: 'role', description: 'The server role whose members may moderate (leave out to clear it)', type: 'role', required: false },
      ],
    },
  ];
}

export const SLOW_GAME_SUBS = new Set(['map', 'repost', 'verify', 'export', 'start', 'undo', 'resign', 'deadline']);

/**
 * The log as this viewer may have it. Before the end, a viewer who may not see
 * an entry gets one 'hidden' line per run of another seat's secret entries,
 * and no sequence numbers or times, so nobody can count hidden steps.
 */
function exportLog(
  entries: ReturnType<typeof replayDetailed>,
  viewer: Viewer,
  over: boolean,
): { seq?: number; role: string; action: Action | { type: 'hidden' }; at?: number }[] {
  const everything = over || seesAll(viewer);
  const out: { seq?: number; role: string; action: Action | { type: 'hidden' }; at?: number }[] = [];
  for (const e of entries) {
    if (everything) out.push({ seq: e.seq, role: e.role, action: e.action, at: e.at });
    else if (entryVisible(e, viewer, over)) out.push({ role: e.role, action: e.action, at: e.at });
    else if (!(out.length && out[out.length - 1].action.type === 'hidden' && out[out.length - 1].role === e.role))
      out.push({ role: e.role, action: { type: 'hidden' } });
  }
  return out;
}

export async function runGame(svc: Services, inv: Invocation, progress?: (l: string) => void): Promise<Outcome> {
  const o = inv.options;
  const { caller, where } = inv;
  switch (inv.sub) {
    case 'new':
      return newGame(svc, inv);
    case 'join':
    case 'bot': {
      const row = liveGame(svc, where);
      const mod = moduleOf(row);
      if (inv.sub === 'join' && str(o, 'side')?.toLowerCase() === UMPIRE) return appointUmpire(svc, row, mod, inv);
      if (row.status !== 'lobby') {
        if (inv.sub === 'join' && o.user !== undefined && isModerator(svc, caller, where)) return reseat(svc, row, inv);
        if (inv.sub === 'bot' && row.status === 'active' && isModerator(svc, caller, where)) return botInPlay(svc, row, inv, progress);
        throw new UserError(
          isModerator(svc, caller, where)
            ? 'The game has started: to reseat a side, name its new player (/game join side:<side> user:<member>) ' +
                'or seat the built-in bot (/game bot side:<side>).'
            : 'The game has started, so seats are fixed. A moderator can reseat a side (e.g. to replace a player who has left).',
        );
      }
      const roles = mod.roles(mod.parseOptions(row.options));
      const role = sideNamed(mod, row, str(o, 'side'));
      const seats = svc.store.seats(row.id);
      const taken = seats.find((s) => s.role === role.id);
      let userId = caller.id;
      let userName = caller.name;
      if (inv.sub === 'bot') {
        requireCreatorOrModerator(svc, row, caller, where, 'seat a bot');
        userId = `${BOT_PREFIX}${role.id}`;
        userName = BOT_NAME;
      } else if (o.user !== undefined && String(o.user) !== caller.id) {
        if (!String(o.user).trim() || String(o.user).length > 100)
          throw new UserError('`user:` needs a member of this server (pick one, or leave the option out to take the side yourself).');
        requireModerator(svc, caller, where, 'seat another user');
        userId = String(o.user);
        userName = echo(inv.names?.user ?? String(o.user_name ?? o.user), 100);
      }
      refuseUmpireAsPlayer(svc, row, userId);
      // A team side (RoleInfo.team) takes several members; another side has one holder.
      if (taken && !role.team && taken.userId !== userId && !isModerator(svc, caller, where))
        throw new UserError(
          `${role.name} is already taken by ${seatName(taken)}. Open sides: ${
            roles
              .filter((r) => !seats.some((s) => s.role === r.id))
              .map((r) => r.id)
              .join(', ') || 'none'
          }.`,
        );
      try {
        // Conditional on what this command saw: another process may have taken the seat since.
        if (role.team) svc.store.setSeat(row.id, role.id, userId, userName, true);
        else svc.store.takeSeat(row.id, role.id, userId, userName, taken?.userId ?? null);
      } catch (e) {
        if (!(e instanceof SeatTakenError)) throw e;
        const now = svc.store.seats(row.id);
        throw new UserError(
          `${role.name} was just taken by ${e.holder.userName}; you were not seated. Open sides: ${
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
      return only(
        publicReply(`🪑 ${userId.startsWith(BOT_PREFIX) ? userName : `<@${userId}>`} takes **${role.name}**${replaced}.${several}`),
      );
    }
    case 'leave': {
      const row = liveGame(svc, where);
      if (row.status !== 'lobby') throw new UserError('The game has started: you cannot leave it now. Use /game resign to concede.');
      const mine = svc.store.seats(row.id).filter((s) => s.userId === caller.id);
      if (!mine.length) throw new UserError('You have no seat in this game.');
      for (const s of mine) svc.store.removeSeat(row.id, s.role, caller.id);
      return only(publicReply(`<@${caller.id}> leaves ${mine.map((s) => s.role).join(', ')}.`));
    }
    case 'start': {
      const row = liveGame(svc, where);
      const mod = moduleOf(row);
      bool(o, 'fill_bots'); // a malformed value is refused even when no side is open
      if (row.status !== 'lobby') throw new UserError('The game has already started.');
      requireCreatorOrModerator(svc, row, caller, where, 'start the game');
      const roles = mod.roles(mod.parseOptions(row.options));
      let seats = svc.store.seats(row.id);
      for (const r of roles.filter((r) => r.bot && !seats.some((s) => s.role === r.id)))
        svc.store.setSeat(row.id, r.id, `${BOT_PREFIX}${r.id}`, BOT_NAME);
      seats = svc.store.seats(row.id);
      const open = roles.filter((r) => !seats.some((s) => s.role === r.id));
      if (open.length) {
        if (!bool(o, 'fill_bots'))
          throw new UserError(
            `These sides have no player yet: ${open.map((r) => r.id).join(', ')}` +
              `. Seat someone with /game join or /game bot, or start with fill_bots:true.`,
          );
        for (const r of open) svc.store.setSeat(row.id, r.id, `${BOT_PREFIX}${r.id}`, BOT_NAME);
        seats = svc.store.seats(row.id);
      }
      progress?.('Setting up the board…');
      const { res, setupEvents: events, setupEnv: env } = svc.sessions.start(row);
      const view = mod.view(env.game, { kind: 'spectator' });
      const snap = await snapshot(mod, view, `game${row.id}-start.png`, svc.render);
      const opening = clip(
        [
          `⚔️ **${mod.title}** #${row.id} begins. ` +
            `${seats.map((s) => `${roleName(mod, env.options, s.role)}: ${isBotSeat(s) ? s.userName : `<@${s.userId}>`}`).join(' · ')}`,
          ...eventLines(events, null),
          snap.summary,
        ].join('\n'),
      );
      const first = { channelId: row.channelId, content: opening, files: snap.file ? [snap.file] : [] };
      if (res.applied.length === 0) {
        const prompt = promptLines(mod, res.env, seats);
        first.content = clip(`${opening}\n${prompt.text}`);
        return {
          replies: [privateReply(`Started. Use \`/${mod.command}\` commands to play and \`/game help\` to learn the rules.`)],
          posts: [
            {
              ...first,
              gameId: row.id,
              mentions: prompt.mentions,
              ...decisionControls(mod, res.row, res.env),
              handoff: handoffsOf(res.env, seats, []),
            },
          ],
        };
      }
      // Bots acted first (or played the whole game): present their moves too.
      const played = await presentAct(mod, res, [], seats, { maxSnapshots: svc.maxSnapshots, render: svc.render, progress });
      return {
        replies: [privateReply('Started.')],
        posts: [first, ...played.replies.filter((r) => !r.ephemeral).map((r) => ({ ...r, channelId: row.channelId })), ...played.posts],
      };
    }
    case 'status': {
      const row = liveGame(svc, where);
      const mod = moduleOf(row);
      const seats = svc.store.seats(row.id);
      const seatText =
        seats.map((s) => `${roleName(mod, mod.parseOptions(row.options), s.role)}: ${echo(seatName(s), 100)}`).join(' · ') ||
        'no seats taken';
      if (row.status === 'lobby') return only(privateReply(`**${mod.title}** #${row.id} is waiting to start. Seats: ${seatText}.`));
      const env = envOf(row);
      const viewer = viewerOf(svc, row, caller, where);
      const view = mod.view(env.game, viewer);
      const deadline = deadlineLines(svc, mod, row);
      const summary = mod.summarize(view, viewer);
      // A prompt the summary already states is not repeated: only who is asked (issue 9).
      const asked = promptLines(mod, env, seats, undefined, summary).text;
      return only(
        privateReply(`**${mod.title}** #${row.id} — ${mod.phase(env.game)}\nSeats: ${seatText}\n${summary}\n${asked}${deadline}`),
      );
    }
    case 'map': {
      const { row, mod } = activeGame(svc, where);
      const env = envOf(row);
      progress?.('Drawing the map…');
      const snap = await snapshot(
        mod,
        mod.view(env.game, { kind: 'spectator' }),
        `game${row.id}-d${env.decisions?.last ?? 0}.png`,
        svc.render,
      );
      return only(publicReply(`🗺️ **${mod.phase(env.game)}**\n${snap.summary}`, { files: snap.file ? [snap.file] : [] }));
    }
    case 'repost':
      return repost(svc, inv, progress);
    case 'log': {
      const row = svc.store.liveGame(where.channelId) ?? svc.store.latestGame(where.channelId);
      if (!row?.state) throw new UserError('There is no started game in this channel.');
      const mod = moduleOf(row);
      const count = int(o, 'count', 1, 50) ?? 10;
      const viewer = viewerOf(svc, row, caller, where);
      const over = row.status === 'over' || row.status === 'abandoned';
      const log = svc.store.log(row.id);
      // Only the entries shown need their events: replay from a snapshot before the first of them. A viewer
      // who may not see some entries gets a wider window, so hidden runs (one line each) cannot shorten it.
      const everything = over || seesAll(viewer);
      const shown = effectiveLog(log).filter((e) => e.action.type !== RESEED);
      const back = everything ? count : count * 4 + 200;
      const first = shown.length ? shown[Math.max(0, shown.length - back)].seq : Infinity;
      const entries = replayDetailed(row, log, { seq: first, snapshots: svc.store.snapshotSource(row.id) }).filter(
        (e) => !e.undone && e.action.type !== '__undo' && e.seq >= first,
      );
      // A run of one seat's hidden entries is one item, so nobody can count hidden steps.
      const items: { entry: (typeof entries)[number]; hidden: boolean }[] = [];
      for (const e of entries) {
        const hidden = !entryVisible(e, viewer, over);
        const prev = items[items.length - 1];
        if (hidden && prev?.hidden && prev.entry.role === e.role) continue;
        items.push({ entry: e, hidden });
      }
      const picked = items.slice(-count);
      const lines = picked.flatMap(({ entry: e, hidden }) =>
        hidden
          ? [`• ${roleName(mod, envOf(row).options, e.role)} acted (hidden until revealed).`]
          : visibleEvents(e.events, over ? { kind: 'moderator' } : viewer).map((ev) =>
              ev.kind === 'roll' ? `🎲 ${ev.text}` : `• ${ev.text}`,
            ),
      );
      return {
        replies: chunks(`**${mod.title}** #${row.id}: the last ${picked.length} action(s):\n${lines.join('\n') || '(none yet)'}`).map((c) =>
          privateReply(c),
        ),
        posts: [],
      };
    }
    case 'undo':
      return runUndo(svc, inv, progress);
    case 'resign': {
      const { row, mod } = activeGame(svc, where);
      const roles = svc.sessions.rolesOf(row, caller.id);
      if (!roles.length) throw new UserError('You are not a player in this game, so you cannot resign it.');
      if (mod.resign) {
        // The game plays on without these seats (it may end, if too few are left).
        const res = svc.sessions.resign(row, caller.id, roles);
        const played = await presentAct(mod, res, roles, svc.store.seats(row.id), {
          maxSnapshots: svc.maxSnapshots,
          render: svc.render,
          progress,
        });
        played.replies[0] = publicReply(
          `🏳️ <@${caller.id}> resigns ${roles.map((r) => roleName(mod, res.env.options, r)).join(', ')}.` +
            `${res.over ? '' : ' The others play on.'}\n${played.replies[0].content}`,
        );
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
    case 'verify': {
      const row = svc.store.liveGame(where.channelId) ?? svc.store.latestGame(where.channelId);
      if (!row?.state) throw new UserError('There is no started game in this channel.');
      const mod = moduleOf(row);
      const over = row.status === 'over' || row.status === 'abandoned';
      progress?.('Replaying the log from the seed…');
      const report = verify(mod, row.options, row.seed, row.seedHash, svc.store.log(row.id), envOf(row));
      const lines = over
        ? report.lines
        : [
            report.lines[0],
            `The seed stays secret until the game ends; replay of ${svc.store.log(row.id).length} entries ` +
              `${report.stateMatches ? 'matches' : 'DOES NOT match'} the stored state.`,
          ];
      return only(
        privateReply(
          `${report.ok ? '✅' : '⚠️'} Verification of game #${row.id}\n${lines.join('\n')}${over ? `\nSeed: \`${row.seed}\`` : ''}`,
        ),
      );
    }
    case 'export': {
      const row = svc.store.liveGame(where.channelId) ?? svc.store.latestGame(where.channelId);
      if (!row) throw new UserError('There is no game in this channel.');
      const over = row.status === 'over' || row.status === 'abandoned';
      const viewer = viewerOf(svc, row, caller, where);
      // Every entry's secrecy matters only to a player or spectator of a game in play; else no replay is needed.
      const needAll = !over && viewer.kind !== 'moderator';
      const entries = row.state
        ? replayDetailed(row, svc.store.log(row.id), { seq: needAll ? 0 : Infinity, snapshots: svc.store.snapshotSource(row.id) })
        : [];
      const data = {
        game: row.id,
        system: row.system,
        options: row.options,
        seedHash: row.seedHash,
        seed: over ? row.seed : null,
        seats: svc.store.seats(row.id).map((s) => ({ role: s.role, user: s.userName })),
        log: exportLog(entries, viewer, over),
        result: row.result ? JSON.parse(row.result) : null,
      };
      const withheld = data.log.some((e) => e.action.type === 'hidden');
      return only(
        privateReply(
          `Replay of game #${row.id}${over ? '' : ' (the seed is withheld until the game ends)'}` +
            `${withheld ? '. Secret actions of other players are withheld until they are revealed.' : '.'}`,
          { files: [{ name: `muster-game-${row.id}.json`, data: Buffer.from(JSON.stringify(data, null, 1)) }] },
        ),
      );
    }
    case 'help': {
      const system = str(o, 'system');
      const row = svc.store.liveGame(where.channelId);
      const mod = system ? systemNamed(system) : row ? moduleOf(row) : undefined;
      if (!mod) return only(privateReply(generalHelp()));
      // The dice order only matters to /dev dice, which exists only at the offline table.
      let text = `📖 **${mod.title}**\n${mod.help.overview}${where.guildId ? '' : `\nDice order (for forced dice at the console): ${mod.diceOrder}`}`;
      if (!where.guildId && mod.deckCards)
        text +=
          '\nCards (for /dev cards at the console): queue the next cards drawn by name or id, e.g. ' +
          `\`/dev cards values:"${mod.deckCards()[0]?.name}, ${mod.deckCards().at(-1)?.name}"\`; each is drawn as soon as it is in the draw pile.`;
      if (row?.state && row.system === mod.id) text += `\n\n**Now: ${mod.phase(envOf(row).game)}**\n${mod.help.phase(envOf(row).game)}`;
      return { replies: chunks(text).map((c) => privateReply(c)), posts: [] };
    }
    case 'list':
      return listGames(svc, inv);
    case 'mine':
      return gamesMine(svc, inv);
    case 'abandon': {
      const row = liveGame(svc, where);
      // A game still in its lobby may be called off by whoever opened it; one in play only by a moderator.
      if (row.status === 'lobby') requireCreatorOrModerator(svc, row, caller, where, 'call off this game');
      else requireModerator(svc, caller, where, 'abandon a game in play (players may /game resign)');
      svc.store.finish(row.id, 'abandoned', JSON.stringify({ status: 'abandoned', by: caller.id }));
      const by = isModerator(svc, caller, where) ? 'a moderator' : 'the player who opened it';
      return only(
        publicReply(`🛑 Game #${row.id} was ${row.status === 'lobby' ? 'called off' : 'abandoned'} by ${by}. Seed: \`${row.seed}\`.`),
      );
    }
    case 'deadline':
    case 'clock':
      return setDeadlines(svc, inv);
    case 'result': {
      const row = liveGame(svc, where);
      requireModerator(svc, caller, where, 'record a result');
      const mod = moduleOf(row);
      const w = str(o, 'winner')?.toLowerCase();
      const roles = mod.roles(mod.parseOptions(row.options));
      const draw = w === 'draw';
      const win = roles.find((r) => r.id === w || r.name.toLowerCase() === w);
      if (!draw && !win) throw new UserError(`Unknown winner "${echo(w)}". Use one of: ${roles.map((r) => r.id).join(', ')}, draw.`);
      // The full note is kept; the summary, repeated in later replies, carries at most ECHO_MAX of it.
      const note = str(o, 'note');
      const result = {
        status: 'over',
        winners: win ? [win.id] : [],
        draw,
        scores: {},
        summary: `Recorded by a moderator${note ? `: ${echo(note)}` : ''}.`,
        ...(note ? { note } : {}),
      };
      svc.store.finish(row.id, 'over', JSON.stringify(result));
      return only(publicReply(`📋 Result recorded for game #${row.id}: ${draw ? 'a draw' : `winner ${win!.name}`}. ${result.summary}`));
    }
    case 'modrole': {
      requireModerator(svc, caller, where, 'set the moderator role');
      if (!where.guildId) throw new UserError('Moderator roles belong to a server; use this in a server channel.');
      const role = str(o, 'role')?.replace(/[<@&>]/g, '') ?? null;
      svc.store.setModeratorRole(where.guildId, role);
      return only(
        privateReply(
          role ? `Members with role <@&${role}> can now moderate games.` : 'Moderator role cleared: only Manage Server members moderate.',
        ),
      );
    }
    default:
      throw new UserError(`Unknown /game subcommand "${echo(inv.sub)}".`);
  }
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
async function botInPlay(svc: Services, row: GameRow, inv: Invocation, progress?: (l: string) => void): Promise<Outcome> {
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

function viewerOf(svc: Services, row: GameRow, caller: Caller, where: Where): Viewer {
  const roles = svc.sessions.rolesOf(row, caller.id);
  if (roles.includes(UMPIRE)) return { kind: 'umpire' };
  if (roles.length) return { kind: 'seat', role: roles[0] };
  return isModerator(svc, caller, where) ? { kind: 'moderator' } : { kind: 'spectator' };
}

export function generalHelp(): string {
  return [
    '📖 **Muster** runs historical wargames and board games in this channel.',
    '1. `/game new system:<game>` opens a game (add `thread:true` to play in a thread spectators can follow).',
    '2. `/game join side:<side>` takes a seat; `/game bot side:<side>` seats the built-in bot.',
    "3. `/game start`; then play with the game's own commands (autocomplete lists what is legal now).",
    '`/game status` says whose turn it is; `/game map` posts the board; `/game undo` ' +
      'takes back your last action while no dice were rolled.',
    `Games: ${allGames()
      .map((g) => `\`${g.id}\` ${g.title} (/${g.command})`)
      .join(', ')}.`,
    "Use `/game help system:<game>` for a game's rules summary.",
  ].join('\n');
}

export async function autocompleteGame(
  svc: Services,
  sub: string,
  focused: string,
  partial: string,
  where: Where,
  chosen: Record<string, string | number | boolean> = {},
): Promise<Choice[]> {
  const row = svc.store.liveGame(where.channelId);
  const p = partial.toLowerCase();
  if (focused === 'side' || focused === 'winner') {
    if (!row) return [];
    const mod = moduleOf(row);
    const seats = svc.store.seats(row.id);
    const roles = mod.roles(mod.parseOptions(row.options));
    // Before the start, join offers the open sides; in play (a moderator's reseat) every side, with its holder.
    const list = roles
      .filter((r) => sub !== 'join' || row.status !== 'lobby' || !seats.some((s) => s.role === r.id))
      .map((r) => {
        const holder = row.status !== 'lobby' && sub === 'join' ? seats.find((s) => s.role === r.id) : undefined;
        return { name: holder ? `${r.name} (now ${seatName(holder)})` : r.name, value: r.id };
      });
    if (focused === 'winner') list.push({ name: 'Draw', value: 'draw' });
    return list.filter((c) => c.name.toLowerCase().includes(p) || c.value.includes(p));
  }
  if (focused === 'options') {
    // Once the system is chosen, only its options; earlier "k=v, " parts are kept and their keys not offered again.
    const system = typeof chosen.system === 'string' && getGame(chosen.system) ? chosen.system : null;
    const parts = partial.split(',').map((x) => x.trim());
    const last = (parts.pop() ?? '').toLowerCase();
    const done = parts.filter(Boolean);
    const used = new Set(done.map((x) => x.split('=')[0].trim().toLowerCase()));
    const prefix = done.length ? `${done.join(', ')}, ` : '';
    return allGames()
      .filter((g) => !system || g.id === system)
      .flatMap((g) =>
        g.optionDocs
          .filter((d) => !used.has(d.name))
          .map((d) => ({
            name: `${g.id}: ${d.name}=${d.choices ? d.choices.map((c) => c.value).join('|') : d.type} — ${d.description}`.slice(0, 100),
            value: `${prefix}${d.name}=${d.default ?? d.choices?.[0]?.value ?? ''}`.slice(0, 100),
          })),
      )
      .filter((c) => c.name.toLowerCase().includes(last))
      .slice(0, 25);
  }
  return [];
}

export function devCommand(): CommandDef {
  return {
    name: 'dev',
    description: 'Console-only developer tools',
    consoleOnly: true,
    subcommands: [
      {
        name: 'dice',
        description: 'Queue the faces of the next dice rolled',
        options: [{ name: 'values', description: 'Faces, e.g. "1 5 3"', type: 'string', required: true }],
        consoleOnly: true,
      },
      {
        name: 'cards',
        description: 'Queue the next cards drawn from the deck (games with a deck)',
        options: [
          {
            name: 'values',
            description: 'Cards by name or id, e.g. "Queen of Hearts, 7 of Clubs" or "QH 7C"',
            type: 'string',
            required: true,
          },
        ],
        consoleOnly: true,
      },
    ],
  };
}

/** The cards named in `text` (names separated by commas, or ids by spaces), as ids; throws what was not a card. */
export function parseCards(text: string, cards: { id: string; name: string }[]): string[] {
  const find = (word: string) =>
    cards.find((c) => c.id.toLowerCase() === word.toLowerCase() || c.name.toLowerCase() === word.toLowerCase());
  const out: string[] = [];
  for (const piece of text
    .split(/[,;]+/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    const whole = find(piece);
    if (whole) {
      out.push(whole.id);
      continue;
    }
    for (const word of piece.split(/\s+/)) {
      const c = find(word);
      if (!c)
        throw new UserError(
          `"${echo(word)}" is not a card of this game's deck. Name cards as on the table, separated by commas ` +
            `(e.g. "${cards[0]?.name}, ${cards.at(-1)?.name}"), or by id separated by spaces (e.g. "${cards[0]?.id} ${cards.at(-1)?.id}").`,
        );
      out.push(c.id);
    }
  }
  if (!out.length) throw new UserError(`\`values\` must name cards, e.g. "${cards[0]?.name}, ${cards.at(-1)?.name}".`);
  return out;
}

/** /dev cards: the next cards drawn (each as soon as it is in the draw pile); the game is no longer provably fair. */
function runDevCards(svc: Services, inv: Invocation): Outcome {
  const { row, mod } = activeGame(svc, inv.where);
  if (!mod.deckCards) throw new UserError(`${mod.title} draws no cards: /dev cards is for games with a deck. Use /dev dice for dice.`);
  const deck = mod.deckCards();
  const ids = parseCards(str(inv.options, 'values') ?? '', deck);
  svc.sessions.meta(row, inv.caller.id, 'dev', { type: FORCE_CARDS, cards: ids });
  const names = ids.map((id) => deck.find((c) => c.id === id)!.name);
  return only(
    privateReply(
      `🃏 Next cards queued: ${names.join(', ')} (each drawn as soon as it is in the draw pile; the others keep the shuffled order). ` +
        'This game is no longer provably fair.',
    ),
  );
}

export function runDev(svc: Services, inv: Invocation): Outcome {
  if (inv.sub === 'cards') return runDevCards(svc, inv);
  const { row, mod } = activeGame(svc, inv.where);
  const text = str(inv.options, 'values') ?? '';
  const faces = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (!faces.length || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 100))
    throw new UserError(`\`values\` must be die faces separated by spaces, e.g. "1 5 3", not "${echo(text)}".`);
  svc.sessions.meta(row, inv.caller.id, 'dev', { type: FORCE_DICE, faces });
  return only(privateReply(`🎲 Next dice queued: ${faces.join(' ')} (order: ${mod.diceOrder}). This game is no longer provably fair.`));
}

export { RuleError, presentAct };

/** Who holds a side, for listings: a name or 'open'. */
function holderOf(seats: Seat[], role: string): string {
  const seat = seats.find((s) => s.role === role);
  return seat ? seatName(seat) : 'open';
}
