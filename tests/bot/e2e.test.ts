// The real router and game engine behind the real discord.js client, against
// the loopback stand-in for Discord's HTTP API: a Rifle and Axe solo game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBot, type BotHandle } from '../../src/bot/client.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices } from '../../src/app/services.ts';
import { quickCards } from './setup.ts';
import { FakeDiscord } from './fake-discord.ts';
import { ALICE, BOB, CHANNEL_ID, commandPayload, feed, seedGuild, selectPayload } from './payloads.ts';
import { tempDb } from '../setup/test-db.ts';

const EPHEMERAL = 64;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
let fake: FakeDiscord;
let bot: BotHandle;

beforeAll(async () => {
  fake = await new FakeDiscord().start();
  const svc = quickCards(openServices({ dbPath: tempDb(), seed: 'e2e' }));
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
/** The private answer: the reply itself when there was no deferral, else the follow-up. */
const privateAnswer = () => {
  const cb = callback();
  if (cb.body.type === 4) return cb.body.data;
  return (fake.find('POST', /^\/webhooks\//)[0] ?? fake.find('PATCH', /@original$/)[0]).body;
};

describe('end to end: Discord → router → engine → store → Discord (issue 2 §6)', () => {
  let staleChoice = '';

  it('opens, seats and starts a game; the start post carries a PNG snapshot, the leaders in a dropdown and a ping', async () => {
    await send(commandPayload('game', 'new', [s('system', 'rifle'), s('options', 'players=1')]));
    expect(callback().body.type).toBe(4);
    expect(callback().body.data.content).toMatch(/New \*\*Rifle and Axe\*\* game/);
    await send(commandPayload('game', 'join', [s('side', 'p1')]));
    expect(callback().body.data.content).toMatch(/takes \*\*Settlement 1\*\*/);
    await send(commandPayload('game', 'start'));
    // Deferred before the work: a start may play out a game of bots before its first pause.
    expect(fake.find('POST', /^\/interactions\//)).toHaveLength(1);
    expect(callback().body.type).toBe(5);
    const post = channelPosts()[0];
    expect(post.body.allowed_mentions.users).toEqual([ALICE.id]);
    // The ping goes at once; its picture follows as an edit of it (issue 19 §4).
    const [delivered] = fake.messages(CHANNEL_ID);
    expect(delivered.mentions).toEqual([ALICE.id]);
    expect(delivered.files[0].data.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(fake.find('PATCH', `/channels/${CHANNEL_ID}/messages/${delivered.id}`).some((r) => r.files.length)).toBe(true);
    // Leader labels pass a button's 80 characters: a dropdown keeps them whole.
    const [menu] = post.body.components.flatMap((row: any) => row.components);
    expect(menu.type).toBe(3);
    expect(menu.options.map((o: any) => o.label)).toContain(
      'Lead with Ann Lindsay: Gain 1 extra Home Industry, Cooking, or Weaving action per turn',
    );
    staleChoice = menu.options[1].value;
  });

  it('a spectator acting is refused privately', async () => {
    await send(commandPayload('rifle', 'leader', [s('name', 'boone')], { user: BOB }));
    const reply = privateAnswer();
    expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply.content).toMatch(/Only a player of this game may use `\/rifle leader`/);
    // Never shown publicly first: no deferral, no placeholder.
    expect(callback().body.type).toBe(4);
  });

  it('a legal action is applied, and the phase snapshot is posted with a PNG', async () => {
    await send(commandPayload('rifle', 'leader', [s('name', 'boone')]));
    expect([4, 5]).toContain(callback().body.type);
    // Posted with its picture, or (a ping) with the picture added by an edit right after.
    const post = fake.messages(CHANNEL_ID).find((m) => m.files.length);
    expect(post?.files[0].data.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(post?.content).toMatch(/Action Phase/);
  });

  it('a stale choice is refused privately, its dropdown disabled, and changes nothing', async () => {
    await send(selectPayload('ms:1:1:p1:0', staleChoice));
    // The acknowledgement disables the stale dropdown on its message; the refusal follows privately.
    const cb = callback();
    expect(cb.body.type).toBe(7);
    expect(cb.body.data.components[0].components[0].disabled).toBe(true);
    const [fu] = fake.find('POST', /^\/webhooks\//);
    expect(fu.body.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(fu.body.content).toMatch(/stale: that decision has been taken/);
  });

  it('an unknown name is refused privately with what is allowed', async () => {
    await send(commandPayload('rifle', 'plan', [s('action', 'teleport')]));
    const reply = privateAnswer();
    expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(reply.content).toMatch(/Allowed now|not a legal/);
  });
});
