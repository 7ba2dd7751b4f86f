// Issues 9 and 13 behind the real discord.js client and the real router:
// thread:true puts the lobby and the whole game in a new thread and links it
// from the parent; a pinned card is edited in place; Follow adds the presser
// to the thread; a finished thread game is chronicled in the parent with its
// final map and its thread archived.
import { bootServiceRig, closeServiceRigs, type ServiceRig } from './setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { PNG } from './fake-router.ts';
import { ALICE, BOB, CHANNEL_ID, PERMS, THREAD_ID, buttonPayload, commandPayload, feed } from './payloads.ts';

if (!getGame('dueldraw')) registerGame({ ...duel, id: 'dueldraw', command: 'dueldraw', title: 'Duel (drawn)', render: async () => PNG });

/** Player A's colour in the duel fixture, #c33. */
const COLOR_A = 0xcc3333;
const s = (name: string, value: string) => ({ name, type: 3, value });
const b = (name: string, value: boolean) => ({ name, type: 5, value });

type Rig = ServiceRig;
afterEach(closeServiceRigs);

const boot = (): Promise<Rig> => bootServiceRig({ seed: 'threads-seed', retry: { baseMs: 20, maxMs: 100, maxAttempts: 3, pollMs: 20 } });

async function send(r: Rig, payload: unknown): Promise<void> {
  feed(r.bot.client, payload);
  await r.bot.idle();
  await r.bot.outbox.settle();
}

/** The public answer to the last interaction (its callback, or the edit of a deferred one). */
function lastReply(r: Rig): any {
  const cb = r.fake.find('POST', /^\/interactions\/\d+\/[^/]+\/callback$/).at(-1);
  const edit = r.fake.find('PATCH', /@original$/).at(-1);
  return edit && r.fake.requests.indexOf(edit) > r.fake.requests.indexOf(cb!) ? edit.body : cb?.body.data;
}

const threadsCreated = (r: Rig) => r.fake.find('POST', `/channels/${CHANNEL_ID}/threads`);

