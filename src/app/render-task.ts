// The job a render worker thread runs: one view → one PNG. Loaded by
// render-worker.mjs inside each thread; imports renderers only (no rules, no
// store), so a thread starts quickly and keeps its own board caches warm.
import { Piscina } from 'piscina';
import type { Json } from '../engine/types.ts';
import { renderers } from '../../render/renderers.ts';

export interface RenderJob {
  system: string;
  view: Json;
}

/**
 * The PNG, or null when this thread has no renderer for the system (the caller renders in-process).
 * Moved to the caller, not copied: a copy would leave this thread holding a
 * dead PNG until its next collection (tens of MB at 20 snapshots a second).
 */
export default function renderJob({ system, view }: RenderJob): Uint8Array | null {
  if (!system) return null; // the pool's start-up probe
  const draw = renderers[system];
  const png = draw ? draw(view) : null;
  if (!png) return null;
  // A PNG with a whole ArrayBuffer of its own can move; a slice of a shared one is copied.
  const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength;
  return Piscina.move(own ? png : new Uint8Array(png)) as Uint8Array;
}
