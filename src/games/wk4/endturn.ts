// The end of a turn, as the preliminary results are published: captures of
// objectives, attrition, winter quarters, the economy at the end of Fall and
// Winter; and victory when results become official.
import type { Role } from '../../engine/types.ts';
import { hasTag, unitType } from './data.ts';
import { airborne, friendlyHex, hexLabel, holder, mapOf, movement } from './geo.ts';
import { CENTRE_AP, CENTRE_VP } from './map.ts';
import { say } from './report.ts';
import { allianceOf, allied, nationName, newId, type Force, type Wk4State } from './state.ts';

/**
 * Capturing territory: a centre is taken by the nation with at least one
 * battle group in it at the end of the turn and no one else's there (not by
 * moving through). Ours: a centre left empty stays its holder's until someone
 * takes it (the text's "must occupy to retain" would empty the map every turn).
 */
export function captures(s: Wk4State): void {
  const m = mapOf(s);
  for (const c of m.centres) {
    const here = Object.values(s.forces).filter(
      (f) => f.hex === c.hex && !f.naval && !f.aboard && f.units.some((u) => !hasTag(u.type, 'baggage')),
    );
    const nations = [...new Set(here.map((f) => f.nation))];
    if (nations.length !== 1) continue;
    const n = nations[0];
    const was = s.owner[c.id];
    if (was === n || (was && allied(s, n, was))) continue;
    s.owner[c.id] = n;
    say(s, null, `${nationName(s, n)} captures ${c.name} (${c.kind})${was ? ` from ${nationName(s, was)}` : ''}.`);
  }
}

/** Air Movement: an air force whose landing zone is no longer friendly diverts to the nearest friendly hex it can reach (a proposal), or is lost. */
export function airDiversions(s: Wk4State): void {
  const m = mapOf(s);
  for (const f of Object.values(s.forces)) {
    if (!airborne(f) || f.moved === 0 || friendlyHex(s, f.nation, f.hex)) continue;
    const left = Math.max(1, movement(f) - f.moved);
    const opts = m
      .hexIds()
      .filter((h) => m.isLand(h) && friendlyHex(s, f.nation, h))
      .map((h) => ({ h, d: distance(h, f.hex) }))
      .filter((x) => x.d <= left)
      .sort((a, b) => a.d - b.d || (a.h < b.h ? -1 : 1));
    if (!opts.length) {
      say(s, [f.nation], `${f.id}'s flyers find no friendly ground within reach and are lost.`);
      delete s.forces[f.id];
      s.lords[f.lord].status = 'captured';
      continue;
    }
    s.proposals.push({
      id: newId(s, 'p'),
      kind: 'divert',
      text: `Diverted air units of ${f.id}: ${hexLabel(s, f.hex)} is not friendly`,
      nations: [f.nation],
      options: opts.slice(0, 6).map((o) => ({ id: o.h, label: hexLabel(s, o.h) })),
      choice: opts[0].h,
      status: 'proposed',
      note: null,
      force: f.id,
    });
    f.hex = opts[0].h;
  }
}

function distance(a: string, b: string): number {
  const [aq, ar] = a.split(',').map(Number);
  const [bq, br] = b.split(',').map(Number);
  return (Math.abs(aq - bq) + Math.abs(ar - br) + Math.abs(aq + ar - bq - br)) / 2;
}

const ATTRITION: Record<string, Record<string, number>> = {
  spring: { clear: 0, mountain: 1, desert: 1, swamp: 2 },
  summer: { clear: 0, mountain: 2, desert: 4, swamp: 4 },
  fall: { clear: 0, mountain: 1, desert: 1, swamp: 2 },
  winter: { clear: 1, mountain: 4, desert: 4, swamp: 2 },
};

/** Steps a battle group loses to attrition (ATTRITION; forest is not in the table: as clear, ours). */
export const attritionSteps = (season: string, terrain: string): number =>
  ATTRITION[season]?.[terrain === 'forest' ? 'clear' : terrain] ?? 0;

