// Seeded, replayable dice. The generator state lives in the game envelope,
// so state = setup(seed) + action log reproduces every roll.
import seedrandom from 'seedrandom';
import type { GameEvent, Role, RollEvent } from './events.ts';

export interface DiceState {
  /** seedrandom Alea generator state (small, cheap to copy); null until first use. */
  prng: seedrandom.State.Alea | null;
  seed: string;
  /** Faces queued by /dev dice (console only); consumed before the PRNG. */
  forced: number[];
  /** Cards queued by /dev cards (console only), by id: each is the next card drawn once it is in the draw pile (deck.ts). */
  forcedCards?: string[];
  /** Number of dice rolled so far. */
  count: number;
  /** True once any forced face or card was used (the game is no longer provably fair). */
  usedForced: boolean;
}

export function newDiceState(seed: string): DiceState {
  return { prng: null, seed, forced: [], count: 0, usedForced: false };
}

/**
 * Restart the generator on a stream derived from the game's seed and a
 * rollback number. A moderator's rollback calls this so the dice rolled away
 * do not come back: players (without the seed) cannot predict the new stream,
 * and /game verify (with the revealed seed) reproduces it.
 */
export function reseedDice(diceState: DiceState, count: number): void {
  diceState.prng = seedrandom.alea(`${diceState.seed}:rollback:${count}`, { state: true }).state();
}

export class Dice {
  private rng: seedrandom.StatefulPRNG<seedrandom.State.Alea> | null = null;

  constructor(
    private readonly diceState: DiceState,
    private readonly emit: (event: GameEvent) => void,
  ) {}

  private next(): number {
    if (!this.rng) {
      this.rng = seedrandom.alea(this.diceState.seed, { state: this.diceState.prng ?? true });
    }
    const value = this.rng.quick();
    this.diceState.prng = this.rng.state();
    return value;
  }

  /**
   * Roll one die with `sides` faces; `label` names it in the log (e.g. 'red').
   * `to`: a secret roll (ATKM command points) whose event only these seats see.
   */
  roll(sides: number, label: string, to?: Role[]): number {
    let face: number;
    let forced = false;
    if (this.diceState.forced.length) {
      face = this.diceState.forced.shift()!;
      forced = true;
      this.diceState.usedForced = true;
      if (face < 1 || face > sides) face = ((((face - 1) % sides) + sides) % sides) + 1;
    } else {
      face = 1 + Math.floor(this.next() * sides);
    }
    this.diceState.count++;
    const event: RollEvent = {
      kind: 'roll',
      text: `${label} d${sides}: ${face}${forced ? ' (forced)' : ''}`,
      data: { die: `d${sides}`, label, face, forced },
      ...(to ? { to } : {}),
    };
    this.emit(event);
    return face;
  }

  d6(label: string, to?: Role[]): number {
    return this.roll(6, label, to);
  }

  d10(label: string, to?: Role[]): number {
    return this.roll(10, label, to);
  }

  /** Two d6 summed, each die logged (`to`: as for roll). */
  twoD6(label: string, to?: Role[]): { a: number; b: number; total: number } {
    const first = this.d6(`${label} #1`, to);
    const second = this.d6(`${label} #2`, to);
    return { a: first, b: second, total: first + second };
  }

  /**
   * The place in `pile` of the card queued first by /dev cards, taken off the queue; -1 when none is queued or
   * the first queued is not in this pile (it waits, e.g. for the next shuffle). Marks the game not provably fair.
   */
  forcedCardIndex(pile: readonly unknown[]): number {
    const queue = this.diceState.forcedCards;
    if (!queue?.length) return -1;
    const index = pile.findIndex((c) => String(c) === queue[0]);
    if (index < 0) return -1;
    queue.shift();
    this.diceState.usedForced = true;
    this.emit({
      kind: 'card-forced',
      text: 'The card drawn was queued at the console (/dev cards): this game is not provably fair.',
      data: { forced: true },
    });
    return index;
  }

  /** Uniform integer in [0, n) without a logged die: shuffles, draws. */
  int(count: number): number {
    return Math.floor(this.next() * count);
  }

  /** Fisher-Yates shuffle in place using the game's generator. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const swapWith = this.int(i + 1);
      [items[i], items[swapWith]] = [items[swapWith], items[i]];
    }
    return items;
  }
}
