// The ATKM tabletop renderer draws from the picture alone: the whole table
// with its panel, and a zoom round the last activation legible at Discord's
// ~550 px preview. Set ATKM_RENDER_OUT=dir to keep the PNGs for a look.
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from 'canvas';
import { describe, expect, it } from 'vitest';
import { MAIN, renderAtkm, renderAtkmZoom, unitLabelText, ZOOM, zoomTextScale, zoomWindow } from '../../render/atkm.ts';
import { makeCanvas, pngSize } from '../../render/kit.ts';
import { samplePicture, scenarioPicture } from './render-sample.ts';

const keep = (name: string, png: Buffer) => {
  const dir = process.env.ATKM_RENDER_OUT;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), png);
  }
};

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  c.getContext('2d').drawImage(img, 0, 0);
  return [...c.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)];
}

describe('ATKM renderer: the whole table', () => {
  it('is the table at 12 px an inch plus margins, title and the side panel: 1100 x 700, read at the half-size preview', () => {
    const png = renderAtkm(samplePicture());
    keep('atkm-main.png', png);
    expect(pngSize(png)).toEqual({
      width: 72 * MAIN.ppi + 2 * MAIN.margin + MAIN.panel,
      height: 48 * MAIN.ppi + 2 * MAIN.margin + MAIN.title,
    });
    expect(pngSize(png)).toEqual({ width: 1100, height: 700 });
  });
  it('draws a unit in its army colour at its footprint and the colour-state bead at its back-right corner', async () => {
    const pic = samplePicture();
    const png = renderAtkm(pic);
    const at = (p: { x: number; y: number }) => ({
      x: Math.round(MAIN.margin + p.x * MAIN.ppi),
      y: Math.round(MAIN.margin + MAIN.title + p.y * MAIN.ppi),
    });
    // red-5's deployed gun: crew zone left of the cannon, inside the footprint.
    const gun = pic.units.find((u) => u.id === 'red-5')!;
    const fl = gun.footprint[0]!;
    const inCrew = at({ x: fl.x + 0.4, y: fl.y + 3.6 });
    expect(await pixel(png, inCrew.x, inCrew.y)).toEqual([0xb3, 0x26, 0x1e]);
    // red-3 is red: its bead at the back-right corner is the red state colour (left of its letter R).
    const cav = pic.units.find((u) => u.id === 'red-3')!;
    const br = at(cav.footprint[2]!);
    expect(await pixel(png, br.x - 10, br.y)).toEqual([0xd7, 0x32, 0x2b]);
  });
});

describe('ATKM renderer: Banking Cards (optional rule, p.14)', () => {
  it("draws each side's banked cards in the panel, under the discards; nothing when the option is off", async () => {
    const off = samplePicture();
    const on = {
      ...off,
      banked: [
        { side: 'red' as const, cards: [{ label: 'Q♥', colour: 'red' as const }], used: 1, limit: 2 },
        { side: 'black' as const, cards: [], used: 0, limit: 2 },
      ],
    };
    const png = renderAtkm(on);
    keep('atkm-banked.png', png);
    // The panel starts after the table; the red row's first card sits under its line, below the two rows of discards.
    const card = { x: 72 * MAIN.ppi + 2 * MAIN.margin + 10 + 5, y: 410 };
    expect(await pixel(png, card.x, card.y)).toEqual([0xff, 0xfd, 0xf7]);
    expect(await pixel(renderAtkm(off), card.x, card.y)).not.toEqual([0xff, 0xfd, 0xf7]);
  });
});