describe('threads done right (issue 9)', () => {
  it('thread:true: the parent gets a link to the new thread; the lobby (with Follow) and the game live in the thread', async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)]));
    expect(threadsCreated(r)).toHaveLength(1);
    const threadId =
      r.fake.find('POST', `/channels/${CHANNEL_ID}/threads`)[0] &&
      [...r.fake.channels.keys()].find((id) => r.fake.channels.get(id).parent_id === CHANNEL_ID && id !== THREAD_ID)!;
    expect(threadId).toBeTruthy();
    const reply = lastReply(r);
    expect(reply.content).toContain(`<#${threadId}>`);
    expect(reply.content).not.toMatch(/new-/); // no placeholder leaks
    expect(reply.content).not.toMatch(/Fair dice/); // the lobby itself is in the thread
    // Nothing but the reply in the parent; the lobby is the thread's first post, with a Follow button.
    expect(r.fake.messages(CHANNEL_ID)).toHaveLength(0);
    const [lobby] = r.fake.messages(threadId);
    expect(lobby.content).toMatch(/New \*\*Duel \(drawn\)\*\* game #1[\s\S]*Fair dice/);
    expect(lobby.components.flatMap((row: any) => row.components).map((c: any) => c.label)).toContain('Follow');
    expect(r.svc.store.liveGame(threadId)?.id).toBe(1);
    expect(r.svc.store.liveGame(CHANNEL_ID)).toBeNull();
    // The game is played in the thread.
    await send(r, commandPayload('game', 'join', [s('side', 'a')], { channelId: threadId }));
    expect(lastReply(r).content).toMatch(/takes \*\*Player A\*\*/);
  });

  it('a channel with its own game can still open one in a thread: the two run side by side', async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw')]));
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw')]));
    expect(lastReply(r).content).toMatch(/already has game #1[\s\S]*thread:true/);
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)]));
    expect(threadsCreated(r)).toHaveLength(1);
    expect(r.svc.store.liveGame(CHANNEL_ID)?.id).toBe(1);
    const second = r.svc.store.game(2)!;
    expect(second.status).toBe('lobby');
    expect(second.channelId).not.toBe(CHANNEL_ID);
    expect(r.fake.channels.get(second.channelId)?.parent_id).toBe(CHANNEL_ID);
  });

  it("replies that send people to the game's thread link it", async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)]));
    const threadId = r.svc.store.game(1)!.channelId;
    await send(r, commandPayload('game', 'join', [s('side', 'a')]));
    expect(lastReply(r).content).toContain(`go to the game's thread: #1 in <#${threadId}>`);
  });

  it('inside a thread, thread:true opens the game in this thread (no nesting), and says why; a busy thread refuses clearly', async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)], { channelId: THREAD_ID }));
    expect(threadsCreated(r)).toHaveLength(0);
    expect(r.fake.find('POST', `/channels/${THREAD_ID}/threads`)).toHaveLength(0);
    expect(lastReply(r).content).toMatch(/cannot open a thread inside a thread, so this game lives in this thread/);
    expect(r.svc.store.liveGame(THREAD_ID)?.id).toBe(1);
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)], { channelId: THREAD_ID }));
    const refusal = lastReply(r);
    expect(refusal.flags & 64).toBe(64);
    expect(refusal.content).toMatch(new RegExp(`already has game #1.*cannot open a thread inside a thread.*<#${CHANNEL_ID}>`));
  });

  it('a channel where no thread can be opened keeps the game itself and says so', async () => {
    const r = await boot();
    r.fake.fault((q) => q.method === 'POST' && q.path === `/channels/${CHANNEL_ID}/threads`, {
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
    });
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)]));
    expect(lastReply(r).content).toMatch(new RegExp(`<#${CHANNEL_ID}>[\\s\\S]*could not open a thread[\\s\\S]*lives in this channel`));
    expect(r.svc.store.liveGame(CHANNEL_ID)?.id).toBe(1);
    expect(r.fake.messages(CHANNEL_ID)[0].content).toMatch(/Fair dice/);
  });
});

describe('the game card (issue 9)', () => {
  it('one embed per game, pinned, edited in place: sides with players, whose turn and until when', async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)]));
    const threadId = r.svc.store.game(1)!.channelId;
    let cards = r.fake.cards(threadId);
    expect(cards).toHaveLength(1);
    expect(cards[0].embeds[0].title).toBe('Duel (drawn) #1');
    expect(cards[0].embeds[0].description).toMatch(/Waiting for players/);
    expect(r.fake.pins.get(threadId)).toEqual(new Set([cards[0].id]));
    await send(r, commandPayload('game', 'join', [s('side', 'a')], { channelId: threadId }));
    await send(r, commandPayload('game', 'join', [s('side', 'b')], { channelId: threadId, user: BOB }));
    await send(r, commandPayload('game', 'start', [], { channelId: threadId }));
    await send(
      r,
      commandPayload('mod', 'deadline', [{ name: 'hours', type: 4, value: 5 }], { channelId: threadId, permissions: PERMS.manageGuild }),
    );
    cards = r.fake.cards(threadId);
    expect(cards).toHaveLength(1); // edited, never sent again
    expect(r.fake.find('PATCH', `/channels/${threadId}/messages/${cards[0].id}`).length).toBeGreaterThanOrEqual(3);
    const embed = cards[0].embeds[0];
    const sides = embed.fields.find((f: any) => f.name === 'Sides').value;
    expect(sides).toContain(`<@${ALICE.id}>`);
    expect(sides).toContain(`<@${BOB.id}>`);
    const due = r.svc.store.deadlines.ofGame(1)[0].dueAt;
    expect(embed.fields.find((f: any) => f.name === 'Whose turn').value).toBe(`Player A — until <t:${Math.floor(due / 1000)}:R>`);
    // The start post's map is linked from the card.
    expect(embed.fields.find((f: any) => f.name === 'Map').value).toMatch(
      new RegExp(`\\(https://discord.com/channels/\\d+/${threadId}/\\d+\\)`),
    );
    // The embed's colour is the colour of the side to move.
    expect(embed.color).toBe(COLOR_A);
  });
});