/** Attrition, winter quarters and ships lost outside port. */
export function attritionAndQuarters(s: Wk4State): void {
  const m = mapOf(s);
  const quartered = new Set<string>();
  if (s.season === 'winter') {
    // Winter Quarters: battle groups in friendly cities and ports, ships in friendly ports, up to the centre's value.
    for (const c of m.centres) {
      const o = s.owner[c.id];
      if (!o) continue;
      let room = c.value;
      let shipRoom = c.port ? c.value : 0;
      for (const f of Object.values(s.forces).filter((x) => x.hex === c.hex && allied(s, x.nation, o)))
        for (const u of f.units) {
          if (f.naval && shipRoom > 0) {
            quartered.add(u.id);
            shipRoom--;
          } else if (!f.naval && room > 0) {
            quartered.add(u.id);
            room--;
          }
        }
    }
    for (const f of Object.values(s.forces).filter((x) => x.naval)) {
      const lost = f.units.filter((u) => !quartered.has(u.id));
      if (!lost.length) continue;
      f.units = f.units.filter((u) => quartered.has(u.id));
      say(s, [f.nation], `${f.id} loses ${lost.length} ship${lost.length === 1 ? '' : 's'} wintering outside a port (Winter Quarters).`);
      if (!f.units.length) delete s.forces[f.id];
    }
  }
  for (const f of Object.values(s.forces)) {
    if (f.naval) continue;
    const loss = attritionSteps(s.season, m.terrain(f.hex));
    let lost = 0;
    for (const u of f.units) {
      if (quartered.has(u.id) || loss === 0) continue;
      const after = Math.max(1, u.steps - loss);
      lost += u.steps - after;
      u.steps = after;
    }
    if (lost)
      say(
        s,
        [f.nation],
        `${f.id} loses ${lost} step${lost === 1 ? '' : 's'} to attrition at ${hexLabel(s, f.hex)} (${m.terrain(f.hex)}, ${s.season}).`,
      );
  }
  if (s.season === 'winter') {
    let restored = 0;
    for (const f of Object.values(s.forces))
      for (const u of f.units)
        if (quartered.has(u.id) && u.steps < unitType(u.type).steps) {
          u.steps = unitType(u.type).steps;
          restored++;
        }
    if (restored) say(s, null, `${restored} unit${restored === 1 ? '' : 's'} in winter quarters return to full strength.`);
  }
}

/** The economy: taxes and manpower at the end of Fall, action points at the end of Winter. */
export function economy(s: Wk4State): void {
  const m = mapOf(s);
  for (const n of s.order) {
    const me = s.nations[n];
    if (!me.alive) continue;
    const held = m.centres.filter((c) => s.owner[c.id] === n);
    if (s.season === 'fall') {
      const tax = held.reduce((a, c) => a + c.value, 0);
      me.treasury += tax;
      me.manpower = held.length;
      say(s, [n], `Taxes: $${tax} from ${held.length} cities and ports (treasury $${me.treasury}); manpower for the year: ${me.manpower}.`);
    }
    if (s.season === 'winter') {
      const ap = held.reduce((a, c) => a + CENTRE_AP[c.kind], 0);
      me.ap += ap;
      say(s, [n], `Action points: +${ap} (1 per minor, 5 per major centre held): ${me.ap}.`);
    }
    me.militia = [];
  }
}

export function vpOf(s: Wk4State, n: Role, owner: Record<string, Role | null> = s.owner): number {
  const m = mapOf(s);
  return m.centres.filter((c) => owner[c.id] === n).reduce((a, c) => a + CENTRE_VP[c.kind], 0);
}

/**
 * OBJECTIVES & VICTORY: VP needed by alliance size (79, 94, 110, 125, 141,
 * 156 of 156). The introduction's "70" conflicts with the table; we use the
 * table (the facts file: 70 is a leftover of another edition). On a smaller
 * map the thresholds keep their share of all VP (rounded up).
 */
export const VP_TABLE = [79, 94, 110, 125, 141, 156];
export function vpNeeded(s: Wk4State, members: number): number {
  const total = mapOf(s).totalVp();
  const t = VP_TABLE[Math.min(6, Math.max(1, members)) - 1];
  return Math.min(total, Math.ceil((t * total) / 156));
}

/** Blocs (alliances, or nations alone) and their VP. */
export function blocs(s: Wk4State): { members: Role[]; vp: number; needed: number }[] {
  const seen = new Set<Role>();
  const out: { members: Role[]; vp: number; needed: number }[] = [];
  for (const n of s.order) {
    if (seen.has(n) || !s.nations[n].alive) continue;
    const al = allianceOf(s, n);
    const members = (al ? s.alliances[al] : [n]).filter((x) => s.nations[x].alive);
    members.forEach((x) => seen.add(x));
    const vp = members.reduce((a, x) => a + vpOf(s, x), 0);
    out.push({ members, vp, needed: vpNeeded(s, members.length) });
  }
  return out;
}

/** A nation with no centre and no force is out. */
export function eliminations(s: Wk4State): void {
  for (const n of s.order) {
    const me = s.nations[n];
    if (!me.alive) continue;
    const has = Object.values(s.owner).includes(n) || Object.values(s.forces).some((f: Force) => f.nation === n);
    if (!has) {
      me.alive = false;
      say(s, null, `${me.name} is no more.`);
    }
  }
}

export { holder };
