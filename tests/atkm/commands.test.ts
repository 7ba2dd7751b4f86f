// The /atkm commands as players type them (router → sessions → rules): a
// referee-mode stretch played by typed commands, with reported facts on
// fire (open actions built by toActions), refusals that name the rule, and
// a spectator who never reads a side's command points.
import { describe, expect, it } from 'vitest';
import { envOf } from '../../src/app/session.ts';
import { turnHolder } from '../../src/app/teams.ts';
import { atkm } from '../../src/games/atkm/index.ts';
import type { AtkmState } from '../../src/games/atkm/state.ts';
import { harness, text } from '../app/harness.ts';
import { resolveAction } from '../../commands/play.ts';
import { findLegal } from '../../src/engine/runner.ts';
import { RuleError } from '../../src/engine/errors.ts';
import { blank, play, put } from './helpers.ts';

describe('ATKM /atkm commands (referee mode)', () => {
  it('a stretch of battle by typed commands: activate, fire with facts, done, pass, cards, end of turn', async () => {
    const h = harness({ seed: 'atkm-cmd' });
    await h.say('alice', '/game new system:atkm options:scenario=open-field');
    await h.say('alice', '/game join side:red');
    await h.say('bob', '/game join side:black');
    await h.say('alice', '/game start');
    const user = { red: 'alice', black: 'bob' } as const;
    let fired = 0;
    let refused = 0;
    for (let i = 0; i < 80; i++) {
      const row = h.svc.store.liveGame('c1');
      if (!row) break;
      const s = envOf(row).game as AtkmState;
      const p = atkm.prompts(s)[0];
      if (!p) break;
      const legal = atkm.legal(s, p.role);
      const fire = legal.find((l) => l.sub === 'fire');
      const pick = fire ?? legal.find((l) => l.sub !== 'override') ?? legal[0]!;
      const group = atkm.subcommands.find((c) => c.name === pick.sub)?.group;
      const args = Object.entries(pick.args).map(([k, v]) => `${k}:${v}`);
      if (pick.sub === 'fire') {
        // A refused fact first (cavalry-style close range for infantry is refused unless artillery), then the facts as measured.
        const u = s.units[String(s.stack.frames.at(-1)!.unit)]!;
        if (!u.type.includes('artillery')) {
          const no = await h.say(user[p.role as 'red'], `/atkm fire ${args.join(' ')} close:true`);
          expect(text(no)).toMatch(/Only artillery fires grapeshot/);
          refused++;
        }
        args.push('cover:light', 'high:defender');
        fired++;
      }
      const out = group
        ? await h.router.dispatch({
            command: 'atkm',
            group,
            sub: pick.sub,
            options: Object.fromEntries(args.map((a) => [a.slice(0, a.indexOf(':')), a.slice(a.indexOf(':') + 1)])),
            caller: { id: user[p.role as 'red'], name: user[p.role as 'red'], isModerator: false },
            where: { guildId: 'g1', channelId: 'c1' },
          })
        : await h.say(user[p.role as 'red'], `/atkm ${pick.sub} ${args.join(' ')}`.trim());
      expect(text(out)).not.toMatch(/internal error|not a legal action|❌/);
    }
    expect(fired).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    // A spectator's status never carries a side's command points left.
    const status = text(await h.say('eve', '/game status'));
    expect(status).not.toMatch(/command points left/);
    h.svc.store.close();
  }, 60_000);
});

