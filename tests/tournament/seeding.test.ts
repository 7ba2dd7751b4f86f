// Issue 20 §7: seeding by rating by default, unrated players by sign-up order
// (not by user id); manual seeding and reseeding before the start with
// /tournament seed (names in order, autocompleted by name).
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { history } from '../../src/tournament/results.ts';

async function enter(h: ReturnType<typeof harness>, players: string[]) {
  for (const p of players) {
    await h.say(p, '/tournament signup');
    await h.say(p, '/tournament checkin');
  }
}

const seeds = (h: ReturnType<typeof harness>) =>
  repoOf(h.svc)
    .entrants(1)
    .filter((e) => e.seed !== null)
    .map((e) => e.userId);
const firstRound = (h: ReturnType<typeof harness>) =>
  repoOf(h.svc)
    .matches(1, 1)
    .map((m) => [m.a, m.b ?? 'bye'].sort().join(' v '))
    .sort();

describe('seeding (issue 20 §7)', () => {
  it('unrated players are seeded in sign-up order, rated ones first by rating; a knockout pairs 1 v 4, 2 v 3', async () => {
    const h = harness({ seed: 'seed-default' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await enter(h, ['dan', 'cat', 'ben', 'ann', 'eve']);
    // eve is the only one rated in this system on this server.
    h.svc.store.db
      .prepare('INSERT INTO ratings (guild_id, system, side, user_id, user_name, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run('g1', 'duel', '*', 'eve', 'eve', 30, 2, 6);
    const start = await h.say('mod', '/tournament start');
    expect(text(start)).toContain('seeded by rating (unrated players in sign-up order)');
    expect(seeds(h)).toEqual(['eve', 'dan', 'cat', 'ben', 'ann']);
    // 5 in a bracket of 8: byes to seeds 1–3; seed 4 (ben) meets seed 5 (ann).
    expect(firstRound(h)).toEqual(['ann v ben', 'bye v cat', 'bye v dan', 'bye v eve']);
  });

  it('/tournament seed puts the named first in that order, the rest by rating after; reseeding and back to rating before the start', async () => {
    const h = harness({ seed: 'seed-hand' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await enter(h, ['dan', 'cat', 'ben', 'ann']);
    const seeded = await h.say('mod', '/tournament seed players:ann,Ben');
    expect(text(seeded)).toContain('seeded by hand: the 2 named first, the rest by rating');
    expect(text(seeded)).toContain('1. ann (unrated)\n2. ben (unrated)\n3. dan (unrated)\n4. cat (unrated)');
    // Reseed: the last call counts.
    await h.say('mod', '/tournament seed players:cat,ann,ben,dan');
    expect(repoOf(h.svc).get(1)!.seededByHand).toBe(true);
    // Refusals change nothing.
    expect(text(await h.say('mod', '/tournament seed players:ann,zed'))).toContain('"zed" has not signed up for **Cup**');
    expect(text(await h.say('mod', '/tournament seed players:ann,ann'))).toContain('ann is named twice');
    expect(text(await h.say('ann', '/tournament seed players:ann'))).toContain('Only a moderator');
    const start = await h.say('mod', '/tournament start');
    expect(text(start)).toContain('seeded by hand');
    expect(seeds(h)).toEqual(['cat', 'ann', 'ben', 'dan']);
    expect(firstRound(h)).toEqual(['ann v ben', 'cat v dan']);
    expect(text(await h.say('mod', '/tournament seed players:ann'))).toContain('seeds are fixed once round 1 is paired');
  });

  it('no names: back to seeding by rating (sign-up order for the unrated)', async () => {
    const h = harness({ seed: 'seed-back' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await enter(h, ['dan', 'cat', 'ben', 'ann']);
    await h.say('mod', '/tournament seed players:ann,ben,cat,dan');
    expect(text(await h.say('mod', '/tournament seed'))).toContain('seeded by rating again');
    expect(repoOf(h.svc).get(1)!.seededByHand).toBe(false);
    await h.say('mod', '/tournament start');
    expect(seeds(h)).toEqual(['dan', 'cat', 'ben', 'ann']);
  });

  it('a Swiss ranks equal scores by seed, so round 1 follows the seeding (top half v bottom half)', async () => {
    const h = harness({ seed: 'seed-swiss' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3');
    await enter(h, ['dan', 'cat', 'ben', 'ann']);
    await h.say('mod', '/tournament seed players:ann,ben,cat,dan');
    await h.say('mod', '/tournament start');
    const players = history(repoOf(h.svc), repoOf(h.svc).get(1)!, 1);
    expect(players.get('ann')!.rating).toBeGreaterThan(players.get('dan')!.rating);
    expect(firstRound(h)).toEqual(['ann v cat', 'ben v dan']);
  });

  it("the players option autocompletes entrants' names after those already typed", async () => {
    const h = harness({ seed: 'seed-ac' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await enter(h, ['ann', 'ben', 'bea', 'cat']);
    const ask = (partial: string) =>
      h.router.autocomplete({
        command: 'tournament',
        sub: 'seed',
        focused: 'players',
        partial,
        options: {},
        caller: { id: 'mod', name: 'mod', isModerator: true },
        where: { guildId: 'g1', channelId: 'c1' },
      });
    expect((await ask('cat, b')).map((c) => c.value)).toEqual(['cat, ben', 'cat, bea']);
    expect((await ask('ann, ben, ')).map((c) => c.value)).toEqual(['ann, ben, bea', 'ann, ben, cat']);
    expect(await ask('zz')).toEqual([]);
  });
});
