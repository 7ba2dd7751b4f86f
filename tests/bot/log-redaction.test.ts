// Issue 9 (logs): a REST failure reaches the log as status, method, route and
// code only. The interaction token in its URL and the private reply text in
// its request body must not appear at any level, and LOG_LEVEL is honoured.
import { Writable } from 'node:stream';
import { DiscordAPIError, HTTPError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createLogger, scoped, type LogLevel } from '../../src/bot/log.ts';
import { routeOf, safeError, scrub } from '../../src/bot/redact.ts';

const TOKEN = 'aW50ZXJhY3Rpb246MTI4NTk2NjQ4MzI0NjI3NDU2ODpzZWNyZXQtdG9rZW4tdGV4dA';
const SECRET = 'my secret plan: clear land x2, ambush at Boonesborough';
const URL_ = `https://discord.com/api/v10/webhooks/1234567890123/${TOKEN}/messages/@original`;

function sink(): { dest: Writable; lines: () => Record<string, any>[]; raw: () => string } {
  let buf = '';
  const dest = new Writable({
    write(chunk, _enc, cb) {
      buf += chunk.toString();
      cb();
    },
  });
  return {
    dest,
    raw: () => buf,
    lines: () =>
      buf
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
  };
}

const apiError = () =>
  new DiscordAPIError(
    {
      code: 50035,
      message: 'Invalid Form Body',
      errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } },
    },
    50035,
    400,
    'PATCH',
    URL_,
    {
      body: { content: SECRET, flags: 64 },
      files: [{ name: 'plan.txt', data: Buffer.from(SECRET) }],
    },
  );
const httpError = () =>
  new HTTPError(503, 'Service Unavailable', 'POST', `https://discord.com/api/v10/interactions/1285966483246274568/${TOKEN}/callback`, {
    body: { type: 4, data: { content: SECRET, flags: 64 } },
  });

describe('bot log: no tokens, no private text (issue 9)', () => {
  for (const level of ['debug', 'info', 'warn', 'error'] as LogLevel[]) {
    it(`at LOG_LEVEL=${level}, REST errors are status, route and code only`, () => {
      const s = sink();
      const log = scoped(createLogger(level, 'bot', s.dest), { guildId: 'g1', channelId: 'c1', gameId: 7 });
      for (const e of [apiError(), httpError()]) {
        log.debug('interaction /rifle failed', e);
        log.info('interaction /rifle failed', e);
        log.warn(`post failed: ${e.message} at ${(e as { url: string }).url}`, e);
        log.error('interaction /rifle failed', e, `detail ${URL_}`);
      }
      const raw = s.raw();
      expect(raw).not.toContain(TOKEN);
      expect(raw).not.toContain('secret plan');
      expect(raw).not.toContain('Boonesborough');
      const lines = s.lines();
      const rank = { debug: 20, info: 30, warn: 40, error: 50 };
      // Every level at or above LOG_LEVEL is written (2 errors × the enabled levels), none below.
      const enabled = (['debug', 'info', 'warn', 'error'] as LogLevel[]).filter((l) => rank[l] >= rank[level]);
      expect(lines.length).toBe(2 * enabled.length);
      expect(new Set(lines.map((l) => l.level))).toEqual(new Set(enabled.map((l) => rank[l])));
      // The ids are fields; the error is reduced.
      const err = lines.find((l) => l.err?.name === 'DiscordAPIError')?.err ?? lines.find((l) => l.errs)?.errs[0];
      expect(lines.every((l) => l.guildId === 'g1' && l.channelId === 'c1' && l.gameId === 7 && l.tag === 'bot')).toBe(true);
      expect(err).toEqual({
        name: 'DiscordAPIError',
        status: 400,
        method: 'PATCH',
        route: '/webhooks/:id/:token/messages/@original',
        code: 50035,
      });
    });
  }

  it('an HTTPError keeps status, method and route; messages are scrubbed of token routes and bot tokens', () => {
    expect(safeError(httpError())).toEqual({ name: 'HTTPError', status: 503, method: 'POST', route: '/interactions/:id/:token/callback' });
    expect(routeOf(`${URL_}?wait=true&thread_id=5`)).toBe('/webhooks/:id/:token/messages/@original');
    const bot = 'MTI4NTk2NjQ4MzI0NjI3NDU2OA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';
    expect(scrub(`login with ${bot} failed; Authorization: Bot ${bot}`)).not.toContain('abcdefghijklmnopqrstuvwxyz');
    // An error of our own keeps its message (scrubbed) and its stack frames.
    const own = safeError(new Error(`no channel for /interactions/1/${TOKEN}/callback`));
    expect(own.message).toBe('no channel for /interactions/:id/:token/callback');
    expect(own.stack).toMatch(/log-redaction\.test\.ts/);
    // A plain object (a payload) is named, never dumped.
    expect(safeError({ content: SECRET })).toEqual({ name: 'Object' });
  });
});
