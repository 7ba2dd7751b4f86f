// What a picture looks like to a reader (issue 19): the size of its text in
// Discord's inline preview, and its colours to a reader with protanopia or
// deuteranopia. Used by tests/render/preview.test.ts.
import type { TextNote } from '../../render/kit/text-log.ts';

/** Discord shows an image inline fitted inside about 550×350 px. */
export const PREVIEW = { w: 550, h: 350 } as const;

/** The scale a w×h picture is previewed at. */
export function previewScale(width: number, height: number): number {
  return Math.min(PREVIEW.w / width, PREVIEW.h / height, 1);
}

/** The recorded texts with their glyph height at preview size, smallest first. */
export function previewSizes(rec: { width: number; height: number; texts: TextNote[] }): (TextNote & { preview: number })[] {
  const k = previewScale(rec.width, rec.height);
  return rec.texts.map((t) => ({ ...t, preview: t.size * k })).sort((a, b) => a.preview - b.preview);
}

type Rgb = [number, number, number];
type Matrix = [Rgb, Rgb, Rgb];

export function hexRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const toSrgb = (v: number) => {
  const c = Math.min(1, Math.max(0, v));
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
};
const apply = (m: Matrix, v: Rgb): Rgb => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]) as Rgb;

/**
 * Simulation matrices on linear RGB. Machado, Oliveira & Fernandes (2009),
 * severity 1.0; Viénot, Brettel & Mollon (1999), the single-plane
 * dichromat projection.
 */
export const CVD: Record<string, Matrix> = {
  'protanopia (Machado)': [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  'deuteranopia (Machado)': [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  'protanopia (Viénot)': [
    [0.11238, 0.88762, 0.0],
    [0.11238, 0.88762, 0.0],
    [0.00401, -0.00401, 1.0],
  ],
  'deuteranopia (Viénot)': [
    [0.29275, 0.70725, 0.0],
    [0.29275, 0.70725, 0.0],
    [-0.02234, 0.02234, 1.0],
  ],
};

/** The colour as a reader with the named deficiency (a CVD key) sees it; 'normal' leaves it. */
export function simulate(hex: string, deficiency: string): Rgb {
  const rgb = hexRgb(hex);
  if (deficiency === 'normal') return rgb;
  const m = CVD[deficiency];
  if (!m) throw new Error(`unknown deficiency ${deficiency}`);
  return apply(m, rgb.map(toLinear) as Rgb).map(toSrgb) as Rgb;
}

/** CIE L*a*b* (D65) of an sRGB colour. */
export function lab([r, g, b]: Rgb): Rgb {
  const [lr, lg, lb] = [r, g, b].map(toLinear);
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 colour difference ΔE*ab. */
export function deltaE(a: Rgb, b: Rgb): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** The smallest ΔE between any two of the colours, for normal vision and each simulated deficiency. */
export function closestPair(colours: Record<string, string>): { deficiency: string; a: string; b: string; dE: number } {
  let worst = { deficiency: '', a: '', b: '', dE: Infinity };
  const names = Object.keys(colours);
  for (const deficiency of ['normal', ...Object.keys(CVD)])
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) {
        const dE = deltaE(simulate(colours[names[i]], deficiency), simulate(colours[names[j]], deficiency));
        if (dE < worst.dE) worst = { deficiency, a: names[i], b: names[j], dE };
      }
  return worst;
}
