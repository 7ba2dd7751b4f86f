// The AI nations: one order at a time from the listed choices. Each army
// heads for the nearest centre it does not hold (unheld, or an enemy's); a
// nation now and then declares war on the nearest nation, funds its
// home militias, buys troops in Winter and calls up its reserves. It raises
// a small infantry army at a port where its transports lie and makes an
// amphibious assault on an enemy's coast in Spring or Summer, ferrying the
// force nearer an enemy coast first when none is in reach (the landing force
// and its transports wait for each other); at war or with a rival's army
// near it hires Landsknekt (keeping a bribe's price when an enemy's
// mercenaries are in sight), bribes an enemy's mercenaries it can see when its
// purse allows and stands ready to match bribes of its own. An army that can
// take an enemy's centre this season with good odds mostly assaults it, and
// armies that together outweigh an enemy's field army in reach attack it.
// It plays for victory points (bot-vp.ts): unheld centres in reach are taken,
// action points are kept for the rest of the year, armies hold their centres
// in the last two seasons and take what they can in the last, and an
// alliance that could share the win is left.
// Orders it writes itself (not
// listed: carried armies, bribes) pass the same check as a typed order. It
// never challenges results; as umpire it approves and publishes.
import { RuleError } from '../../engine/errors.ts';
import { hexDistance, isAdjacent } from '../../engine/hex.ts';
import { UMPIRE, type LegalAction, type Role } from '../../engine/types.ts';
import { hasTag, MAX_PER_ARMY, unitType } from './data.ts';
import { holder, mapOf, movement, visibleHexes } from './geo.ts';
import { orderLabel } from './labels.ts';
import { checkOrder, costOf, freeLords, ordersOf, type Order } from './orders.ts';
import { allianceOf, allied, atWar, stageOf, type Force, type HexId, type Wk4State } from './state.ts';
import { affordable, apSurplus, asksAlliance, captureMoves, lastGrabs, leavesAlliance, orderedForces, seasonsLeft } from './bot-vp.ts';

const itemOf = (l: LegalAction): Order | null => (l.action.type === 'order' ? (l.action.item as unknown as Order) : null);

/** An order the bot wrote itself, if the rules accept it now (an open action, like a typed order). */
function tryOrder(s: Wk4State, role: Role, item: Order): LegalAction | null {
  try {
    checkOrder(s, role, item);
  } catch (e) {
    if (e instanceof RuleError) return null;
    throw e;
  }
  return { action: { type: 'order', item: item as never }, label: orderLabel(s, item), sub: 'move', args: {} };
}

const transports = (f: Force) => f.units.filter((u) => hasTag(u.type, 'transport')).length;
/** Amphibious Attacks: only infantry, at most 3 regiments. */
const assaultArmy = (f: Force) => !f.naval && f.units.length <= 3 && f.units.every((u) => hasTag(u.type, 'infantry'));

/** Enemy landings in a fleet's reach, the best first: a centre with no enemy army in it, then any centre, then a beach. */
function assaultTargets(s: Wk4State, role: Role, from: HexId, reach: number): HexId[] {
  const m = mapOf(s);
  const held = (h: HexId) => Object.values(s.forces).some((f) => f.hex === h && !f.naval && f.nation !== role);
  const rank = (h: HexId) => (m.centreAt(h) ? (held(h) ? 1 : 0) : 2);
  return [...m.seaReach(from, reach).keys()]
    .filter((h) => {
      const o = holder(s, h);
      return o !== null && atWar(s, role, o);
    })
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
}

/** Enemy landings anywhere on the map (for a fleet that has none in reach to make for). */
function enemyCoasts(s: Wk4State, role: Role): HexId[] {
  const m = mapOf(s);
  return m.hexIds().filter((h) => {
    const o = m.isLand(h) && m.isLanding(h) ? holder(s, h) : null;
    return o !== null && atWar(s, role, o);
  });
}

/**
 * Amphibious assaults: raise a landing force where the transports are, then
 * carry it to an enemy port or beach in Spring or Summer (usually: an assault
 * in reach is rarely passed over). With no enemy coast in reach the fleet
 * ferries the force to a friendly port nearer one (not in Winter; in Fall
 * only a port, where ships winter), to strike from there next season.
 */
