// A tournament's clock policy in words, for the hub and match threads.
import type { Tournament } from './repo.ts';

/** The clock policy in words: hours per decision, or a bank with a bonus per decision and a cap. */
export function clockText(t: Tournament): string | null {
  if (!t.clockHours) return null;
  if (t.bonusHours === null) return `${t.clockHours} h per decision`;
  return `a ${t.clockHours} h time bank + ${t.bonusHours} h per decision${t.capHours ? ` (at most ${t.capHours} h)` : ''}`;
}
