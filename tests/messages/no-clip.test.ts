// Issue 19 §6: nothing a player must read is hidden behind a clip. A reply or
// post too long for one message is split at line breaks into several, each
// within Discord's limit; no message says "… N more line(s)".
import { describe, expect, it } from 'vitest';
import { registerAllGames } from '../../src/app/games.ts';
import { DISCORD_LIMIT, splitMessage } from '../../src/messages/text.ts';
import { privateReply } from '../../src/messages/replies.ts';
import type { Outcome, Post } from '../../src/messages/types.ts';
import { harness } from '../app/harness.ts';

/** A grouped subcommand (`/wk4 info forces`), which the harness's `say` does not split. */
async function grouped(h: ReturnType<typeof harness>, user: string, command: string, group: string, sub: string): Promise<Outcome> {
  const out = await h.router.dispatch({
    command,
    group,
    sub,
    options: {},
    caller: { id: user, name: user, isModerator: user === 'mod' },
    where: { guildId: 'g1', channelId: 'c1' },
  });
  return { ...out, posts: out.posts.filter((p) => p.card === undefined) };
}

const messages = (o: Outcome) => [...o.replies, ...o.posts];
const whole = (o: Outcome) =>
  messages(o)
    .map((m) => m.content)
    .join('\n');

function checkFits(o: Outcome): void {
  for (const m of messages(o)) {
    expect(m.content.length).toBeLessThanOrEqual(DISCORD_LIMIT);
    expect(m.content).not.toMatch(/more line\(s\)/);
  }
}

describe('long text is split, never clipped (issue 19 §6)', () => {
  it('splitMessage keeps every line, in order, and puts the controls on the last piece', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i + 1}: ${'x'.repeat(20)}`);
    const reply = privateReply(lines.join('\n'), { buttons: [{ customId: 'b', label: 'Go', style: 'primary' }] });
    expect(reply.content).toBe(lines.join('\n'));
    const pieces = splitMessage(reply);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.map((p) => p.content).join('\n')).toBe(lines.join('\n'));
    for (const p of pieces) expect(p.content.length).toBeLessThanOrEqual(DISCORD_LIMIT);
    expect(pieces.every((p) => p.ephemeral)).toBe(true);
    expect(pieces.slice(0, -1).every((p) => !p.buttons)).toBe(true);
    expect(pieces.at(-1)!.buttons).toHaveLength(1);
  });

  it('a split hand-off post keeps its hand-off on the last piece; the earlier ones are part of the record', () => {
    const post: Post = { channelId: 'c1', gameId: 3, kind: 'handoff', content: 'y\n'.repeat(2000), handoff: [], mentions: ['u1'] };
    const pieces = splitMessage(post);
    expect(pieces.slice(0, -1).every((p) => p.kind === 'update' && !p.mentions && !p.handoff && p.channelId === 'c1')).toBe(true);
    expect(pieces.at(-1)).toMatchObject({ kind: 'handoff', mentions: ['u1'] });
  });

  it('the umpire of an 11-nation WK4 game sees every nation’s forces, orders and proposals', async () => {
    registerAllGames();
    const h = harness({ seed: 'noclip-wk4' });
    await h.say('mod', '/game new system:wk4 options:nations=11,umpire=human,bots=10,years=1');
    await h.say('alice', '/game join side:jormundgaard');
    await h.say('mod', '/game join side:umpire user:uma');
    const start = await h.say('mod', '/game start');
    checkFits(start);
    const forces = await grouped(h, 'uma', 'wk4', 'info', 'forces');
    checkFits(forces);
    // Each nation's forces (armies and fleets are listed by their handles: jor1, dwa2, …), 42 of them in all.
    const prefixes = ['jor', 'dwa', 'kal', 'fei', 'cap', 'cor', 'mag', 'alm', 'dra', 'mas', 'naz'];
    const forcesText = whole(forces);
    for (const p of prefixes) expect(forcesText).toMatch(new RegExp(`\\b${p}\\d+ (army|fleet) of`));
    expect(forcesText.match(/\b[a-z]{3}\d+ (army|fleet) of/g)!.length).toBeGreaterThanOrEqual(42);
    expect(forces.replies.length).toBeGreaterThan(1);
    checkFits(await grouped(h, 'alice', 'wk4', 'orders', 'final'));
    const review = await grouped(h, 'uma', 'wk4', 'orders', 'review');
    checkFits(review);
    // Every nation's line of orders is in the review (the bots' orders are in).
    const nations = [
      'Jormundgaard',
      'Dwaffenreik',
      'Kalmar',
      'Feiland',
      'Capetan',
      'Corona',
      'Magarhita',
      'Almagora',
      'Draakheeri',
      'Masovia',
      'Nazeria',
    ];
    for (const n of nations) expect(whole(review)).toContain(n);
    const proposals = await grouped(h, 'uma', 'wk4', 'info', 'proposals');
    checkFits(proposals);
    expect(whole(proposals).length).toBeGreaterThan(0);
  }, 20_000);
});