function amphibious(s: Wk4State, role: Role, mine: Order[], rand: () => number): LegalAction | null {
  const m = mapOf(s);
  const busy = orderedForces(mine);
  for (const fleet of Object.values(s.forces)) {
    if (fleet.nation !== role || !fleet.naval || !transports(fleet) || busy.has(fleet.id) || !m.isLanding(fleet.hex)) continue;
    const army = Object.values(s.forces).find(
      (a) => a.nation === role && assaultArmy(a) && !busy.has(a.id) && !a.aboard && (a.hex === fleet.hex || isAdjacent(a.hex, fleet.hex)),
    );
    if (!army) {
      // No landing force here: raise one from the reserve's infantry under a lord without a force (home ports only).
      const k = Math.min(3, s.nations[role].reserve.infantry ?? 0);
      const lord = freeLords(s, role).find((l) => !s.forces[l]);
      if (!k || !lord || mine.some((o) => o.k === 'deploy' && o.lord === lord) || rand() > 0.8) continue;
      const r = tryOrder(s, role, { k: 'deploy', type: 'infantry', n: k, at: fleet.hex, lord });
      if (r) return r;
      continue;
    }
    if (s.season === 'winter') continue;
    const targets = s.season === 'fall' ? [] : assaultTargets(s, role, fleet.hex, movement(fleet));
    if (targets.length) {
      if (rand() > 0.95) continue;
      for (const to of targets) {
        const r = tryOrder(s, role, { k: 'sail', force: fleet.id, to, carry: [army.id] });
        if (r) return r;
      }
      continue;
    }
    // Nothing in reach: ferry the force nearer an enemy coast, to a friendly port (out of Fall also a friendly or
    // unheld beach), best one from which an assault is in reach.
    const coasts = enemyCoasts(s, role);
    if (!coasts.length || rand() > 0.9) continue;
    const reach = movement(fleet);
    const near = (h: HexId) => (assaultTargets(s, role, h, reach).length ? 0 : Math.min(...coasts.map((c) => hexDistance(c, h))));
    const here = near(fleet.hex);
    const steps = [...m.seaReach(fleet.hex, reach).keys()].filter((h) => {
      const c = m.centreAt(h);
      const port = !!c && c.port && s.owner[c.id] !== null && allied(s, role, s.owner[c.id]!);
      const o = holder(s, h);
      return near(h) < here && (port || (s.season !== 'fall' && (o === null || allied(s, role, o))));
    });
    if (!steps.length) continue;
    const to = steps.reduce((a, h) => (near(h) < near(a) || (near(h) === near(a) && h < a) ? h : a));
    const r = tryOrder(s, role, { k: 'sail', force: fleet.id, to, carry: [army.id] });
    if (r) return r;
  }
  return null;
}

/** Transports stay by the landing force they are to carry (no idle cruise without it). */
const keepsLandingForce = (s: Wk4State, fleet: Force) =>
  transports(fleet) > 0 &&
  Object.values(s.forces).some(
    (a) => a.nation === fleet.nation && assaultArmy(a) && !a.aboard && (a.hex === fleet.hex || isAdjacent(a.hex, fleet.hex)),
  );

/** A landing force stays by its transports until there is a coast to assault. */
const waitsForShips = (s: Wk4State, a: Force) =>
  assaultArmy(a) &&
  Object.values(s.forces).some((f) => f.nation === a.nation && f.naval && transports(f) && (f.hex === a.hex || isAdjacent(f.hex, a.hex)));

const purseOf = (s: Wk4State, role: Role, mine: Order[]) => s.nations[role].treasury - mine.reduce((a, o) => a + costOf(s, o), 0);

/**
 * Mercenary Loyalty: bribe an enemy's mercenaries in sight whenever the
 * purse holds the price of their leaving (twice their cost), the band nearest its own armies first (the one about to fight it);
 * they switch sides when it can pay four times and keep a Landsknekt's worth.
 * One bribe per band a season. Asked before the Winter purchases.
 */
