// The orders a nation can be offered as a list (autocomplete, buttons, bots,
// fuzz): each is checked by the same check as a typed order, so a listed
// order is always accepted. Paths, quantities and sheets stay open.
import { RuleError } from '../../engine/errors.ts';
import { hexCosts } from '../../engine/hex.ts';
import type { Role } from '../../engine/types.ts';
import { hasTag, unitType } from './data.ts';
import { hexLabel, holder, mapOf, movement, visibleHexes, winter } from './geo.ts';
import { orderLabel } from './labels.ts';
import { checkOrder, freeLords, ordersOf, progress, type Order } from './orders.ts';
import { allied, atWar, type Wk4State } from './state.ts';

export interface Choice {
  item: Order;
  label: string;
  sub: string;
  args: Record<string, string>;
  argLabels?: Record<string, string>;
}

const ok = (s: Wk4State, n: Role, o: Order, prior: Order[]): boolean => {
  try {
    checkOrder(s, n, o, prior);
    return true;
  } catch (e) {
    if (e instanceof RuleError) return false;
    throw e;
  }
};

/** Land moves of one army: the shortest path to each hex it can reach this season. */
function moves(s: Wk4State, n: Role, prior: Order[]): Choice[] {
  const m = mapOf(s);
  const out: Choice[] = [];
  const seen = visibleHexes(s, n);
  for (const f of Object.values(s.forces)) {
    if (f.nation !== n || f.naval || f.aboard) continue;
    const p = progress(s, prior, f);
    if (p.stopped) continue;
    const { cost, prev } = hexCosts(p.at, {
      neighbours: (h) => m.neighbours(h),
      cost: (_a, b) => {
        if (!m.isLand(b)) return null;
        const h = holder(s, b);
        return h === null || allied(s, n, h) || atWar(s, n, h) ? 1 : null;
      },
      limit: movement(f) - p.used,
      canLeave: (h) => !['mountain', 'swamp'].includes(m.terrain(h)),
    });
    for (const to of cost.keys()) {
      if (to === p.at) continue;
      const path = [to];
      while (prev.get(path[0]) !== p.at) path.unshift(prev.get(path[0])!);
      const enemy = seen.has(to) && Object.values(s.forces).some((x) => x.hex === to && !x.aboard && atWar(s, x.nation, n));
      const h = holder(s, to);
      const item: Order = { k: 'move', force: f.id, path, attack: enemy || (h !== null && atWar(s, n, h)) };
      if (!ok(s, n, item, prior)) continue;
      out.push({
        item,
        label: orderLabel(s, item),
        sub: item.attack ? 'attack' : 'move',
        args: { army: f.id, to },
        argLabels: { to: hexLabel(s, to) },
      });
    }
  }
  return out;
}

export function orderChoices(s: Wk4State, n: Role): Choice[] {
  const prior = ordersOf(s, n);
  const m = mapOf(s);
  const out: Choice[] = moves(s, n, prior);
  const add = (item: Order, sub: string, args: Record<string, string>, argLabels?: Record<string, string>) => {
    if (ok(s, n, item, prior)) out.push({ item, label: orderLabel(s, item), sub, args, argLabels });
  };
  for (const f of Object.values(s.forces)) {
    if (f.nation !== n) continue;
    if (f.naval && m.isLanding(f.hex))
      for (const to of m.seaReach(f.hex, movement(f)).keys())
        add({ k: 'sail', force: f.id, to, carry: [] }, 'sail', { fleet: f.id, to }, { to: hexLabel(s, to) });
    if (!f.naval && !winter(s) && m.isRiverHex(f.hex))
      for (const to of m.riverReach(f.hex)) add({ k: 'river', force: f.id, to }, 'river', { army: f.id, to }, { to: hexLabel(s, to) });
  }
  for (const x of s.order) {
    if (x === n || !s.nations[x].alive) continue;
    add({ k: 'war', nation: x }, 'war', { nation: x }, { nation: s.nations[x].name });
    add({ k: 'ally', nation: x }, 'ally', { nation: x }, { nation: s.nations[x].name });
  }
  add({ k: 'leave' }, 'leave', {});
  const me = s.nations[n];
  for (const c of m.centres)
    if (s.owner[c.id] === n && c.manpower > 0) add({ k: 'militia', city: c.id }, 'militia', { city: c.id }, { city: c.name });
  if (s.season === 'winter')
    for (const t of ['infantry', 'heavy', 'light', 'cavalry', 'archers', 'artillery', 'baggage', 'warship', 'transport'])
      for (const k of [1, 2, 3]) add({ k: 'buy', type: t, n: k }, 'buy', { type: t, count: String(k) }, { type: unitType(t).name });
  // Reserves: to an army at a home city or port, or a new one under a free lord without a force.
  for (const c of m.homes(n as never)) {
    if (s.owner[c.id] !== n) continue;
    for (const [t, k] of Object.entries(me.reserve)) {
      if (!k) continue;
      const naval = unitType(t).naval;
      const lords = freeLords(s, n).filter((l) => (s.forces[l] ? s.forces[l].hex === c.hex && s.forces[l].naval === naval : true));
      const pick = lords.find((l) => s.forces[l]) ?? lords[0];
      if (pick)
        add(
          { k: 'deploy', type: t, n: k, at: c.hex, lord: pick },
          'deploy',
          { type: t, count: String(k), at: c.hex, lord: pick },
          { at: c.name, type: unitType(t).name },
        );
    }
  }
  void hasTag;
  return out;
}
