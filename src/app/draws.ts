// Pictures drawn where they are delivered (issue 9). A command stores the
// view a post's map is drawn from (Attachment.draw) and returns at once; the
// outbox worker draws it just before sending, in a render thread. So no
// command waits behind other games' pictures, and a map that a newer one of
// the same game supersedes while both wait (a backlog) need not be drawn at all.
import type { DrawJob } from '../messages/types.ts';
import type { GameModule, Json } from '../engine/types.ts';
import { getGame } from '../games/registry.ts';
import { renderers } from '../../render/renderers.ts';
import type { RenderPool } from './render-pool.ts';

/** How a command draws a snapshot: now, or (`later`) as a job for where it is delivered. */
export type Renderer = ((mod: GameModule<any, any>, view: Json) => Promise<Buffer | null>) & {
  /** A picture for a post drawn where it is delivered, not now (the bot: src/app/draws.ts); null: draw now. */
  later?: (mod: GameModule<any, any>, view: Json) => DrawJob | null;
};

type Draw = (view: Json) => Promise<Buffer> | Buffer;

/** The renderer a job's system names, found again after a restart: the render list, a game's map, or `<game>:zoom`. */
export function rendererOf(system: string): Draw | undefined {
  if (renderers[system]) return renderers[system];
  const zoom = /^(.+):zoom$/.exec(system);
  const mod = getGame(zoom ? zoom[1] : system);
  return (zoom ? mod?.renderZoom : mod?.render) as Draw | undefined;
}

/** A job for this module's picture, or null when it could not be drawn later from its id (a one-off renderer). */
export function jobFor(mod: Pick<GameModule<any, any>, 'id' | 'render'>, view: Json): DrawJob | null {
  return mod.render && rendererOf(mod.id) === mod.render ? { system: mod.id, view } : null;
}

/** The PNG: in a render thread when the pool takes the system, else here; null when nothing draws it. */
export async function drawJob(job: DrawJob, pool: RenderPool | null): Promise<Buffer | null> {
  if (pool?.available && renderers[job.system]) {
    const png = await pool.render(job.system, job.view);
    if (png) return png;
  }
  const draw = rendererOf(job.system);
  return draw ? await draw(job.view) : null;
}
