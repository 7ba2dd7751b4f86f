// Issue 9 (load): pictures drawn as the outbox delivers them, and coalescing
// under a backlog. A map that a later batch of the same game draws again is
// not drawn, but its text, pings and buttons are delivered; the newest map is
// always drawn; posts of one batch never supersede each other; a game's older
// card is not rebuilt when a newer one waits behind it. Since issue 19 §4 the
// hand-offs (pings) go in a track of their own, ahead of the pictures: each
// track keeps its order.
import { describe, expect, it } from 'vitest';
import type { Router } from '../../commands/types.ts';
import type { DrawJob, Post } from '../../src/messages/types.ts';
import { OutboxWorker, DEFAULT_RETRY } from '../../src/bot/outbox-worker.ts';
import type { Logger } from '../../src/bot/log.ts';
import { Store } from '../../src/store/store.ts';
import { tempDb } from '../setup/test-db.ts';
import { sinkClient, type SinkStats } from '../bench/sink-client.ts';
import { PNG } from './fake-router.ts';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

interface Rig {
  store: Store;
  worker: OutboxWorker;
  sink: SinkStats & { log: NonNullable<SinkStats['log']> };
  drawn: DrawJob[];
  cards: number[];
  clock: { t: number };
  game: number;
}

function rig(): Rig {
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
  const drawn: DrawJob[] = [];
  const cards: number[] = [];
  const router = {
    definitions: () => [],
    dispatch: async () => ({ replies: [], posts: [] }),
    autocomplete: async () => [],
    button: async () => ({ replies: [], posts: [] }),
    draw: async (job: DrawJob) => {
      drawn.push(job);
      return PNG;
    },
    card: (gameId: number) => {
      cards.push(gameId);
      return { post: { channelId: 'c1', content: '', embed: { title: `Game #${gameId}` } }, messageId: null };
    },
  } as unknown as Router;
  const sink = { messages: 0, files: [], log: [] } as Rig['sink'];
  const worker = new OutboxWorker(sinkClient(sink), store.outbox, router, silent, { ...DEFAULT_RETRY, pollMs: 10 });
  return { store, worker, sink, drawn, cards, clock, game };
}

/** A batch's posts as presentAct makes them with maps drawn at delivery: a map, its close-up, the hand-off. */
function batch(r: Rig, turn: number, who: string): Post[] {
  const view = { turn };
  return [
    {
      channelId: 'c1',
      gameId: r.game,
      content: `🗺️ turn ${turn}`,
      files: [{ name: `m${turn}.png`, data: Buffer.alloc(0), draw: { system: 'duel', view } }],
    },
    {
      channelId: 'c1',
      gameId: r.game,
      content: '🔍 Close-up',
      files: [{ name: `z${turn}.png`, data: Buffer.alloc(0), draw: { system: 'duel:zoom', view, alone: true } }],
    },
    {
      channelId: 'c1',
      gameId: r.game,
      kind: 'handoff',
      content: `➡️ <@${who}>: your move (turn ${turn})`,
      mentions: [who],
      buttons: [{ customId: `b${turn}`, label: 'Roll', style: 'primary' }],
      handoff: [{ role: who, decision: turn, userId: who }],
    },
  ];
}

