import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from 'canvas';
import { makeCanvas, niceTicks, pngSize } from '../../render/kit.ts';
import { CELL_LABEL, cellLabel, livedHistory, renderRifle, renderRifleChart, winnerLine } from '../../render/rifle.ts';
import { RESOURCE_NAMES, STRUCTURE_NAMES, rifleView } from './rifle-fixtures.ts';

type V = Parameters<typeof winnerLine>[0] & { settlements: Parameters<typeof livedHistory>[0][] };

describe('niceTicks', () => {
  it('gives integer ticks that cover the data, at most maxIntervals intervals', () => {
    expect(niceTicks(0, 5).ticks).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(0, 33).ticks).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(0, 1).ticks).toEqual([0, 1]);
    expect(niceTicks(0, 17).ticks).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(4, 4).ticks).toEqual([4, 5]);
    expect(niceTicks(-3, 7).ticks).toEqual([-5, 0, 5, 10]);
    expect(niceTicks(-3, 7, 6).ticks).toEqual([-4, -2, 0, 2, 4, 6, 8]);
    for (const hi of [1, 2, 3, 5, 7, 9, 11, 26, 48, 99, 101, 640, 12345]) {
      const a = niceTicks(0, hi, 5);
      expect(a.ticks.every((t) => Number.isInteger(t))).toBe(true);
      expect(a.lo).toBeLessThanOrEqual(0);
      expect(a.hi).toBeGreaterThanOrEqual(hi);
      expect(a.ticks.length - 1).toBeLessThanOrEqual(5);
      expect(a.ticks[0]).toBe(a.lo);
      expect(a.ticks[a.ticks.length - 1]).toBe(a.hi);
    }
  });
});

describe('Rifle and Axe snapshot', () => {
  it('fits every resource and structure name in its cell without cutting it', () => {
    const ctx = makeCanvas(10, 10).getContext('2d');
    for (const [names, room] of [
      [RESOURCE_NAMES, CELL_LABEL.resource],
      [STRUCTURE_NAMES, CELL_LABEL.structure],
    ] as const) {
      for (const name of names) {
        const { lines, size } = cellLabel(ctx, name, room.width, room.lines);
        expect(lines.join(' '), name).toBe(name);
        expect(lines.length).toBeLessThanOrEqual(room.lines);
        expect(size).toBeGreaterThanOrEqual(9);
      }
    }
  });

  it("ends an out settlement's chart line at the turn it went out", () => {
    const v = rifleView({ players: 3, specs: [{}, { out: 'abandoned', outTurn: 9 }, {}] }) as unknown as V;
    const [alive, out] = v.settlements;
    expect(livedHistory(alive).length).toBe(21);
    expect(
      livedHistory(out)
        .map((p) => p.turn)
        .at(-1),
    ).toBe(9);
    // The view's outTurn wins when it carries one.
    expect(livedHistory({ ...out, outTurn: 12 }).at(-1)!.turn).toBe(12);
    // An out settlement whose last point is new (went out in the last turn) keeps all points.
    const last = rifleView({ players: 2, specs: [{ out: 'overrun', outTurn: 20 }, {}] }) as unknown as V;
    expect(livedHistory(last.settlements[0]).length).toBe(21);
  });

  it('draws no chart line past the out turn', async () => {
    const v = rifleView({ players: 3, specs: [{}, { out: 'abandoned', outTurn: 9 }, {}] });
    const img = await loadImage(renderRifleChart(v));
    const c = createCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    // First chart (Population): plot from x≈56 for 20 turns over ≈293 px, y 110..250.
    const blueIn = (x0: number, x1: number) => {
      const d = ctx.getImageData(x0, 105, x1 - x0, 150).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 2] > 150 && d[i] < 90 && d[i + 1] < 130) n++;
      return n;
    };
    const xOfTurn = (t: number) => Math.round(56 + (t / 20) * 293);
    expect(blueIn(xOfTurn(0), xOfTurn(8))).toBeGreaterThan(30);
    expect(blueIn(xOfTurn(10), xOfTurn(20) + 4)).toBe(0);
  });

  it('says who won', () => {
    const v = rifleView({ players: 3, specs: [{}, { out: 'abandoned', outTurn: 9 }, {}] }) as unknown as V;
    expect(winnerLine(v)).toMatch(/^Settlement \d wins with \d of 5 awards?$/);
    const shared = {
      ...v,
      result: { winners: ['p1', 'p3'], summary: '' },
      awards: v.awards!.map((a, k) => ({ ...a, winners: k < 2 ? ['p1'] : k < 4 ? ['p3'] : ['p1', 'p3'] })),
    };
    expect(winnerLine(shared)).toBe('Shared victory: Settlement 1 and Settlement 3, 3 of 5 awards each');
    expect(winnerLine({ ...v, result: { winners: [], summary: '' }, awards: v.awards!.map((a) => ({ ...a, winners: [] })) })).toBe(
      'No winner: no settlement survived',
    );
    const solo = rifleView({ players: 1 }) as unknown as V;
    expect(winnerLine(solo)).toBe('Settlement 1 survived');
  });

  it('renders every shape of game at a sensible size', () => {
    const cases = [
      rifleView({ players: 1 }),
      rifleView({ players: 2, over: false, turn: 3 }),
      rifleView({ players: 3, specs: [{}, { out: 'abandoned', outTurn: 9 }, { out: 'overrun', outTurn: 14 }] }),
      rifleView({ players: 4 }),
      rifleView({ players: 4, specs: [0, 1, 2, 3].map((i) => ({ out: 'abandoned', outTurn: 5 + i })), turn: 8 }),
    ];
    for (const v of cases) {
      const { width, height } = pngSize(renderRifle(v));
      expect(width).toBeGreaterThanOrEqual(980);
      expect(width).toBeLessThanOrEqual(1400);
      expect(height).toBeLessThanOrEqual(1900);
    }
    expect(pngSize(renderRifleChart(cases[2])).height).toBeGreaterThan(300);
  });
});
