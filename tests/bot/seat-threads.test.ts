// Issue 9: private posts go to a private thread per seat under the game's
// channel, with only that seat's players; a second post reuses it; when the
// channel refuses threads the post goes by DM, and when the DM is refused too
// the text waits for the player's next interaction.
import { afterEach, describe, expect, it } from 'vitest';
import { runBot, type BotHandle } from '../../src/bot/client.ts';
import type { Logger } from '../../src/bot/log.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices, type Services } from '../../src/app/services.ts';
import { quickCards } from './setup.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import type { GameModule } from '../../src/engine/types.ts';
import { duel } from '../fixtures/duel.ts';
import { tempDb } from '../setup/test-db.ts';
import { APP_ID, FAULTS, FakeDiscord, ON } from './fake-discord.ts';
import { ALICE, BOB, CHANNEL_ID, GUILD_ID, PERMS, commandPayload, feed, seedGuild } from './payloads.ts';

// A duel whose 'mark' whispers to the other side: a private event for a seat the caller does not hold.
const spy: GameModule<any, any> = {
  ...duel,
  id: 'duelspy',
  command: 'duelspy',
  title: 'Duel (spy)',
  apply(s, role, a, ctx) {
    if ((a as { type: string }).type !== 'mark') return duel.apply(s, role, a, ctx);
    ctx.emit({ kind: 'mark', text: `psst ${(a as unknown as { n: number }).n}`, to: [role === 'a' ? 'b' : 'a'] });
  },
};
if (!getGame('duelspy')) registerGame(spy);
if (!getGame('duel')) registerGame(duel);

const PRIVATE_THREAD = 12;

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const s = (name: string, value: string) => ({ name, type: 3, value });

interface Table {
  fake: FakeDiscord;
  svc: Services;
  bot: BotHandle;
}
let open: Table[] = [];
afterEach(async () => {
  for (const t of open) {
    await t.bot.stop();
    t.svc.store.close();
    await t.fake.close();
  }
  open = [];
});

async function send(t: Table, payload: unknown): Promise<void> {
  feed(t.bot.client, payload);
  await t.bot.idle();
}

/** alice plays a, bob plays b. */
async function started(system = 'duelspy'): Promise<Table> {
  const fake = await new FakeDiscord().start();
  const svc = quickCards(openServices({ dbPath: tempDb(), seed: 'seat-threads', maxSnapshots: 1 }));
  const bot = await runBot(createRouter(svc), {
    login: false,
    token: 'test-token',
    apiBase: fake.api,
    tickMs: 0,
    logger: silent,
    retry: { baseMs: 20, maxMs: 100, maxAttempts: 4, pollMs: 20 },
  });
  seedGuild(bot.client, fake);
  const t = { fake, svc, bot };
  open.push(t);
  await send(t, commandPayload('game', 'new', [s('system', system)]));
  await send(t, commandPayload('game', 'join', [s('side', 'a')]));
  await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
  await send(t, commandPayload('game', 'start'));
  await t.bot.outbox.settle();
  return t;
}

const threadsCreated = (t: Table) => t.fake.find('POST', `/channels/${CHANNEL_ID}/threads`);
const gameId = (t: Table) => t.svc.store.liveGame(CHANNEL_ID)!.id;

