// Drains the outbox into Discord. One row at a time per lane and track,
// oldest first; pings are handed to discord.js's REST queue before pictures
// (a ping goes without its pictures, which follow as an edit of it), and a
// ping whose decisions closed before it went out is not sent (issue 19 §4);
// a card is not edited when it would show what it shows (issue 19 §2);
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
import { INVALID_PAYLOAD, windowOf, type HeadInfo, type Outbox, type OutboxRow, type Track } from '../store/outbox.ts';
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

/**
 * A payload Discord found malformed (400, e.g. 50035 Invalid Form Body): a
 * fault of the bot that no permission or retry changes (issue 19 §9).
 */
export function isInvalidPayload(e: unknown): boolean {
  return e instanceof DiscordAPIError && e.status === 400;
}

class NotSendable extends Error {}

/** A lane found to be another process's server only once taken (the store did not know it): put back for it (issue 21 §2). */
class ForeignLane extends Error {}

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
  /** Pings not sent because every decision they asked about had closed (issue 19 §4). */
  pingsDropped = 0;
  /** Card edits not made because the card would show what it already shows (issue 19 §2). */
  cardsUnchanged = 0;
  /** What each card message shows now (its payload as JSON), by lane and message: an identical card is not edited. */
  private readonly cardShown = new Map<string, string>();
  /** Threads being opened, by lane: two tracks of one lane open one thread. */
  private readonly opening = new Map<string, Promise<string | null>>();
  private wake: NodeJS.Timeout | undefined;
  /** Told of each message sent with buttons or dropdowns (the bot disables them once their decision closes). */
  onControls?: (channelId: string, messageId: string, components: readonly unknown[]) => void;
  /**
   * Lanes whose public post was refused since this process started (memory): only their next
   * post that gets through is checked for the end of an outage (issue 19 §9).
   */
  private readonly refusing = new Set<string>();
  /** Disable the closed controls of a message now (a `disable` row; the control registry's), best effort. */
  onDisable?: (channelId: string, messageId: string) => Promise<void>;
  /**
   * Since when a game's board has waited for a map in a lane (game and lane):
   * the creation time of its oldest map left out because a newer one followed.
   * The newer map is drawn in the older one's place in line, so under a
   * backlog a game that keeps moving still gets its board drawn (memory: a
   * restart forgets it, at worst one wait in line).
   */
  private readonly unshownSince = new Map<string, number>();
  /** Heads that waited for a drawing slot in the last full scan: the render threads are behind when that fills another round. */
  private drawBacklog = 0;
  /** Wakes a drain that waits on its rows in flight (kick). */
  private wakeDrain: (() => void) | null = null;
  /** Heads found superseded (for good: the newer map waits behind them), and when the others were last asked. */
  private readonly newerDraws = new Map<number, boolean | number>();
  /** Seat threads and held notes live in the outbox's database. */
  readonly seats: SeatThreads;
  /** Which rows are this process's, by their server's shard, when several share the outbox (issue 21 §2). */
  lanes: ShardLanes;

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
    this.outbox.resume((guildId) => this.lanes.serves(guildId));
    appMetrics().probes.outbox = this.depth;
    this.timer = setInterval(() => void this.kick(), this.policy.pollMs);
    this.timer.unref();
    void this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wake) clearTimeout(this.wake);
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
      // A drain waiting on its rows in flight (a picture being drawn) looks at the new rows now.
      this.wakeDrain?.();
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      this.wakeForNext();
    });
    return this.running;
  }

  /** A row falling due before the next poll (a card's window) is sent when it does, not a poll later. */
  private wakeForNext(): void {
    if (this.stopped) return;
    const at = this.outbox.nextDueAt();
    const wait = at === null ? Infinity : at - this.outbox.now();
    if (wait <= 0 || wait >= this.policy.pollMs) return;
    if (this.wake) clearTimeout(this.wake);
    this.wake = setTimeout(() => void this.kick(), wait + 1);
    this.wake.unref();
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
   * Lanes go side by side, each track of a lane one row at a time: pings
   * first (they never draw, and have their own allowance of `lanes`, so no
   * picture holds one back), then the rest, at most `lanes` rows in flight,
   * of which at most `drawing` wait for their pictures, so a lane whose map is
   * being drawn holds back only itself. A card waits for the older rows of
   * its lane's main track (it links their map). Returns when nothing due is
   * left and nothing is in flight. Every head is looked up at most every
   * SCAN_MS, or more under a backlog (a scan reads the whole pending index: SCAN_COST_SHARE); in between only the lanes
   * just delivered are looked at again.
   */
  private async drain(): Promise<void> {
    const inFlight = new Map<string, Promise<void>>();
    // By row too: a row whose lane moved into its match's thread while in flight is that lane's head as well.
    const taken = new Set<number>();
    const freed = new Set<string>();
    const lanes = Math.max(1, this.policy.lanes ?? 16);
    const drawLimit = Math.max(1, this.policy.drawing ?? 2);
    const busy: Record<Track, number> = { ping: 0, main: 0, card: 0 };
    let drawing = 0;
    let scanned = -Infinity;
    // Time between scans: SCAN_MS, or SCAN_COST_SHARE times the last scan's cost when that is more (a backlog).
    let scanGap = SCAN_MS;
    let dirty = true;
    for (;;) {
      if (this.stopped) break;
      if (this.again) dirty = true;
      this.again = false;
      const scan = dirty && performance.now() - scanned >= scanGap;
      let heads: HeadInfo[] = [];
      if (scan) {
        const started = performance.now();
        heads = this.outbox.headIds();
        scanned = performance.now();
        scanGap = Math.max(SCAN_MS, (scanned - started) * SCAN_COST_SHARE);
        dirty = false;
      } else {
        for (const lane of freed) heads.push(...this.outbox.laneHeads(lane));
      }
      freed.clear();
      // Pings are handed to discord.js's queue before anything else (its route buckets go in order);
      // then oldest first, a map in the place of the oldest map of its game it replaced.
      heads.sort((a, b) => TRACK_ORDER[a.track] - TRACK_ORDER[b.track] || this.waitingSince(a) - this.waitingSince(b) || a.id - b.id);
      // Each lane's main head, from the same read: a card waits for the older rows of its lane's main track.
      const mainHead = new Map<string, number>();
      for (const head of heads) if (head.track === 'main') mainHead.set(head.lane, Math.min(head.id, mainHead.get(head.lane) ?? Infinity));
      let waitingToDraw = 0;
      // The rest of this round starts once this round's pings have made their first call (or a moment passed).
      const handed: Promise<void>[] = [];
      let gate: Promise<unknown> | null = null;
      const now = this.outbox.now();
      for (const h of heads) {
        const key = `${h.lane}\n${h.track}`;
        if (h.nextAt > now || inFlight.has(key) || taken.has(h.id)) continue;
        // Its lane's main track brings it back when it moves on.
        if (h.track === 'card' && (mainHead.get(h.lane) ?? Infinity) < h.id) continue;
        const ping = h.track === 'ping';
        // A ping's pictures follow it; a map a newer one supersedes is not drawn: neither needs a drawing slot.
        const draws = !ping && h.draws > 0 && (drawing < drawLimit || !this.followedByNewerMap(h));
        const others = busy.main + busy.card;
        // No room now: the next scan finds it.
        if ((ping ? busy.ping : others) >= lanes || (draws && drawing >= drawLimit)) {
          if (draws && drawing >= drawLimit) waitingToDraw++;
          dirty = true;
          continue;
        }
        // Another process's server (its shards): theirs to deliver; ours, but its shard still connecting: the
        // poll or the shard's ready (client.ts) brings it back (issue 21 §2).
        if (!this.lanes.serves(h.guildId) || !this.lanes.ready(h.guildId)) continue;
        // Only a pending row is claimed; another process is delivering this lane's head (issue 21 §3): it is
        // theirs until delivered or their hold expires. The row itself is read once, where it is delivered.
        const rowId = h.id;
        if (!this.outbox.claim(rowId)) continue;
        if (draws) drawing++;
        busy[h.track]++;
        taken.add(rowId);
        let started: Promise<void>;
        if (ping) {
          let signal!: () => void;
          handed.push(new Promise<void>((r) => (signal = r)));
          started = this.deliver(rowId, signal).finally(signal);
        } else {
          gate ??= handed.length ? Promise.race([Promise.all(handed), sleep(PING_HEAD_START_MS)]) : null;
          started = gate ? gate.then(() => this.deliver(rowId)) : this.deliver(rowId);
        }
        const job = started
          .catch((e) => this.log.error(`outbox #${rowId}: delivery failed unexpectedly: ${errorText(e)}`))
          .finally(() => {
            inFlight.delete(key);
            taken.delete(rowId);
            this.newerDraws.delete(rowId);
            freed.add(h.lane);
            busy[h.track]--;
            if (draws) drawing--;
          });
        inFlight.set(key, job);
      }
      if (scan) this.drawBacklog = waitingToDraw;
      // Until a row in flight is done or new rows come (kick): a hand-off must not wait for a picture being drawn.
      if (inFlight.size) {
        await Promise.race([...inFlight.values(), new Promise<void>((wake) => (this.wakeDrain = wake))]);
        this.wakeDrain = null;
        // Woken for new rows: they are found by the next scan, at most scanGap after the last.
        if (this.again) await sleep(Math.max(0, scanGap - (performance.now() - scanned)));
      } else if (dirty || freed.size || this.again) await sleep(Math.max(0, scanGap - (performance.now() - scanned)));
      else break;
    }
    await Promise.all(inFlight.values());
  }

  /** When a head began to wait: its creation, or for a map, that of the oldest map of its game it replaced. */
  private waitingSince(head: HeadInfo): number {
    const since = head.draws > 0 && head.gameId !== null ? this.unshownSince.get(`${head.gameId}\n${head.lane}`) : undefined;
    return since === undefined ? head.createdAt : Math.min(since, head.createdAt);
  }

  /**
   * Whether a newer map of its game follows this head (Outbox.hasNewerDraws).
   * Asked of every head waiting for a drawing slot on every scan, so a
   * "yes" is kept (it stays true until the head goes) and a "no" is asked
   * again only after NEWER_RECHECK_MS.
   */
  private followedByNewerMap(head: HeadInfo): boolean {
    const known = this.newerDraws.get(head.id);
    if (known === true) return true;
    const now = performance.now();
    if (typeof known === 'number' && now - known < NEWER_RECHECK_MS) return false;
    const newer = this.outbox.hasNewerDraws(head);
    // Bounded: heads delivered are forgotten as they go; this only catches a pathological pile-up.
    if (this.newerDraws.size > 20_000) this.newerDraws.clear();
    this.newerDraws.set(head.id, newer || now);
    return newer;
  }

  /** `handed`: called once the row's first message is handed to discord.js (a ping's head start). */
  private async deliver(rowId: number, handed?: () => void): Promise<void> {
    // Read once claimed, as it stands now: while it waited (the round's pings, another track opening its match's
    // thread, another process) its lane may have moved into the thread just opened; a placeholder lane is no channel.
    const row = this.outbox.get(rowId);
    if (row?.state !== 'pending') return;
    // A tournament match's thread opens with its first delivery; the rows of that lane then move into it.
    const pending = this.router.pendingThread?.(row.lane);
    if (pending) {
      // Another track of the lane may be opening it already: one thread, opened once.
      let opening = this.opening.get(row.lane);
      // Across processes too: the lane's oldest row opens it, the others come back once it is open.
      if (!opening && Math.min(...this.outbox.laneHeads(row.lane).map((h) => h.id)) !== row.id)
        return this.outbox.unclaim(row.id, this.outbox.now() + THREAD_WAIT_MS);
      if (!opening) {
        opening = openThread(this.client, this.router, pending.parent, pending.name, this.log, row.lane).finally(() =>
          this.opening.delete(row.lane),
        );
        this.opening.set(row.lane, opening);
      }
      const id = await opening;
      if (!id) this.failOrRetry(row, row.post, new Error(`could not open a thread in ${pending.parent} (Create Public Threads?)`));
      return;
    }
    if (row.post.kind === 'owed') return this.recover(row);
    if (row.post.turn?.edit) return this.deliverTurnEdit(row);
    if (row.post.disable !== undefined) return this.deliverDisable(row);
    if (row.post.card !== undefined || row.post.hub !== undefined || row.post.edit) return this.deliverCard(row);
    if (row.post.attachTo) return this.deliverPictures(row);
    // A ping goes at once, without its pictures: they follow as an edit of it (issue 19 §4).
    const ahead = row.track === 'ping' && !row.post.to && !!row.post.files?.length;
    // A row taken over from a dead process may have gone out already: it goes as stored (its nonce decides).
    const asked = row.doneParts === 0 && !this.outbox.inherited(row.id) ? await this.stillAsked(row) : row.post;
    if (!asked) {
      this.pingsDropped++;
      appMetrics().pingsDropped.inc();
      if (!row.post.to) this.outbox.unping(row.gameId, row.post.handoff ?? []);
      return this.outbox.sent(row.id);
    }
    // Narrowed (some of its decisions closed): the row holds what goes, so a resend and its mentions match it,
    // and the closed decisions' hand-offs, never pinged, are not counted as pinged.
    if (asked !== row.post) {
      this.outbox.rewrite(row.id, asked);
      if (!row.post.to)
        this.outbox.unping(
          row.gameId,
          (row.post.handoff ?? []).filter((h) => !asked.handoff?.includes(h)),
        );
    }
    const post = ahead ? { ...asked, files: [] } : await this.drawn({ ...row, post: asked });
    if (!post) return this.outbox.sent(row.id);
    // A channel that refused posts until now: if this one gets through, its game is reposted once (issue 19 §9).
    const wasDown =
      !post.to && post.kind !== 'repost' && row.doneParts === 0 && this.refusing.has(row.lane) && this.outbox.inOutage(row.lane, row.id);
    const parts = payloadsOf(post, (problem) => this.log.error(`outbox #${row.id}: over Discord's limits, a bug: ${problem}`));
    const refused: { userId: string; error: string }[] = [];
    let lastSent: string | null = null;
    let k = 0;
    try {
      const targets = post.to ? await this.privateTargets(row, post) : [{ open: () => this.channel(row.lane) }];
      for (const target of targets) {
        let dest: SendableChannels | null = null;
        for (let n = 0; n < parts.length; n++, k++) {
          // A ping's last part is sent again after a crash (its nonce brings the same message back): its pictures need its id.
          if (k < row.doneParts && !(ahead && n === parts.length - 1)) continue;
          try {
            dest ??= await target.open();
            // Our hold renewed as each part goes: one that lapsed meanwhile (a long drawing, a stalled process)
            // and was taken over is the other process's to send, not ours too.
            if (!this.outbox.claim(row.id)) return;
            // Discord keeps the first message with this nonce for a few minutes: a resend is answered with it.
            const sending = dest.send({ ...parts[n], nonce: nonceOf(row, k), enforceNonce: true });
            handed?.();
            const sent = await sending;
            lastSent = sent.id;
            // The card links to a game's last public map.
            if (!post.to && post.gameId !== undefined && parts[n].files?.length) this.router.mapPosted?.(post.gameId, sent.url);
            if (parts[n].components?.length) this.onControls?.(sent.channelId, sent.id, sent.components);
            // A turn message is its last part, the one with the controls (issue 19 §1).
            if (post.turn && !post.to && n === parts.length - 1)
              this.router.turnPosted?.(post.turn.gameId, post.turn.seq, sent.channelId, sent.id);
          } catch (e) {
            // A seat thread that vanished: forget it, the retry opens a new one.
            if (target.thread && isPermanent(e) && !isInvalidPayload(e) && row.gameId !== null) {
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
      // A resend after a crash gets the first message back by its nonce, so lastSent is known here.
      if (ahead && lastSent) this.outbox.sentWithPictures(row, lastSent, row.post.files ?? []);
      else this.outbox.sent(row.id);
      if (!post.to && lastSent) this.refusing.delete(row.lane);
      if (wasDown && lastSent) await this.accessReturned(row.lane);
      if (refused.length && post.to) {
        // Last resort: the text waits for the player's next command, shown only to them.
        // A player with notes of this game waiting was told already: one notice until they read them.
        const told = new Set(refused.filter((r) => this.seats.notes(r.userId).some((n) => n.gameId === row.gameId)).map((r) => r.userId));
        for (const r of refused) this.seats.addNote(r.userId, row.gameId, post.content);
        const idx = new Set(refused.filter((r) => !told.has(r.userId)).map((r) => r.userId));
        if (idx.size === 0) return;
        const names = post.to.userIds.map((u, i) => (idx.has(u) ? (post.to!.names[i] ?? u) : null)).filter((x): x is string => !!x);
        this.undeliverable(row, { ...post, to: { ...post.to, userIds: [...idx], names } }, refused[0].error, true);
      }
    } catch (e) {
      this.failOrRetry(row, post, e);
    }
  }

  /**
   * A post that asks about decisions (a hand-off, a reminder) as it may go
   * now: null when every one of them closed before it went out and it says
   * nothing else (issue 19 §4) and is not a turn message; else without the mentions and controls of the
   * closed ones, and saying they were decided. Unchanged when the router
   * cannot tell.
   */
  private async stillAsked(row: OutboxRow): Promise<Post | null> {
    const post = row.post;
    const asked = post.handoff?.length ? post.handoff : (post.decisions ?? []);
    if (!asked.length || post.gameId === undefined || !this.router.openDecisions) return post;
    const open = this.router.openDecisions(post.gameId, asked);
    if (!open) return post;
    const isOpen = (d: { role: string; decision: number }) => open.some((o) => o.role === d.role && o.decision === d.decision);
    if (asked.every(isOpen)) return post;
    // A turn message is never dropped: it carries the turn's log, which its later edits build on (issue 19 §1).
    if (!open.length && !post.turn && (post.kind === 'handoff' || !post.handoff?.length)) return null;
    const stillFor = new Set((post.handoff ?? []).filter(isOpen).map((h) => h.userId));
    const closedFor = new Set((post.handoff ?? []).filter((h) => !isOpen(h)).map((h) => h.userId));
    const ids = [...(post.buttons ?? []).map((b) => b.customId), ...(post.selects ?? []).flatMap((m) => m.options.map((o) => o.value))];
    const stale = new Set(ids.length ? ((await this.router.staleControls?.(ids)) ?? []) : []);
    const selects = (post.selects ?? [])
      .map((m) => ({ ...m, options: m.options.filter((o) => !stale.has(o.value)) }))
      .filter((m) => m.options.length);
    return {
      ...post,
      content: `${post.content}\n_(Already decided before this message went out.)_`,
      mentions: (post.mentions ?? []).filter((u) => stillFor.has(u) || !closedFor.has(u)),
      handoff: post.handoff?.filter(isOpen),
      buttons: (post.buttons ?? []).filter((b) => !stale.has(b.customId)),
      selects,
    };
  }

  /**
   * The pictures of a ping that went ahead of them, added to its message
   * when drawn. A newer map of the game supersedes them as it would any map:
   * then nothing is sent.
   */
  private async deliverPictures(row: OutboxRow): Promise<void> {
    const post = await this.drawn(row);
    const files = post?.files ?? [];
    if (!post || !files.length) return this.outbox.sent(row.id);
    const payload = payloadsOf({ content: '', files })[0];
    try {
      const channel = await this.channel(row.lane);
      if (channel.type === ChannelType.DM) throw new NotSendable('pictures are added to channel messages only');
      const edited = await channel.messages.edit(row.post.attachTo!, { files: payload.files ?? [], embeds: payload.embeds ?? [] });
      if (post.gameId !== undefined) this.router.mapPosted?.(post.gameId, edited.url);
      this.outbox.sent(row.id);
    } catch (e) {
      // The ping was deleted: its pictures have nowhere to go and the next map shows the board.
      if (e instanceof DiscordAPIError && e.status === 404 && e.code === 10008) return this.outbox.sent(row.id);
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
    // A close-up is the first picture to give up: when it waited too long, or when the render threads
    // are behind (a full round of maps waits for a drawing slot), the map alone goes, at half the drawing.
    const behind = this.drawBacklog >= Math.max(1, this.policy.drawing ?? 2);
    const late = row.doneParts === 0 && (behind || this.outbox.now() - row.createdAt > (this.policy.closeUpMaxWaitMs ?? 10_000));
    const unshown = row.gameId === null || row.post.to ? null : `${row.gameId}\n${row.lane}`;
    const out: Attachment[] = [];
    let skipped = 0;
    for (const f of files) {
      if (!f.draw) {
        out.push(f);
      } else if (newer.has(f.draw.system) || (f.draw.alone && (newer.size || late))) {
        skipped++;
        // Its board waits for the newer map, which takes this one's place in line.
        if (unshown && !f.draw.alone && !this.unshownSince.has(unshown)) {
          if (this.unshownSince.size > 20_000) this.unshownSince.clear();
          this.unshownSince.set(unshown, row.createdAt);
        }
      } else {
        const png = await this.drawFile(row, f.draw);
        const { draw: _job, ...file } = f;
        if (png) out.push({ ...file, data: png });
        if (png && unshown && !f.draw.alone) this.unshownSince.delete(unshown);
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
    // Another process's server after all: theirs to deliver, nothing failed.
    if (e instanceof ForeignLane) return this.outbox.unclaim(row.id);
    const invalid = isInvalidPayload(e);
    const error = errorText(e);
    const permanent = isPermanent(e);
    if (permanent || row.attempts + 1 >= this.policy.maxAttempts) {
      this.outbox.failed(row.id, invalid ? `${INVALID_PAYLOAD}${error}` : error);
      if (invalid) this.log.error(`outbox #${row.id} to ${row.lane}: Discord refused the payload as invalid, a bug in the bot: ${error}`);
      else this.log.error(`outbox #${row.id} to ${row.lane} undeliverable after ${row.attempts + 1} attempt(s): ${error}`);
      this.undeliverable(row, post, error, permanent, invalid);
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
    const payload = payloadsOf(post, (problem) => this.log.error(`outbox #${row.id}: over Discord's limits, a bug: ${problem}`))[0];
    if (!payload) return this.outbox.sent(row.id);
    try {
      const channel = await this.channel(row.lane);
      let messageId: string | null = null;
      const shows = JSON.stringify([payload.content, payload.embeds, payload.components]);
      if (post.edit && this.cardShown.get(`${row.lane}/${post.edit}`) === shows) {
        // The card already shows this: no edit (issue 19 §2).
        this.cardsUnchanged++;
        appMetrics().cardsUnchanged.inc();
        return this.outbox.sent(row.id);
      }
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
          this.outbox.cardSent(row.gameId);
        } catch (e) {
          // Deleted by someone: send a new card. Anything else is a failure like any post's.
          if (!(e instanceof DiscordAPIError && e.status === 404 && e.code === 10008)) throw e;
        }
      }
      if (!messageId) {
        if (!this.outbox.claim(row.id)) return;
        const sent = await channel.send({ ...payload, nonce: nonceOf(row, 0), enforceNonce: true });
        messageId = sent.id;
        this.outbox.cardSent(row.gameId);
        if (post.hub !== undefined) this.router.hubPosted?.(post.hub, row.lane, sent.id);
        if (post.card !== undefined) this.router.cardPosted?.(post.card, row.lane, sent.id);
        if (post.card !== undefined || post.hub !== undefined) {
          await sent
            .pin(post.hub !== undefined ? 'Muster tournament hub' : 'Muster game card')
            .catch((e) => this.log.warn(`outbox #${row.id}: could not pin the card in ${row.lane}: ${errorText(e)}`));
        }
      }
      if (post.card !== undefined || post.hub !== undefined) this.rememberCard(`${row.lane}/${messageId}`, shows);
      this.outbox.sent(row.id);
      if (post.archive) await archiveThread(this.client, row.lane, this.log);
    } catch (e) {
      this.failOrRetry(row, post, e);
    }
  }

  /** Bounded: the oldest cards are forgotten (their next edit is simply made). */
  private rememberCard(key: string, shows: string): void {
    this.cardShown.delete(key);
    this.cardShown.set(key, shows);
    if (this.cardShown.size > 5_000) this.cardShown.delete(this.cardShown.keys().next().value!);
  }

  /**
   * A game's turn message, edited in place (issue 19 §1): its text and
   * controls replaced, its pictures kept. A newer pending edit of the same
   * message makes this one redundant; a turn message never delivered, or
   * deleted, is not edited (the next turn message says where the game stands).
   */
  private async deliverTurnEdit(row: OutboxRow): Promise<void> {
    const turn = row.post.turn!;
    const messageId = this.router.turnMessage?.(turn.gameId, turn.seq) ?? null;
    if (!messageId || this.outbox.newerTurnEdit(row)) return this.outbox.sent(row.id);
    const payload = payloadsOf(row.post)[0];
    if (!payload) return this.outbox.sent(row.id);
    try {
      const channel = await this.channel(row.lane);
      if (channel.type === ChannelType.DM) return this.outbox.sent(row.id);
      const edited = await channel.messages.edit(messageId, {
        content: payload.content || null,
        components: payload.components ?? [],
        allowedMentions: payload.allowedMentions,
      });
      this.onControls?.(edited.channelId, edited.id, edited.components ?? []);
      this.outbox.sent(row.id);
    } catch (e) {
      if (e instanceof DiscordAPIError && e.status === 404 && e.code === 10008) return this.outbox.sent(row.id);
      this.failOrRetry(row, row.post, e);
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

  /** A message's closed controls, disabled as they stand now: one edit for every refresh of its window (issue 19 §2). */
  private async deliverDisable(row: OutboxRow): Promise<void> {
    if (this.outbox.newerCard(row)) return this.outbox.sent(row.id);
    await this.onDisable?.(row.lane, row.post.disable!);
    this.outbox.windowSent(windowOf(row.post));
    this.outbox.sent(row.id);
  }

  /** The lane took a post again after refusing: its game's current turn goes once more, at once. */
  private async accessReturned(lane: string): Promise<void> {
    try {
      const out = await this.router.accessReturned?.(lane);
      if (out?.queued?.length) this.outbox.release(out.queued);
      if (out) this.log.info(`${lane} takes posts again: its game was reposted`);
    } catch (e) {
      this.log.error(`could not repost the game of ${lane} after an outage: ${errorText(e)}`);
    }
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
    if (!channel) return this.unplaced(id);
    if (!channel.isSendable()) throw new NotSendable(`channel ${id} is not a text channel I can send to`);
    return channel;
  }

  /**
   * A channel of a server this client has not cached: a lane the store could
   * not place (delivered by shard 0's process), or a server that is out.
   * Another shard's server is handed on to it; ours is tried again later.
   */
  private async unplaced(lane: string): Promise<never> {
    const bare = await this.client.channels.fetch(lane, { allowUnknownGuild: true, cache: false });
    const guildId = bare && 'guildId' in bare ? bare.guildId : null;
    if (!guildId) throw new NotSendable(`channel ${lane} is not a text channel I can send to`);
    if (!this.lanes.serves(guildId)) {
      this.outbox.placeLane(lane, guildId);
      throw new ForeignLane(lane);
    }
    throw new Error(`server ${guildId} of channel ${lane} is not available yet`);
  }

  /**
   * Tell the game's players and moderators; a failed notice is only logged.
   * One notice per outage (issue 19 §9): a channel that refused before, with
   * nothing delivered there since, was reported then. A malformed payload
   * (`invalid`) is the bot's fault: reported to the moderators each time, and
   * the channel's other posts still go.
   */
  private undeliverable(row: OutboxRow, post: Post, error: string, permanent: boolean, invalid = false): void {
    if (!post.to && !invalid) this.refusing.add(row.lane);
    if (post.kind === 'notice') return;
    // The channel refused: what else waits for it would be refused too. One notice covers them all.
    if (!post.to && permanent && !invalid)
      for (const other of this.outbox.pending().filter((r) => r.lane === row.lane && !r.post.to))
        this.outbox.failed(other.id, `not tried: ${error}`);
    if (!post.to && !invalid && this.outbox.inOutage(row.lane, row.id)) {
      this.log.warn(`outbox #${row.id}: ${row.lane} still refuses posts; its players were told when it began`);
      return;
    }
    const notices = this.router.undelivered?.({ gameId: row.gameId, post, error, ...(invalid ? { invalid } : {}) }) ?? [
      {
        channelId: row.lane,
        kind: 'notice' as const,
        content: `⚠️ A game update could not be delivered here (${error}). /game repost sends the current state again.`,
      },
    ];
    this.outbox.enqueue(notices, { hold: false });
  }
}

/** The order heads are taken in: pings reach discord.js's queue first. */
const TRACK_ORDER: Record<Track, number> = { ping: 0, main: 1, card: 2 };

/** Longest the other rows of a round wait for its pings to reach discord.js (a slow DM or thread opening). */
const PING_HEAD_START_MS = 100;

/** How long a row of a match waits while its thread is being opened by another row. */
const THREAD_WAIT_MS = 100;

/** Shortest time between two scans of every lane's head. */
const SCAN_MS = 20;

/**
 * A scan reads every pending row's lane: under a backlog (thousands of rows)
 * it took 3.5 ms, and new rows call for one every SCAN_MS, a sixth of the
 * event loop spent finding heads. Scans are spaced to this many times their
 * cost, so they take at most about a tenth of it; the lanes just delivered
 * are looked at again in between as before.
 */
const SCAN_COST_SHARE = 10;

/** How long a head found not superseded is taken at its word before the outbox is asked again. */
const NEWER_RECHECK_MS = 250;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** ≤ 25 characters, unique per payload of a row (the creation time keeps ids of a recreated database apart). */
export function nonceOf(row: Pick<OutboxRow, 'id' | 'createdAt'>, k: number): string {
  return `m${row.id.toString(36)}.${row.createdAt.toString(36)}.${k}`.slice(0, 25);
}
