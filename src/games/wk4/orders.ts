// Orders of one season: what an order is, how a line of an order sheet reads,
// and the one check that both accepts an order and explains its refusal,
// naming the rule heading it breaks. Costs (AP, money), movement allowance
// and side limits count the nation's earlier orders of the season.
import { check, RuleError } from '../../engine/errors.ts';
import { cheapestHexPath, hexCosts, isAdjacent } from '../../engine/hex.ts';
import type { Json, Role } from '../../engine/types.ts';
import { BUYABLE, hasTag, MAX_PER_ARMY, MILITIA_UPKEEP, unitType } from './data.ts';
import { airborne, apCost, friendlyHex, hexLabel, holder, mapOf, movement, visibleHexes, winter } from './geo.ts';
import { allianceOf, allied, atWar, nationName, type Force, type HexId, type Wk4State } from './state.ts';
import { plural } from '../../messages/text.ts';

export type Order =
  | { k: 'move'; force: string; path: HexId[]; attack: boolean }
  | { k: 'river'; force: string; to: HexId }
  | { k: 'sail'; force: string; to: HexId; carry: string[] }
  | { k: 'deploy'; type: string; n: number; at: HexId; lord: string }
  | { k: 'buy'; type: string; n: number }
  | { k: 'militia'; city: string }
  | { k: 'landsknekt'; at: HexId; n: number; lord: string }
  | { k: 'bribe'; force: string; mode: 'leave' | 'switch' }
  | { k: 'match'; amount: number }
  | { k: 'war'; nation: Role }
  | { k: 'ally'; nation: Role }
  | { k: 'leave' };

export const R = {
  moves: 'WK4 Movement',
  sides: 'WK4 Land Movement Side Limits',
  armies: 'WK4 Armies and Fleets',
  sea: 'WK4 Sea Movement',
  boarding: 'WK4 Boarding a Fleet',
  amphibious: 'WK4 Amphibious Attacks',
  air: 'WK4 Air Movement',
  rivers: 'WK4 Rivers',
  reinforcements: 'WK4 Reinforcements',
  deployment: 'WK4 Deployment of Land Forces',
  naval: 'WK4 Deployment of Naval Forces',
  manpower: 'WK4 Manpower',
  militia: 'WK4 The City Militia',
  landsknekt: 'WK4 Landsknekt Mercenaries',
  loyalty: 'WK4 Mercenary Loyalty',
  diplomacy: 'WK4 Diplomacy',
  ap: 'WK4 Action Points',
  money: 'WK4 Money',
  sheet: 'WK4 Order sheet',
} as const;

const asOrder = (j: Json): Order => j as unknown as Order;
export const ordersOf = (s: Wk4State, n: Role): Order[] => (s.sub.seats[n]?.items ?? []).map(asOrder);

/** Action points an order spends (Movement: initiative goes to who spends most). */
export function apOf(s: Wk4State, o: Order): number {
  const f = 'force' in o ? s.forces[o.force] : undefined;
  if (o.k === 'river') return 1;
  if ((o.k === 'move' || o.k === 'sail') && f) return apCost(s, f);
  return 0;
}

/** Money an order spends. */
export function costOf(s: Wk4State, o: Order): number {
  const m = mapOf(s);
  switch (o.k) {
    case 'buy':
      return unitType(o.type).cost * o.n;
    case 'militia':
      return m.hasCentre(o.city) ? MILITIA_UPKEEP * m.centre(o.city).manpower : 0;
    case 'landsknekt':
      return unitType('landsknekt').cost * o.n;
    case 'bribe': {
      const f = s.forces[o.force];
      const mercs = f ? f.units.filter((u) => hasTag(u.type, 'mercenary')).length : 0;
      return mercs * unitType('landsknekt').cost * (o.mode === 'leave' ? 2 : 4);
    }
    case 'match':
      return o.amount;
    default:
      return 0;
  }
}

/** Where a force is after the nation's earlier orders this season, and how far it has gone. */
function progress(s: Wk4State, prior: Order[], f: Force): { at: HexId; used: number; stopped: boolean } {
  let at = f.hex;
  let used = 0;
  let stopped = false;
  const m = mapOf(s);
  for (const o of prior) {
    if (!('force' in o) || o.force !== f.id) continue;
    if (o.k === 'move') {
      for (const h of o.path) {
        if (!airborne(f) && m.mustStop(at, h, { winter: winter(s) })) stopped = true;
        at = h;
      }
      used += o.path.length;
    } else if (o.k === 'river' || o.k === 'sail') {
      at = o.to;
      stopped = o.k === 'river';
      if (o.k === 'sail') used += m.seaReach(f.hex, movement(f)).get(o.to) ?? 0;
    }
  }
  return { at, used, stopped };
}