describe('private threads per seat (issue 9)', () => {
  it("a private event reaches the seat's private thread, which holds only that seat's players; the next one reuses it", async () => {
    const t = await started();
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    const [create] = threadsCreated(t);
    expect(create.body).toMatchObject({ type: PRIVATE_THREAD, invitable: false });
    const row = t.svc.store.db.prepare('SELECT thread_id FROM seat_threads WHERE game_id = ? AND role = ?').get(gameId(t), 'b') as {
      thread_id: string;
    };
    const threadId = row.thread_id;
    expect(t.fake.channels.get(threadId)).toMatchObject({ type: PRIVATE_THREAD, parent_id: CHANNEL_ID, guild_id: GUILD_ID });
    // Only bob (seat b): not alice (the other side), not carol (a spectator).
    expect([...t.fake.threadMembers.get(threadId)!]).toEqual([BOB.id]);
    const inThread = t.fake.messages(threadId);
    expect(inThread).toHaveLength(1);
    expect(inThread[0].content).toMatch(/for your eyes only[\s\S]*psst 1/);
    // Nothing private went to the game's channel or by DM.
    expect(t.fake.messages(CHANNEL_ID).some((m) => /psst/.test(m.content))).toBe(false);
    expect(t.fake.find('POST', '/users/@me/channels')).toHaveLength(0);

    await send(t, commandPayload('duelspy', 'mark', [s('n', 'two')]));
    await t.bot.outbox.settle();
    expect(threadsCreated(t)).toHaveLength(1);
    expect(t.fake.find('PUT', /\/thread-members\//)).toHaveLength(1);
    expect(t.fake.messages(threadId).map((m) => m.content.match(/psst \d/)?.[0])).toEqual(['psst 1', 'psst 2']);
  });

  it('a seat thread opened by a process that died before recording it is found and used, not opened again (issue 21 §3)', async () => {
    const t = await started();
    // Discord created it; the store never heard (kill -9 between the two).
    const orphan = '1400000000000009999';
    t.fake.channels.set(orphan, {
      id: orphan,
      type: PRIVATE_THREAD,
      guild_id: GUILD_ID,
      parent_id: CHANNEL_ID,
      name: `🔒 Game #${gameId(t)} · b`,
      owner_id: APP_ID,
      thread_metadata: { archived: false, auto_archive_duration: 10080, archive_timestamp: new Date().toISOString(), locked: false },
      flags: 0,
    });
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    expect(threadsCreated(t)).toHaveLength(0);
    expect(t.fake.find('GET', `/guilds/${GUILD_ID}/threads/active`)).toHaveLength(1);
    expect(t.fake.messages(orphan).map((m) => m.content.match(/psst \d/)?.[0])).toEqual(['psst 1']);
    expect([...t.fake.threadMembers.get(orphan)!]).toEqual([BOB.id]);
  });

  it('a 403 on creating the thread: the private post goes by direct message instead', async () => {
    const t = await started();
    t.fake.fault(ON.threadCreate, FAULTS.missingAccess, 1);
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    expect(threadsCreated(t)).toHaveLength(1);
    const [dm] = t.fake.find('POST', '/users/@me/channels');
    expect(dm.body.recipient_id).toBe(BOB.id);
    const toBob = t.fake.delivered.filter((d) => d.channelId !== CHANNEL_ID);
    expect(toBob).toHaveLength(1);
    expect(toBob[0].content).toMatch(/psst 1/);
    expect(t.svc.store.db.prepare('SELECT COUNT(*) AS n FROM seat_threads').get()).toEqual({ n: 0 });
    // The post counts as delivered: no notice in the channel.
    expect(t.fake.messages(CHANNEL_ID).some((m) => /would not take/.test(m.content))).toBe(false);
  });

  it('thread refused and DMs closed: the text waits for the player and comes with their next command, privately', async () => {
    const t = await started();
    t.fake.fault(ON.threadCreate, FAULTS.missingAccess, 1);
    t.fake.fault((r) => ON.channelPost(r) && r.path.startsWith('/channels/9'), FAULTS.missingAccess, 1);
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'two')]));
    await t.bot.outbox.settle();
    expect(t.fake.delivered.filter((d) => /psst/.test(d.content))).toHaveLength(0);
    // The channel hears that a private message failed, not what it said.
    const notice = t.fake.messages(CHANNEL_ID).find((m) => /would not take a private message/.test(m.content));
    expect(notice?.content).not.toMatch(/psst/);
    // Bob's next command: the held text arrives in an ephemeral follow-up, once.
    await send(t, commandPayload('game', 'status', [], { user: BOB }));
    const held = t.fake.find('POST', /^\/webhooks\//).filter((r) => /psst 2/.test(r.body?.content ?? ''));
    expect(held).toHaveLength(1);
    expect(held[0].body.flags).toBe(64);
    await send(t, commandPayload('game', 'status', [], { user: BOB }));
    expect(t.fake.find('POST', /^\/webhooks\//).filter((r) => /psst 2/.test(r.body?.content ?? ''))).toHaveLength(1);
  });

  it('private posts refused again and again: the channel is told once until the player reads what waits (issue 19 §9)', async () => {
    const t = await started();
    t.fake.fault(ON.threadCreate, FAULTS.missingAccess, 100);
    t.fake.fault((r) => ON.channelPost(r) && r.path.startsWith('/channels/9'), FAULTS.missingAccess, 100);
    const notices = () => t.fake.messages(CHANNEL_ID).filter((m) => /would not take a private message/.test(m.content));
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'one')]));
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'two')]));
    await t.bot.outbox.settle();
    expect(notices()).toHaveLength(1);
    // Bob reads both held texts with his next command; a refusal after that is a new one, told again.
    await send(t, commandPayload('game', 'status', [], { user: BOB }));
    const held = t.fake
      .find('POST', /^\/webhooks\//)
      .map((r) => String(r.body?.content ?? ''))
      .join('\n');
    expect(held).toMatch(/psst 1/);
    expect(held).toMatch(/psst 2/);
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    expect(notices()).toHaveLength(2);
  });

  it("the caller's own secret lines are kept in their seat's thread, and reminders arrive there", async () => {
    const t = await started('duel');
    await send(t, commandPayload('duel', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    const id = (
      t.svc.store.db.prepare('SELECT thread_id FROM seat_threads WHERE game_id = ? AND role = ?').get(gameId(t), 'a') as {
        thread_id: string;
      }
    ).thread_id;
    expect([...t.fake.threadMembers.get(id)!]).toEqual([ALICE.id]);
    expect(t.fake.messages(id).map((m) => m.content)).toEqual([expect.stringMatching(/your own orders[\s\S]*marked 1/)]);
    // A reminder at half time of a 10-hour deadline (fake clock), in the same thread, pinging alice.
    const t0 = Date.now();
    t.svc.now = () => t0;
    await send(t, commandPayload('game', 'deadline', [{ name: 'hours', type: 4, value: 10 }], { permissions: PERMS.manageGuild }));
    t.svc.now = () => t0 + 5 * 3_600_000;
    await t.bot.tick();
    await t.bot.outbox.settle();
    const reminder = t.fake.messages(id).at(-1)!;
    expect(reminder.content).toMatch(/^⏰ <@1300000000000000001> reminder: \*\*Player A\*\*/);
    expect(reminder.mentions).toEqual([ALICE.id]);
    expect(threadsCreated(t)).toHaveLength(1);
  });

  it('without a seat thread the copy of a private reply is not sent by DM (the reply was enough)', async () => {
    const t = await started('duel');
    t.fake.fault(ON.threadCreate, FAULTS.missingAccess, 1);
    await send(t, commandPayload('duel', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    expect(threadsCreated(t)).toHaveLength(1);
    expect(t.fake.find('POST', '/users/@me/channels')).toHaveLength(0);
    expect(t.fake.delivered.some((d) => /marked 1/.test(d.content))).toBe(false);
    expect(t.svc.store.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state != 'sent'").get()).toEqual({ n: 0 });
  });

  it('a seat thread that vanished (404) is forgotten and a new one opened; the post arrives once', async () => {
    const t = await started();
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    const [first] = threadsCreated(t);
    const old = (t.svc.store.db.prepare('SELECT thread_id FROM seat_threads WHERE role = ?').get('b') as { thread_id: string }).thread_id;
    expect(first).toBeDefined();
    // Deleted: Discord lists it no more (the bot looks a thread up before opening one) and refuses posts to it.
    t.fake.channels.delete(old);
    t.fake.fault(
      (r) => r.method === 'POST' && r.path === `/channels/${old}/messages`,
      { status: 404, body: { message: 'Unknown Channel', code: 10003 } },
      1,
    );
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'two')]));
    await t.bot.outbox.settle();
    expect(threadsCreated(t)).toHaveLength(2);
    const fresh = (t.svc.store.db.prepare('SELECT thread_id FROM seat_threads WHERE role = ?').get('b') as { thread_id: string }).thread_id;
    expect(fresh).not.toBe(old);
    expect([...t.fake.threadMembers.get(fresh)!]).toEqual([BOB.id]);
    expect(t.fake.messages(fresh).map((m) => m.content.match(/psst \d/)?.[0])).toEqual(['psst 2']);
    expect(t.fake.delivered.filter((d) => /psst 2/.test(d.content))).toHaveLength(1);
  });

  it('a reseat: the replaced player leaves the seat thread and the new one joins before the next private post', async () => {
    const t = await started();
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    const id = (t.svc.store.db.prepare('SELECT thread_id FROM seat_threads WHERE role = ?').get('b') as { thread_id: string }).thread_id;
    const CAROL = '1300000000000000003';
    await send(
      t,
      commandPayload('game', 'join', [s('side', 'b'), { name: 'user', type: 6, value: CAROL }], { permissions: PERMS.manageGuild }),
    );
    expect(
      t.svc.store
        .seats(gameId(t))
        .filter((x) => x.role === 'b')
        .map((x) => x.userId),
    ).toEqual([CAROL]);
    await send(t, commandPayload('duelspy', 'mark', [s('n', 'two')]));
    await t.bot.outbox.settle();
    expect([...t.fake.threadMembers.get(id)!]).toEqual([CAROL]);
    expect(t.fake.find('DELETE', `/channels/${id}/thread-members/${BOB.id}`)).toHaveLength(1);
    // Removed before the new secret was posted.
    const removal = t.fake.requests.findIndex((r) => r.method === 'DELETE' && r.path.endsWith(BOB.id));
    const secret = t.fake.requests.findIndex(
      (r) => r.method === 'POST' && r.path === `/channels/${id}/messages` && /psst 2/.test(r.body?.content ?? ''),
    );
    expect(removal).toBeGreaterThanOrEqual(0);
    expect(removal).toBeLessThan(secret);
  });
});
