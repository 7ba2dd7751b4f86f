// The pairers' input and output, shared by the Swiss, round robin and
// elimination pairings (src/tournament/pairing.ts re-exports them).

export interface PairPlayer {
  id: string;
  score: number;
  rating: number;
  /** Opponents met so far (byes not included). */
  opponents: string[];
  byes: number;
  /** Sides played, oldest first: 'a' is the system's first role (e.g. English), 'b' the second. */
  sides: ('a' | 'b')[];
}

/** `a` plays the first side; `b` null is a bye for `a`. */
export interface Pairing {
  a: string;
  b: string | null;
}
