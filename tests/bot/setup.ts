// One fake Discord + one bot (no gateway) per test file.
import { runBot, type BotConfig, type BotHandle } from '../../src/bot/client.ts';
import type { Logger } from '../../src/bot/log.ts';
import { FakeDiscord } from './fake-discord.ts';
import { FakeRouter } from './fake-router.ts';
import { feed, seedGuild } from './payloads.ts';

export interface Rig {
  fake: FakeDiscord;
  router: FakeRouter;
  bot: BotHandle;
  logs: string[];
  /** Feed a gateway interaction and wait until the bot has finished with it. */
  send(payload: unknown): Promise<void>;
  close(): Promise<void>;
}

export async function startRig(config: Partial<BotConfig> = {}, opts: { seed?: boolean } = {}): Promise<Rig> {
  const fake = await new FakeDiscord().start();
  const router = new FakeRouter();
  const logs: string[] = [];
  const keep =
    (lvl: string) =>
    (msg: string, ...rest: unknown[]) =>
      logs.push(`${lvl} ${msg} ${rest.map(String).join(' ')}`);
  const logger: Logger = { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
  const bot = await runBot(router, { login: false, token: 'test-token', apiBase: fake.api, tickMs: 0, logger, ...config });
  if (opts.seed !== false) seedGuild(bot.client, fake);
  return {
    fake,
    router,
    bot,
    logs,
    async send(payload) {
      feed(bot.client, payload);
      await bot.idle();
    },
    async close() {
      await bot.stop();
      await fake.close();
    },
  };
}
