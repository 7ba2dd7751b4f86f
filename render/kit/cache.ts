// Offscreen layers drawn once and reused: the static map under every
// snapshot, and small sprites (counters, markers) drawn many times.
import { makeCanvas, type Canvas, type Ctx2D } from './canvas.ts';

export type LayerDraw = (ctx: Ctx2D, canvas: Canvas) => void;

export class StaticLayerCache {
  private layers = new Map<string, Canvas>();
  /** How many times a draw function actually ran (for tests and benches). */
  builds = 0;

  constructor(private readonly maxEntries = 256) {}

  /** The layer for `key`, drawing it with `draw` on first use only. */
  get(key: string, width: number, height: number, draw: LayerDraw): Canvas {
    const hit = this.layers.get(key);
    if (hit) return hit;
    const canvas = makeCanvas(Math.max(1, Math.ceil(width)), Math.max(1, Math.ceil(height)));
    draw(canvas.getContext('2d'), canvas);
    this.builds++;
    // Plain FIFO bound: sprite keys are few; this only guards against leaks.
    if (this.layers.size >= this.maxEntries) {
      const first = this.layers.keys().next().value;
      if (first !== undefined) this.layers.delete(first);
    }
    this.layers.set(key, canvas);
    return canvas;
  }

  has(key: string): boolean {
    return this.layers.has(key);
  }

  clear(): void {
    this.layers.clear();
  }
}
