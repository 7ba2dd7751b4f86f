// Issue 21 §9 (map post latency): the outbox worker under a render backlog,
// with one drawing slot held by a slow picture. A game whose waiting map a
// newer one replaced is drawn in the older one's place in line, not sent to
// the back (a game that keeps moving was never drawn under saturation); and
// while a whole round of maps waits for the render threads, close-ups are
// left out and the maps go alone. A hand-off that comes while a picture is
// being drawn goes at once, not after the drawing.
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

/** Three games in three channels, one drawing slot, and a picture (turn 0's map) that draws until released. */
function rig() {
  const clock = { t: 1_000_000 };
  const store = new Store(tempDb(), () => clock.t);
  const games = ['c0', 'c1', 'c2'].map(
    (channelId) =>
      store.createGame({ guildId: 'g', channelId, system: 'duel', options: {}, seed: channelId, seedHash: 'h', createdBy: 'u' }).id,
  );
  const drawn: DrawJob[] = [];
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const router = {
    definitions: () => [],
    dispatch: async () => ({ replies: [], posts: [] }),
    autocomplete: async () => [],
    button: async () => ({ replies: [], posts: [] }),
    draw: async (job: DrawJob) => {
      drawn.push(job);
      if (job.system === 'duel' && (job.view as { turn: number }).turn === 0) await slow;
      return PNG;
    },
  } as unknown as Router;
  const sink = { messages: 0, files: [], log: [] } as SinkStats & { log: NonNullable<SinkStats['log']> };
  const worker = new OutboxWorker(sinkClient(sink), store.outbox, router, silent, { ...DEFAULT_RETRY, pollMs: 10, drawing: 1 });
  /** A map post of game `k` at `turn`, with its close-up first when `zoom` (as presentAct makes it), one ms after the last. */
  const map = (k: number, turn: number, zoom = false) => {
    clock.t += 1;
    const view = { turn };
    const post: Post = {
      channelId: `c${k}`,
      gameId: games[k],
      content: `🗺️ game ${k} turn ${turn}`,
      files: [
        ...(zoom ? [{ name: `z${turn}.png`, data: Buffer.alloc(0), draw: { system: 'duel:zoom', view, alone: true } }] : []),
        { name: `m${turn}.png`, data: Buffer.alloc(0), draw: { system: 'duel', view } },
      ],
    };
    store.outbox.enqueue([post], { hold: false });
  };
  /** Let the slow picture hold the slot while the worker scans a few times, then finish it. */
  const run = async () => {
    const done = worker.kick();
    await new Promise((r) => setTimeout(r, 150));
    release();
    await done;
    await worker.kick();
  };
  return { store, worker, drawn, sink, games, map, run, release };
}

describe('outbox: map order and close-ups under a render backlog (issue 21 §9)', () => {
  it("a game's newest map is drawn in the place of the older one it replaced, ahead of a map that waited less", async () => {
    const r = rig();
    r.map(0, 0); // holds the slot
    r.map(1, 1); // game 1's map, replaced by turn 3 while it waits
    r.map(2, 2); // game 2's map, after game 1's first
    r.map(1, 3);
    await r.run();
    expect(r.store.outbox.pending()).toEqual([]);
    // Turn 1 is not drawn (turn 3 shows game 1's board); turn 3 goes where turn 1 stood: before game 2's.
    expect(r.drawn.map((j) => (j.view as { turn: number }).turn)).toEqual([0, 3, 2]);
    expect(r.worker.superseded).toBe(1);
  });

  it('while a whole round of maps waits for the render threads, close-ups are left out; once it has caught up they are drawn', async () => {
    const r = rig();
    r.map(0, 0, true);
    r.map(1, 1, true);
    r.map(2, 2, true);
    await r.run();
    expect(r.store.outbox.pending()).toEqual([]);
    // Turn 0 and turn 1 went with two maps waiting behind them: their maps alone; turn 2, the last, with its close-up.
    expect(r.drawn.map((j) => `${j.system} ${(j.view as { turn: number }).turn}`)).toEqual(['duel 0', 'duel 1', 'duel:zoom 2', 'duel 2']);
    expect(r.worker.superseded).toBe(2);
  });

  it('a hand-off enqueued while a picture is being drawn goes at once, not after the drawing', async () => {
    const r = rig();
    r.map(0, 0); // holds the slot until released
    const done = r.worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    r.store.outbox.enqueue(
      [
        {
          channelId: 'c1',
          gameId: r.games[1],
          kind: 'handoff',
          content: '➡️ <@bob>: your move',
          mentions: ['bob'],
          handoff: [{ role: 'b', decision: 1, userId: 'bob' }],
        },
      ],
      { hold: false },
    );
    void r.worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.sink.log.map((m) => m.content)).toEqual(['➡️ <@bob>: your move']);
    r.release();
    await done;
    expect(r.sink.log.map((m) => m.content)).toEqual(['➡️ <@bob>: your move', '🗺️ game 0 turn 0']);
  });
});
