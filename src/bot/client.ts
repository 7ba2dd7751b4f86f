// The Discord bot: a discord.js Client wired to the command Router.
// Only the Guilds intent (no privileged intents): slash commands, buttons and
// autocomplete all arrive as interactions, and the guild/channel/thread cache
// it maintains is enough to post into game channels.
import { Client, Events, GatewayIntentBits, Status, type Interaction } from 'discord.js';
import type { Router } from '../../commands/types.ts';
import type { Config } from '../app/config.ts';
import { handleInteraction, type HandlerContext } from './handlers.ts';
import { createLogger, type Logger, type LogLevel } from './log.ts';
import { Outbox } from '../store/outbox.ts';
import { DEFAULT_RETRY, OutboxWorker, type RetryPolicy } from './outbox-worker.ts';
import { errorText } from './posts.ts';
import { ControlRegistry, rowsOf } from './controls.ts';
import { ControlMessages } from '../store/control-messages.ts';
import { appMetrics, type Metrics } from '../app/metrics.ts';
import { measuredRouter } from './router-metrics.ts';
import { channelCheckedRouter } from './channel-check.ts';
import { GLOBAL_REQUESTS_PER_SECOND, restKind, underGlobalLimit } from './rest-budget.ts';
import { defaultProcessName, metricsAddress, startMetricsServer, type Health, type MetricsServer } from './metrics-server.ts';
import { ShardLanes } from './shard-lanes.ts';
import { shardListText } from './shard-plan.ts';

export interface BotConfig {
  /** Bot token; required unless `login` is false. */
  token?: string | null;
  /** Roles that count as moderator besides the Manage Server permission. */
  moderatorRoleIds?: string[];
  logLevel?: LogLevel;
  logger?: Logger;
  /** Connect to the gateway (default true). Tests pass false and feed interactions directly. */
  login?: boolean;
  /** REST base override, e.g. http://127.0.0.1:PORT/api (tests). */
  apiBase?: string;
  /**
   * Requests a second discord.js's own REST limiter allows the bot in all
   * (Discord's global limit; default 50). Its route buckets do the rest.
   */
  globalRequestsPerSecond?: number;
  /** Install SIGINT/SIGTERM (graceful stop) and unhandledRejection logging (default false). */
  handleSignals?: boolean;
  /** How often to call router.tick() for expired deadlines; 0 disables (default 30 s). */
  tickMs?: number;
  /** Defer commands and buttons whose answer is not ready after this long (default 40 ms: acknowledged within 100 ms). */
  ackAfterMs?: number;
  /** Minimum gap between progress edits (default 1000 ms). */
  progressEveryMs?: number;
  /** Autocomplete answer deadline (default 2500 ms). */
  autocompleteMs?: number;
  /** Outbox retries: backoff, attempts before giving up, polling (defaults: DEFAULT_RETRY). */
  retry?: Partial<RetryPolicy>;
  /** Run on stop once handlers are idle, before the client goes (backups, render threads, the store). */
  onStop?: () => Promise<void>;
  /** Serve /metrics and /healthz here (MUSTER_METRICS_PORT; absent: no server). `name`: the process label. */
  metrics?: { port: number; host?: string; name?: string };
  /** /healthz fails once the last tick ended this long ago (default 3 × tickMs; none when not ticking). */
  tickStaleMs?: number;
  /**
   * The Discord shards this process runs, of how many (issue 21 §2; src/bot/shard-plan.ts). It
   * identifies only these and delivers the posts of their servers. Absent: discord.js's default (one
   * shard, or what a ShardingManager parent passed in SHARDS and SHARD_COUNT).
   */
  shards?: { ids: number[]; count: number };
}

export interface BotHandle {
  client: Client;
  /** Resolves when no interaction handler or tick is running. */
  idle(): Promise<void>;
  /** Run one router.tick() now and post its outcomes. */
  tick(): Promise<void>;
  /** Stop ticking, let running handlers finish (≤ 5 s), destroy the client. */
  stop(): Promise<void>;
  /** Delivers the router's outbox (or the bot's own, for a router without one). */
  outbox: OutboxWorker;
  /** The /metrics and /healthz server, when `metrics` was configured. */
  metricsServer?: MetricsServer;
  /** What /healthz answers, served or not. */
  health(): Health;
}

/** BotConfig from the app's Config (+ DISCORD_API_BASE for a local stand-in). */
export function botConfigFrom(
  app: Pick<Config, 'discordToken' | 'moderatorRoleIds' | 'logLevel'>,
  env: NodeJS.ProcessEnv = process.env,
): BotConfig {
  return {
    token: app.discordToken,
    moderatorRoleIds: app.moderatorRoleIds,
    logLevel: app.logLevel,
    apiBase: env.DISCORD_API_BASE?.trim() || undefined,
    handleSignals: true,
    metrics: metricsAddress(env) ?? undefined,
  };
}