function bribe(s: Wk4State, role: Role, mine: Order[], rand: () => number): LegalAction | null {
  if (rand() >= 0.95) return null;
  const purse = purseOf(s, role, mine);
  const price = unitType('landsknekt').cost;
  const seen = visibleHexes(s, role);
  const own = Object.values(s.forces).filter((f) => f.nation === role && !f.naval);
  const near = (f: Force) => Math.min(Infinity, ...own.map((x) => hexDistance(x.hex, f.hex)));
  const bands = Object.values(s.forces)
    .filter((f) => seen.has(f.hex) && !f.aboard && !f.naval && atWar(s, role, f.nation))
    .filter((f) => !mine.some((o) => o.k === 'bribe' && o.force === f.id))
    .map((f) => ({ f, mercs: f.units.filter((u) => hasTag(u.type, 'mercenary')).length }))
    .filter((x) => x.mercs > 0)
    .sort((a, b) => near(a.f) - near(b.f) || b.mercs - a.mercs || (a.f.id < b.f.id ? -1 : 1));
  for (const { f, mercs } of bands) {
    if (purse < 2 * price * mercs) continue;
    const r = tryOrder(s, role, { k: 'bribe', force: f.id, mode: purse >= 4 * price * mercs + price ? 'switch' : 'leave' });
    if (r) return r;
  }
  return null;
}

/** Enemy mercenaries in sight (a purse kept for a bribe next season is not spent on a Landsknekt now). */
const enemyMercsInSight = (s: Wk4State, role: Role) => {
  const seen = visibleHexes(s, role);
  return Object.values(s.forces).some(
    (f) => seen.has(f.hex) && !f.naval && atWar(s, role, f.nation) && f.units.some((u) => hasTag(u.type, 'mercenary')),
  );
};

/** Keep a match ready for its own mercenaries; at war, hire a Landsknekt into an army standing in a centre it holds. */
function mercenaries(s: Wk4State, role: Role, mine: Order[], rand: () => number): LegalAction | null {
  const purse = purseOf(s, role, mine);
  const price = unitType('landsknekt').cost;
  const own = Object.values(s.forces).filter((f) => f.nation === role && !f.naval);
  const mercs = Math.max(0, ...own.map((f) => f.units.filter((u) => hasTag(u.type, 'mercenary')).length));
  if (mercs && !mine.some((o) => o.k === 'match') && purse >= 2 * price * mercs && rand() < 0.5) {
    const r = tryOrder(s, role, { k: 'match', amount: 2 * price * mercs });
    if (r) return r;
  }
  // At war, or with a nation outside its alliance under arms nearby (Landsknekts may be bought at any time).
  const rivals = Object.values(s.forces).filter((f) => f.nation !== role && !f.naval && !allied(s, role, f.nation));
  const war =
    s.order.some((n) => atWar(s, role, n) && s.nations[n].alive) || rivals.some((x) => own.some((f) => hexDistance(x.hex, f.hex) <= 3));
  // With an enemy's mercenaries in sight it keeps a bribe's price in the purse.
  const keep = enemyMercsInSight(s, role) ? 2 * price : 0;
  // Up to two hires a season, each into a different army.
  const hired = mine.filter((o) => o.k === 'landsknekt');
  if (war && purse >= 3 * price + keep && hired.length < 2 && rand() < 0.9) {
    const m = mapOf(s);
    // The army nearest an enemy's forces: mercenaries are for the front (where an enemy may also try to bribe them).
    const foes = Object.values(s.forces).filter((f) => atWar(s, role, f.nation) && !f.naval);
    const front = (f: Force) => Math.min(Infinity, ...foes.map((x) => hexDistance(x.hex, f.hex)));
    const host = own
      .filter((f) => {
        const c = m.centreAt(f.hex);
        return (
          c &&
          s.owner[c.id] === role &&
          f.units.length < MAX_PER_ARMY &&
          !mine.some((o) => 'force' in o && o.force === f.id) &&
          !hired.some((o) => o.k === 'landsknekt' && o.lord === f.lord)
        );
      })
      .sort((a, b) => front(a) - front(b) || (a.id < b.id ? -1 : 1))[0];
    if (host) return tryOrder(s, role, { k: 'landsknekt', at: host.hex, n: 1, lord: host.lord });
  }
  return null;
}

