// Issue 21 §3 and §8, the body of the kill test run on each backend
// (multi-process.test.ts: one SQLite file in WAL mode; multi-process-postgres.test.ts:
// a fresh schema of the run's PostgreSQL cluster): three bot processes on one
// database, each serving the servers of its shard, play duels in several
// servers and a knockout tournament against the loopback Discord stand-in,
// which counts what arrives. One process, the tick's leader, is killed with
// SIGKILL mid-run, right after it was handed an interaction, and started
// again. Then: every acknowledged action is in its game's log, every post is
// delivered exactly once (each outbox row once, each hand-off ping once),
// every deadline default is taken once, every tournament round paired once.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.ts';
import { nonceOf } from '../../src/bot/outbox-worker.ts';
import { TICK_LEASE } from '../../commands/router.ts';
import { freshPostgresSchema } from '../setup/pg-schema.ts';
import { APP_ID, FakeDiscord, type RecordedRequest } from './fake-discord.ts';
import { PERMS } from './payloads.ts';
import { guildOnShard, textChannel, type Server } from './multi-servers.ts';
import { shardOf } from '../../src/bot/shard-plan.ts';

const USERS = [1, 2, 3, 4].map((n) => ({
  id: `130000000000000000${n}`,
  username: `player${n}`,
  global_name: `Player ${n}`,
  discriminator: '0',
  avatar: null,
}));
type User = (typeof USERS)[number];

// Three servers, one per process (a shard each of three); two game channels and a tournament channel in the first.
const SHARDS = 3;
const SERVERS: Server[] = [0, 1, 2].map((g) => ({
  guildId: guildOnShard(g, SHARDS),
  channels: [1, 2, 3].map((c) => `17000000000000000${g}${c}`),
}));

let seq = 1800000000000000000n;

/** An APPLICATION_COMMAND interaction as the gateway sends it, in a channel or a thread of `server`. */
function command(server: Server, channelId: string, user: User, name: string, sub: string, options: object[] = [], perms = PERMS.member) {
  const id = String(seq++);
  const inChannel = server.channels.includes(channelId);
  return {
    id,
    application_id: APP_ID,
    type: 2,
    token: `tok-${id}`,
    version: 1,
    locale: 'en-US',
    guild_locale: 'en-US',
    guild_id: server.guildId,
    guild: { id: server.guildId, locale: 'en-US', features: [] },
    channel_id: channelId,
    channel: inChannel
      ? textChannel(server.guildId, channelId, 0)
      : { id: channelId, type: 11, guild_id: server.guildId, parent_id: server.channels[2], name: 'match', flags: 0 },
    member: {
      user,
      roles: [],
      permissions: perms,
      nick: null,
      avatar: null,
      joined_at: '2024-01-01T00:00:00.000Z',
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
    },
    app_permissions: String((1n << 10n) | (1n << 11n) | (1n << 15n) | (1n << 34n) | (1n << 35n) | (1n << 36n) | (1n << 38n)),
    entitlements: [],
    authorizing_integration_owners: { '0': server.guildId },
    context: 0,
    attachment_size_limit: 10485760,
    data: { id: '1600000000000000001', name, type: 1, guild_id: server.guildId, options: [{ name: sub, type: 1, options }] },
  };
}

const str = (name: string, value: string) => ({ name, type: 3, value });
const int = (name: string, value: number) => ({ name, type: 4, value });

/** A bot process: the servers it serves, its child process (null while down) and its owner name in the store. */
interface Proc {
  servers: Server[];
  child: ChildProcess | null;
  owner: string;
  up: Promise<void>;
  starts: number;
}

export type Backend = 'sqlite' | 'postgres';

/** The database the three processes share: a new SQLite file, or a new schema in the run's PostgreSQL cluster. */
function sharedDatabase(backend: Backend): string {
  if (backend === 'postgres') return freshPostgresSchema();
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-')), 'test.sqlite');
}

