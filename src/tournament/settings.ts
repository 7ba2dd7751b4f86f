// What an organiser may change after /tournament create and before the start
// (issue 20 §4 §5): the check-in window and the tie-break order. Both are
// fixed once round 1 is paired: players were let in by the window, and the
// standings already posted were ranked by the order.
import type { Services } from '../app/services.ts';
import { UserError } from '../messages/user-error.ts';
import { checkinState } from './entry-rules.ts';
import { repoOf, type Tournament } from './repo.ts';
import { tieBreaksOf } from './results.ts';
import { tieBreakText, type TieBreak } from './standings.ts';

const HOUR = 3_600_000;

export interface SettingsChange {
  /** Check-in opens this many hours from now (0: now). */
  opensInHours?: number;
  /** Check-in closes this many hours from now (0: no closing time; the start closes it). */
  closesInHours?: number;
  /** The tie-break order (null: the format's default). */
  tieBreaks?: TieBreak[] | null;
}

/** The settings as the reply states them. */
export const settingsText = (svc: Services, tournament: Tournament) =>
  `${checkinState(tournament, svc.now()).text}; ties broken by ${tieBreakText(tieBreaksOf(tournament))}`;

/**
 * Apply a change before the start; refused, changing nothing, once the
 * tournament has started or when the window would close before it opens.
 * Players left out when check-in closed are back in the field (signed up,
 * not checked in) if the new window is not closed. Returns what changed, in words.
 */
export function changeSettings(svc: Services, tournament: Tournament, change: SettingsChange): string[] {
  if (tournament.status !== 'signup')
    throw new UserError(
      `**${tournament.name}** has started: its check-in window and tie-break order were fixed when round 1 was paired ` +
        `(the field was let in by that window, and the standings are ranked by that order).`,
    );
  const now = svc.now();
  const opensAt =
    change.opensInHours === undefined ? tournament.checkinOpensAt : change.opensInHours ? now + change.opensInHours * HOUR : null;
  const closesAt =
    change.closesInHours === undefined ? tournament.checkinClosesAt : change.closesInHours ? now + change.closesInHours * HOUR : null;
  const windowChanged = change.opensInHours !== undefined || change.closesInHours !== undefined;
  if (windowChanged && closesAt !== null && closesAt <= (opensAt ?? now)) {
    const opensIn =
      opensAt !== null && change.opensInHours === undefined ? ` (it opens ${Math.ceil((opensAt - now) / HOUR)} h from now)` : '';
    throw new UserError(
      `Check-in must close after it opens: give checkin_closes: more hours from now than checkin_opens:${opensIn}, or 0 for no closing time.`,
    );
  }
  const repo = repoOf(svc);
  const reopened = windowChanged && (closesAt === null || closesAt > now);
  const left = reopened ? repo.entrants(tournament.id).filter((e) => e.missedCheckin) : [];
  const tieBreaks = change.tieBreaks === undefined ? tournament.tieBreaks : change.tieBreaks;
  svc.store.db.transaction(() => {
    // The tick acts next when the window opens, else when it closes.
    const dueAt = opensAt !== null && opensAt > now ? opensAt : closesAt;
    repo.setSettings(tournament.id, { checkinOpensAt: opensAt, checkinClosesAt: closesAt, checkinDueAt: dueAt, tieBreaks });
    for (const entrant of left) repo.setEntrant(tournament.id, entrant.userId, { dropped: false, missedCheckin: false });
  })();
  const changed: string[] = [];
  if (windowChanged) changed.push('check-in window');
  if (change.tieBreaks !== undefined) changed.push('tie-break order');
  if (left.length) changed.push(`${left.length} who missed check-in back on the list`);
  return changed;
}