describe('outbox: pictures drawn at delivery, coalesced under a backlog (issue 9)', () => {
  it('the stored row keeps the view, not a PNG; the picture is drawn once, as it is sent', async () => {
    const r = rig();
    r.store.outbox.enqueue(batch(r, 1, 'alice'), { hold: false });
    const row = r.store.db.prepare(`SELECT post, draws FROM outbox ORDER BY id LIMIT 1`).get() as { post: string; draws: number };
    expect(row.draws).toBe(1);
    expect(JSON.parse(row.post).files[0]).toEqual({ name: 'm1.png', draw: { system: 'duel', view: { turn: 1 } } });
    await r.worker.kick();
    expect(r.drawn.map((j) => [j.system, j.view])).toEqual([
      ['duel', { turn: 1 }],
      ['duel:zoom', { turn: 1 }],
    ]);
    // The ping first: it never waits for a picture.
    expect(r.sink.log.map((m) => [m.content, m.files])).toEqual([
      ['➡️ <@alice>: your move (turn 1)', 0],
      ['🗺️ turn 1', 1],
      ['🔍 Close-up', 1],
    ]);
  });

  it('with no backlog every batch gets its maps, and two maps of one batch are both drawn', async () => {
    const r = rig();
    const [map1, , handoff1] = batch(r, 1, 'alice');
    const map1b = { ...map1, content: '🗺️ turn 1, later phase', files: [{ ...map1.files![0], name: 'm1b.png' }] };
    r.store.outbox.enqueue([map1, map1b, handoff1], { hold: false });
    await r.worker.kick();
    r.clock.t += 5_000;
    r.store.outbox.enqueue(batch(r, 2, 'bob'), { hold: false });
    await r.worker.kick();
    expect(r.sink.log.filter((m) => m.files).map((m) => m.content)).toEqual([
      '🗺️ turn 1',
      '🗺️ turn 1, later phase',
      '🗺️ turn 2',
      '🔍 Close-up',
    ]);
    expect(r.worker.superseded).toBe(0);
  });

  it('a backlog: the older map is not drawn but its text, ping and buttons arrive; its close-up goes; the newest map is drawn', async () => {
    const r = rig();
    // Two turns queue up before the worker runs (Discord was down, or the worker behind).
    r.store.outbox.enqueue(batch(r, 1, 'alice'), { hold: false });
    r.clock.t += 5_000;
    r.store.outbox.enqueue(batch(r, 2, 'bob'), { hold: false });
    await r.worker.kick();
    expect(r.store.outbox.pending()).toEqual([]);
    expect(r.drawn.map((j) => [j.system, j.view])).toEqual([
      ['duel', { turn: 2 }],
      ['duel:zoom', { turn: 2 }],
    ]);
    const line = (m: Rig['sink']['log'][number]) => [m.content.split('\n')[0], m.files, m.mentions, m.buttons];
    // Each track in its order: the pings, and the maps.
    expect(r.sink.log.filter((m) => m.mentions.length).map(line)).toEqual([
      ['➡️ <@alice>: your move (turn 1)', 0, ['alice'], 1],
      ['➡️ <@bob>: your move (turn 2)', 0, ['bob'], 1],
    ]);
    const maps = r.sink.log.filter((m) => !m.mentions.length);
    expect(maps.map(line)).toEqual([
      ['🗺️ turn 1', 0, [], 0],
      ['🗺️ turn 2', 1, [], 0],
      ['🔍 Close-up', 1, [], 0],
    ]);
    expect(maps[0].content).toMatch(/map not drawn: a newer one of this game follows/);
    expect(r.worker.superseded).toBe(2);
  });

  it("another game's newer map supersedes nothing; a map already partly sent keeps its picture", async () => {
    const r = rig();
    const [map1] = batch(r, 1, 'alice');
    r.store.outbox.enqueue([map1], { hold: false });
    r.clock.t += 5_000;
    // The same lane, another game (a channel's finished game and its successor).
    r.store.outbox.enqueue(
      batch(r, 2, 'bob').map((p) => ({ ...p, gameId: r.game + 1 })),
      { hold: false },
    );
    await r.worker.kick();
    expect(r.sink.log.find((m) => m.content.startsWith('🗺️ turn 1'))).toMatchObject({ content: '🗺️ turn 1', files: 1 });
    // A resend after a crash that came between two payloads of one post keeps its picture, newer map or not.
    r.sink.log.length = 0;
    const [long] = r.store.outbox.enqueue([{ ...map1, content: `${'x'.repeat(1990)}\n${'y'.repeat(100)}` }], { hold: false });
    r.store.outbox.progress(long.id, 1);
    r.clock.t += 5_000;
    r.store.outbox.enqueue(batch(r, 3, 'alice'), { hold: false });
    await r.worker.kick();
    expect(r.sink.log.find((m) => !m.mentions.length)).toMatchObject({ content: 'y'.repeat(100), files: 1 });
    expect(r.sink.log.filter((m) => m.files).length).toBe(3);
  });

  it('a close-up that waited past closeUpMaxWaitMs is not drawn; its map and hand-off still are', async () => {
    const r = rig();
    r.store.outbox.enqueue(batch(r, 1, 'alice'), { hold: false });
    r.clock.t += 11_000;
    await r.worker.kick();
    expect(r.drawn.map((j) => j.system)).toEqual(['duel']);
    expect(r.sink.log.map((m) => [m.content, m.files, m.mentions])).toEqual([
      ['➡️ <@alice>: your move (turn 1)', 0, ['alice']],
      ['🗺️ turn 1', 1, []],
    ]);
  });

  it("a game's older card is not rebuilt when a newer one waits behind it; the newest is", async () => {
    const r = rig();
    r.store.outbox.enqueue([{ channelId: 'c1', gameId: r.game, kind: 'update', content: '', card: r.game }], { hold: false });
    r.store.outbox.enqueue([{ channelId: 'c1', gameId: r.game, content: 'moves' }], { hold: false });
    r.store.outbox.enqueue([{ channelId: 'c1', gameId: r.game, kind: 'update', content: '', card: r.game }], { hold: false });
    await r.worker.kick();
    expect(r.cards).toEqual([r.game]);
    expect(r.store.outbox.pending()).toEqual([]);
    expect(r.sink.log.map((m) => m.content)).toEqual(['moves', '']);
  });

  it("a seat's own private map is superseded only by a newer map for the same seat, never by a public one", () => {
    const r = rig();
    const [map1] = batch(r, 1, 'alice');
    const mine = { ...map1, content: '🔒 your own map', to: { roles: ['alice'], userIds: ['alice'], names: ['alice'] } };
    const [row] = r.store.outbox.enqueue([mine], { hold: false });
    r.clock.t += 5_000;
    r.store.outbox.enqueue(batch(r, 2, 'bob'), { hold: false });
    expect([...r.store.outbox.supersededDraws(r.store.outbox.get(row.id)!)]).toEqual([]);
    r.clock.t += 5_000;
    r.store.outbox.enqueue([{ ...mine, content: '🔒 your newer map' }], { hold: false });
    expect([...r.store.outbox.supersededDraws(r.store.outbox.get(row.id)!)]).toEqual(['duel']);
  });
});
