// Offscreen layers drawn once and reused: the static map under every
// snapshot, and small sprites (counters, markers) drawn many times.
import { makeCanvas, makeOpaqueCanvas, type Canvas, type Ctx2D } from './canvas.ts';

export type LayerDraw = (ctx: Ctx2D, canvas: Canvas) => void;

export interface LayerCacheOptions {
  /**
   * Layers without an alpha channel (makeOpaqueCanvas), for layers that cover
   * themselves with opaque paint: drawn onto another canvas they are copied,
   * not blended.
   */
  opaque?: boolean;
  /**
   * Free an evicted layer's pixels (node-canvas frees them on a resize, not
   * when the canvas is collected): only for layers no caller keeps past its
   * next get.
   */
  freeEvicted?: boolean;
}

export class StaticLayerCache {
  private layers = new Map<string, Canvas>();
  /** How many times a draw function actually ran (for tests and benches). */
  builds = 0;

  constructor(
    private readonly maxEntries = 256,
    private readonly options: LayerCacheOptions = {},
  ) {}

  /** The layer for `key`, drawing it with `draw` on first use only. */
  get(key: string, width: number, height: number, draw: LayerDraw): Canvas {
    const hit = this.layers.get(key);
    if (hit) return hit;
    const make = this.options.opaque ? makeOpaqueCanvas : makeCanvas;
    const canvas = make(Math.max(1, Math.ceil(width)), Math.max(1, Math.ceil(height)));
    draw(canvas.getContext('2d'), canvas);
    this.builds++;
    // Plain FIFO bound: sprite keys are few; this only guards against leaks.
    if (this.layers.size >= this.maxEntries) {
      const [first, evicted] = this.layers.entries().next().value ?? [];
      if (first !== undefined) this.layers.delete(first);
      if (evicted && this.options.freeEvicted) {
        evicted.width = 0;
        evicted.height = 0;
      }
    }
    this.layers.set(key, canvas);
    return canvas;
  }

  /** How many layers are held now. */
  get size(): number {
    return this.layers.size;
  }

  has(key: string): boolean {
    return this.layers.has(key);
  }

  clear(): void {
    this.layers.clear();
  }
}
