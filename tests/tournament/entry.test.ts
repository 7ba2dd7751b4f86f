// Issue 20 §4: late entry to a Swiss up to the organiser's round (default:
// until half the rounds are paired), the missed rounds scored as announced;
// a check-in window the tick opens and closes on its schedule; players who
// signed up and missed check-in are told, and left out.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { allText, field } from './helpers.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { history, tournamentStandings } from '../../src/tournament/results.ts';
import { lateRoundOf } from '../../src/tournament/entry-rules.ts';
import type { Outcome } from '../../src/messages/types.ts';

const ch = (round: number, board: number) => `c1:t1-r${round}-m${board}`;
const H = 3_600_000;

async function playRound(h: ReturnType<typeof harness>, round: number) {
  for (const m of repoOf(h.svc)
    .matches(1, round)
    .filter((x) => x.b && x.outcome === null))
    await h.say('mod', '/game result winner:a', ch(round, m.board));
}

describe('late entry (issue 20 §4)', () => {
  it('the default last round is half the Swiss rounds, rounded up; none for brackets and round robins', () => {
    expect(lateRoundOf({ format: 'swiss', rounds: 5, lateUntil: null })).toBe(3);
    expect(lateRoundOf({ format: 'swiss', rounds: 4, lateUntil: null })).toBe(2);
    expect(lateRoundOf({ format: 'swisscut', rounds: 3, lateUntil: null })).toBe(2);
    expect(lateRoundOf({ format: 'swiss', rounds: 5, lateUntil: 0 })).toBe(0);
    expect(lateRoundOf({ format: 'knockout', rounds: 5, lateUntil: null })).toBe(0);
    expect(lateRoundOf({ format: 'roundrobin', rounds: 5, lateUntil: 3 })).toBe(0);
  });

  it('a late entrant joins from the next round; the missed round scores ½ as announced and is no pairing bye; entry closes after round 2 is paired', async () => {
    const h = harness({ seed: 'late' });
    const created = await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:4 late_score:half');
    expect(text(created)).toContain('late entry until round 2 is paired; each round missed scores ½ point (a half-point bye)');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    // Round 1 is in play: eve enters late.
    const late = await h.say('eve', '/tournament signup');
    expect(text(late)).toContain('<@eve> enters **Open** late and is paired from round 2. Round 1 missed: ½ point (a half-point bye) each');
    const eve = repo.entrant(1, 'eve')!;
    expect(eve.checkedIn).toBe(true);
    expect(eve.seed).toBe(5);
    const missed = repo.matches(1, 1).find((m) => m.a === 'eve')!;
    expect(missed).toMatchObject({ b: null, outcome: 'draw', how: 'absent', board: 3 });
    // Twice is refused.
    expect(text(await h.say('eve', '/tournament signup'))).toContain('already playing');
    await playRound(h, 1);
    // Round 2 pairs five: eve is in it.
    const r2 = repo.matches(1, 2);
    expect(r2.some((m) => m.a === 'eve' || m.b === 'eve')).toBe(true);
    // The missed round scores ½, counts as unplayed, and leaves eve's bye unused.
    const st = tournamentStandings(repo, repo.get(1)!, 1).find((s) => s.id === 'eve')!;
    expect(st).toMatchObject({ score: 0.5, absent: 1, byes: 0, played: 0 });
    expect(history(repo, repo.get(1)!, 2).get('eve')!.byes).toBe(0);
    // Round 2 is paired: late entry is closed now.
    const refused = await h.say('fay', '/tournament signup');
    expect(text(refused)).toContain('late entry is closed: it was open until round 2 was paired');
    expect(repo.entrant(1, 'fay')).toBeNull();
    // The hub and the standings show it.
    await playRound(h, 2);
    const standings = allText(await h.say('ann', '/tournament standings'));
    expect(standings).toMatch(/eve.*1 missed \(late entry\)/);
  });

  it('missed rounds score 0 by default; a bracket refuses late entry, and the create options say what is allowed', async () => {
    const h = harness({ seed: 'late0' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3');
    await field(h, ['ann', 'ben']);
    await h.say('mod', '/tournament start');
    expect(text(await h.say('cat', '/tournament signup'))).toContain('Round 1 missed: 0 points each');
    expect(
      repoOf(h.svc)
        .matches(1, 1)
        .find((m) => m.a === 'cat'),
    ).toMatchObject({ outcome: 'none', how: 'absent' });

    const k = harness({ seed: 'late-ko' });
    await k.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await field(k, ['ann', 'ben']);
    await k.say('mod', '/tournament start');
    expect(text(await k.say('cat', '/tournament signup'))).toContain('drawn for a fixed field: entries are closed');
    expect(text(await k.say('mod', '/tournament create name:X system:duel format:knockout late_until:1'))).toContain(
      'Late entry (late_until:, late_score:) is for a Swiss',
    );
    expect(text(await k.say('mod', '/tournament create name:X system:duel format:swiss rounds:3 late_until:4'))).toContain(
      'late_until: 4 is past the last round (3)',
    );
  });
});

const tickText = (outs: Outcome[]) => outs.map((o) => o.posts.map((p) => p.content).join('\n')).join('\n');

describe('check-in window on a schedule (issue 20 §4)', () => {
  it('the tick opens check-in at its time and closes it at its time; who missed it is told by mention and left out', async () => {
    const h = harness({ seed: 'window' });
    const t0 = h.svc.now();
    h.svc.now = () => t0;
    const created = await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3 checkin_opens:1 checkin_closes:3');
    expect(text(created)).toContain(`Check-in opens <t:${Math.floor((t0 + H) / 1000)}:R>`);
    const repo = repoOf(h.svc);
    expect(repo.get(1)!).toMatchObject({ checkinOpensAt: t0 + H, checkinClosesAt: t0 + 3 * H, checkinDueAt: t0 + H });
    await h.say('ann', '/tournament signup');
    await h.say('ben', '/tournament signup');
    // Before the window: check-in is refused, with when it opens.
    expect(text(await h.say('ann', '/tournament checkin'))).toContain('Check-in opens');
    expect(repo.entrant(1, 'ann')!.checkedIn).toBe(false);
    // Nothing is due yet: the tick says nothing.
    expect(tickText(await h.router.tick!())).not.toContain('Check-in');
    // Its time: the tick opens it and calls those signed up.
    h.svc.now = () => t0 + H + 1;
    const opened = await h.router.tick!();
    expect(tickText(opened)).toContain('✅ Check-in for **Open** is open until');
    expect(
      opened
        .flatMap((o) => o.posts)
        .find((p) => p.content.includes('is open until'))!
        .mentions!.sort(),
    ).toEqual(['ann', 'ben']);
    expect(repo.get(1)!.checkinDueAt).toBe(t0 + 3 * H);
    expect(text(await h.say('ann', '/tournament checkin'))).toContain('checked in');
    // Closing time: ben never checked in; he is told, by mention, and left out.
    h.svc.now = () => t0 + 3 * H + 1;
    const closed = await h.router.tick!();
    const notice = closed.flatMap((o) => o.posts).find((p) => p.content.includes('has closed'))!;
    expect(notice.content).toContain('<@ben>: you signed up but did not check in, so you are not in the field');
    expect(notice.content).toContain('you may still enter late with `/tournament signup` until round 2 is paired');
    expect(notice.mentions).toEqual(['ben']);
    expect(repo.entrant(1, 'ben')).toMatchObject({ missedCheckin: true, checkedIn: false });
    expect(repo.get(1)!.checkinDueAt).toBeNull();
    expect(repo.checkinDue(h.svc.now())).toEqual([]);
    // Once closed: a player's own check-in is refused; the next tick says nothing again.
    expect(text(await h.say('ben', '/tournament checkin'))).toContain('Check-in closed');
    expect(tickText(await h.router.tick!())).not.toContain('Check-in');
  });

  it('the start tells those who signed up and never checked in (no window set)', async () => {
    const h = harness({ seed: 'nocheck' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3');
    await field(h, ['ann', 'ben']);
    await h.say('cat', '/tournament signup');
    const start = await h.say('mod', '/tournament start');
    const notice = start.posts.find((p) => p.content.includes('did not check in'))!;
    expect(notice.content).toContain('<@cat>');
    expect(notice.mentions).toEqual(['cat']);
    expect(repoOf(h.svc).entrant(1, 'cat')!.seed).toBeNull();
    // cat may still enter late (round 1 is in play).
    expect(text(await h.say('cat', '/tournament checkin'))).toContain('enters **Open** late');
  });
});
