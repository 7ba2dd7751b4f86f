// Issue 22 ("Any game"): one damaged game row stopped every deadline. An
// unreadable `options` made the tick throw, so no other game's deadline was
// taken, /game list and /game mine failed everywhere, and /game abandon and
// /game new failed in the damaged channel; a damaged state or log told its
// players only "Something went wrong". Fuzzed here: one stored game among
// five live games of different systems is corrupted (its options, its state
// or its log; invalid JSON, JSON of the wrong shape, cut short), and every
// other game must go on while the damaged one is reported once and can be
// abandoned and replaced.
import { describe, expect, it } from 'vitest';
import { harness, text } from './harness.ts';
import { copyTempDb, tempDb } from '../setup/test-db.ts';
import { envOf, moduleOf } from '../../src/app/session.ts';
import { buttonId } from '../../commands/present.ts';
import type { Outcome, Post } from '../../src/messages/types.ts';
import { sqliteOf } from '../../src/store/database.ts';

/** Five live games, one per channel, of four systems (two of them with a bot seat). */
const TABLE = [
  { channel: 'c1', system: 'duel', sides: ['a', 'b'], options: '' },
  { channel: 'c2', system: 'kpw', sides: ['english', 'indian'], options: 'options:short=true' },
  { channel: 'c3', system: 'wog', sides: ['english', 'french'], options: '' },
  { channel: 'c4', system: 'rifle', sides: ['p1', 'p2'], options: 'options:players=2' },
  { channel: 'c5', system: 'duel', sides: ['a', 'b'], options: '', bot: true },
] as const;
const MODS = 'role-mods';

/**
 * Build the table once: every game started, one move made (so each log has
 * an entry) and a deadline on every open decision. Each case opens a copy.
 */
const built = (async () => {
  const path = tempDb();
  const h = harness({ dbPath: path, seed: 'damaged' });
  h.svc.store.setModeratorRole('g1', MODS);
  for (const g of TABLE) {
    await h.say('alice', `/game new system:${g.system} ${g.options}`.trim(), g.channel);
    await h.say('alice', `/game join side:${g.sides[0]}`, g.channel);
    if ('bot' in g) await h.say('alice', `/game bot side:${g.sides[1]}`, g.channel);
    else await h.say('bob', `/game join side:${g.sides[1]}`, g.channel);
    await h.say('alice', '/game start', g.channel);
    const row = h.svc.store.liveGame(g.channel)!;
    const env = envOf(row);
    const role = Object.keys(env.decisions!.open)[0];
    const seat = h.svc.store.seats(row.id).find((s) => s.role === role)!;
    h.svc.sessions.act(row, seat.userId, role, [moduleOf(row).legal(env.game, role)[0].action]);
    await h.say('mod', '/game deadline hours:1', g.channel);
  }
  // On SQLite, everything into the file that the cases copy (PostgreSQL's copy reads the committed rows).
  sqliteOf(h.svc.store.db)?.pragma('wal_checkpoint(TRUNCATE)');
  await h.svc.close();
  return path;
})();

async function table() {
  const path = copyTempDb(await built);
  const h = harness({ dbPath: path, seed: 'damaged' });
  const ids = TABLE.map((g) => h.svc.store.liveGame(g.channel)!.id);
  // Every deadline has passed; the damaged game's is the oldest, so it is met first.
  h.svc.store.db.prepare('UPDATE decision_deadlines SET due_at = ? - game_id').run(Date.now());
  return { ...h, ids };
}

type Part = 'options' | 'state' | 'log';
interface Junk {
  name: string;
  part: Part;
  /** The junk, from what was stored. */
  make: (stored: string) => string;
  /** The game to damage (TABLE index), when only some systems can be damaged so (the duel fixture takes any option). */
  on?: number;
}

const JUNK: Junk[] = [
  { part: 'options', name: 'invalid JSON', make: () => '{"short": tru' },
  { part: 'options', name: 'cut short', make: (s) => s.slice(0, Math.ceil(s.length / 2)) },
  { part: 'options', name: 'a list', make: () => '[1,2]' },
  { part: 'options', name: 'null', make: () => 'null' },
  { part: 'options', name: 'a nested value', make: () => '{"players":{"n":2}}' },
  { part: 'options', name: 'an option the rules refuse', make: () => '{"nonsense":7}', on: 1 },
  { part: 'state', name: 'invalid JSON', make: () => '{"system": "wog", game: }' },
  { part: 'state', name: 'cut short', make: (s) => s.slice(0, Math.floor(s.length / 2)) },
  { part: 'state', name: 'a list', make: () => '[]' },
  { part: 'state', name: 'a number', make: () => '42' },
  { part: 'state', name: 'an envelope without its game', make: (s) => JSON.stringify({ ...JSON.parse(s), game: null }) },
  { part: 'state', name: 'an empty game in its envelope', make: (s) => JSON.stringify({ ...JSON.parse(s), game: {} }) },
  { part: 'log', name: 'invalid JSON', make: () => 'not json' },
  { part: 'log', name: 'cut short', make: (s) => s.slice(0, Math.floor(s.length / 2)) },
  { part: 'log', name: 'a list', make: () => '[]' },
  { part: 'log', name: 'an object without a type', make: () => '{"role":"a"}' },
];

