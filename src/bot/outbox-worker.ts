// Drains the outbox into Discord. One row at a time per lane, oldest first;
// a failure that may pass (5xx, network, rate limit) is retried with
// exponential backoff and jitter (a 429's retry-after is honoured), surviving
// restarts because the schedule lives in the row. A refusal that will not
// pass (403 missing access, 404 unknown channel, bad request) or the last
// attempt marks the row failed and queues a notice for the game's players
// and moderators. Each payload carries a nonce Discord enforces, so a resend
// after a crash between "accepted" and "marked sent" does not post twice.
import { ChannelType, DiscordAPIError, RateLimitError, type Client, type SendableChannels } from 'discord.js';
import type { Router } from '../../commands/types.ts';
import type { Attachment, DrawJob, Post } from '../messages/types.ts';
import { drawJob } from '../app/draws.ts';
import { appMetrics } from '../app/metrics.ts';
import type { HeadInfo, Outbox, OutboxRow } from '../store/outbox.ts';
import type { Logger } from './log.ts';
import { payloadsOf } from './messages.ts';
import { archiveThread, errorText, openThread } from './posts.ts';
import { SeatThreads } from '../store/seat-threads.ts';
import { openSeatThread } from './seat-threads.ts';
import { ShardLanes } from './shard-lanes.ts';

/** One destination of a row: a channel, a seat's thread (its role) or a player's DM (their id). */
interface Target {
  open(): Promise<SendableChannels>;
  thread?: string;
  userId?: string;
}

export interface RetryPolicy {
  /** First retry after about this long; doubles per attempt. */
  baseMs: number;
  maxMs: number;
  /** Attempts before a row counts as undeliverable. */
  maxAttempts: number;
  /** How often due retries are looked for. */
  pollMs: number;
  /** Lanes delivered side by side (default 16); each lane still goes one row at a time, in order. */
  lanes?: number;
  /** Of those, rows waiting for their pictures to be drawn (default 2: the render threads' queue stays short). */
  drawing?: number;
  /**
   * A close-up (a post that is only a picture) waiting longer than this is
   * not drawn (default 10 s): when the render threads are that far behind,
   * the maps and hand-offs need them more.
   */
  closeUpMaxWaitMs?: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 2_000, maxMs: 10 * 60_000, maxAttempts: 10, pollMs: 1_000, lanes: 16, drawing: 2 };

/** Refusals that no retry will change. */
export function isPermanent(e: unknown): boolean {
  if (e instanceof NotSendable) return true;
  if (e instanceof DiscordAPIError) return e.status === 400 || e.status === 401 || e.status === 403 || e.status === 404;
  return false;
}

class NotSendable extends Error {}

/** Wait before attempt `attempts + 1`: base·2^attempts, capped, with ±50 % jitter; retry-after wins. */
export function backoff(policy: RetryPolicy, attempts: number, e: unknown, rand = Math.random): number {
  if (e instanceof RateLimitError) return Math.max(e.retryAfter, policy.baseMs);
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** attempts);
  return Math.round(exp * (0.5 + rand()));
}

