// Who must act now, as lines that mention them: shared by game posts and
// tournament match threads.
import type { Envelope } from '../engine/runner.ts';
import type { GameRules, Role } from '../engine/types.ts';
import type { Seat } from '../store/store.ts';
import { isBotSeat } from './session.ts';
import { turnHolder } from './teams.ts';

export function mention(seat: Seat): string {
  return isBotSeat(seat) ? seat.userName : `<@${seat.userId}>`;
}

export function roleName(mod: GameRules<any, any, any>, options: unknown, role: Role): string {
  return mod.roles(options).find((r) => r.id === role)?.name ?? role;
}

/** "<@u> (English): evade or stand?" lines for every open prompt, with pings. */
export function promptLines(
  mod: GameRules<any, any, any>,
  env: Envelope<any>,
  seats: Seat[],
  onlyRoles?: Role[],
  /** Text the lines follow (a summary): a prompt it already states is not repeated, only who is asked. */
  stated = '',
): { text: string; mentions: string[] } {
  const lines: string[] = [];
  const mentions: string[] = [];
  const infos = mod.roles(env.options);
  for (const prompt of mod.prompts(env.game)) {
    if (onlyRoles && !onlyRoles.includes(prompt.role)) continue;
    // A team side: the member whose turn it is ('turns'), or every member ('any').
    const holder = turnHolder(
      infos.find((r) => r.id === prompt.role),
      seats,
      env.decisions,
    );
    const asked = holder ? [holder] : seats.filter((s) => s.role === prompt.role);
    const who = asked.length ? asked.map(mention).join(', ') : '(empty seat)';
    for (const seat of asked) if (!isBotSeat(seat)) mentions.push(seat.userId);
    const line = `➡️ ${who} — **${roleName(mod, env.options, prompt.role)}**${stated.includes(prompt.text) ? ' (asked above)' : `: ${prompt.text}`}`;
    if (!lines.includes(line)) lines.push(line);
  }
  return { text: lines.join('\n'), mentions };
}
