// Issue 20 §9: each player told their pairing — in the match thread with a
// mention, the bye's player by mention in the pairings post, and by DM for
// players who asked (/remind pairings dm:on, stored per user, sent through
// the outbox). Issue 20 §6: a called-off game's players told at once, and a
// command in its thread answered with where to play now; single-elimination
// placements (1st, 2nd, 3rd–4th, 5th–6th).
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { allText, field } from './helpers.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { knockoutPlacements, knockoutStage } from '../../src/tournament/knockout-placements.ts';
import { championOf } from '../../src/tournament/results.ts';
import { placeText } from '../../src/tournament/double-elim.ts';

const ch = (round: number, board: number) => `c1:t1-r${round}-m${board}`;

describe('pairings told to each player (issue 20 §9)', () => {
  it('a DM with the pairing for those who asked, through the outbox; the thread opening mentions both; a bye by mention', async () => {
    const h = harness({ seed: 'dm' });
    const on = await h.say('ann', '/remind pairings dm:on');
    expect(text(on)).toContain('Your tournament pairings come by DM too');
    expect(text(await h.say('ann', '/remind status'))).toContain('come by DM too');
    expect(text(await h.say('ben', '/remind status'))).toContain('no DM');
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3');
    await field(h, ['ann', 'ben', 'cat', 'dan', 'eve']);
    const start = await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const mine = repo.matches(1, 1).find((m) => m.a === 'ann' || m.b === 'ann')!;
    const dms = start.posts.filter((p) => p.to);
    // Only ann asked: one DM, to her alone and no seat (a DM, not a seat thread), queued in the outbox like any post.
    expect(dms).toHaveLength(1);
    expect(dms[0].to).toEqual({ roles: [], userIds: ['ann'], names: ['ann'] });
    const dmRows = () =>
      h.svc.store.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE post LIKE '%you play%' OR post LIKE '%you have a bye%'").get();
    expect(dmRows()).toEqual({ n: 1 });
    if (mine.b) {
      const opponent = mine.a === 'ann' ? mine.b : mine.a;
      expect(dms[0].content).toContain(`round 1: you play ${opponent} at R1 · T${mine.board}`);
    } else expect(dms[0].content).toContain('you have a bye this round');
    // Every game's opening in its thread mentions both players.
    for (const m of repo.matches(1, 1).filter((x) => x.b)) {
      const opening = start.posts.find((p) => p.channelId === ch(1, m.board) && p.content.includes('⚔️'))!;
      expect(opening.mentions!.sort()).toEqual([m.a, m.b!].sort());
    }
    // Five players: the bye's player is mentioned in the pairings post, with its score.
    const bye = repo.matches(1, 1).find((m) => m.b === null)!;
    const pairings = start.posts.find((p) => p.content.includes('round 1 pairings'))!;
    expect(pairings.content).toContain(`<@${bye.a}> — bye (1 point)`);
    expect(pairings.mentions).toEqual([bye.a]);
    // Off again: no more DMs.
    await h.say('ann', '/remind pairings dm:off');
    for (const m of repo.matches(1, 1).filter((x) => x.b)) await h.say('mod', '/game result winner:a', ch(1, m.board));
    expect(repo.get(1)!.round).toBe(2);
    expect(dmRows()).toEqual({ n: 1 });
  });
});

describe('a called-off game (issue 20 §6)', () => {
  it("a command in the old game's thread says it was called off and where the new game is, not /game new", async () => {
    const h = harness({ seed: 'called-off' });
    await h.say('mod', '/tournament create name:League system:duel format:swiss rounds:3');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [m1, m2] = repo.matches(1, 1);
    // The first game's thread has opened (the adapter moved it there).
    h.router.threadCreated!(ch(1, 1), 'thread-1');
    await h.say('mod', `/tournament pair user:${m1.a} opponent:${m2.a} reason:travel`);
    const answer = text(await h.say(m1.a, '/duel roll', 'thread-1'));
    expect(answer).toContain('(League, round 1) was called off when the round was paired again');
    expect(answer).toContain('`/tournament pairings round:1` links it');
    expect(answer).not.toContain('/game new');
  });
});

