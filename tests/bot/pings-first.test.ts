// Issue 19 §2 (a budget of REST calls) and §4 (pings first). The outbox
// hands a hand-off's ping to discord.js before any picture and never lets a
// drawing or an upload hold it back; a ping whose decision closed before it
// went out is not sent (or goes saying so); a game's card is edited at most
// once per window and not at all when it would show the same; the client's
// REST limiter is configured with Discord's global limit; and the REST calls
// under that limit are counted per command against the stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { Routes } from 'discord.js';
import type { Router } from '../../commands/types.ts';
import type { DrawJob, Post } from '../../src/messages/types.ts';
import { DEFAULT_RETRY, OutboxWorker } from '../../src/bot/outbox-worker.ts';
import type { Logger } from '../../src/bot/log.ts';
import { GLOBAL_REQUESTS_PER_SECOND, underGlobalLimit } from '../../src/bot/rest-budget.ts';
import { appMetrics } from '../../src/app/metrics.ts';
import { Store } from '../../src/store/store.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { tempDb } from '../setup/test-db.ts';
import { sinkClient, type SinkStats } from '../bench/sink-client.ts';
import { duel } from '../fixtures/duel.ts';
import { PNG } from './fake-router.ts';
import { ON, type RecordedRequest } from './fake-discord.ts';
import { BOB, CHANNEL_ID, commandPayload, feed } from './payloads.ts';
import { bootServiceRig, closeServiceRigs, startRig, type ServiceRig } from './setup.ts';

if (!getGame('dueldraw')) registerGame({ ...duel, id: 'dueldraw', command: 'dueldraw', title: 'Duel (drawn)', render: async () => PNG });

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const s = (name: string, value: string) => ({ name, type: 3, value });
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

afterEach(closeServiceRigs);

interface SinkRig {
  store: Store;
  worker: OutboxWorker;
  sink: SinkStats & { log: NonNullable<SinkStats['log']>; edits: string[] };
  clock: { t: number };
  game: number;
  router: Router;
}

/** The worker over a store, a sink for Discord and a router whose answers each test sets. */
function sinkRig(router: Partial<Router> = {}): SinkRig {
  const clock = { t: 1_000_000 };
  const store = new Store(tempDb(), () => clock.t);
  const game = store.createGame({
    guildId: 'g',
    channelId: 'c1',
    system: 'duel',
    options: {},
    seed: 's',
    seedHash: 'h',
    createdBy: 'u',
  }).id;
  const full = {
    definitions: () => [],
    dispatch: async () => ({ replies: [], posts: [] }),
    autocomplete: async () => [],
    button: async () => ({ replies: [], posts: [] }),
    draw: async () => PNG,
    ...router,
  } as unknown as Router;
  const sink = { messages: 0, files: [], log: [], edits: [] } as SinkRig['sink'];
  const worker = new OutboxWorker(sinkClient(sink), store.outbox, full, silent, { ...DEFAULT_RETRY, pollMs: 10 });
  return { store, worker, sink, clock, game, router: full };
}

/** A map with its close-up, and a separate hand-off to `who` (decision `decision`), as presentAct makes them. */
function mapAndPing(r: SinkRig, who: string, decision: number): Post[] {
  const view = { decision };
  return [
    {
      channelId: 'c1',
      gameId: r.game,
      content: '🗺️ map',
      files: [{ name: 'm.png', data: Buffer.alloc(0), draw: { system: 'duel', view } }],
    },
    {
      channelId: 'c1',
      gameId: r.game,
      kind: 'handoff',
      content: `➡️ <@${who}>: your move`,
      mentions: [who],
      buttons: [{ customId: `md:${r.game}:${decision}:${who}:000000000000`, label: 'Roll', style: 'primary' }],
      handoff: [{ role: who, decision, userId: who }],
    },
  ];
}

