// The Swiss pairer Muster used before issue 20 §2 (greedy, first acceptable
// opponent with backtracking), kept for the bench only: its figures print
// next to the weighted matching's. Not used by the bot.
import type { PairPlayer, Pairing } from '../../src/tournament/swiss/types.ts';

const rank = (x: PairPlayer, y: PairPlayer) => y.score - x.score || y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/**
 * Who plays which side: the one who played the first side more often (then:
 * most recently) takes the second, so sides alternate and balance.
 */
function orient(p: PairPlayer, q: PairPlayer, board: number): Pairing {
  const bal = (x: PairPlayer) => x.sides.filter((s) => s === 'a').length - x.sides.filter((s) => s === 'b').length;
  const last = (x: PairPlayer) => x.sides[x.sides.length - 1];
  const dp = due(p);
  const dq = due(q);
  if (dp !== dq) return dp === 'a' || dq === 'b' ? { a: p.id, b: q.id } : { a: q.id, b: p.id };
  if (bal(p) !== bal(q)) return bal(p) > bal(q) ? { a: q.id, b: p.id } : { a: p.id, b: q.id };
  if (last(p) !== last(q)) return last(p) === 'a' || last(q) === 'b' ? { a: q.id, b: p.id } : { a: p.id, b: q.id };
  return board % 2 ? { a: q.id, b: p.id } : { a: p.id, b: q.id };
}

/** The side a player must have next, if the last two were the same (or one side leads by two). */
function due(x: PairPlayer): 'a' | 'b' | null {
  const n = x.sides.length;
  const bal = x.sides.filter((s) => s === 'a').length * 2 - n;
  if (bal >= 2 || (n >= 2 && x.sides[n - 1] === 'a' && x.sides[n - 2] === 'a')) return 'b';
  if (bal <= -2 || (n >= 2 && x.sides[n - 1] === 'b' && x.sides[n - 2] === 'b')) return 'a';
  return null;
}

/**
 * Match a ranked pool by depth-first search: each top unpaired player takes
 * the first acceptable candidate (its score group in Dutch order, top half
 * against bottom half, then lower groups), backtracking when the rest cannot
 * be paired. Null when no pairing without repeats exists (or the step budget ran out).
 */
function matchPool(pool: PairPlayer[], allowRepeats: boolean, budget: number, strictSides = false): [PairPlayer, PairPlayer][] | null {
  const n = pool.length;
  const used = new Uint8Array(n);
  const played = pool.map((p) => new Set(p.opponents));
  const dues = pool.map(due);
  const out: [number, number][] = [];
  let steps = 0;
  let aborted = false;
  const candidates = (i: number): number[] => {
    const same: number[] = [];
    const lower: number[] = [];
    for (let j = i + 1; j < n; j++) if (!used[j]) (pool[j].score === pool[i].score ? same : lower).push(j);
    const start = Math.max(0, Math.ceil(same.length / 2) - (same.length % 2 ? 1 : 0));
    const dutch = [...same.slice(start), ...same.slice(0, start)];
    // Within a score group, opponents who can take the other side come first
    // (two players due the same side would give one of them it a third time).
    const fits = (j: number) => dues[i] === null || dues[i] !== dues[j];
    const all = [...dutch.filter(fits), ...dutch.filter((j) => !fits(j)), ...lower.filter(fits), ...lower.filter((j) => !fits(j))];
    if (strictSides) return all.filter((j) => fits(j) && !played[i].has(pool[j].id));
    if (!allowRepeats) return all.filter((j) => !played[i].has(pool[j].id));
    return [...all.filter((j) => !played[i].has(pool[j].id)), ...all.filter((j) => played[i].has(pool[j].id))];
  };
  const rec = (): boolean => {
    let i = 0;
    while (i < n && used[i]) i++;
    if (i === n) return true;
    used[i] = 1;
    for (const j of candidates(i)) {
      if (++steps > budget) {
        aborted = true;
        break;
      }
      used[j] = 1;
      out.push([i, j]);
      if (rec()) return true;
      out.pop();
      used[j] = 0;
      if (aborted) break;
    }
    used[i] = 0;
    return false;
  };
  return rec() ? out.map(([i, j]) => [pool[i], pool[j]]) : null;
}

/**
 * One Swiss round. Odd numbers: the bye goes to the lowest-ranked player of
 * the lowest score group among those without a bye (the next one up if the
 * rest could then only be paired with a repeat).
 */
export function greedySwissRound(players: PairPlayer[], budget = 50_000): Pairing[] {
  const order = [...players].sort(rank);
  const board = (pairs: [PairPlayer, PairPlayer][]) => pairs.map(([p, q], i) => orient(p, q, i));
  // Best first: no repeat and nobody on one side three times running; then no repeat; then the fewest repeats.
  const best = (pool: PairPlayer[]) => matchPool(pool, false, budget, true) ?? matchPool(pool, false, budget);
  if (order.length % 2 === 0) return board(best(order) ?? matchPool(order, true, Infinity)!);
  const eligible = order.filter((p) => p.byes === 0);
  const pool = eligible.length ? eligible : order;
  const low = Math.min(...pool.map((p) => p.score));
  const tries = [...pool].reverse();
  let fallback: Pairing[] | null = null;
  for (const bye of tries) {
    const rest = order.filter((p) => p !== bye);
    const pairs = best(rest);
    if (pairs) return [...board(pairs), { a: bye.id, b: null }];
    if (!fallback && bye.score === low) fallback = [...board(matchPool(rest, true, Infinity)!), { a: bye.id, b: null }];
    // Byes stay in the lowest score group: a repeat there beats a bye higher up.
    if (tries[tries.indexOf(bye) + 1]?.score !== low) break;
  }
  return fallback!;
}
