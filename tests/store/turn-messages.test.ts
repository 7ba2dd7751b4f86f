// Issue 19 §1: a game's turn message is stored (migration 15), so a move that
// continues the turn edits it, across restarts: the current one per game, its
// running log, its message once delivered; older ones keep their message for
// edits still pending; a closed one makes the next move post anew.
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { tempDb } from '../setup/test-db.ts';

function gameIn(store: Store, channelId: string): number {
  return store.createGame({
    guildId: 'g',
    channelId,
    system: 'duel',
    options: {},
    seed: 's',
    seedHash: 'h',
    createdBy: 'u',
  }).id;
}

describe('turn_messages (migration 15)', () => {
  it('the current turn message per game, its log and its message; a restart reads them back', () => {
    const path = tempDb();
    let store = new Store(path);
    const game = gameIn(store, 'c1');
    const other = gameIn(store, 'c2');
    expect(store.turns.current(game)).toBeNull();
    const first = store.turns.start(game, 'c1', ['a'], ['opening']);
    expect(first.seq).toBe(1);
    expect(store.turns.messageOf(game, 1)).toBeNull(); // not delivered yet
    store.turns.posted(game, 1, 'c1', 'm1');
    store.turns.setLines(game, 1, ['opening', 'alice: roll']);
    store.turns.start(other, 'c2', ['x'], []);
    store.close();
    store = new Store(path);
    expect(store.turns.current(game)).toEqual({
      gameId: game,
      seq: 1,
      channelId: 'c1',
      messageId: 'm1',
      roles: ['a'],
      lines: ['opening', 'alice: roll'],
    });
    // A new turn message: the old one keeps its message, for its pending edits.
    const second = store.turns.start(game, 'c1', ['b'], []);
    expect(second.seq).toBe(2);
    expect(store.turns.current(game)?.seq).toBe(2);
    expect(store.turns.messageOf(game, 1)).toBe('m1');
    // Another post took over: no current turn message until the next one starts.
    store.turns.close(game);
    expect(store.turns.current(game)).toBeNull();
    expect(store.turns.current(other)?.roles).toEqual(['x']);
    expect(store.turns.start(game, 'c1', ['a'], []).seq).toBe(3);
    expect(store.turns.current(game)?.seq).toBe(3);
    store.close();
  });
});