export class OutboxWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Pictures left out under a backlog: a newer one of their game followed, or a close-up came too late. */
  superseded = 0;
  /** Told of each message sent with buttons or dropdowns (the bot disables them once their decision closes). */
  onControls?: (channelId: string, messageId: string, components: readonly unknown[]) => void;
  /** Seat threads and held notes live in the outbox's database. */
  readonly seats: SeatThreads;
  /** The lanes of the servers this process serves, when several share the outbox. */
  private readonly lanes: ShardLanes;

  constructor(
    private readonly client: Client,
    readonly outbox: Outbox,
    private readonly router: Router,
    private readonly log: Logger,
    readonly policy: RetryPolicy = DEFAULT_RETRY,
  ) {
    this.seats = new SeatThreads(outbox.db, outbox.now);
    this.lanes = new ShardLanes(client);
  }

  start(): void {
    this.outbox.resume();
    appMetrics().probes.outbox = this.depth;
    this.timer = setInterval(() => void this.kick(), this.policy.pollMs);
    this.timer.unref();
    void this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const probes = appMetrics().probes;
    if (probes.outbox === this.depth) delete probes.outbox;
    await this.running;
  }

  /** What the outbox gauges read when scraped. */
  private readonly depth = () => {
    const { count, oldestAt } = this.outbox.pendingSummary();
    return { depth: count, oldestAgeSeconds: oldestAt === null ? 0 : Math.max(0, this.outbox.now() - oldestAt) / 1000 };
  };

  /** Send everything due now; resolves when nothing due is left (retries stay scheduled). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Until no row is pending (tests; a graceful stop may wait on it too). */
  async settle(timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (this.outbox.pending().length) {
      if (Date.now() > end) throw new Error(`outbox not settled: ${this.outbox.pending().length} row(s) pending`);
      await this.kick();
      await new Promise((r) => setTimeout(r, Math.min(50, this.policy.pollMs)));
    }
  }

  /**
   * Lanes go side by side, each one row at a time: at most `lanes` rows in
   * flight, of which at most `drawing` wait for their pictures, so a lane
   * whose map is being drawn holds back only itself. Returns when nothing due
   * is left and nothing is in flight. Every lane's head is looked up at most
   * every SCAN_MS (a scan reads the whole pending index); in between only the
   * lanes just delivered are looked at again.
   */
  private async drain(): Promise<void> {
    const inFlight = new Map<string, Promise<void>>();
    const freed = new Set<string>();
    const lanes = Math.max(1, this.policy.lanes ?? 16);
    const drawLimit = Math.max(1, this.policy.drawing ?? 2);
    let drawing = 0;
    let scanned = -Infinity;
    let dirty = true;
    for (;;) {
      if (this.stopped) break;
      if (this.again) dirty = true;
      this.again = false;
      const scan = dirty && performance.now() - scanned >= SCAN_MS;
      let heads: HeadInfo[] = [];
      if (inFlight.size < lanes) {
        if (scan) {
          heads = this.outbox.headIds();
          scanned = performance.now();
          dirty = false;
        } else {
          for (const lane of freed) {
            const h = this.outbox.laneHead(lane);
            if (h) heads.push(h);
          }
        }
        freed.clear();
      }
      const now = this.outbox.now();
      for (const h of heads) {
        if (h.nextAt > now || inFlight.has(h.lane)) continue;
        // A map a newer one supersedes is not drawn: it needs no drawing slot.
        const draws = h.draws > 0 && (drawing < drawLimit || !this.outbox.hasNewerDraws(h));
        // No room now: the next scan finds it.
        if (inFlight.size >= lanes || (draws && drawing >= drawLimit)) {
          dirty = true;
          continue;
        }
        // Another process's server (its shards): theirs to deliver (issue 21 §3).
        if (!(await this.lanes.serves(h.lane))) continue;
        const row = this.outbox.get(h.id);
        if (row?.state !== 'pending') continue;
        // Another process is delivering this lane's head (issue 21 §3): it is theirs until delivered or their hold expires.
        if (!this.outbox.claim(row.id)) continue;
        if (draws) drawing++;
        const job = this.deliver(row)
          .catch((e) => this.log.error(`outbox #${row.id}: delivery failed unexpectedly: ${errorText(e)}`))
          .finally(() => {
            inFlight.delete(h.lane);
            freed.add(h.lane);
            if (draws) drawing--;
          });
        inFlight.set(h.lane, job);
      }
      if (inFlight.size) await Promise.race(inFlight.values());
      else if (dirty || freed.size || this.again) await sleep(Math.max(0, SCAN_MS - (performance.now() - scanned)));
      else break;
    }
    await Promise.all(inFlight.values());
  }

  private async deliver(row: OutboxRow): Promise<void> {
    // A tournament match's thread opens with its first delivery; the rows of that lane then move into it.
    const pending = this.router.pendingThread?.(row.lane);
    if (pending) {
      const id = await openThread(this.client, this.router, pending.parent, pending.name, this.log, row.lane);
      if (!id) this.failOrRetry(row, row.post, new Error(`could not open a thread in ${pending.parent} (Create Public Threads?)`));
      return;
    }
    if (row.post.kind === 'owed') return this.recover(row);
    if (row.post.card !== undefined || row.post.hub !== undefined || row.post.edit) return this.deliverCard(row);
    const post = await this.drawn(row);
    if (!post) return this.outbox.sent(row.id);
    const parts = payloadsOf(post);
    const refused: { userId: string; error: string }[] = [];
    let k = 0;
    try {
      const targets = post.to ? await this.privateTargets(row, post) : [{ open: () => this.channel(row.lane) }];
      for (const target of targets) {
        let dest: SendableChannels | null = null;
        for (let n = 0; n < parts.length; n++, k++) {
          if (k < row.doneParts) continue;
          try {
            dest ??= await target.open();
            // Discord keeps the first message with this nonce for a few minutes: a resend is answered with it.
            const sent = await dest.send({ ...parts[n], nonce: nonceOf(row, k), enforceNonce: true });
            // The card links to a game's last public map.
            if (!post.to && post.gameId !== undefined && parts[n].files?.length) this.router.mapPosted?.(post.gameId, sent.url);
            if (parts[n].components?.length) this.onControls?.(sent.channelId, sent.id, sent.components);
          } catch (e) {
            // A seat thread that vanished: forget it, the retry opens a new one.
            if (target.thread && isPermanent(e) && row.gameId !== null) {
              this.seats.forget(row.gameId, target.thread);
              throw new Error(`seat thread gone: ${errorText(e)}`);
            }
            // One player who takes no direct messages does not hold back the others.
            if (!target.userId || !isPermanent(e)) throw e;
            refused.push({ userId: target.userId, error: errorText(e) });
            k += parts.length - n;
            this.outbox.progress(row.id, k);
            break;
          }
          this.outbox.progress(row.id, k + 1);
        }
      }
      this.outbox.sent(row.id);
      if (refused.length && post.to) {
        // Last resort: the text waits for the player's next command, shown only to them.
        for (const r of refused) this.seats.addNote(r.userId, row.gameId, post.content);
        const idx = new Set(refused.map((r) => r.userId));
        const names = post.to.userIds.map((u, i) => (idx.has(u) ? (post.to!.names[i] ?? u) : null)).filter((x): x is string => !!x);
        this.undeliverable(row, { ...post, to: { ...post.to, userIds: [...idx], names } }, refused[0].error, true);
      }
    } catch (e) {
      this.failOrRetry(row, post, e);
    }
  }

  /**
   * The post with its pictures drawn (Attachment.draw). Under a backlog a
   * picture that a later post of the same game draws again is left out: its
   * text, pings and buttons still go, and the newest map is always drawn. A
   * post that was only such a picture (a close-up) is not sent: null; nor is
   * a close-up that waited too long (closeUpMaxWaitMs).
   */
  private async drawn(row: OutboxRow): Promise<Post | null> {
    const files = row.post.files ?? [];
    if (!files.some((f) => f.draw)) return row.post;
    // A post partly sent already keeps its parts as they were.
    const newer = row.doneParts === 0 ? this.outbox.supersededDraws(row) : new Set<string>();
    const late = row.doneParts === 0 && this.outbox.now() - row.createdAt > (this.policy.closeUpMaxWaitMs ?? 10_000);
    const out: Attachment[] = [];
    let skipped = 0;
    for (const f of files) {
      if (!f.draw) {
        out.push(f);
      } else if (newer.has(f.draw.system) || (f.draw.alone && (newer.size || late))) {
        skipped++;
      } else {
        const png = await this.drawFile(row, f.draw);
        const { draw: _job, ...file } = f;
        if (png) out.push({ ...file, data: png });
      }
    }
    this.superseded += skipped;
    const post = row.post;
    const owes = post.to || post.mentions?.length || post.buttons?.length || post.selects?.length || post.handoff?.length;
    if (skipped === files.length && !owes && files.every((f) => f.draw?.alone)) return null;
    const note = skipped ? '\n_(map not drawn: a newer one of this game follows)_' : '';
    return { ...post, content: `${post.content}${note}`, files: out };
  }

  /** A picture that cannot be drawn is left out (logged); the post's text still goes. */
  private async drawFile(row: OutboxRow, job: DrawJob): Promise<Buffer | null> {
    try {
      return await (this.router.draw ? this.router.draw(job) : drawJob(job, null));
    } catch (e) {
      this.log.error(`outbox #${row.id}: drawing ${job.system} failed, sending without it: ${errorText(e)}`);
      return null;
    }
  }

  private failOrRetry(row: OutboxRow, post: Post, e: unknown): void {
    const error = errorText(e);
    const permanent = isPermanent(e);
    if (permanent || row.attempts + 1 >= this.policy.maxAttempts) {
      this.outbox.failed(row.id, error);
      this.log.error(`outbox #${row.id} to ${row.lane} undeliverable after ${row.attempts + 1} attempt(s): ${error}`);
      this.undeliverable(row, post, error, permanent);
    } else {
      const wait = backoff(this.policy, row.attempts, e);
      this.outbox.retry(row.id, this.outbox.now() + wait, error);
      this.log.warn(`outbox #${row.id} to ${row.lane} failed (attempt ${row.attempts + 1}), retrying in ${wait} ms: ${error}`);
    }
  }

  /**
   * A game's card (or any post that edits a message): built as it stands now,
   * edited in place when its message exists, else sent, pinned and recorded.
   * A card whose game is gone is dropped. Then, for a finished game, the
   * thread is archived.
   */
  private async deliverCard(row: OutboxRow): Promise<void> {
    // A newer card of the game waits behind this one: it will show the same, or more.
    if (this.outbox.newerCard(row)) return this.outbox.sent(row.id);
    let post = row.post;
    if (post.card !== undefined) {
      const built = this.router.card?.(post.card);
      if (!built) return this.outbox.sent(row.id);
      post = { ...built.post, card: post.card, archive: post.archive };
    } else if (post.hub !== undefined) {
      const built = this.router.hub?.(post.hub);
      if (!built) return this.outbox.sent(row.id);
      post = { ...built.post, hub: post.hub };
    }
    const payload = payloadsOf(post)[0];
    if (!payload) return this.outbox.sent(row.id);
    try {
      const channel = await this.channel(row.lane);
      let messageId: string | null = null;
      if (post.edit && channel.type !== ChannelType.DM) {
        try {
          messageId = (
            await channel.messages.edit(post.edit, {
              content: payload.content || null,
              embeds: payload.embeds ?? [],
              components: payload.components ?? [],
              allowedMentions: payload.allowedMentions,
            })
          ).id;
        } catch (e) {
          // Deleted by someone: send a new card. Anything else is a failure like any post's.
          if (!(e instanceof DiscordAPIError && e.status === 404 && e.code === 10008)) throw e;
        }
      }
      if (!messageId) {
        const sent = await channel.send({ ...payload, nonce: nonceOf(row, 0), enforceNonce: true });
        messageId = sent.id;
        if (post.hub !== undefined) this.router.hubPosted?.(post.hub, row.lane, sent.id);
        if (post.card !== undefined) this.router.cardPosted?.(post.card, row.lane, sent.id);
        if (post.card !== undefined || post.hub !== undefined) {
          await sent
            .pin(post.hub !== undefined ? 'Muster tournament hub' : 'Muster game card')
            .catch((e) => this.log.warn(`outbox #${row.id}: could not pin the card in ${row.lane}: ${errorText(e)}`));
        }
      }
      this.outbox.sent(row.id);
      if (post.archive) await archiveThread(this.client, row.lane, this.log);
    } catch (e) {
      this.failOrRetry(row, post, e);
    }
  }

  /**
   * Where a private post goes: the seat's private thread when it is addressed
   * to one seat of a game (plus a DM for any player the thread could not take),
   * else a DM per player. A notice to every player (the channel itself
   * failed) always goes by DM.
   */
  private async privateTargets(row: OutboxRow, post: Post): Promise<Target[]> {
    const to = post.to!;
    const dms = (ids: string[]): Target[] =>
      ids.map((userId) => ({ userId, open: () => this.client.users.createDM(userId, { force: true }) }));
    // A copy of a private reply is kept only where a seat thread can hold it: never as a DM.
    if (to.roles.length !== 1 || row.gameId === null || post.kind === 'notice') return post.echo ? [] : dms(to.userIds);
    const role = to.roles[0];
    // The seat's holders come from the store; a post may name only some of them (a reminder).
    const holders = this.seats.holders(row.gameId, role);
    const members = [...new Set([...holders, ...to.userIds])];
    const opened = await openSeatThread(
      this.client,
      this.seats,
      { gameId: row.gameId, role, channelId: post.channelId, members, exact: holders.length > 0 },
      this.log,
    );
    if (!opened) return post.echo ? [] : dms(to.userIds);
    const rest = post.echo ? [] : dms(opened.unreachable.filter((u) => to.userIds.includes(u)));
    return [{ thread: role, open: async () => opened.thread as SendableChannels }, ...rest];
  }

  /** A commit's posts never came (a crash before they were stored): post where the game stands instead. */
  private async recover(row: OutboxRow): Promise<void> {
    let posts: Post[] = [];
    try {
      posts = row.gameId !== null ? ((await this.router.recover?.(row.gameId)) ?? []) : [];
    } catch (e) {
      this.log.error(`outbox #${row.id}: recovering game ${row.gameId} failed: ${errorText(e)}`);
    }
    this.outbox.replace(row.id, posts);
    this.log.warn(`outbox #${row.id}: game ${row.gameId} owed posts that were never stored; posted its current state instead`);
  }

  private async channel(id: string): Promise<SendableChannels> {
    const channel = await this.client.channels.fetch(id);
    if (!channel?.isSendable()) throw new NotSendable(`channel ${id} is not a text channel I can send to`);
    return channel;
  }

  /** Tell the game's players and moderators; a failed notice is only logged. */
  private undeliverable(row: OutboxRow, post: Post, error: string, permanent: boolean): void {
    if (post.kind === 'notice') return;
    // The channel refused: what else waits for it would be refused too. One notice covers them all.
    if (!post.to && permanent)
      for (const other of this.outbox.pending().filter((r) => r.lane === row.lane && !r.post.to))
        this.outbox.failed(other.id, `not tried: ${error}`);
    const notices = this.router.undelivered?.({ gameId: row.gameId, post, error }) ?? [
      {
        channelId: row.lane,
        kind: 'notice' as const,
        content: `⚠️ A game update could not be delivered here (${error}). /game repost sends the current state again.`,
      },
    ];
    this.outbox.enqueue(notices, { hold: false });
  }
}

/** Shortest time between two scans of every lane's head. */
const SCAN_MS = 20;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** ≤ 25 characters, unique per payload of a row (the creation time keeps ids of a recreated database apart). */
export function nonceOf(row: Pick<OutboxRow, 'id' | 'createdAt'>, k: number): string {
  return `m${row.id.toString(36)}.${row.createdAt.toString(36)}.${k}`.slice(0, 25);
}
