// Tournaments of people at the table: every way a game ends (resignation,
// a clock running out, a moderator's result) reaches the tournament as one
// game_finished event; drops keep results; ratings recompute to the live values.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { allText } from './helpers.ts';
import { ratingsOf } from '../../src/tournament/ratings.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { tournamentStandings } from '../../src/tournament/results.ts';

async function field(h: ReturnType<typeof harness>, players: string[]) {
  for (const p of players) {
    await h.say(p, '/tournament signup');
    await h.say(p, '/tournament checkin');
  }
}

describe('a knockout with a forfeit', () => {
  it('ends games by resignation, by the clock and by a moderator, and crowns the winner', async () => {
    const h = harness({ seed: 'ko' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout clock:1');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const r1 = repo.matches(1, 1);
    expect(r1).toHaveLength(2);
    // Table 1: side b resigns.
    const [m1, m2] = r1;
    expect(text(await h.say(m1.b!, '/game resign', 'c1:t1-r1-m1'))).toContain('resigns');
    expect(repo.match(m1.id)!.outcome).toBe('a');
    expect(repo.match(m1.id)!.how).toBe('resign');
    // Table 2: nobody moves; the clock runs out for the side to play (a): forfeit, not a default move.
    const later = h.svc.now() + 2 * 3_600_000;
    h.svc.now = () => later;
    const ticked = (await h.router.tick!()).flatMap((o) => o.posts.map((p) => p.content)).join('\n');
    expect(ticked).toContain('forfeit');
    expect(repo.match(m2.id)!.outcome).toBe('b');
    expect(repo.match(m2.id)!.how).toBe('forfeit');
    expect(h.svc.store.log(m2.gameId!)).toHaveLength(0);
    // The final was paired when round 1 finished: the two winners.
    const fin = repo.matches(1, 2);
    expect(fin).toHaveLength(1);
    expect([fin[0].a, fin[0].b].sort()).toEqual([m1.a, m2.b].sort());
    const out = await h.say('mod', '/game result winner:b note:adjudicated', 'c1:t1-r2-m1');
    expect(text(out)).toContain('Result recorded');
    expect(out.posts.map((p) => p.content).join('\n')).toContain(`winner: <@${fin[0].b}>`);
    expect(repo.get(1)!.status).toBe('finished');
    // Three games between people ended: the adjudication counts for ratings, the clock no-show (no move made) does not (issue 20).
    const live = ratingsOf(h.svc).leaderboard('g1', 'duel');
    expect(live.map((r) => r.userId).sort()).toEqual([m1.a, m1.b, m2.b].sort());
    expect(live[0].userId).toBe(fin[0].b);
  });
});

describe('a Swiss of people', () => {
  it('keeps standings for games played when a player drops, and ratings recompute to the live values', async () => {
    const h = harness({ seed: 'people' });
    const players = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus'];
    await h.say('mod', '/tournament create name:League system:duel format:swiss rounds:3');
    await field(h, players);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const byes = repo.matches(1, 1).filter((m) => m.b === null);
    expect(byes).toHaveLength(1);
    for (const m of repo.matches(1, 1).filter((x) => x.b))
      await h.say('mod', `/game result winner:${m.board % 2 ? 'a' : 'draw'}`, `c1:t1-r1-m${m.board}`);
    expect(repo.get(1)!.round).toBe(2);
    const t = repo.get(1)!;
    const before = tournamentStandings(repo, t);
    const leaver = repo.matches(1, 2).find((m) => m.b)!.b!;
    expect(text(await h.say(leaver, '/tournament drop'))).toContain('dropped out');
    // The drop forfeits the game in progress (round 2, not yet finished) but rescored nothing of round 1.
    const played = (s: typeof before) =>
      s.map((x) => ({ id: x.id, score: x.score, bh: x.buchholz, sb: x.sonnebornBerger })).sort((a, b) => (a.id < b.id ? -1 : 1));
    const r2 = repo.matches(1, 2).find((m) => m.a === leaver || m.b === leaver)!;
    expect(repo.match(r2.id)!.how).toBe('forfeit');
    const after = tournamentStandings(repo, repo.get(1)!);
    const withoutRound2 = played(after).map((x) => x.id);
    expect(withoutRound2).toEqual(played(before).map((x) => x.id));
    // Round 1 results for everyone other than the round-2 pair are unchanged.
    const r2ids = new Set([r2.a, r2.b]);
    expect(
      played(after)
        .filter((x) => !r2ids.has(x.id))
        .map((x) => x.score),
    ).toEqual(
      played(before)
        .filter((x) => !r2ids.has(x.id))
        .map((x) => x.score),
    );
    // Finish the tournament; the leaver is never paired again.
    for (let guard = 0; guard < 10 && repo.get(1)!.status === 'running'; guard++) {
      const round = repo.get(1)!.round;
      for (const m of repo.matches(1, round).filter((x) => x.b && x.outcome === null))
        await h.say('mod', `/game result winner:b`, `c1:t1-r${round}-m${m.board}`);
    }
    expect(repo.get(1)!.status).toBe('finished');
    expect(repo.matches(1, 3).some((m) => m.a === leaver || m.b === leaver)).toBe(false);
    const ratings = ratingsOf(h.svc);
    const snapshot = () => h.svc.store.db.prepare('SELECT * FROM ratings ORDER BY system, side, user_id').all();
    const live = snapshot();
    expect(live.length).toBeGreaterThan(7);
    ratings.recompute();
    expect(snapshot()).toEqual(live);
    expect(text(await h.say('ann', '/rating show'))).toMatch(/Dice Duel, all sides: -?\d/);
    expect(text(await h.say('ann', '/rating top system:duel'))).toContain('leaderboard');
    // Standings on request, with the tie-breaks.
    expect(allText(await h.say('ann', '/tournament standings'))).toContain('Buchholz');
  });
});
