// The command router: one entry point for Discord and the offline table.
import { runDeadlines } from './deadlines.ts';
import type { Services } from '../src/app/services.ts';
import { allGames } from '../src/games/registry.ts';
import { autocompleteGame, devCommand, gameCommand, modCommand, runDev, runGame, SLOW_GAME_SUBS } from './game.ts';
import { coerceOptions, findSub } from './options.ts';
import { queueOutcome, recoverPosts, undeliveredPosts } from './outbox.ts';
import { autocompletePlay, playCommand, pressButton, runPlay, staleControls } from './play.ts';
import { errorOutcome } from './present.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { CommandDef, Invocation, Router } from './types.ts';
import type { Outcome } from '../src/messages/types.ts';
import type { GameModule } from '../src/engine/types.ts';
import { ratingCommand } from './rating.ts';
import { currentCard, withCards } from './card.ts';
import { followGame, isFollow, threadFailed } from './follow.ts';
import { isTournamentButton, runTournament, tournamentButton, tournamentCommand } from './tournament.ts';
import { remindCommand, runReminders } from './remind.ts';
import { definitionOf, dispatchTable, subcommandOf, type Command, type Handler, type Subcommand } from './table.ts';
import { advanceTournaments, forfeitOnTime, repoOf } from '../src/tournament/service.ts';
import { bidTimeouts } from '../src/tournament/bids.ts';
import { currentHub } from '../src/tournament/hub.ts';
import { pendingThread } from '../src/tournament/threads.ts';

/** An old-style command whose handler still branches on the subcommand: every subcommand runs it (being folded into the table). */
function legacy(def: CommandDef, run: Handler, slow: (sub: string) => Subcommand['slow']): Command {
  return { ...def, subcommands: def.subcommands.map((s) => ({ ...s, who: 'anyone', slow: slow(s.name), run })) };
}

