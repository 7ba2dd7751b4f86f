// Pairings for Swiss, round robin and single elimination. Pure functions:
// the service feeds them entrants and history, stores what they return.
// Written here rather than taken from tournament-organizer: that library
// needed 5–20 s per Swiss round for 500 entrants (target 200 ms), and its
// pairing dependency is GPL-3.0 (see the commit adding src/tournament).
// The Swiss is a weighted matching over the field (src/tournament/swiss/).
import type { Pairing } from './swiss/types.ts';

export type { PairPlayer, Pairing } from './swiss/types.ts';
export { orient } from './swiss/sides.ts';
export { swissRound } from './swiss/pair.ts';

/**
 * Round `round` (1-based) of a round robin by the circle method (Berger
 * tables); `ids` in seed order. An odd field adds a bye slot.
 */
export function roundRobinRound(ids: string[], round: number): Pairing[] {
  const slots: (string | null)[] = [...ids];
  if (slots.length % 2) slots.push(null);
  const slotCount = slots.length;
  const fixed = slots[slotCount - 1];
  const ring = slots.slice(0, slotCount - 1);
  const shift = ((round - 1) * (slotCount / 2)) % (slotCount - 1);
  const rot = [...ring.slice(shift), ...ring.slice(0, shift)];
  const out: Pairing[] = [];
  const pair = (first: string | null, second: string | null, swap: boolean) => {
    if (first === null && second === null) return;
    if (first === null || second === null) out.push({ a: (first ?? second)!, b: null });
    else out.push(swap ? { a: second, b: first } : { a: first, b: second });
  };
  // The fixed slot alternates sides by round; the others by table.
  pair(rot[0], fixed, round % 2 === 0);
  for (let k = 1; k < slotCount / 2; k++) pair(rot[k], rot[slotCount - 1 - k], k % 2 === 1);
  return out;
}

export const roundRobinRounds = (entrants: number): number => (entrants % 2 ? entrants : entrants - 1);

/** Seed numbers in bracket order: 1 v 8, 4 v 5, 2 v 7, 3 v 6 for 8. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const nextSize = order.length * 2;
    order = order.flatMap((s) => [s, nextSize + 1 - s]);
  }
  return order;
}

/** First knockout round: `ids` in seed order; byes go to the top seeds. */
export function knockoutFirstRound(ids: string[]): Pairing[] {
  let size = 1;
  while (size < ids.length) size *= 2;
  const order = bracketOrder(size);
  const out: Pairing[] = [];
  for (let i = 0; i < size; i += 2) {
    const higher = ids[order[i] - 1];
    const lower = ids[order[i + 1] - 1];
    // The better seed takes the first side (and goes through on a draw).
    if (higher && lower) out.push({ a: higher, b: lower });
    else if (higher ?? lower) out.push({ a: (higher ?? lower)!, b: null });
  }
  return out;
}

/** The next knockout round from the previous round's winners in board order (null: nobody goes on from that table). */
export function knockoutNextRound(winners: (string | null)[]): Pairing[] {
  const out: Pairing[] = [];
  for (let i = 0; i < winners.length; i += 2) {
    const higher = winners[i];
    const lower = winners[i + 1] ?? null;
    if (higher && lower) out.push({ a: higher, b: lower });
    else if (higher ?? lower) out.push({ a: (higher ?? lower)!, b: null });
  }
  return out;
}

export const knockoutRounds = (entrants: number): number => Math.max(1, Math.ceil(Math.log2(Math.max(2, entrants))));
