// One fake Discord + one bot (no gateway) per test file.
import { runBot, type BotConfig, type BotHandle } from '../../src/bot/client.ts';
import type { Logger } from '../../src/bot/log.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices, type Services } from '../../src/app/services.ts';
import { tempDb } from '../setup/test-db.ts';
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

/** The real router and services behind the bot (a Muster table in Discord), against a fake Discord. */
export interface ServiceRig {
  fake: FakeDiscord;
  svc: Services;
  bot: BotHandle;
  dbPath: string;
}

/**
 * A game's card is edited at most once per this many ms in tests, not the 1.5 s Discord gets
 * (Outbox.cardWindowMs): the window's own tests run on a clock of their own (pings-first,
 * outbox-coalesce); the others only waited it out in real time (measured on turn-message.test.ts:
 * its event loop idle 23.7 s of 39.6 with 1.5 s, 1.4 s of 11.2 with 100 ms).
 */
export const TEST_CARD_WINDOW_MS = 100;

/** Services whose outbox uses the tests' card window. */
export function quickCards(svc: Services): Services {
  svc.store.outbox.cardWindowMs = TEST_CARD_WINDOW_MS;
  return svc;
}

const serviceRigs: ServiceRig[] = [];

export async function bootServiceRig(opts: {
  seed: string;
  maxSnapshots?: number;
  dbPath?: string;
  fake?: FakeDiscord;
  retry?: BotConfig['retry'];
  drawAtDelivery?: boolean;
  /** Default: silent. */
  logger?: Logger;
  /** Keep Discord's card window (a test that counts the edits it saves) instead of TEST_CARD_WINDOW_MS. */
  realCardWindow?: boolean;
}): Promise<ServiceRig> {
  const fake = opts.fake ?? (await new FakeDiscord().start());
  const dbPath = opts.dbPath ?? tempDb();
  const svc = openServices({ dbPath, seed: opts.seed, maxSnapshots: opts.maxSnapshots ?? 2, drawAtDelivery: opts.drawAtDelivery });
  if (!opts.realCardWindow) quickCards(svc);
  const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
  const bot = await runBot(createRouter(svc), {
    login: false,
    token: 'test-token',
    apiBase: fake.api,
    tickMs: 0,
    logger: opts.logger ?? silent,
    ...(opts.retry ? { retry: opts.retry } : {}),
  });
  seedGuild(bot.client, fake);
  const rig = { fake, svc, bot, dbPath };
  serviceRigs.push(rig);
  return rig;
}

/** Stops every rig booted since the last call (afterEach). */
export async function closeServiceRigs(): Promise<void> {
  for (const r of serviceRigs.splice(0)) {
    await r.bot.stop();
    r.svc.store.close();
    await r.fake.close();
  }
}

/** A rig the test stopped itself (a restart on the same database): not stopped again. */
export function forgetServiceRig(rig: ServiceRig): void {
  const i = serviceRigs.indexOf(rig);
  if (i >= 0) serviceRigs.splice(i, 1);
}
