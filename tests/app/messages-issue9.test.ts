// Issue 9's message nits: a code block never split open across messages,
// status states each prompt once, the console-only dice order stays out of
// Discord, "winner Indians" (not "Indians wins"), and an abandoned game is
// not "ended: ;".
import { describe, expect, it } from 'vitest';
import { chunks } from '../../src/messages/text.ts';
import { duoTable, harness, text } from './harness.ts';

const fences = (t: string) => (t.match(/```/g) ?? []).length;

describe('message nits (issue 9)', () => {
  it('chunks closes a code block cut in two and reopens it in the next piece', () => {
    const table = ['```', ...Array.from({ length: 40 }, (_, n) => `row ${n} ${'x'.repeat(60)}`), '```'].join('\n');
    const pieces = chunks(`Intro\n${table}\nAfter`, 1000);
    expect(pieces.length).toBeGreaterThan(2);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(1000);
      expect(fences(p) % 2).toBe(0);
    }
    // Nothing lost: every row is in some piece, once.
    const all = pieces.join('\n');
    for (let n = 0; n < 40; n++) expect(all.split(`row ${n} `).length).toBe(2);
    expect(all).toMatch(/After$/);
  });

  it("/game help in Discord leaves out the console's dice order; at the offline table it is there", async () => {
    const h = harness();
    const discord = await h.router.dispatch({
      command: 'game',
      sub: 'help',
      options: { system: 'duel' },
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(text(discord)).not.toMatch(/Dice order/);
    const table = await h.router.dispatch({
      command: 'game',
      sub: 'help',
      options: { system: 'duel' },
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: null, channelId: 'table' },
    });
    expect(text(table)).toMatch(/Dice order \(for forced dice at the console\): one d6 per roll/);
  });

  it('/game status states a prompt once when the summary already says it', async () => {
    await import('../../src/app/games.ts');
    const h = await duoTable('kpw', ['indian', 'english']);
    const o = await h.say('alice', '/game status');
    const body = text(o);
    expect(body.split("roll for Benjamin Church's arrival").length).toBe(2);
    expect(body).toMatch(/➡️ <@bob> — \*\*English\*\* \(asked above\)/);
  });

  it('a recorded result names the winner without "Indians wins"', async () => {
    await import('../../src/app/games.ts');
    const h = await duoTable('kpw', ['indian', 'english']);
    const o = await h.say('mod', '/game result winner:indian');
    expect(text(o)).toMatch(/Result recorded for game #\d+: winner Indians\./);
    expect(text(o)).not.toMatch(/Indians wins/);
  });

  it('an abandoned game is "called off", not "ended: ;"', async () => {
    const h = await duoTable();
    await h.say('mod', '/game abandon');
    const o = await h.say('alice', '/game status');
    expect(text(o)).toMatch(/Game #\d+ \(duel\) was called off\. \/game log/);
    expect(text(o)).not.toMatch(/: ;/);
  });
});
