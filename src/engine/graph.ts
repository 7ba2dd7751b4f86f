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

  addEdge(from: string, to: string, data: E): void {
    if (!this.nodes.has(from) || !this.nodes.has(to)) throw new Error(`edge ${from}-${to} names an unknown node`);
    if (from === to) throw new Error(`edge ${from}-${from} is a self-loop`);
    const edge = { a: from, b: to, data };
    this.adj.get(from)!.push({ to, edge });
    this.adj.get(to)!.push({ to: from, edge });
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  node(id: string): N {
    const node = this.nodes.get(id);
    if (node === undefined) throw new Error(`unknown node ${id}`);
    return node;
  }

  ids(): string[] {
    return [...this.nodes.keys()];
  }

  /** Neighbours with the edge used (a pair may be joined by several edges, e.g. path and river). */
  neighbors(id: string): { to: string; edge: Edge<E> }[] {
    return this.adj.get(id) ?? [];
  }

  edgesBetween(from: string, to: string): Edge<E>[] {
    return this.neighbors(from)
      .filter((n) => n.to === to)
      .map((n) => n.edge);
  }

  adjacent(from: string, to: string): boolean {
    return this.neighbors(from).some((n) => n.to === to);
  }

  /** Every node reachable from `start` (for connectivity checks). */
  reachable(start: string): Set<string> {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const cur = queue.shift()!;
      for (const neighbor of this.neighbors(cur)) {
        if (!seen.has(neighbor.to)) {
          seen.add(neighbor.to);
          queue.push(neighbor.to);
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
      const [cur, spent] = open.shift()!;
      if (spent > (best.get(cur) ?? Infinity)) continue;
      if (cur !== start && !canPass(cur)) continue;
      for (const neighbor of this.neighbors(cur)) {
        const step = cost(neighbor.edge, cur, neighbor.to);
        if (step === null) continue;
        const total = spent + step;
        if (total <= budget && total < (best.get(neighbor.to) ?? Infinity)) {
          best.set(neighbor.to, total);
          open.push([neighbor.to, total]);
        }
      }
    }
    return best;
  }
}