/** Combat value of an army's units as they stand (lords' traits aside). */
const cvOf = (units: { type: string; steps: number }[]) =>
  units.reduce((a, u) => a + Math.ceil((unitType(u.type).cv * u.steps) / unitType(u.type).steps), 0);

/**
 * Assaults on an enemy's centres this season: moves of armies that have no
 * order yet ending in a centre an enemy holds, where the army's combat value
 * is at least half again the defenders' it can see there plus the city's
 * whole militia (whether funded is the enemy's secret). Best odds first.
 */
export function landAssaults(s: Wk4State, role: Role, legal: LegalAction[]): LegalAction[] {
  const m = mapOf(s);
  const mine = ordersOf(s, role);
  const moved = orderedForces(mine);
  const seen = visibleHexes(s, role);
  const odds = (l: LegalAction): number => {
    const o = itemOf(l);
    if (!o || o.k !== 'move' || moved.has(o.force)) return 0;
    const f = s.forces[o.force];
    const to = o.path[o.path.length - 1];
    const c = m.centreAt(to);
    const h = c ? s.owner[c.id] : null;
    if (!f || !c || !h || !atWar(s, role, h) || waitsForShips(s, f)) return 0;
    const garrison = Object.values(s.forces).filter((x) => x.hex === to && !x.naval && !x.aboard && seen.has(to) && x.nation !== role);
    const defence = garrison.reduce((a, x) => a + cvOf(x.units), 0) + unitType('militia').cv * c.manpower;
    return cvOf(f.units) / Math.max(1, defence);
  };
  return legal
    .map((l) => ({ l, r: odds(l) }))
    .filter((x) => x.r >= 1.5)
    .sort((a, b) => b.r - a.r)
    .map((x) => x.l);
}

/**
 * Assaults on an enemy's army in the field: moves of armies with no order yet
 * into a hex outside an enemy's centre where an enemy army stands in sight,
 * when the armies that can strike there together (this one, those already
 * ordered there, those with no order yet that can reach it) outweigh the
 * enemies there by a fifth in combat value. Best odds first.
 */
export function fieldAssaults(s: Wk4State, role: Role, legal: LegalAction[]): LegalAction[] {
  const m = mapOf(s);
  const mine = ordersOf(s, role);
  const moved = orderedForces(mine);
  const seen = visibleHexes(s, role);
  const attacks = legal.flatMap((l) => {
    const o = itemOf(l);
    return o && o.k === 'move' && o.attack ? [{ l, o, to: o.path[o.path.length - 1] }] : [];
  });
  const odds = ({ o, to }: (typeof attacks)[number]): number => {
    const f = s.forces[o.force];
    const c = m.centreAt(to);
    if (!f || moved.has(o.force) || (c && s.owner[c.id] && atWar(s, role, s.owner[c.id]!)) || !seen.has(to) || waitsForShips(s, f))
      return 0;
    const foes = Object.values(s.forces).filter((x) => x.hex === to && !x.naval && !x.aboard && atWar(s, role, x.nation));
    if (!foes.length) return 0;
    const strikers = new Set([
      o.force,
      ...mine.flatMap((x) => (x.k === 'move' && x.path[x.path.length - 1] === to ? [x.force] : [])),
      ...attacks.filter((a) => a.to === to && !moved.has(a.o.force) && !waitsForShips(s, s.forces[a.o.force])).map((a) => a.o.force),
    ]);
    const own = [...strikers].reduce((a, id) => a + (s.forces[id] ? cvOf(s.forces[id].units) : 0), 0);
    return (
      own /
      Math.max(
        1,
        foes.reduce((a, x) => a + cvOf(x.units), 0),
      )
    );
  };
  return attacks
    .map((a) => ({ l: a.l, r: odds(a) }))
    .filter((x) => x.r >= 1.2)
    .sort((a, b) => b.r - a.r)
    .map((x) => x.l);
}

