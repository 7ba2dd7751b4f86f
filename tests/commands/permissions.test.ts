// Who may use each command (issue 18 §3): every declared subcommand of every
// command, called by each kind of caller (a player, another player, a
// spectator, a moderator, the umpire, the game's creator; the two players are
// also the two players of a tournament match), is allowed or
// refused by the driver exactly as its declaration says; a refused call
// changes nothing and answers privately with the text derived from the
// declaration. The parts only moderators may use (another member, a game in
// play, several steps back) are each called too.
import { beforeAll, describe, expect, it } from 'vitest';
import '../../src/app/games.ts';
import { getGame, registerGame } from '../../src/games/registry.ts';
import { commandTable } from '../../commands/router.ts';
import { commandList, mayUse, type Command, type Subcommand } from '../../commands/table.ts';
import { callOf, partsOf, refusalText, type Who } from '../../commands/permission.ts';
import { pathOf } from '../../commands/options.ts';
import type { Invocation } from '../../commands/types.ts';
import type { Services } from '../../src/app/services.ts';
import { breathe } from '../setup/breathe.ts';
import { writesSoFar } from '../setup/writes.ts';
import { council } from '../fixtures/council/index.ts';
import { harness } from '../app/harness.ts';
import { repoOf } from '../../src/tournament/repo.ts';

type Kind = 'seat' | 'other seat' | 'spectator' | 'moderator' | 'umpire' | 'creator';
const CALLERS: Record<Kind, string> = {
  seat: 'alice',
  'other seat': 'bob',
  spectator: 'eve',
  moderator: 'mod',
  umpire: 'uma',
  creator: 'carol',
};

/** The declaration read as a rule, written here apart from the driver: may this kind of caller use it? */
function expected(who: Who, kind: Kind): boolean {
  const seat = kind === 'seat' || kind === 'other seat';
  switch (who) {
    case 'anyone':
    case 'self-or-moderator':
      return true;
    case 'seat':
      return seat;
    case 'umpire':
      return kind === 'umpire';
    case 'seat-or-moderator':
      return seat || kind === 'moderator';
    case 'creator-or-moderator':
      return kind === 'creator' || kind === 'moderator';
    case 'match-player':
      return seat;
    case 'match-player-or-moderator':
      return seat || kind === 'moderator';
    case 'moderator':
    case 'organiser':
      return kind === 'moderator';
  }
}

// Options a game needs to have an umpire's seat or a second side.
const OPTIONS: Record<string, string> = { wk4: 'umpire=human', council: 'umpire=true', rifle: 'players=2' };

const inv = (command: string, sub: Subcommand, user: string, channelId: string, options: Invocation['options'] = {}): Invocation => ({
  command,
  ...(sub.group ? { group: sub.group } : {}),
  sub: sub.name,
  options,
  caller: { id: user, name: user, isModerator: user === 'mod' },
  where: { guildId: 'g1', channelId },
});

/** Rows written so far (tests/setup/writes.ts, on either backend): a refusal writes none. */
const stored = (svc: Services): number => writesSoFar(svc.store.db);

beforeAll(() => {
  if (!getGame('council')) registerGame(council);
});

/** Kinds about the match `match:` names: their calls name alice and bob's tournament match. */
const MATCH_KINDS: Who[] = ['match-player', 'match-player-or-moderator'];

/**
 * A lobby per system (carol opened it, alice and bob hold its first two sides,
 * uma umpires where it can), a duel in play, and a running tournament whose
 * one match is alice against bob (its number: `match`).
 */
async function tables() {
  const h = harness();
  const channels = new Map<string, string>();
  for (const command of commandTable().filter((c) => c.system)) {
    const system = command.system!;
    const channel = `lobby-${system}`;
    const mod = getGame(system)!;
    await h.say('carol', `/game new system:${system}${OPTIONS[system] ? ` options:${OPTIONS[system]}` : ''}`, channel);
    const roles = mod.roles(mod.parseOptions(h.svc.store.liveGame(channel)!.options as never));
    await h.say('alice', `/game join side:${roles[0].id}`, channel);
    if (roles[1]) await h.say('bob', `/game join side:${roles[1].id}`, channel);
    if (mod.umpire) await h.say('mod', '/game join side:umpire user:uma', channel);
    channels.set(system, channel);
  }
  await h.say('carol', '/game new system:duel', 'play');
  await h.say('alice', '/game join side:a', 'play');
  await h.say('bob', '/game join side:b', 'play');
  await h.say('carol', '/game start', 'play');
  await h.say('mod', '/tournament create name:Cup system:duel format:knockout bidding:true');
  for (const player of ['alice', 'bob']) {
    await h.say(player, '/tournament signup');
    await h.say(player, '/tournament checkin');
  }
  await h.say('mod', '/tournament start');
  const [match] = repoOf(h.svc).matches(1, 1);
  return { ...h, channels, match: String(match.id) };
}

