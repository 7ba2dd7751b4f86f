// Canvas creation, fonts and PNG encoding shared by every renderer.
import { existsSync } from 'node:fs';
import { Canvas, createCanvas, registerFont, type CanvasRenderingContext2D } from 'canvas';
import { noteEncoded } from './text-log.ts';
import { isJpeg } from '../../src/messages/image-names.ts';

export type Ctx2D = CanvasRenderingContext2D;
export { Canvas };

/** The one font family every renderer uses (installed system-wide; registered explicitly so pango can't substitute). */
export const FONT_FAMILY = 'DejaVu Sans';
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
let fontsReady = false;

/** Registers DejaVu Sans once; must run before the first canvas is created (a node-canvas rule). */
export function ensureFonts(): void {
  if (fontsReady) return;
  fontsReady = true;
  const faces: [string, string][] = [
    ['DejaVuSans.ttf', 'normal'],
    ['DejaVuSans-Bold.ttf', 'bold'],
  ];
  for (const [file, weight] of faces) {
    const p = `${FONT_DIR}/${file}`;
    if (existsSync(p)) registerFont(p, { family: FONT_FAMILY, weight });
  }
}

/** A CSS font string in the kit's family, e.g. font(14, 'bold'). */
export function font(px: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${px}px "${FONT_FAMILY}"`;
}

export function makeCanvas(width: number, height: number): Canvas {
  ensureFonts();
  return createCanvas(width, height);
}

/**
 * A canvas without an alpha channel (RGB24), white until drawn on: for a
 * picture that covers itself with opaque paint anyway. encodePng takes its
 * pixels as they are, without the opaque copy (measured on the KPW map:
 * about 3 ms of CPU less per picture, the same pixels).
 */
export function makeOpaqueCanvas(width: number, height: number): Canvas {
  const canvas = makeCanvas(width, height);
  const ctx = canvas.getContext('2d', { pixelFormat: 'RGB24' });
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

/** Whether a canvas has no alpha channel (made by makeOpaqueCanvas); node-canvas's context says, its typings do not. */
function isOpaque(canvas: Canvas): boolean {
  return (canvas.getContext('2d') as Ctx2D & { pixelFormat?: string }).pixelFormat === 'RGB24';
}

/**
 * PNG with zlib level 3 and no row filters: measured on a 1600×1200 map
 * ~28 ms vs ~125 ms for the defaults (level 6, all filters), for ~10% more
 * bytes — speed matters more than a few KB on Discord.
 *
 * Encoded without an alpha channel: a snapshot has no transparency, and
 * without one there is nothing to un-premultiply and a quarter less to
 * compress — about 40% less time on the KPW map and 5% fewer bytes (issue
 * 9's load bench). An opaque canvas (makeOpaqueCanvas) is encoded as it is;
 * any other through an opaque copy (~3 ms), where anything transparent
 * comes out on white.
 */
export function encodePng(canvas: Canvas): Buffer {
  noteEncoded(canvas);
  const options = { compressionLevel: 3, filters: Canvas.PNG_FILTER_NONE } as const;
  if (isOpaque(canvas)) return canvas.toBuffer('image/png', options);
  const opaque = opaqueScratch(canvas.width, canvas.height);
  const ctx = opaque.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(canvas, 0, 0);
  return opaque.toBuffer('image/png', options);
}

/**
 * The PNG of a canvas made for this one snapshot, whose pixels are then
 * freed. node-canvas does not free a canvas's pixels when the canvas is
 * garbage collected (measured: RSS +4 MB for every 1000×1000 canvas, for
 * good, forced GC or not), but does when it is resized: a renderer that
 * makes a fresh canvas per snapshot ends with this, one that reuses its
 * canvas with encodePng.
 */
export function encodePngOnce(canvas: Canvas): Buffer {
  try {
    return encodePng(canvas);
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** Opaque canvases by size, reused (drawing and encoding are synchronous); a few sizes at most. */
class OpaqueCanvases {
  private readonly bySize = new Map<string, Canvas>();

  constructor(private readonly sizes: number) {}

  get(width: number, height: number): Canvas {
    const key = `${width}x${height}`;
    let canvas = this.bySize.get(key);
    if (!canvas) {
      if (this.bySize.size >= this.sizes) {
        // Freed by resizing, as in encodePngOnce: dropping the reference would keep its pixels for good.
        const [oldest, old] = this.bySize.entries().next().value!;
        this.bySize.delete(oldest);
        old.width = 0;
        old.height = 0;
      }
      canvas = makeOpaqueCanvas(width, height);
      this.bySize.set(key, canvas);
    }
    return canvas;
  }
}

// encodePng's copies of canvases with an alpha channel.
const scratch = new OpaqueCanvases(4);
const opaqueScratch = (width: number, height: number) => scratch.get(width, height);

// Pictures whose size depends on the view (e.g. Rifle's table with or without its chart).
const outputs = new OpaqueCanvases(6);

/**
 * An opaque canvas of this size that every picture of the size is drawn on,
 * one after another (drawing and encoding are synchronous): a fresh canvas per
 * snapshot costs its allocation (page faults on every fresh page) and its
 * freeing. It holds the last picture's pixels: the caller paints it all over.
 */
export function reusedOpaqueCanvas(width: number, height: number): Canvas {
  return outputs.get(width, height);
}

/**
 * JPEG at quality 0.9 without chroma subsampling, for a large textured
 * picture whose PNG costs far more to encode (the KPW map, 1600×1200: about
 * 12 ms and 580 KB against 23 ms and 735 KB; at twice the size its names,
 * codes and lines show no difference to the eye). Thin coloured lines keep
 * their colour (no subsampling); small flat pictures stay PNG.
 */
export function encodeJpeg(canvas: Canvas): Buffer {
  noteEncoded(canvas);
  if (!isOpaque(canvas)) throw new Error('encodeJpeg: draw on an opaque canvas (makeOpaqueCanvas): a JPEG has no transparency');
  return canvas.toBuffer('image/jpeg', { quality: 0.9, chromaSubsampling: false });
}

/** Width and height of a PNG (pngSize) or a JPEG (its frame header). */
export function imageSize(image: Buffer): { width: number; height: number } {
  if (!isJpeg(image)) return pngSize(image);
  // Segments from after the start marker: FF, marker, 2-byte length (itself included); SOF0-SOF15 but DHT, JPG, DAC carry the size.
  for (let at = 2; at + 9 < image.length;) {
    if (image[at] !== 0xff) break;
    const marker = image[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: image.readUInt16BE(at + 5), width: image.readUInt16BE(at + 7) };
    at += 2 + image.readUInt16BE(at + 2);
  }
  throw new Error('not a JPEG with a frame header');
}

/** Reads width and height from a PNG's IHDR (bytes 16-23). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
