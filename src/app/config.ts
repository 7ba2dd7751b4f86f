// Settings from the environment (.env is read by the entry points).
import path from 'node:path';

export interface Config {
  discordToken: string | null;
  applicationId: string | null;
  devGuildId: string | null;
  dbPath: string;
  outDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  moderatorRoleIds: string[];
  consoleModerators: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const level = (env.LOG_LEVEL ?? 'info').toLowerCase();
  return {
    discordToken: env.DISCORD_TOKEN?.trim() || null,
    applicationId: env.DISCORD_APPLICATION_ID?.trim() || null,
    devGuildId: env.DISCORD_GUILD_ID?.trim() || null,
    dbPath: path.resolve(env.MUSTER_DB ?? 'var/muster.sqlite'),
    outDir: path.resolve(env.MUSTER_OUT ?? 'var/images'),
    logLevel: (['debug', 'info', 'warn', 'error'].includes(level) ? level : 'info') as Config['logLevel'],
    moderatorRoleIds: (env.MUSTER_MODERATOR_ROLES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    consoleModerators: (env.MUSTER_CONSOLE_MODERATORS ?? 'mod').split(',').map((s) => s.trim()).filter(Boolean),
  };
}
