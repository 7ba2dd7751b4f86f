import { describe, expect, it } from 'vitest';
import { ChannelBusyError } from '../../src/store/store.ts';
import { duoTable, harness, text } from './harness.ts';

const started = () => duoTable();

describe('command layer (issue 2 §4): every rejection is private and changes nothing', () => {
  it('opens a game, seats players and starts with the prompt and a mention', async () => {
    const { start } = await started();
    expect(start.posts[0].content).toMatch(/begins/);
    expect(start.posts[0].mentions).toEqual(['alice']);
    expect(start.posts[0].content).toMatch(/roll or bank/);
  });

  it('wrong turn: private reply naming whose turn it is; version unchanged', async () => {
    const h = await started();
    const before = h.svc.store.liveGame('c1')!.version;
    const o = await h.say('bob', '/duel roll');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/not your turn/i);
    expect(h.svc.store.liveGame('c1')!.version).toBe(before);
  });

  it('not a player: private refusal listing the seats', async () => {
    const h = await started();
    const o = await h.say('carol', '/duel roll');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/Only a player of this game may use `\/duel roll`.*Players: Player A — alice, Player B — bob\./);
  });

  it('unknown name / illegal option value: private, lists what is allowed', async () => {
    const h = await started();
    const o = await h.say('alice', '/duel mark n:seven');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(o.replies[0].content).toMatch(/not a legal `n`/);
    expect(o.replies[0].content).toMatch(/n:one/);
    const u = await h.say('alice', '/duel jump');
    expect(u.replies[0].content).toMatch(/Unknown \/duel subcommand/);
  });

  it('malformed option: game options that are not key=value, and bad integers', async () => {
    const h = harness();
    const o = await h.say('alice', '/game new system:duel options:==');
    expect(o.replies[0].ephemeral).toBe(true);
    expect(h.svc.store.liveGame('c1')).toBeNull();
    const bad = await h.say('alice', '/game new system:duel options:target=3');
    expect(bad.replies[0].content).toMatch(/target must be a whole number from 5 to 100/);
    const unknown = await h.say('alice', '/game new system:chess');
    expect(unknown.replies[0].content).toMatch(/Unknown game "chess"/);
  });

  it('a legal action is applied, logged, and matched by display name too', async () => {
    const h = await started();
    const o = await h.say('alice', '/duel mark n:one');
    expect(o.replies[0].ephemeral).toBe(false);
    expect(o.replies.some((r) => r.ephemeral && /marked 1/.test(r.content))).toBe(true);
    expect(h.svc.store.log(h.svc.store.liveGame('c1')!.id)).toHaveLength(1);
  });

  it('undo (issue 2 §2): own action without dice can be taken back; after dice it cannot', async () => {
    const h = await started();
    await h.say('alice', '/duel mark n:two');
    const u = await h.say('alice', '/game undo');
    expect(text(u)).toMatch(/took back/);
    await h.say('alice', '/duel roll');
    const u2 = await h.say('alice', '/game undo');
    expect(u2.replies[0].ephemeral).toBe(true);
    expect(u2.replies[0].content).toMatch(/can no longer be taken back/);
  });

  it('stale button (Engine v2 §7): stale once its decision is gone; refused privately with fresh choices, nothing changes', async () => {
    const h = await started();
    const o = await h.say('alice', '/duel mark n:one');
    const button = o.replies[0].buttons![0];
    // End alice's turn: bank what a roll brings (or bust on a 1).
    for (let i = 0; i < 10 && JSON.parse(h.svc.store.liveGame('c1')!.state!).game.turn === 'a'; i++) {
      await h.say('alice', JSON.parse(h.svc.store.liveGame('c1')!.state!).game.pending > 0 ? '/duel bank' : '/duel roll');
    }
    const v = h.svc.store.liveGame('c1')!.version;
    expect(JSON.parse(h.svc.store.liveGame('c1')!.state!).game.turn).toBe('b');
    const pressed = await h.router.button({
      customId: button.customId,
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(pressed.replies[0].ephemeral).toBe(true);
    expect(pressed.replies[0].content).toMatch(/stale/);
    expect(h.svc.store.liveGame('c1')!.version).toBe(v);
  });

  it('button per decision (Engine v2 §7): an action within the same decision leaves its buttons valid', async () => {
    const h = await started();
    const o = await h.say('alice', '/duel mark n:one');
    const button = o.replies[0].buttons!.find((b) => /Mark 2/.test(b.label))!;
    await h.say('alice', '/duel mark n:two');
    const v = h.svc.store.liveGame('c1')!.version;
    const pressed = await h.router.button({
      customId: button.customId,
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(pressed.replies.map((r) => r.content).join('\n')).not.toMatch(/stale/);
    expect(h.svc.store.liveGame('c1')!.version).toBe(v + 1);
  });

  it('a fresh button applies its legal action; another player pressing it is refused', async () => {
    const h = await started();
    const o = await h.say('alice', '/duel mark n:one');
    const roll = o.replies[0].buttons!.find((b) => /Roll/.test(b.label))!;
    const bob = await h.router.button({
      customId: roll.customId,
      caller: { id: 'bob', name: 'bob', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(bob.replies[0].ephemeral).toBe(true);
    const ok = await h.router.button({
      customId: roll.customId,
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(text(ok)).toMatch(/duel d6/);
  });

  it('two commands at once: the loser is told the game moved on, nothing lost', async () => {
    const h = await started();
    const row = h.svc.store.liveGame('c1')!;
    h.svc.sessions.act(row, 'alice', 'a', [{ type: 'mark', n: 1 }]);
    expect(() => h.svc.sessions.act(row, 'alice', 'a', [{ type: 'mark', n: 2 }])).toThrow(/moved on/);
    expect(h.svc.store.log(row.id)).toHaveLength(1);
  });

  it('moderator tools: only moderators abandon; verify reports a matching replay', async () => {
    const h = await started();
    await h.say('alice', '/duel roll');
    const v = await h.say('bob', '/game verify');
    expect(v.replies[0].content).toMatch(/matches the stored state/);
    const no = await h.say('alice', '/game abandon');
    expect(no.replies[0].content).toMatch(/Only a moderator/);
    const yes = await h.say('mod', '/game abandon');
    expect(yes.replies[0].content).toMatch(/abandoned/);
    const after = await h.say('bob', '/game verify');
    expect(after.replies[0].content).toMatch(/SHA-256 of the revealed seed matches/);
  });

  it('bots fill empty seats and play to the end; the seed is revealed', async () => {
    const h = harness();
    await h.say('alice', '/game new system:duel');
    const o = await h.say('alice', '/game start fill_bots:true');
    expect(text(o)).toMatch(/Game over/);
    expect(text(o)).toMatch(/Seed revealed: `test-seed`/);
    expect(h.svc.store.latestGame('c1')!.status).toBe('over');
  });
});

describe('moderators (issue 2 §4): deadlines, results, seating', () => {
  it('a passed deadline takes the default choice and posts it in the game channel', async () => {
    const h = await started();
    const no = await h.say('alice', '/game deadline hours:1');
    expect(no.replies[0].content).toMatch(/Only a moderator/);
    const yes = await h.say('mod', '/game deadline hours:1');
    expect(yes.replies[0].content).toMatch(/Deadline set/);
    const row = h.svc.store.liveGame('c1')!;
    const [d] = h.svc.store.deadlines.ofGame(row.id);
    h.svc.store.deadlines.set(row.id, d.role, d.decisionId, Date.now() - 1000);
    const outs = await h.router.tick!();
    // One outcome per default taken (a roll that does not bust leaves the decision open: the default repeats),
    // each stored as soon as it was committed.
    expect(outs.length).toBeGreaterThanOrEqual(1);
    expect(outs.length).toBe(h.svc.store.log(row.id).filter((e) => e.userId === 'deadline').length);
    for (const o of outs) {
      expect(o.posts[0].channelId).toBe('c1');
      expect(o.posts[0].content).toMatch(/Deadline passed/);
      expect(o.queued?.length).toBe(o.posts.length);
    }
    expect(h.svc.store.log(row.id)[0].action).toEqual({ type: 'roll' });
    expect(h.svc.store.deadlines.ofGame(row.id)).toEqual([]);
  });

  it('a moderator records a result; a malformed hours option is refused privately', async () => {
    const h = await started();
    const bad = await h.say('mod', '/game deadline hours:soon');
    expect(bad.replies[0].ephemeral).toBe(true);
    expect(bad.replies[0].content).toMatch(/whole number/);
    const r = await h.say('mod', '/game result winner:b note:forfeit');
    expect(r.replies[0].content).toMatch(/winner Player B/);
    expect(h.svc.store.latestGame('c1')!.status).toBe('over');
  });

  it('a moderator seats another user; players cannot take a taken side', async () => {
    const h = harness();
    await h.say('alice', '/game new system:duel');
    await h.say('alice', '/game join side:a');
    const taken = await h.say('bob', '/game join side:a');
    expect(taken.replies[0].content).toMatch(/already taken/);
    const seated = await h.say('mod', '/game join side:b user:carol');
    expect(seated.replies[0].content).toMatch(/carol/);
    expect(h.svc.store.seats(h.svc.store.liveGame('c1')!.id).map((s) => s.userId)).toEqual(['alice', 'carol']);
  });

  it('a moderator may roll back several actions; players may not', async () => {
    const h = await started();
    await h.say('alice', '/duel mark n:one');
    await h.say('alice', '/duel mark n:two');
    const no = await h.say('alice', '/game undo count:2');
    expect(no.replies[0].content).toMatch(/Only a moderator/);
    await h.say('mod', '/game undo count:2');
    const row = h.svc.store.liveGame('c1')!;
    expect(JSON.parse(row.state!).game).toEqual(JSON.parse(h.svc.store.snapshots(row.id)[0].state).game);
  });
});

describe('names and buttons (issue 2 §4: unknown names; issue 3: buttons for prompts)', () => {
  it('names match regardless of case and punctuation, or by a unique word; several seats asked get a labelled dropdown each', async () => {
    await import('../../src/app/games.ts');
    const h = harness({ seed: 'names-1' });
    await h.say('alice', '/game new system:rifle options:players=2');
    await h.say('alice', '/game join side:p1');
    await h.say('bob', '/game join side:p2');
    const start = await h.say('alice', '/game start');
    // Leader labels pass a button's 80 characters (issue 9): a dropdown per seat keeps them whole.
    const menus = start.posts.flatMap((p) => p.selects ?? []);
    expect(menus).toHaveLength(2);
    expect(menus[0].placeholder).toMatch(/^Settlement 1: Pick your leader/);
    expect(menus[1].placeholder).toMatch(/^Settlement 2: Pick your leader/);
    expect(menus[1].options.map((o) => o.label)).toContain(
      'Lead with Ann Lindsay: Gain 1 extra Home Industry, Cooking, or Weaving action per turn',
    );
    const a = await h.say('alice', '/rifle leader name:DANIEL-boone');
    expect(text(a)).toMatch(/Settlement 1 is led by Daniel Boone/);
    const b = await h.say('bob', '/rifle leader name:rogers');
    expect(text(b)).toMatch(/Settlement 2 is led by George Rogers Clark/);
  });

  it('a name that fits several choices asks which one; an unknown one lists what is allowed, grouping the counts of one action', async () => {
    await import('../../src/app/games.ts');
    const h = harness({ seed: 'names-2' });
    await h.say('alice', '/game new system:rifle options:players=1');
    await h.say('alice', '/game join side:p1');
    await h.say('alice', '/game start');
    const before = h.svc.store.liveGame('c1')!.version;
    const amb = await h.say('alice', '/rifle leader name:b');
    expect(amb.replies[0].ephemeral).toBe(true);
    expect(amb.replies[0].content).toMatch(/Which one\?.*Daniel Boone.*Benjamin Logan/);
    const none = await h.say('alice', '/rifle leader name:washington');
    expect(none.replies[0].content).toMatch(/not a legal `name`.*\n.*Daniel Boone/);
    expect(h.svc.store.liveGame('c1')!.version).toBe(before);
    await h.say('alice', '/rifle leader name:clark');
    const bad = await h.say('alice', '/rifle plans text:fishing*9');
    expect(bad.replies[0].ephemeral).toBe(true);
    // Each plannable action appears once with its range of counts, not once per count.
    expect(bad.replies[0].content).toMatch(/at most 6 per turn[\s\S]*Allowed now:.*Plan Milk ×1–6/);
    expect(bad.replies[0].content).not.toMatch(/Plan Milk ×2/);
  });
});

describe('one game per channel (issue 2 §3)', () => {
  it('a second /game new in a busy channel is refused privately, naming the game and the way out; the creator may call off a lobby', async () => {
    const h = harness();
    await h.say('alice', '/game new system:duel');
    const again = await h.say('bob', '/game new system:duel');
    expect(again.replies[0].ephemeral).toBe(true);
    expect(again.replies[0].content).toMatch(/already has game #1 .*waiting for players[\s\S]*\/game abandon/);
    const notCreator = await h.say('bob', '/game abandon');
    expect(notCreator.replies[0].content).toMatch(/Only the player who created this game, or a moderator/);
    const off = await h.say('alice', '/game abandon');
    expect(off.replies[0].content).toMatch(/called off by the player who opened it/);
    const fresh = await h.say('bob', '/game new system:duel');
    expect(fresh.replies[0].ephemeral).toBeFalsy();
    expect(h.svc.store.liveGame('c1')!.createdBy).toBe('bob');
  });

  it('a game in play is abandoned only by a moderator; the store refuses a racing second game with a clear error', async () => {
    const h = await started();
    const no = await h.say('alice', '/game abandon');
    expect(no.replies[0].content).toMatch(/moderator/);
    expect(h.svc.store.liveGame('c1')!.status).toBe('active');
    expect(() =>
      h.svc.store.createGame({ guildId: 'g1', channelId: 'c1', system: 'duel', options: {}, seed: 's', seedHash: 'h', createdBy: 'x' }),
    ).toThrow(ChannelBusyError);
  });

  it('options autocomplete: only the chosen system, keeping what is typed', async () => {
    await import('../../src/app/games.ts');
    const h = harness();
    const list = await h.router.autocomplete({
      command: 'game',
      sub: 'new',
      focused: 'options',
      partial: 'players=1, ro',
      options: { system: 'rifle' },
      caller: { id: 'a', name: 'a', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(list.map((c) => c.value)).toEqual(['players=1, roundup=false', 'players=1, mildsalt=false']);
    const kpw = await h.router.autocomplete({
      command: 'game',
      sub: 'new',
      focused: 'options',
      partial: '',
      options: { system: 'kpw' },
      caller: { id: 'a', name: 'a', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(kpw.length).toBeGreaterThan(3);
    expect(kpw.every((c) => c.name.startsWith('kpw:'))).toBe(true);
  });
});

describe('seating refusals (issue 2 §4: malformed options change nothing)', () => {
  it('a blank user: is refused; a reseat names who was replaced; fill_bots must be true or false', async () => {
    const h = harness();
    await h.say('alice', '/game new system:duel');
    await h.say('alice', '/game join side:a');
    await h.say('mod', '/game join side:b user:bob');
    const blank = await h.say('mod', '/game join side:b user:');
    expect(blank.replies[0].ephemeral).toBe(true);
    expect(blank.replies[0].content).toMatch(/`user:` needs a member/);
    const row = h.svc.store.liveGame('c1')!;
    expect(h.svc.store.seats(row.id).find((s) => s.role === 'b')!.userId).toBe('bob');
    const re = await h.say('mod', '/game join side:b user:carol');
    expect(re.replies[0].content).toMatch(/<@carol> takes \*\*Player B\*\* \(in place of <@bob>\)/);
    const maybe = await h.say('alice', '/game start fill_bots:maybe');
    expect(maybe.replies[0].content).toMatch(/`fill_bots` must be true or false/);
    expect(h.svc.store.liveGame('c1')!.status).toBe('lobby');
  });
});
