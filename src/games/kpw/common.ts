// Rules shared by several phases: site conditions (4.2), stacking (6.3, 6.4),
// who controls what, entering spaces (12.1), VP and provisions (13.5).
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import type { Modifier } from '../../engine/tables.ts';
import { kpwData } from './data.ts';
import { kpwMap, maxDamage, siteSide, sitesOf, spaceOf, spaceName } from './map.ts';
import { at, isInf, isLeader, note, other, WAMPANOAG, type KpwState, type Side, type Unit } from './state.ts';

export const damageOf = (s: KpwState, id: string): number => s.damage[id] ?? 0;

/** An undamaged/raided/damaged/breached site still standing (not razed). */
export function intact(s: KpwState, id: string): boolean {
  return spaceOf(id).kind !== 'neutral' && damageOf(s, id) < maxDamage(id);
}

export function razed(s: KpwState, id: string): boolean {
  return spaceOf(id).kind !== 'neutral' && damageOf(s, id) >= maxDamage(id);
}

/** Neutral spaces and razed sites (4.2). */
export function isOpen(s: KpwState, id: string): boolean {
  return !intact(s, id);
}

/** SP the site adds in battle (13.4). */
export function siteSP(s: KpwState, id: string): number {
  if (!intact(s, id)) return 0;
  const d = damageOf(s, id);
  if (spaceOf(id).kind === 'fort') return Math.max(0, 2 - d);
  return d === 0 ? 1 : 0;
}

export function siteCondition(s: KpwState, id: string): 'undamaged' | 'raided' | 'razed' | 'damaged' | 'breached' {
  const d = damageOf(s, id);
  if (d >= maxDamage(id)) return 'razed';
  if (spaceOf(id).kind === 'fort') return d === 0 ? 'undamaged' : d === 1 ? 'damaged' : 'breached';
  return d === 0 ? 'undamaged' : 'raided';
}

/** Side owning an intact site in the space (enemy settlements/villages bar entry). */
export function intactSiteSide(s: KpwState, id: string): Side | null {
  return intact(s, id) ? siteSide(id) : null;
}

export function tribeAllied(s: KpwState, tribe: string): boolean {
  return s.tribes[tribe]?.status === 'allied';
}

/** The player commands this unit now (neutral tribes' counters stay put). */
export function controlled(s: KpwState, u: Unit): boolean {
  if (u.side === 'english') return true;
  if (u.id === 'philip' || u.id === 'canonchet') return true;
  return tribeAllied(s, u.owner);
}

export function hasKey(units: Unit[]): boolean {
  return units.some((u) => u.kind === 'key');
}

export function leaderOf(units: Unit[]): Unit | undefined {
  return units.find(isLeader);
}

/** Why a set of units may not form one stack, or null (6.3, 6.4, 18.1). */
export function stackProblem(s: KpwState, units: Unit[]): string | null {
  const leaders = units.filter(isLeader);
  if (leaders.length > 1) return 'Leaders may not stack with other leaders (6.4).';
  const inf = units.filter(isInf);
  const cap = leaders.length ? 3 : 2;
  if (inf.length > cap) return `A stack may hold ${cap} Infantry${leaders.length ? '' : ' without a leader'} (6.3).`;
  if (!units.length) return null;
  if (units[0].side === 'english') {
    if (!s.churchEntered) {
      const cols = new Set(inf.filter((u) => u.kind === 'soldier').map((u) => u.owner));
      if (cols.size > 1) return 'Soldiers of different colonies may not stack before Church enters (6.3).';
    }
  } else {
    if (!leaders.some((l) => l.id === 'philip' || l.id === 'canonchet')) {
      const groups = new Set(inf.map((u) => (WAMPANOAG.has(u.owner) ? 'W' : u.owner)));
      if (groups.size > 1) return 'Warriors of different tribes stack only with Philip or Canonchet (6.3).';
    }
  }
  return null;
}

