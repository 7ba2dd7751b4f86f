// Team sides (RoleInfo.team): several users hold one side. With 'any' every
// member may take its decisions; with 'turns' each new decision of the side
// goes to the next member in seat order (counted by the decision book, so it
// replays exactly and survives restarts).
import type { DecisionBook } from '../engine/decisions.ts';
import type { Role, RoleInfo } from '../engine/types.ts';
import type { Seat } from '../store/store.ts';

/** The member who takes `role`'s open decision now, or null when any member may. */
export function turnHolder(info: RoleInfo | undefined, seats: Seat[], book: DecisionBook | undefined): Seat | null {
  if (info?.team !== 'turns') return null;
  const members = seats.filter((s) => s.role === info.id);
  if (members.length < 2) return null;
  const asked = book?.asked?.[info.id] ?? 1;
  return members[(Math.max(asked, 1) - 1) % members.length];
}

/** The roles `userId` may act for now: every seat held, minus 'turns' team sides where another member has the decision. */
export function actingRoles(userId: string, seats: Seat[], infos: RoleInfo[], book: DecisionBook | undefined): Role[] {
  return seats
    .filter((s) => s.userId === userId)
    .filter((seat) => {
      const holder = turnHolder(
        infos.find((r) => r.id === seat.role),
        seats,
        book,
      );
      return !holder || holder.userId === userId;
    })
    .map((s) => s.role);
}
