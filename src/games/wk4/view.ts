// What each viewer may see. A nation: its own forces in full, foreign forces
// in the hexes its forces stand in and next to (fog of war), its own orders,
// reports and challenges, and the public facts (centre owners, wars,
// alliances, VP). The umpire and moderators: everything. Spectators: the
// official results and the public map only.
import type { Role, Viewer } from '../../engine/types.ts';
import { seesAll } from '../../engine/viewers.ts';
import { unitType } from './data.ts';
import { blocs, vpOf } from './endturn.ts';
import { hexLabel, visibleHexes } from './geo.ts';
import { orderLabel } from './labels.ts';
import type { NationId } from './nations.ts';
import type { Order } from './orders.ts';
import type { Wk4Marker, Wk4Picture, Wk4Trail } from './picture.ts';
import { linesFor } from './report.ts';
import { nationName, seasonName, stageOf, type Wk4State } from './state.ts';
import { plural } from '../../messages/text.ts';

export interface Wk4View {
  viewer: string;
  title: string;
  stage: string;
  season: string;
  picture: Wk4Picture;
  nations: { id: Role; name: string; vp: number; alive: boolean }[];
  wars: string[];
  alliances: string[];
  /** The viewer's own nation in full (null for others). */
  own: null | {
    nation: Role;
    treasury: number;
    ap: number;
    manpower: number;
    reserve: string[];
    forces: string[];
    orders: string[];
    final: boolean;
  };
  /** Report lines the viewer may read now (the season's, once adjudicated; while orders are written, the last season's). */
  report: string[];
  proposals: string[];
  challenges: string[];
  rulings: string[];
  result: string | null;
  [k: string]: unknown;
}

export function forceLine(s: Wk4State, id: string): string {
  const f = s.forces[id];
  const lord = s.lords[f.lord];
  const counts = new Map<string, number>();
  for (const u of f.units) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  const steps = f.units.reduce((a, u) => a + u.steps, 0);
  const max = f.units.reduce((a, u) => a + unitType(u.type).steps, 0);
  const what = [...counts].map(([t, k]) => `${k} ${unitType(t).name}`).join(', ');
  const kind = f.naval ? 'fleet' : 'army';
  const green = f.units.some((u) => u.green) ? ', some green' : '';
  return `${f.id} ${kind} of ${lord.name} (${lord.trait.replace('_', ' ')}) at ${hexLabel(s, f.hex)}: ${what} — ${steps}/${max} steps${green}`;
}

export function buildView(s: Wk4State, viewer: Viewer): Wk4View {
  const all = seesAll(viewer);
  const me = viewer.kind === 'seat' && s.nations[viewer.role] ? viewer.role : null;
  const spectator = !all && !me;
  const stage = stageOf(s);
  const owners = spectator ? s.official.owner : s.owner;
  const seen = me ? visibleHexes(s, me) : null;
  const markers: Wk4Marker[] = spectator
    ? []
    : Object.values(s.forces)
        .filter((f) => !f.aboard && (all || f.nation === me || seen!.has(f.hex)))
        .map((f) => ({
          id: f.id,
          kind: f.naval ? ('fleet' as const) : ('army' as const),
          nation: f.nation as NationId,
          hex: f.hex,
          label: s.lords[f.lord].name,
          strength: all || f.nation === me ? f.units.length : null,
        }));
  const vp = Object.fromEntries(s.order.map((n) => [n, vpOf(s, n, owners)])) as Partial<Record<NationId, number>>;
  const wars = (spectator ? s.official.wars : s.wars).map((w) =>
    w
      .split('|')
      .map((n) => nationName(s, n))
      .join(' vs '),
  );
  const alliances = Object.values(spectator ? s.official.alliances : s.alliances).map((m) => m.map((n) => nationName(s, n)).join(' + '));
  const stageName = {
    orders: 'orders',
    initiative: 'umpire sets the order of movement',
    review: 'umpire review',
    challenges: 'preliminary results (challenges)',
    ruling: 'umpire rules on challenges',
    over: 'campaign over',
  }[stage];
  const published = stage === 'challenges' || stage === 'ruling' || stage === 'over';
  const battlesSeen = spectator ? [] : s.battles.filter((b) => all || published || b.attacker.includes(me!) || b.defender.includes(me!));
  const picture: Wk4Picture = {
    map: s.options.map,
    title: `${seasonName(spectator ? s.official : s)} · ${spectator ? 'official results' : stageName}`,
    viewer: all ? 'umpire' : me ? (me as NationId) : 'public',
    visible: all || spectator ? 'all' : [...seen!],
    owners: owners as Record<string, NationId | null>,
    markers,
    battles: battlesSeen.map((b) => ({
      hex: b.hex,
      kind: b.kind === 'landing' ? 'amphibious' : b.kind,
      // The odds are the battle's detail, for those who fought it (and the umpire); others learn who won.
      label: `${all || b.attacker.includes(me!) || b.defender.includes(me!) ? `${String(b.ratio)} · ` : ''}${(b.winner === 'attacker'
        ? b.attacker
        : b.defender
      )
        .map((n) => nationName(s, n))
        .join('/')} win`,
    })),
    focus: me ? markers.filter((x) => x.nation === me).map((x) => x.hex) : undefined,
    vp,
    notes: [...wars.map((w) => `War: ${w}`), ...alliances.map((a) => `Alliance: ${a}`)],
  };
  const mineOrders = me ? ((s.sub.seats[me]?.items ?? []) as unknown as Order[]) : [];
  // A nation's own orders drawn as trails while it writes them (nobody else's: they are secret).
  if (me && stage === 'orders') picture.trails = trails(s, me, mineOrders);
  return {
    viewer: all ? 'umpire' : (me ?? 'spectator'),
    title: picture.title,
    stage,
    season: seasonName(s),
    picture,
    nations: s.order.map((n) => ({ id: n, name: nationName(s, n), vp: vp[n as NationId] ?? 0, alive: s.nations[n].alive })),
    wars,
    alliances,
    own: me
      ? {
          nation: me,
          treasury: s.nations[me].treasury,
          ap: s.nations[me].ap,
          manpower: s.nations[me].manpower,
          reserve: Object.entries(s.nations[me].reserve).map(([t, k]) => `${k} ${unitType(t).name}`),
          forces: Object.keys(s.forces)
            .filter((id) => s.forces[id].nation === me)
            .map((id) => forceLine(s, id)),
          orders: mineOrders.map((o) => orderLabel(s, o)),
          final: !!s.sub.seats[me]?.final,
        }
      : null,
    report: reportLines(s, all, me, spectator),
    proposals: all
      ? s.proposals.map(
          (p) =>
            `${p.id} [${p.status}] ${p.text} → ${p.options.find((o) => o.id === p.choice)?.label ?? p.choice}` +
            `${p.note ? ` (${p.note})` : ''}${p.options.length > 1 ? ` · options: ${p.options.map((o) => o.id).join(', ')}` : ''}`,
        )
      : [],
    challenges: s.challenges
      .filter((c) => all || c.nation === me)
      .map((c, i) => `${i + 1}. ${nationName(s, c.nation)}: ${c.reason}${c.ruling ? ` — ${c.ruling}` : ''}`),
    rulings: all ? [...s.rulings] : [],
    result: s.stack.ended?.summary ?? null,
    forcesAll: all ? Object.keys(s.forces).map((id) => forceLine(s, id)) : [],
    blocs: blocs(s).map((b) => `${b.members.map((n) => nationName(s, n)).join(' + ')}: ${b.vp}/${b.needed} VP`),
  };
}