describe('pings first (issue 19 §4)', () => {
  it('a map still being drawn never holds its hand-off back: the ping goes first, the map when drawn', async () => {
    let finish!: () => void;
    const drawn = new Promise<void>((r) => (finish = r));
    const r = sinkRig({
      draw: async (_job: DrawJob) => {
        await drawn;
        return PNG;
      },
    });
    r.store.outbox.enqueue(mapAndPing(r, 'bob', 1), { hold: false });
    const kicked = r.worker.kick();
    for (let i = 0; i < 100 && !r.sink.log.length; i++) await sleep(5);
    // The picture is still being drawn, and the ping is out.
    expect(r.sink.log.map((m) => [m.content, m.mentions])).toEqual([['➡️ <@bob>: your move', ['bob']]]);
    finish();
    await kicked;
    expect(r.sink.log.map((m) => [m.content, m.files])).toEqual([
      ['➡️ <@bob>: your move', 0],
      ['🗺️ map', 1],
    ]);
  });

  it('a ping with pictures goes at once without them; they follow as an edit of it, and a newer map supersedes them (no edit at all)', async () => {
    const r = sinkRig({ draw: async () => PNG });
    const merged = (decision: number): Post => ({
      channelId: 'c1',
      gameId: r.game,
      content: `🗺️ turn ${decision}\n➡️ <@bob>: your move`,
      mentions: ['bob'],
      files: [{ name: `m${decision}.png`, data: Buffer.alloc(0), draw: { system: 'duel', view: { decision } } }],
      handoff: [{ role: 'bob', decision, userId: 'bob' }],
    });
    r.store.outbox.enqueue([merged(1)], { hold: false });
    await r.worker.kick();
    // One message: the ping (no picture), then its picture added by an edit of that very message.
    expect(r.sink.log.map((m) => [m.content.split('\n')[0], m.files, m.edit ?? null])).toEqual([
      ['🗺️ turn 1', 0, null],
      ['', 1, '1'],
    ]);
    // A backlog: turn 2's ping goes, but its picture is superseded by turn 3's before it is drawn.
    r.sink.log.length = 0;
    r.clock.t += 5_000;
    r.store.outbox.enqueue([merged(2)], { hold: false });
    r.clock.t += 5_000;
    r.store.outbox.enqueue([merged(3)], { hold: false });
    await r.worker.kick();
    expect(r.sink.log.filter((m) => !m.edit).map((m) => m.content.split('\n')[0])).toEqual(['🗺️ turn 2', '🗺️ turn 3']);
    expect(r.sink.log.filter((m) => m.edit).map((m) => m.files)).toEqual([1]);
    expect(r.worker.superseded).toBe(1);
  });

  it('a hand-off or reminder whose decision closed before it went out is not sent; a post that says more goes, saying so, without the ping and stale controls', async () => {
    const open: { role: string; decision: number }[] = [{ role: 'alice', decision: 7 }];
    const r = sinkRig({
      openDecisions: (_g, asked) => asked.filter((d) => open.some((o) => o.role === d.role && o.decision === d.decision)),
      staleControls: async (ids) => ids.filter((id) => !id.includes(':7:')),
    });
    const [, ping] = mapAndPing(r, 'bob', 3);
    const reminder: Post = {
      channelId: 'c1',
      gameId: r.game,
      content: '⏰ <@bob> reminder',
      mentions: ['bob'],
      decisions: [{ role: 'bob', decision: 3 }],
      to: { roles: ['bob'], userIds: ['bob'], names: ['Bob'] },
    };
    const both: Post = {
      channelId: 'c1',
      gameId: r.game,
      kind: 'update',
      content: '🗺️ Phase 2 (board unchanged)\n➡️ <@bob> and <@alice>: your moves',
      mentions: ['bob', 'alice'],
      buttons: [
        { customId: `md:${r.game}:3:bob:000000000000`, label: 'Bob: Roll', style: 'primary' },
        { customId: `md:${r.game}:7:alice:000000000000`, label: 'Alice: Roll', style: 'secondary' },
      ],
      handoff: [
        { role: 'bob', decision: 3, userId: 'bob' },
        { role: 'alice', decision: 7, userId: 'alice' },
      ],
    };
    r.store.outbox.enqueue([ping, reminder, both], { hold: false });
    await r.worker.kick();
    expect(r.worker.pingsDropped).toBe(2);
    expect(r.sink.log).toHaveLength(1);
    const [sent] = r.sink.log;
    expect(sent.mentions).toEqual(['alice']);
    expect(sent.buttons).toBe(1);
    expect(sent.content).toMatch(/Already decided before this message went out/);
    expect(r.store.outbox.pending()).toEqual([]);
  });

  it('a turn message whose decisions all closed still goes, without its ping: it carries the log its later edits build on (issue 19 §1)', async () => {
    const r = sinkRig({ openDecisions: (_g, _asked) => [], staleControls: async (ids) => ids });
    const [, ping] = mapAndPing(r, 'bob', 3);
    const turnMessage: Post = {
      ...ping,
      content: `⏰ Deadline passed for Alice — default taken.\n${ping.content}`,
      turn: { gameId: r.game, seq: 1 },
    };
    r.store.outbox.enqueue([turnMessage], { hold: false });
    await r.worker.kick();
    expect(r.sink.log).toHaveLength(1);
    const [sent] = r.sink.log;
    expect(sent.content).toMatch(/^⏰ Deadline passed for Alice/);
    expect(sent.content).toMatch(/Already decided before this message went out/);
    expect(sent.mentions).toEqual([]);
    expect(sent.buttons).toBe(0);
  });

  it("a hand-off taken over from a dead process's expired hold goes as stored, never narrowed: it may have reached Discord already (issue 21 §3)", async () => {
    const r = sinkRig({ openDecisions: (_g, _asked) => [], staleControls: async (ids) => ids });
    const [, ping] = mapAndPing(r, 'bob', 3);
    r.store.outbox.enqueue([ping], { hold: false });
    // Another process claimed it and died while sending: its hold has expired.
    r.store.outbox.db.prepare(`UPDATE outbox SET owner = 'dead-process', lease_until = 0`).run();
    await r.worker.kick();
    expect(r.worker.pingsDropped).toBe(0);
    expect(r.sink.log).toHaveLength(1);
    expect(r.sink.log[0].mentions).toEqual(['bob']);
    expect(r.sink.log[0].content).toBe(ping.content);
  });
});

