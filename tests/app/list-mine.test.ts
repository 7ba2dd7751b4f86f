// Issue 13: /game list filtered by system, state and player, paged within one
// Discord message, each game linking its channel or thread; /game mine lists
// the games waiting for the caller.
import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { PAGE_SIZE } from '../../commands/list.ts';

describe('/game list and /game mine (issue 13)', () => {
  it("filters by system, state and player, and links each game's channel", async () => {
    const h = harness();
    await h.say('alice', '/game new system:duel', 'c1');
    await h.say('alice', '/game join side:a', 'c1');
    await h.say('bob', '/game join side:b', 'c1');
    await h.say('alice', '/game start', 'c1');
    await h.say('carol', '/game new system:rifle', 'c2');
    await h.say('carol', '/game new system:duel', 'c3');
    await h.say('carol', '/game abandon', 'c3');
    const all = (await h.say('alice', '/game list')).replies[0].content.split('\n');
    expect(all[0]).toBe('**Games** — page 1 of 1, 3 in all');
    // Active first, then lobbies, then finished.
    expect(all.slice(1)).toEqual([
      '#1 Dice Duel — in play in <#c1> · Player A: alice, Player B: bob',
      '#2 Rifle and Axe — waiting for players in <#c2> · no seats taken',
      '#3 Dice Duel — abandoned in <#c3> · no seats taken',
    ]);
    const duels = (await h.say('alice', '/game list system:duel')).replies[0].content.split('\n');
    expect(duels.slice(1).map((l) => l.split(' ')[0])).toEqual(['#1', '#3']);
    const lobby = (await h.say('alice', '/game list state:lobby')).replies[0].content.split('\n');
    expect(lobby.slice(1).map((l) => l.split(' ')[0])).toEqual(['#2']);
    const over = (await h.say('alice', '/game list state:over')).replies[0].content;
    expect(over).toMatch(/^\*\*Games\*\* \(state over\)/);
    expect(over).toContain('#3 Dice Duel — abandoned');
    const bobs = (await h.say('alice', '/game list player:<@bob>')).replies[0].content.split('\n');
    expect(bobs.slice(1).map((l) => l.split(' ')[0])).toEqual(['#1']);
    expect((await h.say('alice', '/game list system:duel state:lobby')).replies[0].content).toBe(
      'No games match (system duel, state lobby).',
    );
    const bad = (await h.say('alice', '/game list state:won')).replies[0];
    expect(bad.ephemeral).toBe(true);
    expect(bad.content).toMatch(/lobby, active, over/);
  });

  it('pages: PAGE_SIZE games a page, the next page named, and each page within 2,000 characters', async () => {
    const h = harness();
    const n = PAGE_SIZE + 3;
    for (let i = 0; i < n; i++) await h.say('alice', `/game new system:duel label:${'x'.repeat(200)}`, `c${i}`);
    const first = (await h.say('alice', '/game list')).replies[0].content;
    expect(first.split('\n')).toHaveLength(PAGE_SIZE + 1);
    expect(first.split('\n')[0]).toBe(`**Games** — page 1 of 2, ${n} in all · next: \`page:2\``);
    expect(first.length).toBeLessThanOrEqual(2000);
    const second = (await h.say('alice', '/game list page:2')).replies[0].content.split('\n');
    expect(second).toHaveLength(4);
    expect(second[3]).toMatch(/^#1 Dice Duel/);
    expect((await h.say('alice', '/game list page:3')).replies[0].content).toBe('There are only 2 pages of games.');
  });

  it("/game mine lists only the games where one of the caller's seats must decide", async () => {
    const h = harness();
    for (const c of ['c1', 'c2']) {
      await h.say('alice', '/game new system:duel', c);
      await h.say(c === 'c1' ? 'alice' : 'bob', '/game join side:a', c);
      await h.say(c === 'c1' ? 'bob' : 'alice', '/game join side:b', c);
      await h.say('alice', '/game start', c);
    }
    // Side a moves first: alice in c1, bob in c2.
    const mine = (await h.say('alice', '/game mine')).replies[0];
    expect(mine.ephemeral).toBe(true);
    expect(mine.content.split('\n')).toEqual(['**Your turn** in 1 game:', '#1 Dice Duel in <#c1>: Turn 1 (Player A)']);
    expect((await h.say('bob', '/game mine')).replies[0].content).toMatch(/^\*\*Your turn\*\* in 1 game:\n#2 Dice Duel in <#c2>/);
    expect((await h.say('carol', '/game mine')).replies[0].content).toBe('No game is waiting for you right now.');
  });
});
