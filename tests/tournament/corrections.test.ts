// A result corrected by the organiser after its game has ended is one domain
// event: the match's outcome, the game's stored result (the original kept,
// with the reason) and the ratings and win rates, folded again from the
// corrected results.
import { describe, expect, it } from 'vitest';
import { rate, rating } from 'openskill';
import { harness, text } from '../app/harness.ts';
import { ratingsOf } from '../../src/tournament/ratings.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { ALL_SIDES } from '../../src/tournament/ratings.ts';
import { field } from './helpers.ts';

const ch = (round: number, board: number) => `c1:t1-r${round}-m${board}`;

/** Every rating on the server, keyed system|side|user, rounded past float noise. */
function snapshot(h: ReturnType<typeof harness>, users: string[]) {
  const out: Record<string, [number, number, number]> = {};
  for (const u of users)
    for (const r of ratingsOf(h.svc).ofUser('g1', u)) out[`${r.system}|${r.side}|${u}`] = [+r.mu.toFixed(9), +r.sigma.toFixed(9), r.games];
  return out;
}

/** The same fold written out with openskill directly, over the stored results in event order. */
function foldByHand(h: ReturnType<typeof harness>) {
  const db = h.svc.store.db;
  const events = db.prepare("SELECT game_id, result FROM game_finished WHERE status = 'over' ORDER BY id").all() as {
    game_id: number;
    result: string;
  }[];
  const live = new Map<string, { mu: number; sigma: number; games: number }>();
  for (const e of events) {
    const res = JSON.parse(e.result) as { winners: string[]; draw: boolean };
    const seats = h.svc.store.seats(e.game_id);
    const rank = seats.map((s) => (res.draw || res.winners.includes(s.role) ? 1 : 2));
    for (const side of [ALL_SIDES, null]) {
      const keys = seats.map((s) => `duel|${side ?? s.role}|${s.userId}`);
      const after = rate(
        keys.map((k) => [live.get(k) ?? rating()]),
        { rank },
      );
      keys.forEach((k, i) => live.set(k, { ...after[i][0], games: (live.get(k)?.games ?? 0) + 1 }));
    }
  }
  return Object.fromEntries([...live].map(([k, r]) => [k, [+r.mu.toFixed(9), +r.sigma.toFixed(9), r.games] as [number, number, number]]));
}

