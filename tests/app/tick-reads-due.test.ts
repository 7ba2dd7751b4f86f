// Issue 21 §4: the tick reads only what is due. After the start-up sweep, a
// tick with nothing due reads no game and parses no state; when a reminder
// and then a deadline come due, only that game is read.
import { describe, expect, it, vi } from 'vitest';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { duel } from '../fixtures/duel.ts';
import { duoTable } from './harness.ts';
import { queryPlan, usingIndex } from '../setup/query-plan.ts';

if (!getGame('duel')) registerGame(duel);

const HOUR = 3_600_000;
const T0 = Date.UTC(2030, 0, 1, 8, 0);

describe('the tick reads only what is due (issue 21 §4)', () => {
  it('reads every active game once at start-up, then none until something is due', async () => {
    const h = await duoTable();
    let now = T0;
    h.svc.now = () => now;
    await h.say('mod', '/game deadline hours:10');
    const full = vi.spyOn(h.svc.store, 'game');
    const head = vi.spyOn(h.svc.store, 'gameHead');
    // The games read, whole or without their state (the reminders need none).
    const gamesRead = () => [...full.mock.calls, ...head.mock.calls].map(([id]) => id);
    const forgetReads = () => {
      full.mockClear();
      head.mockClear();
    };
    const active = vi.spyOn(h.svc.store, 'activeGamesWithBots');
    const lobbies = vi.spyOn(h.svc.store, 'staleLobbies');
    const parse = vi.spyOn(JSON, 'parse');
    const stateParses = () => parse.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('"game"')).length;

    await h.router.tick!(); // the process's first tick: the start-up sweep
    expect(active).toHaveBeenCalledTimes(1);
    active.mockClear();
    forgetReads();
    parse.mockClear();

    const quiet = async (ats: number[]) => {
      for (const at of ats) {
        now = T0 + at;
        expect((await h.router.tick!()).flatMap((o) => o.posts)).toEqual([]);
      }
    };
    await quiet([60_000, HOUR / 2, HOUR - 60_000]);
    expect(active).not.toHaveBeenCalled();
    expect(gamesRead()).toEqual([]);
    expect(stateParses()).toBe(0);
    // An hour after it was set (the earliest any settings could remind): one look, at that game
    // only, which finds the seat's next moment (half time); nothing is read again before it.
    await quiet([HOUR]);
    expect(gamesRead()).toEqual([h.svc.store.liveGame('c1')!.id]);
    forgetReads();
    parse.mockClear();
    await quiet([2 * HOUR, 4 * HOUR, 5 * HOUR - 60_000]);
    expect(gamesRead()).toEqual([]);
    expect(stateParses()).toBe(0);
    // Lobby expiry is still asked, by one indexed query.
    expect(lobbies).toHaveBeenCalled();
    const db = h.svc.store.db;
    const plan = queryPlan(db, `SELECT * FROM games WHERE status = 'lobby' AND created_at <= ? ORDER BY created_at LIMIT ?`, 0, 100);
    expect(plan).toMatch(usingIndex(db, 'games_lobby_created'));

    // Half time: the reminder is due, and its game alone is read.
    now = T0 + 5 * HOUR;
    const posts = (await h.router.tick!()).flatMap((o) => o.posts);
    expect(posts.filter((p) => /reminder/.test(p.content)).length).toBe(1);
    expect(gamesRead()).toHaveLength(1);
    forgetReads();
    now = T0 + 5 * HOUR + 60_000;
    await h.router.tick!();
    expect(gamesRead()).toEqual([]);

    // The deadline passes: its default is taken as before.
    now = T0 + 10 * HOUR;
    const late = (await h.router.tick!()).flatMap((o) => o.posts).map((p) => p.content);
    expect(late.join('\n')).toContain('Deadline passed');
    parse.mockRestore();
  });
});
