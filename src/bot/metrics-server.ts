// The bot's monitoring endpoint (issue 21 §7): GET /metrics in Prometheus's
// text format and GET /healthz for a load balancer or systemd watchdog
// script. Off unless MUSTER_METRICS_PORT is set; it binds the loopback
// address by default, since neither page is meant for the public internet.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { Metrics } from '../app/metrics.ts';

export interface Health {
  /** True when the process can serve: the gateway is up (or not used) and the tick is not stale. */
  ok: boolean;
  uptimeSeconds: number;
  /** 'off' when the bot runs without a gateway (tests, a REST-only process). */
  gateway: 'connected' | 'disconnected' | 'off';
  outboxPending: number;
  /** Seconds since the last tick ended (since start before the first); null when this process does not tick. */
  lastTickAgeSeconds: number | null;
}

export interface MetricsServerOptions {
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  metrics: Metrics;
  health: () => Health;
}

export interface MetricsServer {
  /** The bound address (the real port when 0 asked for an ephemeral one). */
  readonly port: number;
  readonly host: string;
  close(): Promise<void>;
}

/** Port and host from MUSTER_METRICS_PORT / MUSTER_METRICS_HOST; null (no server) when the port is unset. */
export function metricsAddress(env: NodeJS.ProcessEnv = process.env): { port: number; host: string; name?: string } | null {
  const raw = env.MUSTER_METRICS_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`MUSTER_METRICS_PORT must be a port number (0–65535), not "${raw}".`);
  const name = env.MUSTER_METRICS_PROCESS?.trim() || undefined;
  return { port, host: env.MUSTER_METRICS_HOST?.trim() || '127.0.0.1', ...(name ? { name } : {}) };
}

export async function startMetricsServer(opts: MetricsServerOptions): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    void answer(opts, req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`metrics failed: ${e instanceof Error ? e.message : String(e)}\n`);
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A scraper's keep-alive connection must not hold the process open at stop.
  server.unref();
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(opts: MetricsServerOptions, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  if (path === '/metrics') {
    const body = await opts.metrics.registry.metrics();
    res.writeHead(200, { 'content-type': opts.metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  if (path === '/healthz') {
    const health = opts.health();
    res.writeHead(health.ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(health));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: try /metrics or /healthz\n');
}

/** The default process label: host and metrics port, distinct for every process of one machine and stable across restarts. */
export function defaultProcessName(port: number): string {
  return `${os.hostname()}:${port}`;
}
