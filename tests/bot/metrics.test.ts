// The metrics and health endpoint (issue 21 §7): off unless configured; with
// the real router behind the bot, commands, refusals, REST calls and ticks
// move their series, and /healthz turns 503 once the tick goes stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botConfigFrom, runBot, type BotHandle } from '../../src/bot/client.ts';
import { metricsAddress } from '../../src/bot/metrics-server.ts';
import { buttonKind, resultOf } from '../../src/bot/router-metrics.ts';
import { createRouter } from '../../commands/router.ts';
import { openServices, type Services } from '../../src/app/services.ts';
import { FAULTS, FakeDiscord, ON } from './fake-discord.ts';
import { appMetrics } from '../../src/app/metrics.ts';
import { commandPayload, feed, seedGuild } from './payloads.ts';
import { startRig } from './setup.ts';
import { tempDb } from '../setup/test-db.ts';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const s = (name: string, value: string) => ({ name, type: 3, value });

/** The value of one series in Prometheus's text format: the sample whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe('off by default', () => {
  it('no MUSTER_METRICS_PORT: no address, and a bot without one serves nothing', async () => {
    expect(metricsAddress({})).toBeNull();
    expect(botConfigFrom({ discordToken: 't', moderatorRoleIds: [], logLevel: 'info' }, {}).metrics).toBeUndefined();
    const rig = await startRig();
    try {
      expect(rig.bot.metricsServer).toBeUndefined();
    } finally {
      await rig.close();
    }
  });

  it('MUSTER_METRICS_PORT turns it on, on the loopback unless MUSTER_METRICS_HOST says otherwise; a bad port is refused', () => {
    expect(metricsAddress({ MUSTER_METRICS_PORT: '9464' })).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(metricsAddress({ MUSTER_METRICS_PORT: '9464', MUSTER_METRICS_HOST: '0.0.0.0', MUSTER_METRICS_PROCESS: 'shard-0' })).toEqual({
      port: 9464,
      host: '0.0.0.0',
      name: 'shard-0',
    });
    expect(() => metricsAddress({ MUSTER_METRICS_PORT: 'ninety' })).toThrow(/port number/);
  });
});

describe('what a command counts as', () => {
  it('a private ❌ or ⏳ with nothing posted is a refusal; anything else is ok', () => {
    expect(resultOf({ replies: [{ content: '❌ Not your turn.', ephemeral: true }], posts: [] })).toBe('refused');
    expect(resultOf({ replies: [{ content: '⏳ The game moved on.', ephemeral: true }], posts: [] })).toBe('refused');
    expect(resultOf({ replies: [{ content: '❌ shown to all', ephemeral: false }], posts: [] })).toBe('ok');
    expect(resultOf({ replies: [{ content: 'Turn 3.', ephemeral: true }], posts: [] })).toBe('ok');
  });

  it("a button's label is the kind of its custom id, never the ids in it", () => {
    expect(buttonKind('md:12:3:p1:abcdef012345')).toBe('md');
    expect(buttonKind('12345')).toBe('other');
  });
});

describe('errors and 429s (the stand-in router and faults)', () => {
  it('a command that throws counts as an error; a 429 from Discord is counted and the retry answers', async () => {
    const rig = await startRig();
    const registry = appMetrics().registry;
    try {
      const before = await registry.metrics();
      rig.fake.fault(ON.callback, FAULTS.rateLimited(0.05), 1);
      await rig.send(commandPayload('game', 'status'));
      await rig.send(commandPayload('game', 'boom'));
      const after = await registry.metrics();
      const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
      expect(moved('muster_commands_total', { command: 'game', sub: 'status', result: 'ok' })).toBe(1);
      expect(moved('muster_commands_total', { command: 'game', sub: 'boom', result: 'error' })).toBe(1);
      expect(moved('muster_discord_rest_429_total')).toBe(1);
      expect(moved('muster_discord_rest_requests_total', { method: 'POST', status: '429' })).toBe(1);
    } finally {
      await rig.close();
    }
  });
});

describe('/metrics and /healthz with the real router (issue 21 §7)', () => {
  let fake: FakeDiscord;
  let svc: Services;
  let bot: BotHandle;
  let base: string;

  beforeAll(async () => {
    fake = await new FakeDiscord().start();
    svc = openServices({ dbPath: tempDb(), seed: 'metrics', renderThreads: 0 });
    bot = await runBot(createRouter(svc), {
      login: false,
      token: 'test-token',
      apiBase: fake.api,
      tickMs: 0,
      tickStaleMs: 400,
      logger: silent,
      metrics: { port: 0, name: 'test-process' },
    });
    seedGuild(bot.client, fake);
    base = `http://127.0.0.1:${bot.metricsServer!.port}`;
  });
  afterAll(async () => {
    await bot.stop();
    svc.store.close();
    await fake.close();
  });

  const send = async (payload: unknown) => {
    feed(bot.client, payload);
    await bot.idle();
  };
  const scrape = async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    return res.text();
  };

  it('serves on an ephemeral loopback port', () => {
    expect(bot.metricsServer!.host).toBe('127.0.0.1');
    expect(bot.metricsServer!.port).toBeGreaterThan(0);
  });

  it('commands, refusals, latency, REST calls and ticks move their series, every one labelled with the process', async () => {
    const before = await scrape();
    await send(commandPayload('game', 'new', [s('system', 'rifle'), s('options', 'players=1')]));
    await send(commandPayload('game', 'join', [s('side', 'p1')]));
    await send(commandPayload('game', 'join', [s('side', 'nowhere')]));
    await bot.tick();
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);

    expect(moved('muster_commands_total', { command: 'game', sub: 'new', result: 'ok' })).toBe(1);
    expect(moved('muster_commands_total', { command: 'game', sub: 'join', result: 'ok' })).toBe(1);
    expect(moved('muster_commands_total', { command: 'game', sub: 'join', result: 'refused' })).toBe(1);
    expect(moved('muster_refusals_total', { command: 'game' })).toBe(1);
    expect(moved('muster_command_duration_seconds_count', { command: 'game', sub: 'join' })).toBe(2);
    expect(sample(after, 'muster_command_duration_seconds_sum', { command: 'game', sub: 'new' })).toBeGreaterThan(0);
    // Each command answered its interaction through the REST stand-in.
    expect(
      moved('muster_discord_rest_requests_total', { method: 'POST', status: '200' }) +
        moved('muster_discord_rest_requests_total', { method: 'POST', status: '204' }),
    ).toBeGreaterThanOrEqual(3);
    expect(moved('muster_tick_duration_seconds_count', { result: 'ok' })).toBe(1);
    // Scraped gauges, and the default process metrics under the same prefix.
    expect(after).toMatch(/^muster_outbox_pending\{process="test-process"\} \d+$/m);
    expect(after).toMatch(/^muster_outbox_oldest_pending_age_seconds\{process="test-process"\} [\d.e+-]+$/m);
    expect(after).toMatch(/^muster_render_queue_length\{process="test-process"\} 0$/m);
    expect(after).toMatch(/^muster_process_cpu_seconds_total\{process="test-process"\} /m);
    expect(after).toMatch(/^# TYPE muster_discord_rest_429_total counter$/m);
  });

  it('/healthz: 200 with uptime, gateway, outbox and tick age; 503 once the tick is stale', async () => {
    await bot.tick();
    const fresh = await fetch(`${base}/healthz`);
    expect(fresh.status).toBe(200);
    const body = (await fresh.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: true, gateway: 'off', outboxPending: svc.store.outbox.pendingSummary().count });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.lastTickAgeSeconds).toBeLessThan(0.4);

    await new Promise((r) => setTimeout(r, 500));
    const stale = await fetch(`${base}/healthz`);
    expect(stale.status).toBe(503);
    expect(await stale.json()).toMatchObject({ ok: false });
    expect(bot.health().lastTickAgeSeconds).toBeGreaterThan(0.4);
    // A tick brings it back.
    await bot.tick();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('anything else is a 404 or a 405', async () => {
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});
