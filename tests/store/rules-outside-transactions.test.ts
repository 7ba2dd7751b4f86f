// Issue 21 §1: the rules run outside any database transaction; only the
// writes (guarded by the game's version) go in one. A server database cannot
// hold a transaction open while the rules think. Every rules entry point of
// the five systems is wrapped with a guard that notes a call made while the
// store's connection is in a transaction; whole games are then played
// through the app (bots, an undo, a moderator rollback, a resignation, the
// tick) and a small Swiss tournament (a re-pairing by hand, a correction),
// and no call may have been noted. The planted break puts one transaction
// back around engine code and the guard must see it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAllGames } from '../../src/app/games.ts';
import { allGames, getGame } from '../../src/games/registry.ts';
import { envOf, isBotSeat } from '../../src/app/session.ts';
import type { GameModule, Role } from '../../src/engine/types.ts';
import { breathe } from '../setup/breathe.ts';
import { harness, text } from '../app/harness.ts';
import { tempDb } from '../setup/test-db.ts';
import { Ratings } from '../../src/tournament/ratings.ts';
import { repoOf } from '../../src/tournament/repo.ts';
import { writeRound } from '../../src/tournament/service.ts';

/** The rules' entry points that play, look at or draw a game (option parsing and role lists are declarations, left alone). */
const RULES_ENTRY_POINTS = [
  'setup',
  'prompts',
  'legal',
  'apply',
  'view',
  'result',
  'phase',
  'bot',
  'resign',
  'onDeadline',
  'upgrade',
  'summarize',
  'render',
  'renderZoom',
] as const;

/**
 * The connection being watched (each test's own store), and every call the
 * guard caught inside a transaction (hoisted: the mocks below use it).
 */
const guard = vi.hoisted(() => ({
  db: null as { open: boolean; inTransaction: boolean } | null,
  caught: new Set<string>(),
  /** Notes `what` when it runs inside a transaction of the watched store. */
  check(what: string) {
    if (guard.db?.open && guard.db.inTransaction)
      guard.caught.add(`${what} inside a transaction\n${new Error().stack?.split('\n').slice(3, 10).join('\n') ?? ''}`);
  },
}));
const caught = guard.caught;

// A tournament's pairing and the ratings' fold are computations of the same kind: guarded too.
vi.mock('../../src/tournament/rounds.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/tournament/rounds.ts')>();
  return {
    ...original,
    nextPairings: (...args: Parameters<typeof original.nextPairings>) => {
      guard.check('nextPairings');
      return original.nextPairings(...args);
    },
  };
});
vi.mock('openskill', async (importOriginal) => {
  const original = await importOriginal<typeof import('openskill')>();
  return {
    ...original,
    rate: (...args: Parameters<typeof original.rate>) => {
      guard.check('openskill.rate');
      return original.rate(...args);
    },
  };
});

