// The suite's two projects (vitest.config.ts) really use their backends: a
// store opened by the harness in the "postgres" project is on PostgreSQL, in
// the "sqlite" project on SQLite. And copyTempDb copies a database on either.
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { harness } from '../app/harness.ts';
import { copyTempDb, tempDb, testBackend } from './test-db.ts';

describe('test databases on the project’s backend (issue 21: the suite on both backends)', () => {
  const opened: Store[] = [];
  afterEach(() => opened.splice(0).forEach((store) => store.close()));

  it('the harness opens its store on the backend its project is named for', async ({ task }) => {
    expect(['sqlite', 'postgres']).toContain(task.file.projectName);
    expect(testBackend()).toBe(task.file.projectName);
    const { svc } = harness();
    expect(svc.store.db.dialect).toBe(task.file.projectName);
    if (task.file.projectName === 'postgres')
      expect(svc.store.db.prepare('SELECT version() AS server').get()).toMatchObject({ server: expect.stringContaining('PostgreSQL') });
    await svc.close();
  });

  it("a copy holds the original's games and seats, and its ids go on after the original's", () => {
    const from = tempDb();
    const original = new Store(from);
    const game = (store: Store, channelId: string) =>
      store.createGame({ guildId: 'g', channelId, system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'u' });
    const first = game(original, 'c1');
    original.setSeat(first.id, 'a', 'alice', 'Alice');
    const second = game(original, 'c2');
    original.close();
    const copy = new Store(copyTempDb(from));
    opened.push(copy);
    expect(copy.liveGame('c1')!.id).toBe(first.id);
    expect(copy.seats(first.id).map((seat) => seat.userName)).toEqual(['Alice']);
    expect(game(copy, 'c3').id).toBeGreaterThan(second.id);
    // The original is untouched.
    const again = new Store(from);
    opened.push(again);
    expect(again.liveGame('c3')).toBeNull();
  });
});
