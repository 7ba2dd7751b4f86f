// The command router: one entry point for Discord and the offline table.
import { runDeadlines } from './deadlines.ts';
import type { Services } from '../src/app/services.ts';
import { allGames } from '../src/games/registry.ts';
import { autocompleteGame, gameCommand, modCommand } from './game.ts';
import { devCommand } from './dev.ts';
import { coerceOptions, findSub } from './options.ts';
import { openDecisions, queueOutcome, recoverPosts, repostGame, undeliveredPosts } from './outbox.ts';
import { autocompletePlay, playCommand, pressButton, staleControls } from './play.ts';
import { errorOutcome } from './present.ts';
import { closeSupersededTurns } from './turn.ts';
import { isModerator } from './context.ts';
import { damagedAnswer } from '../src/app/damage.ts';
import { DamagedGameError } from '../src/store/damaged.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { CommandDef, Invocation, Router } from './types.ts';
import type { Outcome, Post } from '../src/messages/types.ts';
import type { GameModule } from '../src/engine/types.ts';
import { ratingCommand } from './rating.ts';
import { currentCard, withCards } from './card.ts';
import { followGame, isFollow, threadFailed } from './follow.ts';
import { autocompleteTournament, isTournamentButton, staleTournamentControls, tournamentButton, tournamentCommand } from './tournament.ts';
import { runCheckinWindows } from '../src/tournament/entry.ts';
import { remindCommand, runReminders } from './remind.ts';
import { definitionOf, dispatchTable, precheckTable, subcommandOf, type Command } from './table.ts';
import { advanceFinished, advanceRunning, forfeitOnTime } from '../src/tournament/service.ts';
import { repoOf } from '../src/tournament/repo.ts';
import { bidTimeouts } from '../src/tournament/bids.ts';
import { currentHub } from '../src/tournament/hub.ts';
import { hubOfMatch, pendingThread } from '../src/tournament/threads.ts';

/** The tick's lease: its name, and how long a leader holds it without ticking (the bot passes 3 × its tick period). */
export const TICK_LEASE = 'tick';
const TICK_LEASE_MS = 90_000;

/** Every command, declared: /game, /mod, /tournament, /rating, /remind, each registered game's own, and /dev (table only). */
export function commandTable(): Command[] {
  return [gameCommand(), modCommand(), tournamentCommand(), ratingCommand(), remindCommand(), ...allGames().map(playCommand), devCommand()];
}