/**
 * Boarding a Fleet: an army with no order yet, in or next to its transports'
 * port or beach, is carried to a friendly or unheld landing nearer a centre
 * to take than its march by land would bring it this season (`far`: steps by
 * land to the nearest such centre).
 */
function seaLift(s: Wk4State, role: Role, mine: Order[], far: (h: HexId) => number): LegalAction | null {
  const m = mapOf(s);
  const busy = orderedForces(mine);
  const armies = Object.values(s.forces).filter((a) => a.nation === role && !a.naval && !a.aboard && !busy.has(a.id));
  for (const fleet of Object.values(s.forces)) {
    if (fleet.nation !== role || !fleet.naval || !transports(fleet) || busy.has(fleet.id) || !m.isLanding(fleet.hex)) continue;
    for (const army of armies) {
      if (army.hex !== fleet.hex && !isAdjacent(army.hex, fleet.hex)) continue;
      const byLand = far(army.hex) - movement(army);
      const landings = [...m.seaReach(fleet.hex, movement(fleet)).keys()]
        .filter((h) => {
          const o = holder(s, h);
          return (o === null || allied(s, role, o)) && far(h) < byLand;
        })
        .sort((a, b) => far(a) - far(b) || (a < b ? -1 : 1));
      for (const to of landings) {
        const r = tryOrder(s, role, { k: 'sail', force: fleet.id, to, carry: [army.id] });
        if (r) return r;
      }
    }
  }
  return null;
}

/** Steps by land from each hex to the nearest of `goals`, through hexes the nation may enter (its own, allies', enemies', unheld). */
function landDistance(s: Wk4State, role: Role, goals: HexId[]): Map<HexId, number> {
  const m = mapOf(s);
  const enters = (h: HexId) => {
    if (!m.isLand(h)) return false;
    const o = holder(s, h);
    return o === null || allied(s, role, o) || atWar(s, role, o);
  };
  const dist = new Map<HexId, number>(goals.map((g) => [g, 0]));
  const queue = [...goals];
  for (let i = 0; i < queue.length; i++)
    for (const h of m.landNeighbours(queue[i]))
      if (!dist.has(h) && enters(h)) {
        dist.set(h, dist.get(queue[i])! + 1);
        queue.push(h);
      }
  return dist;
}

/** Where a nation's centres lie on average (its seat of power, for distances between nations). */
function seatOf(s: Wk4State, n: Role): [number, number] {
  const held = mapOf(s).centres.filter((c) => s.owner[c.id] === n);
  const xy = held.map((c) => c.hex.split(',').map(Number));
  return xy.length ? [xy.reduce((a, p) => a + p[0], 0) / xy.length, xy.reduce((a, p) => a + p[1], 0) / xy.length] : [0, 0];
}

/**
 * The nation to ask for an alliance: nations are paired farthest apart first
 * (a distant ally guards the back and competes for no centre), so two AI
 * nations ask each other in the same season; none at war with each other.
 */
function allyPartner(s: Wk4State, role: Role): Role | null {
  const live = s.order.filter((n) => s.nations[n].alive && !allianceOf(s, n));
  const gap = (a: Role, b: Role) => Math.hypot(seatOf(s, a)[0] - seatOf(s, b)[0], seatOf(s, a)[1] - seatOf(s, b)[1]);
  const pairs = live
    .flatMap((a, i) => live.slice(i + 1).map((b) => [a, b] as const))
    .filter(([a, b]) => !atWar(s, a, b))
    .sort((x, y) => gap(y[0], y[1]) - gap(x[0], x[1]) || (x.join() < y.join() ? -1 : 1));
  const taken = new Set<Role>();
  for (const [a, b] of pairs) {
    if (taken.has(a) || taken.has(b)) continue;
    taken.add(a).add(b);
    if (a === role) return b;
    if (b === role) return a;
  }
  return null;
}

/**
 * Diplomacy: a nation in no alliance now and then asks its partner (above);
 * a nation whose alliance leaves its armies nothing to take by land (every
 * centre in reach is an ally's or its own) leaves it, to make war again.
 */
