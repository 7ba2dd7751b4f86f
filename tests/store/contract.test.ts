// The store's contract, run against both backends (issue 21 §1): SQLite (a
// file, the default) and PostgreSQL (a fresh schema in the run's throwaway
// cluster, tests/setup/postgres.ts). The same calls must give the same
// answers on either; where the databases differ (outbox claims: FOR UPDATE
// SKIP LOCKED on PostgreSQL) the behaviour seen from outside is the same.
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelBusyError, SeatTakenError, StaleVersionError, Store, StoreConflictError, SNAPSHOT_EVERY } from '../../src/store/store.ts';
import { Reminders } from '../../src/store/reminders.ts';
import { sqliteFile } from '../setup/sqlite-file.ts';
import { freshPostgresSchema } from '../setup/pg-schema.ts';
import type { Action } from '../../src/engine/types.ts';
import type { CommitEntry } from '../../src/store/store.ts';

const backends = [
  { backend: 'sqlite', location: () => sqliteFile() },
  { backend: 'postgres', location: () => freshPostgresSchema() },
];

describe.each(backends)('store contract on $backend (issue 21 §1)', ({ location }) => {
  const opened: Store[] = [];
  const open = (now?: () => number, at = location()) => {
    const store = new Store(at, now);
    opened.push(store);
    return store;
  };
  afterEach(() => {
    for (const store of opened.splice(0)) if (store.db.open) store.close();
  });
  const newGame = (store: Store, channelId = 'c1', guildId: string | null = 'g1') =>
    store.createGame({
      guildId,
      channelId,
      system: 'duel',
      options: { size: 3, fast: true },
      seed: 'seed',
      seedHash: 'hash',
      createdBy: 'u1',
    });
  const move = (step: number): CommitEntry => ({
    role: 'a',
    userId: 'u1',
    action: { type: 'move', n: step } as unknown as Action,
    undoable: step % 2 === 0,
  });

  it('creates a game with its options, one live game per channel, a finished game frees its channel', () => {
    const store = open();
    const game = newGame(store);
    expect(game).toMatchObject({ channelId: 'c1', status: 'lobby', version: 0, options: { size: 3, fast: true }, guildId: 'g1' });
    expect(store.game(game.id)).toEqual(game);
    expect(() => newGame(store)).toThrow(ChannelBusyError);
    expect(store.liveGame('c1')?.id).toBe(game.id);
    store.finish(game.id, 'abandoned', 'called off');
    expect(store.liveGame('c1')).toBeNull();
    const second = newGame(store);
    expect(second.id).toBeGreaterThan(game.id);
    expect(store.latestGame('c1')?.id).toBe(second.id);
    // guild_id IS NOT DISTINCT FROM ?: a null guild finds its own games
    const direct = newGame(store, 'dm', null);
    expect(store.listGames(null).map((row) => row.id)).toEqual([direct.id]);
    expect(store.listGames('g1').map((row) => row.id)).toEqual([second.id, game.id]);
  });

  it('keeps seats in the order taken; a seat is replaced in place, a team seat adds; a taken seat refuses another', () => {
    const store = open();
    const game = newGame(store);
    store.setSeat(game.id, 'b', 'u2', 'Bea');
    store.setSeat(game.id, 'a', 'u1', 'Ann');
    store.setSeat(game.id, 'b', 'u3', 'Cid'); // replaces Bea, keeps b's place
    store.setSeat(game.id, 'a', 'u4', 'Dot', true);
    expect(store.seats(game.id)).toEqual([
      { role: 'b', userId: 'u3', userName: 'Cid' },
      { role: 'a', userId: 'u1', userName: 'Ann' },
      { role: 'a', userId: 'u4', userName: 'Dot' },
    ]);
    expect(() => store.takeSeat(game.id, 'b', 'u5', 'Eve', null)).toThrow(SeatTakenError);
    store.takeSeat(game.id, 'b', 'u5', 'Eve', 'u3');
    expect(store.seats(game.id)[0]).toEqual({ role: 'b', userId: 'u5', userName: 'Eve' });
    store.removeSeat(game.id, 'a', 'u4');
    expect(store.seats(game.id).map((seat) => seat.userName)).toEqual(['Eve', 'Ann']);
    store.start(game.id, '{"turn":0}');
    expect(() => store.takeSeat(game.id, 'a', 'u9', 'Ivy', 'u1')).toThrow(StoreConflictError);
    expect(() => store.start(game.id, '{}')).toThrow(StoreConflictError);
  });

  it('commits only at the expected version (StaleVersionError, nothing written), with log, snapshots and finish', () => {
    const store = open();
    const game = newGame(store);
    store.start(game.id, '{"turn":0}');
    const entries = Array.from({ length: SNAPSHOT_EVERY + 2 }, (_, index) => move(index + 1));
    entries[SNAPSHOT_EVERY - 1] = { ...entries[SNAPSHOT_EVERY - 1]!, state: '{"turn":50}' };
    expect(store.commit(game.id, 0, entries, '{"turn":52}')).toBe(SNAPSHOT_EVERY + 2);
    const stale = (() => {
      try {
        store.commit(game.id, 0, [move(99)], '{"turn":99}');
      } catch (error) {
        return error;
      }
    })();
    expect(stale).toBeInstanceOf(StaleVersionError);
    expect(stale).toMatchObject({ expected: 0, actual: SNAPSHOT_EVERY + 2 });
    expect(store.game(game.id)).toMatchObject({ version: SNAPSHOT_EVERY + 2, state: '{"turn":52}' });
    const log = store.log(game.id);
    expect(log).toHaveLength(SNAPSHOT_EVERY + 2);
    expect(log[0]).toMatchObject({ seq: 1, role: 'a', userId: 'u1', action: { type: 'move', n: 1 }, undoable: false });
    expect(log[1]!.undoable).toBe(true);
    expect(store.snapshots(game.id)).toEqual([
      { seq: 0, state: '{"turn":0}' },
      { seq: SNAPSHOT_EVERY, state: '{"turn":50}' },
    ]);
    let also = 0;
    const row = store.commitRow(store.game(game.id)!, [move(53)], '{"turn":53}', { status: 'over', result: 'a wins' }, () => also++);
    expect(row).toMatchObject({ status: 'over', result: 'a wins', version: SNAPSHOT_EVERY + 3 });
    expect(also).toBe(1);
    // A finished game: its log archived (read back the same), its newest snapshot kept.
    expect(store.log(game.id).map((entry) => entry.seq)).toEqual(Array.from({ length: SNAPSHOT_EVERY + 3 }, (_, index) => index + 1));
    expect(store.snapshotSource(game.id).seqs).toEqual([SNAPSHOT_EVERY]);
    expect(store.snapshotSource(game.id).load(SNAPSHOT_EVERY)).toBe('{"turn":50}');
    const finished = store.db.prepare('SELECT status, how, result FROM game_finished WHERE game_id = ?').get(game.id);
    expect(finished).toEqual({ status: 'over', how: 'play', result: 'a wins' });
    // A second end is ignored, not an error.
    store.finish(game.id, 'abandoned', 'late');
    expect(store.db.prepare('SELECT COUNT(*) AS count FROM game_finished').get()).toEqual({ count: 1 });
  });

  it('a transaction that throws writes nothing, nested ones roll back to their savepoint', () => {
    const store = open();
    const game = newGame(store);
    expect(() =>
      store.db.transaction(() => {
        store.setLabel(game.id, 'first');
        throw new Error('refused');
      })(),
    ).toThrow('refused');
    expect(store.game(game.id)?.label).toBeNull();
    store.db.transaction(() => {
      store.setLabel(game.id, 'outer');
      expect(store.db.inTransaction).toBe(true);
      expect(() =>
        store.db.transaction(() => {
          store.setLabel(game.id, 'inner');
          throw new Error('inner refused');
        })(),
      ).toThrow('inner refused');
    })();
    expect(store.game(game.id)?.label).toBe('outer');
    expect(store.db.inTransaction).toBe(false);
  });

  it('finds overdue games, stale lobbies and due decision deadlines by their times', () => {
    let now = 1_000_000;
    const store = open(() => now);
    const lobby = newGame(store, 'lobby');
    now += 10_000;
    const game = newGame(store, 'play');
    store.start(game.id, '{}');
    store.setDeadline(game.id, now + 5_000);
    expect(store.overdue(now)).toEqual([]);
    expect(store.overdue(now + 5_000).map((row) => row.id)).toEqual([game.id]);
    expect(store.staleLobbies(now - 5_000).map((row) => row.id)).toEqual([lobby.id]);
    expect(store.expireLobby(lobby.id, 'nobody came')).toBe(true);
    expect(store.expireLobby(lobby.id, 'again')).toBe(false);
    store.deadlines.set(game.id, 'a', 7, now + 60_000, now);
    store.deadlines.set(game.id, 'b', 8, now + 30_000, now);
    expect(store.deadlines.due(now + 40_000).map((deadline) => [deadline.role, deadline.decisionId])).toEqual([['b', 8]]);
    expect(store.deadlines.ofGame(game.id).map((deadline) => deadline.role)).toEqual(['b', 'a']);
    store.deadlines.setClock(game.id, 3_600_000);
    expect(store.deadlines.clock(game.id)).toBe(3_600_000);
    store.deadlines.clear(game.id, 'b');
    expect(store.deadlines.due(now + 100_000).map((deadline) => deadline.role)).toEqual(['a']);
  });

  it('reminders: settings upsert, each kind marked sent once, upcoming by remind_at', () => {
    const now = 5_000_000;
    const store = open(() => now);
    const reminders = new Reminders(store.db);
    const game = newGame(store);
    store.start(game.id, '{}');
    store.setSeat(game.id, 'a', 'u1', 'Ann');
    store.deadlines.set(game.id, 'a', 1, now + 7_200_000, now);
    expect(reminders.setPairingsByDm('u1', true)).toBeUndefined();
    expect(reminders.pairingsByDm('u1')).toBe(true);
    // First looked at an hour after it was set (firstReminderAt), not before.
    expect(reminders.upcoming(now)).toEqual([]);
    const hourLater = now + 3_600_000;
    const [deadline] = reminders.upcoming(hourLater);
    expect(deadline).toMatchObject({ gameId: game.id, role: 'a', decisionId: 1, dueAt: now + 7_200_000, setAt: now });
    expect(reminders.markSent(deadline!, ['half', 'hour'], now)).toBe(true);
    expect(reminders.markSent(deadline!, ['half'], now)).toBe(false);
    expect([...reminders.sent(deadline!)].sort()).toEqual(['half', 'hour']);
    reminders.remindAt(deadline!, hourLater + 1_000);
    expect(reminders.upcoming(hourLater)).toEqual([]);
    expect(reminders.upcoming(hourLater + 1_000)).toHaveLength(1);
  });

  it('reminders settled together: every next look written, marks fresh once, in one transaction (issue 21 §4)', () => {
    const now = 6_000_000;
    const store = open(() => now);
    const reminders = new Reminders(store.db);
    const games = [newGame(store, 'r1'), newGame(store, 'r2')];
    for (const game of games) {
      store.start(game.id, '{}');
      store.deadlines.set(game.id, 'a', 3, now + 7_200_000, now);
    }
    const due = reminders.upcoming(now + 3_600_000);
    expect(due.map((deadline) => deadline.gameId)).toEqual(games.map((game) => game.id));
    const settle = () =>
      reminders.settle(
        [
          { deadline: due[0]!, lookAt: now + 5_400_000, kinds: ['half'] },
          { deadline: due[1]!, lookAt: null, kinds: [] },
        ],
        now,
      );
    expect(settle()).toEqual([true, false]);
    expect([...reminders.sent(due[0]!)]).toEqual(['half']);
    // Looked at again at its next moment; the other, with nothing left, never.
    expect(reminders.upcoming(now + 5_399_999)).toEqual([]);
    expect(reminders.upcoming(now + 5_400_000).map((deadline) => deadline.gameId)).toEqual([games[0]!.id]);
    // Marked already (by this process or another): not fresh again.
    expect(settle()).toEqual([false, false]);
    // A throw inside rolls every write of the batch back.
    expect(() =>
      reminders.settle(
        [
          { deadline: { ...due[1]!, decisionId: 4 }, lookAt: now, kinds: ['hour'] },
          { deadline: due[0]!, lookAt: now, kinds: [undefined as unknown as string] },
        ],
        now,
      ),
    ).toThrow();
    expect(reminders.sent({ ...due[1]!, decisionId: 4 }).size).toBe(0);
  });

  it("a finished game's kept snapshot and its log are stored compressed (issue 21 §5)", () => {
    const store = open();
    const game = newGame(store);
    // A state like a game's: JSON that repeats itself (units, spaces, markers), some 18 KB of it.
    const board = Array.from({ length: 400 }, (_, index) => ({ id: `unit-${index}`, at: `space-${index % 60}`, strength: index % 7 }));
    const state = (turn: number) => JSON.stringify({ turn, board });
    store.start(game.id, state(0));
    const entries = Array.from({ length: SNAPSHOT_EVERY }, (_, index) => move(index + 1));
    store.commit(game.id, 0, entries, state(SNAPSHOT_EVERY));
    store.finish(game.id, 'over', 'a wins');
    // What each value takes as stored: SQLite compresses nothing itself (the store deflates); PostgreSQL's TOAST compresses large text.
    const size = store.db.dialect === 'postgres' ? 'pg_column_size' : 'LENGTH';
    const stored = store.db
      .prepare(
        `SELECT (SELECT SUM(${size}(state)) FROM snapshots WHERE game_id = ?) AS snapshots, ` +
          `(SELECT ${size}(log) FROM finished_logs WHERE game_id = ?) AS log`,
      )
      .get(game.id, game.id) as { snapshots: number; log: number };
    const text = state(SNAPSHOT_EVERY).length;
    expect(text).toBeGreaterThan(15_000);
    expect(store.snapshotSource(game.id).seqs).toEqual([SNAPSHOT_EVERY]);
    expect(stored.snapshots).toBeLessThan(text / 4);
    expect(stored.log).toBeGreaterThan(0);
    expect(stored.log).toBeLessThan(JSON.stringify(store.log(game.id)).length / 2);
    // Read back as it was written.
    expect(store.snapshots(game.id)).toEqual([{ seq: SNAPSHOT_EVERY, state: state(SNAPSHOT_EVERY) }]);
    expect(store.log(game.id)).toHaveLength(SNAPSHOT_EVERY);
  });

  it('the start-up sweep reads only the active games with a bot seat; a game read without its state (issue 21 §4)', () => {
    const store = open();
    const people = newGame(store, 'people');
    const bots = newGame(store, 'bots');
    const lobby = newGame(store, 'lobby');
    const over = newGame(store, 'over');
    store.setSeat(people.id, 'a', 'u1', 'Ann');
    store.setSeat(people.id, 'b', 'robot-fan', 'Bob'); // "bot" elsewhere in the id is a person
    store.setSeat(bots.id, 'a', 'u1', 'Ann');
    store.setSeat(bots.id, 'b', 'bot:b', 'bot');
    store.setSeat(lobby.id, 'a', 'bot:a', 'bot');
    store.setSeat(over.id, 'a', 'bot:a', 'bot');
    for (const game of [people, bots, over]) store.start(game.id, '{"turn":1}');
    store.finish(over.id, 'over', 'done');
    expect(store.activeGamesWithBots('bot:').map((row) => [row.id, row.state])).toEqual([[bots.id, '{"turn":1}']]);
    expect(new Set(store.activeGames().map((row) => row.id))).toEqual(new Set([people.id, bots.id]));
    // A game without its state (the reminders' read): every other column as game() reads it.
    const { state: _state, ...head } = store.game(bots.id)!;
    expect(store.gameHead(bots.id)).toEqual(head);
    expect(store.gameHead(bots.id)).not.toHaveProperty('state');
    expect(store.gameHead(bots.id + 1000)).toBeNull();
  });

  it('outbox: enqueue in lane order, pings once per decision, claim and lease, deliver, a dead hold taken over', () => {
    let now = 10_000_000;
    const at = location(); // one database, two processes' stores
    const first = open(() => now, at);
    const second = open(() => now, at);
    const game = newGame(first);
    const handoff = { channelId: 'c1', gameId: game.id, kind: 'handoff' as const, content: 'your turn', mentions: ['u2'] };
    const queued = first.outbox.enqueue(
      [
        { channelId: 'c1', gameId: game.id, content: 'one', files: [{ name: 'map.png', data: Buffer.from([0, 1, 255]) }] },
        { ...handoff, handoff: [{ role: 'b', decision: 4, userId: 'u2' }] },
        { channelId: 'c2', content: 'other lane', to: { roles: ['a'] } } as never,
      ],
      { hold: false },
    );
    expect(queued.map((row) => row.post.content)).toEqual(['one', 'your turn', 'other lane']);
    // the same decision handed off again: nothing new, dropped
    expect(first.outbox.enqueue([{ ...handoff, handoff: [{ role: 'b', decision: 4, userId: 'u2' }] }], { hold: false })).toEqual([]);
    expect(first.outbox.pinged(game.id, 'b', 4)).toBe(true);
    expect(first.outbox.get(queued[0]!.id)?.post.files?.[0]?.data).toEqual(Buffer.from([0, 1, 255]));
    expect(first.outbox.pendingSummary()).toEqual({ count: 3, oldestAt: now });
    const mainHead = first.outbox.headIds().find((head) => head.lane === 'c1' && head.track === 'main')!;
    expect(mainHead).toMatchObject({ id: queued[0]!.id, gameId: game.id, nextAt: now, createdAt: now, draws: 0 });
    // Two processes: one holds the head, the other cannot take it until the hold lapses.
    expect(first.outbox.claim(mainHead.id)).toBe(true);
    expect(second.outbox.claim(mainHead.id)).toBe(false);
    expect(second.outbox.claimedBy(mainHead.id)).toBe(first.outbox.owner);
    now += first.outbox.leaseMs;
    expect(second.outbox.claim(mainHead.id)).toBe(true);
    expect(second.outbox.inherited(mainHead.id)).toBe(true);
    second.outbox.progress(mainHead.id, 1);
    second.outbox.sent(mainHead.id);
    expect(first.outbox.get(mainHead.id)).toMatchObject({ state: 'sent', doneParts: 1 });
    // A retry puts a row back with its error; unclaim keeps the later due time.
    const other = queued[2]!.id;
    expect(first.outbox.claim(other)).toBe(true);
    first.outbox.retry(other, now + 5_000, 'HTTP 500');
    expect(first.outbox.get(other)).toMatchObject({ attempts: 1, nextAt: now + 5_000, error: 'HTTP 500' });
    expect(first.outbox.claim(other)).toBe(true);
    first.outbox.unclaim(other, now + 1_000);
    expect(first.outbox.get(other)?.nextAt).toBe(now + 5_000);
    expect(first.outbox.claimedBy(other)).toBeNull();
    first.outbox.failed(other, 'gone');
    expect(first.outbox.pending().map((row) => row.post.content)).toEqual(['your turn']);
    expect(first.outbox.nextDueAt()).toBe(queued[1] && first.outbox.get(queued[1].id)!.nextAt);
  });

  it('outbox: held rows released, newer cards and turn edits found by their fields', () => {
    const now = 20_000_000;
    const store = open(() => now);
    const game = newGame(store);
    const [held] = store.outbox.enqueue([{ channelId: 'c1', gameId: game.id, content: 'held' }]);
    expect(store.outbox.get(held!.id)?.nextAt).toBe(now + store.outbox.holdMs);
    store.outbox.release([held!.id]);
    expect(store.outbox.get(held!.id)?.nextAt).toBe(now);
    const turn = { gameId: game.id, seq: 3, edit: true };
    const [older, newer] = store.outbox.enqueue(
      [
        { channelId: 'c1', gameId: game.id, content: 'edit 1', turn } as never,
        { channelId: 'c1', gameId: game.id, content: 'edit 2', turn } as never,
      ],
      { hold: false },
    );
    expect(store.outbox.newerTurnEdit(store.outbox.get(older!.id)!)).toBe(true);
    expect(store.outbox.newerTurnEdit(store.outbox.get(newer!.id)!)).toBe(false);
    const private1 = {
      channelId: 'c1',
      gameId: game.id,
      content: 'p',
      to: { roles: ['a', 'b'] },
      files: [{ name: 'm.png', draw: { system: 'duel' } }],
    };
    const [mine] = store.outbox.enqueue([private1 as never], { hold: false });
    expect(store.outbox.supersededDraws(store.outbox.get(mine!.id)!).size).toBe(0);
  });

  it('leases: one holder until expiry, renewed by it, released; a schedule slot claimed once', () => {
    let now = 30_000_000;
    const at = location(); // one database, two processes' stores
    const first = open(() => now, at);
    const second = open(() => now, at);
    expect(first.leases.acquire('tick', 60_000)).toBe('taken');
    expect(second.leases.acquire('tick', 60_000)).toBeNull();
    expect(first.leases.acquire('tick', 60_000)).toBe('renewed');
    expect(second.leases.holder('tick')).toEqual({ owner: first.leases.owner, expiresAt: now + 60_000 });
    now += 60_000;
    expect(second.leases.acquire('tick', 60_000)).toBe('taken');
    second.leases.release('tick');
    expect(first.leases.acquire('tick', 60_000)).toBe('taken');
    expect(first.leases.once('backup', 5)).toBe(true);
    expect(second.leases.once('backup', 5)).toBe(false);
    expect(second.leases.once('backup', 6)).toBe(true);
  });

  it('turn messages and damaged games', () => {
    const store = open();
    const game = newGame(store);
    const turn = store.turns.start(game.id, 'c1', ['a'], ['Ann moves']);
    expect(turn.seq).toBe(1);
    store.turns.setLines(game.id, 1, ['Ann moves', 'Bea answers']);
    store.turns.posted(game.id, 1, 'c1', 'm1');
    expect(store.turns.current(game.id)).toMatchObject({ seq: 1, messageId: 'm1', roles: ['a'], lines: ['Ann moves', 'Bea answers'] });
    expect(store.turns.start(game.id, 'c1', ['b'], []).seq).toBe(2);
    store.turns.close(game.id);
    expect(store.turns.current(game.id)).toBeNull();
    expect(store.turns.messageOf(game.id, 1)).toBe('m1');
    expect(store.damaged.note({ gameId: game.id, part: 'state', reason: 'not JSON' })).toBe(true);
    expect(store.damaged.note({ gameId: game.id, part: 'state', reason: 'again' })).toBe(false);
    expect(store.damaged.of(game.id)).toEqual({ gameId: game.id, part: 'state', reason: 'not JSON' });
    expect(store.damaged.live()).toEqual([game.id]);
    store.damaged.clear(game.id);
    expect(store.damaged.of(game.id)).toBeNull();
  });
});
