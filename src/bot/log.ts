// The bot's structured logger: pino, one JSON line per event, filtered by
// LOG_LEVEL. Ids are fields (guildId, channelId, gameId), so a server's or a
// game's trouble can be found with a filter instead of a regex. Nothing
// private reaches a line: every message is scrubbed of tokens, and errors and
// other extra arguments are reduced by safeError (redact.ts): a REST error is
// its status, method, route and code only, never its request or reply text.
import { pino, type DestinationStream } from 'pino';
import { safeError, scrub } from './redact.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Ids a line can carry; all optional. */
export interface LogFields {
  guildId?: string | null;
  channelId?: string | null;
  gameId?: number | null;
}

export interface Logger {
  debug(msg: string, ...rest: unknown[]): void;
  info(msg: string, ...rest: unknown[]): void;
  warn(msg: string, ...rest: unknown[]): void;
  error(msg: string, ...rest: unknown[]): void;
  /** The same logger with ids attached to every line (optional: test loggers may omit it). */
  child?(fields: LogFields): Logger;
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

export function levelOf(s: string | undefined): LogLevel {
  const v = (s ?? '').toLowerCase();
  return (LEVELS as readonly string[]).includes(v) ? (v as LogLevel) : 'info';
}

/** `log` with ids attached, when it supports them. */
export function scoped(log: Logger, fields: LogFields): Logger {
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null)) as LogFields;
  return log.child ? log.child(clean) : log;
}

/** Extra arguments → fields: errors reduced (`err`, `errs`), strings scrubbed (`detail`). */
function fieldsOf(rest: unknown[]): Record<string, unknown> {
  if (!rest.length) return {};
  const errs = rest.map((r) => (typeof r === 'string' ? scrub(r).slice(0, 500) : safeError(r)));
  return errs.length === 1 ? (typeof errs[0] === 'string' ? { detail: errs[0] } : { err: errs[0] }) : { errs };
}

type Pino = Pick<ReturnType<typeof pino>, LogLevel | 'isLevelEnabled'> & { child(fields: LogFields): Pino };

function wrap(p: Pino): Logger {
  const at =
    (lvl: LogLevel) =>
    (msg: string, ...rest: unknown[]) => {
      if (!p.isLevelEnabled(lvl)) return;
      p[lvl](fieldsOf(rest), scrub(String(msg)));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => wrap(p.child(fields)),
  };
}

/**
 * A logger at `level` (default LOG_LEVEL, else info), tagged `tag`, writing
 * JSON lines to `dest` (default stdout, synchronously: lines are not lost when
 * the process exits on a signal).
 */
export function createLogger(level: LogLevel | undefined = levelOf(process.env.LOG_LEVEL), tag = 'bot', dest?: DestinationStream): Logger {
  const p = pino(
    {
      level: level ?? 'info',
      base: { tag },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Belt and braces for fields a future caller might pass by hand.
      redact: { paths: ['token', '*.token', 'requestBody', '*.requestBody', 'content', '*.content'], censor: '[redacted]' },
    },
    dest ?? pino.destination({ dest: 1, sync: true }),
  );
  return wrap(p);
}
