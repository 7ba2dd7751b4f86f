// A loopback stand-in for Discord's HTTP API: records every request the bot
// makes and answers the handful of routes the adapter uses, with the shapes
// discord.js expects (204 for interaction callbacks without with_response,
// message objects for webhook/channel messages, channel objects for threads).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path after /api/v10, e.g. /interactions/1/tok/callback */
  path: string;
  query: URLSearchParams;
  /** JSON body, or the parsed payload_json of a multipart request. */
  body: any;
  files: RecordedFile[];
  /** When the request arrived (performance.now(), ms): acknowledgement latency is measured from it. */
  at: number;
  /** Its User-Agent: a bot process names its shards there (issue 21 §2). */
  userAgent: string;
}

export interface Override {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Do the request's work (a message is created) and still answer this: Discord took it, the answer was lost. */
  after?: boolean;
}

/** An injected failure: answers the next `times` requests that match. */
export interface Fault extends Override {
  match: (r: RecordedRequest) => boolean;
  times: number;
}

/** A message Discord created (once per nonce, however often it was sent). */
export interface Delivered {
  channelId: string;
  content: string;
  mentions: string[];
  components: any[];
  files: RecordedFile[];
  flags: number;
  /** Embeds as sent (a game card), updated in place by edits. */
  embeds: any[];
  /** The message's id (edits and pins name it). */
  id: string;
  /** Its text as first sent (edits change `content`: a game's turn message, issue 19 §1). */
  posted: string;
  /** The nonce it was sent with (enforced), if any. */
  nonce?: string;
}

/** Ready-made faults (issue 9). */
export const FAULTS = {
  serverError: { status: 500, body: { message: '500: Internal Server Error', code: 0 } },
  unknownInteraction: { status: 404, body: { message: 'Unknown interaction', code: 10062 } },
  missingAccess: { status: 403, body: { message: 'Missing Access', code: 50001 } },
  rateLimited: (seconds: number) => ({
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: seconds, global: false },
    headers: {
      'retry-after': String(seconds),
      'x-ratelimit-scope': 'user',
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': String(seconds),
    },
  }),
} satisfies Record<string, Override | ((n: number) => Override)>;

/** Matchers for faults. */
export const ON = {
  channelPost: (r: RecordedRequest) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path),
  /** A message with pictures: sent, or pictures added to a ping by an edit (issue 19 §4). */
  upload: (r: RecordedRequest) =>
    (ON.channelPost(r) || (r.method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(r.path))) && r.files.length > 0,
  callback: (r: RecordedRequest) => r.method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(r.path),
  threadCreate: (r: RecordedRequest) => r.method === 'POST' && /^\/channels\/\d+\/threads$/.test(r.path),
  dmOpen: (r: RecordedRequest) => r.method === 'POST' && r.path === '/users/@me/channels',
};

export const APP_ID = '1100000000000000001';
export const BOT_USER = { id: APP_ID, username: 'Muster', discriminator: '0', global_name: null, avatar: null, bot: true };

