// A loopback stand-in for Discord's gateway (issue 21 §2), beside the HTTP
// one (tests/bot/fake-discord.ts), just enough for discord.js to run shards
// against it: GET /gateway/bot (answered by the HTTP stand-in), HELLO,
// IDENTIFY with [shard, count], READY naming that shard's servers, one
// GUILD_CREATE each (a server is on shard (id >> 22) % count, as Discord
// routes it), heartbeat ACKs, and dispatches such as INTERACTION_CREATE sent
// to the session of the shard that owns the server. JSON, no compression
// (discord.js without zlib-sync asks for none).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { shardOf } from '../../src/bot/shard-plan.ts';
import { APP_ID, BOT_USER, type FakeDiscord } from './fake-discord.ts';
import { guildCreate, type Server } from './multi-servers.ts';

/** One IDENTIFY as received. */
export interface Identify {
  shard: [number, number];
  token: string;
  intents: number;
}

/** A shard's live session: its socket and its sequence number. */
interface Session {
  socket: WebSocket;
  shard: number;
  count: number;
  seq: number;
}

const OP = { dispatch: 0, heartbeat: 1, identify: 2, resume: 6, invalidSession: 9, hello: 10, heartbeatAck: 11 } as const;

export class FakeGateway {
  /** Every IDENTIFY, in order of arrival. */
  readonly identifies: Identify[] = [];
  /** Dispatches sent, by event name and the shard whose session took them. */
  readonly dispatched: { type: string; shard: number; guildId: string | null }[] = [];
  /** Heartbeats answered. */
  heartbeats = 0;
  private readonly sessions = new Map<number, Session>();
  private readonly http = http.createServer((_req, res) => res.writeHead(426).end());
  private readonly wss = new WebSocketServer({ server: this.http });
  private waiters: (() => void)[] = [];

  /** `servers`: every server the bot is in; each shard's session is told of those on it. */
  constructor(
    private readonly rest: FakeDiscord,
    private readonly servers: Server[],
  ) {
    this.wss.on('connection', (socket) => this.open(socket));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    const { port } = this.http.address() as AddressInfo;
    this.rest.gatewayBot = { url: `ws://127.0.0.1:${port}`, shards: 1 };
    return this;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  /** The shards with a live session now. */
  connected(): number[] {
    return [...this.sessions.keys()].sort((a, b) => a - b);
  }

  /** Resolves once `test()` holds (checked as sessions open), or rejects after `ms`. */
  async until(test: () => boolean, ms: number, what: string): Promise<void> {
    const end = Date.now() + ms;
    while (!test()) {
      if (Date.now() > end)
        throw new Error(`gateway: ${what} not within ${ms} ms (identified: ${JSON.stringify(this.identifies.map((i) => i.shard))})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /**
   * Send a dispatch to the shard that owns `guildId` (shard 0 without one),
   * as Discord routes it; returns that shard. Throws when no session has it.
   */
  dispatch(guildId: string | null, type: string, data: unknown): number {
    const count = this.sessions.values().next().value?.count ?? 1;
    const shard = guildId === null ? 0 : shardOf(guildId, count);
    const session = this.sessions.get(shard);
    if (!session) throw new Error(`gateway: no session for shard ${shard} (server ${guildId})`);
    this.send(session, type, data);
    this.dispatched.push({ type, shard, guildId });
    return shard;
  }

  private open(socket: WebSocket): void {
    socket.send(JSON.stringify({ op: OP.hello, d: { heartbeat_interval: 41_250 }, s: null, t: null }));
    socket.on('message', (raw) => {
      const packet = JSON.parse(String(raw)) as { op: number; d: any };
      if (packet.op === OP.heartbeat) {
        this.heartbeats++;
        socket.send(JSON.stringify({ op: OP.heartbeatAck, d: null, s: null, t: null }));
      } else if (packet.op === OP.identify) {
        this.identify(socket, packet.d as Identify);
      } else if (packet.op === OP.resume) {
        // No sessions are kept across connections: identify again.
        socket.send(JSON.stringify({ op: OP.invalidSession, d: false, s: null, t: null }));
      }
    });
    socket.on('close', () => {
      for (const [shard, session] of this.sessions) if (session.socket === socket) this.sessions.delete(shard);
    });
  }

  private identify(socket: WebSocket, identify: Identify): void {
    this.identifies.push(identify);
    const [shard, count] = identify.shard;
    const session: Session = { socket, shard, count, seq: 0 };
    this.sessions.set(shard, session);
    const mine = this.servers.filter((server) => shardOf(server.guildId, count) === shard);
    this.send(session, 'READY', {
      v: 10,
      user: BOT_USER,
      guilds: mine.map((server) => ({ id: server.guildId, unavailable: true })),
      session_id: `session-${shard}-${this.identifies.length}`,
      resume_gateway_url: this.rest.gatewayBot!.url,
      shard: [shard, count],
      application: { id: APP_ID, flags: 0 },
    });
    for (const server of mine) this.send(session, 'GUILD_CREATE', guildCreate(server));
    for (const wake of this.waiters.splice(0)) wake();
  }

  private send(session: Session, type: string, data: unknown): void {
    session.socket.send(JSON.stringify({ op: OP.dispatch, t: type, s: ++session.seq, d: data }));
  }
}