const junkOf = (part: Part, name: string): Junk => JUNK.find((j) => j.part === part && j.name === name)!;

function corrupt(h: Awaited<ReturnType<typeof table>>, gameId: number, junk: Junk): void {
  const db = h.svc.store.db;
  if (junk.part === 'log') {
    const first = db.prepare('SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq LIMIT 1').get(gameId) as {
      seq: number;
      action: string;
    };
    db.prepare('UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?').run(junk.make(first.action), gameId, first.seq);
  } else {
    const stored = (db.prepare(`SELECT ${junk.part} AS v FROM games WHERE id = ?`).get(gameId) as { v: string }).v;
    db.prepare(`UPDATE games SET ${junk.part} = ? WHERE id = ?`).run(junk.make(stored), gameId);
  }
}

const reportsOf = (posts: Post[], gameId: number) =>
  posts.filter((p) => p.kind === 'notice' && p.content.includes(`game #${gameId}'s record is damaged`));
const postsOf = (outcomes: Outcome[]) => outcomes.flatMap((o) => o.posts);
const defaulted = (h: Awaited<ReturnType<typeof table>>, gameId: number) => h.svc.store.log(gameId).some((e) => e.userId === 'deadline');

describe('one damaged game never stops the others (issue 22, "Any game")', () => {
  JUNK.forEach((junk, i) => {
    // The damaged game moves round the table, so each system's record is corrupted by some case.
    const at = junk.on ?? i % TABLE.length;
    const target = TABLE[at];
    it(`${junk.part} ${junk.name} in ${target.system} (${target.channel}): the others play on, the moderators are told once, abandon and new work`, async () => {
      const h = await table();
      const damagedId = h.ids[at];
      const others = h.ids.filter((id) => id !== damagedId);
      corrupt(h, damagedId, junk);
      const before = h.svc.store.game(damagedId)!.version;

      // The tick no longer throws: every other game's deadline default is taken.
      const first = postsOf(await h.router.tick!());
      for (const id of others) expect(defaulted(h, id), `game #${id}'s deadline`).toBe(true);
      const stops = junk.part !== 'log';
      if (stops) {
        // Its deadline waits (not taken, not dropped), and its moderators got the report, naming their role.
        expect(h.svc.store.deadlines.ofGame(damagedId).length).toBeGreaterThan(0);
        const [report] = reportsOf(first, damagedId);
        expect(report, text({ replies: [], posts: first })).toBeDefined();
        expect(report.channelId).toBe(target.channel);
        expect(report.mentionRoles).toEqual([MODS]);
        expect(report.content).toContain(`<@&${MODS}>`);
        expect(report.content).toContain('/game abandon');
      } else {
        // A damaged log does not stop play (nothing in the tick reads it): its default is taken too.
        expect(h.svc.store.game(damagedId)!.version).toBeGreaterThan(before);
        expect(reportsOf(first, damagedId)).toEqual([]);
      }
      expect(
        first.some((p) => /failed/.test(p.content)),
        'no "default failed" post',
      ).toBe(false);

      // Lists and "my turn" work in every channel; the damaged game is marked, not fatal.
      const list = await h.say('carol', '/game list', 'c9');
      expect(list.replies[0].content).toContain(`5 in all`);
      for (const id of others) expect(list.replies[0].content).toMatch(new RegExp(`#${id} .* in play`));
      if (stops) expect(list.replies[0].content).toMatch(new RegExp(`#${damagedId} .*record is damaged`));
      for (const user of ['alice', 'bob']) {
        const mine = await h.say(user, '/game mine', 'c9');
        expect(mine.replies[0].ephemeral).toBe(true);
        expect(mine.replies[0].content).not.toMatch(/❌/);
      }

      // Commands in the other channels work.
      for (const g of TABLE.filter((_, k) => k !== at)) {
        const status = await h.say('alice', '/game status', g.channel);
        expect(status.replies[0].content, g.channel).toMatch(/^\*\*.*\*\* #\d+ — /);
      }

      // A player in the damaged channel is told what happened, privately, not "something went wrong".
      const asked = await h.say('alice', junk.part === 'log' ? '/game log' : '/game status', target.channel);
      expect(asked.replies[0].ephemeral).toBe(true);
      expect(asked.replies[0].content).toMatch(
        new RegExp(`Game #${damagedId} .*(cannot go on: its record is damaged|action log is damaged).*moderators have been told`),
      );
      // The report goes out once: by the tick, or (a log nothing read before) by this command.
      const later = [...asked.posts, ...postsOf(await h.router.tick!()), ...(await h.say('bob', '/game status', target.channel)).posts];
      expect(reportsOf([...first, ...later], damagedId)).toHaveLength(1);

      // A moderator abandons it, then opens a new game in its channel.
      const abandon = await h.say('mod', '/game abandon', target.channel);
      expect(abandon.replies[0].content).toMatch(new RegExp(`Game #${damagedId} was abandoned`));
      const next = await h.say('alice', '/game new system:duel', target.channel);
      expect(text(next)).toMatch(/New \*\*Dice Duel\*\* game #\d+/);
      expect(h.svc.store.liveGame(target.channel)!.id).not.toBe(damagedId);
      // The tick still runs, and says nothing more of the abandoned game.
      const after = postsOf(await h.router.tick!());
      expect(after.filter((p) => p.gameId === damagedId && p.card === undefined)).toEqual([]);
      await h.svc.close();
    });
  });

  it("a damaged game's button answers like its commands, and the report goes out once across commands and ticks", async () => {
    const h = await table();
    const [, kpwId] = h.ids;
    const row = h.svc.store.game(kpwId)!;
    const env = envOf(row);
    const role = Object.keys(env.decisions!.open)[0];
    const seat = h.svc.store.seats(kpwId).find((s) => s.role === role)!;
    const action = moduleOf(row).legal(env.game, role)[0].action;
    corrupt(h, kpwId, junkOf('options', 'invalid JSON'));
    const press = await h.router.button!({
      customId: buttonId(kpwId, env.decisions!.open[role].id, role, action),
      caller: { id: seat.userId, name: seat.userName, isModerator: false },
      where: { guildId: 'g1', channelId: 'c2' },
    });
    expect(press.replies[0].ephemeral).toBe(true);
    expect(press.replies[0].content).toMatch(
      /Game #\d+ \(King Philip's War\) cannot go on: its record is damaged \(its options are not valid JSON/,
    );
    expect(reportsOf(press.posts, kpwId)).toHaveLength(1);
    // The moderator is told how to clear it; nobody else is reported to again.
    const mod = await h.say('mod', '/game status', 'c2');
    expect(mod.replies[0].content).toMatch(/You can end it with `\/game abandon`/);
    expect(reportsOf([...mod.posts, ...postsOf(await h.router.tick!()), ...postsOf(await h.router.tick!())], kpwId)).toEqual([]);
    await h.svc.close();
  });

  it("reminders: the other games' players are reminded, the damaged game is reported once and reminds nobody", async () => {
    const h = await table();
    const HOUR = 3_600_000;
    // Every deadline ten hours ahead, set ten hours ago: half time is now.
    h.svc.store.db.prepare('UPDATE decision_deadlines SET due_at = ?, set_at = ?').run(Date.now() + 10 * HOUR, Date.now() - 10 * HOUR);
    const [, , wogId] = h.ids;
    corrupt(h, wogId, junkOf('options', 'a list'));
    const posts = postsOf(await h.router.tick!());
    const isReminder = (p: Post) => /^⏰ .* reminder: /.test(p.content);
    const reminded = new Set(posts.filter(isReminder).map((p) => p.gameId));
    expect([...reminded].sort()).toEqual(h.ids.filter((id) => id !== wogId).sort());
    expect(reportsOf(posts, wogId)).toHaveLength(1);
    const again = postsOf(await h.router.tick!());
    expect(again.filter((p) => isReminder(p) || p.gameId === wogId)).toEqual([]);
    await h.svc.close();
  });

  it('a record repaired by hand plays on: its deadline is taken at the next tick, and the mark is gone', async () => {
    const h = await table();
    const [, kpwId] = h.ids;
    const stored = h.svc.store.db.prepare('SELECT state FROM games WHERE id = ?').get(kpwId) as { state: string };
    corrupt(h, kpwId, junkOf('state', 'cut short'));
    expect(reportsOf(postsOf(await h.router.tick!()), kpwId)).toHaveLength(1);
    expect(defaulted(h, kpwId)).toBe(false);
    h.svc.store.db.prepare('UPDATE games SET state = ? WHERE id = ?').run(stored.state, kpwId);
    await h.router.tick!();
    expect(h.svc.store.damaged.of(kpwId)).toBeNull();
    expect(defaulted(h, kpwId)).toBe(true);
    await h.svc.close();
  });

  it('a damaged lobby can be called off by its creator and does not hold the channel', async () => {
    const h = await table();
    await h.say('dora', '/game new system:wog', 'c7');
    const lobby = h.svc.store.liveGame('c7')!;
    h.svc.store.db.prepare('UPDATE games SET options = ? WHERE id = ?').run('{"x', lobby.id);
    const join = await h.say('erin', '/game join side:english', 'c7');
    expect(join.replies[0].content).toMatch(/cannot go on: its record is damaged/);
    expect((await h.say('dora', '/game abandon', 'c7')).replies[0].content).toMatch(/called off/);
    expect(text(await h.say('dora', '/game new system:wog', 'c7'))).toMatch(/New \*\*Warriors of God\*\*/);
    await h.svc.close();
  });
});
