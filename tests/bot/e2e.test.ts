// The real router and game engine behind the real discord.js client, against
// the loopback stand-in for Discord's HTTP API: a Rifle and Axe solo game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBot, type BotHandle } from '../../src/bot/client.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices } from '../../src/app/services.ts';
import { FakeDiscord } from './fake-discord.ts';
import { ALICE, BOB, CHANNEL_ID, buttonPayload, commandPayload, feed, seedGuild } from './payloads.ts';
import { tempDb } from '../app/harness.ts';

const EPHEMERAL = 64;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
let fake: FakeDiscord;
let bot: BotHandle;

beforeAll(async () => {
  fake = await new FakeDiscord().start();
  const svc = openServices({ dbPath: tempDb(), seed: 'e2e' });
  bot = await runBot(createRouter(svc), { login: false, token: 'test-token', apiBase: fake.api, tickMs: 0 });
  seedGuild(bot.client, fake);
});
afterAll(async () => {
  await bot.stop();
  await fake.close();
});

async function send(payload: unknown) {
  fake.reset();
  feed(bot.client, payload);
  await bot.idle();
}
const callback = () => fake.find('POST', /^\/interactions\/\d+\/[^/]+\/callback$/)[0];
const channelPosts = () => fake.find('POST', `/channels/${CHANNEL_ID}/messages`);
const s = (name: string, value: string) => ({ name, type: 3, value });

describe('end to end: Discord → router → engine → store → Discord (issue 2 §6)', () => {
  let staleButton = '';

  it('opens, seats and starts a game; the start post carries a PNG snapshot, buttons and a ping', async () => {
    await send(commandPayload('game', 'new', [s('system', 'rifle'), s('options', 'players=1')]));
    expect(callback().body.type).toBe(4);
    expect(callback().body.data.content).toMatch(/New \*\*Rifle and Axe\*\* game/);
    await send(commandPayload('game', 'join', [s('side', 'p1')]));
    expect(callback().body.data.content).toMatch(/takes \*\*Settlement 1\*\*/);
    await send(commandPayload('game', 'start'));
    expect(callback().body.type).toBe(5); // deferred before the slow setup and drawing
    const post = channelPosts()[0];
    expect(post.files[0].data.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(post.body.allowed_mentions.users).toEqual([ALICE.id]);
    const buttons = post.body.components.flatMap((row: any) => row.components);
    expect(buttons.length).toBeGreaterThan(1);
    staleButton = buttons[1].custom_id;
  });

  it('a spectator acting is refused privately', async () => {
    await send(commandPayload('rifle', 'leader', [s('name', 'boone')], { user: BOB }));
    const reply = fake.find('POST', /^\/webhooks\//)[0] ?? fake.find('PATCH', /@original$/)[0];
    expect(reply.body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply.body.content).toMatch(/not a player/);
  });

  it('a legal action is deferred, applied, and the phase snapshot is posted with a PNG', async () => {
    await send(commandPayload('rifle', 'leader', [s('name', 'boone')]));
    expect(callback().body.type).toBe(5);
    const post = channelPosts().find((p) => p.files.length);
    expect(post?.files[0].data.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(post?.body.content).toMatch(/Action Phase/);
  });

  it('a stale button is refused privately and changes nothing', async () => {
    await send(buttonPayload(staleButton));
    const cb = callback();
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(cb.body.data.content).toMatch(/stale/);
  });

  it('an unknown name is refused privately with what is allowed', async () => {
    await send(commandPayload('rifle', 'plan', [s('action', 'teleport')]));
    const reply = fake.find('POST', /^\/webhooks\//)[0] ?? fake.find('PATCH', /@original$/)[0];
    expect(reply.body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply.body.content).toMatch(/Allowed now|not a legal/);
  });
});
