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
  try {
    await startBot(config);
  } catch (e) {
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
