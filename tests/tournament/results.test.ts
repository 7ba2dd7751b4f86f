// Results recorded for both players to confirm (buttons and commands), a
// dispute sent back to the organiser, and side bidding in VP.
import { describe, expect, it } from 'vitest';
import { harness, text } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { adjustForBid } from '../../src/tournament/outcomes.ts';
import type { Match } from '../../src/tournament/repo.ts';
import { field } from './helpers.ts';

const press = (h: ReturnType<typeof harness>, user: string, customId: string, channelId = 'c1') =>
  h.router.button({ customId, caller: { id: user, name: user, isModerator: false }, where: { guildId: 'g1', channelId } });

describe('results confirmed by both players', () => {
  it("a moderator's recorded result counts once both players confirm (one by button, one by command)", async () => {
    const h = harness({ seed: 'confirm' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await field(h, ['ann', 'ben']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const m = repo.matches(1, 1)[0];
    const out = await h.say('mod', `/tournament report match:${m.id} outcome:b reason:adjudicated`);
    expect(text(out)).toContain('It counts once');
    const ask = out.posts.find((p) => p.buttons?.some((b) => b.customId === `tconfirm:${m.id}`))!;
    expect(ask.channelId).toBe('c1:t1-r1-m1');
    expect(ask.mentions!.sort()).toEqual([m.a, m.b!].sort());
    expect(repo.match(m.id)!.outcome).toBeNull();
    // A spectator cannot confirm.
    expect(text(await h.say('eve', `/tournament confirm match:${m.id}`))).toContain('Only the players');
    expect(text(await press(h, m.a, `tconfirm:${m.id}`, 'c1:t1-r1-m1'))).toContain('waiting for your opponent');
    expect(repo.match(m.id)!.outcome).toBeNull();
    expect(text(await h.say(m.b!, `/tournament confirm match:${m.id}`))).toContain('counts now');
    // One game_finished event: the game ended with the recorded result, the tournament took it.
    expect(repo.match(m.id)!.outcome).toBe('b');
    expect(h.svc.store.game(m.gameId!)!.status).toBe('over');
    expect(repo.get(1)!.status).toBe('finished');
  });

  it('a player who records a result confirms it by doing so; a dispute goes back to the organiser, who decides', async () => {
    const h = harness({ seed: 'dispute' });
    await h.say('mod', '/tournament create name:Cup system:duel format:knockout');
    await field(h, ['ann', 'ben']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const m = repo.matches(1, 1)[0];
    expect(text(await h.say(m.a, `/tournament report match:${m.id} outcome:a reason:resigned`))).toContain(`<@${m.b}> confirms`);
    expect(repo.report(m.id)!.confirmed).toEqual([m.a]);
    const disputed = await press(h, m.b!, `tdispute:${m.id}`);
    expect(text(disputed)).toContain('disputed');
    expect(disputed.posts.find((p) => p.channelId === 'c1')!.mentions).toEqual(['mod']);
    expect(text(await h.say(m.a, `/tournament confirm match:${m.id}`))).toContain('disputed');
    expect(repo.match(m.id)!.outcome).toBeNull();
    await h.say('mod', `/tournament result match:${m.id} outcome:draw reason:ruling`);
    expect(repo.match(m.id)!.outcome).toBe('draw');
    expect(repo.report(m.id)).toBeNull();
    expect(repo.logOf(1).map((l) => l.what)).toEqual([
      `report match ${m.id}: a`,
      `dispute match ${m.id}`,
      `result match ${m.id}: pending → draw`,
    ]);
  });
});

describe('side bidding in VP', () => {
  it('both want the first side: the higher bid takes it; the game starts once both bids are in, seats as settled', async () => {
    const h = harness({ seed: 'bids' });
    await h.say('mod', '/tournament create name:Bid system:duel format:knockout bidding:true');
    await field(h, ['ann', 'ben']);
    const start = await h.say('mod', '/tournament start');
    expect(text(start)).toContain('Side bidding');
    const repo = repoOf(h.svc);
    const m = repo.matches(1, 1)[0];
    expect(h.svc.store.game(m.gameId!)!.status).toBe('lobby');
    const [low, high] = [m.a, m.b!];
    expect(text(await h.say(low, `/tournament bid match:${m.id} side:a vp:2`))).toContain('stays secret');
    expect(text(await h.say('eve', `/tournament bid match:${m.id} side:a vp:9`))).toContain('Only the players');
    const settled = await h.say(high, `/tournament bid match:${m.id} side:a vp:3`);
    expect(text(settled)).toContain('a gives 3 VP');
    const after = repo.match(m.id)!;
    expect([after.a, after.b, after.bidSide, after.bidVp]).toEqual([high, low, 'a', 3]);
    expect(h.svc.store.game(m.gameId!)!.status).toBe('active');
    expect(
      h.svc.store
        .seats(m.gameId!)
        .map((s) => `${s.role}:${s.userId}`)
        .sort(),
    ).toEqual([`a:${high}`, `b:${low}`]);
    expect(text(await h.say(low, `/tournament bid match:${m.id} side:b vp:0`))).toContain('settled');
  });

  it('different wishes are both granted at no cost; a tie keeps the side the balance rule gave', async () => {
    const h = harness({ seed: 'bids2' });
    await h.say('mod', '/tournament create name:Bid system:duel format:knockout bidding:true');
    await field(h, ['ann', 'ben', 'cat', 'dan']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const [m1, m2] = repo.matches(1, 1);
    await h.say(m1.a, `/tournament bid match:${m1.id} side:b vp:5`);
    await h.say(m1.b!, `/tournament bid match:${m1.id} side:a vp:1`);
    expect(repo.match(m1.id)).toMatchObject({ a: m1.b, b: m1.a, bidSide: null, bidVp: null });
    await h.say(m2.a, `/tournament bid match:${m2.id} side:b vp:4`);
    await h.say(m2.b!, `/tournament bid match:${m2.id} side:b vp:4`);
    expect(repo.match(m2.id)).toMatchObject({ a: m2.a, b: m2.b, bidSide: 'b', bidVp: 4 });
  });

  it("with a clock, a bid missing when the clock's time has passed counts as `any`, 0 VP, and the game starts", async () => {
    const h = harness({ seed: 'bids3' });
    await h.say('mod', '/tournament create name:Bid system:duel format:knockout bidding:true clock:1');
    await field(h, ['ann', 'ben']);
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const m = repo.matches(1, 1)[0];
    await h.say(m.b!, `/tournament bid match:${m.id} side:a vp:1`);
    expect(h.svc.store.game(m.gameId!)!.status).toBe('lobby');
    const t0 = h.svc.now();
    h.svc.now = () => t0 + 2 * 3_600_000;
    const ticked = (await h.router.tick!()).flatMap((o) => o.posts.map((p) => p.content)).join('\n');
    expect(ticked).toContain(`<@${m.a}>: no bid (any side, 0 VP)`);
    // The one wish is granted at no cost.
    expect(repo.match(m.id)).toMatchObject({ a: m.b, b: m.a, bidSide: null });
    expect(h.svc.store.game(m.gameId!)!.status).toBe('active');
  });

  it('the bid moves a result decided on VP, not a result against the VP (a surrender)', () => {
    const m = { bidSide: 'a', bidVp: 3 } as Match;
    // English-like side a wins 12–10 but gave 3 VP: 9–10, side b wins.
    expect(adjustForBid(m, ['a', 'b'], 'a', { a: 12, b: 10 })).toBe('b');
    // 13–10 less 3: level, a draw.
    expect(adjustForBid(m, ['a', 'b'], 'a', { a: 13, b: 10 })).toBe('draw');
    expect(adjustForBid(m, ['a', 'b'], 'a', { a: 14, b: 10 })).toBe('a');
    // Side a won by surrender while behind on VP: the bid does not apply.
    expect(adjustForBid(m, ['a', 'b'], 'a', { a: 2, b: 10 })).toBe('a');
    // Side b paid 2 VP: a 5–5 draw becomes 5–3, side a wins.
    expect(adjustForBid({ bidSide: 'b', bidVp: 2 } as Match, ['a', 'b'], 'draw', { a: 5, b: 5 })).toBe('a');
  });
});
