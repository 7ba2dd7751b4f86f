// Entry for the Discord bot: services + router + client.
import type { Config } from '../app/config.ts';
import { openServices } from '../app/services.ts';
import { createRouter } from '../../commands/router.ts';
import { botConfigFrom, runBot, type BotHandle } from './client.ts';

export async function startBot(config: Config): Promise<BotHandle> {
  const svc = openServices({ dbPath: config.dbPath, outDir: config.outDir });
  const handle = await runBot(createRouter(svc), botConfigFrom(config));
  console.log('Muster is connected to Discord. Ctrl-C stops it.');
  return handle;
}
