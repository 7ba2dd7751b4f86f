// Point-to-point / area map graph: adjacency, edge lookup, cheapest paths.
// Shared by every map game (KPW spaces, Warriors of God areas, hex grids).

export interface Edge<E> {
  a: string;
  b: string;
  data: E;
}

export class MapGraph<N, E> {
  private readonly nodes = new Map<string, N>();
  private readonly adj = new Map<string, { to: string; edge: Edge<E> }[]>();

  addNode(id: string, data: N): void {
    if (this.nodes.has(id)) throw new Error(`duplicate node ${id}`);
    this.nodes.set(id, data);
    this.adj.set(id, []);
  }

  addEdge(a: string, b: string, data: E): void {
    if (!this.nodes.has(a) || !this.nodes.has(b)) throw new Error(`edge ${a}-${b} names an unknown node`);
    if (a === b) throw new Error(`edge ${a}-${a} is a self-loop`);
    const edge = { a, b, data };
    this.adj.get(a)!.push({ to: b, edge });
    this.adj.get(b)!.push({ to: a, edge });
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  node(id: string): N {
    const n = this.nodes.get(id);
    if (n === undefined) throw new Error(`unknown node ${id}`);
    return n;
  }

  ids(): string[] {
    return [...this.nodes.keys()];
  }

  /** Neighbours with the edge used (a pair may be joined by several edges, e.g. path and river). */
  neighbors(id: string): { to: string; edge: Edge<E> }[] {
    return this.adj.get(id) ?? [];
  }

  edgesBetween(a: string, b: string): Edge<E>[] {
    return this.neighbors(a)
      .filter((n) => n.to === b)
      .map((n) => n.edge);
  }

  adjacent(a: string, b: string): boolean {
    return this.neighbors(a).some((n) => n.to === b);
  }

  /** Every node reachable from `start` (for connectivity checks). */
  reachable(start: string): Set<string> {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const cur = queue.shift()!;
      for (const n of this.neighbors(cur)) {
        if (!seen.has(n.to)) {
          seen.add(n.to);
          queue.push(n.to);
        }
      }
    }
    return seen;
  }

  /**
   * Cheapest cost from `start` to every node within `budget`, where
   * `cost(edge, from, to)` returns the price of a step or null if barred and
   * `canPass(node)` says whether movement may continue through a node.
   */
  costs(
    start: string,
    budget: number,
    cost: (edge: Edge<E>, from: string, to: string) => number | null,
    canPass: (id: string) => boolean = () => true,
  ): Map<string, number> {
    const best = new Map<string, number>([[start, 0]]);
    const open: [string, number][] = [[start, 0]];
    while (open.length) {
      open.sort((x, y) => x[1] - y[1]);
      const [cur, c] = open.shift()!;
      if (c > (best.get(cur) ?? Infinity)) continue;
      if (cur !== start && !canPass(cur)) continue;
      for (const n of this.neighbors(cur)) {
        const step = cost(n.edge, cur, n.to);
        if (step === null) continue;
        const nc = c + step;
        if (nc <= budget && nc < (best.get(n.to) ?? Infinity)) {
          best.set(n.to, nc);
          open.push([n.to, nc]);
        }
      }
    }
    return best;
  }
}
