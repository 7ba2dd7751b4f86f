// Clock policies of a tournament: a time bank per seat (days to start, a
// bonus per decision, a cap), and rounds paired at set times.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import type { DecisionBook } from '../../src/engine/decisions.ts';

const H = 3_600_000;
const book = (role: string, id: number) => ({ open: { [role]: { id } } }) as unknown as DecisionBook;

describe('time bank: clock to start, bonus per decision, cap', () => {
  it('spends what each decision takes, adds the bonus, never above the cap (48 h + 24 h per decision, cap 60 h)', () => {
    const h = harness({ seed: 'bank' });
    const g = h.svc.store.createGame({
      guildId: 'g1',
      channelId: 'bank',
      system: 'duel',
      options: {},
      seed: 's',
      seedHash: 'h',
      createdBy: 'x',
      label: null,
    });
    const d = h.svc.store.deadlines;
    d.setClock(g.id, 48 * H);
    d.setBank(g.id, 24 * H, 60 * H);
    const t0 = 1_000 * H;
    d.sync(g.id, book('a', 1), t0, false);
    expect(d.ofGame(g.id)).toMatchObject([{ role: 'a', dueAt: t0 + 48 * H }]);
    // a decides after 30 h: 48 − 30 + 24 = 42 h left; b starts on the full 48 h.
    d.sync(g.id, book('b', 2), t0 + 30 * H, false);
    expect(d.bank(g.id, 'a')).toBe(42 * H);
    expect(d.ofGame(g.id)).toMatchObject([{ role: 'b', dueAt: t0 + 78 * H }]);
    // b decides after 5 h: 48 − 5 + 24 = 67, capped at 60; a's next decision has its 42 h.
    d.sync(g.id, book('a', 3), t0 + 35 * H, false);
    expect(d.bank(g.id, 'b')).toBe(60 * H);
    expect(d.ofGame(g.id)).toMatchObject([{ role: 'a', dueAt: t0 + 77 * H }]);
    // Without a bonus the clock is the time per decision, as before.
    d.setBank(g.id, null, null);
    expect(d.bank(g.id, 'a')).toBeNull();
  });

  it('a tournament with a bank sets it on every match and says so in the thread', async () => {
    const h = harness({ seed: 'bank-t' });
    expect(text(await h.say('mod', '/tournament create name:Slow system:duel format:knockout bonus:24'))).toContain('needs clock:');
    const out = await h.say('mod', '/tournament create name:Slow system:duel format:knockout clock:72 bonus:24 cap:168');
    expect(text(out)).toContain('a 72 h time bank + 24 h per decision (at most 168 h)');
    for (const p of ['ann', 'ben']) {
      await h.say(p, '/tournament signup');
      await h.say(p, '/tournament checkin');
    }
    const before = Date.now();
    const start = await h.say('mod', '/tournament start');
    const after = Date.now();
    expect(text(start)).toContain('⏰ a 72 h time bank + 24 h per decision (at most 168 h): running out of time forfeits the game.');
    const m = repoOf(h.svc).matches(1, 1)[0];
    const due = h.svc.store.deadlines.ofGame(m.gameId!);
    expect(due).toHaveLength(1);
    expect(due[0].dueAt).toBeGreaterThanOrEqual(before + 72 * H);
    expect(due[0].dueAt).toBeLessThanOrEqual(after + 72 * H);
  });
});

describe('rounds at set times', () => {
  it('round 2 is paired 24 h after round 1, even though round 1 finished at once; standings come when the round ends', async () => {
    const h = harness({ seed: 'weekly' });
    await h.say('mod', '/tournament create name:Weekly system:duel format:swiss rounds:2 round_hours:24');
    for (const p of ['bot:a', 'bot:b', 'bot:c', 'bot:d']) {
      await h.say('mod', `/tournament signup user:${p}`);
      await h.say('mod', `/tournament checkin user:${p}`);
    }
    const start = await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    expect(repo.matches(1, 1).every((m) => m.outcome !== null)).toBe(true);
    expect(repo.matches(1, 2)).toHaveLength(0);
    expect(text(start)).toContain('standings after round 1');
    expect(text(start)).toMatch(/round 2 is paired <t:\d+:R>/);
    // Nothing moves before the time; the tick after it pairs (and the bots play) round 2.
    const t0 = h.svc.now();
    h.svc.now = () => t0 + 23 * H;
    await h.router.tick!();
    expect(repo.matches(1, 2)).toHaveLength(0);
    h.svc.now = () => t0 + 24 * H;
    const ticked = (await h.router.tick!()).flatMap((o) => o.posts.map((p) => p.content)).join('\n');
    expect(repo.matches(1, 2)).toHaveLength(2);
    expect(ticked).toContain('round 2 pairings');
    expect(repo.get(1)!.status).toBe('finished');
  });
});