/** May units of `side` be in this space at all (12.1)? 'pass' = only passing through. */
export function entry(s: KpwState, side: Side, id: string, viaRiver: boolean): 'stop' | 'pass' | 'no' {
  const space = spaceOf(id);
  if (at(s, id, other(side)).length) return 'no';
  if (!intact(s, id)) return 'stop';
  const owner = siteSide(id);
  if (owner === side) {
    if (side === 'indian' && !tribeAllied(s, space.owner!)) return viaRiver ? 'pass' : 'no';
    return 'stop';
  }
  return 'no';
}

/**
 * May this moving/placed group end in the space (entry, stacking, Allied
 * Indians, lone leaders, 18.1)? `staying`: the units already stand there and
 * have not left it this move. 12.1 forbids entering an unallied village, not
 * staying in one: units of another tribe in a village whose tribe surrendered
 * (13.6) may remain where they are.
 */
export function stopProblem(s: KpwState, side: Side, group: Unit[], id: string, exclude: string[] = [], staying = false): string | null {
  const e = entry(s, side, id, true);
  const name = spaceName(id);
  if (e === 'no') return `${side === 'english' ? 'English units' : 'Warriors'} may not enter ${name} (12.1).`;
  if (e === 'pass' && !staying) return `A war band may only float past the unallied village ${name} (12.2).`;
  const ids = new Set([...group.map((u) => u.id), ...exclude]);
  const here = at(s, id, side).filter((u) => !ids.has(u.id));
  const all = [...here, ...group];
  const p = stackProblem(s, all);
  if (p) return p;
  if (group.some((u) => u.kind === 'allied') && intact(s, id) && siteSide(id) === 'english')
    return 'Allied Indians may not end their move in a settlement (4.2).';
  if (all.length && !all.some(isInf) && !(intact(s, id) && siteSide(id) === side))
    return 'A leader must end its move on a village/settlement or with Infantry (6.4).';
  if (side === 'english' && leavesColony(s, group, id)) return 'Before Church, units may not leave their own colony (18.1).';
  return null;
}

/**
 * 18.1 Disunited Colonies: before Church, a colony's units (Soldiers, its
 * Captain, Winslow) may not go outside their own colony. Allied Indians
 * belong to no colony.
 */
export function leavesColony(s: KpwState, group: Unit[], to: string): boolean {
  if (!s.options.disunited || s.churchEntered) return false;
  const col = kpwMap().colonyOf.get(to);
  return group.some((u) => u.side === 'english' && u.kind !== 'allied' && u.owner !== col);
}

export function infSP(u: Unit): number {
  return isInf(u) ? u.str : 0;
}

export function addVP(s: KpwState, ctx: Ctx, side: Side, n: number, why: string): void {
  if (n <= 0) return;
  s.vp[side] += n;
  note(s, ctx, 'vp', `${side === 'english' ? 'English' : 'Indians'} +${n} VP (${why}): now ${s.vp[side]}.`);
}

export function markersInPlay(s: KpwState, kind: 'spy' | 'guide'): number {
  let n = 0;
  for (const id in s.units) {
    const u = s.units[id];
    if (u.where === 'map' && u[kind]) n++;
  }
  return n;
}

export function markersAvailable(s: KpwState, kind: 'spy' | 'guide'): boolean {
  const c = kpwData().charts.counters;
  return markersInPlay(s, kind) < (kind === 'spy' ? c.spies : c.guides);
}

/** A tribe's/colony's settlements or villages, all razed: devastated (13.6). */
export function checkDevastation(s: KpwState, ctx: Ctx): void {
  for (const [t, st] of Object.entries(s.tribes)) {
    if (st.devastated) continue;
    const vs = sitesOf(t);
    if (vs.length && vs.every((v) => razed(s, v))) {
      st.devastated = true;
      note(s, ctx, 'devastated', `The ${tribeName(t)} are devastated: every village razed (13.6).`);
    }
  }
  for (const [c, st] of Object.entries(s.colonies)) {
    if (st.devastated) continue;
    const vs = sitesOf(c);
    if (vs.length && vs.every((v) => razed(s, v))) {
      st.devastated = true;
      note(s, ctx, 'devastated', `${c} is devastated: every settlement razed; it drops out of the war (13.6).`);
    }
  }
}

export function tribeName(t: string): string {
  return kpwData().map.tribes.find((x) => x.id === t)?.name ?? t;
}

