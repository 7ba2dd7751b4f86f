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
import { ratingCommand, runRating } from './rating.ts';
import { currentCard, withCards } from './card.ts';
import { followGame, isFollow, threadFailed } from './follow.ts';
import { isTournamentButton, runTournament, tournamentButton, tournamentCommand } from './tournament.ts';
import { remindCommand, runReminders, runRemind } from './remind.ts';
import { advanceFinished, advanceRunning, forfeitOnTime } from '../src/tournament/service.ts';
import { repoOf } from '../src/tournament/repo.ts';
import { bidTimeouts } from '../src/tournament/bids.ts';
import { currentHub } from '../src/tournament/hub.ts';
import { pendingThread } from '../src/tournament/threads.ts';

export function createRouter(svc: Services): Router {
  const games = () => allGames();
  // Built once per set of registered games: every command looks its definition up (0.3 ms a build).
  // The first tick sweeps every active game once (bots left waiting by a restart); later ticks read only what is due.
  let swept = false;
  let built: { games: GameModule<any, any>[]; defs: CommandDef[]; dev: CommandDef } | null = null;
  const definitions = (opts: { includeConsoleOnly?: boolean } = {}): CommandDef[] => {
    const now = games();
    if (!built || built.games.length !== now.length || built.games.some((g, i) => g !== now[i])) {
      const defs = [gameCommand(), modCommand(), tournamentCommand(), ratingCommand(), remindCommand(), ...now.map(playCommand)];
      built = { games: now, defs, dev: devCommand() };
    }
    return opts.includeConsoleOnly ? [...built.defs, built.dev] : [...built.defs];
  };
  const run = async (raw: Invocation, progress?: (line: string) => void): Promise<Outcome> => {
    try {
      // One place checks the path and types the values, for Discord and the table alike.
      let inv = raw;
      const def = definitions({ includeConsoleOnly: true }).find((d) => d.name === raw.command);
      const sub = def && findSub(def, raw.group, raw.sub);
      if (def && sub) inv = { ...raw, group: sub.group, options: coerceOptions(def.name, sub, raw.options) };
      // /mod holds the moderators' /game tools (its own menu in Discord).
      if (inv.command === 'game' || inv.command === 'mod') return await runGame(svc, { ...inv, command: 'game' }, progress);
      if (inv.command === 'tournament') return runTournament(svc, inv);
      if (inv.command === 'rating') return runRating(svc, inv);
      if (inv.command === 'remind') return runRemind(svc, inv);
      if (inv.command === 'dev') {
        if (inv.where.guildId) throw new UserError('/dev commands exist only at the offline table.');
        return runDev(svc, inv);
      }
      if (games().some((g) => g.command === inv.command)) return await runPlay(svc, inv, progress);
      throw new UserError(`Unknown command /${inv.command}.`);
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
  // A command or button that ended a tournament game moves its tournament on (standings, next round).
  const withTournaments = (out: Outcome, channelId: string): Outcome => {
    try {
      out.posts.push(...advanceFinished(svc));
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
    // Measured: a KPW game of bots only plays out in /game start for ~2.7 s before its first await; a replay takes ~1 s.
    // A resignation may leave only bots, who then play the game out.
    deferAtOnce(inv) {
      if (inv.command === 'game' || inv.command === 'mod') return ['start', 'verify', 'export', 'resign'].includes(inv.sub);
      return inv.command === 'tournament' && ['start', 'result', 'drop', 'pair'].includes(inv.sub);
    },
    isSlow(inv) {
      if (inv.command === 'game' || inv.command === 'mod') return SLOW_GAME_SUBS.has(inv.sub);
      // These may start games, render the standings image or play bot seats' games.
      if (inv.command === 'tournament')
        return ['start', 'result', 'drop', 'pair', 'standings', 'report', 'confirm', 'bid'].includes(inv.sub);
      return games().some((g) => g.command === inv.command);
    },
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
      const sweep = !swept;
      swept = true;
      // A tournament's clock forfeits the late seat before any default is taken.
      const forfeits: Outcome = { replies: [], posts: forfeitOnTime(svc) };
      // Reminders first: a deadline that passes in this tick is gone once its default is taken.
      const reminders: Outcome = { replies: [], posts: runReminders(svc, sweep) };
      const rest = await runDeadlines(svc, sweep);
      const moved: Outcome = { replies: [], posts: [...bidTimeouts(svc), ...advanceRunning(svc)] };
      return Promise.all(
        [forfeits, reminders, ...rest, moved].filter((o) => o.posts.length).map(async (o) => queueOutcome(svc, await withCards(svc, o))),
      );
    },
  };
}
