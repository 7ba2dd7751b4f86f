// What the bot is doing, as Prometheus metrics (issue 21 §7): one Registry per
// process, with prom-client's default process metrics under the same prefix.
// Counting is always on (a few increments per command); only the HTTP
// endpoint that exposes them is optional (src/bot/metrics-server.ts). Gauges
// that read the store or the render pool ask their probe when scraped, so an
// idle process does no work for metrics.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const METRICS_PREFIX = 'muster_';

/** How a command or button ended: done, refused with a reason to the caller, or failed in our code. */
export type CommandResult = 'ok' | 'refused' | 'error';

/** Read at scrape time; set by whoever owns the thing measured (the outbox worker, the render pool). */
export interface MetricProbes {
  outbox?: () => { depth: number; oldestAgeSeconds: number };
  renderQueue?: () => number;
}

// Commands take 1–10 ms of CPU and wait on the store and renders; slow ones run for seconds.
const COMMAND_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// A PNG takes tens of milliseconds of CPU, more when it waits in the pool's queue.
const RENDER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// The tick reads live games: milliseconds today, seconds at ten thousand live games.
const TICK_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();
  readonly probes: MetricProbes = {};

  readonly commands = new Counter({
    name: `${METRICS_PREFIX}commands_total`,
    help: 'Commands and button presses handled, by command, subcommand and result (ok, refused, error).',
    labelNames: ['command', 'sub', 'result'] as const,
    registers: [this.registry],
  });
  readonly commandSeconds = new Histogram({
    name: `${METRICS_PREFIX}command_duration_seconds`,
    help: 'Wall time from a command reaching the router to its outcome being queued.',
    labelNames: ['command', 'sub'] as const,
    buckets: COMMAND_BUCKETS,
    registers: [this.registry],
  });
  readonly refusals = new Counter({
    name: `${METRICS_PREFIX}refusals_total`,
    help: 'Commands and presses refused with a private reason (illegal action, stale version, bad input).',
    labelNames: ['command'] as const,
    registers: [this.registry],
  });
  readonly outboxDepth = new Gauge({
    name: `${METRICS_PREFIX}outbox_pending`,
    help: 'Posts waiting in the outbox (pending rows).',
    registers: [this.registry],
    collect: () => this.outboxGauge('depth'),
  });
  readonly outboxOldest = new Gauge({
    name: `${METRICS_PREFIX}outbox_oldest_pending_age_seconds`,
    help: 'Age of the oldest pending outbox row (0 when none).',
    registers: [this.registry],
    collect: () => this.outboxGauge('age'),
  });
  readonly renderQueue: Gauge = new Gauge({
    name: `${METRICS_PREFIX}render_queue_length`,
    help: 'Map renders waiting for a render thread.',
    registers: [this.registry],
    collect: (): void => this.renderQueue.set(this.probes.renderQueue?.() ?? 0),
  });
  readonly renderSeconds = new Histogram({
    name: `${METRICS_PREFIX}render_duration_seconds`,
    help: 'Map renders by the render threads, queue wait included, by game system and result.',
    labelNames: ['system', 'result'] as const,
    buckets: RENDER_BUCKETS,
    registers: [this.registry],
  });
  readonly restCalls = new Counter({
    name: `${METRICS_PREFIX}discord_rest_requests_total`,
    help: 'Discord REST responses, by HTTP method and status.',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });
  readonly restGlobal = new Counter({
    name: `${METRICS_PREFIX}discord_rest_global_requests_total`,
    help: "Discord REST requests under Discord's global limit (all but interaction responses and follow-ups), by kind.",
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly pingsDropped = new Counter({
    name: `${METRICS_PREFIX}outbox_pings_dropped_total`,
    help: 'Hand-offs and reminders not sent because every decision they asked about had closed.',
    registers: [this.registry],
  });
  readonly cardsUnchanged = new Counter({
    name: `${METRICS_PREFIX}outbox_card_edits_skipped_total`,
    help: 'Game card edits not made because the card would show what it already shows.',
    registers: [this.registry],
  });
  readonly rest429 = new Counter({
    name: `${METRICS_PREFIX}discord_rest_429_total`,
    help: 'Discord REST responses with status 429 (rate limited by Discord).',
    registers: [this.registry],
  });
  readonly restRateLimited = new Counter({
    name: `${METRICS_PREFIX}discord_rest_rate_limited_total`,
    help: "Times discord.js held a request back for a rate limit (its 'rateLimited' event), by scope.",
    labelNames: ['global'] as const,
    registers: [this.registry],
  });
  readonly tickSeconds = new Histogram({
    name: `${METRICS_PREFIX}tick_duration_seconds`,
    help: 'The periodic tick (deadlines, reminders, lobbies, tournament clocks), by result.',
    labelNames: ['result'] as const,
    buckets: TICK_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
  }

  /** One command or press ended: counted, timed, and counted again when refused. */
  command(command: string, sub: string, result: CommandResult, seconds: number): void {
    this.commands.inc({ command, sub, result });
    this.commandSeconds.observe({ command, sub }, seconds);
    if (result === 'refused') this.refusals.inc({ command });
  }

  /**
   * Labels every series with this process's name, so the processes of one
   * bot (shards, machines) are told apart when scraped into one Prometheus.
   */
  nameProcess(name: string): void {
    this.registry.setDefaultLabels({ process: name });
  }

  private outboxGauge(which: 'depth' | 'age'): void {
    const now = this.probes.outbox?.();
    if (which === 'depth') this.outboxDepth.set(now?.depth ?? 0);
    else this.outboxOldest.set(now?.oldestAgeSeconds ?? 0);
  }
}

// One per process, like the render pool: every Services and bot in it count into the same series.
let shared: Metrics | null = null;

export function appMetrics(): Metrics {
  return (shared ??= new Metrics());
}
