// Issue 21 §2: the bot's shards in several processes by discord.js's
// ShardingManager, against the loopback gateway and REST stand-ins. The real
// start-up (tests/bot/shard-entry.ts → src/bot/sharding.ts) runs 4 shards in
// 2 processes on one SQLite file; duels are played in four servers, one on
// each shard; every interaction reaches the process of its server's shard,
// and every post is delivered once, by that process (the stand-in reads the
// shards each request's process names in its user agent). And a process
// given shards 0,1 of 4 identifies only those and delivers only their posts.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildDist } from '../../src/build.ts';
import { Store } from '../../src/store/store.ts';
import { parseShardList, shardOf } from '../../src/bot/shard-plan.ts';
import { tempDb } from '../setup/test-db.ts';
import { FakeDiscord, type RecordedRequest } from './fake-discord.ts';
import { FakeGateway } from './fake-gateway.ts';
import { commandPayload, type RawOption } from './payloads.ts';
import { guildOnShard, textChannel, type Server } from './multi-servers.ts';

const COUNT = 4;
/** One server on each shard, with one game channel. */
const SERVERS: Server[] = [0, 1, 2, 3].map((shard) => ({
  guildId: guildOnShard(shard, COUNT),
  channels: [`16${shard}0000000000000001`],
}));
const USERS = [1, 2].map((n) => ({
  id: `130000000000000000${n}`,
  username: `player${n}`,
  global_name: `Player ${n}`,
  discriminator: '0',
  avatar: null,
}));

/** A slash command in `server`'s game channel, as the gateway dispatches it. */
function command(server: Server, user: (typeof USERS)[number], name: string, sub: string, options: RawOption[] = []) {
  const payload = commandPayload(name, sub, options, { user, channelId: server.channels[0] });
  return {
    ...payload,
    guild_id: server.guildId,
    guild: { id: server.guildId, locale: 'en-US', features: [] },
    channel: textChannel(server.guildId, server.channels[0], 0),
    authorizing_integration_owners: { '0': server.guildId },
    app_permissions: String((1n << 10n) | (1n << 11n) | (1n << 15n) | (1n << 34n) | (1n << 35n) | (1n << 36n) | (1n << 38n)),
    data: { ...payload.data, guild_id: server.guildId },
  };
}

/** The shards a request's process names in its user agent (src/bot/client.ts). */
function shardsOf(request: RecordedRequest): number[] {
  const named = /muster-shards\/([\d,-]+)/.exec(request.userAgent);
  return named ? parseShardList(named[1], COUNT) : [];
}

/**
 * Built as `npm start` runs it (src/build.ts), with the test's entry: under
 * tsx each of the three processes spent 5–13 s compiling before it connected.
 */
const built = path.join(import.meta.dirname, '..', '..', 'dist', `shards-test-${process.pid}`);

