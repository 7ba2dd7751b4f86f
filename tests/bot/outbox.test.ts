// Issue 9: the durable outbox behind the real discord.js client and the real
// router, with faults injected into the loopback stand-in for Discord. After
// each fault every owed post arrives exactly once and in order, hand-offs are
// new messages that ping once, refusals stay private, and the game goes on.
import { bootServiceRig, closeServiceRigs, forgetServiceRig, type ServiceRig } from './setup.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { FAULTS, FakeDiscord, ON, type Delivered } from './fake-discord.ts';
import { PNG } from './fake-router.ts';
import { ALICE, BOB, CHANNEL_ID, PERMS, buttonPayload, commandPayload, feed } from './payloads.ts';

// The duel fixture with a map, so snapshot posts are uploads.
if (!getGame('duel')) registerGame(duel);
if (!getGame('dueldraw')) registerGame({ ...duel, id: 'dueldraw', command: 'dueldraw', title: 'Duel (drawn)', render: async () => PNG });

const EPHEMERAL = 64;
const RETRY = { baseMs: 20, maxMs: 100, maxAttempts: 4, pollMs: 20 };
const s = (name: string, value: string) => ({ name, type: 3, value });

type Table = ServiceRig;
afterEach(closeServiceRigs);

const boot = (dbPath?: string, fake?: FakeDiscord, retry = RETRY, drawAtDelivery = false): Promise<Table> =>
  bootServiceRig({ seed: 'outbox-seed', dbPath, fake, retry, drawAtDelivery });

async function send(t: Table, payload: unknown): Promise<void> {
  feed(t.bot.client, payload);
  await t.bot.idle();
}

const state = (t: Table) => JSON.parse(t.svc.store.liveGame(CHANNEL_ID)!.state!).game as { turn: 'a' | 'b'; pending: number };
const version = (t: Table) => t.svc.store.liveGame(CHANNEL_ID)!.version;

/** A started duel: alice plays a, bob plays b. */
async function started(system = 'dueldraw', drawAtDelivery = false): Promise<Table> {
  const t = await boot(undefined, undefined, RETRY, drawAtDelivery);
  await send(t, commandPayload('game', 'new', [s('system', system)]));
  await send(t, commandPayload('game', 'join', [s('side', 'a')]));
  await send(t, commandPayload('game', 'join', [s('side', 'b')], { user: BOB }));
  await send(t, commandPayload('game', 'start'));
  await t.bot.outbox.settle();
  return t;
}

/** The side to move plays until the turn passes (roll; bank once something is pending). */
async function endTurn(t: Table): Promise<void> {
  const side = state(t).turn;
  const user = side === 'a' ? ALICE : BOB;
  for (let i = 0; i < 20 && state(t).turn === side; i++)
    await send(t, commandPayload(system(t), state(t).pending > 0 ? 'bank' : 'roll', [], { user }));
  expect(state(t).turn).not.toBe(side);
}
const system = (t: Table) => t.svc.store.liveGame(CHANNEL_ID)!.system;

/** What the outbox owed the channel itself (private posts go to seat threads), oldest first, with its track and state. */
function owed(t: Table, lane = CHANNEL_ID): { id: number; content: string; state: string; track: string }[] {
  // Game cards are edits of one pinned message, turn messages' edits (issue 19 §1) change a message
  // already there, private posts go to seats' threads, and a ping's pictures are an edit of it: none is in the
  // channel's sequence.
  const rows = t.svc.store.db.prepare('SELECT id, post, state, track FROM outbox WHERE lane = ? ORDER BY id').all(lane) as {
    id: number;
    post: string;
    state: string;
    track: string;
  }[];
  return rows
    .filter((r) => {
      const p = JSON.parse(r.post) as { to?: unknown; card?: number; attachTo?: string; turn?: { edit?: boolean } };
      return !p.to && p.card === undefined && !p.attachTo && !p.turn?.edit;
    })
    .map((r) => ({
      id: r.id,
      content: (JSON.parse(r.post) as { content: string }).content,
      state: r.state,
      track: r.track,
    }));
}