function guardRules(mod: GameModule<any, any>): void {
  const target = mod as unknown as Record<string, unknown>;
  for (const name of RULES_ENTRY_POINTS) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function guarded(this: unknown, ...args: unknown[]) {
      guard.check(`${mod.id}.${name}`);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

beforeAll(() => {
  registerAllGames();
  for (const mod of allGames()) guardRules(mod);
});

afterEach(() => {
  guard.db = null;
  caught.clear();
});

type Harness = ReturnType<typeof harness>;

function watched(seed: string): Harness {
  const h = harness({ seed });
  guard.db = h.svc.store.db;
  return h;
}

/** One human move by `user` on `role`: the module's bot picks it (outside any transaction), the app applies it. */
function humanMove(h: Harness, channel: string, user: string): boolean {
  const row = h.svc.store.liveGame(channel);
  if (!row || row.status !== 'active') return false;
  const mod = getGame(row.system)!;
  const env = envOf(row);
  const mine = new Set(
    h.svc.store
      .seats(row.id)
      .filter((s) => s.userId === user)
      .map((s) => s.role),
  );
  const prompt = mod.prompts(env.game).find((p) => mine.has(p.role));
  if (!prompt) return false;
  const legal = mod.legal(env.game, prompt.role);
  let draw = 0.5;
  const pick = mod.bot
    ? mod.bot(env.game, prompt.role, legal, { rand: () => (draw = ((draw * 9301 + 49297) % 233280) / 233280) })
    : legal[0];
  h.svc.sessions.act(row, user, prompt.role as Role, [pick.action]);
  return true;
}

/** A moderator sets a deadline on the decisions open now; it passes, and the tick takes the defaults. True when the game moved. */
async function takeDefault(h: Harness, gameId: number): Promise<boolean> {
  await h.say('mod', '/game deadline hours:1', 'c1');
  for (const deadline of h.svc.store.deadlines.ofGame(gameId))
    h.svc.store.deadlines.set(gameId, deadline.role, deadline.decisionId, Date.now() - 1);
  const before = h.svc.store.game(gameId)!.version;
  await h.router.tick!();
  return h.svc.store.game(gameId)!.version > before;
}

/** Each system's shortest whole game (the suite stays fast). */
const SYSTEMS: { system: string; options?: string }[] = [
  { system: 'kpw', options: 'short=true' },
  { system: 'rifle', options: 'players=2' },
  { system: 'wog', options: 'scenario=liw' },
  { system: 'wk4', options: 'nations=2,years=1' },
  { system: 'atkm' },
];

/** A game in `channel`: alice on the first side, the built-in bot on every other. */
async function aliceVersusBots(h: Harness, system: string, options: string | undefined, channel: string): Promise<number> {
  await h.say('alice', `/game new system:${system}${options ? ` options:${options}` : ''}`, channel);
  const row = h.svc.store.liveGame(channel)!;
  const mod = getGame(system)!;
  const roles = mod.roles(mod.parseOptions(row.options)).map((r) => r.id);
  await h.say('alice', `/game join side:${roles[0]}`, channel);
  for (const role of roles.slice(1)) await h.say('alice', `/game bot side:${role}`, channel);
  const started = await h.say('alice', '/game start', channel);
  expect(text(started)).not.toMatch(/went wrong|error/i);
  return row.id;
}

describe('the rules run outside every store transaction (issue 21 §1)', () => {
  for (const { system, options } of SYSTEMS)
    it(`${system}: a whole game against bots with an undo and a moderator rollback, then a resignation`, async () => {
      const h = watched(`outside-${system}`);
      const gameId = await aliceVersusBots(h, system, options, 'c1');
      let moves = 0;
      let undone = false;
      let rolledBack = false;
      let defaulted = false;
      for (let i = 0; i < 5000 && h.svc.store.game(gameId)!.status === 'active'; i++) {
        if (!humanMove(h, 'c1', 'alice')) {
          // Nothing asks alice and the bots have not moved: the tick's sweep moves them.
          await h.router.tick!();
          if (!humanMove(h, 'c1', 'alice')) break;
        }
        moves++;
        // Alice takes back her own move once one can be (an undo refused is private and changes nothing).
        if (moves >= 3 && !undone) undone = (await h.say('alice', '/game undo', 'c1')).replies[0]?.ephemeral === false;
        if (moves >= 6 && !rolledBack) rolledBack = (await h.say('mod', '/game undo count:1', 'c1')).replies[0]?.ephemeral === false;
        // Once: alice's deadline passes and the tick takes her default.
        if (moves === 9 && !defaulted) defaulted = await takeDefault(h, gameId);
        await breathe();
      }
      expect(h.svc.store.game(gameId)!.status).toBe('over');
      expect(undone).toBe(true);
      expect(rolledBack).toBe(true);
      expect(defaulted).toBe(true);
      await h.router.tick!();

      // A second game: a few moves, then alice resigns and the bots are left to end it.
      const second = await aliceVersusBots(h, system, options, 'c2');
      for (let i = 0; i < 3; i++) humanMove(h, 'c2', 'alice');
      const resigned = await h.say('alice', '/game resign', 'c2');
      expect(resigned.replies[0]?.ephemeral).not.toBe(true);
      expect(h.svc.store.game(second)!.status).not.toBe('active');
      expect(h.svc.store.seats(second).some(isBotSeat)).toBe(true);

      expect([...caught]).toEqual([]);
    }, 120_000);

  it('a small Swiss (ATKM, bots and players): pairing, a re-pairing by hand, a correction, rounds played to the end', async () => {
    const h = watched('outside-swiss');
    await h.say('mod', '/tournament create name:Open system:atkm format:swiss rounds:2');
    for (const player of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay']) {
      await h.say(player, '/tournament signup');
      await h.say(player, '/tournament checkin');
    }
    for (const bot of ['bot:p1', 'bot:p2']) {
      await h.say('mod', `/tournament signup user:${bot}`);
      await h.say('mod', `/tournament checkin user:${bot}`);
    }
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    const humanMatches = () => repo.matches(1, 1).filter((m) => m.b && !m.a.startsWith('bot:') && !m.b.startsWith('bot:'));
    const [first, second] = humanMatches();
    expect(second, JSON.stringify(repo.matches(1, 1))).toBeDefined();
    const paired = await h.say('mod', `/tournament pair user:${first.a} opponent:${second.a} reason:travel`);
    expect(text(paired)).toContain('paired');
    // Each round: a bot's opponent plays it out through the app; the moderator records the games between players.
    const atkm = getGame('atkm')!;
    const firstSide = atkm.roles(atkm.parseOptions({}))[0].id;
    const finishRound = async (round: number) => {
      for (let guard = 0; guard < 3000; guard++) {
        const open = repo.matches(1, round).find((m) => m.outcome === null && m.gameId);
        if (!open) return;
        const row = h.svc.store.game(open.gameId!)!;
        const human = [open.a, open.b].find((user) => user && !user.startsWith('bot:'))!;
        const againstBot = open.a.startsWith('bot:') || open.b!.startsWith('bot:');
        // A game ended by play reaches its match when the app next looks (a command, or the tick).
        if (row.status !== 'active') await h.router.tick!();
        else if (againstBot) humanMove(h, row.channelId, human);
        else await h.say('mod', `/game result winner:${firstSide}`, row.channelId);
        await breathe();
      }
    };
    await finishRound(1);
    const corrected = repo.matches(1, 1).find((m) => m.outcome === 'a' || m.outcome === 'b');
    expect(corrected, JSON.stringify(repo.matches(1, 1))).toBeDefined();
    expect(
      text(
        await h.say(
          'mod',
          `/tournament result match:${corrected!.id} outcome:${corrected!.outcome === 'a' ? 'b' : 'a'} reason:misreported`,
        ),
      ),
    ).not.toMatch(/Refused/);
    await finishRound(2);
    expect(repo.get(1)!.status).toBe('finished');
    expect([...caught]).toEqual([]);
  }, 120_000);

  it("planted: a transaction put back around a start (its set-up and the bots' first moves) or an action is caught", async () => {
    const h = watched('outside-planted');
    const sessions = h.svc.sessions;
    const { start, act } = sessions;
    // The shape a start had before issue 21 §1: the rules ran inside the write transaction.
    sessions.start = (row) => h.svc.store.db.transaction(() => start.call(sessions, row))();
    await aliceVersusBots(h, 'atkm', undefined, 'c1');
    expect([...caught].some((line) => line.startsWith('atkm.setup inside a transaction'))).toBe(true);
    caught.clear();
    sessions.start = start;
    sessions.act = (...args) => h.svc.store.db.transaction(() => act.apply(sessions, args))();
    expect(humanMove(h, 'c1', 'alice')).toBe(true);
    expect([...caught].some((line) => line.startsWith('atkm.apply inside a transaction'))).toBe(true);
  });
});

describe('the version guard of a commit computed outside its transaction (issue 21 §1)', () => {
  it("bots' answers computed on a state another command moved on are computed again, not lost", async () => {
    const h = harness({ seed: 'outside-stale-kick' });
    await h.say('alice', '/game new system:duel');
    await h.say('alice', '/game join side:a');
    await h.say('alice', '/game bot side:b');
    await h.say('alice', '/game start');
    const beforeRoll = h.svc.store.liveGame('c1')!;
    await h.say('alice', '/duel roll');
    const moved = h.svc.store.liveGame('c1')!;
    // A state read before alice's roll, when the bot was asked (its turn): its answers would commit on a version gone.
    const asked = JSON.parse(moved.state!);
    asked.game.turn = 'b';
    const stale = { ...moved, version: moved.version - 1, state: JSON.stringify(asked) };
    const res = h.svc.sessions.kick(stale);
    expect(res.row.version).toBe(moved.version);
    expect(res.versions).toEqual({ from: moved.version, to: moved.version });
    // An action computed on the old state is refused as before: the player is told to look again.
    expect(() => h.svc.sessions.act(beforeRoll, 'alice', 'a', [{ type: 'roll' }])).toThrow(/moved on/);
  });

  it('a round is paired once: a second process that read the same round and computed its pairing writes nothing', async () => {
    const h = harness({ seed: 'outside-claim' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:3');
    for (const player of ['ann', 'ben', 'cat', 'dan']) {
      await h.say(player, '/tournament signup');
      await h.say(player, '/tournament checkin');
    }
    await h.say('mod', '/tournament start');
    const repo = repoOf(h.svc);
    for (const match of repo.matches(1, 1)) await h.say('mod', '/game result winner:a', h.svc.store.game(match.gameId!)!.channelId);
    expect(repo.get(1)!.round).toBe(2);
    const games = h.svc.store.db.prepare('SELECT COUNT(*) AS n FROM games').get() as { n: number };
    // The other process read round 1 (before this one paired round 2) and computed the same pairing.
    const readBefore = { ...repo.get(1)!, round: 1 };
    const pairs = repo.matches(1, 2).map((m) => ({ a: m.a, b: m.b, bracket: m.bracket }));
    expect(writeRound(h.svc, readBefore, 2, pairs)).toBeNull();
    expect(repo.matches(1, 2)).toHaveLength(pairs.length);
    expect(h.svc.store.db.prepare('SELECT COUNT(*) AS n FROM games').get()).toEqual(games);
  });

  it("a round's game left in its lobby (a process stopped between the round's write and the games' start) starts on the next tick", async () => {
    const h = harness({ seed: 'outside-lobby' });
    await h.say('mod', '/tournament create name:Open system:duel format:swiss rounds:2');
    for (const player of ['ann', 'ben', 'cat', 'dan']) {
      await h.say(player, '/tournament signup');
      await h.say(player, '/tournament checkin');
    }
    await h.say('mod', '/tournament start');
    const [first] = repoOf(h.svc).matches(1, 1);
    // What such a stop leaves: the match and its game written, the game not started.
    h.svc.store.db.prepare(`UPDATE games SET status = 'lobby', state = NULL WHERE id = ?`).run(first.gameId);
    h.svc.store.db.prepare('DELETE FROM snapshots WHERE game_id = ?').run(first.gameId);
    await h.router.tick!();
    const row = h.svc.store.game(first.gameId!)!;
    expect(row.status).toBe('active');
    expect(envOf(row).game).toBeDefined();
  });

  it('ratings folded by two processes at once: the one whose reads another changed folds again, and no game counts twice', async () => {
    const dbPath = tempDb();
    const first = harness({ seed: 'outside-ratings', dbPath });
    const second = harness({ seed: 'outside-ratings', dbPath });
    for (const [channel, pair] of [
      ['c1', ['ann', 'ben']],
      ['c2', ['ann', 'cat']],
      ['c3', ['ann', 'ben']],
    ] as const) {
      await first.say(pair[0], '/game new system:duel', channel);
      await first.say(pair[0], '/game join side:a', channel);
      await first.say(pair[1], '/game join side:b', channel);
      await first.say(pair[0], '/game start', channel);
      await first.say('mod', '/game result winner:a', channel);
    }
    const table = () => first.svc.store.db.prepare('SELECT * FROM ratings ORDER BY guild_id, system, side, user_id').all();
    const once = table();
    expect(once.length).toBeGreaterThan(0);
    // Forgotten, then folded by the first process while the second, between its reads and its write,
    // folds them and a game that ended meanwhile (the third): the first's fold no longer stands.
    const third = first.svc.store.latestGame('c3')!.id;
    first.svc.store.db.prepare('DELETE FROM ratings').run();
    first.svc.store.db.prepare('UPDATE game_finished SET rated = CASE WHEN game_id = ? THEN 1 ELSE 0 END').run(third);
    const proto = Ratings.prototype as unknown as { rateGame: (...args: unknown[]) => boolean };
    const rateGame = proto.rateGame;
    let raced = 0;
    proto.rateGame = function (this: Ratings, ...args: unknown[]) {
      if (raced++ === 0) {
        second.svc.store.db.prepare('UPDATE game_finished SET rated = 0 WHERE game_id = ?').run(third);
        expect(new Ratings(second.svc.store).sync()).toBe(3);
      }
      return rateGame.apply(this, args);
    };
    try {
      expect(new Ratings(first.svc.store).sync()).toBe(0);
    } finally {
      proto.rateGame = rateGame;
    }
    expect(table()).toEqual(once);
  });
});
