// Double elimination and a Swiss followed by a top cut, run by /tournament
// commands through the router (the offline table's path) with bot seats.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { championOf, tournamentStandings } from '../../src/tournament/results.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { allText, field } from './helpers.ts';

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
    expect(standingsPosts.map((p) => p.content.match(/round (\d)/)![1])).toEqual(['1', '2', '3']);
    expect(standingsPosts.every((p) => p.files?.[0]?.description?.startsWith('Standings table of Open'))).toBe(true);
    // At the end, the cut's own placements (1st, 2nd, 3rd–4th) beside the Swiss table as it stood after round 3 (issue 20 §6).
    const last = start.posts.find((p) => p.content.includes('top 4 final placements, and the Swiss standings'))!;
    expect(last.embed!.title).toContain('Swiss standings (final, after 3 rounds)');
    const places = last.embed!.fields![0].value;
    expect(last.embed!.fields![0].name).toBe('Top 4 (single elimination)');
    expect(places).toMatch(
      /^\*\*1st\*\* .* · champion\n\*\*2nd\*\* .* · out in the final\n\*\*3rd–4th\*\* .* · out in the semi-final\n\*\*3rd–4th\*\* /,
    );
    expect(last.files?.[0]?.description).toContain('(final, after 3 rounds)');
  });
});

describe('double elimination of 6 people: the grand final and its reset, in both orders', () => {
  /** Runs the event with every result entered by the organiser; `finalWinner` picks the grand final's (and reset's) winner. */
  async function run(seed: string, finalWinner: (wChamp: string, lChamp: string) => string) {
    const h = harness({ seed });
    await h.say('mod', '/tournament create name:Twice system:duel format:double');
    await field(h, ['ann', 'bob', 'cid', 'dee', 'eve', 'fay'], 'mod');
    const repo = repoOf(h.svc);
    await h.say('mod', '/tournament start');
    const t = () => repo.get(1)!;
    for (let guard = 0; guard < 20 && t().status === 'running'; guard++) {
      for (const m of repo.matches(1, t().round).filter((x) => x.outcome === null && x.b)) {
        const lossesBefore = (p: string) =>
          repo.matches(1).filter((x) => x.round < m.round && x.b && (x.a === p || x.b === p) && x.outcome === (x.a === p ? 'b' : 'a'))
            .length;
        const [w, l] = lossesBefore(m.a) === 0 ? [m.a, m.b!] : [m.b!, m.a];
        // The better seed wins until the grand final.
        const seedOf = (p: string) => repo.entrants(1).find((e) => e.userId === p)!.seed!;
        const winner = m.bracket === 'F' || m.bracket === 'F2' ? finalWinner(w, l) : seedOf(m.a) < seedOf(m.b!) ? m.a : m.b!;
        await h.say('mod', `/tournament result match:${m.id} outcome:${winner === m.a ? 'a' : 'b'} reason:played`);
      }
    }
    return { h, repo, t: t() };
  }

  it('the winners’ champion wins the final: no reset, champion with no loss, the other second with two', async () => {
    const { h, repo, t } = await run('de6-a', (w) => w);
    expect(t.status).toBe('finished');
    const ms = repo.matches(1);
    expect(ms.filter((m) => m.bracket === 'F2')).toHaveLength(0);
    // Byes only in round 1 (two, to the top seeds), none in the losers' bracket.
    expect(ms.filter((m) => m.b === null).map((m) => m.round)).toEqual([1, 1]);
    const f = ms.find((m) => m.bracket === 'F')!;
    const champion = championOf(repo, t)!;
    expect(champion).toBe(f.outcome === 'a' ? f.a : f.b);
    const standings = allText(await h.say('mod', '/tournament standings'));
    expect(standings).toContain('final placements');
    expect(standings).toMatch(/\*\*1st\*\* .* — \d won, 0 lost · champion/);
    expect(standings).toMatch(/\*\*5th–6th\*\*/);
  });

  it('the losers’ champion wins the final: the reset is played, and its winner is champion', async () => {
    const { repo, t } = await run('de6-b', (w, l) => l);
    expect(t.status).toBe('finished');
    const ms = repo.matches(1);
    const f = ms.find((m) => m.bracket === 'F')!;
    const reset = ms.find((m) => m.bracket === 'F2')!;
    expect(reset).toBeDefined();
    expect([reset.a, reset.b].sort()).toEqual([f.a, f.b].sort());
    const champion = championOf(repo, t)!;
    expect(champion).toBe(reset.outcome === 'a' ? reset.a : reset.b);
    // Everyone else has lost twice; the champion once.
    const losses = new Map<string, number>();
    for (const m of ms.filter((x) => x.b))
      for (const p of [m.a, m.b!]) if ((m.outcome === 'a' ? m.a : m.b) !== p) losses.set(p, (losses.get(p) ?? 0) + 1);
    for (const [p, n] of losses) expect(n, p).toBe(p === champion ? 1 : 2);
  });
});
