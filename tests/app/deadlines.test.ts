// Engine v2 §5: a deadline belongs to the decision it was set for and to
// every seat that decision waits on.
import { describe, expect, it } from 'vitest';
import { duoTable, rifleTable } from './harness.ts';

const expire = (h: { svc: Awaited<ReturnType<typeof duoTable>>['svc'] }, gameId: number) => {
  for (const d of h.svc.store.deadlines.ofGame(gameId)) h.svc.store.deadlines.set(gameId, d.role, d.decisionId, Date.now() - 1);
};

describe('deadlines per decision (Engine v2 §5)', () => {
  it('never fires on a later decision: set during one turn, it is gone once that decision is taken', async () => {
    const h = await duoTable();
    const row = h.svc.store.liveGame('c1')!;
    await h.say('mod', '/game deadline hours:2');
    expect(h.svc.store.deadlines.ofGame(row.id).map((d) => d.role)).toEqual(['a']);
    // alice ends her turn (bank after a roll, or bust): her decision is gone, and so is its deadline.
    for (let i = 0; i < 10 && JSON.parse(h.svc.store.liveGame('c1')!.state!).game.turn === 'a'; i++) {
      await h.say('alice', JSON.parse(h.svc.store.liveGame('c1')!.state!).game.pending > 0 ? '/duel bank' : '/duel roll');
    }
    expect(h.svc.store.deadlines.ofGame(row.id)).toEqual([]);
    const before = h.svc.store.liveGame('c1')!.version;
    expect(await h.router.tick!()).toEqual([]);
    expect(h.svc.store.liveGame('c1')!.version).toBe(before);
  });

  it('a stale deadline row (its decision closed by a concurrent action) takes no default', async () => {
    const h = await duoTable();
    const row = h.svc.store.liveGame('c1')!;
    h.svc.store.deadlines.set(row.id, 'a', 999, Date.now() - 1);
    const before = h.svc.store.liveGame('c1')!.version;
    await h.router.tick!();
    expect(h.svc.store.liveGame('c1')!.version).toBe(before);
    expect(h.svc.store.deadlines.ofGame(row.id)).toEqual([]);
  });

  it('in a simultaneous phase every late seat gets its default, not just the first', async () => {
    const h = await rifleTable({ seed: 'dl-1', players: 3, users: ['alice', 'bob', 'carol'], leaders: ['boone', 'clark', 'logan'] });
    const row = h.svc.store.liveGame('c1')!;
    await h.say('mod', '/game deadline hours:1');
    expect(
      h.svc.store.deadlines
        .ofGame(row.id)
        .map((d) => d.role)
        .sort(),
    ).toEqual(['p1', 'p2', 'p3']);
    await h.say('bob', '/rifle done');
    // bob's decision closed: his deadline went with it; the others' stand.
    expect(
      h.svc.store.deadlines
        .ofGame(row.id)
        .map((d) => d.role)
        .sort(),
    ).toEqual(['p1', 'p3']);
    expire(h, row.id);
    await h.router.tick!();
    const env = JSON.parse(h.svc.store.liveGame('c1')!.state!);
    expect(env.game.stage !== 'plan' || env.game.turn > 1).toBe(true);
    const log = h.svc.store
      .log(row.id)
      .filter((e) => e.userId === 'deadline')
      .map((e) => e.role)
      .sort();
    expect(log).toEqual(['p1', 'p3']);
  });

  it('a clock policy gives every new decision its own deadline', async () => {
    const h = await duoTable();
    const row = h.svc.store.liveGame('c1')!;
    await h.say('mod', '/game clock hours:24');
    const first = h.svc.store.deadlines.ofGame(row.id);
    expect(first).toHaveLength(1);
    expect(first[0].dueAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    for (let i = 0; i < 10 && JSON.parse(h.svc.store.liveGame('c1')!.state!).game.turn === 'a'; i++) {
      await h.say('alice', JSON.parse(h.svc.store.liveGame('c1')!.state!).game.pending > 0 ? '/duel bank' : '/duel roll');
    }
    const next = h.svc.store.deadlines.ofGame(row.id);
    expect(next.map((d) => d.role)).toEqual(['b']);
    expect(next[0].decisionId).not.toBe(first[0].decisionId);
  });
});
