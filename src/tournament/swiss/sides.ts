// Sides (colours in chess): which side each player should have next, and
// who takes which side in a pairing, after the FIDE rules (C.04.1 f–h):
// nobody has one side three times running or three more often than the other.
import type { PairPlayer, Pairing } from './types.ts';

/** The side a player should have next: absolute (must), or preferred; null: no preference (no game yet). */
export interface SidePreference {
  side: 'a' | 'b' | null;
  absolute: boolean;
}

const balanceOf = (x: PairPlayer) => x.sides.filter((s) => s === 'a').length * 2 - x.sides.length;

export function sidePreference(p: PairPlayer): SidePreference {
  const n = p.sides.length;
  if (!n) return { side: null, absolute: false };
  const balance = balanceOf(p);
  const last = p.sides[n - 1];
  if (balance >= 2 || (n >= 2 && last === 'a' && p.sides[n - 2] === 'a')) return { side: 'b', absolute: true };
  if (balance <= -2 || (n >= 2 && last === 'b' && p.sides[n - 2] === 'b')) return { side: 'a', absolute: true };
  // One side ahead: the other (a strong preference); level: the side not played last.
  if (balance !== 0) return { side: balance > 0 ? 'b' : 'a', absolute: false };
  return { side: last === 'a' ? 'b' : 'a', absolute: false };
}

/** The side a player must have next, if the last two were the same (or one side leads by two). */
function due(x: PairPlayer): 'a' | 'b' | null {
  const pref = sidePreference(x);
  return pref.absolute ? pref.side : null;
}

/**
 * Who plays which side: a player who must have a side gets it; else the one
 * who played the first side more often (then: most recently) takes the
 * second, so sides alternate and balance.
 */
export function orient(p: PairPlayer, q: PairPlayer, board: number): Pairing {
  const last = (x: PairPlayer) => x.sides[x.sides.length - 1];
  const dp = due(p);
  const dq = due(q);
  if (dp !== dq) return dp === 'a' || dq === 'b' ? { a: p.id, b: q.id } : { a: q.id, b: p.id };
  if (balanceOf(p) !== balanceOf(q)) return balanceOf(p) > balanceOf(q) ? { a: q.id, b: p.id } : { a: p.id, b: q.id };
  if (last(p) !== last(q)) return last(p) === 'a' || last(q) === 'b' ? { a: q.id, b: p.id } : { a: p.id, b: q.id };
  return board % 2 ? { a: q.id, b: p.id } : { a: p.id, b: q.id };
}