/** The bot as `npm start` starts it, on the stand-ins, with `env` on top. */
function launch(fake: FakeDiscord, db: string, env: Record<string, string>): ChildProcess {
  return fork(path.join(built, 'shard-entry.mjs'), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DISCORD_TOKEN: 'test-token',
      DISCORD_API_BASE: fake.api,
      MUSTER_DB: db,
      MUSTER_OUT: path.join(path.dirname(db), 'images'),
      MUSTER_RENDER_THREADS: '0',
      MUSTER_SPAWN_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

/** SIGTERM, as systemd stops it; resolves once it exited (the manager waits for its processes). */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** Two free consecutive ports on loopback (the manager gives process n the base port + n). */
async function freePorts(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let base = 20_000 + Math.floor(Math.random() * 20_000); ; base += 2) if ((await free(base)) && (await free(base + 1))) return base;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  for (const end = Date.now() + ms; !test(); await sleep(50)) if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
}

describe('shards in several processes (issue 21 §2)', () => {
  const fake = new FakeDiscord();
  const gateway = new FakeGateway(fake, SERVERS);
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) await stop(child);
    fake.reset();
  });
  beforeAll(async () => {
    await buildDist({ 'shard-entry': 'tests/bot/shard-entry.ts' }, built);
  }, 60_000);
  afterAll(async () => {
    await gateway.close();
    await fake.close();
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('4 shards in 2 processes: each server is served, and its posts delivered once, by its shard’s process', async () => {
    await fake.start();
    await gateway.start();
    for (const server of SERVERS) fake.channels.set(server.channels[0], textChannel(server.guildId, server.channels[0], 0));
    // Each interaction's final answer, by token, and which process gave it.
    const answers = new Map<string, RecordedRequest>();
    fake.override = (request) => {
      const callback = /^\/interactions\/\d+\/([^/]+)\/callback$/.exec(request.path);
      const edit = /^\/webhooks\/\d+\/([^/]+)\/messages\/@original$/.exec(request.path);
      if (callback && request.body?.type === 4) answers.set(callback[1], request);
      if (edit && request.method === 'PATCH') answers.set(edit[1], request);
      return undefined;
    };
    const db = tempDb();
    const t0 = Date.now();
    const metricsPort = await freePorts();
    const manager = launch(fake, db, {
      MUSTER_SHARD_COUNT: String(COUNT),
      MUSTER_PROCESSES: '2',
      MUSTER_METRICS_PORT: String(metricsPort),
    });
    children.push(manager);
    await gateway.until(() => gateway.connected().length === COUNT, 30_000, 'four shards connected');
    const connectedMs = Date.now() - t0;
    expect(gateway.identifies.map((identify) => identify.shard).sort()).toEqual([0, 1, 2, 3].map((shard) => [shard, COUNT]));
    // Each process serves its health and metrics on its own port: the machine's base + its number.
    for (const port of [metricsPort, metricsPort + 1]) {
      const gatewayOf = async () => ((await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { gateway: string }).gateway;
      // Connected once its shards' servers have all arrived.
      for (const end = Date.now() + 10_000; (await gatewayOf()) !== 'connected' && Date.now() < end;) await sleep(100);
      expect(await gatewayOf()).toBe('connected');
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toMatch(new RegExp(`process="[^"]*:${port}"`));
    }

    const watch = new Store(db);
    /** Dispatch a command to its server's shard and wait for its answer; returns the answering request. */
    const say = async (server: Server, user: (typeof USERS)[number], name: string, sub: string, options: RawOption[] = []) => {
      const payload = command(server, user, name, sub, options);
      const shard = gateway.dispatch(server.guildId, 'INTERACTION_CREATE', payload);
      expect(shard).toBe(shardOf(server.guildId, COUNT));
      await until(() => answers.has(payload.token), 10_000, `/${name} ${sub} in server on shard ${shard}`);
      return answers.get(payload.token)!;
    };
    // A duel in each server, side by side: opened, seated, started, four moves, resigned.
    const play = async (server: Server) => {
      const [a, b] = USERS;
      const answered = [
        await say(server, a, 'game', 'new', [{ name: 'system', type: 3, value: 'duel' }]),
        await say(server, a, 'game', 'join', [{ name: 'side', type: 3, value: 'a' }]),
        await say(server, b, 'game', 'join', [{ name: 'side', type: 3, value: 'b' }]),
        await say(server, a, 'game', 'start'),
      ];
      const gameId = watch.liveGame(server.channels[0])!.id;
      for (let move = 0; move < 4; move++) {
        const state = JSON.parse(watch.game(gameId)!.state!) as { game: { turn: string } };
        const seat = watch.seats(gameId).find((s) => s.role === state.game.turn)!;
        answered.push(
          await say(
            server,
            USERS.find((u) => u.id === seat.userId)!,
            'duel',
            'roll',
          ),
        );
      }
      answered.push(await say(server, b, 'game', 'resign'));
      return { gameId, answered };
    };
    const games = await Promise.all(SERVERS.map(play));
    const playedMs = Date.now() - t0 - connectedMs;

    // Every interaction was answered by the process running its server's shard.
    for (const [index, game] of games.entries())
      for (const request of game.answered) expect(shardsOf(request)).toContain(shardOf(SERVERS[index].guildId, COUNT));
    // Every post delivered: the outbox drains.
    await until(() => watch.outbox.pendingSummary().count === 0, 15_000, 'outbox delivered');
    const rows = watch.db.prepare('SELECT guild_id AS "guildId", state FROM outbox').all() as { guildId: string | null; state: string }[];
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((row) => row.state !== 'sent')).toEqual([]);
    // Each row stored its server.
    expect(new Set(rows.map((row) => row.guildId))).toEqual(new Set(SERVERS.map((server) => server.guildId)));
    // Once: no message twice (each nonce once, none resent), and each by its shard's process.
    const nonces = fake.delivered.map((message) => message.nonce).filter(Boolean);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(fake.nonceRepeats).toBe(0);
    const channelCalls = fake.requests.filter((request) => /^\/channels\/\d+\//.test(request.path));
    const byProcess = new Map<string, number>();
    for (const request of channelCalls) {
      const channelId = /^\/channels\/(\d+)\//.exec(request.path)![1];
      const guildId = fake.channels.get(channelId)?.guild_id as string;
      expect(shardsOf(request), `${request.method} ${request.path}`).toContain(shardOf(guildId, COUNT));
      const who = shardsOf(request).join(',');
      byProcess.set(who, (byProcess.get(who) ?? 0) + 1);
    }
    // Both processes delivered, each its own two shards.
    expect([...byProcess.keys()].sort()).toEqual(['0,1', '2,3']);
    // Each game's channel got its posts (a turn's message is edited in place, issue 19 §1: few messages, many edits).
    for (const server of SERVERS) expect(fake.messages(server.channels[0]).length).toBeGreaterThan(0);
    console.info(
      `4 shards in 2 processes, connected in ${connectedMs} ms, played in ${playedMs} ms: ${games.reduce((n, game) => n + game.answered.length, 0)} commands answered by their shard's process; ` +
        `${rows.length} outbox rows, ${fake.delivered.length} messages (${[...byProcess].map(([who, n]) => `${n} calls by shards ${who}`).join(', ')})`,
    );
    watch.close();
    expect(await stop(manager)).toBe(0);
  }, 60_000);

  it('a process given shards 0,1 of 4 identifies only those and delivers only their servers’ posts', async () => {
    for (const server of SERVERS) fake.channels.set(server.channels[0], textChannel(server.guildId, server.channels[0], 0));
    const db = tempDb();
    const setup = new Store(db);
    const post = (server: Server, content: string) => ({ channelId: server.channels[0], kind: 'update' as const, content });
    // Posts left pending by an earlier run: in servers on shards 0, 2 and 3. No game tells the store the servers: the
    // first two are placed by hand, the third is left for shard 0's process to place by asking Discord.
    const [onZero, onTwo, onThree] = setup.outbox.enqueue([post(SERVERS[0], 'zero'), post(SERVERS[2], 'two'), post(SERVERS[3], 'three')], {
      hold: false,
    });
    const place = setup.db.prepare('UPDATE outbox SET guild_id = ? WHERE id = ?');
    place.run(SERVERS[0].guildId, onZero.id);
    place.run(SERVERS[2].guildId, onTwo.id);
    setup.close();
    const identified = gateway.identifies.length;
    const bot = launch(fake, db, { MUSTER_SHARD_COUNT: String(COUNT), MUSTER_SHARDS: '0,1' });
    children.push(bot);
    const watch = new Store(db);
    const row = (id: number) =>
      watch.db.prepare('SELECT state, guild_id AS "guildId" FROM outbox WHERE id = ?').get(id) as { state: string; guildId: string | null };
    await until(
      () => row(onZero.id).state === 'sent' && row(onThree.id).guildId !== null,
      30_000,
      "shard 0's post sent, the unknown lane placed",
    );
    // A moment more: nothing else may go.
    await sleep(500);
    expect(gateway.identifies.slice(identified).map((identify) => identify.shard)).toEqual([
      [0, COUNT],
      [1, COUNT],
    ]);
    expect(gateway.connected()).toEqual([0, 1]);
    expect(fake.messages(SERVERS[0].channels[0]).map((message) => message.content)).toEqual(['zero']);
    // Shard 2's post waits for its process; the unknown lane, found on shard 3, is handed to that shard's.
    expect(row(onTwo.id)).toEqual({ state: 'pending', guildId: SERVERS[2].guildId });
    expect(row(onThree.id)).toEqual({ state: 'pending', guildId: SERVERS[3].guildId });
    expect(fake.messages(SERVERS[2].channels[0])).toEqual([]);
    expect(fake.messages(SERVERS[3].channels[0])).toEqual([]);
    watch.close();
    expect(await stop(bot)).toBe(0);
  }, 40_000);
});
