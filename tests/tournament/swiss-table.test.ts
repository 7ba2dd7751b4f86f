// A whole Swiss of 64 bot-seated players over 6 rounds, run by /tournament
// commands through the router (the offline table's path), on the duel fixture.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { allText } from './helpers.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { tournamentStandings } from '../../src/tournament/results.ts';

describe('a Swiss tournament at the table', () => {
  it('plays 64 bots over 6 rounds: no repeat pairings, one bye at most, finished standings', async () => {
    const h = harness({ seed: 'swiss-64' });
    expect(text(await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:6'))).toContain('Tournament #1');
    const players = Array.from({ length: 64 }, (_, i) => `bot:p${i + 1}`);
    for (const p of players) {
      await h.say('mod', `/tournament signup user:${p}`);
      await h.say('mod', `/tournament checkin user:${p}`);
    }
    // One player signs up but never checks in: not paired.
    await h.say('mod', '/tournament signup user:bot:late');
    const start = await h.say('mod', '/tournament start');
    expect(text(start)).toContain('starts with 64 players');
    const repo = repoOf(h.svc);
    const t = repo.get(1)!;
    expect(t.status).toBe('finished');
    const ms = repo.matches(1);
    expect(new Set(ms.map((m) => m.round))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(ms.every((m) => m.outcome !== null)).toBe(true);
    const seen = new Set<string>();
    for (const m of ms) {
      expect(m.a).not.toBe('bot:late');
      if (!m.b) continue;
      const key = [m.a, m.b].sort().join('|');
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      // Every match is a finished Muster game in its own channel, both players seated.
      const g = h.svc.store.game(m.gameId!)!;
      expect(g.channelId).toBe(`c1:t1-r${m.round}-m${m.board}`);
      expect(g.status).toBe('over');
      expect(
        h.svc.store
          .seats(g.id)
          .map((s) => s.userId)
          .sort(),
      ).toEqual([m.a, m.b].sort());
    }
    expect(ms.filter((m) => m.round === 1)).toHaveLength(32);
    // Sides balance: nobody plays the same side three times running.
    for (const p of players) {
      const sides = ms
        .filter((m) => m.b && (m.a === p || m.b === p))
        .map((m) => (m.a === p ? 'a' : 'b'))
        .join('');
      expect(sides).not.toMatch(/aaa|bbb/);
    }
    const st = tournamentStandings(repo, t);
    expect(st).toHaveLength(64);
    expect(st.reduce((s, x) => s + x.score, 0)).toBe(32 * 6);
    expect(st[0].score).toBeGreaterThanOrEqual(5);
    // Bot games count for the tournament, never for ratings.
    expect(h.svc.store.db.prepare('SELECT COUNT(*) AS n FROM ratings').get()).toEqual({ n: 0 });
    expect(allText(await h.say('alice', '/tournament standings'))).toContain('(final)');
  }, 120_000);
});
