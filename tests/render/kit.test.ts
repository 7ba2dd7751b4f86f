import { describe, expect, it } from 'vitest';
import {
  StaticLayerCache,
  blitCounter,
  drawArrow,
  drawCounter,
  drawHex,
  drawLegend,
  drawMarker,
  drawNumericTrack,
  drawText,
  drawTurnBoxes,
  drawTurnItems,
  drawWrapped,
  encodeJpeg,
  encodePng,
  encodePngOnce,
  imageSize,
  makeCanvas,
  makeOpaqueCanvas,
  pngSize,
  trackBox,
  type CounterSpec,
  type NumericTrackSpec,
  type TurnTrackSpec,
} from '../../render/kit.ts';

function pixel(c: ReturnType<typeof makeCanvas>, x: number, y: number): number[] {
  return [...c.getContext('2d').getImageData(x, y, 1, 1).data];
}

describe('render kit', () => {
  it('encodes a PNG whose header carries the canvas size', () => {
    const c = makeCanvas(321, 123);
    const png = encodePng(c);
    expect(pngSize(png)).toEqual({ width: 321, height: 123 });
    expect(() => pngSize(Buffer.from('not a png at all, really not'))).toThrow();
  });

  it('draws a numeric track with markers and tags at the right boxes', () => {
    const c = makeCanvas(800, 120);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 800, 120);
    const t: NumericTrackSpec = { x: 10, y: 10, width: 620, height: 40, min: 0, max: 30, openEnded: true };
    drawNumericTrack(
      ctx,
      t,
      [
        { value: 7, slot: 0, marker: { shape: 'circle', r: 8, fill: '#ff0000', text: 'VP' } },
        { value: 45, slot: 3, marker: { shape: 'square', r: 7, fill: '#00aa00' } },
      ],
      [{ value: 12, label: 'NA', color: '#2f5fd0' }],
    );
    // Values beyond max sit in the open-ended last box.
    expect(trackBox(t, 45)).toEqual(trackBox(t, 30));
    const b7 = trackBox(t, 7);
    const red = pixel(c, Math.round(b7.x + b7.w * 0.3), Math.round(b7.y + b7.h * 0.45));
    expect(red[0]).toBeGreaterThan(200);
    expect(red[1]).toBeLessThan(80);
    const b12 = trackBox(t, 12);
    const tag = pixel(c, Math.round(b12.x + 4), Math.round(b12.y + b12.h + 4));
    expect(tag[2]).toBeGreaterThan(150); // the blue tag under box 12
    expect(pngSize(encodePng(c))).toEqual({ width: 800, height: 120 });
  });

  it('draws a turn track with current turn and waiting items', () => {
    const c = makeCanvas(300, 300);
    const ctx = c.getContext('2d');
    const t: TurnTrackSpec = {
      x: 10,
      y: 10,
      width: 260,
      height: 9 * 28,
      orientation: 'vertical',
      turns: Array.from({ length: 9 }, (_, i) => ({ turn: i + 1, caption: i === 4 ? 'WINTER' : undefined, skipped: (i + 1) % 2 === 0 })),
    };
    drawTurnBoxes(ctx, t);
    drawTurnItems(ctx, t, 3, { 4: ['Musket'], 6: ['Musket', 'Church'] });
    expect(pngSize(encodePng(c))).toEqual({ width: 300, height: 300 });
  });

  it('draws counters (full, weakened, leaders with badges) that change the pixels', () => {
    const c = makeCanvas(300, 80);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 300, 80);
    const full: CounterSpec = { size: 34, base: '#b8483a', stripe: '#2e8b3a', stripeLabel: 'MA', figures: 2 };
    drawCounter(ctx, 10, 20, full);
    drawCounter(ctx, 60, 20, { ...full, figures: 1, weakened: true });
    blitCounter(ctx, 110, 20, {
      size: 34,
      base: '#4e7d36',
      stripe: '#ffffff',
      stripeLabel: 'WA',
      rank: 'key',
      label: 'Canonchet',
      badges: [
        { text: 'S', fill: '#6a3fa0' },
        { text: 'G', fill: '#178a8a' },
      ],
    });
    blitCounter(ctx, 170, 20, { size: 34, base: '#4e7d36', rank: 'leader', label: 'Sachem' });
    drawMarker(ctx, 240, 40, { shape: 'hex', r: 12, fill: '#f2c14e', text: 'D' });
    drawHex(ctx, 275, 40, 10, { fill: '#000' });
    drawArrow(ctx, { x: 10, y: 75 }, { x: 290, y: 75 }, { color: '#b8483a', width: 6 });
    // Body of the full counter (below its stripe, left of the figures) is the base red.
    const body = pixel(c, 13, 50);
    expect(body.slice(0, 3)).toEqual([0xb8, 0x48, 0x3a]);
    // The weakened counter is paler than the full one.
    const weak = pixel(c, 63, 50);
    expect(weak[1]).toBeGreaterThan(body[1]);
  });

  it('draws legends and wrapped text, and cached text matches direct text', () => {
    const c = makeCanvas(300, 200);
    const ctx = c.getContext('2d');
    const h = drawLegend(
      ctx,
      10,
      10,
      [
        { swatch: '#2e8b3a', label: 'Massachusetts', note: 'Active' },
        {
          swatch: (g, x, y, s) => drawMarker(g, x, y, { shape: 'circle', r: s / 2, fill: '#f08a24', text: 'R' }),
          label: 'Raided',
          muted: true,
        },
      ],
      { width: 200, title: 'Key', cache: true },
    );
    expect(h).toBeGreaterThan(40);
    const used = drawWrapped(ctx, 'a long line of words that must wrap over several lines here', 10, 100, 120, { size: 12, maxLines: 2 });
    expect(used).toBe(2 * Math.round(12 * 1.3));
    const w1 = drawText(ctx, 'Swansea', 10, 180, { size: 14, weight: 'bold' });
    const w2 = drawText(ctx, 'Swansea', 10, 180, { size: 14, weight: 'bold', cache: true });
    expect(w2).toBeCloseTo(w1, 5);
  });

  it('StaticLayerCache draws each layer once', () => {
    const cache = new StaticLayerCache();
    let calls = 0;
    const draw = () => {
      calls++;
    };
    const a = cache.get('board', 100, 50, draw);
    const b = cache.get('board', 100, 50, draw);
    expect(a).toBe(b);
    expect(calls).toBe(1);
    cache.get('other', 10, 10, draw);
    expect(calls).toBe(2);
    expect(cache.builds).toBe(2);
    expect(a.width).toBe(100);
  });

  it('snapshots are encoded opaque (RGB, no alpha) with the same pixels; a one-off canvas is freed after encoding (issue 9 load)', async () => {
    const { loadImage } = await import('canvas');
    const c = makeCanvas(40, 30);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#336699';
    ctx.fillRect(0, 0, 40, 30);
    ctx.fillStyle = 'rgba(255,0,0,0.5)';
    ctx.fillRect(10, 10, 10, 10);
    const png = encodePng(c);
    expect(png.readUInt8(25)).toBe(2); // IHDR colour type 2: truecolour without alpha
    const back = makeCanvas(40, 30);
    back.getContext('2d').drawImage(await loadImage(png), 0, 0);
    expect(pixel(back, 1, 1)).toEqual(pixel(c, 1, 1));
    expect(pixel(back, 15, 15)).toEqual(pixel(c, 15, 15));
    // Drawn for one snapshot: encoded the same, then its pixels released (node-canvas frees them only on a resize).
    const once = encodePngOnce(c);
    expect(once.equals(png)).toBe(true);
    expect([c.width, c.height]).toEqual([0, 0]);
    expect(pngSize(once)).toEqual({ width: 40, height: 30 });
  });

  it('an opaque canvas (no alpha channel) is encoded as it is: white where nothing was drawn, the same PNG as through the opaque copy', () => {
    const paint = (c: ReturnType<typeof makeCanvas>) => {
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#336699';
      ctx.fillRect(0, 0, 30, 30);
      ctx.fillStyle = 'rgba(255,0,0,0.5)';
      ctx.fillRect(10, 10, 10, 10);
      drawText(ctx, 'Boston', 2, 20, { size: 12, weight: 'bold', color: '#fff', halo: '#000' });
    };
    const opaque = makeOpaqueCanvas(40, 30);
    const clear = makeCanvas(40, 30);
    paint(opaque);
    paint(clear);
    expect(pixel(opaque, 35, 5)).toEqual([255, 255, 255, 255]);
    const png = encodePng(opaque);
    expect(png.readUInt8(25)).toBe(2);
    expect(png.equals(encodePng(clear))).toBe(true);
  });

  it('a JPEG (the KPW map) is drawn from an opaque canvas only, and its size is read from its frame header', () => {
    const opaque = makeOpaqueCanvas(321, 123);
    const jpeg = encodeJpeg(opaque);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(imageSize(jpeg)).toEqual({ width: 321, height: 123 });
    expect(imageSize(encodePng(opaque))).toEqual({ width: 321, height: 123 });
    expect(() => encodeJpeg(makeCanvas(10, 10))).toThrow(/opaque/);
    expect(() => imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0]))).toThrow();
  });
});