describe('ATKM renderer: the zoom round the action', () => {
  it('is 1100 x 700 (11:7, half size at the 550 px preview) and frames the activated unit, its path and its target', () => {
    const pic = samplePicture();
    const png = renderAtkmZoom(pic);
    keep('atkm-zoom.png', png);
    expect(pngSize(png)).toEqual({ width: ZOOM.w, height: ZOOM.h });
    const w = zoomWindow(pic);
    for (const id of ['red-1', 'black-1'])
      for (const p of pic.units.find((u) => u.id === id)!.footprint) {
        expect(p.x).toBeGreaterThanOrEqual(w.x0);
        expect(p.x).toBeLessThanOrEqual(w.x0 + w.w);
        expect(p.y).toBeGreaterThanOrEqual(w.y0);
        expect(p.y).toBeLessThanOrEqual(w.y0 + w.h);
      }
    // At preview size (half) an inch is still at least 10 px, so a 2-inch rank reads, and labels are 11 px or more.
    expect(ZOOM.w / w.w / 2).toBeGreaterThanOrEqual(10);
    expect((11 * zoomTextScale(ZOOM.w / w.w)) / 2).toBeGreaterThanOrEqual(11);
    expect(w.w / w.h).toBeCloseTo(ZOOM.w / (ZOOM.h - ZOOM.caption), 5);
  });
  it('with no activation it frames every unit, within the table', () => {
    const pic = { ...samplePicture(), last: null };
    const w = zoomWindow(pic);
    expect(w.x0).toBeGreaterThanOrEqual(0);
    expect(w.y0).toBeGreaterThanOrEqual(0);
    expect(w.x0 + w.w).toBeLessThanOrEqual(72 + 1e-9);
    expect(w.y0 + w.h).toBeLessThanOrEqual(48 + 1e-9);
    expect(pngSize(renderAtkmZoom(pic)).width).toBe(ZOOM.w);
  });
  it('render time (p50 over 15 of each), printed for the report', () => {
    const pic = samplePicture();
    const time = (f: () => unknown) => {
      const ts: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        f();
        ts.push(performance.now() - t);
      }
      return ts.sort((a, b) => a - b)[7]!;
    };
    const main = time(() => renderAtkm(pic));
    const zoom = time(() => renderAtkmZoom(pic));
    console.log(`atkm.render_ms_p50 main=${main.toFixed(1)} zoom=${zoom.toFixed(1)}`);
    expect(main).toBeGreaterThan(0);
  });
});

describe('ATKM renderer: every scenario (Setting up the Battlefield)', () => {
  it('draws the table, its terrain and a default deployment for open field, river crossing and village', () => {
    for (const id of ['open-field', 'river-crossing', 'village']) {
      const pic = scenarioPicture(id);
      const png = renderAtkm(pic);
      keep(`atkm-${id}.png`, png);
      expect(pngSize(png).width).toBe(72 * MAIN.ppi + 2 * MAIN.margin + MAIN.panel);
      expect(pic.units.length).toBe(12);
    }
  });
});

describe('ATKM renderer: a melee (Staging Melee Attacks, Winning the Contest)', () => {
  it('marks where the fronts met and frames the escape in the zoom', async () => {
    const base = samplePicture();
    const pic = {
      ...base,
      last: {
        ...base.last!,
        fire: [],
        melee: { at: { x: 9, y: 20 }, text: '4 : 2' },
        escapes: [
          {
            unit: 'black-1',
            path: [
              { x: 9, y: 19 },
              { x: 9, y: 7 },
            ],
          },
        ],
      },
    };
    const w = zoomWindow(pic);
    expect(w.y0).toBeLessThanOrEqual(7);
    const png = renderAtkm(pic);
    keep('atkm-melee.png', png);
    // The marker's white disc at the meeting point.
    const at = { x: Math.round(MAIN.margin + 9 * MAIN.ppi), y: Math.round(MAIN.margin + MAIN.title + 20 * MAIN.ppi - 7) };
    const [r, g, b] = await pixel(png, at.x, at.y);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(200);
  });
});

describe('ATKM renderer: unit labels (Determining Forces, p.6: foot, horse, skirmishers, foot and horse batteries)', () => {
  it('a label cut to fit still tells the kind: a battery never reads as the infantry "1st Foot…"', () => {
    const ctx = makeCanvas(10, 10).getContext('2d');
    const size = 11;
    const seen: string[] = [];
    for (let max = 30; max <= 200; max += 6) {
      const battery = unitLabelText(ctx, '1st Foot Battery', 6, max, size);
      const horseGuns = unitLabelText(ctx, '1st Horse Battery', 6, max, size);
      const foot = unitLabelText(ctx, '1st Foot', 12, max, size);
      for (const t of [battery, horseGuns]) expect(t).toMatch(/Battery|Bty/);
      expect(battery).not.toMatch(/^1st Foot…/);
      expect(battery).not.toBe(foot);
      expect(new Set([battery, horseGuns, foot]).size).toBe(3);
      seen.push(battery);
    }
    // Wide enough, the whole name and the figures; at the default minimum width (6 labels' ems), the short kind.
    expect(seen.at(-1)).toBe('1st Foot Battery (6)');
    expect(unitLabelText(ctx, '1st Foot Battery', 6, 6 * size, size)).toMatch(/^1st F\.Bty/);
  });
});
