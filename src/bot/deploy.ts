// `npm run deploy-commands`: register the slash commands with Discord.
// Guild deploys update instantly (development); global ones take a while to
// propagate, so they are chosen explicitly with --global or by omitting the guild.
import { REST, Routes } from 'discord.js';
import type { Router } from '../../commands/types.ts';
import { commandsJson } from './commands-json.ts';
import { createLogger } from './log.ts';
import { isScriptEntry } from '../script-entry.ts';

export interface DeployConfig {
  token: string;
  applicationId: string;
  /** Deploy to this guild only; null/absent → global. */
  guildId?: string | null;
  global?: boolean;
  /** REST base override, e.g. http://127.0.0.1:PORT/api (tests). */
  apiBase?: string;
}

export interface DeployResult {
  route: string;
  scope: 'guild' | 'global';
  names: string[];
}

export async function deployCommands(router: Router, cfg: DeployConfig): Promise<DeployResult> {
  const body = commandsJson(router.definitions());
  const rest = new REST(cfg.apiBase ? { api: cfg.apiBase } : {}).setToken(cfg.token);
  const guild = cfg.global ? null : cfg.guildId || null;
  const route = guild ? Routes.applicationGuildCommands(cfg.applicationId, guild) : Routes.applicationCommands(cfg.applicationId);
  // PUT replaces the whole set, so removed commands disappear too.
  await rest.put(route, { body });
  return { route, scope: guild ? 'guild' : 'global', names: body.map((c) => c.name) };
}

/** Read the deploy settings from env + argv; throws a readable error when something is missing. */
export function deployConfigFromEnv(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): DeployConfig {
  const token = env.DISCORD_TOKEN?.trim();
  const applicationId = env.DISCORD_APPLICATION_ID?.trim();
  const missing = [!token && 'DISCORD_TOKEN', !applicationId && 'DISCORD_APPLICATION_ID'].filter(Boolean);
  if (missing.length) throw new Error(`Set ${missing.join(' and ')} in .env to deploy commands.`);
  return {
    token: token!,
    applicationId: applicationId!,
    guildId: env.DISCORD_GUILD_ID?.trim() || null,
    global: argv.includes('--global'),
    apiBase: env.DISCORD_API_BASE?.trim() || undefined,
  };
}

async function main(): Promise<void> {
  await import('dotenv/config'); // only the CLI reads .env; importing this module has no side effects
  const log = createLogger(undefined, 'deploy');
  const cfg = deployConfigFromEnv();
  // Imported lazily so this module typechecks and tests without the app wiring.
  const { createRouter } = await import('../../commands/router.ts');
  const { openServices } = await import('../app/services.ts');
  // Definitions need no stored games: an in-memory database keeps deploys side-effect free.
  const router: Router = createRouter(openServices({ dbPath: ':memory:' }));
  const res = await deployCommands(router, cfg);
  log.info(`Deployed ${res.names.length} ${res.scope} command(s): ${res.names.map((n) => `/${n}`).join(' ')}`);
  if (res.scope === 'global') log.info('Global commands can take up to an hour to appear in every server.');
}

if (isScriptEntry(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
