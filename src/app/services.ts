// Everything a command handler needs, wired once per process.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config.ts';
import { Sessions } from './session.ts';
import { Store } from '../store/store.ts';
import type { DrawJob } from '../messages/types.ts';
import type { Renderer } from './draws.ts';
import { registerAllGames } from './games.ts';
import { renderers } from '../../render/renderers.ts';
import { acquireRenderPool, releaseRenderPool } from './render-pool.ts';
import { drawJob, jobFor } from './draws.ts';
import { isPostgresUrl } from '../store/database.ts';

export interface Services {
  config: Config;
  store: Store;
  sessions: Sessions;
  /**
   * Draw a view as PNG (null when the game has no renderer): in a worker thread when the pool is up, else here.
   * With `drawAtDelivery`, `render.later` turns a post's picture into a job the outbox worker draws (src/app/draws.ts).
   */
  render: Renderer;
  /** Draw a stored job (Attachment.draw) now. */
  draw(job: DrawJob): Promise<Buffer | null>;
  /** Snapshots posted per batch of actions. */
  maxSnapshots: number;
  newSeed(): string;
  now(): number;
  /** Release the render threads and close the store. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  maxSnapshots?: number;
  seed?: string;
  /** Posts' pictures are drawn as the outbox delivers them (the bot), not by the command (the table, tests). */
  drawAtDelivery?: boolean;
}

export function openServices(overrides: Partial<Config> & ServiceOptions = {}): Services {
  registerAllGames();
  const config = { ...loadConfig(), ...overrides };
  if (config.dbPath !== ':memory:' && !isPostgresUrl(config.dbPath)) fs.mkdirSync(path.dirname(config.dbPath), { recursive: true });
  const store = new Store(config.dbPath);
  const pool = acquireRenderPool(config.renderThreads, (why) =>
    console.warn(`muster: render threads unavailable (${why}); drawing snapshots in-process`),
  );
  let closed = false;
  const render: Renderer = async (mod, view) => {
    if (!mod.render) return null;
    // The pool draws the registered systems; a test module's renderer runs here.
    if (pool?.available && renderers[mod.id] && mod.render === renderers[mod.id]) {
      const png = await pool.render(mod.id, view);
      if (png) return png;
    }
    return await mod.render(view);
  };
  if (overrides.drawAtDelivery) render.later = jobFor;
  return {
    config,
    store,
    sessions: new Sessions(store),
    render,
    draw: (job) => drawJob(job, pool),
    maxSnapshots: overrides.maxSnapshots ?? 2,
    newSeed: () => overrides.seed ?? randomBytes(16).toString('hex'),
    now: () => Date.now(),
    async close() {
      if (closed) return;
      closed = true;
      await releaseRenderPool(pool);
      if (store.db.open) store.close();
    },
  };
}
