// Movement: all movement is simultaneous. Armies and fleets advance hex by
// hex in rounds, nations in initiative order within a round; an army stops
// when it enters a hex holding an enemy force (battle), when a side's limit
// for its player or alliance is used up, or in mountains and swamp. Fleets
// whose ways cross an enemy's at sea stop there and fight (interceptions).
import type { Ctx, Role } from '../../engine/types.ts';
import { airborne, hexLabel, holder, mapOf, movement, winter } from './geo.ts';
import { ordersOf, type Order } from './orders.ts';
import { allied, atWar, blocOf, nationName, type Force, type HexId, type Wk4State } from './state.ts';
import { say } from './report.ts';

interface Step {
  to: HexId;
  kind: 'land' | 'air' | 'river' | 'sea';
  carry?: string[];
  /** Intercepted at sea: the sea hex where it meets the enemy is `to`, reached after `at` hexes. */
  at?: number;
  /** Ordered as an attack (the report says so). */
  attack?: boolean;
}

/** Initiative: most action points spent, then the earlier submission, then seat order (the umpire may reorder: a proposal). */
export function initiativeOrder(s: Wk4State, spent: Record<Role, number>): Role[] {
  const fin = (n: Role) => s.sub.seats[n]?.finalAt ?? Infinity;
  return [...s.order]
    .filter((n) => s.nations[n].alive)
    .sort((a, b) => spent[b] - spent[a] || fin(a) - fin(b) || s.order.indexOf(a) - s.order.indexOf(b));
}

function stepsOf(s: Wk4State, n: Role): Map<string, Step[]> {
  const out = new Map<string, Step[]>();
  const push = (id: string, st: Step) => out.set(id, [...(out.get(id) ?? []), st]);
  for (const o of ordersOf(s, n) as Order[]) {
    if (o.k === 'move') {
      const f = s.forces[o.force];
      if (!f) continue;
      for (const h of o.path) push(o.force, { to: h, kind: airborne(f) ? 'air' : 'land', attack: o.attack });
    } else if (o.k === 'river') push(o.force, { to: o.to, kind: 'river' });
    else if (o.k === 'sail') push(o.force, { to: o.to, kind: 'sea', carry: o.carry });
  }
  return out;
}

const hostileHere = (s: Wk4State, f: Force, hex: HexId) =>
  Object.values(s.forces).some((x) => x.hex === hex && !x.aboard && x.id !== f.id && atWar(s, x.nation, f.nation) && x.naval === f.naval);

/**
 * Movement: "Naval Forces may pass through the same sea hex occupied or
 * passed through by either Friendly or Neutral countries" — so not an
 * enemy's. Two fleets at war whose ways share a sea hex meet in it (ours:
 * moves are simultaneous, so a way passed earlier in the season counts; of
 * several shared hexes the one both reach soonest, then the lowest id), and
 * a fleet whose way runs through a hex where an enemy fleet has stopped
 * stops there too and joins the fight. Meetings are taken in the order of
 * the season: a fleet already stopped by one enemy is not drawn back to a
 * hex it passed before; a later fleet finds its way barred there instead
 * (it stops, with no battle unless another enemy meets it, and sails back).
 * The meeting ends their sea moves (a naval battle).
 */
export function interceptions(s: Wk4State, plans: Map<string, Step[]>): void {
  const m = mapOf(s);
  const route = new Map<string, HexId[]>();
  for (const [id, plan] of plans) {
    const f = s.forces[id];
    const st = plan[0];
    if (!f || !f.naval || st?.kind !== 'sea') continue;
    const path = m.seaPath(f.hex, st.to, movement(f));
    if (path) route.set(id, path.slice(0, -1));
  }
  const stopAt = new Map<string, HexId>();
  const barred = new Set<string>();
  const stop = (id: string, hex: HexId) => {
    const r = route.get(id)!;
    stopAt.set(id, hex);
    route.set(id, r.slice(0, r.indexOf(hex) + 1));
  };
  const ids = [...route.keys()].sort();
  for (;;) {
    let best: { t: number; hex: HexId; f: string; g: string } | null = null;
    for (const f of ids)
      for (const g of ids) {
        if (f >= g || !atWar(s, s.forces[f].nation, s.forces[g].nation)) continue;
        const rf = route.get(f)!;
        const rg = route.get(g)!;
        for (const hex of rf) {
          const j = rg.indexOf(hex);
          if (j < 0) continue;
          const [sf, sg] = [stopAt.get(f), stopAt.get(g)];
          // Both already stopped (here, or each elsewhere): nothing new happens between them.
          if (sf !== undefined && sg !== undefined) continue;
          const t = Math.max(rf.indexOf(hex), j);
          if (!best || t < best.t || (t === best.t && hex < best.hex)) best = { t, hex, f, g };
        }
      }
    if (!best) break;
    const { hex, f, g } = best;
    const [sf, sg] = [stopAt.get(f), stopAt.get(g)];
    if (sf === undefined && sg === undefined) {
      stop(f, hex);
      stop(g, hex);
    } else {
      // One of them already stopped earlier in the season: the other joins it there, or finds the way it passed barred.
      const [moving, halted] = sf === undefined ? [f, sg!] : [g, sf];
      stop(moving, hex);
      if (halted !== hex) barred.add(moving);
    }
  }
  for (const [id, hex] of stopAt) {
    const st = plans.get(id)![0];
    const f = s.forces[id];
    say(
      s,
      [f.nation],
      barred.has(id)
        ? `${f.id}, sailing for ${hexLabel(s, st.to)}, finds its way barred at sea (${hex}): an enemy fleet passed there.`
        : `${f.id}, sailing for ${hexLabel(s, st.to)}, meets an enemy fleet at sea (${hex}).`,
    );
    st.to = hex;
    st.at = route.get(id)!.length;
  }
}

