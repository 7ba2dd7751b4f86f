// Sides (colours in chess): which side each player should have next, and
// who takes which side in a pairing, after the FIDE rules (C.04.1 f–h):
// nobody has one side three times running or three more often than the other.
import type { PairPlayer, Pairing } from './types.ts';

/** The side a player should have next: absolute (must), or preferred; null: no preference (no game yet). */
export interface SidePreference {
  side: 'a' | 'b' | null;
  absolute: boolean;
}

/** Games on the first side minus games on the second. */
const balanceOf = (player: PairPlayer) => player.sides.filter((side) => side === 'a').length * 2 - player.sides.length;

export function sidePreference(player: PairPlayer): SidePreference {
  const played = player.sides.length;
  if (!played) return { side: null, absolute: false };
  const balance = balanceOf(player);
  const last = player.sides[played - 1];
  const twice = played >= 2 && player.sides[played - 2] === last;
  if (balance >= 2 || (twice && last === 'a')) return { side: 'b', absolute: true };
  if (balance <= -2 || (twice && last === 'b')) return { side: 'a', absolute: true };
  // One side ahead: the other (a strong preference); level: the side not played last.
  if (balance !== 0) return { side: balance > 0 ? 'b' : 'a', absolute: false };
  return { side: last === 'a' ? 'b' : 'a', absolute: false };
}

/** The side a player must have next, if the last two were the same (or one side leads by two). */
function due(player: PairPlayer): 'a' | 'b' | null {
  const preference = sidePreference(player);
  return preference.absolute ? preference.side : null;
}

/**
 * Who plays which side: a player who must have a side gets it; else the one
 * who played the first side more often (then: most recently) takes the
 * second, so sides alternate and balance.
 */
export function orient(first: PairPlayer, second: PairPlayer, board: number): Pairing {
  const lastOf = (player: PairPlayer) => player.sides[player.sides.length - 1];
  const asGiven: Pairing = { a: first.id, b: second.id };
  const swapped: Pairing = { a: second.id, b: first.id };
  const firstDue = due(first);
  const secondDue = due(second);
  if (firstDue !== secondDue) return firstDue === 'a' || secondDue === 'b' ? asGiven : swapped;
  if (balanceOf(first) !== balanceOf(second)) return balanceOf(first) > balanceOf(second) ? swapped : asGiven;
  if (lastOf(first) !== lastOf(second)) return lastOf(first) === 'a' || lastOf(second) === 'b' ? swapped : asGiven;
  return board % 2 ? swapped : asGiven;
}
