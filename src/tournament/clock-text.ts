// A tournament's clock policy in words, for the hub and match threads.
import type { Tournament } from './repo.ts';

/** The clock policy in words: hours per decision, or a bank with a bonus per decision and a cap. */
export function clockText(tournament: Tournament): string | null {
  if (!tournament.clockHours) return null;
  if (tournament.bonusHours === null) return `${tournament.clockHours} h per decision`;
  return `a ${tournament.clockHours} h time bank + ${tournament.bonusHours} h per decision${tournament.capHours ? ` (at most ${tournament.capHours} h)` : ''}`;
}
