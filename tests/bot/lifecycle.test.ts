// Starting and stopping the bot: signal hooks, client errors, config mapping.
import { describe, expect, it } from 'vitest';
import { botConfigFrom, runBot } from '../../src/bot/client.ts';
import { FakeRouter } from './fake-router.ts';
import { startRig } from './setup.ts';

describe('runBot lifecycle', () => {
  it('installs signal handlers when asked and removes them on stop', async () => {
    const before = process.listenerCount('SIGTERM');
    const rig = await startRig({ handleSignals: true });
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    expect(process.listenerCount('SIGINT')).toBeGreaterThan(0);
    await rig.close();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('logs client error events instead of crashing', async () => {
    const rig = await startRig();
    try {
      rig.bot.client.emit('error', new Error('socket hiccup'));
      expect(rig.logs.some((l) => l.includes('client error: socket hiccup'))).toBe(true);
    } finally {
      await rig.close();
    }
  });

  it('refuses to log in without a token', async () => {
    await expect(runBot(new FakeRouter(), { token: null })).rejects.toThrow(/token/);
  });

  it('maps the app config', () => {
    const cfg = botConfigFrom(
      { discordToken: 'tok', moderatorRoleIds: ['1'], logLevel: 'warn' },
      { DISCORD_API_BASE: 'http://127.0.0.1:1/api' },
    );
    expect(cfg).toMatchObject({
      token: 'tok',
      moderatorRoleIds: ['1'],
      logLevel: 'warn',
      apiBase: 'http://127.0.0.1:1/api',
      handleSignals: true,
    });
  });
});
