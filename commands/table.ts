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
import { isModerator, MODERATOR_NOTE } from './context.ts';
import { findSub, pathOf } from './options.ts';
import type { CommandDef, Invocation, SubcommandDef } from './types.ts';

/**
 * Who may use a subcommand. The driver enforces `moderator` before the handler
 * runs; `seat` and `umpire` are checked by the game's handler against the
 * seats (its refusal lists them); `anyone` may still meet a handler's own
 * finer check (the creator of a lobby, a moderator acting for another member).
 * `organiser`: a tournament's organiser, today any moderator.
 */
export type Who = 'anyone' | 'seat' | 'umpire' | 'moderator' | 'organiser';

export type Progress = (line: string) => void;
export type Handler = (svc: Services, inv: Invocation, progress?: Progress) => Outcome | Promise<Outcome>;

/** One subcommand, declared once. */
export interface Subcommand extends SubcommandDef {
  /** Who may use it (see Who). */
  who: Who;
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
}

/** The declaration without its handler: what Discord's JSON and the table's parser are built from. */
export function definitionOf(command: Command): CommandDef {
  return {
    ...command,
    subcommands: command.subcommands.map(
      ({ who: _who, private: _private, slow: _slow, check: _check, shownIn: _shownIn, run: _run, ...def }) => def,
    ),
  };
}

/** How a person types the subcommand where Discord shows it: "/mod result", "/kpw move step". */
export function slashPath(command: Pick<Command, 'name'>, sub: Pick<Subcommand, 'group' | 'name' | 'shownIn'>): string {
  return `/${sub.shownIn ?? command.name} ${pathOf(sub)}`;
}

const WHO_TEXT: Record<Who, string> = {
  anyone: 'anyone',
  seat: 'a player of this game',
  umpire: 'the umpire',
  moderator: 'a moderator',
  organiser: "a moderator (the tournament's organiser)",
};

/** The refusal a caller gets who is not `who` the subcommand declares. */
export function refusalText(command: Pick<Command, 'name'>, sub: Subcommand): string {
  const base = `Only ${WHO_TEXT[sub.who]} may use \`${slashPath(command, sub)}\`: ${lowerFirst(stripAudience(sub.description))}.`;
  return sub.who === 'moderator' || sub.who === 'organiser' ? `${base} ${MODERATOR_NOTE}` : base;
}

// "Moderators: record a result by hand" → "record a result by hand"; the audience is said by the refusal itself.
const stripAudience = (text: string) => text.replace(/^Moderators:\s*/, '');
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** /game help's list: the subcommands Discord shows under each command, from their declarations. */
export function commandList(commands: Command[]): string {
  return commands
    .filter((c) => !c.consoleOnly)
    .map(
      (command) =>
        `\`/${command.name}\` ${command.subcommands
          .filter((s) => !s.consoleOnly)
          .map(pathOf)
          .join(', ')}`,
    )
    .join('; ');
}

/** May this caller use the subcommand? Only the kinds the driver enforces are checked here. */
export function mayUse(svc: Services, sub: Subcommand, inv: Invocation): boolean {
  if (sub.who === 'moderator' || sub.who === 'organiser') return isModerator(svc, inv.caller, inv.where);
  return true;
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

/** The driver's checks (subcommand, permission), throwing the refusal; the subcommand to run. */
function checkTable(commands: Command[], svc: Services, inv: Invocation): Subcommand {
  const command = commands.find((c) => c.name === inv.command);
  if (!command) throw new UserError(`Unknown command /${inv.command}.`);
  const sub = findSub(definitionOf(command), inv.group, inv.sub) && command.subcommands.find((s) => s.name === inv.sub);
  if (!sub) {
    const names = command.subcommands.filter((s) => !s.consoleOnly || !inv.where.guildId).map((s) => pathOf(s));
    throw new UserError(`Unknown /${command.name} subcommand "${echo(inv.sub)}". Try: ${names.join(', ')}.`);
  }
  if (!mayUse(svc, sub, inv)) throw new UserError(refusalText(command, sub));
  return sub;
}
