// Issue 13 (side bidding in VP; result corrections by the organiser): a
// corrected result of a match whose sides were bid for applies the bid as the
// result that came in from play did (one reading, bids.ts matchOutcomeOf), so
// the match's winner, the standings and tie-breaks and the ratings (live and
// recomputed) follow the bid.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { ratingsOf } from '../../src/tournament/ratings.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { tournamentStandings } from '../../src/tournament/results.ts';
import { ALL_SIDES } from '../../src/tournament/ratings.ts';
import type { Match } from '../../src/tournament/repo.ts';
import { field } from './helpers.ts';

type H = ReturnType<typeof harness>;
const ch = (round: number, board: number) => `c1:t1-r${round}-m${board}`;
// One game between two newcomers (openskill, hand-checked in corrections.test.ts): winner and loser mu.
const WIN = 27.63539;
const LOSE = 22.36461;
// Both players bid for side a; the one bidding more takes it and gives that many VP.
const BID = 50;

/** Play the duel in its thread to its end: side a rolls and banks, side b never banks, so a wins on VP by less than BID. */
async function playOut(h: H, m: Match) {
  const seat = new Map(h.svc.store.seats(m.gameId!).map((s) => [s.role, s.userId]));
  for (let guard = 0; guard < 5000 && h.svc.store.game(m.gameId!)!.status === 'active'; guard++) {
    const s = (JSON.parse(h.svc.store.game(m.gameId!)!.state!) as { game: { turn: 'a' | 'b'; pending: number } }).game;
    await h.say(seat.get(s.turn)!, s.turn === 'a' && s.pending >= 6 ? '/duel bank' : '/duel roll', ch(m.round, m.board));
  }
  return JSON.parse(h.svc.store.game(m.gameId!)!.result!) as { winners: string[]; scores: { a: number; b: number } };
}

/** Every rating on the server, keyed system|side|user, rounded past float noise. */
function snapshot(h: H, users: string[]) {
  const out: Record<string, [number, number, number]> = {};
  for (const u of users)
    for (const r of ratingsOf(h.svc).ofUser('g1', u)) out[`${r.system}|${r.side}|${u}`] = [+r.mu.toFixed(9), +r.sigma.toFixed(9), r.games];
  return out;
}

/** A one-round Swiss of four with side bidding: match 1 bid for side a (BID VP) and played out; match 2 no bid, side a wins. */
async function bidSwiss(seed: string) {
  const h = harness({ seed });
  const users = ['ann', 'ben', 'cat', 'dan'];
  await h.say('mod', '/tournament create name:Bids system:duel format:swiss rounds:1 bidding:true');
  await field(h, users);
  await h.say('mod', '/tournament start');
  const repo = repoOf(h.svc);
  const [p1, p2] = repo.matches(1, 1);
  await h.say(p1.b!, `/tournament bid match:${p1.id} side:a vp:${BID}`);
  await h.say(p1.a, `/tournament bid match:${p1.id} side:a vp:${BID - 10}`);
  await h.say(p2.a, `/tournament bid match:${p2.id} side:any vp:0`);
  await h.say(p2.b!, `/tournament bid match:${p2.id} side:any vp:0`);
  const m1 = repo.match(p1.id)!;
  const m2 = repo.match(p2.id)!;
  // The higher bidder took side a and gives BID VP.
  expect([m1.a, m1.bidSide, m1.bidVp]).toEqual([p1.b, 'a', BID]);
  expect(m2.bidSide).toBeNull();
  const played = await playOut(h, m1);
  await h.say('mod', '/game result winner:a', ch(1, m2.board));
  return { h, repo, users, m1, m2, played };
}

const row = (h: H, id: string) => tournamentStandings(repoOf(h.svc), repoOf(h.svc).get(1)!).find((s) => s.id === id)!;
const stored = (h: H, m: Match) => JSON.parse(h.svc.store.game(m.gameId!)!.result!);