const declaresWar = (prior: Order[], n: Role) => prior.some((o) => o.k === 'war' && o.nation === n);

/** May `n` enter `hex`: its own or an ally's, unheld, or held by an enemy (war declared, now or before). */
function mayEnter(s: Wk4State, n: Role, prior: Order[], hex: HexId): string | null {
  const h = holder(s, hex);
  if (h === null || allied(s, n, h) || atWar(s, n, h) || declaresWar(prior, h)) return null;
  return `${hexLabel(s, hex)} is ${nationName(s, h)}'s: enter it as an ally (same alliance) or declare war first.`;
}

function sideKey(a: HexId, b: HexId): string {
  return `${a}>${b}`;
}

/** Battle groups the nation's orders (prior plus this one) move across each side, by side. */
function crossingsBy(s: Wk4State, orders: Order[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const o of orders) {
    if (o.k !== 'move') continue;
    const f = s.forces[o.force];
    if (!f || airborne(f)) continue;
    let at = progressStart(s, orders, o);
    for (const h of o.path) {
      const k = sideKey(at, h);
      out.set(k, (out.get(k) ?? 0) + f.units.length);
      at = h;
    }
  }
  return out;
}

function progressStart(s: Wk4State, orders: Order[], o: Order & { force: string }): HexId {
  const i = orders.indexOf(o);
  return progress(s, orders.slice(0, i), s.forces[o.force]).at;
}

function ownForce(s: Wk4State, n: Role, id: string, rule: string, naval?: boolean): Force {
  const f = s.forces[id];
  const mine = Object.values(s.forces).filter((x) => x.nation === n && (naval === undefined || x.naval === naval));
  check(
    f && f.nation === n,
    rule,
    `You have no ${naval ? 'fleet' : naval === false ? 'army' : 'army or fleet'} "${id}". Yours: ${mine.map((x) => x.id).join(', ') || 'none'}.`,
  );
  if (naval !== undefined) check(f.naval === naval, rule, `${id} is ${f.naval ? 'a fleet' : 'an army'}.`);
  return f;
}