describe('the game card when its message is gone', () => {
  it('a deleted card is sent anew, pinned, and edited from then on', async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw')]));
    const [old] = r.fake.cards(CHANNEL_ID);
    r.fake.delivered.splice(r.fake.delivered.indexOf(old), 1); // someone deleted it
    await send(r, commandPayload('game', 'join', [s('side', 'a')]));
    const [fresh] = r.fake.cards(CHANNEL_ID);
    expect(fresh.id).not.toBe(old.id);
    expect(r.fake.pins.get(CHANNEL_ID)?.has(fresh.id)).toBe(true);
    expect(r.svc.store.homes.get(1).cardMessageId).toBe(fresh.id);
    await send(r, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
    expect(r.fake.cards(CHANNEL_ID)).toHaveLength(1);
    expect(r.fake.cards(CHANNEL_ID)[0].embeds[0].fields[0].value).toContain(`<@${BOB.id}>`);
  });
});

describe('spectators (issue 13)', () => {
  it("Follow adds the presser to the game's thread, privately confirmed", async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)]));
    const threadId = r.svc.store.game(1)!.channelId;
    const follow = r.fake
      .messages(threadId)[0]
      .components.flatMap((row: any) => row.components)
      .find((c: any) => c.label === 'Follow');
    await send(r, buttonPayload(follow.custom_id, { user: BOB, channelId: threadId }));
    expect(r.fake.threadMembers.get(threadId)?.has(BOB.id)).toBe(true);
    const reply = lastReply(r);
    expect(reply.flags & 64).toBe(64);
    expect(reply.content).toMatch(/You follow \*\*Duel \(drawn\)\*\* #1/);
  });

  it('a thread game that ends is chronicled in the parent with its final map, and its thread is archived', async () => {
    const r = await boot();
    await send(r, commandPayload('game', 'new', [s('system', 'dueldraw'), b('thread', true)]));
    const threadId = r.svc.store.game(1)!.channelId;
    await send(r, commandPayload('game', 'join', [s('side', 'a')], { channelId: threadId }));
    await send(r, commandPayload('game', 'join', [s('side', 'b')], { channelId: threadId, user: BOB }));
    await send(r, commandPayload('game', 'start', [], { channelId: threadId }));
    await send(
      r,
      commandPayload('mod', 'result', [s('winner', 'a'), s('note', 'forfeit')], { channelId: threadId, permissions: PERMS.manageGuild }),
    );
    expect(r.svc.store.game(1)!.status).toBe('over');
    const chronicle = r.fake.messages(CHANNEL_ID).at(-1)!;
    expect(chronicle.content).toMatch(
      new RegExp(`📜 \\*\\*Duel \\(drawn\\)\\*\\* #1 \\(<#${threadId}>\\) has ended\\. Recorded by a moderator: forfeit`),
    );
    expect(chronicle.files[0].data.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
    expect(chronicle.mentions).toEqual([]); // a record, not a ping
    expect(r.fake.cards(threadId)[0].embeds[0].description).toMatch(/Over/);
    const archive = r.fake.find('PATCH', `/channels/${threadId}`);
    expect(archive.at(-1)?.body.archived).toBe(true);
    // Once only: another command does not chronicle it again.
    await send(r, commandPayload('game', 'verify', [], { channelId: threadId }));
    expect(r.fake.messages(CHANNEL_ID).filter((m) => m.content.startsWith('📜'))).toHaveLength(1);
  });
});
