// The /game command and /mod, declared once: each subcommand's options, who
// may use it, whether it answers privately or is slow, and its handler. The
// handlers live in commands/game/ (seats, lifecycle, views, replay,
// moderators) and the files named for them; the driver is commands/table.ts.
import type { Services } from '../src/app/services.ts';
import { moduleOf } from '../src/app/session.ts';
import { allGames, getGame } from '../src/games/registry.ts';
import { setDeadlines } from './deadlines.ts';
import { seatName } from './context.ts';
import { repost } from './outbox.ts';
import { runUndo } from './undo.ts';
import { newGame } from './new-game.ts';
import { gamesMine, listGames, LIST_OPTIONS } from './list.ts';
import { heldSideText, leave, takeSide, takesHeldSide } from './game/seats.ts';
import { inPlay, optionAbove, optionIs } from './permission.ts';
import { UMPIRE } from '../src/engine/types.ts';
import { abandon, resign, start } from './game/lifecycle.ts';
import { help, log, map, status } from './game/views.ts';
import { exportGame, verifyGame } from './game/replay.ts';
import { modrole, recordResult } from './game/moderators.ts';
import type { Choice, Where } from './types.ts';
import { commandList, type Command, type Subcommand } from './table.ts';
import { playCommand } from './play.ts';
import { tournamentCommand } from './tournament.ts';
import { ratingCommand } from './rating.ts';
import { remindCommand } from './remind.ts';

/** Manage Server (Discord's permission bit 1 << 5). */
const MANAGE_GUILD = String(1 << 5);

/** The moderators' tools (declared `shownIn: 'mod'`): in Discord only under /mod, which only members with Manage Server see by default. */
export function modCommand(): Command {
  return {
    name: 'mod',
    description: 'Moderators: deadlines, clocks, results and the moderator role',
    defaultMemberPermissions: MANAGE_GUILD,
    subcommands: gameSubcommands()
      .filter((sc) => sc.shownIn === 'mod')
      .map(({ shownIn: _shownIn, ...sc }) => sc),
  };
}

export function gameCommand(): Command {
  // At the offline table /game deadline etc. still work; Discord shows them only under /mod.
  return {
    name: 'game',
    description: 'Start, join and manage a game in this channel',
    subcommands: gameSubcommands().map((sc) => (sc.shownIn ? { ...sc, consoleOnly: true } : sc)),
  };
}

