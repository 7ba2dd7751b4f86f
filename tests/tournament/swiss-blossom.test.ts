// The blossom algorithm (src/tournament/swiss/blossom.ts) against exhaustive
// search: on random graphs of up to 10 vertices its matching has the best
// weight (among maximum-size matchings, as the Swiss pairer asks); the
// perfect matching started from a greedy matching (what the pairer uses) has
// the best weight among perfect matchings, and on graphs of hundreds of
// vertices the same weight as the textbook start.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { breathe } from '../setup/breathe.ts';
import { maxWeightMatching, maxWeightPerfectMatching, type WeightedEdge } from '../../src/tournament/swiss/blossom.ts';

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
    if (!used[e.first] && !used[e.second]) {
      used[e.first] = used[e.second] = 1;
      go(k + 1, size + 1, w + e.weight);
      used[e.first] = used[e.second] = 0;
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
        for (let j = i + 1; j < n; j++) if (rand() < density) edges.push({ first: i, second: j, weight: 2 * Math.floor(rand() * 20) });
      const maxCardinality = s % 2 === 0;
      const mate = maxWeightMatching(n, edges, maxCardinality);
      let size = 0;
      let w = 0;
      for (let v = 0; v < n; v++) {
        if (mate[v] < 0) continue;
        expect(mate[mate[v]]).toBe(v);
        if (v < mate[v]) {
          const e = edges.filter((x) => (x.first === v && x.second === mate[v]) || (x.second === v && x.first === mate[v]));
          expect(e.length).toBeGreaterThan(0);
          size++;
          w += Math.max(...e.map((x) => x.weight));
        }
      }
      const [bs, bw] = bruteForce(n, edges, maxCardinality);
      if (maxCardinality) expect(size).toBe(bs);
      expect(w).toBe(bw);
    }
  });

  /** The best weight of a perfect matching (null: there is none). */
  function bestPerfect(n: number, edges: WeightedEdge[]): number | null {
    const used = new Uint8Array(n);
    let best: number | null = null;
    const go = (weight: number) => {
      const free = used.indexOf(0);
      if (free < 0) {
        if (best === null || weight > best) best = weight;
        return;
      }
      used[free] = 1;
      for (const edge of edges) {
        const other = edge.first === free ? edge.second : edge.second === free ? edge.first : -1;
        if (other < 0 || used[other]) continue;
        used[other] = 1;
        go(weight + edge.weight);
        used[other] = 0;
      }
      used[free] = 0;
    };
    go(0);
    return best;
  }

  const flat = (edges: WeightedEdge[]) => ({
    ends: Int32Array.from(edges.flatMap((edge) => [edge.first, edge.second])),
    weights: Float64Array.from(edges.map((edge) => edge.weight)),
  });

  const weightOf = (mate: Int32Array, edges: WeightedEdge[]) => {
    let total = 0;
    for (let vertex = 0; vertex < mate.length; vertex++) {
      if (mate[vertex] < vertex) continue;
      const joining = edges.filter(
        (edge) => (edge.first === vertex && edge.second === mate[vertex]) || (edge.second === vertex && edge.first === mate[vertex]),
      );
      expect(joining.length).toBeGreaterThan(0);
      total += Math.max(...joining.map((edge) => edge.weight));
    }
    return total;
  };

  it('warm-started perfect matching: the best perfect matching on 400 random graphs, null when there is none', async () => {
    let none = 0;
    for (let seed = 0; seed < 400; seed++) {
      await breathe();
      const rand = seedrandom(`perfect-${seed}`);
      const n = 2 * (1 + Math.floor(rand() * 5));
      const density = 0.2 + rand() * 0.8;
      const edges: WeightedEdge[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) if (rand() < density) edges.push({ first: i, second: j, weight: 2 * Math.floor(rand() * 20) });
      const { ends, weights } = flat(edges);
      const mate = maxWeightPerfectMatching(n, ends, weights);
      const best = bestPerfect(n, edges);
      if (best === null) {
        none++;
        expect(mate).toBeNull();
        continue;
      }
      expect(mate).not.toBeNull();
      for (let vertex = 0; vertex < n; vertex++) expect(mate![mate![vertex]]).toBe(vertex);
      expect(weightOf(mate!, edges)).toBe(best);
    }
    // Both kinds of graph were tried.
    expect(none).toBeGreaterThan(10);
    expect(none).toBeLessThan(390);
  });

  it('warm-started perfect matching weighs the same as the textbook start on 12 sparse graphs of 100–200 vertices', async () => {
    for (let seed = 0; seed < 12; seed++) {
      await breathe();
      const rand = seedrandom(`perfect-large-${seed}`);
      const n = 2 * (50 + Math.floor(rand() * 51));
      // A band like the pairer's (near neighbours in rank), with tied weights as its tiers make.
      const edges: WeightedEdge[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < Math.min(n, i + 13); j++)
          if (rand() < 0.7 || j === i + 1) edges.push({ first: i, second: j, weight: 2 * Math.floor(rand() * 8) });
      const { ends, weights } = flat(edges);
      const warm = maxWeightPerfectMatching(n, ends, weights);
      const textbook = maxWeightMatching(n, edges, true);
      expect(warm).not.toBeNull();
      expect(textbook.every((partner) => partner >= 0)).toBe(true);
      expect(weightOf(warm!, edges)).toBe(weightOf(textbook, edges));
    }
  });
});
