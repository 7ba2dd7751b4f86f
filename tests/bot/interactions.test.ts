// Interactions fed into a real discord.js Client; the requests it makes are
// checked against a loopback stand-in for Discord's HTTP API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOARD_VERSION } from './fake-router.ts';
import {
  ALICE,
  BOB,
  CHANNEL_ID,
  GUILD_ID,
  MOD_ROLE,
  PERMS,
  PLAIN_ROLE,
  THREAD_ID,
  autocompletePayload,
  buttonPayload,
  commandPayload,
} from './payloads.ts';
import { startRig, type Rig } from './setup.ts';

const EPHEMERAL = 64;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ ackAfterMs: 60, progressEveryMs: 50 });
});
afterAll(async () => rig.close());
beforeEach(() => {
  rig.fake.reset();
  rig.router.lag = 0;
});

const callbacks = () => rig.fake.find('POST', /^\/interactions\/\d+\/[^/]+\/callback$/);
const edits = () => rig.fake.find('PATCH', /\/messages\/@original$/);
const followUps = () => rig.fake.find('POST', /^\/webhooks\/\d+\/[^/]+$/);
const channelPosts = (id = CHANNEL_ID) => rig.fake.find('POST', `/channels/${id}/messages`);

describe('slash commands', () => {
  it('answers a fast command with a type-4 public response', async () => {
    await rig.send(commandPayload('game', 'status'));
    const [cb] = callbacks();
    expect(callbacks()).toHaveLength(1);
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.content).toBe('Turn 3: Alice to move.');
    expect(cb.body.data.flags ?? 0).toBe(0);
    expect(cb.query.get('with_response')).toBe('false');
  });

  it('defers a slow command, edits progress (throttled), then edits in the PNG; posts go to the channel', async () => {
    await rig.send(commandPayload('game', 'map', [{ name: 'scale', type: 4, value: 2 }]));
    const order = rig.fake.requests.map((r) => `${r.method} ${r.path.replace(/\d{10,}/g, ':id').replace(/tok-:id/, ':token')}`);
    expect(order[0]).toBe('POST /interactions/:id/:token/callback');
    expect(callbacks()[0].body).toEqual({ type: 5, data: { flags: 0 } });

    const all = edits();
    const final = all[all.length - 1];
    expect(final.body.content).toBe('The map');
    expect(final.files).toHaveLength(1);
    expect(final.files[0].name).toBe('map.png');
    expect(final.files[0].type).toBe('image/png');
    expect(final.files[0].data.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect(final.body.attachments[0]).toMatchObject({ id: '0', description: 'Map of the front' });
    // 20 progress lines in ~200 ms with a 50 ms gap: some edits, far fewer than 20.
    const progress = all.slice(0, -1);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(10);
    for (const p of progress) expect(p.body.content).toMatch(/^Rendering \d+\/20…$/);

    expect(rig.router.invocations.at(-1)).toMatchObject({ command: 'game', sub: 'map', options: { scale: 2 } });
  });

  it('posts a phase result with a PNG, button rows, and a ping only for the named user', async () => {
    await rig.send(commandPayload('game', 'map'));
    const [post] = channelPosts();
    expect(post.body.content).toBe(`Phase over. <@${BOB.id}>, your move.`);
    expect(post.body.allowed_mentions).toEqual({ users: [BOB.id] });
    // A ping goes at once; its picture follows as an edit of that message (issue 19 §4).
    expect(post.files).toHaveLength(0);
    const [message] = rig.fake.messages(CHANNEL_ID);
    const [picture] = rig.fake.find('PATCH', `/channels/${CHANNEL_ID}/messages/${message.id}`);
    expect(picture.files).toHaveLength(1);
    expect(picture.files[0]).toMatchObject({ name: 'board.png', type: 'image/png' });
    expect(picture.files[0].data.subarray(0, 4)).toEqual(PNG_MAGIC);
    // 6 buttons → rows of 5 and 1
    expect(post.body.components.map((r: any) => r.components.length)).toEqual([5, 1]);
    expect(post.body.components[0].components[0]).toMatchObject({
      type: 2,
      style: 1,
      label: 'Move 1',
      custom_id: `act:${BOARD_VERSION}:1`,
    });
  });

  it('sends an error reply privately (flags 64)', async () => {
    await rig.send(commandPayload('game', 'fail'));
    const [cb] = callbacks();
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.flags).toBe(EPHEMERAL);
    expect(cb.body.data.content).toBe('There is no game in this channel.');
    expect(channelPosts()).toHaveLength(0);
  });

  it('a slow command whose answer is private (undeclared): ephemeral follow-up, public placeholder removed', async () => {
    rig.router.lag = 400; // past this rig's ackAfterMs
    await rig.send(commandPayload('game', 'private'));
    expect(callbacks()[0].body.type).toBe(5);
    const [fu] = followUps();
    expect(fu.body).toMatchObject({ content: 'Only you can see this.', flags: EPHEMERAL });
    expect(rig.fake.find('DELETE', /\/messages\/@original$/)).toHaveLength(1);
    // the placeholder was resolved before the follow-up, so the follow-up is a separate message
    const idx = (r: unknown) => rig.fake.requests.indexOf(r as never);
    expect(idx(edits()[0])).toBeLessThan(idx(fu));
  });

  it('a slow command refused at once is answered privately, never shown publicly as "thinking…" first (issue 9)', async () => {
    await rig.send(commandPayload('game', 'slowfail'));
    expect(callbacks().map((c) => c.body.type)).toEqual([4]);
    expect(callbacks()[0].body.data).toMatchObject({ content: 'There is no game in this channel.', flags: EPHEMERAL });
    expect(edits()).toHaveLength(0);
    expect(rig.fake.find('DELETE', /\/messages\/@original$/)).toHaveLength(0);
  });

  it('defers a nominally fast command that overruns the ack window', async () => {
    rig.router.lag = 600;
    await rig.send(commandPayload('game', 'slowfast'));
    expect(callbacks().map((c) => c.body.type)).toEqual([5]);
    expect(edits().at(-1)!.body.content).toBe('Finally.');
  });

  it('turns a throwing handler into a private apology, and keeps serving', async () => {
    await rig.send(commandPayload('game', 'boom'));
    const [cb] = callbacks();
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.flags).toBe(EPHEMERAL);
    expect(cb.body.data.content).toMatch(/Something went wrong/);
    expect(rig.logs.some((l) => l.startsWith('error') && l.includes('/game failed'))).toBe(true);

    rig.fake.reset();
    await rig.send(commandPayload('game', 'status'));
    expect(callbacks()[0].body.data.content).toMatch(/Turn 3/);
  });

  it('creates a thread for a new game, reports it to the router, and posts there', async () => {
    await rig.send(commandPayload('game', 'new'));
    const [create] = rig.fake.find('POST', `/channels/${CHANNEL_ID}/threads`);
    expect(create.body).toMatchObject({ name: 'Kursk 1943', auto_archive_duration: 10080 });
    const [gameChannel, threadId] = rig.router.threads.at(-1)!;
    expect(gameChannel).toBe(CHANNEL_ID);
    expect(channelPosts(threadId)).toHaveLength(1);
    expect(channelPosts(CHANNEL_ID)).toHaveLength(0);
    // Acknowledged before the thread is created (one more request could miss the 3 s), then the reply fills the placeholder.
    expect(callbacks()[0].body.type).toBe(5);
    expect(rig.fake.find('PATCH', /@original$/).at(-1)?.body.content).toBe('Game created.');
  });

  it('passes user options as ids and thread parents in where', async () => {
    await rig.send(
      commandPayload(
        'game',
        'join',
        [
          { name: 'side', type: 3, value: 'german' },
          { name: 'invite', type: 6, value: BOB.id },
        ],
        { channelId: THREAD_ID },
      ),
    );
    expect(rig.router.invocations.at(-1)).toMatchObject({
      sub: 'join',
      options: { side: 'german', invite: BOB.id },
      caller: { id: ALICE.id, name: 'Alice' },
      where: { guildId: GUILD_ID, channelId: THREAD_ID, parentId: CHANNEL_ID },
    });
  });
});

