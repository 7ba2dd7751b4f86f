// Maximum-weight matching in a general graph: Edmonds' blossom algorithm
// with the primal-dual method, O(n³), after Galil's survey ("Efficient
// algorithms for finding maximum matching in graphs", 1986) and the layout
// of Joris van Rantwijk's public-domain mwmatching.py (endpoints, labels,
// least-slack edges per blossom). Written here rather than taken from npm:
// the packages are untyped ports of the same code, and a helper cannot add
// dependencies to the shared install.
//
// Weights must be integers small enough that every dual stays exact in a
// double (the Swiss pairer keeps them under 2^40); the algorithm then uses
// only exact arithmetic (halves of even slacks).

export interface WeightedEdge {
  first: number;
  second: number;
  weight: number;
}

/**
 * The maximum-weight matching of vertices 0..n-1 (with maxCardinality: the
 * maximum weight among the matchings of maximum size). Returns mate[v], the
 * vertex matched to v, or -1.
 */
export function maxWeightMatching(vertices: number, edges: WeightedEdge[], maxCardinality = true): Int32Array {
  const ends = new Int32Array(2 * edges.length);
  const weights = new Float64Array(edges.length);
  edges.forEach((edge, index) => {
    ends[2 * index] = edge.first;
    ends[2 * index + 1] = edge.second;
    weights[index] = edge.weight;
  });
  return blossomMatching(vertices, ends, weights, maxCardinality, false);
}

/**
 * The maximum-weight perfect matching (edge k joins ends[2k] and ends[2k+1]
 * with weight weights[k]), or null if the graph has none. It starts from a
 * greedy matching on tight edges (warmStart below): with every vertex
 * matched, vertex duals may take any sign, so that start is as good as the
 * textbook one and leaves far fewer stages to run.
 */
export function maxWeightPerfectMatching(vertices: number, ends: Int32Array, weights: Float64Array): Int32Array | null {
  const mate = blossomMatching(vertices, ends, weights, true, true);
  return mate.every((partner) => partner >= 0) ? mate : null;
}

// Labels of top-level blossoms; a scan marks S-blossoms with SCANNED.
const FREE = 0;
const OUTER = 1;
const INNER = 2;
const SCANNED = 4;

