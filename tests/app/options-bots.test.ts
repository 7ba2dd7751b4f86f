import { describe, expect, it } from 'vitest';
import { harness, text } from './harness.ts';

describe('game options and bot seats through /game (issue 3: solo companions, empty seats)', () => {
  it('an unknown or out-of-range game option is refused privately and nothing is stored', async () => {
    const h = harness();
    const o = await h.say('alice', '/game new system:rifle options:players=5');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/players must be a whole number from 1 to 4/);
    const u = await h.say('alice', '/game new system:rifle options:speed=fast');
    expect(u.replies[0].content).toMatch(/Unknown option "speed". Options: players, bots/);
    expect(h.svc.store.liveGame('c1')).toBeNull();
  });

  it('seats chosen as bots by the bots option are played by the bot settler', async () => {
    const h = harness();
    await h.say('alice', '/game new system:rifle options:players=2,bots=1');
    await h.say('alice', '/game join side:p1');
    const start = await h.say('alice', '/game start');
    expect(text(start)).toMatch(/Settlement 2 \(bot\): Muster bot/);
    const row = h.svc.store.liveGame('c1')!;
    expect(h.svc.store.seats(row.id).map((s) => s.userId)).toEqual(['alice', 'bot:p2']);
    const picked = await h.say('alice', '/rifle leader name:boone');
    // The bot picked a leader too, so planning has begun for both.
    expect(text(await h.say('alice', '/game status'))).toMatch(/Action Phase/);
    // The phase snapshot shows the phase as it stands after the bot planned in it.
    const last = picked.posts[picked.posts.length - 1];
    expect(last.content).toMatch(/Still planning: Settlement 1\./);
    // The whole map's alt text (the close-up comes first, issue 19 §8).
    expect(last.files?.map((f) => f.description).join('\n')).toMatch(/Still planning: Settlement 1\./);
  });

  it('/rifle review answers privately and changes nothing', async () => {
    const h = harness();
    await h.say('alice', '/game new system:rifle options:players=1');
    await h.say('alice', '/game join side:p1');
    await h.say('alice', '/game start');
    await h.say('alice', '/rifle leader name:boone');
    await h.say('alice', '/rifle plan action:fishing count:2');
    const v = h.svc.store.liveGame('c1')!.version;
    const r = await h.say('alice', '/rifle review');
    expect(r.replies[0].ephemeral).toBe(true);
    expect(r.replies[0].content).toMatch(/your plan: .*Fishing ×2/);
    expect(h.svc.store.liveGame('c1')!.version).toBe(v);
  });
});
