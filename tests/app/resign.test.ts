// /game resign: a two-sided game ends with the other side winning; a game of
// several settlements (Rifle and Axe) drops the resigning seat and plays on,
// and the drop is in the log, so replay and /game verify still hold.
import { describe, expect, it } from 'vitest';
import { duoTable, rifleTable, text } from './harness.ts';

const rifle3 = () => rifleTable({ seed: 'resign', users: ['alice', 'bob', 'carol'] });

describe('resigning (issue 2 §4, issue 3)', () => {
  it('Rifle and Axe, 3 players: one resigns during leader picks; the other two play on', async () => {
    const h = await rifle3();
    await h.say('alice', '/rifle leader name:boone');
    const o = await h.say('bob', '/game resign');
    expect(text(o)).toMatch(/resigns Settlement 2\. The others play on/);
    expect(h.svc.store.liveGame('c1')!.status).toBe('active');
    const started = await h.say('carol', '/rifle leader name:clark');
    expect(text(started)).toMatch(/Turn 1 of 20/);
    const refused = await h.say('bob', '/rifle plan action:fishing');
    expect(refused.replies[0].ephemeral).toBe(true);
    expect(text(await h.say('carol', '/game verify'))).toMatch(/matches the stored state/);
  });

  it('a resignation while the others wait on it lets planning finish', async () => {
    const h = await rifle3();
    await h.say('alice', '/rifle leader name:boone');
    await h.say('bob', '/rifle leader name:harrod');
    await h.say('carol', '/rifle leader name:clark');
    await h.say('alice', '/rifle done');
    await h.say('carol', '/rifle auto');
    const o = await h.say('bob', '/game resign');
    expect(text(o)).toMatch(/Plans revealed/);
    expect(text(o)).not.toMatch(/Settlement 2: .*Fishing/);
  });

  it('when fewer than two settlements are left the game ends; the resigned one takes no awards', async () => {
    const h = await rifle3();
    await h.say('bob', '/game resign');
    const o = await h.say('carol', '/game resign');
    expect(text(o)).toMatch(/Game over/);
    expect(text(o)).toMatch(/Settlement 2 resigned and lost/);
    const row = h.svc.store.latestGame('c1')!;
    expect(row.status).toBe('over');
    expect(JSON.parse(row.result!).winners).toEqual(['p1']);
    expect(text(await h.say('alice', '/game verify'))).toMatch(/Replayed state equals the stored state/);
  });

  it('a two-sided game (duel) ends at once with the other side the winner', async () => {
    const h = await duoTable();
    const o = await h.say('alice', '/game resign');
    expect(text(o)).toMatch(/Winner: Player B/);
    expect(h.svc.store.latestGame('c1')!.status).toBe('over');
  });
});

describe('after the end (issue 2 §4)', () => {
  it('/game status on a finished game says it ended, how, and what still works', async () => {
    const h = await duoTable();
    await h.say('alice', '/game resign');
    const o = await h.say('bob', '/game status');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/Game #1 \(duel\) has ended: Player A resigned\..*\/game verify still show it/);
  });
});