describe('moderator flag', () => {
  const last = () => rig.router.invocations.at(-1)!.caller;

  it('is false for a plain member', async () => {
    await rig.send(commandPayload('game', 'status', [], { permissions: PERMS.member, roles: [PLAIN_ROLE] }));
    expect(last()).toMatchObject({ isModerator: false, roleIds: [PLAIN_ROLE] });
  });

  it('is true with Manage Server (0x20)', async () => {
    await rig.send(commandPayload('game', 'status', [], { permissions: PERMS.manageGuild }));
    expect(last().isModerator).toBe(true);
  });

  it('is true with a configured moderator role', async () => {
    const modRig = await startRig({ moderatorRoleIds: [MOD_ROLE] });
    try {
      await modRig.send(commandPayload('game', 'status', [], { roles: [PLAIN_ROLE, MOD_ROLE] }));
      expect(modRig.router.invocations.at(-1)!.caller.isModerator).toBe(true);
      await modRig.send(commandPayload('game', 'status', [], { roles: [PLAIN_ROLE] }));
      expect(modRig.router.invocations.at(-1)!.caller.isModerator).toBe(false);
    } finally {
      await modRig.close();
    }
  });

  it('works from the raw member when the guild is not cached', async () => {
    const bare = await startRig({ moderatorRoleIds: [MOD_ROLE] }, { seed: false });
    try {
      await bare.send(commandPayload('game', 'status', [], { roles: [MOD_ROLE] }));
      expect(bare.router.invocations.at(-1)!.caller).toMatchObject({ isModerator: true, name: 'Alice', roleIds: [MOD_ROLE] });
      expect(bare.fake.find('POST', /callback$/)[0].body.type).toBe(4);
    } finally {
      await bare.close();
    }
  });
});

