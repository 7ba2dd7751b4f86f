// The command router: one entry point for Discord and the offline table.
import { runDeadlines } from './deadlines.ts';
import type { Services } from '../src/app/services.ts';
import { envOf, moduleOf } from '../src/app/session.ts';
import { allGames } from '../src/games/registry.ts';
import { autocompleteGame, devCommand, gameCommand, modCommand, runDev, runGame, SLOW_GAME_SUBS } from './game.ts';
import { coerceOptions, findSub } from './options.ts';
import { queueOutcome, recoverPosts, undeliveredPosts } from './outbox.ts';
import { autocompletePlay, playCommand, pressButton, runPlay } from './play.ts';
import { errorOutcome, presentAct, privateReply, UserError } from './present.ts';
import type { CommandDef, Invocation, Outcome, Router } from './types.ts';

export function createRouter(svc: Services): Router {
  const games = () => allGames();
  const definitions = (opts: { includeConsoleOnly?: boolean } = {}): CommandDef[] => {
    const defs: CommandDef[] = [gameCommand(), modCommand(), ...games().map(playCommand)];
    if (opts.includeConsoleOnly) defs.push(devCommand());
    return defs;
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
  // Every post an outcome owes is stored before any adapter sees the outcome;
  // a commit marks its game as owing posts until then (crash between the two).
  svc.sessions.onCommit ??= (gameId) => svc.store.outbox.owe(gameId);
  const queued = async (work: Promise<Outcome>, channelId: string) => queueOutcome(svc, await work, channelId);
  return {
    outbox: svc.store.outbox,
    recover: (gameId) => recoverPosts(svc, gameId),
    undelivered: (u) => undeliveredPosts(svc, u),
    definitions,
    isSlow(inv) {
      if (inv.command === 'game' || inv.command === 'mod') return SLOW_GAME_SUBS.has(inv.sub);
      return games().some((g) => g.command === inv.command);
    },
    async dispatch(raw, progress) {
      return queued(run(raw, progress), raw.where.channelId);
    },
    async autocomplete(req) {
      try {
        if (req.command === 'game' || req.command === 'mod') return await autocompleteGame(svc, req.sub, req.focused, req.partial, req.where, req.options);
        return await autocompletePlay(svc, req.command, req.sub, req.focused, req.partial, req.options, req.caller.id, req.where);
      } catch {
        return [];
      }
    },
    async button(press) {
      try {
        return await queued(pressButton(svc, press), press.where.channelId);
      } catch (e) {
        return errorOutcome(e);
      }
    },
    threadCreated(channelId, threadId) {
      const row = svc.store.liveGame(channelId);
      if (row) svc.store.moveGame(row.id, threadId);
      svc.store.outbox.redirect(channelId, threadId);
    },
    async tick() {
      return Promise.all((await runDeadlines(svc)).map((o) => queueOutcome(svc, o)));
    },
  };
}
