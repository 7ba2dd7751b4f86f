// /game status, map, log and help: what a game looks like now, for this viewer.
import { allGames } from '../../src/games/registry.ts';
import type { Services } from '../../src/app/services.ts';
import { entryVisible, envOf, moduleOf, replayDetailed } from '../../src/app/session.ts';
import { type GameRow } from '../../src/store/store.ts';
import { UMPIRE, type Viewer } from '../../src/engine/types.ts';
import { seesAll } from '../../src/engine/viewers.ts';
import { effectiveLog, visibleEvents, RESEED } from '../../src/engine/runner.ts';
import { activeGame, int, isModerator, liveGame, seatName, str, systemNamed } from '../context.ts';
import { snapshot } from '../present.ts';
import { deadlineLines } from '../deadlines.ts';
import { chunks, echo, plural } from '../../src/messages/text.ts';
import { only, privateReply, publicReply } from '../../src/messages/replies.ts';
import { promptLines, roleName } from '../../src/app/prompts.ts';
import { UserError } from '../../src/messages/user-error.ts';
import type { Caller, Invocation, Where } from '../types.ts';
import type { Outcome } from '../../src/messages/types.ts';
import type { Progress } from '../table.ts';

/** /game status: the phase, the seats, who is asked and the deadline. */
export function status(svc: Services, inv: Invocation): Outcome {
  const { caller, where } = inv;
  const row = liveGame(svc, where);
  const mod = moduleOf(row);
  const seats = svc.store.seats(row.id);
  const seatText =
    seats.map((seat) => `${roleName(mod, mod.parseOptions(row.options), seat.role)}: ${echo(seatName(seat), 100)}`).join(' · ') ||
    'no seats taken';
  if (row.status === 'lobby') return only(privateReply(`**${mod.title}** #${row.id} is waiting to start. Seats: ${seatText}.`));
  const env = envOf(row);
  const viewer = viewerOf(svc, row, caller, where);
  const view = mod.view(env.game, viewer);
  const deadline = deadlineLines(svc, mod, row);
  const summary = mod.summarize(view, viewer);
  // A prompt the summary already states is not repeated: only who is asked (issue 9).
  const asked = promptLines(mod, env, seats, undefined, summary).text;
  return only(privateReply(`**${mod.title}** #${row.id} — ${mod.phase(env.game)}\nSeats: ${seatText}\n${summary}\n${asked}${deadline}`));
}

/** /game map: the current snapshot, in public. */
export async function map(svc: Services, inv: Invocation, progress?: Progress): Promise<Outcome> {
  const { where } = inv;
  const { row, mod } = activeGame(svc, where);
  const env = envOf(row);
  progress?.('Drawing the map…');
  const snap = await snapshot(mod, mod.view(env.game, { kind: 'spectator' }), `game${row.id}-d${env.decisions?.last ?? 0}.png`, svc.render);
  return only(publicReply(`🗺️ **${mod.phase(env.game)}**\n${snap.summary}`, { files: snap.file ? [snap.file] : [] }));
}

/** /game log: the last actions this viewer may see. */
export function log(svc: Services, inv: Invocation): Outcome {
  const options = inv.options;
  const { caller, where } = inv;
  const row = svc.store.liveGame(where.channelId) ?? svc.store.latestGame(where.channelId);
  if (!row?.state) throw new UserError('There is no started game in this channel.');
  const mod = moduleOf(row);
  const count = int(options, 'count', 1, 50) ?? 10;
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
  for (const entry of entries) {
    const hidden = !entryVisible(entry, viewer, over);
    const prev = items[items.length - 1];
    if (hidden && prev?.hidden && prev.entry.role === entry.role) continue;
    items.push({ entry: entry, hidden });
  }
  const picked = items.slice(-count);
  const lines = picked.flatMap(({ entry, hidden }) =>
    hidden
      ? [`• ${roleName(mod, envOf(row).options, entry.role)} acted (hidden until revealed).`]
      : visibleEvents(entry.events, over ? { kind: 'moderator' } : viewer).map((ev) =>
          ev.kind === 'roll' ? `🎲 ${ev.text}` : `• ${ev.text}`,
        ),
  );
  return {
    replies: chunks(`**${mod.title}** #${row.id}: the last ${plural(picked.length, 'action')}:\n${lines.join('\n') || '(none yet)'}`).map(
      (c) => privateReply(c),
    ),
    posts: [],
  };
}

/** /game help: the rules summary and the current phase (no game: how to start one). */
export function help(svc: Services, inv: Invocation, commandList: string): Outcome {
  const options = inv.options;
  const { where } = inv;
  const system = str(options, 'system');
  const row = svc.store.liveGame(where.channelId);
  const mod = system ? systemNamed(system) : row ? moduleOf(row) : undefined;
  if (!mod) return { replies: chunks(generalHelp(commandList)).map((c) => privateReply(c)), posts: [] };
  // The dice order only matters to /dev dice, which exists only at the offline table.
  let text = `📖 **${mod.title}**\n${mod.help.overview}${where.guildId ? '' : `\nDice order (for forced dice at the console): ${mod.diceOrder}`}`;
  if (!where.guildId && mod.deckCards)
    text +=
      '\nCards (for /dev cards at the console): queue the next cards drawn by name or id, e.g. ' +
      `\`/dev cards values:"${mod.deckCards()[0]?.name}, ${mod.deckCards().at(-1)?.name}"\`; each is drawn as soon as it is in the draw pile.`;
  if (row?.state && row.system === mod.id) text += `\n\n**Now: ${mod.phase(envOf(row).game)}**\n${mod.help.phase(envOf(row).game)}`;
  return { replies: chunks(text).map((c) => privateReply(c)), posts: [] };
}

export function viewerOf(svc: Services, row: GameRow, caller: Caller, where: Where): Viewer {
  const roles = svc.sessions.rolesOf(row, caller.id);
  if (roles.includes(UMPIRE)) return { kind: 'umpire' };
  if (roles.length) return { kind: 'seat', role: roles[0] };
  return isModerator(svc, caller, where) ? { kind: 'moderator' } : { kind: 'spectator' };
}

/** How to start; `commandList` is every command Discord shows, derived from the declarations. */
export function generalHelp(commandList: string): string {
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
    `All commands: ${commandList}.`,
  ].join('\n');
}
