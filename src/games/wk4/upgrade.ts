// Games stored before the engine's ending kept their place in the season in a
// `stage` field beside the flow, and their ending in `winner`. The stage is
// now read from the flow (stageOf) and the ending is on the stack (endGame):
// both move the first time the state is read (GameRules.upgrade).
import { adoptEnding } from '../../engine/procstack.ts';
import type { Role } from '../../engine/types.ts';
import type { Wk4State } from './state.ts';

interface Before {
  stage?: string;
  winner?: { winners: Role[]; summary: string } | null;
}

/** Bring a state stored before the engine's ending up to date (in place); a no-op on a current one. */
export function upgradeStage(s: Wk4State): void {
  const old = s as Wk4State & Before;
  if (!('stage' in old) && !('winner' in old)) return;
  const won = old.winner;
  if (won) adoptEnding(s.stack, { winners: won.winners, draw: won.winners.length > 1, summary: won.summary });
  delete old.stage;
  delete old.winner;
}