describe('autocomplete', () => {
  it('answers type 8 with at most 25 choices, names clipped to 100', async () => {
    await rig.send(autocompletePayload('game', 'join', [{ name: 'side', type: 3, value: 'ger', focused: true }]));
    const [cb] = callbacks();
    expect(cb.body.type).toBe(8);
    const choices = cb.body.data.choices;
    expect(choices).toHaveLength(25);
    for (const c of choices) expect(c.name.length).toBeLessThanOrEqual(100);
    expect(choices[0].value).toBe('side-0');
    expect(rig.router.autocompletes.at(-1)).toMatchObject({ command: 'game', sub: 'join', focused: 'side', partial: 'ger' });
  });

  it('answers [] when the router fails', async () => {
    await rig.send(autocompletePayload('game', 'join', [{ name: 'side', type: 3, value: 'explode', focused: true }]));
    expect(callbacks()[0].body).toEqual({ type: 8, data: { choices: [] } });
  });
});

describe('buttons', () => {
  it('refuses a stale button privately', async () => {
    await rig.send(buttonPayload(`act:${BOARD_VERSION - 1}:3`));
    const [cb] = callbacks();
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.flags).toBe(EPHEMERAL);
    expect(cb.body.data.content).toMatch(/older position/);
    expect(channelPosts()).toHaveLength(0);
  });

  it('acknowledges a current button with deferUpdate (type 6) and posts the result', async () => {
    await rig.send(buttonPayload(`act:${BOARD_VERSION}:3`, { user: BOB }));
    expect(callbacks().map((c) => c.body.type)).toEqual([6]);
    const [post] = channelPosts();
    expect(post.body.content).toBe(`<@${BOB.id}> chose 3.`);
    expect(post.body.allowed_mentions).toEqual({ users: [BOB.id] });
    expect(rig.router.presses.at(-1)).toMatchObject({
      customId: `act:${BOARD_VERSION}:3`,
      caller: { id: BOB.id },
      where: { channelId: CHANNEL_ID },
    });
  });

  it('apologises privately when the button handler throws', async () => {
    await rig.send(buttonPayload('crash:1'));
    const [cb] = callbacks();
    expect(cb.body.type).toBe(4);
    expect(cb.body.data.flags).toBe(EPHEMERAL);
  });
});

describe('posting problems and ticks', () => {
  it('tells the caller privately when a post is refused', async () => {
    rig.fake.override = (r) =>
      r.method === 'POST' && r.path.endsWith('/messages') && r.path.startsWith('/channels/')
        ? { status: 403, body: { message: 'Missing Access', code: 50001 } }
        : undefined;
    await rig.send(buttonPayload(`act:${BOARD_VERSION}:1`));
    const [note] = followUps();
    expect(note.body.flags).toBe(EPHEMERAL);
    expect(note.body.content).toMatch(/couldn't post/);
  });

  it('posts tick outcomes', async () => {
    rig.router.tickOutcomes = [{ replies: [], posts: [{ channelId: CHANNEL_ID, content: 'Deadline passed: defaults applied.' }] }];
    await rig.bot.tick();
    expect(channelPosts()[0].body.content).toBe('Deadline passed: defaults applied.');
  });
});