describe('the game card: at most one edit per window, none when it shows the same (issue 19 §2)', () => {
  it('several cards queued within the window become one edit; an identical card is not edited', async () => {
    let shown = 0;
    let built = 0;
    const r = sinkRig({
      card: (gameId: number) => {
        built++;
        return {
          post: {
            channelId: 'c1',
            gameId,
            kind: 'update',
            content: '',
            embed: { title: `Game #${gameId}`, description: `state ${shown}` },
            edit: 'card1',
          },
          messageId: 'card1',
        };
      },
    });
    const card = (): Post => ({ channelId: 'c1', gameId: r.game, kind: 'update', content: '', card: r.game });
    r.store.outbox.enqueue([card()], { hold: false });
    await r.worker.kick();
    expect(r.sink.edits).toEqual(['card1']);
    // Four commands within the window: one card waits, built once when its window has passed.
    for (let i = 0; i < 4; i++) {
      shown++;
      r.clock.t += 100;
      r.store.outbox.enqueue([card()], { hold: false });
      await r.worker.kick();
    }
    expect(r.sink.edits).toEqual(['card1']);
    expect(r.store.outbox.pending()).toHaveLength(1);
    r.clock.t += r.store.outbox.cardWindowMs;
    await r.worker.kick();
    expect(r.sink.edits).toEqual(['card1', 'card1']);
    expect(built).toBe(2);
    // Nothing changed since: the card is built, and not edited.
    r.clock.t += r.store.outbox.cardWindowMs;
    r.store.outbox.enqueue([card()], { hold: false });
    await r.worker.kick();
    expect(r.sink.edits).toHaveLength(2);
    expect(r.worker.cardsUnchanged).toBe(1);
  });

  it('a card held for the reply is released no earlier than its window', () => {
    const r = sinkRig();
    r.store.outbox.cardSent(r.game);
    const [row] = r.store.outbox.enqueue([{ channelId: 'c1', gameId: r.game, kind: 'update', content: '', card: r.game }]);
    r.store.outbox.release([row.id]);
    expect(r.store.outbox.get(row.id)!.nextAt).toBe(r.clock.t + r.store.outbox.cardWindowMs);
  });
});