/** The rules' check of one order against the nation's earlier orders: throws a RuleError naming the rule. */
export function checkOrder(s: Wk4State, n: Role, o: Order, prior: Order[] = ordersOf(s, n)): void {
  const m = mapOf(s);
  const me = s.nations[n];
  check(me?.alive, R.moves, 'Your nation gives no orders.');
  check(o && typeof o === 'object' && typeof o.k === 'string', R.sheet, 'Not an order.');
  switch (o.k) {
    case 'move': {
      const f = ownForce(s, n, o.force, R.moves, false);
      check(!f.aboard, R.boarding, `${f.id} is aboard a fleet.`);
      check(Array.isArray(o.path) && o.path.length > 0, R.moves, 'Give the hexes the army moves through, or its destination.');
      const p = progress(s, prior, f);
      check(!p.stopped, R.moves, `${f.id} has entered mountains or swamp (or moved by river) this season and must stop there.`);
      const allowance = movement(f);
      check(
        p.used + o.path.length <= allowance,
        R.armies,
        `${f.id} moves at most ${allowance} hex${allowance === 1 ? '' : 'es'} a season (its slowest battle group); ` +
          `${allowance - p.used} left, not ${o.path.length}.`,
      );
      const air = airborne(f);
      let at = p.at;
      o.path.forEach((h, i) => {
        check(m.has(h) && isAdjacent(at, h), R.moves, `${h} is not next to ${at}: a path goes hex by hex.`);
        check(m.isLand(h), air ? R.air : R.sea, `${h} is sea: armies cross the sea aboard transports (sail).`);
        if (!air && i < o.path.length - 1)
          check(!m.mustStop(at, h, { winter: winter(s) }), R.moves, `Entering ${hexLabel(s, h)} (mountain or swamp) stops all movement.`);
        const why = mayEnter(s, n, prior, h);
        check(!why, R.diplomacy, why ?? '');
        at = h;
      });
      if (air) {
        const end = o.path[o.path.length - 1];
        check(friendlyHex(s, n, end), R.air, `Air battle groups land only in friendly territory; ${hexLabel(s, end)} is not.`);
      } else {
        const all = crossingsBy(s, [...prior, o]);
        let from = p.at;
        for (const h of o.path) {
          const limit = m.sideLimit(from, h, { winter: winter(s) });
          const used = all.get(sideKey(from, h)) ?? 0;
          check(
            limit === null || used <= limit,
            R.sides,
            `The side ${from}→${h} takes ${limit} battle groups a season by ${m.terrain(h)}; your orders would move ${used}.`,
          );
          from = h;
        }
      }
      if (o.attack) {
        const end = o.path[o.path.length - 1];
        const h = holder(s, end);
        // Only what the nation can see counts: the check must not tell it where unseen enemies stand (fog of war).
        const foes = visibleHexes(s, n).has(end) ? Object.values(s.forces).filter((x) => x.hex === end && x.nation !== n && !x.aboard) : [];
        check(
          (h !== null && !allied(s, n, h)) || foes.some((x) => !allied(s, n, x.nation)),
          R.diplomacy,
          `${hexLabel(s, end)} holds no enemy you know of: use move.`,
        );
        for (const x of [h, ...foes.map((y) => y.nation)])
          if (x && x !== n && !allied(s, n, x))
            check(atWar(s, n, x) || declaresWar(prior, x), R.diplomacy, `Declare war on ${nationName(s, x)} before you attack it.`);
      }
      break;
    }
    case 'river': {
      const f = ownForce(s, n, o.force, R.rivers, false);
      check(!winter(s), R.rivers, 'Rivers have no effect in Winter.');
      const p = progress(s, prior, f);
      check(
        p.used === 0 && !p.stopped,
        R.rivers,
        `${f.id} must start its river move where it began the season (start and end in river hexes).`,
      );
      check(m.riverReach(f.hex).includes(o.to), R.rivers, `${hexLabel(s, o.to)} is not on a river reached from ${hexLabel(s, f.hex)}.`);
      const why = mayEnter(s, n, prior, o.to);
      check(!why, R.diplomacy, why ?? '');
      break;
    }
    case 'sail': {
      const f = ownForce(s, n, o.force, R.sea, true);
      const p = progress(s, prior, f);
      check(p.used === 0, R.sea, `${f.id} has sailed already this season.`);
      check(m.isLanding(f.hex), R.sea, `${f.id} is not in a port or on a beach.`);
      const reach = m.seaReach(f.hex, movement(f));
      check(
        reach.has(o.to),
        R.sea,
        `Ships move from a port or beach to another within ${movement(f)} hexes; ${hexLabel(s, o.to)} is not one${
          reach.size
            ? ` (e.g. ${[...reach.keys()]
                .slice(0, 5)
                .map((h) => hexLabel(s, h))
                .join(', ')})`
            : ''
        }.`,
      );
      const transports = f.units.filter((u) => hasTag(u.type, 'transport')).length;
      check(
        o.carry.length <= transports,
        R.boarding,
        `A transport carries one lord's army; ${f.id} has ${plural(transports, 'transport')} for ${o.carry.length}.`,
      );
      const carried = o.carry.map((id) => ownForce(s, n, id, R.boarding, false));
      for (const a of carried) {
        check(
          a.hex === f.hex || isAdjacent(a.hex, f.hex),
          R.boarding,
          `${a.id} must begin the season in or next to ${hexLabel(s, f.hex)}.`,
        );
        check(
          !prior.some((x) => 'force' in x && x.force === a.id) && !prior.some((x) => x.k === 'sail' && x.carry.includes(a.id)),
          R.boarding,
          `${a.id} has other orders this season.`,
        );
      }
      const h = holder(s, o.to);
      const hostile = h !== null && !allied(s, n, h);
      if (hostile) {
        check(atWar(s, n, h) || declaresWar(prior, h), R.diplomacy, `Declare war on ${nationName(s, h)} before you land on its coast.`);
        if (carried.length) {
          check(
            carried.every((a) => a.units.every((u) => hasTag(u.type, 'infantry'))),
            R.amphibious,
            'Only infantry units may take part in an amphibious attack.',
          );
          const bgs = carried.reduce((a, x) => a + x.units.length, 0);
          check(bgs <= 3, R.amphibious, `An amphibious assault is at most 3 regiments per beach, not ${bgs}.`);
        }
      }
      break;
    }
    case 'deploy': {
      const t = unitType(o.type);
      check(Number.isInteger(o.n) && o.n >= 1, R.deployment, 'Deploy at least one unit.');
      const c = m.centreAt(o.at);
      const home = c && c.home !== null && s.owner[c.id] === n && m.homes(n as never).some((x) => x.id === c.id);
      check(
        home,
        t.naval ? R.naval : R.deployment,
        `Reinforcements deploy only in your home ${t.naval ? 'port' : 'city or port'}: ${
          m
            .homes(n as never)
            .filter((x) => s.owner[x.id] === n)
            .map((x) => x.name)
            .join(', ') || 'none held'
        }.`,
      );
      if (t.naval) check(c.home === 'port' && c.port, R.naval, 'New ships deploy in a home port.');
      const have = me.reserve[o.type] ?? 0;
      const pending = prior.filter((x) => x.k === 'deploy' && x.type === o.type).reduce((a, x) => a + (x as { n: number }).n, 0);
      check(have - pending >= o.n, R.reinforcements, `Your reserve pool has ${have - pending} ${t.name} left to activate, not ${o.n}.`);
      checkFreeLord(s, n, o.lord);
      const f = s.forces[o.lord];
      if (f) {
        check(f.hex === o.at && f.naval === t.naval, R.armies, `${o.lord}'s ${f.naval ? 'fleet' : 'army'} is not at ${hexLabel(s, o.at)}.`);
        const joining = prior.filter((x) => x.k === 'deploy' && x.lord === o.lord).reduce((a, x) => a + (x as { n: number }).n, 0);
        check(f.units.length + joining + o.n <= MAX_PER_ARMY, R.armies, `An army or fleet holds at most ${MAX_PER_ARMY}.`);
      }
      break;
    }
    case 'buy': {
      check(s.season === 'winter', R.reinforcements, 'New battle groups and ships are purchased in the Winter turn.');
      check(BUYABLE.includes(o.type), R.reinforcements, `Buy one of: ${BUYABLE.join(', ')}.`);
      check(Number.isInteger(o.n) && o.n >= 1, R.reinforcements, 'Buy at least one.');
      if (unitType(o.type).manpower) {
        // Manpower limits the battle groups raised each year: the centres held at the end of Fall (our reading of "field each year").
        const raised = prior.filter((x) => x.k === 'buy' && unitType(x.type).manpower).reduce((a, x) => a + (x as { n: number }).n, 0);
        check(
          raised + o.n <= me.manpower,
          R.manpower,
          `You may raise ${me.manpower} battle groups this year (centres held at the end of Fall); your orders raise ${raised + o.n}.`,
        );
      }
      break;
    }
    case 'militia': {
      check(m.hasCentre(o.city) && s.owner[o.city] === n, R.militia, 'Fund the militia of a city you hold.');
      check(m.centre(o.city).manpower > 0, R.militia, `${m.centre(o.city).name} has no manpower: no militia.`);
      check(!prior.some((x) => x.k === 'militia' && x.city === o.city), R.militia, 'That militia is funded already.');
      break;
    }
    case 'landsknekt': {
      const c = m.centreAt(o.at);
      check(c && s.owner[c.id] === n, R.landsknekt, 'Landsknekts are placed in a city or port you control.');
      check(Number.isInteger(o.n) && o.n >= 1, R.landsknekt, 'Buy at least one.');
      checkFreeLord(s, n, o.lord);
      const f = s.forces[o.lord];
      if (f)
        check(
          f.hex === o.at && !f.naval && f.units.length + o.n <= MAX_PER_ARMY,
          R.armies,
          `${o.lord}'s army must be at ${hexLabel(s, o.at)} with room for them.`,
        );
      break;
    }
    case 'bribe': {
      const f = s.forces[o.force];
      check(
        f && f.nation !== n && !f.naval && !f.aboard && visibleHexes(s, n).has(f.hex),
        R.loyalty,
        "Name another player's army you can see.",
      );
      check(
        f.units.some((u) => hasTag(u.type, 'mercenary')),
        R.loyalty,
        `${f.id} has no mercenaries.`,
      );
      check(
        o.mode === 'leave' || o.mode === 'switch',
        R.loyalty,
        'At double cost they leave; at four times they switch sides: leave or switch.',
      );
      break;
    }
    case 'match':
      check(Number.isInteger(o.amount) && o.amount >= 1, R.loyalty, 'Match up to a whole amount of money.');
      check(!prior.some((x) => x.k === 'match'), R.loyalty, 'You have a match order already.');
      break;
    case 'war':
      check(
        s.nations[o.nation]?.alive && o.nation !== n,
        R.diplomacy,
        `Declare war on another nation in the game: ${otherNations(s, n)
          .map((x) => nationName(s, x))
          .join(', ')}.`,
      );
      check(!atWar(s, n, o.nation), R.diplomacy, `You are already at war with ${nationName(s, o.nation)}.`);
      check(!allied(s, n, o.nation), R.diplomacy, `${nationName(s, o.nation)} is your ally: leave the alliance first.`);
      check(!declaresWar(prior, o.nation), R.diplomacy, 'War is declared already in your orders.');
      break;
    case 'ally':
      check(
        s.nations[o.nation]?.alive && o.nation !== n,
        R.diplomacy,
        `Ally with another nation in the game: ${otherNations(s, n)
          .map((x) => nationName(s, x))
          .join(', ')}.`,
      );
      check(!atWar(s, n, o.nation), R.diplomacy, `You are at war with ${nationName(s, o.nation)}.`);
      check(!allied(s, n, o.nation), R.diplomacy, `${nationName(s, o.nation)} is already your ally.`);
      break;
    case 'leave':
      check(allianceOf(s, n) !== null, R.diplomacy, 'You are in no alliance.');
      break;
    default:
      throw new RuleError(R.sheet, `Unknown order "${(o as { k: string }).k}".`);
  }
  const ap = [...prior, o].reduce((a, x) => a + apOf(s, x), 0);
  check(ap <= me.ap, R.ap, `Your orders would spend ${ap} action points; you have ${me.ap}.`);
  const money = [...prior, o].reduce((a, x) => a + costOf(s, x), 0);
  check(money <= me.treasury, R.money, `Your orders would cost $${money}; your treasury holds $${me.treasury}.`);
}

