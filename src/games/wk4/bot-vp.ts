// What the AI nations do for victory points (OBJECTIVES & VICTORY: centres
// held when the campaign ends): spread their action points over the year so
// armies can still move in Fall and Winter, take unheld centres in reach,
// in the last season march on enemy centres whatever the odds, and stand
// alone at the end (a bloc's points are shared, so an alliance that wins
// is no win of its own).
// Only what the nation itself knows is used: its own orders and AP, the
// holders of centres and the forces it can see.
import type { LegalAction, Role } from '../../engine/types.ts';
import { blocs } from './endturn.ts';
import { mapOf, visibleHexes } from './geo.ts';
import { apOf, ordersOf, type Order } from './orders.ts';
import { allianceOf, SEASONS, type Force, type HexId, type Wk4State } from './state.ts';

const itemOf = (l: LegalAction): Order | null => (l.action.type === 'order' ? (l.action.item as unknown as Order) : null);

/** Seasons of the campaign after this one (0 in its last Winter). */
export const seasonsLeft = (s: Wk4State): number => (s.options.years - s.year) * 4 + (3 - SEASONS.indexOf(s.season));

/** Forces given an order this season (a fleet's passengers included). */
export const orderedForces = (mine: Order[]): Set<string> =>
  new Set(mine.flatMap((o) => (o.k === 'sail' ? [o.force, ...o.carry] : 'force' in o ? [o.force] : [])));

/**
 * Action points the nation may still spend this season on moves that take
 * no centre: a share of what is left for the rest of the year (points come
 * only at the end of Winter), so armies are not left standing in Fall and
 * Winter, nor in the campaign's last seasons when centres count.
 */
export function apToSpare(s: Wk4State, role: Role, mine: Order[] = ordersOf(s, role)): number {
  const left = 3 - SEASONS.indexOf(s.season);
  const spent = mine.reduce((a, o) => a + apOf(s, o), 0);
  // A little more than an even share goes early (Spring 2/5, Summer 2/4, Fall 2/3, Winter all): a centre taken
  // early is held longer.
  return Math.ceil((2 * s.nations[role].ap) / (left + 2)) - spent;
}

/** AP left for the year beyond two for each of the nation's armies (for what only moves ships about). */
export function apSurplus(s: Wk4State, role: Role, mine: Order[] = ordersOf(s, role)): number {
  const armies = Object.values(s.forces).filter((f) => f.nation === role && !f.naval).length;
  return s.nations[role].ap - mine.reduce((a, o) => a + apOf(s, o), 0) - 2 * armies;
}

/** Whether an order costs no more than the AP the nation has to spare this season. */
export const affordable = (s: Wk4State, role: Role, l: LegalAction, mine: Order[] = ordersOf(s, role)): boolean => {
  const o = itemOf(l);
  return !o || apOf(s, o) <= apToSpare(s, role, mine);
};

/** Where a land move or river move ends. */
export const endOf = (o: Order): HexId | null => (o.k === 'move' ? o.path[o.path.length - 1] : o.k === 'river' ? o.to : null);

/**
 * Centres taken this season without a fight: moves of armies with no order
 * yet ending in an unheld centre where no other
 * nation's army is seen, one army to a centre; majors first, then the
 * shortest march.
 */
export function captureMoves(s: Wk4State, role: Role, legal: LegalAction[]): LegalAction[] {
  const m = mapOf(s);
  const mine = ordersOf(s, role);
  const busy = orderedForces(mine);
  const seen = visibleHexes(s, role);
  const claimed = new Set(mine.map(endOf).filter((h): h is HexId => h !== null));
  const free = (f: Force | undefined) => f && !busy.has(f.id);
  const open = (h: HexId) => {
    const c = m.centreAt(h);
    if (!c || s.owner[c.id] !== null || claimed.has(h)) return false;
    return !Object.values(s.forces).some((x) => x.hex === h && x.nation !== role && !x.aboard && seen.has(h));
  };
  const rank = (o: Order) => (m.centreAt(endOf(o)!)!.kind === 'major' ? 0 : 10) + (o.k === 'move' ? o.path.length : 1);
  return legal
    .filter((l) => {
      const o = itemOf(l);
      return !!o && (o.k === 'move' || o.k === 'river') && free(s.forces[o.force]) && open(endOf(o)!);
    })
    .sort((a, b) => rank(itemOf(a)!) - rank(itemOf(b)!));
}

/**
 * The campaign's last season: whatever odds, an army with no order yet
 * marches into a centre an enemy holds where none of its armies is seen (a
 * lost battle costs nothing now; a centre taken from a rival counts twice).
 * The leading rival's centres first, majors first.
 */
export function lastGrabs(s: Wk4State, role: Role, legal: LegalAction[]): LegalAction[] {
  const m = mapOf(s);
  const busy = orderedForces(ordersOf(s, role));
  const seen = visibleHexes(s, role);
  const vp = Object.fromEntries(blocs(s).flatMap((b) => b.members.map((n) => [n, b.vp])));
  const holderAt = (h: HexId) => {
    const c = m.centreAt(h);
    return c ? s.owner[c.id] : null;
  };
  const rank = (h: HexId) => -2 * (vp[holderAt(h)!] ?? 0) - (m.centreAt(h)!.kind === 'major' ? 1 : 0);
  return legal
    .filter((l) => {
      const o = itemOf(l);
      if (!o || (o.k !== 'move' && o.k !== 'river') || busy.has(o.force)) return false;
      const h = endOf(o)!;
      const owner = holderAt(h);
      return (
        owner !== null &&
        owner !== role &&
        !Object.values(s.forces).some((x) => x.hex === h && x.nation !== role && !x.aboard && seen.has(h))
      );
    })
    .sort((a, b) => rank(endOf(itemOf(a)!)!) - rank(endOf(itemOf(b)!)!));
}

/**
 * An alliance is left before it can end the campaign: in the last year, or
 * when its members together come within 4 VP of the alliance's threshold
 * (a bloc's win is shared).
 */
export function leavesAlliance(s: Wk4State, role: Role): boolean {
  if (!allianceOf(s, role)) return false;
  if (s.year >= s.options.years) return true;
  const bloc = blocs(s).find((b) => b.members.includes(role));
  return !!bloc && bloc.vp + 4 >= bloc.needed;
}

/** No alliance is asked for in the campaign's last year (see leavesAlliance). */
export const asksAlliance = (s: Wk4State): boolean => s.year < s.options.years;
