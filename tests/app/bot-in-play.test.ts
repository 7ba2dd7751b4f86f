// Moderators fix mistakes (issue 2, issue 9's moderator tools): a player who
// left mid-game is replaced by the built-in bot, which answers at once when it
// is asked (bots never stall); players cannot do it.
import { describe, expect, it } from 'vitest';
import { envOf } from '../../src/app/session.ts';
import { duoTable, text } from './harness.ts';

describe('/game bot in a game in play (moderators)', () => {
  it('a moderator seats the bot on the side whose turn it is: it plays its turn at once and the other side is asked', async () => {
    const h = await duoTable();
    const turn = () => (envOf(h.svc.store.liveGame('c1')!).game as { turn: string }).turn;
    expect(turn()).toBe('a');
    const refused = await h.say('bob', '/game bot side:a');
    expect(refused.replies[0].ephemeral).toBe(true);
    expect(refused.replies[0].content).toMatch(/Only a moderator may seat the built-in bot once the game has started/);
    const version = h.svc.store.liveGame('c1')!.version;
    const o = await h.say('mod', '/game bot side:a');
    expect(text(o)).toMatch(/seated the built-in bot on \*\*Player A\*\* in game #1 in place of <@alice>/);
    expect(h.svc.store.seats(h.svc.store.liveGame('c1')!.id).find((s) => s.role === 'a')!.userName).toMatch(/bot/i);
    expect(h.svc.store.liveGame('c1')!.version).toBeGreaterThan(version);
    expect(turn()).toBe('b');
    expect((await h.say('mod', '/game bot side:a')).replies[0].content).toMatch(/already plays Player A; nothing was changed/);
  });

  it('seated on a side not asked now, the bot waits for its turn; bob then plays against it', async () => {
    const h = await duoTable();
    await h.say('mod', '/game bot side:b');
    expect((envOf(h.svc.store.liveGame('c1')!).game as { turn: string }).turn).toBe('a');
  });
});