export function unitName(s: KpwState, id: string): string {
  return s.units[id]?.name ?? id;
}

export function unitLabel(u: Unit): string {
  const extra = isInf(u) ? (u.str === 1 ? ' (weakened)' : '') : '';
  return `${u.name}${extra}`;
}

export function listUnits(us: Unit[]): string {
  return us.map(unitLabel).join(', ');
}

/** All non-empty subsets of a small list (≤ 4 items keeps this at 15). */
export function subsets<T>(items: T[]): T[][] {
  const out: T[][] = [];
  const n = Math.min(items.length, 5);
  for (let m = 1; m < 1 << n; m++) {
    const sub: T[] = [];
    for (let i = 0; i < n; i++) if (m & (1 << i)) sub.push(items[i]);
    out.push(sub);
  }
  return out;
}

/** Units left behind in a space after some leave: still a legal stack (6.3, 6.4)? */
export function leftoverProblem(s: KpwState, side: Side, id: string, leaving: string[]): string | null {
  const rest = at(s, id, side).filter((u) => !leaving.includes(u.id));
  if (!rest.length) return null;
  const p = stackProblem(s, rest);
  if (p) {
    if (rest.some(isLeader) || !at(s, id, side).some((u) => leaving.includes(u.id) && isLeader(u))) return p;
    return (
      'A leader cannot leave a stack of three Infantry on its own: without him the ' +
      'Infantry left behind would break the stacking limit of two; take at least one ' +
      'Infantry along (6.4).'
    );
  }
  if (!rest.some(isInf) && !(intact(s, id) && siteSide(id) === side) && rest.some((u) => controlled(s, u)))
    return 'A leader may not be left alone outside a village/settlement (6.4).';
  return null;
}

/**
 * A modified d6 roll's odds, worded like the roll's result line ("rolled 4
 * (+1 Sachem) = 5, needs 5+"): "needs 5+ (+1 Sachem): a roll of 4+". `face`
 * is the die face needed; above 6 the roll cannot succeed.
 */
export function needText(target: number, mods: Modifier[]): { face: number; text: string } {
  const active = mods.filter((m) => m.value !== 0);
  const face = target - active.reduce((a, m) => a + m.value, 0);
  const list = active.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label}`).join(', ');
  const base = `needs ${target}+${list ? ` (${list})` : ''}`;
  if (face > 6) return { face, text: `${base}: cannot succeed` };
  if (face <= 1) return { face, text: `${base}: succeeds on any roll` };
  return { face, text: list ? `${base}: a roll of ${face}+` : base };
}

/** The rule section a reason names, e.g. "… (12.2)." → "KPW 12.2". */
export function ruleOf(reason: string, fallback: string): string {
  const m = reason.match(/\((\d+\.\d+)\)\.?$/);
  return m ? `KPW ${m[1]}` : fallback;
}

export function legalAction(
  action: Action,
  label: string,
  sub: string,
  args: Record<string, string> = {},
  argLabels?: Record<string, string>,
): LegalAction {
  return argLabels ? { action, label, sub, args, argLabels } : { action, label, sub, args };
}

/**
 * Aliases of a unit option for counters identical to the one offered (same
 * kind, owner, strength): typed by id or name, each stands for its own action.
 */
export function sameCounterAliases(
  s: KpwState,
  ids: string[],
  action: (id: string) => Action,
  label: (id: string) => string,
): { value: string; action: Action; label: string }[] {
  return ids.flatMap((id) => [
    { value: id, action: action(id), label: label(id) },
    { value: s.units[id]?.name ?? id, action: action(id), label: label(id) },
  ]);
}

/** Aliases of a units option offered as 'all': the same units named one by one (ids or names, any order). */
export function wholeStackAliases(units: Unit[]): { value: string }[] {
  return [{ value: units.map((u) => u.id).join('+') }, { value: units.map((u) => u.name).join('+') }];
}

export function pipText(halves: number): string {
  const whole = Math.floor(halves / 2);
  const half = halves % 2 ? '½' : '';
  return `${whole || !half ? whole : ''}${half} pip${halves === 2 ? '' : 's'}`;
}
