// Engine v2 §8: whenever a bot seat is asked, it moves in the same
// transaction as what made it the bot's turn.
import { describe, expect, it } from 'vitest';
import { duel } from '../fixtures/duel.ts';
import { harness } from './harness.ts';

const state = (h: ReturnType<typeof harness>) => JSON.parse(h.svc.store.liveGame('c1')!.state!);
const botMoved = (h: ReturnType<typeof harness>) => h.svc.store.log(h.svc.store.liveGame('c1')!.id).some((e) => e.role === 'b');
const askedNow = (h: ReturnType<typeof harness>) => duel.prompts(state(h).game).map((p) => p.role);

async function versusBot() {
  const h = harness({ seed: 'bots-1' });
  await h.say('alice', '/game new system:duel');
  await h.say('alice', '/game join side:a');
  await h.say('alice', '/game bot side:b');
  await h.say('alice', '/game start');
  return h;
}

describe('bots never stall (Engine v2 §8)', () => {
  it('after a moderator rolls back onto the bot’s decision, the bot has moved again before the command returns', async () => {
    const h = await versusBot();
    // alice ends her turn; the bot then plays its whole turn and hands back to alice.
    for (let i = 0; i < 10 && !botMoved(h); i++) await h.say('alice', state(h).game.pending > 0 ? '/duel bank' : '/duel roll');
    expect(askedNow(h)).toEqual(['a']);
    const botEntries = h.svc.store.log(h.svc.store.liveGame('c1')!.id).filter((e) => e.role === 'b');
    expect(botEntries.length).toBeGreaterThan(0);
    // Roll back the bot's last action: the bot is asked again, so it must move at once.
    const r = await h.say('mod', '/game undo count:1');
    expect(r.replies[0].ephemeral).toBe(false);
    expect(askedNow(h)).not.toContain('b');
  });

  it('a restart (the tick) moves a game left waiting on a bot', async () => {
    const h = await versusBot();
    for (let i = 0; i < 10 && !botMoved(h); i++) await h.say('alice', state(h).game.pending > 0 ? '/duel bank' : '/duel roll');
    // Simulate an older version that left the bot's turn pending: write a state where b is asked.
    const row = h.svc.store.liveGame('c1')!;
    const env = state(h);
    env.game.turn = 'b';
    h.svc.store.db.prepare('UPDATE games SET state = ? WHERE id = ?').run(JSON.stringify(env), row.id);
    expect(askedNow(h)).toEqual(['b']);
    await h.router.tick!();
    expect(askedNow(h)).not.toContain('b');
  });
});
