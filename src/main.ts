// `npm start`: with DISCORD_TOKEN set, the Discord bot; without, the offline table.
import 'dotenv/config';
import { loadConfig } from './app/config.ts';
import { runTable } from './console/cli.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.discordToken) {
    console.log('No DISCORD_TOKEN in .env: opening the offline table (the same commands, in this terminal).');
    return runTable(process.argv.slice(2));
  }
  const { startBot } = await import('./bot/start.ts');
  await startBot(config);
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