describe('result corrections after the game has ended (issue 13: corrections with the reason logged; ratings recomputable)', () => {
  it("a corrected finished game's stored result changes, the original and reason are kept; ratings and win rates follow", async () => {
    const h = harness({ seed: 'fix-rated' });
    const users = ['ann', 'ben', 'cat', 'dan'];
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:1');
    await field(h, users);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [m1, m2] = repo.matches(1, 1);
    await h.say('mod', '/game result winner:a', ch(1, m1.board));
    await h.say('mod', '/game result winner:a', ch(1, m2.board));
    expect(repo.get(1)!.status).toBe('finished');
    const ratings = ratingsOf(h.svc);
    // Hand-checked (Plackett-Luce, two newcomers mu 25, sigma 25/3, beta 25/6): c = sqrt(2σ² + 2β²) = 13.1762;
    // the winner gains σ²/c · ½ = 2.63539, and sigma becomes σ·sqrt(1 − (σ/c)·(σ²/c²)·¼) = 8.06590.
    expect(ratings.get('g1', 'duel', ALL_SIDES, m1.a)!.mu).toBeCloseTo(27.63539, 4);
    expect(ratings.get('g1', 'duel', ALL_SIDES, m1.b!)!.mu).toBeCloseTo(22.36461, 4);
    expect(ratings.winRates('g1', 'duel').find((w) => w.side === 'a')).toEqual({ side: 'a', games: 2, wins: 2, draws: 0 });

    const out = await h.say('mod', `/tournament result match:${m1.id} outcome:b reason:misreported`);
    expect(text(out)).toContain('a → b');
    // The tournament had finished: its corrected final standings are posted, with the image's alt text.
    const standingsPost = out.posts.find((p) => p.content.includes('standings after round 1 (final), corrected'))!;
    expect(standingsPost.embed).toBeDefined();
    expect(standingsPost.files?.[0]?.description).toBeTruthy();
    // The game's stored result is the corrected one, in games and in its game_finished event, with the original kept.
    const row = h.svc.store.game(m1.gameId!)!;
    const result = JSON.parse(row.result!);
    expect(result.winners).toEqual(['b']);
    expect(result.corrected.from.winners).toEqual(['a']);
    expect(result.corrected.reason).toBe('misreported');
    const fin = h.svc.store.db.prepare('SELECT how, result FROM game_finished WHERE game_id = ?').get(m1.gameId!) as {
      how: string;
      result: string;
    };
    expect(fin.how).toBe('correction');
    expect(JSON.parse(fin.result).winners).toEqual(['b']);
    const log = repo.logOf(1).find((l) => l.what.includes(`game #${m1.gameId} stored result`))!;
    expect(log.what).toContain('a won → b won');
    expect(log.reason).toBe('misreported');
    // Ratings: the two players swap (the same one-game numbers, the other way round); the other game is untouched.
    expect(ratings.get('g1', 'duel', ALL_SIDES, m1.b!)!.mu).toBeCloseTo(27.63539, 4);
    expect(ratings.get('g1', 'duel', ALL_SIDES, m1.a)!.mu).toBeCloseTo(22.36461, 4);
    expect(ratings.get('g1', 'duel', 'b', m1.b!)!.mu).toBeCloseTo(27.63539, 4);
    expect(ratings.get('g1', 'duel', ALL_SIDES, m2.a)!.mu).toBeCloseTo(27.63539, 4);
    expect(ratings.get('g1', 'duel', ALL_SIDES, m1.a)!.games).toBe(1);
    // Win rates per side: side a now won one of two, side b one of two.
    const rates = ratings.winRates('g1', 'duel');
    expect(rates.find((w) => w.side === 'a')).toEqual({ side: 'a', games: 2, wins: 1, draws: 0 });
    expect(rates.find((w) => w.side === 'b')).toEqual({ side: 'b', games: 2, wins: 1, draws: 0 });
    // The standings follow too; correcting to the same result again changes nothing more.
    const before = snapshot(h, users);
    const again = await h.say('mod', `/tournament result match:${m1.id} outcome:b reason:again`);
    expect(again.posts.some((p) => p.content.includes('corrected:'))).toBe(false);
    expect(snapshot(h, users)).toEqual(before);
    expect(repo.logOf(1).filter((l) => l.what.includes('stored result'))).toHaveLength(1);
  });

  it('a correction of round 1 after round 2 is rated moves the later ratings: live ratings equal a recompute and a fold by hand', async () => {
    const h = harness({ seed: 'fix-chain' });
    const users = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'];
    await h.say('mod', '/tournament create name:League system:duel format:swiss rounds:2');
    await field(h, users);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    for (const round of [1, 2]) for (const m of repo.matches(1, round)) await h.say('mod', '/game result winner:a', ch(round, m.board));
    expect(repo.get(1)!.status).toBe('finished');
    const first = repo.matches(1, 1)[0];
    const was = snapshot(h, users);
    expect(was).toEqual(foldByHand(h));

    await h.say('mod', `/tournament result match:${first.id} outcome:draw reason:agreed`);
    const live = snapshot(h, users);
    // Its two players moved, and so did their round-2 opponents (rated after them, from their ratings).
    const r2 = repo.matches(1, 2).filter((m) => [m.a, m.b].some((u) => u === first.a || u === first.b));
    for (const u of [first.a, first.b!, ...r2.flatMap((m) => [m.a, m.b!])]) expect(live[`duel|*|${u}`]).not.toEqual(was[`duel|*|${u}`]);
    expect(live).toEqual(foldByHand(h));
    ratingsOf(h.svc).recompute();
    expect(snapshot(h, users)).toEqual(live);
    // A draw: neither side gains a win from that game.
    const rates = ratingsOf(h.svc).winRates('g1', 'duel');
    expect(rates.find((w) => w.side === 'a')).toEqual({ side: 'a', games: 6, wins: 5, draws: 1 });
    expect(rates.find((w) => w.side === 'b')).toEqual({ side: 'b', games: 6, wins: 0, draws: 1 });
  });

  it('a game corrected to no result (both forfeit) leaves the ratings and win rates; its original is kept', async () => {
    const h = harness({ seed: 'fix-none' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:1');
    await field(h, ['ann', 'ben']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [m] = repo.matches(1, 1);
    await h.say('mod', '/game result winner:a', ch(1, m.board));
    expect(ratingsOf(h.svc).get('g1', 'duel', ALL_SIDES, m.a)).not.toBeNull();
    await h.say('mod', `/tournament result match:${m.id} outcome:none reason:collusion`);
    const row = h.svc.store.game(m.gameId!)!;
    expect(row.status).toBe('abandoned');
    expect(JSON.parse(row.result!).corrected.from.winners).toEqual(['a']);
    expect(ratingsOf(h.svc).get('g1', 'duel', ALL_SIDES, m.a)).toBeNull();
    expect(ratingsOf(h.svc).winRates('g1', 'duel')).toEqual([]);
  });
});
