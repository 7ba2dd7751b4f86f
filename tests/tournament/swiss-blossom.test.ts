// The blossom algorithm (src/tournament/swiss/blossom.ts) against exhaustive
// search: on random graphs of up to 10 vertices its matching has the best
// weight (among maximum-size matchings, as the Swiss pairer asks).
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { maxWeightMatching, type WeightedEdge } from '../../src/tournament/swiss/blossom.ts';

/** The best (size, weight) over all matchings, by trying each edge in or out. */
function bruteForce(n: number, edges: WeightedEdge[], maxCardinality: boolean): [number, number] {
  const used = new Uint8Array(n);
  let best: [number, number] = [0, 0];
  const better = (a: [number, number], b: [number, number]) =>
    maxCardinality ? a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) : a[1] > b[1];
  const go = (k: number, size: number, w: number) => {
    if (k === edges.length) {
      if (better([size, w], best)) best = [size, w];
      return;
    }
    go(k + 1, size, w);
    const e = edges[k];
    if (!used[e.i] && !used[e.j]) {
      used[e.i] = used[e.j] = 1;
      go(k + 1, size + 1, w + e.w);
      used[e.i] = used[e.j] = 0;
    }
  };
  go(0, 0, 0);
  return best;
}

describe('maximum-weight matching (blossom)', () => {
  it('matches exhaustive search on 400 random graphs', () => {
    for (let s = 0; s < 400; s++) {
      const rand = seedrandom(`blossom-${s}`);
      const n = 2 + Math.floor(rand() * 9);
      const density = 0.3 + rand() * 0.7;
      const edges: WeightedEdge[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) if (rand() < density) edges.push({ i, j, w: 2 * Math.floor(rand() * 20) });
      const maxCardinality = s % 2 === 0;
      const mate = maxWeightMatching(n, edges, maxCardinality);
      let size = 0;
      let w = 0;
      for (let v = 0; v < n; v++) {
        if (mate[v] < 0) continue;
        expect(mate[mate[v]]).toBe(v);
        if (v < mate[v]) {
          const e = edges.filter((x) => (x.i === v && x.j === mate[v]) || (x.j === v && x.i === mate[v]));
          expect(e.length).toBeGreaterThan(0);
          size++;
          w += Math.max(...e.map((x) => x.w));
        }
      }
      const [bs, bw] = bruteForce(n, edges, maxCardinality);
      if (maxCardinality) expect(size).toBe(bs);
      expect(w).toBe(bw);
    }
  });
});
