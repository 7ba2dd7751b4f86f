// Issue 21 §3: a process that starts again releases the posts it held for
// its own interaction replies, and only those: with several processes on one
// outbox, rows of another process's servers keep waiting on that process's
// replies (else a map could overtake the action it follows).
import { expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { tempDb } from '../app/harness.ts';

it('resume() releases held rows of the servers this process serves, and leaves the others held (§3)', () => {
  const now = 5_000_000;
  const store = new Store(tempDb());
  const outbox = new Outbox(store.db, () => now, 10_000);
  const ours = store.createGame({
    guildId: 'ours',
    channelId: 'c-ours',
    system: 'duel',
    options: {},
    seed: 's',
    seedHash: 'h',
    createdBy: 'u',
  });
  const theirs = store.createGame({
    guildId: 'theirs',
    channelId: 'c-theirs',
    system: 'duel',
    options: {},
    seed: 's',
    seedHash: 'h',
    createdBy: 'u',
  });
  const [mine] = outbox.enqueue([{ channelId: 'c-ours', gameId: ours.id, content: 'our move' }]);
  const [other] = outbox.enqueue([{ channelId: 'c-theirs', gameId: theirs.id, content: 'their move' }]);
  expect(outbox.get(mine.id)!.nextAt).toBe(now + 10_000);

  outbox.resume((guildId) => guildId === 'ours');
  expect(outbox.get(mine.id)!.nextAt).toBe(now);
  expect(outbox.get(other.id)!.nextAt).toBe(now + 10_000);

  // One process serving every server (the default): everything held goes.
  outbox.resume();
  expect(outbox.get(other.id)!.nextAt).toBe(now);
  store.close();
});
