// A tiny leveled logger for the bot: console output, filtered by LOG_LEVEL.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, ...rest: unknown[]): void;
  info(msg: string, ...rest: unknown[]): void;
  warn(msg: string, ...rest: unknown[]): void;
  error(msg: string, ...rest: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function levelOf(s: string | undefined): LogLevel {
  const v = (s ?? '').toLowerCase();
  return v in RANK ? (v as LogLevel) : 'info';
}

export function createLogger(level: LogLevel | undefined = levelOf(process.env.LOG_LEVEL), tag = 'bot'): Logger {
  const min = RANK[level];
  const at = (lvl: LogLevel, sink: (...a: unknown[]) => void) => (msg: string, ...rest: unknown[]) => {
    if (RANK[lvl] >= min) sink(`${new Date().toISOString()} ${lvl.toUpperCase()} [${tag}] ${msg}`, ...rest);
  };
  return {
    debug: at('debug', console.debug),
    info: at('info', console.info),
    warn: at('warn', console.warn),
    error: at('error', console.error),
  };
}
