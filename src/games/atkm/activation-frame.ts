// The frame of a unit's activation on the sequence of play: apart from
// activation.ts so the card draw (cards.ts) can name it without importing it back.
import type { Action } from '../../engine/types.ts';
import type { Side } from './state.ts';

export interface ActivationFrame {
  proc: 'activation';
  step: 'act';
  side: Side;
  unit: string;
  moved: boolean;
  formed: boolean;
  fired: boolean;
  charged: boolean;
  /** Queen: no downgrade for the activation. Jack: full movement. */
  queen: boolean;
  jack: boolean;
  /** Referee mode: steps typed with /atkm activate (move:, fire:, charge:, done:), carried out in order. */
  steps?: Action[];
  [k: string]: unknown;
}