/** New troops are led by one of the nation's free lords (Armies). */
function checkFreeLord(s: Wk4State, n: Role, id: string): void {
  const lord = s.lords[id];
  check(
    lord && lord.nation === n && lord.status === 'free',
    R.armies,
    `Name one of your free lords to lead them: ${
      freeLords(s, n)
        .map((l) => s.lords[l].name)
        .join(', ') || 'none'
    }.`,
  );
}

export const freeLords = (s: Wk4State, n: Role): string[] =>
  Object.values(s.lords)
    .filter((l) => l.nation === n && l.status === 'free')
    .map((l) => l.id);

const otherNations = (s: Wk4State, n: Role) => s.order.filter((x) => x !== n && s.nations[x].alive);

/** A path for a "move X to H": the shortest the rules allow (side limits are checked after). */
export function autoPath(s: Wk4State, n: Role, f: Force, from: HexId, to: HexId, budget: number, prior: Order[]): HexId[] | null {
  const m = mapOf(s);
  const air = airborne(f);
  const r = cheapestHexPath(from, to, {
    neighbours: (h) => m.neighbours(h),
    cost: (a, b) => (m.isLand(b) && !mayEnter(s, n, prior, b) ? 1 : null),
    limit: budget,
    // Ours: the search stops in mountains and swamp even along a road (the check then says why, if it must).
    canLeave: (h) => air || !['mountain', 'swamp'].includes(m.terrain(h)),
  });
  return r ? r.path.slice(1) : null;
}

/** Every hex an army can reach this season by land with the shortest path (bots, autocomplete). */
export function reachable(s: Wk4State, n: Role, f: Force, prior: Order[]): Map<HexId, number> {
  const m = mapOf(s);
  const p = progress(s, prior, f);
  if (p.stopped || f.aboard) return new Map();
  const air = airborne(f);
  const { cost } = hexCosts(p.at, {
    neighbours: (h) => m.neighbours(h),
    cost: (_a, b) => (m.isLand(b) && !mayEnter(s, n, prior, b) ? 1 : null),
    limit: movement(f) - p.used,
    canLeave: (h) => air || !['mountain', 'swamp'].includes(m.terrain(h)),
  });
  cost.delete(p.at);
  return cost;
}

export { progress };
