// Games stored before the engine's ending (procstack.ts endGame) kept it in
// their own `over` field: it moves onto the stack the first time the state is
// read (GameRules.upgrade), so a stored game loads, plays and verifies.
import { adoptEnding, type Ending } from '../../engine/procstack.ts';
import type { WogState } from './state.ts';

/** Bring a state stored before the engine's ending up to date (in place); a no-op on a current one. */
export function upgradeEnding(s: WogState): void {
  const old = s as WogState & { over?: Ending | null };
  if (!('over' in old)) return;
  adoptEnding(s.stack, old.over);
  delete old.over;
}
