// Seeding (issue 20 §7): by rating by default (the system's openskill
// ordinal on this server), unrated players after the rated ones in sign-up
// order; or by hand before the start (/tournament seed), the named players
// first in the order given and everyone else after them by the default order.
// The seeds place players in a bracket and rank equal scores in a Swiss
// (results.ts history); the start numbers them 1… over the checked-in field.
import type { Services } from '../app/services.ts';
import { UserError } from '../messages/user-error.ts';
import { echo } from '../messages/text.ts';
import { ALL_SIDES, ratingsOf } from './ratings.ts';
import { repoOf, type Entrant, type Tournament } from './repo.ts';

export interface Seeded {
  entrant: Entrant;
  /** The openskill ordinal; null: unrated in this system on this server. */
  rating: number | null;
}

/** Entrants by rating (highest first), then the unrated in the order they signed up. */
export function byRating(svc: Services, tournament: Tournament, entrants: Entrant[]): Seeded[] {
  const ratings = ratingsOf(svc);
  const signup = new Map(
    repoOf(svc)
      .signupOrder(tournament.id)
      .map((id, i) => [id, i]),
  );
  return entrants
    .map((entrant) => ({ entrant, rating: ratings.get(tournament.guildId, tournament.system, ALL_SIDES, entrant.userId)?.ordinal ?? null }))
    .sort(
      (x, y) =>
        (y.rating ?? -Infinity) - (x.rating ?? -Infinity) || (signup.get(x.entrant.userId) ?? 0) - (signup.get(y.entrant.userId) ?? 0),
    );
}

/** The start's order of these entrants: seeds given by hand first (in their order), then the rest by rating. */
export function seedOrder(svc: Services, tournament: Tournament, entrants: Entrant[]): Seeded[] {
  const all = byRating(svc, tournament, entrants);
  if (!tournament.seededByHand) return all;
  const manual = all.filter((s) => s.entrant.seed !== null).sort((x, y) => x.entrant.seed! - y.entrant.seed!);
  return [...manual, ...all.filter((s) => s.entrant.seed === null)];
}

/** An entrant named as a person types it: their name (any case), a mention, or their id. */
export function entrantNamed(entrants: Entrant[], given: string): Entrant | undefined {
  const typed = given.trim().replace(/^@/, '');
  const id = /^<@!?(\w+)>$/.exec(typed)?.[1];
  const lower = typed.toLowerCase();
  return entrants.find((e) => e.userId === (id ?? typed)) ?? entrants.find((e) => e.userName.toLowerCase() === lower);
}

/**
 * /tournament seed: the named entrants take seeds 1… in that order; the
 * others keep no seed and follow them by rating at the start. No names: back
 * to seeding by rating. Returns the whole order as it stands now.
 */
export function seedByHand(svc: Services, tournament: Tournament, names: string[]): Seeded[] {
  const repo = repoOf(svc);
  if (tournament.status !== 'signup') throw new UserError(`**${tournament.name}** has started: seeds are fixed once round 1 is paired.`);
  const entrants = repo.entrants(tournament.id).filter((e) => !e.dropped);
  const chosen: Entrant[] = [];
  for (const name of names) {
    const entrant = entrantNamed(entrants, name);
    if (!entrant)
      throw new UserError(
        `"${echo(name, 40)}" has not signed up for **${tournament.name}**. Entrants: ${entrants.map((x) => x.userName).join(', ') || 'none yet'}.`,
      );
    if (chosen.includes(entrant)) throw new UserError(`${entrant.userName} is named twice: give each player once, in seed order.`);
    chosen.push(entrant);
  }
  svc.store.db.transaction(() => {
    for (const entrant of entrants) repo.setEntrant(tournament.id, entrant.userId, { seed: null });
    chosen.forEach((e, i) => repo.setEntrant(tournament.id, e.userId, { seed: i + 1 }));
    repo.setSeededByHand(tournament.id, chosen.length > 0);
  })();
  const fresh = repo.get(tournament.id)!;
  return seedOrder(
    svc,
    fresh,
    repo.entrants(tournament.id).filter((e) => !e.dropped),
  );
}
