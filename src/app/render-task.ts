// The job a render worker thread runs: one view → one PNG. Loaded by
// render-worker.mjs inside each thread; imports renderers only (no rules, no
// store), so a thread starts quickly and keeps its own board caches warm.
import type { Json } from '../engine/types.ts';
import { renderers } from '../../render/renderers.ts';

export interface RenderJob {
  system: string;
  view: Json;
}

/** The PNG, or null when this thread has no renderer for the system (the caller renders in-process). */
export default function renderJob({ system, view }: RenderJob): Uint8Array | null {
  if (!system) return null; // the pool's start-up probe
  const draw = renderers[system];
  return draw ? draw(view) : null;
}
