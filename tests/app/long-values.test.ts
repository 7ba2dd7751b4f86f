// Issue 8 §5: a reply that repeats a very long option value caps the value,
// never the message (a 5,000-character /game result note used to empty every
// later reply in the channel).
import { describe, expect, it } from 'vitest';
import { clip, echo, ECHO_MAX, DISCORD_LIMIT } from '../../src/messages/text.ts';
import { duoTable, harness, text } from './harness.ts';

const LONG = 'x'.repeat(5000);

describe('long option values (issue 8 §5)', () => {
  it('echo caps at ECHO_MAX with an ellipsis; clip caps a bounded field with an ellipsis and no pointer (issue 19 §6)', () => {
    expect(echo('short')).toBe('short');
    expect(echo(LONG)).toHaveLength(ECHO_MAX);
    expect(echo(LONG).endsWith('…')).toBe(true);
    const c = clip(`${LONG}\nsecond line`);
    expect(c.length).toBeLessThanOrEqual(DISCORD_LIMIT);
    expect(c.startsWith('xxxx')).toBe(true);
    expect(c.endsWith('…')).toBe(true);
    expect(c).not.toMatch(/more line\(s\)/);
    expect(clip(`head\n${LONG}`)).toMatch(/^head\nx+…$/);
  });

  it('a 5,000-character /game result note: the reply and every later reply keep their text', async () => {
    const h = await duoTable();
    const r = await h.say('mod', `/game result winner:a note:${LONG}`);
    const reply = r.replies[0].content;
    expect(reply).toMatch(/Result recorded for game #\d+: winner Player A\. Recorded by a moderator: x+…\./);
    expect(reply.length).toBeLessThan(400);
    // Later commands in the channel mention the ended game's result: still a whole message.
    const later = await h.say('bob', '/game status');
    expect(later.replies[0].content).toMatch(
      /There is no game running in this channel\. Game #\d+ \(duel\) has ended: Recorded by a moderator: x+….*Start one with/,
    );
    expect(later.replies[0].content.length).toBeLessThan(700);
    // The full note is kept in the stored result.
    expect(JSON.parse(h.svc.store.latestGame('c1')!.result!).note).toBe(LONG);
  });

  it('long values in errors, the lobby and the list are capped, not the reply', async () => {
    const h = harness();
    const g = await h.say('alice', `/game new system:${LONG}`);
    expect(g.replies[0].content).toMatch(/Unknown game "x+…"\. Games: .*duel/);
    await h.say('alice', `/game new system:duel label:${LONG}`);
    const side = await h.say('alice', `/game join side:${LONG}`);
    expect(side.replies[0].content).toMatch(/Unknown side "x+…"\. Sides: a \(Player A\), b \(Player B\)\./);
    await h.say('mod', `/game join side:a user:u1 user_name:${LONG}`);
    const status = await h.say('alice', '/game status');
    expect(status.replies[0].content).toMatch(/Seats: Player A: x+…\./);
    const list = await h.say('alice', '/game list');
    expect(list.replies[0].content.split('\n')[1]).toMatch(/^#\d+ Dice Duel \[x+…\] — waiting for players in <#c1> · Player A: x+…$/);
    const opts = await h.say('alice', `/game start fill_bots:${LONG}`);
    expect(opts.replies[0].content.length).toBeLessThan(500);
    expect(opts.replies[0].content).toMatch(/not "x+…"/);
  });

  it('a long value for a game command is capped and the legal values still listed', async () => {
    const h = await duoTable();
    const o = await h.say('alice', `/duel mark n:${LONG}`);
    expect(text(o)).toMatch(/"x+…" is not a legal `n`/);
    expect(text(o)).toMatch(/n:one/);
  });
});
