// The organiser's tools: result corrections that re-pair a knockout's later
// rounds (or are refused with the reason), manual pairings, reinstatement,
// the check-in button, and the log that records each with its reason.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { field } from './helpers.ts';

const ch = (round: number, board: number) => `c1:t1-r${round}-m${board}`;

describe('knockout corrections', () => {
  it('a corrected semi-final re-pairs the final not yet begun; once the final has a move, a correction is refused and nothing changes', async () => {
    const h = harness({ seed: 'ko-fix' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [s1, s2] = repo.matches(1, 1);
    await h.say('mod', '/game result winner:a', ch(1, 1));
    await h.say('mod', '/game result winner:a', ch(1, 2));
    const final = repo.matches(1, 2)[0];
    expect([final.a, final.b].sort()).toEqual([s1.a, s2.a].sort());
    // Semi-final 1 was really won by its second side: the final (no move yet) is re-paired.
    const out = await h.say('mod', `/tournament result match:${s1.id} outcome:b reason:misreported`);
    expect(text(out)).toContain('Later rounds re-paired');
    expect(repo.match(final.id)).toBeNull();
    expect(h.svc.store.game(final.gameId!)!.status).toBe('abandoned');
    // The called-off final's players hear it at once in its thread, mentioned, with what to do (issue 20).
    const notice = out.posts.find((p) => p.gameId === final.gameId && p.content.includes('called off'));
    expect(notice?.content).toContain('R2 · T1');
    expect(notice?.mentions?.sort()).toEqual([final.a, final.b!].sort());
    const newFinal = repo.matches(1, 2)[0];
    expect([newFinal.a, newFinal.b].sort()).toEqual([s1.b, s2.a].sort());
    expect(repo.logOf(1).map((l) => l.what)).toEqual(expect.arrayContaining([expect.stringContaining('re-paired after correcting')]));
    // The new final begins (a move): correcting semi-final 2 would change it, so it is refused.
    const mover = h.svc.store.seats(newFinal.gameId!).find((s) => s.role === 'a')!.userId;
    await h.say(mover, '/duel roll', `c1:t1-r2-m${newFinal.board}`);
    expect(h.svc.store.game(newFinal.gameId!)!.version).toBeGreaterThan(0);
    const refused = text(await h.say('mod', `/tournament result match:${s2.id} outcome:b reason:late`));
    expect(refused).toContain('Refused');
    expect(refused).toContain(`match ${newFinal.id}`);
    expect(repo.match(s2.id)!.outcome).toBe('a');
    expect(repo.match(newFinal.id)).not.toBeNull();
  });
});

describe('Swiss corrections after the top cut is paired', () => {
  it('a corrected Swiss result that changes who made the cut re-pairs the cut (its games not begun)', async () => {
    const h = harness({ seed: 'cut-fix' });
    await h.say('mod', '/tournament create name:Open system:duel format:swisscut rounds:1 cut:2');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [m1, m2] = repo.matches(1, 1);
    await h.say('mod', '/game result winner:a', ch(1, m1.board));
    await h.say('mod', '/game result winner:a', ch(1, m2.board));
    const final = repo.matches(1, 2)[0];
    expect(final.bracket).toBe('cut');
    expect([final.a, final.b].sort()).toEqual([m1.a, m2.a].sort());
    expect(text(await h.say('mod', `/tournament result match:${m1.id} outcome:b reason:misreported`))).toContain('re-paired');
    const cut = repo.matches(1, 2);
    expect(cut).toHaveLength(1);
    expect([cut[0].a, cut[0].b].sort()).toEqual([m1.b, m2.a].sort());
  });
});

describe('manual pairings and reinstatement (Swiss)', () => {
  it('pairs two players by hand before the first move, their opponents meet; refused once a game has begun', async () => {
    const h = harness({ seed: 'manual' });
    await h.say('mod', '/tournament create name:League system:duel format:swiss rounds:3');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [m1, m2] = repo.matches(1, 1);
    const x = m1.a;
    const y = m2.a;
    const out = await h.say('mod', `/tournament pair user:${x} opponent:${y} reason:travel`);
    expect(text(out)).toContain('paired');
    const now = repo.matches(1, 1);
    expect(now).toHaveLength(2);
    const keys = now.map((m) => [m.a, m.b].sort().join(' v ')).sort();
    expect(keys).toEqual([[x, y].sort().join(' v '), [m1.b!, m2.b!].sort().join(' v ')].sort());
    // The old games are called off; the new ones have their own games, tables numbered from 1 again (issue 20 §6).
    expect(h.svc.store.game(m1.gameId!)!.status).toBe('abandoned');
    expect(now.map((m) => m.board)).toEqual([1, 2]);
    expect(h.svc.store.game(now[0].gameId!)!.channelId).toBe(ch(1, 1));
    expect(now[0].gameId).not.toBe(m1.gameId);
    // Each called-off game's players are told at once in its thread, mentioned, with their new pairing (issue 20 §6).
    for (const old of [m1, m2]) {
      const notice = out.posts.find((p) => p.gameId === old.gameId && p.content.includes('called off'));
      expect(notice?.mentions?.sort()).toEqual([old.a, old.b!].sort());
      expect(notice?.content).toMatch(/now R1 · T[12] v /);
      expect(notice?.content).toContain('/tournament pairings round:1');
    }
    expect(repo.logOf(1).find((l) => l.what.startsWith('pair'))!.reason).toBe('travel');
    // A move in one of them: re-pairing it is refused.
    const first = now[0];
    await h.say(first.a, '/duel roll', ch(1, first.board));
    expect(text(await h.say('mod', `/tournament pair user:${first.a} opponent:${now[1].a} reason:again`))).toContain('already begun');
  });

  it('a dropped player is not paired; reinstated, they are paired again from the next round; a knockout refuses reinstatement', async () => {
    const h = harness({ seed: 'reinstate' });
    await h.say('mod', '/tournament create name:League system:duel format:swiss rounds:3');
    const players = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'];
    await field(h, players);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const leaver = repo.matches(1, 1)[0].b!;
    await h.say(leaver, '/tournament drop');
    const play = async (round: number) => {
      for (const m of repo.matches(1, round).filter((x) => x.b && x.outcome === null))
        await h.say('mod', '/game result winner:a', ch(round, m.board));
    };
    await play(1);
    const r2 = repo.matches(1, 2);
    expect(r2.some((m) => m.a === leaver || m.b === leaver)).toBe(false);
    // 5 players: one bye, to someone other than the leaver.
    expect(r2.filter((m) => m.b === null)).toHaveLength(1);
    expect(text(await h.say('mod', `/tournament reinstate user:${leaver} reason:back`))).toContain('back in');
    await play(2);
    expect(repo.matches(1, 3).some((m) => m.a === leaver || m.b === leaver)).toBe(true);
    expect(repo.logOf(1).map((l) => l.what)).toEqual([`drop ${leaver}`, `reinstate ${leaver}`]);

    const k = harness({ seed: 'ko-reinstate' });
    await k.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await field(k, ['ann', 'ben', 'cat', 'dan']);
    await k.say('mod', '/tournament start');
    await k.say('ann', '/tournament drop');
    expect(text(await k.say('mod', '/tournament reinstate user:ann reason:oops'))).toContain('cannot come back');
  });
});

describe('check-in button', () => {
  it('the hub offers Sign up, Check in and Withdraw before the start; Check in also signs up', async () => {
    const h = harness({ seed: 'buttons' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    const hub = h.router.hub!(1)!;
    expect(hub.post.buttons!.map((b) => b.label)).toEqual(['Sign up', 'Check in', 'Withdraw']);
    const press = (user: string, customId: string) =>
      h.router.button({ customId, caller: { id: user, name: user, isModerator: false }, where: { guildId: 'g1', channelId: 'c1' } });
    expect(text(await press('ann', 'tourn:checkin:1'))).toContain('checked in');
    expect(repoOf(h.svc).entrant(1, 'ann')).toMatchObject({ checkedIn: true });
    expect(text(await press('ben', 'tourn:signup:1'))).toContain('signed up');
    expect(repoOf(h.svc).entrant(1, 'ben')).toMatchObject({ checkedIn: false });
    expect(text(await press('ben', 'tourn:drop:1'))).toContain('withdrew');
    expect(repoOf(h.svc).entrant(1, 'ben')).toBeNull();
    expect(h.router.hub!(1)!.post.embed!.fields![0].value).toContain('✅ ann');
  });
});
