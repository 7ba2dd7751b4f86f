// One bot process of the kill test (tests/bot/multi-process.ts, run by
// multi-process.test.ts and multi-process-postgres.test.ts): the real services,
// router and discord.js client on the shared database, against the parent's
// loopback Discord stand-in. The parent plays the gateway: it sends this
// process the interactions of the servers it serves (its shard) over IPC.
// The database comes in MUSTER_DB, as a deployment sets it (a SQLite file or a
// postgres:// URL). argv: stand-in API base, servers (JSON: [{ guildId, channels }]),
// shards (JSON: { ids, count }: whose servers' posts it delivers, issue 21 §2).
import fs from 'node:fs';
import type { Client } from 'discord.js';
import { runBot } from '../../src/bot/client.ts';
import type { Logger } from '../../src/bot/log.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices } from '../../src/app/services.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { feed } from './payloads.ts';
import { guildCreate, type Server } from './multi-servers.ts';

const [apiBase, serversJson, shardsJson] = process.argv.slice(2);
const servers = JSON.parse(serversJson) as Server[];
const shards = JSON.parse(shardsJson) as { ids: number[]; count: number };

/** What the gateway's GUILD_CREATE would have cached for each server this process serves. */
function seed(client: Client): void {
  for (const s of servers) {
    (client.guilds as any)._add(guildCreate(s));
  }
}

async function main(): Promise<void> {
  if (!getGame('duel')) registerGame(duel);
  const svc = openServices({ renderThreads: 0, lobbyExpiryHours: 0 });
  // A short hold, so a killed process's claimed posts are taken over within the test.
  svc.store.outbox.leaseMs = 1_500;
  const errors: string[] = [];
  const log: Logger = {
    debug() {},
    info() {},
    warn() {},
    error: (m: string, ...rest: unknown[]) => {
      errors.push(`${m} ${rest.map(String).join(' ')}`);
      if (process.env.MUSTER_TRACE) fs.appendFileSync(process.env.MUSTER_TRACE, `[${process.pid}] ${errors[errors.length - 1]}\n`);
    },
  };
  const bot = await runBot(createRouter(svc), {
    login: false,
    token: 'test-token',
    apiBase,
    tickMs: 250,
    logger: log,
    retry: { baseMs: 50, maxMs: 500, maxAttempts: 8, pollMs: 50 },
    onStop: () => svc.close(),
    shards,
  });
  seed(bot.client);
  process.on('message', (m: { type: string; payload?: unknown }) => {
    if (m.type === 'interaction') feed(bot.client, m.payload);
    if (m.type === 'stop')
      void bot
        .idle()
        .then(() => bot.outbox.settle(15_000).catch(() => undefined))
        .then(() => bot.stop())
        .then(() => process.send!({ type: 'stopped', errors }, () => process.exit(0)));
  });
  process.send!({ type: 'ready', owner: svc.store.leases.owner });
}

void main();
