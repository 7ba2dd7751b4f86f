// Maximum-weight matching in a general graph: Edmonds' blossom algorithm
// with the primal-dual method, O(n³), after Galil's survey ("Efficient
// algorithms for finding maximum matching in graphs", 1986) and the layout
// of Joris van Rantwijk's public-domain mwmatching.py (endpoints, labels,
// least-slack edges per blossom). Written here rather than taken from npm:
// the packages are untyped ports of the same code, and a helper cannot add
// dependencies to the shared install.
//
// Weights must be integers small enough that every dual stays exact in a
// double (the Swiss pairer keeps them under 2^50); the algorithm then uses
// only exact arithmetic (halves of even slacks).

export interface WeightedEdge {
  i: number;
  j: number;
  w: number;
}

/**
 * The maximum-weight matching of vertices 0..n-1 (with maxCardinality: the
 * maximum weight among the matchings of maximum size). Returns mate[v], the
 * vertex matched to v, or -1.
 */
export function maxWeightMatching(n: number, edges: WeightedEdge[], maxCardinality = true): Int32Array {
  const nedge = edges.length;
  const result = new Int32Array(n).fill(-1);
  if (nedge === 0 || n === 0) return result;
  let maxWeight = 0;
  for (const e of edges) maxWeight = Math.max(maxWeight, e.w);
  // endpoint[2k] and endpoint[2k+1] are edge k's two ends.
  const endpoint = new Int32Array(2 * nedge);
  const weight = new Float64Array(nedge);
  const neighbend: number[][] = Array.from({ length: n }, () => []);
  edges.forEach((e, k) => {
    endpoint[2 * k] = e.i;
    endpoint[2 * k + 1] = e.j;
    weight[k] = e.w;
    neighbend[e.i].push(2 * k + 1);
    neighbend[e.j].push(2 * k);
  });
  // mate[v]: the remote endpoint index of v's matched edge, or -1.
  const mate = new Int32Array(n).fill(-1);
  // label of a top-level blossom: 0 free, 1 S (outer), 2 T (inner); bits 4 mark a scan.
  const label = new Int32Array(2 * n);
  const labelend = new Int32Array(2 * n).fill(-1);
  const inblossom = new Int32Array(n);
  for (let v = 0; v < n; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(2 * n).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossombase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestedge = new Int32Array(2 * n).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = 2 * n - 1; b >= n; b--) unusedblossoms.push(b);
  const dualvar = new Float64Array(2 * n);
  for (let v = 0; v < n; v++) dualvar[v] = maxWeight;
  const allowedge = new Uint8Array(nedge);
  let queue: number[] = [];

  const slack = (k: number) => dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k];
  const at = <T>(xs: T[], j: number): T => xs[((j % xs.length) + xs.length) % xs.length];

  const leaves = (b: number, out: number[] = []): number[] => {
    if (b < n) out.push(b);
    else for (const t of blossomchilds[b]!) leaves(t, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    for (;;) {
      const b = inblossom[w];
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t === 1) {
        if (b < n) queue.push(b);
        else leaves(b, queue);
        return;
      }
      // A T-blossom's base is matched: its mate becomes an S-vertex.
      const base = blossombase[b];
      w = endpoint[mate[base]];
      t = 1;
      p = mate[base] ^ 1;
    }
  };

  /** The base of the blossom closing the S-S edge (v, w), or -1 if it is an augmenting path. */
  const scanBlossom = (v: number, w: number): number => {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v];
      if (label[b] & 4) {
        base = blossombase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = endpoint[labelend[b]];
        b = inblossom[v];
        v = endpoint[labelend[b]];
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = endpoint[2 * k];
    let w = endpoint[2 * k + 1];
    const bb = inblossom[base];
    let bv = inblossom[v];
    let bw = inblossom[w];
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]);
      v = endpoint[labelend[bv]];
      bv = inblossom[v];
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw] ^ 1);
      w = endpoint[labelend[bw]];
      bw = inblossom[w];
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb];
    dualvar[b] = 0;
    for (const x of leaves(b)) {
      if (label[inblossom[x]] === 2) queue.push(x);
      inblossom[x] = b;
    }
    // The least-slack edges from the new blossom to each neighbouring S-blossom.
    const bestedgeto = new Map<number, number>();
    for (const sub of path) {
      const lists = blossombestedges[sub] ? [blossombestedges[sub]!] : leaves(sub).map((x) => neighbend[x].map((p) => p >> 1));
      for (const list of lists)
        for (const kk of list) {
          let j = endpoint[2 * kk + 1];
          if (inblossom[j] === b) j = endpoint[2 * kk];
          const bj = inblossom[j];
          if (bj !== b && label[bj] === 1) {
            const cur = bestedgeto.get(bj);
            if (cur === undefined || slack(kk) < slack(cur)) bestedgeto.set(bj, kk);
          }
        }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const best = [...bestedgeto.values()];
    blossombestedges[b] = best;
    bestedge[b] = -1;
    for (const kk of best) if (bestedge[b] === -1 || slack(kk) < slack(bestedge[b])) bestedge[b] = kk;
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    const childs = blossomchilds[b]!;
    for (const s of childs) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const x of leaves(s)) inblossom[x] = s;
    }
    if (!endstage && label[b] === 2) {
      // Relabel the sub-blossoms on the path through the expanded T-blossom.
      const endps = blossomendps[b]!;
      const entrychild = inblossom[endpoint[labelend[b] ^ 1]];
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      const bv = at(childs, j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelend[endpoint[p ^ 1]] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const sub = at(childs, j);
        if (label[sub] === 1) {
          j += jstep;
          continue;
        }
        let reached = -1;
        for (const x of leaves(sub))
          if (label[x] !== 0) {
            reached = x;
            break;
          }
        if (reached >= 0) {
          label[reached] = 0;
          label[endpoint[mate[blossombase[sub]]]] = 0;
          assignLabel(reached, 2, labelend[reached]);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  /** Swap matched and unmatched edges on the path through blossom b from vertex v to its base. */
  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t];
    if (t >= n) augmentBlossom(t, v);
    const childs = blossomchilds[b]!;
    const endps = blossomendps[b]!;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= n) augmentBlossom(t, endpoint[p]);
      j += jstep;
      t = at(childs, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    blossomchilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    blossomendps[b] = [...endps.slice(i), ...endps.slice(0, i)];
    blossombase[b] = blossombase[blossomchilds[b]![0]];
  };

  const augmentMatching = (k: number): void => {
    for (const [start, p0] of [
      [endpoint[2 * k], 2 * k + 1],
      [endpoint[2 * k + 1], 2 * k],
    ]) {
      let s = start;
      let p = p0;
      for (;;) {
        const bs = inblossom[s];
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]];
        const bt = inblossom[t];
        s = endpoint[labelend[bt]];
        const j = endpoint[labelend[bt] ^ 1];
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelend[bt];
        p = labelend[bt] ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inblossom[v]] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbend[v]) {
          const k = p >> 1;
          const w = endpoint[p];
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[inblossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]] === 1) {
            const b = inblossom[v];
            if (bestedge[b] === -1 || kslack < slack(bestedge[b])) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w])) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;
      // No augmenting path with tight edges: change the duals by the least delta.
      let deltatype = -1;
      let delta = 0;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Infinity;
        for (let v = 0; v < n; v++) delta = Math.min(delta, dualvar[v]);
      }
      for (let v = 0; v < n; v++)
        if (label[inblossom[v]] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v];
          }
        }
      for (let b = 0; b < 2 * n; b++)
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]) / 2;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b];
          }
        }
      for (let b = n; b < 2 * n; b++)
        if (blossombase[b] >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b] < delta)) {
          delta = dualvar[b];
          deltatype = 4;
          deltablossom = b;
        }
      if (deltatype === -1) {
        // Maximum cardinality reached: a last dual change to show optimality, then stop.
        deltatype = 1;
        delta = Infinity;
        for (let v = 0; v < n; v++) delta = Math.min(delta, dualvar[v]);
        delta = Math.max(0, delta);
      }
      for (let v = 0; v < n; v++) {
        const l = label[inblossom[v]];
        if (l === 1) dualvar[v] -= delta;
        else if (l === 2) dualvar[v] += delta;
      }
      for (let b = n; b < 2 * n; b++)
        if (blossombase[b] >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] += delta;
          else if (label[b] === 2) dualvar[b] -= delta;
        }
      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = endpoint[2 * deltaedge];
        if (label[inblossom[i]] === 0) i = endpoint[2 * deltaedge + 1];
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(endpoint[2 * deltaedge]);
      } else expandBlossom(deltablossom, false);
    }
    if (!augmented) break;
    // End of stage: expand S-blossoms whose dual reached zero.
    for (let b = n; b < 2 * n; b++)
      if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
  }
  for (let v = 0; v < n; v++) if (mate[v] >= 0) result[v] = endpoint[mate[v]];
  return result;
}
