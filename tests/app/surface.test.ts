// Issue 8 item 11: subcommand groups and typed options, through the router and
// the offline table; item 3: moderators reseat a running game.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsJson } from '../../src/bot/commands-json.ts';
import { parseLine } from '../../src/console/parse.ts';
import { Table } from '../../src/console/table.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { gduel } from '../fixtures/gduel.ts';
import { duoTable, harness, text } from './harness.ts';
import type { Invocation } from '../../commands/types.ts';

const register = () => {
  if (!getGame('gduel')) registerGame(gduel);
};

describe('subcommand groups (a test game)', () => {
  it('become Discord subcommand groups whose descriptions list their subcommands', () => {
    register();
    const { router } = harness();
    const json = commandsJson(router.definitions()).find((c) => c.name === 'gduel')!;
    expect(json.options!.map((o) => [o.type, o.name])).toEqual([
      [2, 'turn'],
      [1, 'mark'],
      [2, 'info'],
    ]);
    const turn = json.options![0] as { description: string; options: { type: number; name: string }[] };
    expect(turn.description).toBe('Turn: roll, bank');
    expect(turn.options.map((o) => [o.type, o.name])).toEqual([
      [1, 'roll'],
      [1, 'bank'],
    ]);
  });

  it('dispatch by group and name; a wrong group names the right path; a bare group asks for its subcommand', async () => {
    register();
    const h = await duoTable('gduel');
    const inv = (group: string | undefined, sub: string): Invocation => ({
      command: 'gduel',
      ...(group ? { group } : {}),
      sub,
      options: {},
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    const wrong = await h.router.dispatch(inv('info', 'roll'));
    expect(wrong.replies[0]).toMatchObject({ ephemeral: true });
    expect(wrong.replies[0].content).toMatch(/There is no \/gduel info roll; use \/gduel turn roll/);
    const bare = await h.router.dispatch(inv(undefined, 'turn'));
    expect(bare.replies[0].content).toMatch(/\/gduel turn needs a subcommand: \/gduel turn roll, \/gduel turn bank/);
    const v0 = h.svc.store.liveGame('c1')!.version;
    const ok = await h.router.dispatch(inv('turn', 'roll'));
    expect(ok.replies.some((r) => r.ephemeral)).toBe(false);
    expect(h.svc.store.liveGame('c1')!.version).toBeGreaterThan(v0);
    // Refusals name the grouped path.
    const bob = await h.router.dispatch({
      ...inv(undefined, 'mark'),
      options: { n: '7' },
      caller: { id: 'alice', name: 'alice', isModerator: false },
    });
    expect(text(bob)).toMatch(/"7" is not a legal `n` for \/gduel mark now/);
    const unknown = await h.router.dispatch({ ...inv(undefined, 'nope') });
    expect(text(unknown)).toMatch(/Try: turn roll, turn bank, mark, info reveal/);
  });

  it('the table reads "/gduel turn roll", accepts the flat alias "/gduel roll", and still refuses a stray word', async () => {
    register();
    const isGroup = (c: string, w: string) => c === 'gduel' && ['turn', 'info'].includes(w);
    expect(parseLine('/gduel turn roll', isGroup)).toMatchObject({ command: 'gduel', group: 'turn', sub: 'roll' });
    expect(parseLine('/gduel mark n:2', isGroup)).toEqual({ user: null, command: 'gduel', sub: 'mark', options: { n: '2' } });
    expect(() => parseLine('/game status foo', isGroup)).toThrow(/name:value/);

    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-surface-'));
    const { svc } = harness();
    const lines: string[] = [];
    const table = new Table(svc, { outDir, print: (l) => lines.push(l) });
    for (const l of [
      'alice: /game new system:gduel',
      '/game join side:a',
      'bob: /game join side:b',
      'alice: /game start',
      '/gduel turn roll',
      '/gduel roll',
      'bob: /gduel info reveal',
    ])
      await table.run(l);
    const out = lines.join('\n');
    expect(out).toMatch(/alice> \/gduel turn roll/);
    expect(out).not.toMatch(/internal error|Unknown \/gduel/);
    expect(svc.store.log(svc.store.liveGame('table')!.id).length).toBeGreaterThanOrEqual(1);
  });
});

describe('typed options (Discord types them; the table parses them, and a bad value changes nothing)', () => {
  it('/game log count: must be 1-50; /game deadline hours: 0-1440', async () => {
    const h = await duoTable();
    for (const bad of ['abc', '0', '51', '2.5']) {
      const o = await h.say('alice', `/game log count:${bad}`);
      expect(o.replies[0].ephemeral).toBe(true);
      expect(o.replies[0].content).toMatch(/`count` must be a whole number from 1 to 50, not ".*"/);
    }
    expect(text(await h.say('alice', '/game log count:3'))).toMatch(/the last/);
    const neg = await h.say('mod', '/game deadline hours:-5');
    expect(neg.replies[0]).toMatchObject({ ephemeral: true });
    expect(neg.replies[0].content).toMatch(/`hours` must be a whole number from 0 to 1440, not "-5"/);
    expect(h.svc.store.liveGame('c1')!.deadline).toBeNull();
  });

  it('/mod modrole role: is a Discord role option; the table takes a name or a <@&id> mention', async () => {
    const { router, say, svc } = harness();
    const def = router
      .definitions()
      .find((d) => d.name === 'game')!
      .subcommands.find((s) => s.name === 'modrole')!;
    expect(def.options[0]).toMatchObject({ name: 'role', type: 'role' });
    const json = commandsJson(router.definitions()).find((c) => c.name === 'mod')!;
    const modrole = json.options!.find((o) => o.name === 'modrole') as { options: { type: number }[] };
    expect(modrole.options[0].type).toBe(8);
    await say('mod', '/game modrole role:<@&42>');
    expect(svc.store.moderatorRole('g1')).toBe('42');
  });

  it('game options carry their types and real descriptions', () => {
    register();
    const { router } = harness();
    const defs = router.definitions();
    const rifle = defs.find((d) => d.name === 'rifle');
    const kpw = defs.find((d) => d.name === 'kpw');
    expect(rifle && kpw).toBeTruthy();
    for (const d of [rifle!, kpw!]) {
      for (const s of d.subcommands) for (const o of s.options) expect(o.description.toLowerCase()).not.toBe(o.name);
    }
    expect(rifle!.subcommands.find((s) => s.name === 'sell')!.options.find((o) => o.name === 'qty')).toMatchObject({
      type: 'integer',
      autocomplete: true,
    });
  });
});

describe('moderators reseat a running game (issue 8 item 3)', () => {
  it('replaces the holder, says whom it replaced in public, and leaves state and log alone', async () => {
    const h = await duoTable();
    await h.say('alice', '/duel roll');
    const before = h.svc.store.liveGame('c1')!;
    const log = h.svc.store.log(before.id).length;
    const o = await h.say('mod', '/game join side:b user:carol');
    expect(o.replies[0].ephemeral).toBe(false);
    expect(o.replies[0].content).toMatch(/reseated \*\*Player B\*\*.*<@carol> plays it now in place of <@bob>/);
    const after = h.svc.store.liveGame('c1')!;
    expect(after.state).toBe(before.state);
    expect(after.version).toBe(before.version);
    expect(h.svc.store.log(after.id).length).toBe(log);
    expect(h.svc.store.seats(after.id).find((s) => s.role === 'b')).toMatchObject({ userId: 'carol' });
    expect(o.replies[0].mentions).toEqual(['carol']);
    expect(text(await h.say('bob', '/duel roll'))).toMatch(/Only a player of this game may use/);
  });

  it('in play, side: autocompletes every side with its holder (for a reseat)', async () => {
    const h = await duoTable();
    const choices = await h.router.autocomplete({
      command: 'game',
      sub: 'join',
      focused: 'side',
      partial: '',
      options: {},
      caller: { id: 'mod', name: 'mod', isModerator: true },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(choices).toEqual([
      { name: 'Player A (now alice)', value: 'a' },
      { name: 'Player B (now bob)', value: 'b' },
    ]);
  });

  it('a player is told a moderator can reseat; a moderator without user: is told how', async () => {
    const h = await duoTable();
    const player = await h.say('carol', '/game join side:b');
    expect(player.replies[0].content).toMatch(/Only a moderator may reseat a side once the game has started \(seats are fixed then/);
    expect(player.replies[0].content).not.toMatch(/\/game join/);
    const mod = await h.say('mod', '/game join side:b');
    expect(mod.replies[0].content).toMatch(
      /name its new player \(\/game join side:<side> user:<member>\) or seat the built-in bot \(\/game bot side:<side>\)/,
    );
    const player2 = await h.say('carol', '/game join side:b user:carol');
    expect(player2.replies[0].content).toMatch(/seats are fixed/);
  });

  it('seats are listed by side and player name in /game list and /game status, also after a reseat from Discord', async () => {
    const h = await duoTable();
    const list = text(await h.say('mod', '/game list'));
    expect(list).toMatch(/Player A: alice, Player B: bob/);
    expect(text(await h.say('mod', '/game status'))).toMatch(/Player A: alice · Player B: bob/);
    // Discord sends the user's id and, resolved, the name: the seat keeps the name.
    const id = '1300000000000000003';
    await h.router.dispatch({
      command: 'game',
      sub: 'join',
      options: { side: 'b', user: id },
      names: { user: 'Carol C' },
      caller: { id: 'mod', name: 'mod', isModerator: true },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(text(await h.say('mod', '/game status'))).toMatch(/Player B: Carol C/);
    expect(text(await h.say('mod', '/game list'))).not.toMatch(new RegExp(id));
  });
});

describe('one member on several sides (a practice game)', () => {
  it('is allowed, and the join reply says it is a practice game (ratings skip a game with one member on two sides)', async () => {
    const h = harness();
    await h.say('alice', '/game new system:duel');
    await h.say('alice', '/game join side:a');
    const both = await h.say('alice', '/game join side:b');
    expect(both.replies[0].content).toMatch(/<@alice> now plays Player A and Player B \(a practice game: not rated\)/);
  });
});
