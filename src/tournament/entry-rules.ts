// The announced rules of entering a tournament (issue 20 §4), as pure
// functions of its settings: the last round a late entrant may join, what a
// missed round scores, and the state of the check-in window. Read by the hub
// (to announce them) and by entry.ts (to apply them).
import type { Tournament } from './repo.ts';

export const stamp = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/** Late entry is a Swiss's (and a Swiss's before its top cut): a bracket or a round robin is drawn for a fixed field. */
export const takesLateEntry = (t: Pick<Tournament, 'format'>) => t.format === 'swiss' || t.format === 'swisscut';

/** The last round a late entrant may join: the organiser's choice, or until half the Swiss rounds are paired. */
export function lateRoundOf(t: Pick<Tournament, 'format' | 'rounds' | 'lateUntil'>): number {
  if (!takesLateEntry(t)) return 0;
  return Math.min(t.rounds, t.lateUntil ?? Math.ceil(t.rounds / 2));
}

export const missedText = (t: Pick<Tournament, 'latePoints'>) => (t.latePoints ? '½ point (a half-point bye)' : '0 points');

/** How the hub and the create reply announce it: "late entry until round 2 is paired; a missed round scores 0 points". */
export function lateEntryText(t: Pick<Tournament, 'format' | 'rounds' | 'lateUntil' | 'latePoints'>): string | null {
  const last = lateRoundOf(t);
  if (!last) return null;
  return `late entry until round ${last} is paired; each round missed scores ${missedText(t)}`;
}

/** Whether check-in is open now; else why not (for the refusal and the hub). */
export function checkinState(t: Tournament, now: number): { open: boolean; text: string } {
  if (t.checkinOpensAt !== null && now < t.checkinOpensAt)
    return {
      open: false,
      text: `Check-in opens ${stamp(t.checkinOpensAt)}${t.checkinClosesAt ? ` and closes ${stamp(t.checkinClosesAt)}` : ''}`,
    };
  if (t.checkinClosesAt !== null && now >= t.checkinClosesAt) return { open: false, text: `Check-in closed ${stamp(t.checkinClosesAt)}` };
  return { open: true, text: t.checkinClosesAt !== null ? `Check-in is open until ${stamp(t.checkinClosesAt)}` : 'Check-in is open' };
}