const titles: Record<Backend, string> = { sqlite: 'one SQLite file', postgres: 'one PostgreSQL database' };

export function killTest(backend: Backend): void {
  describe(`three bot processes on ${titles[backend]}, one killed (issue 21 §3, §8)`, () => {
    const fake = new FakeDiscord();
    const db = sharedDatabase(backend);
    const procs: Proc[] = SERVERS.map((s) => ({ servers: [s], child: null, owner: '', up: Promise.resolve(), starts: 0 }));
    const replies = new Map<string, { content: string; flags: number }>();
    const waiters = new Map<string, () => void>();
    /** Timers of the run, stopped however it ends (a sampler left running after a failure would read a closed store). */
    const timers: NodeJS.Timeout[] = [];
    afterAll(async () => {
      timers.forEach(clearInterval);
      for (const p of procs) p.child?.kill('SIGKILL');
      await fake.close();
    });

    function start(p: Proc): Promise<void> {
      p.starts++;
      // The second process also has the first server cached (a shard being handed over): its worker competes
      // with the first's for that server's posts, so only the outbox claims keep them from going twice.
      const cached = p === procs[1] ? [...p.servers, SERVERS[0]] : p.servers;
      // Its shards, by Discord's formula (issue 21 §2): the second runs the first's shard too.
      const shards = { ids: [...new Set(cached.map((s) => shardOf(s.guildId, SHARDS)))].sort(), count: SHARDS };
      // The database reaches the child as a deployment gives it: MUSTER_DB.
      const child = fork('tests/bot/multi-child.ts', [fake.api, JSON.stringify(cached), JSON.stringify(shards)], {
        env: { ...process.env, MUSTER_DB: db },
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      p.child = child;
      p.up = new Promise((resolve) =>
        child.on('message', (m: { type: string; owner?: string }) => {
          if (m.type === 'ready') {
            trace(`process ${m.owner} ready`);
            p.owner = m.owner!;
            resolve();
          }
        }),
      );
      return p.up;
    }

    /** The final answer to an interaction (its callback, or the edit of a deferred one), or null if none came in time. */
    function answer(token: string, ms: number): Promise<{ content: string; flags: number } | null> {
      const done = replies.get(token);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(token);
          resolve(null);
        }, ms);
        waiters.set(token, () => {
          clearTimeout(timer);
          waiters.delete(token);
          resolve(replies.get(token)!);
        });
      });
    }

    // The stand-in tells the test of each final answer as it arrives.
    const tap = (r: RecordedRequest): undefined => {
      let m = r.path.match(/^\/interactions\/\d+\/([^/]+)\/callback$/);
      if (m && r.method === 'POST' && r.body?.type === 4) settle(m[1], r.body.data ?? {});
      m = r.path.match(/^\/webhooks\/\d+\/([^/]+)\/messages\/@original$/);
      if (m && r.method === 'PATCH') settle(m[1], r.body ?? {});
      return undefined;
    };
    const settle = (token: string, body: { content?: string; flags?: number }) => {
      if (replies.has(token)) return;
      replies.set(token, { content: body.content ?? '', flags: body.flags ?? 0 });
      waiters.get(token)?.();
    };

    const procOf = (server: Server) => procs.find((p) => p.servers.includes(server))!;

    /**
     * Hand an interaction to the process serving its server (waiting while that one is down) and wait for
     * its answer; a command that got none (its process died with it) is typed again, as a player would.
     */
    async function say(server: Server, channelId: string, user: User, name: string, sub: string, options: object[] = [], perms?: string) {
      for (let attempt = 1; ; attempt++) {
        const p = procOf(server);
        // Another command may have had this process killed while this one waited: wait for the restart (p.up is replaced then).
        do await p.up;
        while (!p.child);
        const payload = command(server, channelId, user, name, sub, options, perms);
        p.child!.send({ type: 'interaction', payload });
        armKill(p);
        const got = await answer(payload.token, 8_000);
        trace(
          `${server.guildId.slice(-2)} ${user.username} /${name} ${sub} →`,
          got ? got.content.slice(0, 80).replace(/\n/g, ' ') : 'NO ANSWER',
        );
        if (got || attempt === 3) return { got, payload };
      }
    }

    const store = () => new Store(db);
    let armKill: (p: Proc) => void = () => {};

    it('plays on through a kill -9 with nothing lost and nothing twice', async () => {
      await fake.start();
      fake.override = tap;
      for (const s of SERVERS) s.channels.forEach((c, i) => fake.channels.set(c, textChannel(s.guildId, c, i)));
      // The parent migrates first only to read along; the children would race to migrate a new file just as well.
      const watch = store();
      await Promise.all(procs.map(start));

      /** Acknowledged actions: what each game's log must hold, in order. */
      const acked = new Map<number, { userId: string; type: string }[]>();
      /** Deadlines made due by the test, per game. */
      const forced = new Map<number, number>();
      let killAt = Infinity;
      let acts = 0;
      let killed: Promise<void> | null = null;
      /** When the killed process went down and was up again. */
      let downAt = 0;
      let upAgainAt = 0;
      const downMs = () => (downAt ? (upAgainAt || Date.now()) - downAt : 0);

      // Deadline defaults per game, sampled every 200 ms: those the killed process took in its
      // last ticks may have died with it before their posts were stored.
      const samples: Map<number, number>[] = [];
      const defaultsNow = () => new Map([...forced.keys()].map((g) => [g, watch.log(g).filter((e) => e.userId === 'deadline').length]));
      const sampler = setInterval(() => samples.push(defaultsNow()), 200);
      timers.push(sampler);
      let lostWindow = new Map<number, number>();
      let repeatsBeforeKill = -1;
      // PostgreSQL: the sessions of each process (its store names them after its owner), a second after the kill:
      // the killed process's ended with its socket (its transaction rolled back, the write lock freed), the others' go on.
      const sessionsOf = (owner: string) =>
        watch.db.prepare('SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = ?').pluck().get(`muster ${owner}`) as number;
      let sessionsAfterKill: { killed: number; others: number[] } | null = null;

      // The tick's leader goes down with the interaction just handed to it, and comes back a second later.
      armKill = (p: Proc) => {
        if (killed || acts < killAt || p.owner !== watch.leases.holder(TICK_LEASE)?.owner) return;
        p.child!.kill('SIGKILL');
        p.child = null;
        downAt = Date.now();
        repeatsBeforeKill = fake.nonceRepeats;
        const before = samples[Math.max(0, samples.length - 20)] ?? new Map<number, number>();
        const now = defaultsNow();
        lostWindow = new Map([...now].map(([g, n]) => [g, n - (before.get(g) ?? 0)]));
        trace(`killed ${p.owner}`);
        let up!: () => void;
        p.up = new Promise((r) => (up = r));
        const killedOwner = p.owner;
        killed = sleep(1_000).then(() => {
          if (backend === 'postgres')
            sessionsAfterKill = { killed: sessionsOf(killedOwner), others: procs.filter((q) => q !== p).map((q) => sessionsOf(q.owner)) };
          return start(p).then(() => {
            upAgainAt = Date.now();
            up();
          });
        });
      };

      /** One game: opened, seated and started by its players, then played to `moves` actions and resigned. */
      async function duelGame(server: Server, channelId: string, [a, b]: User[], moves: number, clock: boolean): Promise<void> {
        const gameId = await openGame(server, channelId, a, b, clock);
        await playOut(server, gameId, moves, clock);
      }

      async function openGame(server: Server, channelId: string, a: User, b: User, clock: boolean): Promise<number> {
        await say(server, channelId, a, 'game', 'new', [str('system', 'duel')]);
        await say(server, channelId, a, 'game', 'join', [str('side', 'a')]);
        await say(server, channelId, b, 'game', 'join', [str('side', 'b')]);
        await say(server, channelId, a, 'game', 'start');
        const row = watch.liveGame(channelId);
        if (!row) throw new Error(`no game started in ${channelId}`);
        if (clock) await say(server, channelId, a, 'mod', 'clock', [int('hours', 1)], PERMS.manageGuild);
        return row.id;
      }

      async function playOut(server: Server, gameId: number, moves: number, clock: boolean): Promise<void> {
        const seats = watch.seats(gameId);
        const user = (role: string) => USERS.find((u) => u.id === seats.find((x) => x.role === role)!.userId)!;
        // A player whose turn came acts once pinged, as players do (a ping whose decision closed before it went
        // is not sent, issue 19 §4, so instant replies would leave little to count); a moment at most.
        let last: User | null = null;
        let mark = 0;
        const pinged = (channelId: string, who: User) =>
          fake.delivered.slice(mark).some((d) => d.channelId === channelId && d.mentions.includes(who.id));
        for (let i = 0; i < moves; i++) {
          const row = watch.game(gameId)!;
          if (row.status !== 'active') return;
          // Now and then the decision's deadline passes (the test moves it): the leading tick takes the default.
          if (clock && i % 4 === 3) {
            const before = row.version;
            watch.db.prepare('UPDATE decision_deadlines SET due_at = 0 WHERE game_id = ?').run(gameId);
            forced.set(gameId, (forced.get(gameId) ?? 0) + 1);
            const until = Date.now() + 15_000;
            while (watch.game(gameId)!.version === before && Date.now() < until) await sleep(50);
            continue;
          }
          const env = JSON.parse(row.state!) as { game: { turn: string; pending: number } };
          const who = user(env.game.turn);
          const type = env.game.pending >= 6 ? 'bank' : 'roll';
          if (who !== last) for (const until = Date.now() + 1_500; !pinged(row.channelId, who) && Date.now() < until;) await sleep(20);
          last = who;
          mark = fake.delivered.length;
          acts++;
          const { got } = await say(server, row.channelId, who, 'duel', type);
          // An action's own answer is private since turn messages (issue 19 §1): a refusal opens with ❌ or ⏳ (as router-metrics.ts counts them).
          if (got && !/^(❌|⏳)/u.test(got.content)) acked.set(gameId, [...(acked.get(gameId) ?? []), { userId: who.id, type }]);
        }
        const row = watch.game(gameId)!;
        if (row.status === 'active') await say(server, row.channelId, user('b'), 'game', 'resign');
      }

      async function tournament(): Promise<void> {
        const server = SERVERS[0];
        const channel = server.channels[2];
        const mod = PERMS.manageGuild;
        await say(
          server,
          channel,
          USERS[0],
          'tournament',
          'create',
          [str('name', 'Cup'), str('system', 'duel'), str('format', 'knockout')],
          mod,
        );
        for (const u of USERS) {
          await say(server, channel, u, 'tournament', 'signup', [], u === USERS[0] ? mod : undefined);
          await say(server, channel, u, 'tournament', 'checkin', [], u === USERS[0] ? mod : undefined);
        }
        await say(server, channel, USERS[0], 'tournament', 'start', [], mod);
        const played = new Set<number>();
        // 40 s of play, not counting the killed process's time down (its restart takes long on a loaded machine).
        const until = Date.now() + 40_000;
        while (Date.now() < until + downMs()) {
          const t = watch.db.prepare(`SELECT status FROM tournaments WHERE name = 'Cup'`).get() as { status: string };
          if (t.status === 'finished') return;
          const games = watch.db.prepare('SELECT game_id FROM tournament_matches WHERE game_id IS NOT NULL').pluck().all() as number[];
          // A match is played once its thread is open (its first post delivered) and the game moved there.
          const ready = games.filter((g) => !played.has(g) && fake.channels.has(watch.game(g)!.channelId));
          await Promise.all(
            ready.map((g) => {
              played.add(g);
              return playOut(server, g, 3, false);
            }),
          );
          await sleep(100);
        }
        throw new Error('the tournament did not finish');
      }

      const t0 = Date.now();
      // About half of the duels' moves come before the kill.
      killAt = 30;
      await Promise.all([
        ...SERVERS.flatMap((s, g) => [
          duelGame(s, s.channels[0], [USERS[g], USERS[(g + 1) % 4]], 12, g !== 1),
          duelGame(s, s.channels[1], [USERS[(g + 2) % 4], USERS[(g + 3) % 4]], 8, g === 1),
        ]),
        tournament(),
      ]);
      clearInterval(sampler);
      expect(killed, 'the leader was killed').not.toBeNull();
      await killed;
      const playedMs = Date.now() - t0;

      // Every process finishes what it holds and stops; then the stand-in and the store are compared.
      const stopped = await Promise.all(
        procs.map(
          (p) =>
            new Promise<{ errors: string[] }>((resolve) => {
              p.child!.on('message', (m: { type: string; errors: string[] }) => m.type === 'stopped' && resolve(m));
              p.child!.send({ type: 'stop' });
            }),
        ),
      );
      for (const p of procs) await new Promise((r) => (p.child!.exitCode !== null ? r(null) : p.child!.on('exit', r)));
      procs.forEach((p) => (p.child = null));

      // 1. Every acknowledged action is in its game's log, in order (the log may hold more: actions
      //    committed by the killed process that it never acknowledged, and deadline defaults).
      let ackCount = 0;
      for (const [gameId, list] of acked) {
        const log = watch.log(gameId).map((e) => ({ userId: e.userId, type: (e.action as { type: string }).type }));
        let k = 0;
        for (const want of list) {
          while (k < log.length && !(log[k].userId === want.userId && log[k].type === want.type)) k++;
          expect(k, `game #${gameId}: acknowledged ${want.type} by ${want.userId} is in the log`).toBeLessThan(log.length);
          k++;
          ackCount++;
        }
      }

      // 2. Every post was delivered, and each exactly once: every outbox row is sent, each
      //    delivered message answers one row's part, and no row's part arrived twice.
      const rows = watch.db.prepare('SELECT id, state, created_at AS "createdAt", lane, error, post FROM outbox').all() as {
        id: number;
        state: string;
        createdAt: number;
        lane: string;
        error: string | null;
        post: string;
      }[];
      expect(
        rows.filter((r) => r.state !== 'sent').map((r) => `#${r.id} ${r.state} in ${r.lane}: ${r.error} ${r.post.slice(0, 80)}`),
      ).toEqual([]);
      const nonces = fake.delivered.map((d) => d.nonce).filter((n): n is string => !!n);
      expect(new Set(nonces).size).toBe(nonces.length);
      // Until the kill no row was ever sent twice (Discord's nonce memory answered no resend), though two
      // workers competed for the first server's posts; after it, only rows the killed process had in flight.
      expect(repeatsBeforeKill).toBe(0);
      expect(fake.nonceRepeats).toBeLessThanOrEqual(16);
      const ours = new Set(rows.flatMap((r) => [...Array(10).keys()].map((k) => nonceOf(r, k))));
      expect(nonces.filter((n) => !ours.has(n))).toEqual([]);
      // Pings, counted at the stand-in: each channel post mentions in Discord exactly whom its row
      //    names (none lost, none twice), and every decision handed off pinged its player.
      const byNonce = new Map(rows.flatMap((r) => [...Array(10).keys()].map((k) => [nonceOf(r, k), r] as const)));
      const channelPosts = fake.delivered.filter((d) => d.nonce && !(JSON.parse(byNonce.get(d.nonce)!.post) as { to?: unknown }).to);
      const pings = channelPosts.reduce((n, d) => n + d.mentions.length, 0);
      const named = [...new Set(channelPosts.map((d) => byNonce.get(d.nonce!)!))].reduce(
        (n, r) => n + ((JSON.parse(r.post) as { mentions?: string[] }).mentions?.length ?? 0),
        0,
      );
      expect(pings).toBe(named);
      const handoffs = watch.db.prepare('SELECT COUNT(*) FROM outbox_pings').pluck().get() as number;
      expect(handoffs).toBeGreaterThan(20);

      expect(pings).toBeGreaterThanOrEqual(handoffs);

      // 3. Every deadline default once: each forced deadline took its default (a roll that does not
      //    bust leaves the decision open, so it repeats), and each default taken is posted at most
      //    once. Each default's posts are stored as soon as it is committed, so only the one the
      //    killed process was taking as it died may lack its post (the commit's "owes posts" mark
      //    is then settled by the game's next post, which shows where it stands).
      let defaults = 0;
      let unposted = 0;
      for (const [gameId, n] of forced) {
        const taken = watch.log(gameId).filter((e) => e.userId === 'deadline').length;
        expect(taken, `game #${gameId}: defaults`).toBeGreaterThanOrEqual(n);
        const channel = watch.game(gameId)!.channelId;
        // A default is a line of the turn message as it stands after its edits (issue 19 §1), or of a new post.
        const posted = fake.delivered
          .filter((d) => d.channelId === channel)
          .reduce((sum, d) => sum + (d.content.match(/Deadline passed/g) ?? []).length, 0);
        expect(posted, `game #${gameId}: default posts`).toBeLessThanOrEqual(taken);
        // Never more than the killed process took in its last seconds (its game's next post shows where it stands).
        expect(taken - posted, `game #${gameId}: defaults not posted`).toBeLessThanOrEqual(lostWindow.get(gameId) ?? 0);
        defaults += taken;
        unposted += taken - posted;
      }
      expect(unposted).toBeLessThanOrEqual(1);

      // 4. Every tournament round paired once: two rounds (2 matches, then the final), one pairing post
      //    each, one thread per match.
      const tchan = SERVERS[0].channels[2];
      expect(watch.db.prepare('SELECT round, COUNT(*) AS n FROM tournament_matches GROUP BY round ORDER BY round').all()).toEqual([
        { round: 1, n: 2 },
        { round: 2, n: 1 },
      ]);
      for (const r of [1, 2]) expect(fake.messages(tchan).filter((d) => d.content.includes(`round ${r} pairings`))).toHaveLength(1);
      const threads = fake.find('POST', `/channels/${tchan}/threads`).map((r) => r.body.name as string);
      expect(threads).toHaveLength(3);
      expect(new Set(threads).size).toBe(3);

      if (backend === 'postgres') expect(sessionsAfterKill).toEqual({ killed: 0, others: [1, 1] });

      const errors = stopped.flatMap((s) => s.errors);
      console.info(
        `3 processes (one killed and restarted), ${SERVERS.length} servers: ${acts} moves handed out in ${playedMs} ms, ` +
          `${ackCount} acknowledged and kept; ${rows.length} outbox rows, ${fake.delivered.length} messages, ` +
          `${fake.nonceRepeats} resends answered from Discord's nonce memory; ${handoffs} decisions handed off, ${pings} pings; ` +
          `${defaults} deadline defaults (${unposted} posts lost with the kill); ${threads.length} match threads; ${errors.length} logged errors`,
      );
      expect(procs.reduce((n, p) => n + p.starts, 0)).toBe(4);
      expect(ackCount).toBeGreaterThan(30);
      expect(defaults).toBeGreaterThan(0);
      watch.close();
    }, 240_000);
  });
}

const T0 = Date.now();
/** MUSTER_TRACE=FILE follows the run in FILE. */
const trace = (...what: unknown[]) =>
  process.env.MUSTER_TRACE && fs.appendFileSync(process.env.MUSTER_TRACE, `[${Date.now() - T0} ms] ${what.join(' ')}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
