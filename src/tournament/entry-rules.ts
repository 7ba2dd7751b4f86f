// The announced rules of entering a tournament (issue 20 §4), as pure
// functions of its settings: the last round a late entrant may join, what a
// missed round scores, and the state of the check-in window. Read by the hub
// (to announce them) and by entry.ts (to apply them).
import type { Tournament } from './repo.ts';

export const stamp = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/** Late entry is a Swiss's (and a Swiss's before its top cut): a bracket or a round robin is drawn for a fixed field. */
export const takesLateEntry = (tournament: Pick<Tournament, 'format'>) => tournament.format === 'swiss' || tournament.format === 'swisscut';

/** The last round a late entrant may join: the organiser's choice, or until half the Swiss rounds are paired. */
export function lateRoundOf(tournament: Pick<Tournament, 'format' | 'rounds' | 'lateUntil'>): number {
  if (!takesLateEntry(tournament)) return 0;
  return Math.min(tournament.rounds, tournament.lateUntil ?? Math.ceil(tournament.rounds / 2));
}

export const missedText = (tournament: Pick<Tournament, 'latePoints'>) =>
  tournament.latePoints ? '½ point (a half-point bye)' : '0 points';

/** How the hub and the create reply announce it: "late entry until round 2 is paired; a missed round scores 0 points". */
export function lateEntryText(tournament: Pick<Tournament, 'format' | 'rounds' | 'lateUntil' | 'latePoints'>): string | null {
  const last = lateRoundOf(tournament);
  if (!last) return null;
  return `late entry until round ${last} is paired; each round missed scores ${missedText(tournament)}`;
}

/** Whether check-in is open now; else why not (for the refusal and the hub). */
export function checkinState(tournament: Tournament, now: number): { open: boolean; text: string } {
  if (tournament.checkinOpensAt !== null && now < tournament.checkinOpensAt)
    return {
      open: false,
      text: `Check-in opens ${stamp(tournament.checkinOpensAt)}${tournament.checkinClosesAt ? ` and closes ${stamp(tournament.checkinClosesAt)}` : ''}`,
    };
  if (tournament.checkinClosesAt !== null && now >= tournament.checkinClosesAt)
    return { open: false, text: `Check-in closed ${stamp(tournament.checkinClosesAt)}` };
  return {
    open: true,
    text: tournament.checkinClosesAt !== null ? `Check-in is open until ${stamp(tournament.checkinClosesAt)}` : 'Check-in is open',
  };
}
