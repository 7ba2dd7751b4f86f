// deploy-commands: PUT to the guild (development) or global route.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deployCommands, deployConfigFromEnv } from '../../src/bot/deploy.ts';
import { commandsJson } from '../../src/bot/commands-json.ts';
import { APP_ID, FakeDiscord } from './fake-discord.ts';
import { FakeRouter } from './fake-router.ts';
import { GUILD_ID } from './payloads.ts';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await new FakeDiscord().start();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

describe('deployCommands', () => {
  const router = new FakeRouter();

  it('PUTs the command JSON to the guild route with the bot token', async () => {
    const res = await deployCommands(router, { token: 'secret', applicationId: APP_ID, guildId: GUILD_ID, apiBase: fake.api });
    expect(res).toMatchObject({ scope: 'guild', names: ['game'] });
    const [put] = fake.requests;
    expect(fake.requests).toHaveLength(1);
    expect(put.method).toBe('PUT');
    expect(put.path).toBe(`/applications/${APP_ID}/guilds/${GUILD_ID}/commands`);
    expect(put.body).toEqual(commandsJson(router.definitions()));
  });

  it('goes global with --global or without a guild id', async () => {
    await deployCommands(router, { token: 't', applicationId: APP_ID, guildId: GUILD_ID, global: true, apiBase: fake.api });
    await deployCommands(router, { token: 't', applicationId: APP_ID, guildId: null, apiBase: fake.api });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /applications/${APP_ID}/commands`,
      `PUT /applications/${APP_ID}/commands`,
    ]);
  });

  it('reads its settings from the environment', () => {
    const env = { DISCORD_TOKEN: 'tok', DISCORD_APPLICATION_ID: APP_ID, DISCORD_GUILD_ID: GUILD_ID, DISCORD_API_BASE: fake.api };
    expect(deployConfigFromEnv(env, [])).toEqual({
      token: 'tok',
      applicationId: APP_ID,
      guildId: GUILD_ID,
      global: false,
      apiBase: fake.api,
    });
    expect(deployConfigFromEnv(env, ['--global']).global).toBe(true);
    expect(() => deployConfigFromEnv({}, [])).toThrow(/DISCORD_TOKEN and DISCORD_APPLICATION_ID/);
  });
});
