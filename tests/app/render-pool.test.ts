// Issue 9 (rendering off the event loop): snapshots drawn by worker threads
// are the same pictures the in-process renderer draws (the KPW map a JPEG, the rest PNGs); a pool whose threads cannot
// start gives up and Services falls back to in-process rendering; closing
// stops the threads (vitest would not exit otherwise).
import path from 'node:path';
import { imageExtension } from '../../src/messages/image-names.ts';
import os from 'node:os';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acquireRenderPool, releaseRenderPool, RenderPool } from '../../src/app/render-pool.ts';
import { openServices } from '../../src/app/services.ts';
import { registerAllGames } from '../../src/app/games.ts';
import { getGame } from '../../src/games/registry.ts';
import { createGame } from '../../src/engine/runner.ts';
import { tempDb } from '../setup/test-db.ts';
import { appMetrics } from '../../src/app/metrics.ts';

registerAllGames();
/** Renders timed by the pool so far (issue 21 §7), by system and result. */
const rendersCounted = async (system: string, result: string) =>
  (await appMetrics().renderSeconds.get()).values.find(
    (v) => v.metricName === 'muster_render_duration_seconds_count' && v.labels.system === system && v.labels.result === result,
  )?.value ?? 0;
const viewOf = (system: string, raw: Record<string, string | number | boolean> = {}) => {
  const mod = getGame(system)!;
  const env = createGame(mod, raw, 'pool-seed').env;
  return { mod, view: mod.view(env.game, { kind: 'spectator' }) };
};

describe('render worker pool (issue 9)', () => {
  it('draws KPW and Rifle snapshots in worker threads, byte for byte as in-process', async () => {
    const pool = new RenderPool({ threads: 2 });
    // Until a thread serves, the caller draws in-process.
    expect(await pool.render('kpw', viewOf('kpw').view)).toBeUndefined();
    expect(await pool.ready()).toBe(true);
    const rifleBefore = await rendersCounted('rifle', 'ok');
    try {
      for (const [system, raw] of [
        ['kpw', {}],
        ['rifle', { players: 2 }],
      ] as const) {
        const { mod, view } = viewOf(system, raw);
        const [a, b] = await Promise.all([pool.render(system, view), pool.render(system, view)]);
        const here = (await mod.render!(view)) as Buffer;
        expect(a).toBeInstanceOf(Buffer);
        expect(imageExtension(a!)).toBe(system === 'kpw' ? 'jpg' : 'png');
        expect(a!.equals(here)).toBe(true);
        expect(b!.equals(here)).toBe(true);
      }
      // The KPW close-up is a renderer entry of its own ('kpw:zoom'), drawn by the threads too.
      const kpw = viewOf('kpw');
      const zoom = await pool.render('kpw:zoom', kpw.view);
      expect(zoom!.equals((await kpw.mod.renderZoom!(kpw.view)) as Buffer)).toBe(true);
      // A system the threads have no renderer for is left to the caller.
      expect(await pool.render('duel', {})).toBeUndefined();
      // Each thread render is timed; the queue gauge reads this pool (idle now).
      expect((await rendersCounted('rifle', 'ok')) - rifleBefore).toBe(2);
      expect(await rendersCounted('duel', 'none')).toBeGreaterThanOrEqual(1);
      expect(appMetrics().probes.renderQueue?.()).toBe(0);
    } finally {
      await pool.close();
    }
    expect(pool.available).toBe(false);
    expect(await pool.render('kpw', viewOf('kpw').view)).toBeUndefined();
  }, 120_000);

  it('a pool whose threads cannot load gives up, and Services renders in-process', async () => {
    const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pool-')), 'missing-worker.mjs');
    const why: string[] = [];
    const pool = new RenderPool({ threads: 1, filename: broken, startMs: 20_000, onGiveUp: (w) => why.push(w) });
    const { view } = viewOf('kpw');
    expect(await pool.render('kpw', view)).toBeUndefined();
    expect(await pool.ready()).toBe(false);
    expect(await pool.render('kpw', view)).toBeUndefined();
    expect(why.length).toBe(1);
    expect(why[0]).toMatch(/missing-worker/);
    expect(pool.available).toBe(false);
    await pool.close();

    // With no threads configured, Services draws in-process: the same picture (the KPW map is a JPEG).
    const svc = openServices({ dbPath: tempDb(), renderThreads: 0 });
    const png = await svc.render(getGame('kpw')!, view);
    expect(imageExtension(png!)).toBe('jpg');
    await svc.close();
  }, 120_000);

  it('Services.render uses the shared pool and close() releases it', async () => {
    const svc = openServices({ dbPath: tempDb(), renderThreads: 1 });
    const { mod, view } = viewOf('rifle', { players: 1 });
    await svc.render(mod, view); // starts the threads (drawn in-process meanwhile)
    const shared = acquireRenderPool(1)!; // the same pool svc holds
    expect(await shared.ready()).toBe(true);
    await releaseRenderPool(shared);
    const png = await svc.render(mod, view);
    expect(png!.equals((await mod.render!(view)) as Buffer)).toBe(true);
    await svc.close();
    await svc.close(); // twice is harmless
    expect(svc.store.db.open).toBe(false);
    expect(shared.available).toBe(false); // the last user closed it: its threads are gone
  }, 120_000);
});