describe("discord.js's own REST limiter holds the bot under Discord's global limit (issue 19 §2)", () => {
  it('the configured requests per second reach @discordjs/rest (50 by default), and its limiter spaces requests by it', async () => {
    const plain = await startRig();
    try {
      expect(plain.bot.client.rest.options.globalRequestsPerSecond).toBe(GLOBAL_REQUESTS_PER_SECOND);
      expect(GLOBAL_REQUESTS_PER_SECOND).toBe(50);
    } finally {
      await plain.close();
    }
    const rig = await startRig({ globalRequestsPerSecond: 3 });
    try {
      expect(rig.bot.client.rest.options.globalRequestsPerSecond).toBe(3);
      await Promise.all(Array.from({ length: 5 }, () => rig.bot.client.rest.get(Routes.channel(CHANNEL_ID))));
      const at = rig.fake.find('GET', `/channels/${CHANNEL_ID}`).map((r) => r.at);
      expect(at).toHaveLength(5);
      // Three in the first second, the rest held until it passes (unlimited, all five come within a few ms).
      expect(at[2] - at[0]).toBeLessThan(300);
      expect(at[3] - at[0]).toBeGreaterThanOrEqual(500);
    } finally {
      await rig.close();
    }
  });
});

describe('REST calls per command, against the stand-in (issue 19 §2, §4)', () => {
  /** A started drawn duel: alice plays a, bob plays b; its maps drawn as delivered. */
  async function started(): Promise<ServiceRig> {
    const t = await bootServiceRig({
      seed: 'pings-first',
      retry: { baseMs: 20, maxMs: 100, maxAttempts: 4, pollMs: 20 },
      drawAtDelivery: true,
      // The edits a card's window saves are what this counts.
      realCardWindow: true,
    });
    for (const p of [
      commandPayload('game', 'new', [s('system', 'dueldraw')]),
      commandPayload('game', 'join', [s('side', 'a')]),
      commandPayload('game', 'join', [s('side', 'b')], { user: BOB }),
      commandPayload('game', 'start'),
    ])
      await send(t, p);
    return t;
  }

  async function send(t: ServiceRig, payload: unknown): Promise<RecordedRequest[]> {
    const from = t.fake.requests.length;
    feed(t.bot.client, payload);
    await t.bot.idle();
    await t.bot.outbox.settle();
    return t.fake.requests.slice(from);
  }

  const counted = (reqs: RecordedRequest[]) => reqs.filter((r) => underGlobalLimit(r.path));
  const turnOf = (t: ServiceRig) => (JSON.parse(t.svc.store.liveGame(CHANNEL_ID)!.state!).game as { turn: string }).turn;

  it('a step within the same decision costs one call under the global limit (its turn message edited); a hand-off with a map at most four; the metric counts them', async () => {
    const t = await started();
    const metric = async () =>
      (await appMetrics().registry.getMetricsAsJSON()).find((m) => m.name === 'muster_discord_rest_global_requests_total');
    const total = async () => ((await metric())?.values ?? []).reduce((n, v) => n + v.value, 0);
    const before = await total();
    // Alice's own steps (a reveal, rolls): her earlier replies' controls are disabled through the
    // interaction's webhook (exempt), the card shows the same; then she banks and bob is handed the
    // turn with the new map: the ping, the picture added to it, the card.
    const pending = () => (JSON.parse(t.svc.store.liveGame(CHANNEL_ID)!.state!).game as { pending: number }).pending;
    const steps: RecordedRequest[][] = [await send(t, commandPayload('dueldraw', 'reveal'))];
    let handOff: RecordedRequest[] = [];
    for (let i = 0; i < 20 && turnOf(t) === 'a'; i++) {
      const reqs = await send(t, commandPayload('dueldraw', pending() >= 6 ? 'bank' : 'roll'));
      if (turnOf(t) === 'b') handOff = reqs;
      else steps.push(reqs);
    }
    expect(steps.length).toBeGreaterThanOrEqual(2);
    // The first step is a reveal: the start post keeps its lines and loses its controls (one edit), and the
    // reveal opens a new turn message (issue 19 §1). Every later step of hers edits that turn message once.
    const [first, ...rest] = steps.map((reqs) => counted(reqs));
    expect(first.map((r) => r.method)).toEqual(['PATCH', 'POST']);
    expect(first[0].body.components).toEqual([]);
    const turnMessage = `/channels/${CHANNEL_ID}/messages/${t.fake.messages(CHANNEL_ID).find((m) => m.posted.includes('Reveal secrets'))!.id}`;
    expect(rest.map((reqs) => reqs.map((r) => `${r.method} ${r.path}`))).toEqual(rest.map(() => [`PATCH ${turnMessage}`]));
    // Her commands' own answers are private (the turn message carries the public lines): no controls to disable there.
    expect(turnOf(t)).toBe('b');
    const kinds = counted(handOff).map((r) => `${r.method} ${r.path.replace(/\d{6,}/g, ':id')}`);
    // One post, the ping (bob's new turn message, issue 19 §1); the rest edits: her turn message closed
    // (its lines kept, its controls gone), the card, the picture added to the ping. No picture before the ping.
    expect(kinds.length).toBeLessThanOrEqual(4);
    const at = kinds.indexOf('POST /channels/:id/messages');
    expect(kinds.filter((k) => k === 'POST /channels/:id/messages')).toHaveLength(1);
    expect(kinds.filter((_, i) => i !== at).every((k) => k === 'PATCH /channels/:id/messages/:id')).toBe(true);
    const edits = counted(handOff).filter((_, i) => i !== at);
    expect(edits.filter((r) => r.files.length)).toHaveLength(1);
    expect(counted(handOff).findIndex((r) => r.files.length)).toBeGreaterThan(at);
    expect(edits.filter((r) => r.body?.embeds?.length)).toHaveLength(1);
    // The ping pings bob and carries no picture (it follows by edit).
    const ping = counted(handOff)[at];
    expect(ping.body.allowed_mentions.users).toEqual([BOB.id]);
    expect(ping.files).toHaveLength(0);
    // The metric counted what the stand-in saw (the stand-in sees every call; the metric, every response).
    const seen = counted([...steps.flat(), ...handOff]).length;
    expect((await total()) - before).toBe(seen);
  });

  it('a slow upload never delays the ping: it reaches Discord before the picture, well before the upload is answered', async () => {
    const t = await started();
    t.fake.uploadDelayMs = 1_500;
    const t0 = performance.now();
    let reqs: RecordedRequest[] = [];
    for (let i = 0; i < 20 && turnOf(t) === 'a'; i++) reqs = await send(t, commandPayload('dueldraw', i % 2 ? 'bank' : 'roll'));
    expect(turnOf(t)).toBe('b');
    const ping = reqs.find((r) => ON.channelPost(r) && (r.body?.allowed_mentions?.users ?? []).includes(BOB.id));
    const upload = reqs.find((r) => ON.upload(r));
    expect(ping).toBeDefined();
    expect(upload).toBeDefined();
    expect(ping!.at).toBeLessThanOrEqual(upload!.at);
    // The last command (the hand-off) took at least the upload's 1.5 s, the ping none of it.
    const handOffStart = reqs[0].at;
    expect(ping!.at - handOffStart).toBeLessThan(500);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1_500);
    // Bob's ping carries his buttons; the picture landed on that very message.
    const [message] = t.fake.messages(CHANNEL_ID).filter((m) => m.mentions.includes(BOB.id));
    expect(message.components.length).toBeGreaterThan(0);
    expect(message.files).toHaveLength(1);
  });
});
