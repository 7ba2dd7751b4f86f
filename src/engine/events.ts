// The plain JSON shapes rules code emits and logs: values, seats and events.
// Apart from types.ts so that the dice (which emit roll events) and the
// module contract (which hands rules the dice) need not import each other.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A seat at the table, e.g. 'english', 'indian', 'p1'. */
export type Role = string;

/** What happened. Events without `to` are public. */
export interface GameEvent {
  kind: string;
  text: string;
  /** Only these roles (and moderators) may see it. */
  to?: Role[];
  /** Marks information that was hidden until now (ends the undo window). */
  reveal?: boolean;
  /**
   * With `to`: each seat it is addressed to also gets a snapshot drawn from
   * its own view (a nation's fog-of-war map with its season report).
   */
  map?: boolean;
  data?: Json;
}

export interface RollEvent extends GameEvent {
  kind: 'roll';
  data: { die: string; label: string; face: number; forced: boolean };
}