export function createRouter(svc: Services): Router {
  const games = () => allGames();
  // Built once per set of registered games: every command looks its declaration up (0.3 ms a build).
  let built: { games: GameModule<any, any>[]; table: Command[] } | null = null;
  const table = (): Command[] => {
    const now = games();
    if (!built || built.games.length !== now.length || built.games.some((g, i) => g !== now[i])) {
      // Measured: a KPW game of bots only plays out in /game start for ~2.7 s before its first await; a replay takes ~1 s.
      // A resignation may leave only bots, who then play the game out.
      const gameSlow = (sub: string) =>
        ['start', 'verify', 'export', 'resign'].includes(sub) ? 'at-once' : SLOW_GAME_SUBS.has(sub) ? 'late' : undefined;
      // These may start games, render the standings image or play bot seats' games.
      const tournamentSlow = (sub: string) =>
        ['start', 'result', 'drop', 'pair'].includes(sub)
          ? 'at-once'
          : ['standings', 'report', 'confirm', 'bid'].includes(sub)
            ? 'late'
            : undefined;
      const gameRun: Handler = (s, inv, progress) => runGame(s, { ...inv, command: 'game' }, progress);
      built = {
        games: now,
        table: [
          legacy(gameCommand(), gameRun, gameSlow),
          legacy(modCommand(), gameRun, gameSlow),
          legacy(tournamentCommand(), runTournament, tournamentSlow),
          ratingCommand(),
          remindCommand(),
          ...now.map((g) => legacy(playCommand(g), runPlay, () => 'late')),
          legacy(devCommand(), runDev, () => undefined),
        ],
      };
    }
    return built.table;
  };
  const definitions = (opts: { includeConsoleOnly?: boolean } = {}): CommandDef[] =>
    table()
      .filter((c) => opts.includeConsoleOnly || !c.consoleOnly)
      .map(definitionOf);
  const run = async (raw: Invocation, progress?: (line: string) => void): Promise<Outcome> => {
    try {
      // One place checks the path and types the values, for Discord and the table alike.
      let inv = raw;
      const def = definitions({ includeConsoleOnly: true }).find((d) => d.name === raw.command);
      const sub = def && findSub(def, raw.group, raw.sub);
      if (def && sub) inv = { ...raw, group: sub.group, options: coerceOptions(def.name, sub, raw.options) };
      if (inv.command === 'dev' && inv.where.guildId) throw new UserError('/dev commands exist only at the offline table.');
      return await dispatchTable(table(), svc, inv, progress);
    } catch (e) {
      return errorOutcome(e);
    }
  };
  const run2 = async (f: () => Outcome): Promise<Outcome> => {
    try {
      return f();
    } catch (e) {
      return errorOutcome(e);
    }
  };
  // Any command or button may have ended a tournament game: its tournament moves on (standings, next round).
  const withTournaments = (out: Outcome, channelId: string): Outcome => {
    try {
      out.posts.push(...advanceTournaments(svc));
    } catch (e) {
      out.posts.push(...errorOutcome(e).replies.map((r) => ({ channelId, content: r.content })));
    }
    return out;
  };
  // Every post an outcome owes is stored before any adapter sees the outcome;
  // a commit marks its game as owing posts until then (crash between the two).
  svc.sessions.onCommit ??= (gameId) => svc.store.outbox.owe(gameId);
  // Each outcome that changed something in public refreshes its games' cards (and chronicles a finished thread game).
  const queued = async (work: Promise<Outcome>, channelId: string) =>
    queueOutcome(svc, await withCards(svc, await work, channelId), channelId);
  return {
    outbox: svc.store.outbox,
    recover: (gameId) => recoverPosts(svc, gameId),
    undelivered: (u) => undeliveredPosts(svc, u),
    draw: (job) => svc.draw(job),
    definitions,
    deferAtOnce: (inv) => subcommandOf(table(), inv)?.slow === 'at-once',
    isSlow: (inv) => subcommandOf(table(), inv)?.slow !== undefined,
    async dispatch(raw, progress) {
      return queued(
        run(raw, progress).then((o) => withTournaments(o, raw.where.channelId)),
        raw.where.channelId,
      );
    },
    async autocomplete(req) {
      try {
        if (req.command === 'game' || req.command === 'mod')
          return await autocompleteGame(svc, req.sub, req.focused, req.partial, req.where, req.options);
        return await autocompletePlay(svc, req.command, req.sub, req.focused, req.partial, req.options, req.caller.id, req.where);
      } catch {
        return [];
      }
    },
    async button(press) {
      try {
        if (isFollow(press.customId)) return followGame(svc, press);
        if (isTournamentButton(press.customId))
          return await queued(
            run2(() => tournamentButton(svc, press)).then((o) => withTournaments(o, press.where.channelId)),
            press.where.channelId,
          );
        return await queued(
          pressButton(svc, press).then((o) => withTournaments(o, press.where.channelId)),
          press.where.channelId,
        );
      } catch (e) {
        return errorOutcome(e);
      }
    },
    async staleControls(ids) {
      try {
        return staleControls(svc, ids);
      } catch {
        return [];
      }
    },
    threadCreated(channelId, threadId) {
      // A tournament match's game may have ended (bot seats) before its thread opened: it moves too.
      const row = svc.store.liveGame(channelId) ?? (pendingThread(svc, channelId) ? svc.store.latestGame(channelId) : null);
      if (row) svc.store.moveGame(row.id, threadId);
      svc.store.outbox.redirect(channelId, threadId);
    },
    threadFailed: (home, channelId) => threadFailed(svc, home, channelId),
    card: (gameId) => currentCard(svc, gameId),
    cardPosted: (gameId, channelId, messageId) => svc.store.homes.setCard(gameId, channelId, messageId),
    mapPosted: (gameId, url) => svc.store.homes.setMap(gameId, url),
    hub: (tid) => currentHub(svc, tid),
    hubPosted: (tid, channelId, messageId) => repoOf(svc).setHub(tid, channelId, messageId),
    pendingThread: (lane) => pendingThread(svc, lane),
    async tick() {
      // A tournament's clock forfeits the late seat before any default is taken.
      const forfeits: Outcome = { replies: [], posts: forfeitOnTime(svc) };
      // Reminders first: a deadline that passes in this tick is gone once its default is taken.
      const reminders: Outcome = { replies: [], posts: runReminders(svc) };
      const rest = await runDeadlines(svc);
      const moved: Outcome = { replies: [], posts: [...bidTimeouts(svc), ...advanceTournaments(svc)] };
      return Promise.all(
        [forfeits, reminders, ...rest, moved].filter((o) => o.posts.length).map(async (o) => queueOutcome(svc, await withCards(svc, o))),
      );
    },
  };
}
