// Which Discord REST calls count against the bot's global limit (50 requests
// a second, Discord's documented default), and of what kind they are: every
// call but interaction responses and their follow-ups, which go through the
// interaction's own webhook and which Discord exempts. Issue 19 §2 budgets
// the counted ones per command; the metrics count them by kind.

/** Discord's global limit per bot, requests per second; discord.js's own limiter holds the bot under it. */
export const GLOBAL_REQUESTS_PER_SECOND = 50;

export type RestKind = 'post' | 'edit' | 'pin' | 'thread' | 'dm' | 'read' | 'other';

/** Interaction callbacks and the interaction webhook's messages (follow-ups, edits of the reply) are exempt. */
export function underGlobalLimit(path: string): boolean {
  return !/^\/interactions\/\d+\/[^/]+\/callback$/.test(path) && !/^\/webhooks\/\d+\/[^/]+(\/|$)/.test(path);
}

/** A counted call's kind: a new message, an edit (cards, disabled controls, pictures added), a pin, a thread call. */
export function restKind(method: string, path: string): RestKind {
  const m = method.toUpperCase();
  if (/\/pins(\/|$)/.test(path)) return 'pin';
  if (m === 'POST' && /^\/channels\/\d+\/messages$/.test(path)) return 'post';
  if (m === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(path)) return 'edit';
  if (/^\/channels\/\d+\/threads$/.test(path) || /\/thread-members(\/|$)/.test(path) || (m === 'PATCH' && /^\/channels\/\d+$/.test(path)))
    return 'thread';
  if (path === '/users/@me/channels') return 'dm';
  if (m === 'GET') return 'read';
  return 'other';
}