/**
 * Arrived messages are the owed rows, each once, and each track's rows in
 * its order (pings go ahead of pictures, issue 19 §4): an interleaving of the
 * tracks. `same` says whether a message is a row's (its first payload).
 */
function expectInterleaved(arrived: string[], rows: { content: string; track: string }[], same: (a: string, row: string) => boolean): void {
  expect(arrived).toHaveLength(rows.length);
  const queues = new Map<string, string[]>();
  for (const r of rows) queues.set(r.track, [...(queues.get(r.track) ?? []), r.content]);
  for (const a of arrived) {
    const q = [...queues.values()].find((list) => list.length && same(a, list[0]));
    expect(q, `arrived out of its track's order: ${a.slice(0, 80)}`).toBeDefined();
    q!.shift();
  }
}

/** Every owed post is sent and arrived exactly once, each track in the outbox's order (first payload of each, as first sent: turn messages are edited later). */
function expectExactlyOnceInOrder(t: Table): void {
  const rows = owed(t);
  expect(rows.map((r) => r.state)).toEqual(rows.map(() => 'sent'));
  expectInterleaved(
    t.fake.messages(CHANNEL_ID).map((m) => m.posted),
    rows,
    (a, row) => a === row.slice(0, 2000),
  );
}

const handoffsTo = (t: Table, userId: string): Delivered[] => t.fake.messages(CHANNEL_ID).filter((m) => m.mentions.includes(userId));