export class FakeDiscord {
  readonly requests: RecordedRequest[] = [];
  /** Channels served by GET /channels/:id (threads created via the API are added). */
  readonly channels = new Map<string, any>();
  /** Return a response to short-circuit a request (e.g. simulate a 403). */
  override: ((r: RecordedRequest) => Override | undefined) | null = null;
  /** Injected failures, consumed in order (fault()). */
  readonly faults: Fault[] = [];
  /** Messages created in channels and DMs, deduplicated by nonce as Discord does. */
  readonly delivered: Delivered[] = [];
  /** Users added to each thread (PUT /channels/:thread/thread-members/:user); the bot owns the threads it creates. */
  readonly threadMembers = new Map<string, Set<string>>();
  /** Matching requests are answered this much later, as they are (a slow thread creation, issue 19 §9). */
  readonly delays: { match: (r: RecordedRequest) => boolean; ms: number }[] = [];
  /** Pinned message ids per channel. */
  readonly pins = new Map<string, Set<string>>();
  /** The message each component interaction was pressed on (by interaction id and token), once told (pressing()). */
  private pressedOn = new Map<string, { channelId: string; messageId: string }>();
  /** A slow upload: a request carrying files is answered this long after it arrived (ms). */
  uploadDelayMs = 0;
  /** Sends answered from Discord's nonce memory (a resend after a crash or a lapsed claim): nothing new was posted. */
  nonceRepeats = 0;
  /** GET /gateway/bot's answer once a gateway stand-in listens (tests/bot/fake-gateway.ts). */
  gatewayBot: { url: string; shards: number } | null = null;
  private nonces = new Map<string, any>();
  private server = http.createServer((req, res) => void this.onRequest(req, res));
  private nextId = 1400000000000000000n;
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get api(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(): void {
    this.requests.length = 0;
    this.delivered.length = 0;
    this.faults.length = 0;
    this.override = null;
    this.pins.clear();
    this.threadMembers.clear();
    this.nonceRepeats = 0;
  }

  /** Answer the next `times` matching requests with `response` (500s: discord.js itself tries 4 times). */
  fault(match: (r: RecordedRequest) => boolean, response: Override, times = 1): void {
    this.faults.push({ ...response, match, times });
  }

  /** Delivered messages of one channel, in order; game cards (embeds only, edited in place) are in cards(). */
  messages(channelId: string): Delivered[] {
    return this.delivered.filter((d) => d.channelId === channelId && !isCard(d));
  }

  /** Card messages (an embed and no text) of one channel, as they stand after edits. */
  cards(channelId: string): Delivered[] {
    return this.delivered.filter((d) => d.channelId === channelId && isCard(d));
  }

  /**
   * A component interaction about to be fed: its answers that update the
   * pressed message (type 7, or an edit of @original after a deferral) then
   * change that delivered message, as Discord would.
   */
  pressing(payload: { id: string; token: string; channel_id: string; message: { id: string } }): void {
    const at = { channelId: payload.channel_id, messageId: payload.message.id };
    this.pressedOn.set(payload.id, at);
    this.pressedOn.set(payload.token, at);
  }

  /** Messages updated through a component's own interaction (type 7 or an edit of @original). */
  readonly updated: { channelId: string; messageId: string; body: any }[] = [];

  private applyUpdate(key: string, body: any): Delivered | undefined {
    const at = this.pressedOn.get(key);
    if (!at) return undefined;
    this.updated.push({ ...at, body });
    const d = this.delivered.find((x) => x.channelId === at.channelId && x.id === at.messageId);
    if (!d) return undefined;
    if ('content' in body) d.content = body.content ?? '';
    if ('components' in body) d.components = body.components ?? [];
    if ('embeds' in body) d.embeds = body.embeds ?? [];
    return d;
  }

  snowflake(): string {
    return String(this.nextId++);
  }

  /** Requests matching method and a path pattern (string = exact, RegExp = test). */
  find(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  private async onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const at = performance.now();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://x');
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname).replace(/^\/api\/v\d+/, ''),
      query: url.searchParams,
      body: undefined,
      files: [],
      at,
      userAgent: req.headers['user-agent'] ?? '',
    };
    await parseBody(rec, raw, req.headers['content-type'] ?? '');
    this.requests.push(rec);
    const delay = this.delays.find((d) => d.match(rec));
    if (delay) await new Promise((r) => setTimeout(r, delay.ms));
    if (rec.files.length && this.uploadDelayMs > 0) await new Promise((r) => setTimeout(r, this.uploadDelayMs));
    const fault = this.faults.find((f) => f.times > 0 && f.match(rec));
    if (fault) fault.times--;
    const forced = fault ?? this.override?.(rec);
    const real = !forced || forced.after ? this.answer(rec) : undefined;
    const { status, body, headers } = forced ?? real!;
    if (status === 204 || body === undefined) {
      res.writeHead(status, headers ?? {}).end();
    } else {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    }
  }

  private answer(r: RecordedRequest): Override {
    const p = r.path;
    let m: RegExpMatchArray | null;
    if (r.method === 'POST' && (m = p.match(/^\/interactions\/(\d+)\/[^/]+\/callback$/))) {
      if (r.body?.type === 7) this.applyUpdate(m[1], r.body?.data ?? {});
      // discord.js sends ?with_response=false and expects no body.
      if (r.query.get('with_response') !== 'true') return { status: 204 };
      // A reply (4) asked back returns the message it created.
      const created = r.body?.type === 4 ? { message: this.message('0', { ...r, body: r.body?.data ?? {} }) } : {};
      return { status: 200, body: { interaction: { id: '0', type: r.body?.type }, resource: { type: r.body?.type, ...created } } };
    }
    if ((m = p.match(/^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/))) {
      if (r.method === 'DELETE') return { status: 204 };
      if (r.method === 'PATCH') {
        const d = this.applyUpdate(m[2], r.body ?? {});
        return { status: 200, body: { ...this.message(d?.channelId ?? '0', r, m[1]), ...(d ? { id: d.id } : {}) } };
      }
    }
    // An interaction's reply or follow-up edited through its webhook (disabled controls, issue 19 §2).
    if (r.method === 'PATCH' && (m = p.match(/^\/webhooks\/(\d+)\/([^/]+)\/messages\/(\d+)$/))) {
      return { status: 200, body: { ...this.message('0', r, m[1]), id: m[3] } };
    }
    if (r.method === 'POST' && (m = p.match(/^\/webhooks\/(\d+)\/([^/]+)$/))) {
      return { status: 200, body: this.message('0', r, m[1]) };
    }
    if (r.method === 'GET' && (m = p.match(/^\/guilds\/(\d+)\/threads\/active$/))) {
      // Every thread of the server not archived, public and private (the bot sees the private ones it owns).
      const threads = [...this.channels.values()].filter((c) => c.thread_metadata && !c.thread_metadata.archived && c.guild_id === m![1]);
      return { status: 200, body: { threads, members: [] } };
    }
    if (r.method === 'GET' && p === '/gateway/bot' && this.gatewayBot) {
      // Identifies are not throttled: 16 at once, as a large bot is allowed.
      const limit = { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 16 };
      return { status: 200, body: { ...this.gatewayBot, session_start_limit: limit } };
    }
    if ((m = p.match(/^\/channels\/(\d+)$/)) && r.method === 'GET') {
      const ch = this.channels.get(m[1]);
      return ch ? { status: 200, body: ch } : { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
    }
    if (r.method === 'POST' && (m = p.match(/^\/channels\/(\d+)\/messages$/))) {
      // enforce_nonce: a second send with the same nonce gets the first message back, nothing new.
      const key = r.body?.enforce_nonce && r.body?.nonce ? `${m[1]}:${r.body.nonce}` : null;
      if (key && this.nonces.has(key)) {
        this.nonceRepeats++;
        return { status: 200, body: this.nonces.get(key) };
      }
      const msg = this.message(m[1], r);
      if (key) this.nonces.set(key, msg);
      const b = r.body ?? {};
      this.delivered.push({
        id: msg.id,
        channelId: m[1],
        content: b.content ?? '',
        posted: b.content ?? '',
        mentions: b.allowed_mentions?.users ?? [],
        components: b.components ?? [],
        files: r.files,
        flags: b.flags ?? 0,
        embeds: b.embeds ?? [],
        nonce: key ? String(r.body.nonce) : undefined,
      });
      return { status: 200, body: msg };
    }
    if (r.method === 'PATCH' && (m = p.match(/^\/channels\/(\d+)\/messages\/(\d+)$/))) {
      const d = this.delivered.find((x) => x.channelId === m![1] && x.id === m![2]);
      if (!d) return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      const b = r.body ?? {};
      if ('content' in b) d.content = b.content ?? '';
      if ('embeds' in b) d.embeds = b.embeds ?? [];
      if ('components' in b) d.components = b.components ?? [];
      // Pictures added by an edit (a ping's, which went ahead of them) replace the message's attachments.
      if (r.files.length || 'attachments' in b) d.files = r.files;
      return {
        status: 200,
        body: {
          ...this.message(m[1], r),
          id: d.id,
          content: d.content,
          embeds: d.embeds,
          components: d.components,
          edited_timestamp: new Date().toISOString(),
        },
      };
    }
    if (r.method === 'PUT' && (m = p.match(/^\/channels\/(\d+)\/(?:messages\/)?pins\/(\d+)$/))) {
      if (!this.pins.has(m[1])) this.pins.set(m[1], new Set());
      this.pins.get(m[1])!.add(m[2]);
      return { status: 204 };
    }
    if (r.method === 'PATCH' && (m = p.match(/^\/channels\/(\d+)$/))) {
      const ch = this.channels.get(m[1]);
      if (!ch) return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
      if (r.body?.archived !== undefined && ch.thread_metadata) ch.thread_metadata = { ...ch.thread_metadata, archived: r.body.archived };
      return { status: 200, body: ch };
    }
    if (r.method === 'POST' && p === '/users/@me/channels') {
      // A DM channel per recipient, for private deliveries and notices.
      const id = `9${String(r.body?.recipient_id ?? '0').slice(1)}`;
      const dm = {
        id,
        type: 1,
        last_message_id: null,
        recipients: [{ id: r.body?.recipient_id, username: 'player', discriminator: '0', global_name: null, avatar: null }],
      };
      this.channels.set(id, dm);
      return { status: 200, body: dm };
    }
    if (r.method === 'POST' && (m = p.match(/^\/channels\/(\d+)\/threads$/))) {
      const parent = this.channels.get(m[1]);
      const thread = {
        id: this.snowflake(),
        type: r.body?.type ?? 11,
        guild_id: parent?.guild_id,
        parent_id: m[1],
        name: r.body?.name,
        owner_id: APP_ID,
        message_count: 0,
        member_count: 1,
        rate_limit_per_user: 0,
        thread_metadata: {
          archived: false,
          auto_archive_duration: r.body?.auto_archive_duration ?? 10080,
          archive_timestamp: new Date().toISOString(),
          locked: false,
          ...(r.body?.invitable !== undefined ? { invitable: r.body.invitable } : {}),
        },
        member: { id: undefined, user_id: APP_ID, join_timestamp: new Date().toISOString(), flags: 0 },
        flags: 0,
      };
      this.channels.set(thread.id, thread);
      return { status: 201, body: thread };
    }
    if (r.method === 'PUT' && (m = p.match(/^\/channels\/(\d+)\/thread-members\/(\d+)$/))) {
      if (!this.channels.get(m[1])?.thread_metadata) return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
      this.threadMembers.set(m[1], new Set([...(this.threadMembers.get(m[1]) ?? []), m[2]]));
      return { status: 204 };
    }
    if (r.method === 'DELETE' && (m = p.match(/^\/channels\/(\d+)\/thread-members\/(\d+)$/))) {
      this.threadMembers.get(m[1])?.delete(m[2]);
      return { status: 204 };
    }
    if (r.method === 'PUT' && /^\/applications\/\d+(\/guilds\/\d+)?\/commands$/.test(p)) {
      const list = Array.isArray(r.body) ? r.body : [];
      return {
        status: 200,
        body: list.map((c: any) => ({ ...c, id: this.snowflake(), application_id: APP_ID, version: this.snowflake() })),
      };
    }
    return { status: 404, body: { message: `fake discord: no route for ${r.method} ${p}`, code: 0 } };
  }

  private message(channelId: string, r: RecordedRequest, webhookId?: string): any {
    const b = r.body ?? {};
    return {
      id: this.snowflake(),
      channel_id: channelId,
      author: BOT_USER,
      content: b.content ?? '',
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: r.files.map((f, n) => ({
        id: String(n),
        filename: f.name,
        size: f.data.length,
        url: `https://cdn.example/${f.name}`,
        proxy_url: `https://cdn.example/${f.name}`,
        content_type: f.type,
      })),
      embeds: [],
      components: b.components ?? [],
      pinned: false,
      type: 0,
      flags: b.flags ?? 0,
      ...(webhookId ? { webhook_id: webhookId, application_id: webhookId } : {}),
    };
  }
}

const isCard = (d: Delivered) => d.embeds.length > 0 && !d.content && !d.files.length;

async function parseBody(rec: RecordedRequest, raw: Buffer, contentType: string): Promise<void> {
  if (!raw.length) return;
  if (contentType.startsWith('multipart/form-data')) {
    // The platform's own multipart parser (undici) reads discord.js's FormData.
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    for (const [field, value] of form) {
      if (typeof value === 'string') {
        if (field === 'payload_json') rec.body = JSON.parse(value);
      } else {
        rec.files.push({ field, name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) });
      }
    }
    return;
  }
  const text = raw.toString('utf8');
  try {
    rec.body = JSON.parse(text);
  } catch {
    rec.body = text;
  }
}
