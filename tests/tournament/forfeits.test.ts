// Forfeits and no-shows (issue 20 §3): the organiser records a forfeit win or
// a double forfeit; the standings treat it as an unplayed round (FIDE's
// virtual opponent, Handbook C.02 §13.15, as for byes); no rating moves for
// a game in which no move was made. A report without an outcome is refused.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { tournamentStandings } from '../../src/tournament/results.ts';
import { field } from './helpers.ts';
import { hubEmbed } from '../../src/tournament/hub.ts';

async function swiss4() {
  const h = harness({ seed: 'forfeit-4' });
  await h.say('mod', '/tournament create name:Cup system:duel format:swiss rounds:2');
  await field(h, ['ann', 'bob', 'cid', 'dee'], 'mod');
  await h.say('mod', '/tournament start');
  return { h, repo: repoOf(h.svc) };
}

describe('forfeits', () => {
  it('a forfeit win scores 1–0, is shown as a forfeit, is not a played game in the tie-breaks and is not rated', async () => {
    const { h, repo } = await swiss4();
    const [m1, m2] = repo.matches(1, 1);
    const out = await h.say('mod', `/tournament result match:${m1.id} outcome:forfeit-a reason:no-show`);
    expect(text(out)).not.toMatch(/❌/);
    await h.say('mod', `/tournament result match:${m2.id} outcome:forfeit-both reason:neither-came`);
    const f1 = repo.match(m1.id)!;
    const f2 = repo.match(m2.id)!;
    expect([f1.outcome, f1.how]).toEqual(['a', 'forfeit']);
    expect([f2.outcome, f2.how]).toEqual(['none', 'forfeit']);
    const s = new Map(tournamentStandings(repo, repo.get(1)!, 1).map((x) => [x.id, x]));
    expect(s.get(f1.a)!.score).toBe(1);
    expect(s.get(f1.b!)!.score).toBe(0);
    // Nobody played a game: every player has 0 games played; the winner's Buchholz is the virtual opponent's
    // (SPR 0 + (1 − 1) + 0.5 × (1 − 1) = 0), the loser's 0 + 1 = 1.
    for (const x of s.values()) expect(x.played).toBe(0);
    expect(s.get(f1.a)!.buchholz).toBe(0);
    expect(s.get(f1.b!)!.buchholz).toBe(1);
    // No move was made in these games: no rating.
    const rated = h.svc.store.db.prepare('SELECT COUNT(*) AS n FROM ratings').get() as { n: number };
    expect(rated.n).toBe(0);
    // The hub marks the forfeit.
    const hub = await h.say('mod', '/tournament pairings round:1');
    expect(JSON.stringify(hub)).toContain('forfeit');
  });

  it('/tournament report and result without an outcome are refused with the outcomes allowed, and change nothing', async () => {
    const { h, repo } = await swiss4();
    const [m1] = repo.matches(1, 1);
    const rep = text(await h.say(m1.a, `/tournament report match:${m1.id}`));
    expect(rep).toMatch(/outcome: one of a, b, draw, none/);
    const res = text(await h.say('mod', `/tournament result match:${m1.id} outcome:maybe reason:x`));
    expect(res).toMatch(/'maybe' is not one/);
    expect(repo.match(m1.id)!.outcome).toBeNull();
    expect(repo.report(m1.id)).toBeFalsy();
  });
});

describe('matches named by round and table', () => {
  it('R1T2 (or "R1 · T2") names the match of round 1, table 2; anything else is refused', async () => {
    const { h, repo } = await swiss4();
    const m2 = repo.matches(1, 1).find((m) => m.board === 2)!;
    await h.say('mod', '/tournament result match:R1T2 outcome:draw reason:agreed');
    expect(repo.match(m2.id)!.outcome).toBe('draw');
    expect(text(await h.say('mod', '/tournament result match:T9 outcome:draw reason:x'))).toMatch(/not a match: give its round and table/);
  });
});

describe('results by player name', () => {
  it('winner:<name> records that player as winner, whichever side they played; a name not in the match is refused', async () => {
    const { h, repo } = await swiss4();
    const m = repo.matches(1, 1)[0];
    const bName = repo.entrants(1).find((e) => e.userId === m.b)!.userName;
    const aName = repo.entrants(1).find((e) => e.userId === m.a)!.userName;
    const other = repo.entrants(1).find((e) => e.userId !== m.a && e.userId !== m.b)!.userName;
    expect(text(await h.say('mod', `/tournament result match:R1T1 winner:${other} reason:x`))).toMatch(/does not play in R1 · T1/);
    await h.say('mod', `/tournament result match:R1T1 winner:${bName} reason:played`);
    expect(repo.match(m.id)!.outcome).toBe('b');
    await h.say('mod', `/tournament result match:R1T1 winner:${aName.toUpperCase()} reason:recount`);
    expect(repo.match(m.id)!.outcome).toBe('a');
  });
});

describe('the hub announces the format', () => {
  it('"3 Swiss rounds, then a top 4", the bye’s score and the tie-breaks; the stage of a Swiss with a cut', async () => {
    const h = harness({ seed: 'hub-format' });
    await h.say('mod', '/tournament create name:Open system:duel format:swisscut rounds:3 cut:4');
    await field(h, ['ann', 'bob', 'cid', 'dee', 'eve'], 'mod');
    await h.say('mod', '/tournament start');
    const out = JSON.stringify(hubEmbed(h.svc, repoOf(h.svc).get(1)!));
    expect(out).toContain('3 Swiss rounds, then a top 4');
    expect(out).toContain('a bye scores 1 point');
    expect(out).toContain('ties broken by Buchholz cut-1, Buchholz, median Buchholz, Sonneborn-Berger, head-to-head, wins');
    expect(out).toContain('Swiss round 1 of 3, then a top 4.');
  });
});
