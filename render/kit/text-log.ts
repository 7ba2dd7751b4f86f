// A record of every text the kit draws, for the preview-size tests (issue 19):
// each drawText notes its font size on the canvas it draws on, scaled by the
// context's transform; while recording, drawImage carries a source canvas's
// notes onto its destination at the scale it is drawn, so text in a cached
// layer or sprite counts at the size it finally has in the picture. Off unless
// a test turns it on: then nothing but this file's bookkeeping changes.
import { CanvasRenderingContext2D as Context, type Canvas, type CanvasRenderingContext2D as Ctx2D } from 'canvas';

export interface TextNote {
  text: string;
  /** Glyph height in the canvas's own pixels (font px × the transform's scale). */
  size: number;
  /** Anchor point in the canvas's own pixels. */
  x: number;
  y: number;
}

let notes: WeakMap<object, TextNote[]> | null = null;
let lastEncoded: { width: number; height: number; texts: TextNote[] } | null = null;
let plainDrawImage: Context['drawImage'] | null = null;

type Matrix = { a: number; b: number; c: number; d: number; e: number; f: number };

function place(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
}

/** Called by drawText: one note on the context's canvas (while recording). */
export function noteText(ctx: Ctx2D, text: string, size: number, x: number, y: number): void {
  if (!notes || !text.trim()) return;
  const m = ctx.getTransform();
  const at = place(m, x, y);
  const list = notes.get(ctx.canvas) ?? [];
  list.push({ text, size: size * Math.hypot(m.c, m.d), ...at });
  notes.set(ctx.canvas, list);
}

/** Called by encodePng: the canvas about to become a picture; its notes start again for the next one. */
export function noteEncoded(canvas: Canvas): void {
  if (!notes) return;
  lastEncoded = { width: canvas.width, height: canvas.height, texts: notes.get(canvas) ?? [] };
  notes.delete(canvas);
}

function carry(this: Ctx2D, ...args: number[]): void {
  const [img] = args as unknown as [object];
  const from = notes?.get(img);
  if (from?.length && 'width' in img) {
    const iw = (img as Canvas).width;
    const ih = (img as Canvas).height;
    // drawImage(img, dx, dy) | (img, dx, dy, dw, dh) | (img, sx, sy, sw, sh, dx, dy, dw, dh)
    const n = args.length - 1;
    const [sx, sy, sw, sh] = n === 8 ? args.slice(1, 5) : [0, 0, iw, ih];
    const [dx, dy] = n === 8 ? args.slice(5, 7) : args.slice(1, 3);
    const [dw, dh] = n === 8 ? args.slice(7, 9) : n === 4 ? args.slice(3, 5) : [iw, ih];
    const m = this.getTransform();
    const k = Math.hypot(m.c, m.d) * (dh / sh);
    const list = notes!.get(this.canvas) ?? [];
    for (const t of from) {
      if (t.x < sx || t.x > sx + sw || t.y < sy || t.y > sy + sh) continue;
      const at = place(m, dx + ((t.x - sx) * dw) / sw, dy + ((t.y - sy) * dh) / sh);
      list.push({ text: t.text, size: t.size * k, ...at });
    }
    notes!.set(this.canvas, list);
  }
}

/**
 * Runs `draw` (which renders one picture) recording its text; returns the
 * last picture encoded meanwhile with the texts inside it. Layers cached
 * before recording began carry no notes: record from a fresh process, or
 * clear the caches first.
 */
export function recordTexts<T>(draw: () => T): { result: T; width: number; height: number; texts: TextNote[] } {
  startTextLog();
  try {
    lastEncoded = null;
    const result = draw();
    if (!lastEncoded) throw new Error('recordTexts: nothing was encoded');
    const { width, height, texts } = lastEncoded as { width: number; height: number; texts: TextNote[] };
    const inside = texts.filter((t) => t.x >= -1 && t.x <= width + 1 && t.y >= -1 && t.y <= height + 1);
    return { result, width, height, texts: inside };
  } finally {
    lastEncoded = null;
  }
}

/** Turns recording on for the rest of the process (a test file): notes on cached layers survive between pictures. */
export function startTextLog(): void {
  if (notes) return;
  notes = new WeakMap();
  plainDrawImage = Context.prototype.drawImage;
  const plain = plainDrawImage;
  Context.prototype.drawImage = function (this: Ctx2D, ...args: unknown[]) {
    carry.apply(this, args as number[]);
    return (plain as (...a: unknown[]) => void).apply(this, args);
  } as Context['drawImage'];
}

export function stopTextLog(): void {
  if (!notes) return;
  notes = null;
  if (plainDrawImage) Context.prototype.drawImage = plainDrawImage;
  plainDrawImage = null;
}
