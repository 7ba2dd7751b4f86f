import { describe, expect, it } from 'vitest';
import { KPW_STATIC_CACHE, drawKpw, renderKpw } from '../../render/kpw.ts';
import { encodePng, imageSize, makeCanvas, makeOpaqueCanvas } from '../../render/kit.ts';
import { imageExtension } from '../../src/messages/image-names.ts';
import type { KpwView } from '../../src/games/kpw/view-types.ts';
import { emptyView, tinyMap } from './fixtures.ts';
import { busyView } from './sample.ts';
import { PANEL_X, SIDE_COLOR, TOP_H } from '../../render/kpw/style.ts';

/** Whether the pixel at byte offset i is within 2 of a #rrggbb colour on each channel. */
function near3(d: Uint8ClampedArray, i: number, hex: string): boolean {
  const n = parseInt(hex.slice(1), 16);
  return Math.abs(d[i] - (n >> 16)) < 3 && Math.abs(d[i + 1] - ((n >> 8) & 255)) < 3 && Math.abs(d[i + 2] - (n & 255)) < 3;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

/** Round-trips through JSON: the renderer gets exactly what a stored view holds, nothing else. */
const asStoredView = (v: KpwView): KpwView => deepFreeze(JSON.parse(JSON.stringify(v)) as KpwView);

function drawn(view: KpwView) {
  const c = makeCanvas(1600, 1200);
  drawKpw(view, c, tinyMap);
  return c.getContext('2d');
}

describe('KPW renderer', () => {
  it('renders a 1600×1200 JPEG from a view alone (the costliest picture to encode as a PNG)', () => {
    const jpeg = renderKpw(asStoredView(emptyView()), tinyMap);
    expect(imageExtension(jpeg)).toBe('jpg');
    expect(imageSize(jpeg)).toEqual({ width: 1600, height: 1200 });
  });

  it('draws a stack where it is placed (pixels differ near the space, not elsewhere)', () => {
    const stack: KpwView['stacks'][number] = {
      space: 'woods',
      side: 'english',
      musket: true,
      units: [
        { id: 'cap', kind: 'captain', name: 'MA Captain', owner: 'MA', spy: true },
        { id: 's1', kind: 'soldier', name: 'MA Soldier', owner: 'MA', strength: 2 },
      ],
    };
    const empty = drawn(asStoredView(emptyView())).getImageData(0, 0, 1600, 1200).data;
    const withStack = drawn(asStoredView(emptyView({ stacks: [stack] }))).getImageData(0, 0, 1600, 1200).data;
    const woods = tinyMap.spaces.find((s) => s.id === 'woods')!;
    let near = 0;
    let far = 0;
    let englishRed = 0;
    for (let y = 0; y < 1200; y++) {
      for (let x = 0; x < 1600; x++) {
        const i = (y * 1600 + x) * 4;
        const diff = empty[i] !== withStack[i] || empty[i + 1] !== withStack[i + 1] || empty[i + 2] !== withStack[i + 2];
        if (!diff) continue;
        if (Math.abs(x - woods.x) < 140 && Math.abs(y - woods.y) < 90) {
          near++;
          // The English counter face (SIDE_COLOR.english) appears where it was not before.
          if (near3(withStack, i, SIDE_COLOR.english)) englishRed++;
        } else far++;
      }
    }
    expect(near).toBeGreaterThan(1500);
    expect(englishRed).toBeGreaterThan(300);
    expect(far).toBe(0);
  });

  it('shows site conditions, battles and the result banner', () => {
    const base = drawn(asStoredView(emptyView())).getImageData(0, 0, 1600, 1200).data;
    const view = asStoredView(
      emptyView({
        sites: { dedham: 'razed', plymouth: 'damaged' },
        battles: [{ id: 'b', side: 'indian', from: 'montaup', to: 'dedham', fought: false }],
        result: { status: 'over', summary: 'Indian victory: Boston and Plymouth razed.' },
      }),
    );
    const px = drawn(view).getImageData(0, 0, 1600, 1200).data;
    const at = (d: Uint8ClampedArray, x: number, y: number) => [...d.slice((y * 1600 + x) * 4, (y * 1600 + x) * 4 + 3)];
    const dedham = tinyMap.spaces.find((s) => s.id === 'dedham')!;
    // Razed: the space is charred dark.
    expect(Math.max(...at(px, dedham.x + 10, dedham.y + 1))).toBeLessThan(90);
    expect(Math.max(...at(base, dedham.x + 10, dedham.y + 1))).toBeGreaterThan(90);
    // The Indian battle arrow (SIDE_COLOR.indian) runs along montaup → dedham.
    const from = tinyMap.spaces.find((s) => s.id === 'montaup')!;
    let green = 0;
    for (let t = 0.3; t <= 0.7; t += 0.05) {
      for (let d = -10; d <= 10; d++) {
        const x = Math.round(from.x + (dedham.x - from.x) * t + d);
        const y = Math.round(from.y + (dedham.y - from.y) * t);
        if (near3(px, (y * 1600 + x) * 4, SIDE_COLOR.indian)) green++;
      }
    }
    expect(green).toBeGreaterThan(20);
    // The result banner darkens the top of the side panel, never the map (issue 19).
    expect(Math.max(...at(px, PANEL_X + 10, TOP_H + 150))).toBeLessThan(80);
    expect(at(px, 40, 611)).toEqual(at(base, 40, 611));
  });

  it('builds the static board layer once per process', () => {
    renderKpw(emptyView(), tinyMap);
    const before = KPW_STATIC_CACHE.builds;
    for (let i = 0; i < 3; i++) renderKpw(emptyView({ turn: i + 1 }), tinyMap);
    expect(KPW_STATIC_CACHE.builds).toBe(before);
  });

  it('renders a busy view on the real map within the snapshot budget', () => {
    const view = asStoredView(busyView());
    const jpeg = renderKpw(view);
    expect(imageSize(jpeg)).toEqual({ width: 1600, height: 1200 });
    // Budget: draw + encode ≤ encoding the same canvas alone as a PNG (best of n, to shrug off noise):
    // the board is a cached layer, and the JPEG costs about half the PNG.
    const c = makeOpaqueCanvas(1600, 1200);
    drawKpw(view, c);
    let enc = Infinity;
    let full = Infinity;
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      encodePng(c);
      enc = Math.min(enc, performance.now() - t);
      t = performance.now();
      renderKpw(view);
      full = Math.min(full, performance.now() - t);
    }
    expect(full).toBeLessThanOrEqual(enc);
  });
});