describe('every declared subcommand, every kind of caller (issue 18 §3)', () => {
  it('the driver allows exactly whom the declaration names; a refusal is private, derived and changes nothing', async () => {
    const h = await tables();
    const seatsOf = (channel: string) => h.svc.store.seats(h.svc.store.liveGame(channel)!.id).map((s) => `${s.role}:${s.userId}`);
    // The tables are what the callers' kinds say: players, the umpire where the game has one, the creator apart.
    expect(seatsOf('lobby-duel')).toEqual(['a:alice', 'b:bob']);
    expect(seatsOf('lobby-council')).toEqual(expect.arrayContaining(['red:alice', 'blue:bob', 'umpire:uma']));
    expect(h.svc.store.liveGame('lobby-duel')!.createdBy).toBe('carol');
    const match = repoOf(h.svc).match(Number(h.match))!;
    expect([match.a, match.b].sort()).toEqual(['alice', 'bob']);
    let refused = 0;
    let allowed = 0;
    const kindsSeen = new Set<Who>();
    for (const command of commandTable()) {
      // A game's own command in a lobby of its system; the host's commands beside a duel's lobby.
      const channel = command.system ? h.channels.get(command.system)! : 'lobby-duel';
      const umpired = !!getGame(h.svc.store.liveGame(channel)!.system)!.umpire;
      for (const sub of command.subcommands) {
        kindsSeen.add(sub.who);
        for (const kind of Object.keys(CALLERS) as Kind[]) {
          if (kind === 'umpire' && !umpired) continue;
          const call = inv(command.name, sub, CALLERS[kind], channel, MATCH_KINDS.includes(sub.who) ? { match: h.match } : {});
          const may = mayUse(h.svc, command, sub, call);
          const at = `${kind} ${CALLERS[kind]}: /${command.name} ${pathOf(sub)} (${sub.who})`;
          expect(may, at).toBe(expected(sub.who, kind));
          if (may) {
            allowed++;
            continue;
          }
          refused++;
          const before = stored(h.svc);
          const text = `❌ ${refusalText(command, sub, callOf(h.svc, call))}`;
          const out = await h.router.dispatch(call);
          expect(out.replies, at).toEqual([expect.objectContaining({ content: text, ephemeral: true })]);
          expect(out.posts, at).toEqual([]);
          expect(stored(h.svc), at).toBe(before);
          await breathe();
        }
      }
    }
    // Every kind a declaration can name is declared somewhere, and both answers happen.
    expect([...kindsSeen].sort()).toEqual(
      [
        'anyone',
        'creator-or-moderator',
        'match-player',
        'match-player-or-moderator',
        'moderator',
        'organiser',
        'seat',
        'seat-or-moderator',
        'self-or-moderator',
        'umpire',
      ].sort(),
    );
    expect(refused).toBeGreaterThan(200);
    expect(allowed).toBeGreaterThan(200);
    // The measure sees a write: an allowed call that stores something moves it.
    const before = stored(h.svc);
    const leave = commandTable()[0].subcommands.find((s) => s.name === 'leave')!;
    expect((await h.router.dispatch(inv('game', leave, 'bob', 'lobby-duel'))).replies[0].content).toMatch(/bob> leaves b/);
    expect(stored(h.svc)).toBeGreaterThan(before);
  });

  it("a refusal names who may: the players by side and player name, or the umpire; a moderator's names who moderates", async () => {
    const h = await tables();
    const game = commandTable().find((c) => c.name === 'game')!;
    const sub = (command: Command, name: string) => command.subcommands.find((s) => s.name === name)!;
    expect(refusalText(game, sub(game, 'resign'), callOf(h.svc, inv('game', sub(game, 'resign'), 'eve', 'play')))).toBe(
      'Only a player of this game may use `/game resign`: resign the game. Players: Player A — alice, Player B — bob. ' +
        'Spectators can follow with /game status and /game map.',
    );
    expect(refusalText(game, sub(game, 'leave'), callOf(h.svc, inv('game', sub(game, 'leave'), 'eve', 'lobby-duel')))).toMatch(
      /Players: Player A — alice, Player B — bob\. Take an open side with `\/game join side:<side>`\.$/,
    );
    const council = commandTable().find((c) => c.name === 'council')!;
    expect(
      refusalText(council, sub(council, 'publish'), callOf(h.svc, inv('council', sub(council, 'publish'), 'alice', 'lobby-council'))),
    ).toBe("Only this game's umpire may use `/council publish`: publish the round's results. The umpire: uma.");
    const wk4 = commandTable().find((c) => c.name === 'wk4')!;
    const approve = sub(wk4, 'approve');
    expect(approve.who).toBe('umpire');
    expect(sub(wk4, 'move').who).toBe('seat');
    expect(sub(wk4, 'tables').who).toBe('anyone');
    // /game help's list says who may use each, from the same declarations.
    const list = commandList(commandTable());
    expect(list).toMatch(/`\/game` \(anyone\) new, status/);
    expect(list).toMatch(
      /\(players\) leave, resign · \(players and moderators\) repost, undo · \(the game's creator and moderators\) bot, start, abandon/,
    );
    expect(list).toMatch(/\(the umpire\) umpire approve, umpire choose/);
    expect(list).toMatch(/`\/mod` \(moderators\) deadline, clock, result, modrole/);
    expect(refusalText(game, sub(game, 'start'))).toMatch(
      /^Only the player who created this game, or a moderator, may use `\/game start`: .*Moderators have the Manage Server permission/,
    );
  });

  it('a game-less channel gives the "no game here" refusal to every game-bound kind; another system\'s command names the right one', async () => {
    const h = await tables();
    const gameBound: Who[] = ['seat', 'umpire', 'seat-or-moderator', 'creator-or-moderator'];
    for (const command of commandTable())
      for (const sub of command.subcommands.filter((s) => gameBound.includes(s.who))) {
        const out = await h.router.dispatch(inv(command.name, sub, 'alice', 'empty'));
        expect(out.replies[0].content, `/${command.name} ${pathOf(sub)}`).toMatch(/^❌ There is no game running in this channel\./);
        await breathe();
      }
    const kpw = commandTable().find((c) => c.name === 'kpw')!;
    const out = await h.router.dispatch(
      inv(
        'kpw',
        kpw.subcommands.find((s) => s.who === 'seat')!,
        'alice',
        'lobby-duel',
      ),
    );
    expect(out.replies[0]).toMatchObject({
      ephemeral: true,
      content: `❌ This channel's game is ${getGame('duel')!.title}: use /duel, not /kpw.`,
    });
  });
});

describe("a tournament match's players (issue 18 §3)", () => {
  const tournament = () => commandTable().find((c) => c.name === 'tournament')!;
  const sub = (name: string) => tournament().subcommands.find((s) => s.name === name)!;

  it("bid, confirm and dispute are for the match's players, report for them or a moderator: declared, and so listed", () => {
    expect(['bid', 'confirm', 'dispute', 'report'].map((name) => sub(name).who)).toEqual([
      'match-player',
      'match-player',
      'match-player',
      'match-player-or-moderator',
    ]);
    expect(commandList(commandTable())).toMatch(
      /\(the match's players\) confirm, dispute, bid · \(the match's players and moderators\) report/,
    );
  });

  it('a refusal names the match and its players by name; a wrong `match:` is refused to every caller, moderators too', async () => {
    const h = await tables();
    const refusal = async (name: string, user: string, match: string) => {
      const before = stored(h.svc);
      // Each subcommand's own options, filled in: only the match and the caller decide.
      const given: Invocation['options'] = { match, reason: 'why', outcome: 'a', side: 'a', vp: 0 };
      const options = Object.fromEntries(
        sub(name)
          .options.map((option) => [option.name, given[option.name]])
          .filter(([, value]) => value !== undefined),
      );
      const out = await h.router.dispatch(inv('tournament', sub(name), user, 'lobby-duel', options));
      expect(out.posts, `${user}: /tournament ${name}`).toEqual([]);
      expect(stored(h.svc), `${user}: /tournament ${name}`).toBe(before);
      expect(out.replies, `${user}: /tournament ${name}`).toEqual([expect.objectContaining({ ephemeral: true })]);
      return out.replies[0].content;
    };
    expect(await refusal('confirm', 'eve', h.match)).toBe(
      '❌ Only the players of this match may use `/tournament confirm`: confirm the result recorded for your match. ' +
        'R1 · T1 of **Cup**: alice against bob.',
    );
    expect(await refusal('report', 'carol', 'R1T1')).toBe(
      '❌ Only the players of this match, or a moderator, may use `/tournament report`: record a result for both players to confirm. ' +
        "R1 · T1 of **Cup**: alice against bob. Moderators have the Manage Server permission or the server's moderator role (set with `/mod modrole`).",
    );
    for (const name of ['bid', 'confirm', 'dispute', 'report'])
      for (const user of ['alice', 'mod']) {
        expect(await refusal(name, user, 'R9T9')).toBe('❌ There is no such match on this server (see /tournament pairings).');
        expect(await refusal(name, user, 'my match')).toMatch(/^❌ 'my match' is not a match: give its round and table/);
      }
  });

  it("the match thread's Confirm and Dispute buttons go through the same check: refused to others with the same text, nothing written", async () => {
    const h = await tables();
    const press = (user: string, customId: string) =>
      h.router.button({
        customId,
        caller: { id: user, name: user, isModerator: user === 'mod' },
        where: { guildId: 'g1', channelId: 'c1' },
      });
    // A moderator records a result for alice and bob to confirm.
    expect((await h.say('mod', `/tournament report match:${h.match} outcome:a reason:adjudicated`)).replies[0].content).toMatch(
      /It counts once <@alice> and <@bob> confirm/,
    );
    for (const [button, name] of [
      ['tconfirm', 'confirm'],
      ['tdispute', 'dispute'],
    ])
      for (const user of ['eve', 'mod', 'carol']) {
        const before = stored(h.svc);
        const out = await press(user, `${button}:${h.match}`);
        const derived = `❌ ${refusalText(tournament(), sub(name), callOf(h.svc, inv('tournament', sub(name), user, 'c1', { match: h.match })))}`;
        expect(out.replies, `${user} presses ${button}`).toEqual([expect.objectContaining({ content: derived, ephemeral: true })]);
        expect(derived).toMatch(/alice against bob/);
        expect(out.posts).toEqual([]);
        expect(stored(h.svc), `${user} presses ${button}`).toBe(before);
      }
    // The players pass the same check.
    expect((await press('alice', `tconfirm:${h.match}`)).replies[0].content).toMatch(/waiting for your opponent/);
    expect((await press('bob', `tdispute:${h.match}`)).replies[0].content).toMatch(/You disputed the result of R1 · T1/);
  });
});

/** One call using each part only moderators may use, at a table where it applies. */
const PART_CALLS: { at: string; channel: string; options: Invocation['options']; refused: RegExp }[] = [
  { at: '/game join', channel: 'lobby-duel', options: { side: 'b', user: 'dave' }, refused: /use `\/game join` for another member/ },
  { at: '/game join', channel: 'lobby-council', options: { side: 'umpire' }, refused: /appoint the umpire/ },
  { at: '/game join', channel: 'play', options: { side: 'b' }, refused: /reseat a side once the game has started/ },
  {
    at: '/game join',
    channel: 'lobby-duel',
    options: { side: 'b' },
    refused: /seat someone on Player B, already taken by bob \(open sides: none\)/,
  },
  { at: '/game bot', channel: 'play', options: { side: 'b' }, refused: /seat the built-in bot once the game has started/ },
  { at: '/game bot', channel: 'lobby-duel', options: { side: 'a' }, refused: /seat someone on Player A, already taken by alice/ },
  { at: '/game undo', channel: 'play', options: { count: 2 }, refused: /roll back several actions/ },
  { at: '/game abandon', channel: 'play', options: {}, refused: /abandon a game in play/ },
  { at: '/tournament signup', channel: 'lobby-duel', options: { user: 'dave' }, refused: /use `\/tournament signup` for another member/ },
  { at: '/tournament checkin', channel: 'lobby-duel', options: { user: 'dave' }, refused: /use `\/tournament checkin` for another member/ },
  { at: '/tournament drop', channel: 'lobby-duel', options: { user: 'dave' }, refused: /use `\/tournament drop` for another member/ },
];

describe('the parts only moderators may use', () => {
  it('each declared part is called here: refused to the one the base kind allows, with its own text; a moderator passes', async () => {
    const h = await tables();
    const declared = commandTable().flatMap((command) =>
      command.subcommands.flatMap((sub) => partsOf(command, sub).map(() => `/${command.name} ${pathOf(sub)}`)),
    );
    // Every declared part has its call below (a new part without one fails here).
    expect(PART_CALLS.map((p) => p.at).sort()).toEqual(declared.sort());
    for (const part of PART_CALLS) {
      const [name, subName] = part.at.slice(1).split(' ');
      const command = commandTable().find((c) => c.name === name)!;
      const sub = command.subcommands.find((s) => s.name === subName)!;
      // The base kind allows the caller: the creator for creator-or-moderator, a player otherwise.
      const user = sub.who === 'creator-or-moderator' ? 'carol' : 'alice';
      const call = inv(name, sub, user, part.channel, part.options);
      expect(mayUse(h.svc, command, { ...sub, moderatorParts: [] }, { ...call, options: {} }), part.at).toBe(true);
      expect(mayUse(h.svc, command, sub, call), part.at).toBe(false);
      const before = stored(h.svc);
      const out = await h.router.dispatch(call);
      expect(out.replies, part.at).toEqual([expect.objectContaining({ ephemeral: true })]);
      expect(out.replies[0].content, part.at).toMatch(part.refused);
      expect(out.replies[0].content, part.at).toMatch(/^❌ Only a moderator may .*Moderators have the Manage Server permission/);
      expect(stored(h.svc), part.at).toBe(before);
      expect(mayUse(h.svc, command, sub, { ...call, caller: { id: 'mod', name: 'mod', isModerator: true } }), part.at).toBe(true);
    }
  });
});