describe('issue 13: a corrected result re-applies the VP side bid', () => {
  it('issue 13: the bid decides a played result: side a wins on VP by less than its bid, the match goes to side b', async () => {
    const { h, repo, m1, played } = await bidSwiss('bid-played');
    expect(played.winners).toEqual(['a']);
    expect(played.scores.a - played.scores.b).toBeGreaterThan(0);
    expect(played.scores.a - played.scores.b).toBeLessThan(BID);
    expect(repo.match(m1.id)!.outcome).toBe('b');
    expect(repo.get(1)!.status).toBe('finished');
    // Standings: side b's player has the point; 1 round, so Buchholz is the opponent's score, SB the beaten opponent's.
    expect(row(h, m1.b!)).toMatchObject({ score: 1, buchholz: 0, sonnebornBerger: 0 });
    expect(row(h, m1.a)).toMatchObject({ score: 0, buchholz: 1, sonnebornBerger: 0 });
    // Ratings count the match as the bid settled it; win rates per side stay the table's (side a won on the table).
    const r = ratingsOf(h.svc);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.b!)!.mu).toBeCloseTo(WIN, 4);
    expect(r.get('g1', 'duel', 'b', m1.b!)!.mu).toBeCloseTo(WIN, 4);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.a)!.mu).toBeCloseTo(LOSE, 4);
    expect(r.winRates('g1', 'duel').find((w) => w.side === 'a')).toEqual({ side: 'a', games: 2, wins: 2, draws: 0 });
  });

  it('issue 13: correction re-applies the VP bid — the same result and VP again give the same winner, and change nothing', async () => {
    const { h, repo, users, m1, played } = await bidSwiss('bid-same');
    const before = snapshot(h, users);
    const out = await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:${played.scores.a}-${played.scores.b} reason:recheck`);
    expect(text(out)).toContain('b → b');
    expect(text(out)).toContain(`a gives its bid of ${BID} VP`);
    expect(repo.match(m1.id)!.outcome).toBe('b');
    expect(stored(h, m1).winners).toEqual(['a']);
    expect(repo.logOf(1).some((l) => l.what.includes('stored result'))).toBe(false);
    expect(snapshot(h, users)).toEqual(before);
  });

  it('issue 13: correction re-applies the VP bid — corrected VP that outweigh the bid: side a wins, standings and ratings follow', async () => {
    const { h, repo, users, m1 } = await bidSwiss('bid-outweigh');
    // 80–10 less a's bid of 50: 30–10, side a still ahead; the bid does not flip the named winner.
    const out = await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:80-10 reason:miscounted`);
    expect(text(out)).toContain('b → a');
    expect(text(out)).not.toContain('bid of');
    expect(repo.match(m1.id)!.outcome).toBe('a');
    const s = stored(h, m1);
    expect([s.winners, s.scores, s.onVp]).toEqual([['a'], { a: 80, b: 10 }, true]);
    expect(s.corrected.from.winners).toEqual(['a']);
    expect(row(h, m1.a)).toMatchObject({ score: 1, buchholz: 0, sonnebornBerger: 0 });
    expect(row(h, m1.b!)).toMatchObject({ score: 0, buchholz: 1, sonnebornBerger: 0 });
    const r = ratingsOf(h.svc);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.a)!.mu).toBeCloseTo(WIN, 4);
    expect(r.get('g1', 'duel', 'a', m1.a)!.mu).toBeCloseTo(WIN, 4);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.b!)!.mu).toBeCloseTo(LOSE, 4);
    // Live ratings equal a fold of the stored results from scratch.
    const live = snapshot(h, users);
    r.recompute();
    expect(snapshot(h, users)).toEqual(live);
  });

  it('issue 13: correction re-applies the VP bid — the bid flips the named winner, then levels it to a draw', async () => {
    const { h, repo, users, m1 } = await bidSwiss('bid-flip');
    await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:80-10 reason:miscounted`);
    expect(repo.match(m1.id)!.outcome).toBe('a');
    // 60–20 less 50: 10–20, the bid flips side a's win to side b.
    const flip = await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:60-20 reason:recounted`);
    expect(text(flip)).toContain('a → b');
    expect(text(flip)).toContain(`a 60–20 b on VP; a gives its bid of ${BID} VP: 10–20, so b`);
    // The tournament had finished: its corrected final standings are posted.
    expect(flip.posts.some((p) => p.content.includes('standings after round 1 (final), corrected'))).toBe(true);
    expect(repo.match(m1.id)!.outcome).toBe('b');
    expect(stored(h, m1)).toMatchObject({ winners: ['a'], scores: { a: 60, b: 20 }, onVp: true });
    expect(repo.logOf(1).find((l) => l.what.startsWith(`result match ${m1.id}: a → b`))!.what).toContain('bid of 50 VP');
    expect(row(h, m1.b!)).toMatchObject({ score: 1, buchholz: 0 });
    expect(row(h, m1.a)).toMatchObject({ score: 0, buchholz: 1 });
    const r = ratingsOf(h.svc);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.b!)!.mu).toBeCloseTo(WIN, 4);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.a)!.mu).toBeCloseTo(LOSE, 4);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.a)!.games).toBe(1);
    // 70–20 less 50: level, a draw: half a point each, Buchholz ½, Sonneborn-Berger ½ × ½.
    await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:70-20 reason:last-recount`);
    expect(repo.match(m1.id)!.outcome).toBe('draw');
    for (const u of [m1.a, m1.b!]) expect(row(h, u)).toMatchObject({ score: 0.5, buchholz: 0.5, sonnebornBerger: 0.25 });
    // A draw between two newcomers leaves both at mu 25.
    expect(r.get('g1', 'duel', ALL_SIDES, m1.a)!.mu).toBeCloseTo(25, 6);
    expect(r.get('g1', 'duel', ALL_SIDES, m1.b!)!.mu).toBeCloseTo(25, 6);
    const live = snapshot(h, users);
    r.recompute();
    expect(snapshot(h, users)).toEqual(live);
  });

  it('issue 13: a correction saying VP did not decide (vp:none, a sudden death) leaves the bid out', async () => {
    const { h, repo, m1 } = await bidSwiss('bid-none');
    const out = await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:none reason:sudden-death`);
    expect(text(out)).toContain('b → a');
    expect(repo.match(m1.id)!.outcome).toBe('a');
    expect(stored(h, m1).onVp).toBe(false);
    expect(ratingsOf(h.svc).get('g1', 'duel', ALL_SIDES, m1.a)!.mu).toBeCloseTo(WIN, 4);
    // Without vp, a later correction keeps that reading (not on VP): naming b stands as b.
    await h.say('mod', `/tournament result match:${m1.id} outcome:b reason:other-way`);
    expect(repo.match(m1.id)!.outcome).toBe('b');
    expect(text(await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:lots reason:x`))).toContain('like 12-10');
  });

  it('issue 13: in a knockout the corrected winner after the bid goes on: round 2 is paired again', async () => {
    const h = harness({ seed: 'bid-ko' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout bidding:true');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [p1, p2] = repo.matches(1, 1);
    await h.say(p1.a, `/tournament bid match:${p1.id} side:a vp:${BID}`);
    await h.say(p1.b!, `/tournament bid match:${p1.id} side:a vp:1`);
    for (const u of [p2.a, p2.b!]) await h.say(u, `/tournament bid match:${p2.id} side:any vp:0`);
    const m1 = repo.match(p1.id)!;
    expect([m1.a, m1.bidSide, m1.bidVp]).toEqual([p1.a, 'a', BID]);
    await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:80-10 reason:table`);
    await h.say('mod', `/tournament result match:${p2.id} outcome:a reason:table`);
    expect(repo.matches(1, 2).flatMap((m) => [m.a, m.b])).toContain(m1.a);
    // Corrected: 60–20 less the bid is 10–20, so side b's player goes on instead (round 2 has not begun: bids pending).
    const out = await h.say('mod', `/tournament result match:${m1.id} outcome:a vp:60-20 reason:recounted`);
    expect(text(out)).toContain('Later rounds re-paired');
    expect(repo.match(m1.id)!.outcome).toBe('b');
    const r2 = repo.matches(1, 2).flatMap((m) => [m.a, m.b]);
    expect(r2).toContain(m1.b);
    expect(r2).not.toContain(m1.a);
  });
});