describe('ATKM Allied Generals (p.11): a team in turns', () => {
  it("each red card goes to the next member, and the acting general (whose rating the order dice use) is that member's", async () => {
    const h = harness({ seed: 'atkm-team' });
    await h.say('mike', '/game new system:atkm options:generals=2');
    await h.say('mike', '/game join side:red');
    await h.say('eric', '/game join side:red');
    await h.say('bob', '/game join side:black');
    await h.say('mike', '/game start');
    const seats = h.svc.store.seats(h.svc.store.liveGame('c1')!.id);
    const info = atkm.roles(atkm.parseOptions({ generals: 2 })).find((r) => r.id === 'red');
    let checked = 0;
    for (let i = 0; i < 150; i++) {
      const row = h.svc.store.liveGame('c1');
      if (!row) break;
      const env = envOf(row);
      const s = env.game as AtkmState;
      const p = atkm.prompts(s)[0];
      if (!p) break;
      let user = 'bob';
      if (p.role === 'red') {
        user = turnHolder(info, seats, env.decisions)!.userId;
        const card = s.stack.frames.find((f) => f.proc === 'card');
        if (card && s.stack.frames.at(-1)!.proc === 'card') {
          expect(card.general).toBe(user === 'mike' ? 'red-g1' : 'red-g2');
          checked++;
        }
      }
      const legal = atkm.legal(s, p.role);
      const pick = atkm.bot!(s, p.role, legal, { rand: () => 0.3 });
      h.svc.sessions.act(row, user, p.role, [pick.action]);
    }
    expect(checked).toBeGreaterThan(5);
    h.svc.store.close();
  }, 60_000);
});

describe('ATKM Command Points (p.12): near: as the README types it', () => {
  const typed = (s: AtkmState, unit: string, near: string) => resolveAction(atkm, s, ['red'], 'activate', { unit, near }).actions[0]!;

  it('a yellow unit in referee mode: near:yes/no, or true/false, choose the command point alone or the order roll', () => {
    const s = blank();
    const u = put(s, 'red', 'infantry', { color: 'yellow' });
    s.sides.red.cp = 2;
    play(s, '4H');
    const offered = atkm.legal(s, 'red').filter((l) => l.sub === 'activate' && l.args.unit === u.id);
    expect(offered.map((l) => l.args.near).sort()).toEqual(['no', 'yes']);
    for (const [v, near] of [
      ['yes', 'yes'],
      ['true', 'yes'],
      ['no', 'no'],
      ['false', 'no'],
    ] as const) {
      const a = typed(s, u.name, v);
      expect(a).toMatchObject({ type: 'activate', unit: u.id, near });
      expect(findLegal(atkm, s, 'red', a)).toBeDefined();
    }
    expect(() => typed(s, u.name, 'maybe')).toThrow(/near: is yes or no/);
  });

  it('a green unit obeys wherever it is (p.13): near:yes, no, true or false are accepted and change nothing; autocomplete says why', async () => {
    const s = blank();
    const u = put(s, 'red', 'infantry');
    s.sides.red.cp = 0;
    play(s, '4H');
    for (const v of ['yes', 'no', 'true', 'false', 'any']) {
      const a = typed(s, u.name, v);
      expect(a).toMatchObject({ type: 'activate', unit: u.id });
      expect(findLegal(atkm, s, 'red', a)).toBeDefined();
    }
    const why = (() => {
      try {
        typed(s, u.name, 'maybe');
      } catch (e) {
        return (e as RuleError).message;
      }
    })();
    expect(why).toMatch(/near: is yes or no/);
    // Typed at the table: accepted, and autocomplete offers the value with why it does not matter.
    const h = harness({ seed: 'a' });
    await h.say('alice', '/game new system:atkm options:scenario=open-field');
    await h.say('alice', '/game join side:red');
    await h.say('bob', '/game join side:black');
    await h.say('alice', '/game start');
    const g = envOf(h.svc.store.liveGame('c1')!).game as AtkmState;
    const first = atkm.legal(g, 'red').find((l) => l.sub === 'activate')!;
    expect(g.units[first.args.unit!]!.color).toBe('green');
    const ac = await h.router.autocomplete({
      command: 'atkm',
      sub: 'activate',
      focused: 'near',
      partial: '',
      options: { unit: first.args.unit! },
      caller: { id: 'alice', name: 'alice', isModerator: false },
      where: { guildId: 'g1', channelId: 'c1' },
    });
    expect(ac.map((c) => c.name)).toEqual(['any (green: it obeys wherever it is)']);
    expect(text(await h.say('alice', '/atkm activate unit:' + first.args.unit + ' near:no'))).toMatch(/activates .*\(green\)/);
    h.svc.store.close();
  });
});
