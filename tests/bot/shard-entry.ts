// The bot's start-up as `npm start` runs it (src/bot/sharding.ts), with the
// test game registered: tests/bot/shards.test.ts runs this file, and with
// MUSTER_PROCESSES > 1 the ShardingManager forks it again for each process.
import { loadConfig } from '../../src/app/config.ts';
import { launchBot } from '../../src/bot/sharding.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';

if (!getGame('duel')) registerGame(duel);
launchBot(loadConfig(), import.meta.filename).catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
