// The AI nations: one order at a time from the listed choices. Each army
// heads for the nearest centre it does not hold (unheld ones first, then an
// enemy's); a nation declares war on a neighbour now and then, funds its
// home militias, buys troops in Winter and calls up its reserves. It never
// challenges results; as umpire it approves and publishes.
import { hexDistance } from '../../engine/hex.ts';
import { UMPIRE, type LegalAction, type Role } from '../../engine/types.ts';
import { mapOf } from './geo.ts';
import { ordersOf, type Order } from './orders.ts';
import { allied, atWar, type Wk4State } from './state.ts';

const itemOf = (l: LegalAction): Order | null => (l.action.type === 'order' ? (l.action.item as unknown as Order) : null);

export function botChoice(s: Wk4State, role: Role, legal: LegalAction[], rand: () => number): LegalAction {
  const by = (t: string) => legal.find((l) => l.action.type === t);
  if (role === UMPIRE) return by('approveall') ?? by('rule') ?? by('publish') ?? legal[0];
  if (s.stage === 'challenges') return by('agree') ?? legal[0];
  const fin = by('final') ?? by('reopen') ?? legal[0];
  if (!by('final')) return fin;
  const mine = ordersOf(s, role);
  const orders = legal.filter((l) => l.action.type === 'order');
  const pick = (pred: (o: Order) => boolean) => orders.find((l) => pred(itemOf(l)!));
  const m = mapOf(s);
  // Diplomacy: war on the weakest neighbour now and then after the first season.
  if (!mine.some((o) => o.k === 'war') && (s.year > 1 || s.season !== 'spring') && rand() < 0.35) {
    const wars = orders.filter((l) => itemOf(l)!.k === 'war');
    if (wars.length && !s.order.some((n) => n !== role && atWar(s, role, n) && s.nations[n].alive))
      return wars[Math.floor(rand() * wars.length)];
  }
  if (s.season === 'winter' && !mine.some((o) => o.k === 'buy')) {
    const buy = pick((o) => o.k === 'buy' && (o.type === 'infantry' || o.type === 'cavalry'));
    if (buy && rand() < 0.8) return buy;
  }
  const deploy = pick((o) => o.k === 'deploy' && !mine.some((x) => x.k === 'deploy' && x.type === o.type));
  if (deploy) return deploy;
  // Each army once a season: toward the nearest centre it does not hold.
  const moved = new Set(mine.filter((o) => 'force' in o).map((o) => (o as { force: string }).force));
  const targets = m.centres.filter((c) => {
    const o = s.owner[c.id];
    return o === null || (o !== role && !allied(s, role, o) && atWar(s, role, o));
  });
  for (const f of Object.values(s.forces)) {
    if (f.nation !== role || f.naval || moved.has(f.id)) continue;
    const mv = orders.filter((l) => {
      const o = itemOf(l)!;
      return o.k === 'move' && o.force === f.id;
    });
    if (!mv.length || !targets.length) continue;
    const goal = targets.reduce((a, c) => (hexDistance(c.hex, f.hex) < hexDistance(a.hex, f.hex) ? c : a));
    const end = (l: LegalAction) => {
      const o = itemOf(l) as Order & { path: string[] };
      return o.path[o.path.length - 1];
    };
    const best = mv.reduce((a, l) => (hexDistance(end(l), goal.hex) < hexDistance(end(a), goal.hex) ? l : a));
    if (hexDistance(end(best), goal.hex) < hexDistance(f.hex, goal.hex) && rand() < 0.9) return best;
  }
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
    } else if (s.season !== 'fall' && s.season !== 'winter' && sails.length && rand() < 0.25)
      return sails[Math.floor(rand() * sails.length)];
  }
  const militia = pick(
    (o) => o.k === 'militia' && m.homes(role as never).some((c) => c.id === o.city) && !mine.some((x) => x.k === 'militia'),
  );
  if (militia && rand() < 0.3) return militia;
  return fin;
}
