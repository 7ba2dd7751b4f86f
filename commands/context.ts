// Shared helpers for handlers: finding the channel's game, seats, permissions,
// option parsing.
import type { Services } from '../src/app/services.ts';
import { moduleOf } from '../src/app/session.ts';
import { allGames, getGame } from '../src/games/registry.ts';
import type { GameModule } from '../src/engine/types.ts';
import type { GameRow } from '../src/store/store.ts';
import { echo } from '../src/messages/text.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { Caller, Where } from './types.ts';

export function liveGame(svc: Services, where: Where): GameRow {
  const row = svc.store.liveGame(where.channelId);
  if (!row) {
    const last = svc.store.latestGame(where.channelId);
    const result = last?.result
      ? (JSON.parse(last.result) as { summary?: string; calledOff?: { tournament: string; round: number } })
      : null;
    // A tournament game called off by a re-pairing (issue 20 §6): the player's new game is elsewhere, not a /game new.
    if (last && result?.calledOff)
      throw new UserError(
        `Game #${last.id} here (${echo(result.calledOff.tournament, 100)}, round ${result.calledOff.round}) was called off when ` +
          `the round was paired again; nothing played in it counts. Your new game has its own thread: ` +
          `\`/tournament pairings round:${result.calledOff.round}\` links it.`,
      );
    const summary = (result?.summary ?? '').trim();
    const how = last?.status === 'abandoned' ? ' was called off' : ' has ended';
    const said = summary ? `: ${echo(summary, 400)}${/[.!?…]$/.test(echo(summary, 400)) ? '' : '.'}` : '.';
    const ended = last ? ` Game #${last.id} (${last.system})${how}${said} /game log, /game export and /game verify still show it.` : '';
    // Games opened with thread:true here live in their threads: name them.
    const threads = svc.store.homes.liveInThreadsOf(where.channelId).slice(0, 5);
    const threadHint = threads.length
      ? `, or go to the game's thread: ${threads.map((t) => `#${t.id} in <#${t.channelId}>`).join(', ')}`
      : `, or go to the game's thread (\`/game list state:active\` links them)`;
    throw new UserError(`There is no game running in this channel.${ended} Start one with \`/game new system:<game>\`${threadHint}.`);
  }
  return row;
}

/** The game system of that id; refuses an unknown one, listing the systems. */
export function systemNamed(system: string): GameModule<any, any> {
  const mod = getGame(system);
  if (!mod)
    throw new UserError(
      `Unknown game "${echo(system)}". Games: ${allGames()
        .map((g) => `${g.id} (${g.title})`)
        .join(', ')}.`,
    );
  return mod;
}

export function activeGame(svc: Services, where: Where): { row: GameRow; mod: GameModule<any, any> } {
  const row = liveGame(svc, where);
  if (row.status !== 'active')
    throw new UserError('The game has not started yet. Take a seat with `/game join side:<side>`, then `/game start`.');
  return { row, mod: moduleOf(row) };
}

export function isModerator(svc: Services, caller: Caller, where: Where): boolean {
  if (caller.isModerator) return true;
  const role = where.guildId ? svc.store.moderatorRole(where.guildId) : null;
  return !!role && (caller.roleIds ?? []).includes(role);
}

/** Where moderators come from, for every refusal that names them. */
export const MODERATOR_NOTE = "Moderators have the Manage Server permission or the server's moderator role (set with `/mod modrole`).";

/** Parse "key=value, key=value" (quotes allowed) into raw options. */
export function parseKeyValues(text: string | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (!text?.trim()) return out;
  const pattern = /([a-z][a-z0-9_-]*)\s*(?:=\s*("([^"]*)"|[^\s,]+))?/gi;
  let found: RegExpExecArray | null;
  while ((found = pattern.exec(text))) {
    const key = found[1].toLowerCase();
    const raw = found[3] ?? found[2];
    if (raw === undefined) out[key] = true;
    else if (/^(true|yes|on)$/i.test(raw)) out[key] = true;
    else if (/^(false|no|off)$/i.test(raw)) out[key] = false;
    else if (/^-?\d+$/.test(raw)) out[key] = Number(raw);
    else out[key] = raw;
  }
  const leftover = text.replace(pattern, '').replace(/[\s,]/g, '');
  if (leftover)
    throw new UserError(
      `Could not read the options "${echo(text)}". Write them as key=value pairs ` +
        `separated by commas, e.g. \`short=true, ferocity=limited\`.`,
    );
  return out;
}

export function str(options: Record<string, string | number | boolean>, name: string): string | undefined {
  const value = options[name];
  return value === undefined || value === '' ? undefined : String(value);
}

export function int(options: Record<string, string | number | boolean>, name: string, min: number, max: number): number | undefined {
  const value = options[name];
  if (value === undefined || value === '') return undefined;
  const count = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(count) || count < min || count > max)
    throw new UserError(`\`${name}\` must be a whole number from ${min} to ${max}, not "${echo(value)}".`);
  return count;
}

export function bool(options: Record<string, string | number | boolean>, name: string): boolean | undefined {
  const value = options[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (/^(true|yes|on|1)$/i.test(String(value))) return true;
  if (/^(false|no|off|0)$/i.test(String(value))) return false;
  throw new UserError(`\`${name}\` must be true or false, not "${echo(value)}".`);
}

/** A seat's holder by name (seats stored before names were known hold a raw id: mention it, Discord shows the name). */
export function seatName(seat: { userId: string; userName: string }): string {
  return seat.userName === seat.userId && /^\d{15,}$/.test(seat.userId) ? `<@${seat.userId}>` : seat.userName;
}
