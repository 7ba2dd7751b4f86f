// Commands as a table, after the discord.js guide's command handling: each
// subcommand is declared once (name, options, who may use it, whether it
// answers privately, whether it is slow, its handler) and everything else is
// derived from the declarations: the Discord command JSON and the table's
// parser (through `definitionOf`), the dispatch, the permission check with its
// refusal text, the defer policy and /game help's list. Declarations live in
// the files named for what they hold (commands/game/…, tournament.ts, …);
// this file is the small driver after them.
import type { Services } from '../src/app/services.ts';
import { echo } from '../src/messages/text.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Outcome } from '../src/messages/types.ts';
import { moduleOf } from '../src/app/session.ts';
import { findSub, pathOf } from './options.ts';
import { callOf, refusalOf, WHO_KINDS, WHO_SHORT, type Guarded, type ModeratorPart, type Who } from './permission.ts';
import type { CommandDef, Invocation, SubcommandDef } from './types.ts';

export type Progress = (line: string) => void;
export type Handler = (svc: Services, inv: Invocation, progress?: Progress) => Outcome | Promise<Outcome>;

/** One subcommand, declared once. */
export interface Subcommand extends SubcommandDef {
  /** Who may use it (see Who); the driver checks it before the handler runs. */
  who: Who;
  /** Parts only moderators may use (another member, a game in play): checked first, each refused with its own text. */
  moderatorParts?: ModeratorPart[];
  /** It answers only the caller (an ephemeral reply): lists, settings, verification. */
  private?: boolean;
  /**
   * Slow work: 'late' defers once the handler runs past a moment (maps,
   * replays); 'at-once' acknowledges before the handler starts (it may block
   * for seconds before its first pause: bots playing a game out).
   */
  slow?: 'late' | 'at-once';
  /**
   * The handler's pure refusal checks (throws the refusal; stores nothing), run
   * before the bot acknowledges a slow command publicly. Absent: only the
   * driver's own checks (subcommand, permission).
   */
  check?: (svc: Services, inv: Invocation) => void;
  /** Where Discord shows it, when not under its own command: /game's moderator tools live in /mod. */
  shownIn?: string;
  run: Handler;
}

/** One slash command: its declared subcommands and how Discord shows it. */
export interface Command extends Omit<CommandDef, 'subcommands'> {
  subcommands: Subcommand[];
  /** A game's own command (/kpw): the game system it plays, so the channel's game must be of it. */
  system?: string;
}

/** The declaration without its handler: what Discord's JSON and the table's parser are built from. */
export function definitionOf({ system: _system, ...command }: Command): CommandDef {
  return {
    ...command,
    subcommands: command.subcommands.map(
      ({ who: _who, moderatorParts: _parts, private: _private, slow: _slow, check: _check, shownIn: _shownIn, run: _run, ...def }) => def,
    ),
  };
}

/** /game help's list: the subcommands Discord shows under each command, by who may use them, from their declarations. */
export function commandList(commands: Command[]): string {
  return commands
    .filter((c) => !c.consoleOnly)
    .map((command) => {
      const shown = command.subcommands.filter((s) => !s.consoleOnly);
      const byWho = WHO_KINDS.map((who) => ({ who, paths: shown.filter((s) => s.who === who).map(pathOf) })).filter((g) => g.paths.length);
      return `\`/${command.name}\` ${byWho.map((g) => `(${WHO_SHORT[g.who]}) ${g.paths.join(', ')}`).join(' · ')}`;
    })
    .join('; ');
}

/** May this caller make this call? The driver's one decision (see permission.ts); throws only "no game here". */
export function mayUse(svc: Services, command: Pick<Command, 'name'>, sub: Guarded, inv: Invocation): boolean {
  return refusalOf(command, sub, callOf(svc, inv)) === null;
}

/** The declared subcommand an invocation names (undefined: no such command or subcommand). */
export function subcommandOf(commands: Command[], inv: Pick<Invocation, 'command' | 'group' | 'sub'>): Subcommand | undefined {
  const command = commands.find((c) => c.name === inv.command);
  if (!command) return undefined;
  return command.subcommands.find((s) => s.name === inv.sub && (inv.group === undefined || s.group === inv.group));
}

/** Run an invocation through the table: the subcommand, its permission, its handler. */
export async function dispatchTable(commands: Command[], svc: Services, inv: Invocation, progress?: Progress): Promise<Outcome> {
  return checkTable(commands, svc, inv).run(svc, inv, progress);
}

/** Every pure check before a command runs, the subcommand's own included (throws the refusal; stores nothing). */
export function precheckTable(commands: Command[], svc: Services, inv: Invocation): void {
  const sub = checkTable(commands, svc, inv);
  sub.check?.(svc, inv);
}

/** The driver's checks (subcommand, the channel's game for a game's command, permission), throwing the refusal; the subcommand to run. */
function checkTable(commands: Command[], svc: Services, inv: Invocation): Subcommand {
  const command = commands.find((c) => c.name === inv.command);
  if (!command) throw new UserError(`Unknown command /${inv.command}.`);
  const sub = findSub(definitionOf(command), inv.group, inv.sub) && command.subcommands.find((s) => s.name === inv.sub);
  if (!sub) {
    const names = command.subcommands.filter((s) => !s.consoleOnly || !inv.where.guildId).map((s) => pathOf(s));
    throw new UserError(`Unknown /${command.name} subcommand "${echo(inv.sub)}". Try: ${names.join(', ')}.`);
  }
  const call = callOf(svc, inv);
  if (command.system !== undefined && call.game().system !== command.system) {
    const mod = moduleOf(call.game());
    throw new UserError(`This channel's game is ${mod.title}: use /${mod.command}, not /${command.name}.`);
  }
  const refusal = refusalOf(command, sub, call);
  if (refusal !== null) throw new UserError(refusal);
  return sub;
}