/**
 * The season's report once the nations may read it; while the next orders are
 * written, the last official season's (its lines stay until the next season
 * opens), headed by its season. Spectators: the official public lines only.
 */
function reportLines(s: Wk4State, all: boolean, me: Role | null, spectator: boolean): string[] {
  const stage = stageOf(s);
  const last = stage === 'orders' || (stage === 'over' && spectator);
  if (spectator && !last) return [];
  if (!all && (stage === 'review' || stage === 'initiative')) return [];
  const lines = linesFor(s, all ? 'all' : spectator ? 'public' : me!);
  if (!last) return lines;
  return lines.length ? [`Report of the ${seasonName(s.official)}:`, ...lines] : [];
}

function trails(s: Wk4State, me: Role, orders: Order[]): Wk4Trail[] {
  const at = new Map<string, string>();
  const out: Wk4Trail[] = [];
  for (const o of orders) {
    if (o.k !== 'move' && o.k !== 'river' && o.k !== 'sail') continue;
    const f = s.forces[o.force];
    if (!f) continue;
    const from = at.get(f.id) ?? f.hex;
    const hexes = o.k === 'move' ? [from, ...o.path] : [from, o.to];
    at.set(f.id, hexes[hexes.length - 1]);
    out.push({ nation: me as NationId, hexes, kind: o.k === 'move' ? 'land' : o.k === 'river' ? 'river' : 'sea' });
  }
  return out;
}

export function summarize(v: Wk4View, viewer: Viewer): string {
  // The seat by its nation's name, never its id (issue 19 §7).
  const who = viewer.kind === 'seat' ? (v.nations.find((n) => n.id === viewer.role)?.name ?? viewer.role) : viewer.kind;
  const lines = [`Warrior Kings IV — ${v.title} (${who})`];
  lines.push(`VP: ${v.nations.map((n) => `${n.name} ${n.vp}${n.alive ? '' : ' (out)'}`).join(', ')}`);
  if (v.wars.length) lines.push(`Wars: ${v.wars.join('; ')}`);
  if (v.alliances.length) lines.push(`Alliances: ${v.alliances.join('; ')}`);
  if (v.own)
    lines.push(
      `Treasury $${v.own.treasury}, ${v.own.ap} AP, manpower ${v.own.manpower}; ${plural(v.own.forces.length, 'army or fleet', 'armies and fleets')}.`,
    );
  if (v.result) lines.push(v.result);
  return lines.join('\n');
}

export function phaseLabel(s: Wk4State): string {
  const stage = stageOf(s);
  return stage === 'over' ? 'Campaign over' : `${seasonName(s)}: ${stage}`;
}
