// Bad input of any kind (issue 2 §4): random commands, options, values,
// users and buttons thrown at the router never escape as internal errors,
// and a refused command changes nothing.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import '../../src/app/games.ts';
import { harness } from './harness.ts';
import { breathe } from '../setup/breathe.ts';
import { timeLimit } from '../setup/test-db.ts';

const junkValues = [
  '',
  '?',
  'all',
  '0',
  '-1',
  '999999',
  'x'.repeat(300),
  '🙂',
  'a+b+c',
  'montaup~river',
  '"quoted"',
  '1.5',
  'true',
  'null',
  'p1',
  'english',
  'fishing x99',
  'sell -4 hides',
];

describe('junk input never crashes the router (issue 2 §4)', () => {
  for (const system of ['kpw', 'rifle']) {
    it(
      `${system}: 400 random commands from random users; every reply is an ordinary outcome`,
      async () => {
        const h = harness({ seed: `junk-${system}` });
        const rand = seedrandom(`junk-${system}`);
        const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
        await h.say('alice', `/game new system:${system}`);
        await h.say('alice', `/game join side:${system === 'kpw' ? 'indian' : 'p1'}`);
        await h.say('bob', `/game join side:${system === 'kpw' ? 'english' : 'p2'}`);
        await h.say('alice', '/game start');
        const defs = h.router.definitions({ includeConsoleOnly: true });
        let refused = 0;
        for (let i = 0; i < 400; i++) {
          const def = pick(defs);
          const sub = pick(def.subcommands);
          const options: Record<string, string> = {};
          for (const o of sub.options)
            if (rand() < 0.7) options[o.name] = rand() < 0.5 && o.choices?.length ? String(pick(o.choices).value) : pick(junkValues);
          if (rand() < 0.1) options[`bogus${i}`] = 'x';
          const user = pick(['alice', 'bob', 'carol', 'mod']);
          const before = h.svc.store.liveGame('c1');
          // Keep the game alive: abandon/resign/result would end the test early.
          if (def.name === 'game' && ['abandon', 'resign', 'result', 'new'].includes(sub.name)) continue;
          const out = await h.router.dispatch({
            command: def.name,
            sub: sub.name,
            options,
            caller: { id: user, name: user, isModerator: user === 'mod' },
            where: { guildId: null, channelId: 'c1' },
          });
          expect(out.replies.length + out.posts.length).toBeGreaterThan(0);
          const err = out.replies.find((r) => r.ephemeral && /^❌|^⏳|^⌛/.test(r.content));
          if (err) {
            refused++;
            expect(err.content.length).toBeGreaterThan(10);
            const after = h.svc.store.liveGame('c1');
            // A refusal changes nothing.
            expect(after?.version).toBe(before?.version);
          }
          if (rand() < 0.1) {
            const b = await h.router.button({
              customId: pick(['mu:1:0:english:0', 'mu:1:9999:p1:3', 'junk', `mu:1:${before?.version ?? 0}:indian:99`, 'mu:99:0:x:0']),
              caller: { id: user, name: user, isModerator: false },
              where: { guildId: null, channelId: 'c1' },
            });
            expect(b.replies.length + b.posts.length).toBeGreaterThan(0);
          }
          const ac = await h.router.autocomplete({
            command: def.name,
            sub: sub.name,
            focused: sub.options[0]?.name ?? 'x',
            partial: pick(junkValues),
            options,
            caller: { id: user, name: user, isModerator: false },
            where: { guildId: null, channelId: 'c1' },
          });
          expect(Array.isArray(ac)).toBe(true);
          await breathe();
        }
        expect(refused).toBeGreaterThan(50);
        // kpw on PostgreSQL: 5 s of CPU as on SQLite, 40-75 s of wall time at load 10-15 (timeLimit: why).
      },
      timeLimit(60_000),
    );
  }
  it('no game and a lobby: 300 random commands are ordinary replies', async () => {
    const h = harness({ seed: 'junk-lobby' });
    const rand = seedrandom('junk-lobby');
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    const defs = h.router.definitions({ includeConsoleOnly: true });
    for (let i = 0; i < 300; i++) {
      if (i === 150) await h.say('alice', '/game new system:kpw');
      const def = pick(defs);
      const sub = pick(def.subcommands);
      if (def.name === 'game' && ['start', 'abandon'].includes(sub.name) && i > 150) continue;
      const options: Record<string, string> = {};
      for (const o of sub.options)
        if (rand() < 0.7) options[o.name] = rand() < 0.5 && o.choices?.length ? String(pick(o.choices).value) : pick(junkValues);
      const user = pick(['alice', 'bob', 'mod']);
      const out = await h.router.dispatch({
        command: def.name,
        sub: sub.name,
        options,
        caller: { id: user, name: user, isModerator: user === 'mod' },
        where: { guildId: 'g1', channelId: 'c1' },
      });
      expect(out.replies.length + out.posts.length).toBeGreaterThan(0);
    }
  });
});

describe('unknown options and names are refused, saying what is allowed (issue 2 §4)', () => {
  it('an option a /game subcommand does not have is refused with its options, and nothing opens', async () => {
    const h = harness();
    const o = await h.say('alice', '/game new system:duel bogus:1');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/\/game new has no option `bogus`\. Options: system, /);
    expect(h.svc.store.liveGame('c1')).toBeNull();
    expect((await h.say('alice', '/game new sistem:duel')).replies[0].content).toMatch(/has no option `sistem`\. Options: system/);
  });

  it('an unknown subcommand of a group names the group and lists its subcommands', async () => {
    const h = harness();
    await h.say('alice', '/game new system:kpw');
    const o = await h.router.dispatch({
      command: 'kpw',
      group: 'move',
      sub: 'flyaway',
      options: {},
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: null, channelId: 'c1' },
    });
    expect(o.replies[0].content).toMatch(/\/kpw move has no subcommand `flyaway`\. It has: \/kpw move activate, /);
  });

  it('/game help for an unknown system is refused with the list of games', async () => {
    const h = harness();
    const o = await h.say('alice', '/game help system:nope');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/Unknown game "nope"\. Games: .*kpw \(King Philip's War\)/);
  });
});