/** Carry out every nation's moves; returns the forces that arrived by sea (landings to resolve). */
export function moveAll(s: Wk4State, ctx: Ctx): void {
  const m = mapOf(s);
  const plans = new Map<string, Step[]>();
  for (const n of s.initiative) for (const [id, st] of stepsOf(s, n)) plans.set(id, st);
  // Where each was bound, before interceptions cut sea moves short.
  const ordered = [...plans].map(([id, st]) => ({ id, from: s.forces[id]?.hex, last: { ...st[st.length - 1] }, kind: st[0]?.kind }));
  const head = s.report.length;
  interceptions(s, plans);
  let arrival = 0;
  for (let round = 0; round < 20 && [...plans.values()].some((p) => p.length); round++) {
    for (const n of s.initiative) {
      for (const [id, plan] of plans) {
        const f = s.forces[id];
        if (!f || f.nation !== n || !plan.length) continue;
        const st = plan.shift()!;
        const from = f.hex;
        // A step that no longer starts where the army stands (it was stopped, or carried): the rest of its move is void.
        if ((st.kind === 'land' || st.kind === 'air') && !m.neighbours(from).includes(st.to)) {
          plan.length = 0;
          continue;
        }
        if (st.kind === 'land') {
          const limit = m.sideLimit(from, st.to, { winter: winter(s) });
          const key = `${from}>${st.to}|${blocOf(s, n)}`;
          const used = s.crossings[key] ?? 0;
          if (limit !== null && used + f.units.length > limit) {
            say(
              s,
              [n],
              `${f.id} stops at ${hexLabel(s, from)}: the side into ${hexLabel(s, st.to)} is closed to your side this season (${limit} battle groups).`,
            );
            plan.length = 0;
            continue;
          }
          s.crossings[key] = used + f.units.length;
        }
        const h = holder(s, st.to);
        if (st.kind !== 'sea' && h && !allied(s, n, h) && !atWar(s, n, h)) {
          say(
            s,
            [n],
            `${f.id} stops at ${hexLabel(s, from)}: ${hexLabel(s, st.to)} is ${nationName(s, h)}'s and you are neither allied nor at war.`,
          );
          plan.length = 0;
          continue;
        }
        f.hex = st.to;
        f.cameFrom = from;
        f.moved += st.kind === 'sea' ? (st.at ?? m.seaReach(from, movement(f)).get(st.to) ?? 1) : 1;
        // At sea, who got there first (fewer hexes sailed) is the defender.
        (f as Force & { arrived?: number }).arrived = st.at !== undefined ? st.at * 1000 + ++arrival : ++arrival;
        if (st.kind === 'sea') {
          for (const a of st.carry ?? []) {
            const army = s.forces[a];
            if (!army || army.nation !== n) continue;
            army.aboard = f.id;
            army.cameFrom = army.hex;
            army.hex = st.to;
            f.carrying.push(a);
          }
        }
        if (st.kind === 'river' || (st.kind === 'land' && m.mustStop(from, st.to, { winter: winter(s) }))) plan.length = 0;
        if (hostileHere(s, f, st.to)) {
          plan.length = 0;
          say(s, [n], `${f.id} meets the enemy at ${hexLabel(s, st.to)}.`);
        }
      }
    }
  }
  // Where each force got to comes first, then why some stopped (said as they stopped).
  const tail = s.report.length;
  for (const o of ordered) moveLine(s, o.id, o.from, o.last, o.kind);
  s.report.splice(head, 0, ...s.report.splice(tail));
  void ctx;
}

/**
 * What a nation's move orders did, for its own report: its own force's
 * hexes only (why it stopped is said in the line the stop made).
 */
function moveLine(s: Wk4State, id: string, from: HexId | undefined, last: Partial<Step>, kind: Step['kind'] | undefined): void {
  const f = s.forces[id];
  if (!f || !from || !last.to || !kind) return;
  const to = last.to;
  const verb = `${{ land: 'marches', air: 'flies', river: 'moves by river', sea: 'sails' }[kind]}${last.attack ? ' to attack' : ''}`;
  const carried = f.carrying.length ? `, carrying ${f.carrying.join(', ')}` : '';
  const text =
    f.hex === from
      ? `${f.id} stays at ${hexLabel(s, from)} (ordered to ${hexLabel(s, to)}).`
      : `${f.id} ${verb} from ${hexLabel(s, from)} to ${hexLabel(s, f.hex)}${carried}` +
        `${f.hex === to ? '' : `, short of ${hexLabel(s, to)} (ordered)`}.`;
  say(s, [f.nation], text);
}