export async function runBot(unmeasured: Router, config: BotConfig): Promise<BotHandle> {
  if (config.login !== false && !config.token) throw new Error('runBot: a bot token is required to log in (set DISCORD_TOKEN).');
  const log = config.logger ?? createLogger(config.logLevel);
  const metrics = appMetrics();
  const startedAt = Date.now();
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // Belt and braces: nothing pings unless a message names its users.
    allowedMentions: { parse: [] },
    // discord.js's own limiter keeps the bot under Discord's global limit (issue 19 §2); no hand-written one.
    rest: {
      globalRequestsPerSecond: config.globalRequestsPerSecond ?? GLOBAL_REQUESTS_PER_SECOND,
      ...(config.apiBase ? { api: config.apiBase } : {}),
      // Says which shards sent a request (Discord's logs, the stand-in's count of who delivered what).
      ...(config.shards ? { userAgentAppendix: `Node.js ${process.version} muster-shards/${shardListText(config.shards.ids)}` } : {}),
    },
    ...(config.shards ? { shards: config.shards.ids, shardCount: config.shards.count } : {}),
  });
  const router = measuredRouter(channelCheckedRouter(unmeasured, client), metrics);
  countRest(client, metrics);
  // Posts go through the outbox only; a router without one gets a private, in-memory outbox.
  const worker = new OutboxWorker(client, router.outbox ?? Outbox.memory(), router, log, { ...DEFAULT_RETRY, ...config.retry });
  // Posts by their server's shard; a shard's wait until it connects, so the worker may start first (issue 21 §2).
  worker.lanes = new ShardLanes(client, config.login !== false);
  const ctx: HandlerContext = {
    client,
    router,
    worker,
    log,
    moderatorRoleIds: config.moderatorRoleIds ?? [],
    ackAfterMs: config.ackAfterMs ?? 40,
    progressEveryMs: config.progressEveryMs ?? 1000,
    autocompleteMs: config.autocompleteMs ?? 2500,
    controls: new ControlRegistry(client, router, log, new ControlMessages(worker.outbox.db)),
  };
  const running = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const q = p.catch((e) => log.error('unhandled bot error', e)).finally(() => running.delete(q));
    running.add(q);
  };
  // Posts with buttons or dropdowns are remembered, so their controls are disabled once their decision
  // closes; a post delivered after its decision closed (fast presses, a map drawn meanwhile) at once.
  worker.onControls = (channelId, messageId, components) => {
    // An edited turn message (issue 19 §1) replaces the controls remembered for it.
    ctx.controls.update(channelId, messageId, rowsOf(components));
    ctx.controls.add(channelId, messageId, components);
    track(ctx.controls.refresh([channelId]));
  };
  // Disabling closed controls goes through the outbox, coalesced per message like a card (issue 19 §2).
  ctx.controls.queue = (channelId, messageId) => {
    worker.outbox.enqueue([{ channelId, kind: 'update', content: '', disable: messageId }], { hold: false });
    track(worker.kick());
  };
  worker.onDisable = (channelId, messageId) => ctx.controls.disableNow(channelId, messageId);
  const idle = async () => {
    while (running.size) await Promise.allSettled([...running]);
  };

  client.on(Events.InteractionCreate, (i: Interaction) => track(handleInteraction(ctx, i)));
  client.on(Events.Error, (e) => log.error(`client error: ${errorText(e)}`));
  client.on(Events.Warn, (m) => log.warn(m));
  client.on(Events.ShardError, (e, id) => log.error(`shard ${id} error`, e));
  // The posts of its servers that waited for it go now.
  client.on(Events.ShardReady, (id) => {
    log.info(`shard ${id} of ${client.options.shardCount} ready`);
    track(worker.kick());
  });
  client.once(Events.ClientReady, (c) => log.info(`Logged in as ${c.user.tag}; serving ${c.guilds.cache.size} server(s).`));

  // Deadlines: the router applies default choices; we post what it reports.
  const tickMs = config.tickMs ?? 30_000;
  let ticking = false;
  let lastTickAt = startedAt;
  const tickOnce = async () => {
    if (!router.tick || ticking) return;
    ticking = true;
    const timer = metrics.tickSeconds.startTimer();
    let result = 'ok';
    try {
      // The lease outlives a tick or two that come late; a dead process's lapses within 3 periods.
      const outcomes = await router.tick({ ...(tickMs > 0 ? { leaseMs: 3 * tickMs } : {}), inPlace: true });
      for (const outcome of outcomes) {
        if (outcome.replies.length) log.debug(`tick: ${outcome.replies.length} reply(ies) without an interaction dropped`);
        // No reply to wait for: the posts may go at once.
        if (outcome.queued) worker.outbox.release(outcome.queued);
        else worker.outbox.enqueue(outcome.posts, { hold: false });
      }
      await worker.kick();
      // A deadline's default closed decisions: their controls are disabled.
      await ctx.controls.refresh(outcomes.flatMap((o) => o.posts.map((p) => p.channelId)));
    } catch (e) {
      result = 'error';
      log.error('tick failed', e);
    } finally {
      ticking = false;
      lastTickAt = Date.now();
      timer({ result });
    }
  };
  const ticker = router.tick && tickMs > 0 ? setInterval(() => track(tickOnce()), tickMs) : undefined;

  // A tick that hangs or stopped being scheduled shows as stale; a process that never ticks is never stale.
  const staleMs = config.tickStaleMs ?? (ticker ? 3 * tickMs : 0);
  const health = (): Health => {
    const gateway = config.login === false ? 'off' : client.ws.status === Status.Ready ? 'connected' : 'disconnected';
    const tickAge = router.tick && (ticker || config.tickStaleMs) ? (Date.now() - lastTickAt) / 1000 : null;
    const stale = tickAge !== null && staleMs > 0 && tickAge * 1000 > staleMs;
    return {
      ok: gateway !== 'disconnected' && !stale,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      gateway,
      outboxPending: worker.outbox.pendingSummary().count,
      lastTickAgeSeconds: tickAge === null ? null : Math.round(tickAge * 10) / 10,
    };
  };
  let metricsServer: MetricsServer | undefined;

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (ticker) clearInterval(ticker);
    removeProcessHooks();
    await metricsServer?.close();
    await Promise.race([idle(), new Promise((r) => setTimeout(r, 5000).unref())]);
    // What is still pending stays in the outbox for the next start.
    await worker.stop();
    await config.onStop?.().catch((e) => log.error('stop hook failed:', e));
    await client.destroy();
    log.info('Bot stopped.');
  };

  const onSignal = (sig: NodeJS.Signals) => {
    log.info(`${sig}: shutting down`);
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  const onRejection = (e: unknown) => log.error('unhandled rejection', e);
  const removeProcessHooks = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('unhandledRejection', onRejection);
  };
  if (config.handleSignals) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    process.on('unhandledRejection', onRejection);
  }

  try {
    // Before logging in, so /healthz says "disconnected" while the gateway connects.
    if (config.metrics) metricsServer = await serveMetrics(config.metrics, metrics, health, log);
    if (config.login === false) {
      // No gateway: REST only (tests feed interactions into the client directly).
      client.rest.setToken(config.token || 'no-token');
    } else {
      await client.login(config.token!);
    }
  } catch (e) {
    removeProcessHooks();
    if (ticker) clearInterval(ticker);
    await metricsServer?.close();
    await client.destroy();
    throw e;
  }

  // Resume what an earlier run left pending (and poll for due retries).
  worker.start();
  // Controls posted before a restart whose decision closed since (a reply the
  // crash cut short, a rollback from the table): disabled now.
  track(ctx.controls.refresh(ctx.controls.channels()));
  return { client, idle, tick: () => tickOnce(), stop, outbox: worker, metricsServer, health };
}

/**
 * Every REST response counted by method and status, those under Discord's
 * global limit by kind too; 429s and discord.js's own rate-limit waits apart.
 */
function countRest(client: Client, metrics: Metrics): void {
  client.rest.on('response', (request, response) => {
    metrics.restCalls.inc({ method: request.method, status: String(response.status) });
    const path = String(request.path);
    if (underGlobalLimit(path)) metrics.restGlobal.inc({ kind: restKind(request.method, path) });
    if (response.status === 429) metrics.rest429.inc();
  });
  client.rest.on('rateLimited', (info) => metrics.restRateLimited.inc({ global: String(info.global) }));
}

async function serveMetrics(
  where: NonNullable<BotConfig['metrics']>,
  metrics: Metrics,
  health: () => Health,
  log: Logger,
): Promise<MetricsServer> {
  const server = await startMetricsServer({ port: where.port, host: where.host, metrics, health });
  metrics.nameProcess(where.name ?? defaultProcessName(server.port));
  log.info(`metrics on http://${server.host}:${server.port}/metrics, health on /healthz`);
  return server;
}