export function createRouter(svc: Services): Router {
  const games = () => allGames();
  // The first tick sweeps every active game once (bots left waiting by a restart); later ticks read only what is due.
  let swept = false;
  // Built once per set of registered games: every command looks its declaration up (0.3 ms a build).
  let built: { games: GameModule<any, any>[]; table: Command[] } | null = null;
  const table = (): Command[] => {
    const now = games();
    if (!built || built.games.length !== now.length || built.games.some((g, i) => g !== now[i]))
      built = { games: now, table: commandTable() };
    return built.table;
  };
  const definitions = (opts: { includeConsoleOnly?: boolean } = {}): CommandDef[] =>
    table()
      .filter((c) => opts.includeConsoleOnly || !c.consoleOnly)
      .map(definitionOf);
  // One place checks the path and types the values, for Discord and the table alike.
  const typed = (raw: Invocation): Invocation => {
    let inv = raw;
    const def = definitions({ includeConsoleOnly: true }).find((d) => d.name === raw.command);
    const sub = def && findSub(def, raw.group, raw.sub);
    if (def && sub) inv = { ...raw, group: sub.group, options: coerceOptions(def.name, sub, raw.options) };
    if (inv.command === 'dev' && inv.where.guildId) throw new UserError('/dev commands exist only at the offline table.');
    // /mod holds /game's moderator tools (its own menu in Discord): the same declarations.
    return inv.command === 'mod' ? { ...inv, command: 'game' } : inv;
  };
  const run = async (raw: Invocation, progress?: (line: string) => void): Promise<Outcome> => {
    try {
      return await dispatchTable(table(), svc, typed(raw), progress);
    } catch (error) {
      return failed(error, raw);
    }
  };
  const declared = (inv: Pick<Invocation, 'command' | 'sub'>) =>
    subcommandOf(table(), inv) ?? (inv.command === 'mod' ? subcommandOf(table(), { ...inv, command: 'game' }) : undefined);
  // A damaged game (issue 22) gets its own answer, and its moderators a report, instead of "something went wrong".
  const failed = (error: unknown, call: { caller: Invocation['caller']; where: Invocation['where'] }): Outcome =>
    damagedAnswer(svc, error, call.where.channelId, isModerator(svc, call.caller, call.where)) ?? errorOutcome(error);
  const run2 = async (handle: () => Outcome): Promise<Outcome> => {
    try {
      return handle();
    } catch (error) {
      return errorOutcome(error);
    }
  };
  // A command or button that ended a tournament game moves its tournament on (standings, next round).
  const withTournaments = (out: Outcome, channelId: string): Outcome => {
    try {
      out.posts.push(...advanceFinished(svc));
    } catch (error) {
      out.posts.push(...errorOutcome(error).replies.map((r) => ({ channelId, content: r.content })));
    }
    return out;
  };
  // Every post an outcome owes is stored before any adapter sees the outcome;
  // a commit marks its game as owing posts until then (crash between the two).
  svc.sessions.onCommit ??= (gameId) => svc.store.outbox.owe(gameId);
  // Each outcome that changed something in public refreshes its games' cards (and chronicles a finished thread game).
  const queued = async (work: Promise<Outcome>, channelId: string) => {
    const out = await work;
    closeSupersededTurns(svc, out, channelId);
    return queueOutcome(svc, await withCards(svc, out, channelId), channelId);
  };
  return {
    outbox: svc.store.outbox,
    recover: (gameId) => recoverPosts(svc, gameId),
    undelivered: (u) => undeliveredPosts(svc, u),
    async accessReturned(channelId) {
      const row = svc.store.liveGame(channelId);
      if (row?.status !== 'active' || !row.state) return null;
      const line = '🔁 I can post here again. The game as it stands now:';
      return queueOutcome(svc, await repostGame(svc, row, [], true, undefined, [line]), channelId);
    },
    draw: (job) => svc.draw(job),
    definitions,
    deferAtOnce: (inv) => declared(inv)?.slow === 'at-once',
    isSlow: (inv) => declared(inv)?.slow !== undefined,
    answersPrivately: (inv) => declared(inv)?.private === true,
    refusal(raw) {
      try {
        precheckTable(table(), svc, typed(raw));
        return null;
      } catch (error) {
        return failed(error, raw);
      }
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
        if (req.command === 'tournament') return autocompleteTournament(svc, req.sub, req.focused, req.partial, req.where);
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
          pressButton(svc, press)
            .catch((e: unknown) => failed(e, press))
            .then((o) => withTournaments(o, press.where.channelId)),
          press.where.channelId,
        );
      } catch (error) {
        return errorOutcome(error);
      }
    },
    async staleControls(ids) {
      try {
        return [...staleControls(svc, ids), ...staleTournamentControls(svc, ids)];
      } catch {
        return [];
      }
    },
    openDecisions(gameId, decisions) {
      try {
        return openDecisions(svc, gameId, decisions);
      } catch {
        return null;
      }
    },
    threadTaken: (threadId) => svc.store.latestGame(threadId) !== null,
    threadCreated(channelId, threadId) {
      // One transaction: another process never sees the game moved and its posts not (issue 21 §3).
      svc.store.db.transaction(() => {
        // A tournament match's game may have ended (bot seats) before its thread opened: it moves too.
        const row = svc.store.liveGame(channelId) ?? (pendingThread(svc, channelId) ? svc.store.latestGame(channelId) : null);
        if (row) svc.store.moveGame(row.id, threadId);
        svc.store.outbox.redirect(channelId, threadId);
        // A match's hub links its thread: drawn again now that the thread exists (issue 19 §9).
        if (row) svc.store.outbox.enqueue(hubOfMatch(svc, row.id), { hold: false });
      })();
    },
    threadFailed: (home, channelId) => threadFailed(svc, home, channelId),
    // A damaged game has no card to draw (its notice says why).
    card: (gameId) => {
      try {
        return currentCard(svc, gameId);
      } catch (error) {
        if (error instanceof DamagedGameError) return null;
        throw error;
      }
    },
    cardPosted: (gameId, channelId, messageId) => svc.store.homes.setCard(gameId, channelId, messageId),
    mapPosted: (gameId, url) => svc.store.homes.setMap(gameId, url),
    turnPosted: (gameId, seq, channelId, messageId) => svc.store.turns.posted(gameId, seq, channelId, messageId),
    turnMessage: (gameId, seq) => svc.store.turns.messageOf(gameId, seq),
    hub: (tid) => currentHub(svc, tid),
    hubPosted: (tid, channelId, messageId) => repoOf(svc).setHub(tid, channelId, messageId),
    pendingThread: (lane) => pendingThread(svc, lane),
    async tick(opts = {}) {
      // One process leads the tick (issue 21 §3): deadlines, reminders, lobbies and
      // tournament clocks are done by it alone, and a dead leader's lease lapses
      // so another takes over. A new leader sweeps every active game once.
      const lead = svc.store.leases.acquire(TICK_LEASE, opts.leaseMs ?? TICK_LEASE_MS);
      if (!lead) return [];
      const sweep = !swept || lead === 'taken';
      swept = true;
      // Each part on its own: one that fails (a damaged game, issue 22) is logged and the others still run.
      const part = (name: string, runPart: () => Post[]): Post[] => {
        try {
          return runPart();
        } catch (error) {
          console.error(`muster: the tick's ${name} failed:`, error);
          return [];
        }
      };
      // A tournament's clock forfeits the late seat before any default is taken.
      const forfeits: Outcome = { replies: [], posts: part('forfeits', () => forfeitOnTime(svc)) };
      // Reminders first: a deadline that passes in this tick is gone once its default is taken.
      const reminders: Outcome = { replies: [], posts: part('reminders', () => runReminders(svc, sweep)) };
      const store = async (outcome: Outcome) => {
        closeSupersededTurns(svc, outcome);
        return queueOutcome(svc, await withCards(svc, outcome));
      };
      // Deadline defaults are stored as each is committed (a process killed mid-tick loses none of their posts).
      const rest = await runDeadlines(svc, sweep, store, !!opts.inPlace);
      // Check-in windows open and close on their schedule (only those due now are read).
      const checkins: Post[] = part('check-in', () => runCheckinWindows(svc));
      const moved: Outcome = { replies: [], posts: [...checkins, ...bidTimeouts(svc), ...advanceRunning(svc)] };
      return Promise.all([forfeits, reminders, ...rest, moved].filter((o) => o.posts.length).map(async (o) => (o.queued ? o : store(o))));
    },
  };
}
