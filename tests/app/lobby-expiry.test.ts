// Issue 9 (files): a lobby that never starts is closed by the deadline tick
// after MUSTER_LOBBY_EXPIRY_HOURS, with a note in its channel; a started game
// and a young lobby are left alone, and the channel is free again.
import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';

const HOUR = 3_600_000;

describe('lobby expiry (issue 9)', () => {
  it('the tick closes lobbies older than the expiry with a note, and only those', async () => {
    const h = harness();
    h.svc.config.lobbyExpiryHours = 2;
    await h.say('alice', '/game new system:duel', 'old-lobby');
    await h.say('alice', '/game new system:duel', 'young-lobby');
    await h.say('alice', '/game new system:duel', 'started');
    await h.say('alice', '/game join side:a', 'started');
    await h.say('bob', '/game join side:b', 'started');
    await h.say('alice', '/game start', 'started');
    const old = h.svc.store.liveGame('old-lobby')!;
    // Age two games by three hours (the store stamps created_at itself).
    for (const c of ['old-lobby', 'started'])
      h.svc.store.db.prepare('UPDATE games SET created_at = created_at - ? WHERE channel_id = ?').run(3 * HOUR, c);

    const outcomes = await h.router.tick!();
    const posts = outcomes.flatMap((o) => o.posts);
    // The note names its game, so the game's card (rebuilt at delivery) shows it closed too.
    expect(posts.filter((p) => p.card === undefined)).toEqual([
      {
        channelId: 'old-lobby',
        gameId: old.id,
        content: expect.stringMatching(/duel lobby \(game #\d+\) never started and was closed after 2 hours/),
      },
    ]);
    expect(posts.filter((p) => p.card !== undefined).map((p) => p.card)).toEqual([old.id]);
    expect(h.svc.store.game(old.id)!.status).toBe('abandoned');
    expect(JSON.parse(h.svc.store.game(old.id)!.result!)).toMatchObject({ status: 'abandoned', by: 'expiry' });
    expect(h.svc.store.liveGame('young-lobby')!.status).toBe('lobby');
    expect(h.svc.store.liveGame('started')!.status).toBe('active');
    // Once only; and the channel takes a new game.
    expect((await h.router.tick!()).flatMap((o) => o.posts)).toEqual([]);
    const again = await h.say('alice', '/game new system:duel', 'old-lobby');
    expect(again.replies[0].ephemeral).toBe(false);
    expect(h.svc.store.liveGame('old-lobby')!.id).not.toBe(old.id);
    await h.svc.close();
  });

  it('expiry 0 keeps lobbies for ever; a lobby that started meanwhile is not closed', async () => {
    const h = harness();
    h.svc.config.lobbyExpiryHours = 0;
    await h.say('alice', '/game new system:duel', 'c9');
    h.svc.store.db.prepare('UPDATE games SET created_at = 0').run();
    expect((await h.router.tick!()).flatMap((o) => o.posts)).toEqual([]);
    const row = h.svc.store.liveGame('c9')!;
    h.svc.store.db.prepare(`UPDATE games SET status = 'active' WHERE id = ?`).run(row.id);
    expect(h.svc.store.expireLobby(row.id, '{}')).toBe(false);
    await h.svc.close();
  });
});