function gameSubcommands(): Subcommand[] {
  const systems = allGames().map((g) => ({ name: g.title, value: g.id }));
  return [
    {
      name: 'new',
      who: 'anyone',
      run: newGame,
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
          opensThreads: true,
        },
        { name: 'label', description: 'A label for tournament lists, e.g. "Round 2, table 3"', type: 'string', required: false },
      ],
    },
    {
      name: 'join',
      who: 'self-or-moderator',
      moderatorParts: [
        { when: optionIs('side', UMPIRE), what: 'appoint the umpire (`side:umpire`)' },
        {
          when: inPlay,
          what: 'reseat a side once the game has started (seats are fixed then; e.g. to replace a player who has left)',
        },
        { when: takesHeldSide, what: heldSideText },
      ],
      run: takeSide,
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
      who: 'creator-or-moderator',
      moderatorParts: [
        { when: inPlay, what: 'seat the built-in bot once the game has started (e.g. in place of a player who has left)' },
        { when: takesHeldSide, what: heldSideText },
      ],
      run: takeSide,
      description: 'Seat the built-in bot on a side',
      options: [{ name: 'side', description: 'The side the built-in bot plays', type: 'string', required: true, autocomplete: true }],
    },
    { name: 'leave', who: 'seat', run: leave, description: 'Give up your seat before the game starts', options: [] },
    // Measured: a KPW game of bots only plays out in /game start for ~2.7 s before its first await; a replay
    // (verify, export) takes ~1 s; a resignation may leave only bots, who then play the game out.
    {
      name: 'start',
      who: 'creator-or-moderator',
      slow: 'at-once',
      run: start,
      description: 'Start the game once the seats are taken',
      options: [
        { name: 'fill_bots', description: 'true: seat the built-in bot on every side still open', type: 'boolean', required: false },
      ],
    },
    {
      name: 'status',
      who: 'anyone',
      private: true,
      run: status,
      description: 'Whose turn it is, what is asked, the deadline',
      options: [],
    },
    { name: 'map', who: 'anyone', slow: 'late', run: map, description: 'Post the current snapshot', options: [] },
    {
      name: 'repost',
      who: 'seat-or-moderator',
      slow: 'late',
      run: repost,
      description: 'Post the current map, prompt and buttons again (after a post was lost)',
      options: [],
    },
    {
      name: 'log',
      who: 'anyone',
      private: true,
      run: log,
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
      who: 'seat-or-moderator',
      moderatorParts: [{ when: optionAbove('count', 1), what: 'roll back several actions (`count:` above 1)' }],
      slow: 'late',
      run: runUndo,
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
    { name: 'resign', who: 'seat', slow: 'at-once', run: resign, description: 'Resign the game', options: [] },
    {
      name: 'verify',
      who: 'anyone',
      private: true,
      slow: 'at-once',
      run: verifyGame,
      description: 'Replay the game from its seed and check every roll',
      options: [],
    },
    { name: 'export', who: 'anyone', private: true, slow: 'at-once', run: exportGame, description: 'The replay as JSON', options: [] },
    {
      name: 'help',
      who: 'anyone',
      private: true,
      run: (svc, inv) =>
        help(
          svc,
          inv,
          commandList([gameCommand(), modCommand(), tournamentCommand(), ratingCommand(), remindCommand(), ...allGames().map(playCommand)]),
        ),
      description: 'How to play: the rules summary and the current phase',
      options: [
        { name: 'system', description: 'Which game (default: the one in this channel)', type: 'string', required: false, choices: systems },
      ],
    },
    {
      name: 'list',
      who: 'anyone',
      private: true,
      run: listGames,
      description: 'Games on this server, by system, state or player',
      options: LIST_OPTIONS(),
    },
    { name: 'mine', who: 'anyone', private: true, run: gamesMine, description: 'The games where it is your turn', options: [] },
    {
      name: 'abandon',
      who: 'creator-or-moderator',
      moderatorParts: [{ when: inPlay, what: 'abandon a game in play (players may /game resign)' }],
      run: abandon,
      description: "End this channel's game without a result (moderators; the creator before it starts)",
      options: [],
    },
    {
      name: 'deadline',
      who: 'moderator',
      shownIn: 'mod',
      slow: 'late',
      run: setDeadlines,
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
      who: 'moderator',
      shownIn: 'mod',
      run: setDeadlines,
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
      who: 'moderator',
      shownIn: 'mod',
      run: recordResult,
      description: 'Moderators: record a result by hand (forfeit, adjudication)',
      options: [
        { name: 'winner', description: 'The winning side, or "draw"', type: 'string', required: true, autocomplete: true },
        { name: 'note', description: 'Why, for the record (e.g. "forfeit: no-show")', type: 'string', required: false },
      ],
    },
    {
      name: 'modrole',
      who: 'moderator',
      shownIn: 'mod',
      private: true,
      run: modrole,
      description: 'Moderators: the server role that may moderate games',
      options: [
        { name: 'role', description: 'The server role whose members may moderate (leave out to clear it)', type: 'role', required: false },
      ],
    },
  ];
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
  const typed = partial.toLowerCase();
  if (focused === 'side' || focused === 'winner') {
    if (!row) return [];
    const mod = moduleOf(row);
    const seats = svc.store.seats(row.id);
    const roles = mod.roles(mod.parseOptions(row.options));
    // Before the start, join offers the open sides; in play (a moderator's reseat) every side, with its holder.
    const list = roles
      .filter((role) => sub !== 'join' || row.status !== 'lobby' || !seats.some((s) => s.role === role.id))
      .map((roleInfo) => {
        const holder = row.status !== 'lobby' && sub === 'join' ? seats.find((s) => s.role === roleInfo.id) : undefined;
        return { name: holder ? `${roleInfo.name} (now ${seatName(holder)})` : roleInfo.name, value: roleInfo.id };
      });
    if (focused === 'winner') list.push({ name: 'Draw', value: 'draw' });
    return list.filter((c) => c.name.toLowerCase().includes(typed) || c.value.includes(typed));
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
      .flatMap((mod) =>
        mod.optionDocs
          .filter((d) => !used.has(d.name))
          .map((doc) => ({
            name: `${mod.id}: ${doc.name}=${doc.choices ? doc.choices.map((c) => c.value).join('|') : doc.type} — ${doc.description}`.slice(
              0,
              100,
            ),
            value: `${prefix}${doc.name}=${doc.default ?? doc.choices?.[0]?.value ?? ''}`.slice(0, 100),
          })),
      )
      .filter((c) => c.name.toLowerCase().includes(last))
      .slice(0, 25);
  }
  return [];
}
