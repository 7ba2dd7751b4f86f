// Issue 9: the outbox table (migration 5) on its own: rows survive a reopen,
// lanes keep their order, hand-offs ping once per decision, markers of
// commits are settled by the posts that answer them.
import { describe, expect, it } from 'vitest';
import { migrate, migrationsFor } from '../../src/store/migrations.ts';
import { Store } from '../../src/store/store.ts';
import { Outbox, trackOf, windowOf } from '../../src/store/outbox.ts';
import { openDatabase } from '../../src/store/database.ts';
import { tempDb } from '../setup/test-db.ts';

const game = (s: Store, channel = 'c1') =>
  s.createGame({ guildId: 'g', channelId: channel, system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'u' }).id;

describe('outbox (migration 5)', () => {
  it('applies version 5 to a database that lacks version 4 (another branch adds it), and 4 later still applies', () => {
    const db = openDatabase(tempDb());
    migrate(db);
    const versions = () =>
      (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
    // Every version of the backend's list once (5 on SQLite; PostgreSQL's list starts at 19, SQLite's 1-19 in one).
    const all = migrationsFor(db)
      .map((m) => m.version)
      .sort((a, b) => a - b);
    expect(versions()).toEqual(all);
    if (db.dialect === 'sqlite') expect(all).toContain(5);
    // Both tables are there (empty), on either backend.
    expect(db.prepare('SELECT (SELECT COUNT(*) FROM outbox) AS posts, (SELECT COUNT(*) FROM outbox_pings) AS pings').get()).toEqual({
      posts: 0,
      pings: 0,
    });
    migrate(db); // idempotent
    expect(versions()).toEqual(all);
    db.close();
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

describe('outbox tracks (migration 18, issue 19 §2, §4)', () => {
  it("hand-offs and reminders are pings, a finished game's last card stays behind its posts, everything else is main", () => {
    const base = { channelId: 'c1', content: 'x' };
    expect(trackOf({ ...base, kind: 'handoff', mentions: ['bob'], handoff: [{ role: 'b', decision: 1, userId: 'bob' }] })).toBe('ping');
    expect(
      trackOf({
        ...base,
        mentions: ['bob'],
        decisions: [{ role: 'b', decision: 1 }],
        to: { roles: ['b'], userIds: ['bob'], names: ['Bob'] },
      }),
    ).toBe('ping');
    expect(trackOf({ ...base, files: [{ name: 'm.png', data: Buffer.alloc(0) }] })).toBe('main');
    expect(trackOf({ ...base, kind: 'notice', mentions: ['bob'] })).toBe('main');
    expect(trackOf({ ...base, card: 1 })).toBe('card');
    expect(trackOf({ ...base, card: 1, archive: true })).toBe('main');
    expect(trackOf({ ...base, hub: 1 })).toBe('main');
  });

  it('each track of a lane has its own head: a ping in backoff holds back only the pings, a map only the maps', () => {
    const s = new Store(tempDb());
    const g = game(s);
    const [map, ping, map2, ping2] = s.outbox.enqueue(
      [
        { channelId: 'c1', gameId: g, content: 'map 1' },
        { channelId: 'c1', gameId: g, content: 'ping 1', mentions: ['bob'] },
        { channelId: 'c1', gameId: g, content: 'map 2' },
        { channelId: 'c1', gameId: g, content: 'ping 2', mentions: ['alice'] },
      ],
      { hold: false },
    );
    expect(s.outbox.laneHeads('c1').map((h) => [h.track, h.id])).toEqual([
      ['ping', ping.id],
      ['main', map.id],
    ]);
    s.outbox.retry(ping.id, Date.now() + 60_000, '500');
    s.outbox.sent(map.id);
    expect(s.outbox.headIds().map((h) => [h.track, h.id])).toEqual([
      ['ping', ping.id],
      ['main', map2.id],
    ]);
    expect(ping2.id).toBeGreaterThan(map2.id);
    s.close();
  });

  it("a newer card of a game takes the waiting one's place, after the posts queued before it", () => {
    const s = new Store(tempDb());
    const g = game(s);
    const card = { channelId: 'c1', gameId: g, kind: 'update' as const, content: '', card: g };
    const [first] = s.outbox.enqueue([card], { hold: false });
    const [move] = s.outbox.enqueue([{ channelId: 'c1', gameId: g, content: 'a move' }], { hold: false });
    const [second] = s.outbox.enqueue([card], { hold: false });
    expect(s.outbox.get(first.id)!.state).toBe('sent');
    expect(s.outbox.pending().map((r) => [r.track, r.id])).toEqual([
      ['main', move.id],
      ['card', second.id],
    ]);
    expect(s.outbox.mainBefore(s.outbox.laneHeads('c1').find((h) => h.track === 'card')!)).toBe(true);
    s.close();
  });

  it("disabling a message's closed controls is coalesced like a card: one row per message per window (issue 19 §2)", () => {
    let now = 1_000_000;
    const s = new Store(tempDb());
    const outbox = new Outbox(s.db, () => now, 0);
    const disable = (messageId: string) => ({ channelId: 'c1', kind: 'update' as const, content: '', disable: messageId });
    expect(trackOf(disable('m1'))).toBe('card');
    const [first] = outbox.enqueue([disable('m1')], { hold: false });
    // Another refresh before it went: it joins the waiting row, whatever closed meanwhile is read as it goes.
    const [second] = outbox.enqueue([disable('m1')], { hold: false });
    const [other] = outbox.enqueue([disable('m2')], { hold: false });
    expect(outbox.get(first.id)!.state).toBe('sent');
    expect(outbox.pending().map((r) => r.id)).toEqual([second.id, other.id]);
    expect(outbox.get(second.id)!.nextAt).toBe(now);
    // It cost an edit now: the next edit of that message waits for the window, another message's does not.
    outbox.windowSent(windowOf(outbox.get(second.id)!.post));
    outbox.sent(second.id);
    now += 100;
    const [third] = outbox.enqueue([disable('m1'), disable('m2')], { hold: false });
    expect(outbox.get(third.id)!.nextAt).toBe(now - 100 + outbox.cardWindowMs);
    expect(outbox.pending().find((r) => r.post.disable === 'm2')!.nextAt).toBe(now);
    s.close();
  });
});
