// Issue 9: the outbox table (migration 5) on its own: rows survive a reopen,
// lanes keep their order, hand-offs ping once per decision, markers of
// commits are settled by the posts that answer them.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/migrations.ts';
import { Store } from '../../src/store/store.ts';
import { tempDb } from '../app/harness.ts';

const game = (s: Store, channel = 'c1') =>
  s.createGame({ guildId: 'g', channelId: channel, system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'u' }).id;

describe('outbox (migration 5)', () => {
  it('applies version 5 to a database that lacks version 4 (another branch adds it), and 4 later still applies', () => {
    const db = new Database(':memory:');
    migrate(db);
    const versions = () =>
      (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
    expect(versions()).toContain(5);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name IN ('outbox', 'outbox_pings') ORDER BY name`).all()).toEqual([
      { name: 'outbox' },
      { name: 'outbox_pings' },
    ]);
    migrate(db); // idempotent
    expect(versions().filter((v) => v === 5)).toHaveLength(1);
  });

  it('rows and their files survive a reopen; each lane is delivered oldest first, a backed-off head holds its lane only', () => {
    const path = tempDb();
    let s = new Store(path);
    const ids = s.outbox.enqueue(
      [
        { channelId: 'c1', content: 'one', files: [{ name: 'm.png', data: Buffer.from([1, 2, 3]) }] },
        { channelId: 'c2', content: 'other lane' },
        { channelId: 'c1', content: 'two' },
      ],
      { hold: false },
    );
    s.close();
    s = new Store(path);
    expect(s.outbox.heads().map((r) => r.post.content)).toEqual(['one', 'other lane']);
    expect(s.outbox.get(ids[0].id)!.post.files![0].data).toEqual(Buffer.from([1, 2, 3]));
    s.outbox.retry(ids[0].id, Date.now() + 60_000, '500');
    // 'two' waits behind 'one' even though it is due; the other lane is not held up.
    expect(s.outbox.heads().map((r) => [r.post.content, r.nextAt <= Date.now()])).toEqual([
      ['one', false],
      ['other lane', true],
    ]);
    s.outbox.sent(ids[0].id);
    expect(s.outbox.heads().map((r) => r.post.content)).toEqual(['other lane', 'two']);
    s.close();
  });

  it('a decision is handed off (pinged) once; a hand-off with nothing new is dropped; a failed hand-off may ping again', () => {
    const s = new Store(tempDb());
    const g = game(s);
    const handoff = (kind: 'handoff' | 'repost') => ({
      channelId: 'c1',
      gameId: g,
      kind,
      content: '<@bob> your move',
      mentions: ['bob'],
      handoff: [{ role: 'b', decision: 4, userId: 'bob' }],
    });
    const [first] = s.outbox.enqueue([handoff('handoff')]);
    expect(first.post.mentions).toEqual(['bob']);
    expect(s.outbox.enqueue([handoff('handoff')])).toEqual([]);
    const [repost] = s.outbox.enqueue([handoff('repost')]);
    expect(repost.post.mentions).toEqual([]);
    s.outbox.failed(first.id, 'Missing Access');
    expect(s.outbox.enqueue([handoff('repost')])[0].post.mentions).toEqual(['bob']);
    s.close();
  });

  it('a commit marker stays until the posts that answer it are stored', () => {
    const s = new Store(tempDb());
    const g = game(s);
    s.outbox.owe(g);
    expect(s.outbox.pending().map((r) => r.post.kind)).toEqual(['owed']);
    s.outbox.enqueue([{ channelId: 'c1', gameId: g, content: 'the move' }], { settles: [g] });
    expect(s.outbox.pending().map((r) => r.post.content)).toEqual(['the move']);
    s.close();
  });
});
