// Double elimination and a Swiss followed by a top cut, run by /tournament
// commands through the router (the offline table's path) with bot seats.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { championOf, tournamentStandings } from '../../src/tournament/results.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { allText } from './helpers.ts';

async function bots(h: ReturnType<typeof harness>, n: number) {
  for (let i = 1; i <= n; i++) {
    await h.say('mod', `/tournament signup user:bot:p${i}`);
    await h.say('mod', `/tournament checkin user:bot:p${i}`);
  }
}

describe('double elimination at the table', () => {
  it('runs 8 bots to a champion; everyone else has lost twice; the losers’ bracket is played', async () => {
    const h = harness({ seed: 'double-8' });
    expect(text(await h.say('mod', '/tournament create name:Twice system:duel format:double'))).toContain('Double elimination');
    await bots(h, 8);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const t = repo.get(1)!;
    expect(t.status).toBe('finished');
    const ms = repo.matches(1);
    expect(ms.filter((m) => m.bracket === 'W')).toHaveLength(7);
    // 8 players: the losers' bracket has 2 + 2 + 1 + 1 games (no byes).
    expect(ms.filter((m) => m.bracket === 'L')).toHaveLength(6);
    expect(ms.filter((m) => m.bracket === 'F').length).toBe(1);
    const champion = championOf(repo, t)!;
    expect(champion).toMatch(/^bot:p\d$/);
    const losses = new Map<string, number>();
    for (const m of ms.filter((x) => x.b))
      for (const p of [m.a, m.b!])
        if ((m.outcome === 'a' ? m.a : m.outcome === 'b' ? m.b : null) !== p) losses.set(p, (losses.get(p) ?? 0) + 1);
    for (let i = 1; i <= 8; i++) if (`bot:p${i}` !== champion) expect(losses.get(`bot:p${i}`)).toBe(2);
    expect(losses.get(champion) ?? 0).toBeLessThanOrEqual(1);
  });
});

describe('Swiss with a top cut', () => {
  it('3 Swiss rounds of 10, then the top 4 of the Swiss standings in a knockout (1 v 4, 2 v 3)', async () => {
    const h = harness({ seed: 'cut-10' });
    const created = await h.say('mod', '/tournament create name:Open system:duel format:swisscut rounds:3 cut:4');
    expect(text(created)).toContain('top 4');
    await bots(h, 10);
    const start = await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const t = repo.get(1)!;
    expect(t.status).toBe('finished');
    const ms = repo.matches(1);
    expect(ms.filter((m) => m.bracket === 'main').map((m) => m.round)).toEqual(expect.arrayContaining([1, 2, 3]));
    const cut = ms.filter((m) => m.bracket === 'cut');
    expect(cut.map((m) => m.round)).toEqual([4, 4, 5]);
    // The cut is the Swiss standings' top 4 after round 3, seeded 1 v 4 and 2 v 3.
    const swiss = tournamentStandings(repo, t, 3).map((s) => s.id);
    const semis = cut.filter((m) => m.round === 4).map((m) => [m.a, m.b].sort());
    expect(semis).toEqual([[swiss[0], swiss[3]].sort(), [swiss[1], swiss[2]].sort()]);
    // The standings the Swiss posted leave the cut's games out; the winner is the final's.
    expect(tournamentStandings(repo, t).map((s) => s.score)).toEqual(tournamentStandings(repo, t, 3).map((s) => s.score));
    const final = cut.find((m) => m.round === 5)!;
    expect(championOf(repo, t)).toBe(final.outcome === 'b' ? final.b : final.a);
    expect(allText(start)).toContain(`winner: <@${championOf(repo, t)}>`);
    // Standings were posted after each Swiss round, each with an image.
    const standingsPosts = start.posts.filter((p) => p.content.includes('standings after round'));
    expect(standingsPosts.map((p) => p.content.match(/round (\d)/)![1])).toEqual(['1', '2', '3', '5']);
    expect(standingsPosts.every((p) => p.files?.[0]?.description?.startsWith('Standings table of Open'))).toBe(true);
  });
});