function alliances(s: Wk4State, role: Role, mine: Order[], orders: LegalAction[], rand: () => number): LegalAction | null {
  if (mine.some((o) => o.k === 'ally' || o.k === 'leave')) return null;
  if (leavesAlliance(s, role)) return orders.find((l) => itemOf(l)!.k === 'leave') ?? null;
  if (allianceOf(s, role)) {
    const targets = mapOf(s)
      .centres.filter((c) => {
        const o = s.owner[c.id];
        return o === null || (!allied(s, role, o) && atWar(s, role, o));
      })
      .map((c) => c.hex);
    const dist = landDistance(s, role, targets);
    const armies = Object.values(s.forces).filter((f) => f.nation === role && !f.naval);
    const stuck = armies.length > 0 && armies.every((f) => (dist.get(f.hex) ?? Infinity) > 3);
    return stuck && rand() < 0.6 ? (orders.find((l) => itemOf(l)!.k === 'leave') ?? null) : null;
  }
  const partner = asksAlliance(s) ? allyPartner(s, role) : null;
  if (!partner || rand() >= 0.3) return null;
  return orders.find((l) => itemOf(l)!.k === 'ally' && (itemOf(l) as Order & { k: 'ally' }).nation === partner) ?? null;
}

/** The living nation, not an ally, holding the centre nearest to this nation's armies. */
function nearestNation(s: Wk4State, role: Role): Role | null {
  const armies = Object.values(s.forces).filter((f) => f.nation === role && !f.naval);
  let best: { d: number; n: Role } | null = null;
  for (const c of mapOf(s).centres) {
    const o = s.owner[c.id];
    if (!o || allied(s, role, o) || !s.nations[o].alive) continue;
    const d = Math.min(...armies.map((f) => hexDistance(f.hex, c.hex)));
    if (!best || d < best.d || (d === best.d && o < best.n)) best = { d, n: o };
  }
  return best?.n ?? null;
}

