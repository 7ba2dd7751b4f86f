// The end of a game of Rifle and Axe: after the last turn, or when too few
// settlements are left in play. The awards decide it (awards.ts).
import { endGame } from '../../../engine/procstack.ts';
import type { Role } from '../../../engine/types.ts';
import { finalResult } from '../awards.ts';
import type { RifleState } from '../state.ts';

/** End the game on the engine's stack with the awards' verdict. */
export function endRifle(s: RifleState): void {
  // Nothing is left to run, and no frame says more than "over": the stack is
  // emptied, as games stored with the old 'over' frame are (upgrade.ts).
  s.flow.frames = [];
  const result = finalResult(s);
  if (result.status !== 'over') throw new Error('the awards gave no result');
  endGame(s.flow, { winners: result.winners, draw: result.draw, summary: result.summary });
}

/** The scores reported with the result: the awards' own. */
export function rifleScores(s: RifleState): Record<Role, number> {
  const result = finalResult(s);
  return result.status === 'over' ? result.scores : {};
}