function blossomMatching(
  vertexCount: number,
  endpoint: Int32Array,
  weight: Float64Array,
  maxCardinality: boolean,
  warm: boolean,
): Int32Array {
  const edgeCount = weight.length;
  const result = new Int32Array(vertexCount).fill(-1);
  if (edgeCount === 0 || vertexCount === 0) return result;
  let maxWeight = 0;
  for (let edge = 0; edge < edgeCount; edge++) maxWeight = Math.max(maxWeight, weight[edge]);
  // Vertex v's remote endpoints (endpoint indices, 2k or 2k+1) are
  // neighbourEnd[neighbourStart[v] .. neighbourStart[v + 1]).
  const neighbourStart = new Int32Array(vertexCount + 1);
  for (let end = 0; end < 2 * edgeCount; end++) neighbourStart[endpoint[end] + 1]++;
  for (let vertex = 0; vertex < vertexCount; vertex++) neighbourStart[vertex + 1] += neighbourStart[vertex];
  const neighbourEnd = new Int32Array(2 * edgeCount);
  const filled = neighbourStart.slice(0, vertexCount);
  for (let edge = 0; edge < edgeCount; edge++) {
    neighbourEnd[filled[endpoint[2 * edge]]++] = 2 * edge + 1;
    neighbourEnd[filled[endpoint[2 * edge + 1]]++] = 2 * edge;
  }
  const blossomCount = 2 * vertexCount;
  // mate[v]: the remote endpoint index of v's matched edge, or -1.
  const mate = new Int32Array(vertexCount).fill(-1);
  const label = new Int32Array(blossomCount);
  /** The endpoint through which a labelled blossom got its label (-1: none). */
  const labelEnd = new Int32Array(blossomCount).fill(-1);
  const inBlossom = new Int32Array(vertexCount);
  for (let vertex = 0; vertex < vertexCount; vertex++) inBlossom[vertex] = vertex;
  const blossomParent = new Int32Array(blossomCount).fill(-1);
  const blossomChildren: (number[] | null)[] = new Array(blossomCount).fill(null);
  const blossomBase = new Int32Array(blossomCount).fill(-1);
  for (let vertex = 0; vertex < vertexCount; vertex++) blossomBase[vertex] = vertex;
  /** The endpoints joining a blossom's children in their cycle. */
  const blossomEndpoints: (number[] | null)[] = new Array(blossomCount).fill(null);
  const bestEdge = new Int32Array(blossomCount).fill(-1);
  const blossomBestEdges: (number[] | null)[] = new Array(blossomCount).fill(null);
  const unusedBlossoms: number[] = [];
  for (let blossom = blossomCount - 1; blossom >= vertexCount; blossom--) unusedBlossoms.push(blossom);
  const dual = new Float64Array(blossomCount);
  for (let vertex = 0; vertex < vertexCount; vertex++) dual[vertex] = maxWeight;
  const allowEdge = new Uint8Array(edgeCount);
  const queue: number[] = [];

  const slack = (edge: number) => dual[endpoint[2 * edge]] + dual[endpoint[2 * edge + 1]] - 2 * weight[edge];
  const cyclic = <T>(items: T[], place: number): T => items[((place % items.length) + items.length) % items.length];

  const leaves = (blossom: number, into: number[] = []): number[] => {
    if (blossom < vertexCount) into.push(blossom);
    else for (const child of blossomChildren[blossom]!) leaves(child, into);
    return into;
  };

  const assignLabel = (vertex: number, value: number, through: number): void => {
    for (;;) {
      const blossom = inBlossom[vertex];
      label[vertex] = label[blossom] = value;
      labelEnd[vertex] = labelEnd[blossom] = through;
      bestEdge[vertex] = bestEdge[blossom] = -1;
      if (value === OUTER) {
        if (blossom < vertexCount) queue.push(blossom);
        else leaves(blossom, queue);
        return;
      }
      // An inner blossom's base is matched: its mate becomes outer.
      const base = blossomBase[blossom];
      vertex = endpoint[mate[base]];
      value = OUTER;
      through = mate[base] ^ 1;
    }
  };

  /** The base of the blossom closing the outer-outer edge (first, second), or -1 if it is an augmenting path. */
  const scanBlossom = (first: number, second: number): number => {
    const path: number[] = [];
    let base = -1;
    let vertex = first;
    let other = second;
    while (vertex !== -1 || other !== -1) {
      let blossom = inBlossom[vertex];
      if (label[blossom] & SCANNED) {
        base = blossomBase[blossom];
        break;
      }
      path.push(blossom);
      label[blossom] = OUTER | SCANNED;
      if (labelEnd[blossom] === -1) vertex = -1;
      else {
        vertex = endpoint[labelEnd[blossom]];
        blossom = inBlossom[vertex];
        vertex = endpoint[labelEnd[blossom]];
      }
      if (other !== -1) [vertex, other] = [other, vertex];
    }
    for (const blossom of path) label[blossom] = OUTER;
    return base;
  };

  const addBlossom = (base: number, edge: number): void => {
    let vertex = endpoint[2 * edge];
    let other = endpoint[2 * edge + 1];
    const baseBlossom = inBlossom[base];
    let vertexBlossom = inBlossom[vertex];
    let otherBlossom = inBlossom[other];
    const blossom = unusedBlossoms.pop()!;
    blossomBase[blossom] = base;
    blossomParent[blossom] = -1;
    blossomParent[baseBlossom] = blossom;
    const path: number[] = [];
    const endps: number[] = [];
    while (vertexBlossom !== baseBlossom) {
      blossomParent[vertexBlossom] = blossom;
      path.push(vertexBlossom);
      endps.push(labelEnd[vertexBlossom]);
      vertex = endpoint[labelEnd[vertexBlossom]];
      vertexBlossom = inBlossom[vertex];
    }
    path.push(baseBlossom);
    path.reverse();
    endps.reverse();
    endps.push(2 * edge);
    while (otherBlossom !== baseBlossom) {
      blossomParent[otherBlossom] = blossom;
      path.push(otherBlossom);
      endps.push(labelEnd[otherBlossom] ^ 1);
      other = endpoint[labelEnd[otherBlossom]];
      otherBlossom = inBlossom[other];
    }
    blossomChildren[blossom] = path;
    blossomEndpoints[blossom] = endps;
    label[blossom] = OUTER;
    labelEnd[blossom] = labelEnd[baseBlossom];
    dual[blossom] = 0;
    for (const leaf of leaves(blossom)) {
      if (label[inBlossom[leaf]] === INNER) queue.push(leaf);
      inBlossom[leaf] = blossom;
    }
    // The least-slack edges from the new blossom to each neighbouring outer blossom.
    const bestEdgeTo = new Map<number, number>();
    const consider = (candidate: number): void => {
      let far = endpoint[2 * candidate + 1];
      if (inBlossom[far] === blossom) far = endpoint[2 * candidate];
      const farBlossom = inBlossom[far];
      if (farBlossom !== blossom && label[farBlossom] === OUTER) {
        const current = bestEdgeTo.get(farBlossom);
        if (current === undefined || slack(candidate) < slack(current)) bestEdgeTo.set(farBlossom, candidate);
      }
    };
    for (const child of path) {
      const known = blossomBestEdges[child];
      if (known) for (const candidate of known) consider(candidate);
      else
        for (const leaf of leaves(child))
          for (let at = neighbourStart[leaf]; at < neighbourStart[leaf + 1]; at++) consider(neighbourEnd[at] >> 1);
      blossomBestEdges[child] = null;
      bestEdge[child] = -1;
    }
    const best = [...bestEdgeTo.values()];
    blossomBestEdges[blossom] = best;
    bestEdge[blossom] = -1;
    for (const candidate of best)
      if (bestEdge[blossom] === -1 || slack(candidate) < slack(bestEdge[blossom])) bestEdge[blossom] = candidate;
  };

  const expandBlossom = (blossom: number, endStage: boolean): void => {
    const children = blossomChildren[blossom]!;
    for (const child of children) {
      blossomParent[child] = -1;
      if (child < vertexCount) inBlossom[child] = child;
      else if (endStage && dual[child] === 0) expandBlossom(child, endStage);
      else for (const leaf of leaves(child)) inBlossom[leaf] = child;
    }
    if (!endStage && label[blossom] === INNER) {
      // Relabel the children on the path through the expanded inner blossom.
      const endps = blossomEndpoints[blossom]!;
      const entryChild = inBlossom[endpoint[labelEnd[blossom] ^ 1]];
      let place = children.indexOf(entryChild);
      let step: number;
      let endTrick: number;
      if (place & 1) {
        place -= children.length;
        step = 1;
        endTrick = 0;
      } else {
        step = -1;
        endTrick = 1;
      }
      let through = labelEnd[blossom];
      while (place !== 0) {
        label[endpoint[through ^ 1]] = FREE;
        label[endpoint[cyclic(endps, place - endTrick) ^ endTrick ^ 1]] = FREE;
        assignLabel(endpoint[through ^ 1], INNER, through);
        allowEdge[cyclic(endps, place - endTrick) >> 1] = 1;
        place += step;
        through = cyclic(endps, place - endTrick) ^ endTrick;
        allowEdge[through >> 1] = 1;
        place += step;
      }
      const baseChild = cyclic(children, place);
      label[endpoint[through ^ 1]] = label[baseChild] = INNER;
      labelEnd[endpoint[through ^ 1]] = labelEnd[baseChild] = through;
      bestEdge[baseChild] = -1;
      place += step;
      while (cyclic(children, place) !== entryChild) {
        const child = cyclic(children, place);
        if (label[child] === OUTER) {
          place += step;
          continue;
        }
        let reached = -1;
        for (const leaf of leaves(child))
          if (label[leaf] !== FREE) {
            reached = leaf;
            break;
          }
        if (reached >= 0) {
          label[reached] = FREE;
          label[endpoint[mate[blossomBase[child]]]] = FREE;
          assignLabel(reached, INNER, labelEnd[reached]);
        }
        place += step;
      }
    }
    label[blossom] = labelEnd[blossom] = -1;
    blossomChildren[blossom] = blossomEndpoints[blossom] = null;
    blossomBase[blossom] = -1;
    blossomBestEdges[blossom] = null;
    bestEdge[blossom] = -1;
    unusedBlossoms.push(blossom);
  };

  /** Swap matched and unmatched edges on the path through `blossom` from `vertex` to its base. */
  const augmentBlossom = (blossom: number, vertex: number): void => {
    let child = vertex;
    while (blossomParent[child] !== blossom) child = blossomParent[child];
    if (child >= vertexCount) augmentBlossom(child, vertex);
    const children = blossomChildren[blossom]!;
    const endps = blossomEndpoints[blossom]!;
    const start = children.indexOf(child);
    let place = start;
    let step: number;
    let endTrick: number;
    if (start & 1) {
      place -= children.length;
      step = 1;
      endTrick = 0;
    } else {
      step = -1;
      endTrick = 1;
    }
    while (place !== 0) {
      place += step;
      child = cyclic(children, place);
      const through = cyclic(endps, place - endTrick) ^ endTrick;
      if (child >= vertexCount) augmentBlossom(child, endpoint[through]);
      place += step;
      child = cyclic(children, place);
      if (child >= vertexCount) augmentBlossom(child, endpoint[through ^ 1]);
      mate[endpoint[through]] = through ^ 1;
      mate[endpoint[through ^ 1]] = through;
    }
    blossomChildren[blossom] = [...children.slice(start), ...children.slice(0, start)];
    blossomEndpoints[blossom] = [...endps.slice(start), ...endps.slice(0, start)];
    blossomBase[blossom] = blossomBase[blossomChildren[blossom]![0]];
  };

  const augmentMatching = (edge: number): void => {
    for (const [start, startThrough] of [
      [endpoint[2 * edge], 2 * edge + 1],
      [endpoint[2 * edge + 1], 2 * edge],
    ]) {
      let outer = start;
      let through = startThrough;
      for (;;) {
        const outerBlossom = inBlossom[outer];
        if (outerBlossom >= vertexCount) augmentBlossom(outerBlossom, outer);
        mate[outer] = through;
        if (labelEnd[outerBlossom] === -1) break;
        const inner = endpoint[labelEnd[outerBlossom]];
        const innerBlossom = inBlossom[inner];
        outer = endpoint[labelEnd[innerBlossom]];
        const innerEnd = endpoint[labelEnd[innerBlossom] ^ 1];
        if (innerBlossom >= vertexCount) augmentBlossom(innerBlossom, innerEnd);
        mate[innerEnd] = labelEnd[innerBlossom];
        through = labelEnd[innerBlossom] ^ 1;
      }
    }
  };

  /**
   * Each vertex's dual starts at its heaviest edge; then, in vertex order, a
   * free vertex's dual drops to the least that keeps its edges feasible, and
   * it is matched along an edge this makes tight to a free neighbour (the
   * usual greedy start of primal-dual matchers). Matched edges are tight and
   * duals feasible, so the stages only add the vertices left free.
   */
  const warmStart = (): void => {
    dual.fill(0, 0, vertexCount);
    for (let edge = 0; edge < edgeCount; edge++) {
      const edgeWeight = weight[edge];
      if (edgeWeight > dual[endpoint[2 * edge]]) dual[endpoint[2 * edge]] = edgeWeight;
      if (edgeWeight > dual[endpoint[2 * edge + 1]]) dual[endpoint[2 * edge + 1]] = edgeWeight;
    }
    for (let vertex = 0; vertex < vertexCount; vertex++) {
      const first = neighbourStart[vertex];
      const last = neighbourStart[vertex + 1];
      if (mate[vertex] !== -1 || first === last) continue;
      let least = -Infinity;
      for (let at = first; at < last; at++) {
        const end = neighbourEnd[at];
        least = Math.max(least, 2 * weight[end >> 1] - dual[endpoint[end]]);
      }
      dual[vertex] = least;
      for (let at = first; at < last; at++) {
        const end = neighbourEnd[at];
        const other = endpoint[end];
        if (other !== vertex && mate[other] === -1 && slack(end >> 1) === 0) {
          mate[vertex] = end;
          mate[other] = end ^ 1;
          break;
        }
      }
    }
  };
  if (warm) warmStart();

  /** Scan the outer vertices in the queue; true when a matching was augmented. */
  const growTrees = (): boolean => {
    while (queue.length) {
      const vertex = queue.pop()!;
      for (let at = neighbourStart[vertex]; at < neighbourStart[vertex + 1]; at++) {
        const end = neighbourEnd[at];
        const edge = end >> 1;
        const other = endpoint[end];
        if (inBlossom[vertex] === inBlossom[other]) continue;
        let edgeSlack = 0;
        if (!allowEdge[edge]) {
          edgeSlack = slack(edge);
          if (edgeSlack <= 0) allowEdge[edge] = 1;
        }
        if (allowEdge[edge]) {
          if (label[inBlossom[other]] === FREE) assignLabel(other, INNER, end ^ 1);
          else if (label[inBlossom[other]] === OUTER) {
            const base = scanBlossom(vertex, other);
            if (base >= 0) addBlossom(base, edge);
            else {
              augmentMatching(edge);
              return true;
            }
          } else if (label[other] === FREE) {
            label[other] = INNER;
            labelEnd[other] = end ^ 1;
          }
        } else if (label[inBlossom[other]] === OUTER) {
          const blossom = inBlossom[vertex];
          if (bestEdge[blossom] === -1 || edgeSlack < slack(bestEdge[blossom])) bestEdge[blossom] = edge;
        } else if (label[other] === FREE) {
          if (bestEdge[other] === -1 || edgeSlack < slack(bestEdge[other])) bestEdge[other] = edge;
        }
      }
    }
    return false;
  };

  // The dual change that makes progress: kind 1 ends the search, 2 makes a
  // free vertex's edge tight, 3 an outer-outer edge, 4 an inner blossom's dual zero.
  let deltaKind = -1;
  let delta = 0;
  let deltaEdge = -1;
  let deltaBlossom = -1;
  const chooseDelta = (): void => {
    deltaKind = -1;
    delta = 0;
    deltaEdge = -1;
    deltaBlossom = -1;
    if (!maxCardinality) {
      deltaKind = 1;
      delta = Infinity;
      for (let vertex = 0; vertex < vertexCount; vertex++) delta = Math.min(delta, dual[vertex]);
    }
    for (let vertex = 0; vertex < vertexCount; vertex++)
      if (label[inBlossom[vertex]] === FREE && bestEdge[vertex] !== -1) {
        const edgeSlack = slack(bestEdge[vertex]);
        if (deltaKind === -1 || edgeSlack < delta) {
          delta = edgeSlack;
          deltaKind = 2;
          deltaEdge = bestEdge[vertex];
        }
      }
    for (let blossom = 0; blossom < blossomCount; blossom++)
      if (blossomParent[blossom] === -1 && label[blossom] === OUTER && bestEdge[blossom] !== -1) {
        const halfSlack = slack(bestEdge[blossom]) / 2;
        if (deltaKind === -1 || halfSlack < delta) {
          delta = halfSlack;
          deltaKind = 3;
          deltaEdge = bestEdge[blossom];
        }
      }
    for (let blossom = vertexCount; blossom < blossomCount; blossom++)
      if (
        blossomBase[blossom] >= 0 &&
        blossomParent[blossom] === -1 &&
        label[blossom] === INNER &&
        (deltaKind === -1 || dual[blossom] < delta)
      ) {
        delta = dual[blossom];
        deltaKind = 4;
        deltaBlossom = blossom;
      }
    if (deltaKind === -1) {
      // Maximum cardinality reached: a last dual change to show optimality, then stop.
      deltaKind = 1;
      delta = Infinity;
      for (let vertex = 0; vertex < vertexCount; vertex++) delta = Math.min(delta, dual[vertex]);
      delta = Math.max(0, delta);
    }
  };

  const changeDuals = (): void => {
    for (let vertex = 0; vertex < vertexCount; vertex++) {
      const vertexLabel = label[inBlossom[vertex]];
      if (vertexLabel === OUTER) dual[vertex] -= delta;
      else if (vertexLabel === INNER) dual[vertex] += delta;
    }
    for (let blossom = vertexCount; blossom < blossomCount; blossom++)
      if (blossomBase[blossom] >= 0 && blossomParent[blossom] === -1) {
        if (label[blossom] === OUTER) dual[blossom] += delta;
        else if (label[blossom] === INNER) dual[blossom] -= delta;
      }
  };

  for (let stage = 0; stage < vertexCount; stage++) {
    label.fill(FREE);
    bestEdge.fill(-1);
    for (let blossom = vertexCount; blossom < blossomCount; blossom++) blossomBestEdges[blossom] = null;
    allowEdge.fill(0);
    queue.length = 0;
    for (let vertex = 0; vertex < vertexCount; vertex++)
      if (mate[vertex] === -1 && label[inBlossom[vertex]] === FREE) assignLabel(vertex, OUTER, -1);
    let augmented = false;
    for (;;) {
      augmented = growTrees();
      if (augmented) break;
      // No augmenting path with tight edges: change the duals by the least delta.
      chooseDelta();
      changeDuals();
      if (deltaKind === 1) break;
      if (deltaKind === 2) {
        allowEdge[deltaEdge] = 1;
        let vertex = endpoint[2 * deltaEdge];
        if (label[inBlossom[vertex]] === FREE) vertex = endpoint[2 * deltaEdge + 1];
        queue.push(vertex);
      } else if (deltaKind === 3) {
        allowEdge[deltaEdge] = 1;
        queue.push(endpoint[2 * deltaEdge]);
      } else expandBlossom(deltaBlossom, false);
    }
    if (!augmented) break;
    // End of stage: expand outer blossoms whose dual reached zero.
    for (let blossom = vertexCount; blossom < blossomCount; blossom++)
      if (blossomParent[blossom] === -1 && blossomBase[blossom] >= 0 && label[blossom] === OUTER && dual[blossom] === 0)
        expandBlossom(blossom, true);
  }
  for (let vertex = 0; vertex < vertexCount; vertex++) if (mate[vertex] >= 0) result[vertex] = endpoint[mate[vertex]];
  return result;
}
