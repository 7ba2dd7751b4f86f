// Snapshots drawn off the event loop: a pool of worker threads (piscina), each
// with its own node-canvas and board caches. A PNG takes tens of milliseconds
// of CPU; drawn in-process it stalls every other command, heartbeat and
// deadline tick in the meantime. When workers are unavailable (a thread
// cannot start, cannot load canvas, or keeps failing) rendering falls back to
// the calling thread, so a snapshot is never lost to the pool.
import os from 'node:os';
import { Piscina } from 'piscina';
import type { Json } from '../engine/types.ts';
import type { RenderJob } from './render-task.ts';
import { appMetrics } from './metrics.ts';

export interface RenderPoolOptions {
  /** Worker threads (≥ 1). */
  threads: number;
  /** Stop an idle thread after this long (default 60 s); threads start again on demand. */
  idleMs?: number;
  /** Give up when the first thread is not serving after this long (default 30 s: tsx compiles the renderers on start). */
  startMs?: number;
  /** The worker entry (tests point it at a broken file to exercise the fallback). */
  filename?: string | URL;
  /** Told once when the pool gives up and rendering moves in-process. */
  onGiveUp?: (why: string) => void;
}

/** V8's young generation of a render thread, in MB (the default grows to 32 or more). */
const RENDER_YOUNG_MB = 8;

/** Consecutive failures after which the pool is shut and everything renders in-process. */
const GIVE_UP_AFTER = 3;

export class RenderPool {
  private pool: Piscina | null;
  private failures = 0;
  private closing: Promise<void> | null = null;
  /** Resolves true once a thread has answered a probe, false when the pool gave up. */
  private starting: Promise<boolean> | null = null;
  private serving = false;

  constructor(private readonly opts: RenderPoolOptions) {
    const filename = opts.filename ?? new URL('./render-worker.mjs', import.meta.url);
    this.pool = new Piscina({
      filename: filename instanceof URL ? filename.href : filename,
      minThreads: 0,
      maxThreads: Math.max(1, opts.threads),
      idleTimeout: opts.idleMs ?? 60_000,
      concurrentTasksPerWorker: 1,
      // A render allocates little on the JS heap (the pixels are cairo's): a
      // small young generation keeps a thread's heap at a few MB, not tens.
      resourceLimits: { maxYoungGenerationSizeMb: RENDER_YOUNG_MB },
    });
    // A thread that cannot load its entry is reported here, and the job it was
    // given never settles: before the first answer that means "no threads".
    this.pool.on('error', (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      if (this.serving) this.fail(why);
      else this.giveUp(why);
    });
    // The process's pool (the last one made) is the one its render queue gauge reads.
    appMetrics().probes.renderQueue = () => this.pool?.queueSize ?? 0;
  }

  /** True while the pool takes work (false once closed or given up). */
  get available(): boolean {
    return this.pool !== null;
  }

  /**
   * Start the threads (once) and wait until one serves: true, or false when
   * they could not start. Rendering does not wait for this: until a thread
   * answers, snapshots are drawn in-process.
   */
  ready(): Promise<boolean> {
    if (this.starting) return this.starting;
    const pool = this.pool;
    if (!pool) return (this.starting = Promise.resolve(false));
    const probe: RenderJob = { system: '', view: null };
    this.starting = pool.run(probe, { signal: AbortSignal.timeout(this.opts.startMs ?? 30_000) }).then(
      () => (this.serving = this.pool !== null),
      (error: unknown) => {
        this.giveUp(`no render thread started: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      },
    );
    return this.starting;
  }

  /**
   * The PNG drawn by a worker; undefined when the pool can't (still starting,
   * closed, given up, no renderer for the system there, or the job failed):
   * the caller then renders in-process.
   */
  async render(system: string, view: Json): Promise<Buffer | undefined> {
    const pool = this.pool;
    if (!pool) return undefined;
    if (!this.serving) {
      void this.ready();
      return undefined;
    }
    const timer = appMetrics().renderSeconds.startTimer({ system });
    try {
      const job: RenderJob = { system, view };
      // No time limit: under load a job waits in the queue, and that wait is
      // not a failure (a thread that dies rejects its job; piscina replaces it).
      const png = (await pool.run(job)) as Uint8Array | null;
      this.failures = 0;
      timer({ result: png ? 'ok' : 'none' });
      return png ? Buffer.from(png.buffer, png.byteOffset, png.byteLength) : undefined;
    } catch (error) {
      timer({ result: 'error' });
      this.fail(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  private fail(why: string): void {
    if (++this.failures >= GIVE_UP_AFTER) this.giveUp(why);
  }

  private giveUp(why: string): void {
    if (!this.pool) return;
    this.opts.onGiveUp?.(why);
    void this.close();
  }

  /** Finish running jobs and stop every thread. */
  close(): Promise<void> {
    if (!this.closing) {
      const pool = this.pool;
      this.pool = null;
      this.serving = false;
      // close() lets running jobs finish; destroy() would end a thread inside a native PNG encode (a fatal abort).
      this.closing = pool ? pool.close().catch(() => undefined) : Promise.resolve();
    }
    return this.closing;
  }
}

/** Default thread count: every core but one for the event loop, at least 1, at most 4. */
export function defaultRenderThreads(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

// One pool per process, shared by every Services: threads and their board
// caches are per process anyway. Reference-counted so the last close stops it.
let shared: RenderPool | null = null;
let users = 0;

export function acquireRenderPool(threads: number, onGiveUp?: (why: string) => void): RenderPool | null {
  if (threads <= 0) return null;
  if (!shared?.available) shared = new RenderPool({ threads, onGiveUp });
  users++;
  return shared;
}

export async function releaseRenderPool(pool: RenderPool | null): Promise<void> {
  if (!pool || pool !== shared) return pool?.close();
  if (--users > 0) return;
  shared = null;
  users = 0;
  await pool.close();
}
