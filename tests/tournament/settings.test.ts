// Issue 20 §4 §5: the organiser changes the check-in window and the
// tie-break order after /tournament create, until the start; after it the
// change is refused, privately, saying why.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { allText, field } from './helpers.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { hubEmbed } from '../../src/tournament/hub.ts';
import type { Outcome } from '../../src/messages/types.ts';

const H = 3_600_000;
const tickText = (outs: Outcome[]) => outs.map((o) => o.posts.map((p) => p.content).join('\n')).join('\n');

describe('/tournament settings before the start', () => {
  it('moves the check-in window: the tick opens and closes it at the new times', async () => {
    const h = harness({ seed: 'settings-window' });
    const t0 = h.svc.now();
    h.svc.now = () => t0;
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3 checkin_opens:1 checkin_closes:3');
    await h.say('ann', '/tournament signup');
    h.svc.now = () => t0 + H / 2;
    const moved = await h.say('mod', '/tournament settings checkin_opens:2 checkin_closes:5');
    expect(moved.replies[0].ephemeral).toBe(false);
    expect(text(moved)).toContain('**Open**: check-in window changed.');
    expect(text(moved)).toContain(`Check-in opens <t:${Math.floor((t0 + H / 2 + 2 * H) / 1000)}:R>`);
    const repo = repoOf(h.svc);
    expect(repo.get(1)!).toMatchObject({
      checkinOpensAt: t0 + H / 2 + 2 * H,
      checkinClosesAt: t0 + H / 2 + 5 * H,
      checkinDueAt: t0 + H / 2 + 2 * H,
    });
    // The hub shows the new window.
    expect(JSON.stringify(hubEmbed(h.svc, repo.get(1)!))).toContain(`Check-in opens <t:${Math.floor((t0 + H / 2 + 2 * H) / 1000)}:R>`);
    // The old opening time passes: nothing happens; the new one opens it.
    h.svc.now = () => t0 + H + 1;
    expect(tickText(await h.router.tick!())).not.toContain('Check-in');
    h.svc.now = () => t0 + H / 2 + 2 * H + 1;
    expect(tickText(await h.router.tick!())).toContain('✅ Check-in for **Open** is open until');
    // The organiser's log keeps it.
    expect(allText(await h.say('mod', '/tournament log'))).toContain('settings: Check-in opens');
  });

  it('reopening a closed window puts back those who missed it; 0 closes it never (the start does)', async () => {
    const h = harness({ seed: 'settings-reopen' });
    const t0 = h.svc.now();
    h.svc.now = () => t0;
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3 checkin_closes:1');
    await h.say('ann', '/tournament signup');
    await h.say('ann', '/tournament checkin');
    await h.say('ben', '/tournament signup');
    h.svc.now = () => t0 + H + 1;
    await h.router.tick!();
    const repo = repoOf(h.svc);
    expect(repo.entrant(1, 'ben')).toMatchObject({ missedCheckin: true, dropped: true });
    const reopened = await h.say('mod', '/tournament settings checkin_closes:0');
    expect(text(reopened)).toContain('check-in window, 1 who missed check-in back on the list changed');
    expect(text(reopened)).toContain('Check-in is open');
    expect(repo.get(1)!).toMatchObject({ checkinClosesAt: null, checkinDueAt: null });
    expect(repo.entrant(1, 'ben')).toMatchObject({ missedCheckin: false, dropped: false, checkedIn: false });
    expect(text(await h.say('ben', '/tournament checkin'))).toContain('checked in');
  });

  it('sets the tie-break order the hub announces, and default goes back to the format’s', async () => {
    const h = harness({ seed: 'settings-ties' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3');
    const repo = repoOf(h.svc);
    const set = await h.say('mod', '/tournament settings tiebreaks:"SB,wins,Buchholz"');
    expect(text(set)).toContain('tie-break order changed');
    expect(text(set)).toContain('ties broken by Sonneborn-Berger, wins, Buchholz');
    expect(repo.get(1)!.tieBreaks).toEqual(['sb', 'wins', 'bh']);
    expect(JSON.stringify(hubEmbed(h.svc, repo.get(1)!))).toContain('ties broken by Sonneborn-Berger, wins, Buchholz');
    await h.say('mod', '/tournament settings tiebreaks:default');
    expect(repo.get(1)!.tieBreaks).toBeNull();
    // No option: the settings now, privately, with how to change them.
    const shown = await h.say('ann', '/tournament settings');
    expect(text(shown)).toMatch(/Only a moderator/);
    const mine = await h.say('mod', '/tournament settings');
    expect(mine.replies[0].ephemeral).toBe(true);
    expect(text(mine)).toContain('ties broken by Buchholz cut-1, Buchholz, median Buchholz, Sonneborn-Berger, head-to-head, wins');
  });

  it('refuses, changing nothing: a window closing before it opens, an unknown tie-break, and anything after the start', async () => {
    const h = harness({ seed: 'settings-refused' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3 checkin_opens:4');
    const repo = repoOf(h.svc);
    const before = repo.get(1)!;
    const early = await h.say('mod', '/tournament settings checkin_closes:2');
    expect(early.replies[0].ephemeral).toBe(true);
    expect(text(early)).toContain('Check-in must close after it opens');
    expect(text(early)).toContain('(it opens 4 h from now)');
    const unknown = await h.say('mod', '/tournament settings tiebreaks:sb,koya');
    expect(text(unknown)).toMatch(/"koya" is not a tie-break: use Buchholz cut-1/);
    expect(repo.get(1)!).toEqual(before);
    await h.say('mod', '/tournament settings checkin_opens:0');
    await field(h, ['ann', 'bob', 'cid', 'dee'], 'mod');
    await h.say('mod', '/tournament start');
    const started = repo.get(1)!;
    for (const change of ['checkin_closes:5', 'tiebreaks:sb,wins']) {
      const late = await h.say('mod', `/tournament settings ${change}`);
      expect(late.replies[0].ephemeral).toBe(true);
      expect(text(late)).toContain('**Open** has started: its check-in window and tie-break order were fixed when round 1 was paired');
    }
    expect(repo.get(1)!).toEqual(started);
  });
});
