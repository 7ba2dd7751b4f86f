// What may reach a log line. Discord REST errors carry the request: its URL
// holds interaction and webhook tokens (valid for 15 minutes, enough to post
// as the bot) and its body holds the reply text, often a private (ephemeral)
// one. So an error is reduced to status, method, route and code, and every
// string is scrubbed of tokens before it is written.

/** `/interactions/<id>/<token>/…` and `/webhooks/<app id>/<token>/…` → ids and tokens masked. */
const TOKEN_ROUTE = /\/(interactions|webhooks)\/[^/?#\s]+\/[^/?#\s]+/g;
/** A bot token: three base64url parts joined by dots (id . timestamp . hmac). */
const BOT_TOKEN = /[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}/g;
const BEARER = /\b(Bot|Bearer)\s+[A-Za-z0-9._-]{20,}/g;

export function scrub(s: string): string {
  return s.replace(TOKEN_ROUTE, '/$1/:id/:token').replace(BOT_TOKEN, '[token]').replace(BEARER, '$1 [token]');
}

/** The path of a REST URL, tokens masked; query strings dropped (they can carry names). */
export function routeOf(url: string): string {
  let p = url;
  try {
    p = new URL(url).pathname;
  } catch {
    p = url.split('?')[0];
  }
  return scrub(p.replace(/^\/api(\/v\d+)?/, ''));
}

export interface SafeError {
  name: string;
  status?: number;
  method?: string;
  route?: string;
  code?: number | string;
  message?: string;
  stack?: string;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * A REST error (discord.js DiscordAPIError, HTTPError, RateLimitError: they
 * have a numeric status and a url or method) → status, method, route, code;
 * never its message body, request body or url as sent. Any other error →
 * name, scrubbed message and stack.
 */
export function safeError(e: unknown): SafeError {
  if (e === null || typeof e !== 'object') return { name: typeof e, message: clip(scrub(String(e)), 300) };
  const o = e as Record<string, unknown>;
  const name = typeof o.name === 'string' ? o.name : 'Error';
  const status = typeof o.status === 'number' ? o.status : undefined;
  const isRest =
    status !== undefined && (typeof o.url === 'string' || typeof o.method === 'string' || 'requestBody' in o || 'rawError' in o);
  if (isRest || name === 'RateLimitError') {
    // DiscordAPIError's name carries its code ("DiscordAPIError[50035]"): the class name is the stable part.
    const cls = typeof o.constructor === 'function' && o.constructor.name && o.constructor.name !== 'Object' ? o.constructor.name : name;
    return {
      name: cls,
      ...(status !== undefined ? { status } : {}),
      ...(typeof o.method === 'string' ? { method: o.method.toUpperCase() } : {}),
      ...(typeof o.url === 'string' ? { route: routeOf(o.url) } : typeof o.route === 'string' ? { route: routeOf(o.route) } : {}),
      ...(typeof o.code === 'number' || typeof o.code === 'string' ? { code: o.code } : {}),
    };
  }
  if (e instanceof Error) {
    return {
      name,
      message: clip(scrub(e.message), 500),
      ...(typeof o.code === 'string' || typeof o.code === 'number' ? { code: o.code as string | number } : {}),
      ...(e.stack ? { stack: clip(scrub(e.stack.split('\n').slice(1, 9).join('\n')), 2000) } : {}),
    };
  }
  // A plain object could hold anything (a payload, a request): name its type only.
  return { name: o.constructor && typeof o.constructor === 'function' ? (o.constructor as { name: string }).name || 'Object' : 'Object' };
}