describe('a called-off game told by DM (issue 20 §6 §9)', () => {
  it('its players who asked for pairings by DM get one through the outbox, with why and their new pairing; the others only the thread', async () => {
    const h = harness({ seed: 'called-off-dm' });
    await h.say('ann', '/remind pairings dm:on');
    await h.say('mod', '/tournament create name:League system:duel format:swiss rounds:3');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const old = repo.matches(1, 1);
    const annOld = old.find((m) => m.a === 'ann' || m.b === 'ann')!;
    const annWas = annOld.a === 'ann' ? annOld.b! : annOld.a;
    const other = old.find((m) => m !== annOld)!;
    // ann is paired by hand with a player of the other game: both games are called off.
    const out = await h.say('mod', `/tournament pair user:ann opponent:${other.a} reason:travel`);
    const dms = out.posts.filter((p) => p.to && p.content.includes('is called off'));
    expect(dms).toHaveLength(1);
    expect(dms[0].to).toEqual({ roles: [], userIds: ['ann'], names: ['ann'] });
    const now = repo.matches(1, 1).find((m) => m.a === 'ann' || m.b === 'ann')!;
    expect(dms[0].content).toContain(
      `**League**, ${`R1 · T${annOld.board}`} v ${annWas} is called off — the organiser paired this round again by hand. ` +
        'Stop playing there; nothing played in it counts. ' +
        `Your pairing: now R1 · T${now.board} v ${other.a}, in its own new thread`,
    );
    // Queued in the outbox like every DM; the thread notices (by mention) are there for everyone.
    const queued = h.svc.store.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE post LIKE '%is called off —%'").get() as { n: number };
    expect(queued.n).toBe(3);
    const threadNotices = out.posts.filter((p) => !p.to && p.content.includes('is called off'));
    expect(threadNotices.map((p) => p.gameId).sort()).toEqual(old.map((m) => m.gameId).sort());
  });
});

describe('single-elimination placements (issue 20 §6)', () => {
  it('6 entrants: 1st, 2nd, 3rd–4th for the semi-finals, 5th–6th for the first round; still-in players ranked above', async () => {
    const h = harness({ seed: 'ko6' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await field(h, ['ann', 'ben', 'cat', 'dan', 'eve', 'fay']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const play = async (round: number) => {
      for (const m of repo.matches(1, round).filter((x) => x.b && x.outcome === null))
        await h.say('mod', '/game result winner:a', ch(round, m.board));
    };
    await play(1);
    const mid = knockoutPlacements(repo, repo.get(1)!, null);
    expect(mid.filter((p) => p.stage === 'still in')).toHaveLength(4);
    expect(mid.filter((p) => p.stage !== 'still in').map(placeText)).toEqual(['5th–6th', '5th–6th']);
    await play(2);
    await play(3);
    const t = repo.get(1)!;
    expect(t.status).toBe('finished');
    const final = knockoutPlacements(repo, t, championOf(repo, t));
    expect(final.map(placeText)).toEqual(['1st', '2nd', '3rd–4th', '3rd–4th', '5th–6th', '5th–6th']);
    expect(final.map((p) => p.stage)).toEqual([
      'champion',
      'out in the final',
      'out in the semi-final',
      'out in the semi-final',
      'out in the quarter-final',
      'out in the quarter-final',
    ]);
    // The standings are these placements, not a Swiss table.
    const standings = allText(await h.say('ann', '/tournament standings'));
    expect(standings).toContain('final placements');
    expect(standings).toMatch(/\*\*5th–6th\*\* \w+ — 0 won, 1 lost · out in the quarter-final/);
    expect(standings).not.toContain('Buchholz');
  });

  it('stages are named from the final back', () => {
    expect([1, 2, 3, 4].map((r) => knockoutStage(r, 4))).toEqual(['round 1', 'quarter-final', 'semi-final', 'final']);
  });
});

describe('a top cut has its own standing (issue 20 §6)', () => {
  it('during the cut: the Swiss table as it stood after its rounds, and the cut apart with its players still in', async () => {
    const h = harness({ seed: 'cut' });
    await h.say('mod', '/tournament create name:Open system:duel format:swisscut rounds:1 cut:4');
    await field(h, ['ann', 'ben', 'cat', 'dan', 'eve', 'fay']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    for (const m of repo.matches(1, 1).filter((x) => x.b)) await h.say('mod', '/game result winner:a', ch(1, m.board));
    expect(repo.get(1)!.round).toBe(2);
    const during = (await h.say('ann', '/tournament standings')).replies[0].embed!;
    expect(during.title).toBe('🏆 Open — Swiss standings (final, after 1 round)');
    expect(during.fields![0].name).toBe('Top 4 (single elimination)');
    expect(during.fields![0].value.split('\n')).toHaveLength(4);
    expect(during.fields![0].value).toContain('still in');
    // The hub shows the cut, not the Swiss leaders.
    const hub = h.router.hub!(1)!.post.embed!;
    expect(hub.fields!.map((f) => f.name)).toContain('Top 4');
    expect(hub.description).toContain('Top 4 round 1 of 2.');
  });
});