describe('the outbox under faults (issue 9)', () => {
  it('a 500 on an upload: the map is retried until Discord takes it, once; the hand-off went ahead of it', async () => {
    const t = await started();
    // discord.js tries 4 times per attempt; 8 failures cost the worker two attempts.
    t.fake.fault(ON.upload, FAULTS.serverError, 8);
    await endTurn(t);
    await t.bot.outbox.settle();
    expect(t.fake.faults[0].times).toBe(0);
    expectExactlyOnceInOrder(t);
    const uploads = t.fake.messages(CHANNEL_ID).filter((m) => m.files.length);
    expect(uploads.length).toBeGreaterThanOrEqual(2); // the start map and the new turn's map
    expect(handoffsTo(t, BOB.id)).toHaveLength(1);
    // The game goes on: bob plays, and alice is handed the next turn.
    await endTurn(t);
    await t.bot.outbox.settle();
    expect(handoffsTo(t, ALICE.id)).toHaveLength(2); // the start, and now
    expectExactlyOnceInOrder(t);
  });

  it('Discord took the message but its answer was a 500: the resend carries the same nonce, so it arrives once', async () => {
    const t = await started();
    t.fake.fault(ON.channelPost, { ...FAULTS.serverError, after: true }, 1);
    const before = t.fake.messages(CHANNEL_ID).length;
    await endTurn(t);
    await t.bot.outbox.settle();
    expect(t.fake.find('POST', `/channels/${CHANNEL_ID}/messages`).length).toBeGreaterThan(t.fake.messages(CHANNEL_ID).length);
    expect(t.fake.messages(CHANNEL_ID).length).toBeGreaterThan(before);
    expectExactlyOnceInOrder(t);
  });

  it('a 500 on the acknowledgement of a button: the action is committed and every post still arrives; the public reply becomes a post', async () => {
    const t = await started();
    // Alice's own buttons ride on the start post: roll with one.
    const roll = t.fake
      .messages(CHANNEL_ID)[0]
      .components.flatMap((r: any) => r.components)
      .find((b: any) => /Roll/.test(b.label));
    const v = version(t);
    t.fake.fault(ON.callback, FAULTS.serverError, 4);
    await send(t, buttonPayload(roll.custom_id));
    await t.bot.outbox.settle();
    expect(version(t)).toBe(v + 1);
    // The move continued alice's turn: it is a line of her turn message (the start post), edited through the outbox.
    expect(t.fake.messages(CHANNEL_ID)[0].content).toMatch(/\(Player A\): Roll the die/);
    expectExactlyOnceInOrder(t);
    await endTurn(t);
    await t.bot.outbox.settle();
    expect(handoffsTo(t, BOB.id)).toHaveLength(1);
  });

  it('a late acknowledgement answered "Unknown interaction" (10062): posts still go; a refusal is never made public', async () => {
    const t = await started();
    await endTurn(t); // bob to move: his hand-off carries his buttons
    await t.bot.outbox.settle();
    const handoff = handoffsTo(t, BOB.id)[0];
    const roll = handoff.components.flatMap((r: any) => r.components).find((b: any) => /Roll/.test(b.label));
    // Alice presses bob's button: refused, privately; the refusal is lost with the interaction and not posted.
    t.fake.fault(ON.callback, FAULTS.unknownInteraction, 1);
    const count = t.fake.messages(CHANNEL_ID).length;
    await send(t, buttonPayload(roll.custom_id));
    await t.bot.outbox.settle();
    expect(t.fake.messages(CHANNEL_ID)).toHaveLength(count);
    // Bob presses it, and the acknowledgement is late: the move counts and is posted.
    const v = version(t);
    t.fake.fault(ON.callback, FAULTS.unknownInteraction, 1);
    await send(t, buttonPayload(roll.custom_id, { user: BOB }));
    await t.bot.outbox.settle();
    expect(version(t)).toBe(v + 1);
    // The move shows in bob's turn message (his hand-off), edited in place though the press's own answer was lost.
    const move = t.fake.messages(CHANNEL_ID).findIndex((m) => /\(Player B\): Roll the die/.test(m.content));
    expect(move).toBeGreaterThanOrEqual(0);
    const next = t.fake.messages(CHANNEL_ID).findIndex((m, i) => i > count - 1 && m.mentions.includes(ALICE.id));
    if (next >= 0) expect(move).toBeLessThanOrEqual(next);
    expect(t.fake.messages(CHANNEL_ID).every((m) => (m.flags & EPHEMERAL) === 0 && !/❌|not your turn|belongs to/i.test(m.content))).toBe(
      true,
    );
    expectExactlyOnceInOrder(t);
  });

  it('a 429 with retry-after: the post waits as told and arrives once', async () => {
    const t = await started();
    t.fake.fault(ON.channelPost, FAULTS.rateLimited(0.2), 1);
    const t0 = Date.now();
    await endTurn(t);
    await t.bot.outbox.settle();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    expect(t.fake.faults[0].times).toBe(0);
    expectExactlyOnceInOrder(t);
    expect(handoffsTo(t, BOB.id)).toHaveLength(1);
  });

  it('a restart while posts are pending: the next run delivers them, once, in order, and the game goes on', async () => {
    const t = await started();
    // Many attempts allowed: the rows must still be pending when the bot stops.
    t.bot.outbox.policy.maxAttempts = 1000;
    t.fake.fault(ON.channelPost, FAULTS.serverError, 1000);
    await endTurn(t);
    const waiting = owed(t).filter((r) => r.state === 'pending');
    expect(waiting.length).toBeGreaterThan(0);
    // Stop the bot and the store with the rows still pending; start again on the same database.
    await t.bot.stop();
    t.svc.store.close();
    forgetServiceRig(t);
    t.fake.faults.length = 0;
    const again = await boot(t.dbPath, t.fake);
    await again.bot.outbox.settle();
    expectExactlyOnceInOrder(again);
    expect(handoffsTo(again, BOB.id)).toHaveLength(1);
    await endTurn(again);
    await again.bot.outbox.settle();
    expectExactlyOnceInOrder(again);
    expect(handoffsTo(again, ALICE.id)).toHaveLength(2);
  });

  it('a crash after the commit, before the posts were rendered: the next run posts where the game stands, with the hand-off', async () => {
    const t = await started('duel');
    // Alice banks straight in the store: the commit happens, its posts are never built (as if the process died while drawing).
    const row = t.svc.store.liveGame(CHANNEL_ID)!;
    for (let i = 0; i < 20 && state(t).turn === 'a'; i++) {
      const cur = t.svc.store.liveGame(CHANNEL_ID)!;
      t.svc.sessions.act(cur, ALICE.id, 'a', [{ type: state(t).pending > 0 ? 'bank' : 'roll' }]);
    }
    expect(version(t)).toBeGreaterThan(row.version);
    const before = t.fake.messages(CHANNEL_ID).length;
    await t.bot.stop();
    t.svc.store.close();
    forgetServiceRig(t);
    const again = await boot(t.dbPath, t.fake);
    await again.bot.outbox.settle();
    const fresh = again.fake.messages(CHANNEL_ID).slice(before);
    // One post per interrupted commit would be noise: all the game's markers become one post of its current state, pinging bob.
    expect(fresh).toHaveLength(1);
    expect(fresh[0].content).toMatch(/interrupted before posting/);
    expect(fresh[0].mentions).toEqual([BOB.id]);
    expect(fresh[0].components.flatMap((r: any) => r.components).some((b: any) => /Roll/.test(b.label))).toBe(true);
  });

  it('a permanent refusal (403): the players are told directly and the caller privately; /game repost sends the state again', async () => {
    const t = await started();
    t.fake.fault(ON.channelPost, FAULTS.missingAccess, 1);
    await endTurn(t);
    await t.bot.outbox.settle();
    const failed = owed(t).filter((r) => r.state === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    // Each player gets a direct message naming /game repost.
    const dms = t.fake.delivered.filter((d) => d.channelId !== CHANNEL_ID);
    expect(dms).toHaveLength(2);
    for (const d of dms) expect(d.content).toMatch(/could not|would not take.*\/game repost/s);
    const note = t.fake.find('POST', /^\/webhooks\//).find((r) => /couldn't post/.test(r.body?.content ?? ''));
    expect(note?.body.flags).toBe(EPHEMERAL);
    // Access restored: bob reposts and gets the map, prompt and buttons; the hand-off never arrived, so the repost pings him.
    const before = t.fake.messages(CHANNEL_ID).length;
    await send(t, commandPayload('game', 'repost', [], { user: BOB }));
    await t.bot.outbox.settle();
    const [repost] = t.fake.messages(CHANNEL_ID).slice(before);
    expect(repost.content).toMatch(/🔁/);
    expect(repost.mentions).toEqual([BOB.id]);
    expect(repost.files[0].data.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
    expect(repost.components.flatMap((r: any) => r.components).length).toBeGreaterThan(0);
    await endTurn(t);
    await t.bot.outbox.settle();
    expect(handoffsTo(t, ALICE.id).length).toBeGreaterThan(0);
  });
});

describe('hand-offs (issue 9)', () => {
  it('whoever must act next gets one new message that mentions them, once per decision, with its deadline', async () => {
    const t = await started('duel');
    await send(t, commandPayload('game', 'clock', [{ name: 'hours', type: 4, value: 2 }], { permissions: PERMS.manageGuild }));
    // Alice's own steps inside her decision ping nobody.
    const count = t.fake.messages(CHANNEL_ID).length;
    await send(t, commandPayload('duel', 'mark', [s('n', 'one')]));
    await t.bot.outbox.settle();
    expect(
      t.fake
        .messages(CHANNEL_ID)
        .slice(count)
        .every((m) => m.mentions.length === 0),
    ).toBe(true);
    await endTurn(t);
    await t.bot.outbox.settle();
    const toBob = handoffsTo(t, BOB.id);
    expect(toBob).toHaveLength(1);
    expect(toBob[0].mentions).toEqual([BOB.id]); // one mention, never the mover
    expect(toBob[0].content).toMatch(/<@1300000000000000002>.*roll or bank/s);
    expect(toBob[0].content).toMatch(/<t:\d+:R>/);
    // A new message, never an edit of a deferred reply.
    expect(t.fake.find('PATCH', /@original$/).every((r) => (r.body?.allowed_mentions?.users ?? []).length === 0)).toBe(true);
    // Bob rolls without ending his turn: same decision, no second ping.
    await send(t, commandPayload('duel', 'mark', [s('n', 'two')], { user: BOB }));
    await send(t, commandPayload('game', 'repost', [], { user: BOB }));
    await t.bot.outbox.settle();
    expect(handoffsTo(t, BOB.id)).toHaveLength(1);
    expectExactlyOnceInOrder(t);
  });
});

describe('maps drawn as the outbox delivers them (the bot, issue 9)', () => {
  /** Every owed post arrived once, each track in order; a map left undrawn under a backlog says so after its text. */
  function arrivedOnceInOrder(t: Table): void {
    const rows = owed(t);
    expect(rows.map((r) => r.state)).toEqual(rows.map(() => 'sent'));
    expectInterleaved(
      t.fake.messages(CHANNEL_ID).map((m) => m.posted),
      rows,
      (a, row) => a.startsWith(row.slice(0, 1900)),
    );
  }

  it('the command stores the view, not a PNG; a 500 on the upload: drawn again and taken once, the hand-off went ahead', async () => {
    const t = await started('dueldraw', true);
    t.fake.fault(ON.upload, FAULTS.serverError, 8);
    await endTurn(t);
    const stored = t.svc.store.db.prepare(`SELECT post FROM outbox WHERE draws > 0`).all() as { post: string }[];
    expect(stored.length).toBeGreaterThan(0);
    for (const r of stored) expect(JSON.parse(r.post).files.every((f: { data?: string; draw?: unknown }) => f.draw && !f.data)).toBe(true);
    await t.bot.outbox.settle();
    expect(t.fake.faults[0].times).toBe(0);
    arrivedOnceInOrder(t);
    expect(t.fake.messages(CHANNEL_ID).filter((m) => m.files.length).length).toBeGreaterThanOrEqual(2);
    expect(handoffsTo(t, BOB.id)).toHaveLength(1);
  });

  it('a restart with a backlog of maps: the newest is drawn, older ones go as text, no open hand-off is lost, the game goes on', async () => {
    const t = await started('dueldraw', true);
    t.bot.outbox.policy.maxAttempts = 1000;
    t.fake.fault(ON.channelPost, FAULTS.serverError, 1000);
    await endTurn(t);
    // Bob's turn while the channel still fails: a later batch (rows of one batch never supersede each other).
    await new Promise((r) => setTimeout(r, 5));
    await endTurn(t);
    const waiting = owed(t).filter((r) => r.state === 'pending');
    // Two turns' maps wait (each with its hand-off): turn 2 for bob, turn 3 for alice.
    // The move that ended a turn leads its map post (issue 19 §1).
    expect(waiting.map((r) => r.content.match(/🗺️ \*\*Turn \d\*\*/)?.[0])).toEqual(['🗺️ **Turn 2**', '🗺️ **Turn 3**']);
    await t.bot.stop();
    t.svc.store.close();
    forgetServiceRig(t);
    t.fake.faults.length = 0;
    const again = await boot(t.dbPath, t.fake, RETRY, true);
    await again.bot.outbox.settle();
    arrivedOnceInOrder(again);
    // Turn 2 is superseded: its text, ping and buttons arrive (ahead of any picture), its picture is never
    // added (no edit is made for it); turn 3's is.
    const [turn2, turn3] = again.fake.messages(CHANNEL_ID).filter((m) => m.content.includes('🗺️ **Turn'));
    expect(turn2.files).toHaveLength(0);
    expect(again.bot.outbox.superseded).toBe(1);
    expect(turn3.files).toHaveLength(1);
    // Bob decided turn 2 while its message waited: it goes without pinging him, saying so, without his
    // buttons (issue 19 §4); alice, whose turn 3 is open, is handed it once, with buttons.
    expect(handoffsTo(again, BOB.id)).toHaveLength(0);
    // (As posted: bob's moves since then edited his turn message.)
    expect(turn2.posted).toMatch(/Already decided before this message went out/);
    expect(turn2.components).toEqual([]);
    expect(handoffsTo(again, ALICE.id)).toHaveLength(2);
    expect(handoffsTo(again, ALICE.id)[1].components.length).toBeGreaterThan(0);
    await endTurn(again);
    await again.bot.outbox.settle();
    arrivedOnceInOrder(again);
  });
});
