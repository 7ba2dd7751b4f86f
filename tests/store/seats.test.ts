// Issue 8 §4: taking a seat is a conditional write, so two processes joining
// the last seat cannot both be told they took it.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SeatTakenError, Store } from '../../src/store/store.ts';
import { harness, text } from '../app/harness.ts';
import { tempDb } from '../setup/test-db.ts';

const lobby = (s: Store) =>
  s.createGame({ guildId: 'g1', channelId: 'c1', system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'alice' });

function child(db: string, gameId: number, user: string, startAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'tests/store/seat-child.ts', db, String(gameId), user, String(startAt)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`child exited ${code}`))));
  });
}

describe('atomic seat joins (issue 8 §4)', () => {
  it('two Store instances on one file: the second to take a seat that looked free is refused', () => {
    const db = tempDb();
    const s1 = new Store(db);
    const s2 = new Store(db);
    const g = lobby(s1);
    // Both saw seat b free; s1 writes first.
    s1.takeSeat(g.id, 'b', 'bob', 'bob', null);
    expect(() => s2.takeSeat(g.id, 'b', 'carol', 'carol', null)).toThrow(SeatTakenError);
    expect(s2.seats(g.id)).toEqual([{ role: 'b', userId: 'bob', userName: 'bob' }]);
    // Re-taking one's own seat is fine; a moderator's reseat must name the holder it saw.
    s2.takeSeat(g.id, 'b', 'bob', 'Bob', null);
    expect(() => s2.takeSeat(g.id, 'b', 'dave', 'dave', 'someone-else')).toThrow(/just taken by Bob/);
    s2.takeSeat(g.id, 'b', 'dave', 'dave', 'bob');
    expect(s1.seats(g.id)[0].userId).toBe('dave');
    // Once the game has started, no seat write goes through.
    s1.start(g.id, '{}');
    expect(() => s2.takeSeat(g.id, 'a', 'erin', 'erin', null)).toThrow(/started/);
    s1.close();
    s2.close();
  });

  it('at the table: a join that read a stale lobby gets a private error and no seat', async () => {
    const db = tempDb();
    const h1 = harness({ dbPath: db });
    const h2 = harness({ dbPath: db });
    await h1.say('alice', '/game new system:duel');
    await h1.say('alice', '/game join side:a');
    // h2's process read the lobby before bob's join landed.
    const stale = h2.svc.store.seats.bind(h2.svc.store);
    const seen = stale(h2.svc.store.liveGame('c1')!.id);
    h2.svc.store.seats = () => seen;
    const bob = await h1.say('bob', '/game join side:b');
    expect(text(bob)).toMatch(/takes \*\*Player B\*\*/);
    const carol = await h2.say('carol', '/game join side:b');
    expect(carol.replies).toHaveLength(1);
    expect(carol.replies[0].ephemeral).toBe(true);
    expect(carol.replies[0].content).toMatch(/Player B was just taken by bob; you were not seated/);
    expect(h1.svc.store.seats(h1.svc.store.liveGame('c1')!.id).map((s) => s.userId)).toEqual(['alice', 'bob']);
  });

  it('two processes joining the last seat at the same moment: exactly one wins', async () => {
    const db = tempDb();
    const s = new Store(db);
    const g = lobby(s);
    s.setSeat(g.id, 'a', 'alice', 'alice');
    const startAt = Date.now() + 1500;
    const results = await Promise.all([child(db, g.id, 'bob', startAt), child(db, g.id, 'carol', startAt)]);
    expect(results.filter((r) => r === 'won')).toHaveLength(1);
    expect(results.filter((r) => r.startsWith('lost'))).toHaveLength(1);
    const winner = results[0] === 'won' ? 'bob' : 'carol';
    expect(s.seats(g.id).find((x) => x.role === 'b')!.userId).toBe(winner);
    s.close();
  }, 20_000);
});
