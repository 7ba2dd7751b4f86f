// Issue 8 §3: latestGame and the deadline tick use an index, not a scan of games.
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { tempDb } from '../setup/test-db.ts';
import { queryPlan, usingIndex } from '../setup/query-plan.ts';

// On either backend (tests/setup/query-plan.ts: what the plan is asked on each).
const plan = (s: Store, sql: string, ...args: unknown[]) => queryPlan(s.db, sql, ...args);

describe('games indexes (migration 2)', () => {
  it('latestGame and overdue are answered by an index', () => {
    const s = new Store(tempDb());
    expect(plan(s, 'SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1', 'c')).toMatch(usingIndex(s.db, 'games_by_channel'));
    expect(plan(s, `SELECT * FROM games WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ?`, 5)).toMatch(
      usingIndex(s.db, 'games_active_deadline'),
    );
    s.close();
  });

  it('they still return the right rows', () => {
    let t = 1000;
    const s = new Store(tempDb(), () => t++);
    const mk = (channel: string) =>
      s.createGame({ guildId: 'g', channelId: channel, system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'u' });
    const a = mk('c1');
    s.finish(a.id, 'over', '{}');
    const b = mk('c1');
    mk('c2');
    expect(s.latestGame('c1')!.id).toBe(b.id);
    s.start(b.id, '{}');
    s.setDeadline(b.id, 500);
    s.setDeadline(a.id, 100); // over: never overdue
    expect(s.overdue(499).map((g) => g.id)).toEqual([]);
    expect(s.overdue(500).map((g) => g.id)).toEqual([b.id]);
    s.close();
  });
});
