// `npm start`: with DISCORD_TOKEN set, the Discord bot (its shards in this
// process or in several, src/bot/sharding.ts); without, the offline table.
import 'dotenv/config';
import { loadConfig } from './app/config.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.discordToken) {
    console.log('No DISCORD_TOKEN in .env: opening the offline table (the same commands, in this terminal).');
    // Loaded only here: a sharding manager process never needs the games.
    const { runTable } = await import('./console/cli.ts');
    return runTable(process.argv.slice(2));
  }
  const { launchBot } = await import('./bot/sharding.ts');
  try {
    // With MUSTER_PROCESSES > 1 this file is forked once per process (process.argv[1]: dist/main.mjs, or src/main.ts under tsx).
    await launchBot(config, process.argv[1]);
  } catch (e) {
    // Shard settings that cannot work (MUSTER_SHARDS, MUSTER_SHARD_COUNT, MUSTER_PROCESSES): their own message.
    if (e instanceof Error && e.name === 'ShardPlanError') {
      console.error(`${e.message}\nSee the shard settings in .env.example.`);
      return 2;
    }
    // A wrong token or no network is the user's to fix: say so plainly.
    const why = e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);
    console.error(
      `Could not start the Discord bot (${why}).\nCheck DISCORD_TOKEN in .env and that ` +
        `this machine reaches discord.com; remove the token to play at the offline table ` +
        `instead.`,
    );
    return 2;
  }
  return -1; // keep running until a signal stops the bot
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