export function botChoice(s: Wk4State, role: Role, legal: LegalAction[], rand: () => number): LegalAction {
  const by = (t: string) => legal.find((l) => l.action.type === t);
  if (role === UMPIRE) return by('approveall') ?? by('rule') ?? by('publish') ?? legal[0];
  if (stageOf(s) === 'challenges') return by('agree') ?? legal[0];
  const fin = by('final') ?? by('reopen') ?? legal[0];
  if (!by('final')) return fin;
  const mine = ordersOf(s, role);
  const orders = legal.filter((l) => l.action.type === 'order');
  const pick = (pred: (o: Order) => boolean) => orders.find((l) => pred(itemOf(l)!));
  const m = mapOf(s);
  // Diplomacy: now and then after the first season, war on the nearest nation (whose centres its armies can reach)
  // unless already at war with it.
  if (!mine.some((o) => o.k === 'war') && (s.year > 1 || s.season !== 'spring') && rand() < 0.35) {
    const wars = orders.filter((l) => itemOf(l)!.k === 'war');
    const near = nearestNation(s, role);
    const war = wars.find((l) => (itemOf(l) as Order & { k: 'war' }).nation === near);
    if (war) return war;
    if (wars.length && !s.order.some((n) => n !== role && atWar(s, role, n) && s.nations[n].alive))
      return wars[Math.floor(rand() * wars.length)];
  }
  // An alliance about to share the win is left first of all (bot-vp.ts).
  const leave = leavesAlliance(s, role) ? alliances(s, role, mine, orders, rand) : null;
  if (leave) return leave;
  const bought = bribe(s, role, mine, rand);
  if (bought) return bought;
  if (s.season === 'winter' && !mine.some((o) => o.k === 'buy')) {
    const buy = pick((o) => o.k === 'buy' && (o.type === 'infantry' || o.type === 'cavalry'));
    if (buy && rand() < 0.8) return buy;
  }
  const sea = amphibious(s, role, mine, rand);
  if (sea) return sea;
  const merc = mercenaries(s, role, mine, rand);
  if (merc) return merc;
  const deploy = pick((o) => o.k === 'deploy' && !mine.some((x) => x.k === 'deploy' && x.type === o.type));
  if (deploy) return deploy;
  // An assault on an enemy's centre or army with good odds is seldom passed over (an army in the field is not
  // attacked in the last season: nothing to gain in VP); then an unheld centre in reach is taken.
  const assault = landAssaults(s, role, orders)[0] ?? (seasonsLeft(s) > 0 ? fieldAssaults(s, role, orders)[0] : undefined);
  if (assault) return assault;
  const capture = captureMoves(s, role, orders)[0] ?? (seasonsLeft(s) === 0 ? lastGrabs(s, role, orders)[0] : undefined);
  if (capture) return capture;
  // Each army once a season, toward the nearest centre it does not hold, with the AP to spare.
  const moved = new Set(mine.filter((o) => 'force' in o).map((o) => (o as { force: string }).force));
  // In the campaign's last two seasons an army holding a centre of its own stays there unless it takes another.
  if (seasonsLeft(s) <= 1)
    for (const f of Object.values(s.forces)) {
      const c = m.centreAt(f.hex);
      if (f.nation === role && !f.naval && c && s.owner[c.id] === role) moved.add(f.id);
    }
  const targets = m.centres.filter((c) => {
    const o = s.owner[c.id];
    return o === null || (o !== role && !allied(s, role, o) && atWar(s, role, o));
  });
  // Distances by land over the hexes the nation may enter (a straight line may cross a neutral's land or the sea).
  const dist = targets.length
    ? landDistance(
        s,
        role,
        targets.map((c) => c.hex),
      )
    : new Map<HexId, number>();
  const far = (h: HexId) => dist.get(h) ?? Infinity;
  for (const f of Object.values(s.forces)) {
    if (f.nation !== role || f.naval || moved.has(f.id) || waitsForShips(s, f)) continue;
    // A march, or a move down the river it stands on (Rivers: 1 AP, and the army's movement ends).
    const mv = orders.filter((l) => {
      const o = itemOf(l)!;
      return (o.k === 'move' || o.k === 'river') && o.force === f.id;
    });
    if (!mv.length || far(f.hex) === Infinity) continue;
    const end = (l: LegalAction) => {
      const o = itemOf(l)!;
      return o.k === 'move' ? o.path[o.path.length - 1] : (o as Order & { to: HexId }).to;
    };
    const best = mv.reduce((a, l) => (far(end(l)) < far(end(a)) ? l : a));
    if (far(end(best)) < far(f.hex) && affordable(s, role, best, mine) && rand() < 0.9) return best;
  }
  const lift = seaLift(s, role, mine, far);
  if (lift && affordable(s, role, lift, mine) && rand() < 0.9) return lift;
  // Fleets: in Fall make for a friendly port (ships winter in port or are lost); otherwise now and then a cruise.
  for (const f of Object.values(s.forces)) {
    if (f.nation !== role || !f.naval || moved.has(f.id)) continue;
    const sails = orders.filter((l) => {
      const o = itemOf(l)!;
      return o.k === 'sail' && o.force === f.id;
    });
    const port = (l: LegalAction) => {
      const c = m.centreAt((itemOf(l) as Order & { to: string }).to);
      return !!c && c.port && s.owner[c.id] !== null && allied(s, role, s.owner[c.id]!);
    };
    const inPort = m.centreAt(f.hex)?.port && allied(s, role, s.owner[m.centreAt(f.hex)!.id] ?? '');
    if (s.season === 'fall' && !inPort) {
      const home = sails.find(port);
      if (home) return home;
    } else if (s.season !== 'fall' && s.season !== 'winter' && sails.length && !keepsLandingForce(s, f) && rand() < 0.6) {
      // Only from a year's surplus: the AP the armies may need (two a season each) stays in hand.
      const cruise = sails[Math.floor(rand() * sails.length)];
      if (apSurplus(s, role, mine) > 0) return cruise;
    }
  }
  const pact = alliances(s, role, mine, orders, rand);
  if (pact) return pact;
  const militia = pick(
    (o) => o.k === 'militia' && m.homes(role as never).some((c) => c.id === o.city) && !mine.some((x) => x.k === 'militia'),
  );
  if (militia && rand() < 0.5) return militia;
  return fin;
}
