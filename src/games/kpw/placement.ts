// Placing counters onto the map: set-up (7.0), reinforcements and returning
// leaders (10.1), muskets (10.2), Church (9.0), Allied Indians (9.0),
// tribes entering (11.1) and massacre levies (13.3). One frame, many purposes.
import { check, fail } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { controlled, intact, isOpen, legalAction, sameCounterAliases, stopProblem, tribeName } from './common.ts';
import { kpwMap, sitesOf, spaceOf, spaceName } from './map.ts';
import { at, isInf, isLeader, note, withIndex, type KpwState, type PlaceFrame, type Side, type Unit, unitList } from './state.ts';

export const MUSKET = 'musket';

function settlementsWithSoldier(s: KpwState, colony: string): string[] {
  return sitesOf(colony).filter((v) => at(s, v, 'english').some((u) => u.kind === 'soldier'));
}

function companiesOf(s: KpwState, side: Side, owner: string | null): string[] {
  const out = new Set<string>();
  for (const u of unitList(s)) {
    if (u.where !== 'map' || u.side !== side || !isInf(u) || !u.loc) continue;
    if (owner && u.owner !== owner) continue;
    if (side === 'indian' && !controlled(s, u)) continue;
    out.add(u.loc);
  }
  return [...out];
}

function candidateSpaces(s: KpwState, f: PlaceFrame, u: Unit): string[] {
  const ownSites = (owner: string) => sitesOf(owner).filter((v) => intact(s, v));
  switch (f.purpose) {
    case 'setup':
      if (u.side === 'english') {
        if (u.kind === 'soldier') return sitesOf(u.owner).filter((v) => !at(s, v, 'english').some((x) => x.kind === 'soldier'));
        return settlementsWithSoldier(s, u.owner).filter((v) =>
          at(s, v, 'english').some((x) => x.kind === 'soldier' && x.owner === u.owner),
        );
      }
      // 7.0: the Mohawk Sachem goes in either Mohawk village that is not the Treaty Space.
      if (u.owner === 'MO') return sitesOf('MO').filter((v) => v !== kpwMap().treaty);
      return sitesOf(u.id === 'philip' ? 'WA' : u.owner);
    case 'reinf':
      if (u.side === 'english') {
        const colony = u.id === 'church' ? null : u.owner;
        const base = u.id === 'church' ? [...ownSites('PL'), ...ownSites('RI')] : ownSites(u.owner);
        return [...new Set([...base, ...companiesOf(s, 'english', s.churchEntered ? null : colony)])];
      }
      if (u.kind === 'warrior') return ownSites(u.owner);
      if (u.kind === 'sachem') return [...new Set([...ownSites(u.owner), ...companiesOf(s, 'indian', u.owner)])];
      return [
        ...new Set([
          ...Object.keys(s.tribes)
            .filter((t) => s.tribes[t].status === 'allied')
            .flatMap(ownSites),
          ...companiesOf(s, 'indian', null),
        ]),
      ];
    case 'church':
      return [...ownSites('PL'), ...ownSites('RI')].filter((v) => spaceOf(v).kind !== 'village');
    case 'allied':
      return kpwMap().ids.filter((v) => isOpen(s, v));
    case 'entry':
      return ownSites(f.tribe!).filter((v) => !at(s, v, 'indian').some((x) => x.kind === 'warrior' && x.owner === f.tribe));
    case 'entryLeader':
      return ownSites(f.tribe!);
    case 'massacre':
      if (u.side === 'indian')
        return Object.keys(s.tribes)
          .filter((t) => s.tribes[t].status === 'allied' && !s.tribes[t].devastated)
          .flatMap(ownSites);
      return Object.keys(s.colonies)
        .filter((c) => !s.colonies[c].devastated)
        .flatMap(ownSites);
    case 'musket':
      return [];
  }
}

export function placeTargets(s: KpwState, f: PlaceFrame, id: string): string[] {
  if (id === MUSKET) {
    // A war band that already has muskets may take another (it adds no SP, 10.2, but can go with a split).
    return companiesOf(s, 'indian', null).filter(
      (v) => (spaceOf(v).river || spaceOf(v).port) && at(s, v, 'indian').some((x) => isInf(x) && controlled(s, x) && !x.musket),
    );
  }
  const u = s.units[id];
  const placed = { ...u, str: u.str || (isInf(u) ? 2 : 0) };
  // Neutral Mohawks are set up in their own (unallied) villages: as if already standing there.
  const own = f.purpose === 'setup' && u.owner === 'MO';
  return candidateSpaces(s, f, u).filter((v) => !stopProblem(s, u.side, [placed], v, [], own));
}

/** Items grouped by identical counter (kind/owner/strength/box): each group is offered once, by its first unit. */
function identicalGroups(s: KpwState, items: string[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const id of items) {
    const u = s.units[id];
    const key = u ? (isLeader(u) ? id : `${u.kind}|${u.owner}|${u.str}|${u.where}`) : id;
    const g = groups.get(key);
    if (g) {
      if (!g.includes(id)) g.push(id);
    } else groups.set(key, [id]);
  }
  return [...groups.values()];
}

export function itemName(s: KpwState, id: string): string {
  if (id === MUSKET) return 'Musket marker';
  const u = s.units[id];
  return u.where === 'elim' ? `${u.name} (from the Eliminated Units box)` : u.name;
}

export function legalPlace(s: KpwState, f: PlaceFrame, role: Side): LegalAction[] {
  if (role !== f.side) return [];
  const out: LegalAction[] = [];
  for (const [id, ...others] of identicalGroups(s, f.items)) {
    for (const v of placeTargets(s, f, id)) {
      const l = legalAction(
        { type: 'place', unit: id, to: v },
        `Place ${itemName(s, id)} in ${spaceName(v)}`,
        'place',
        { unit: id, to: v },
        { unit: itemName(s, id), to: spaceName(v) },
      );
      // An identical counter typed instead (ma3 for ma1) is placed itself.
      const aliases = sameCounterAliases(
        s,
        others,
        (o) => ({ type: 'place', unit: o, to: v }),
        (o) => `Place ${itemName(s, o)} in ${spaceName(v)}`,
      );
      out.push(others.length ? { ...l, aliases: { unit: aliases } } : l);
    }
  }
  if (optionalWarriors(s, f))
    out.push(
      legalAction(
        { type: 'decline' },
        'Place no more Warrior reinforcements this turn (10.1: the Indian player "may" place them)',
        'decline',
        {},
        {},
      ),
    );
  return out;
}

/** 10.1: the Indian player "may" place Warrior reinforcements; returning leaders are not optional. */
function optionalWarriors(s: KpwState, f: PlaceFrame): boolean {
  return f.purpose === 'reinf' && f.side === 'indian' && f.items.length > 0 && f.items.every((id) => id !== MUSKET && isInf(s.units[id]));
}

export function applyPlace(s: KpwState, f: PlaceFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === f.side, placeRule(f), 'It is not your placement.');
  if (a.type === 'decline') {
    check(optionalWarriors(s, f), 'KPW 10.1', 'Only the Indian player may leave Warrior reinforcements unplaced.');
    note(s, ctx, 'place', `The Indians leave ${f.items.map((id) => s.units[id].name).join(', ')} in the pool this turn (10.1).`);
    f.items = [];
    return;
  }
  check(
    a.type === 'place',
    placeRule(f),
    f.purpose === 'setup' ? 'Place the waiting counters first.' : 'Place the counter waiting to be placed first.',
  );
  const id = String(a.unit);
  const to = String(a.to);
  check(f.items.includes(id), 'KPW 10.1', `${itemName(s, id)} is not waiting to be placed now.`);
  if (!withIndex(s, () => placeTargets(s, f, id)).includes(to))
    fail(placeRule(f), `${itemName(s, id)} may not be placed in ${spaceName(to)}: ${whyNot(s, f, id, to)}`);
  if (id === MUSKET) {
    const holder = at(s, to, 'indian').find((x) => isInf(x) && controlled(s, x) && !x.musket)!;
    holder.musket = true;
    note(s, ctx, 'musket', `Muskets go to the war band in ${spaceName(to)} (10.2).`);
  } else {
    const u = s.units[id];
    const fresh = f.purpose !== 'setup' && f.purpose !== 'entryLeader';
    u.where = 'map';
    u.loc = to;
    u.returnTurn = undefined;
    u.wasAt = undefined;
    if (isInf(u) && (fresh || !u.str)) u.str = 2;
    if (f.purpose === 'church') s.churchEntered = true;
    if (f.purpose !== 'setup') note(s, ctx, 'place', `${u.name} placed in ${spaceName(to)}.`);
  }
  f.items.splice(f.items.indexOf(id), 1);
  if (f.purpose === 'massacre' || f.purpose === 'allied') f.items = [];
}

/** The rule section of a placement, by its purpose. */
export function placeRule(f: PlaceFrame): string {
  return {
    setup: 'KPW 7.0',
    reinf: 'KPW 10.1',
    church: 'KPW 9.0',
    allied: 'KPW 9.0',
    musket: 'KPW 10.2',
    entry: 'KPW 11.1',
    entryLeader: 'KPW 11.1',
    massacre: 'KPW 13.3',
  }[f.purpose];
}

function whyNot(s: KpwState, f: PlaceFrame, id: string, to: string): string {
  if (!kpwMap().space.has(to)) return 'no such space.';
  if (id === MUSKET) return 'muskets go to a war band in a river or port space.';
  const u = s.units[id];
  if (!candidateSpaces(s, f, u).includes(to)) {
    if (f.purpose === 'allied') return 'Allied Indians arrive in an open area (neutral space or razed village/settlement).';
    if (f.purpose === 'setup' && u.kind === 'soldier') return 'one Soldier per settlement of its own colony.';
    return u.side === 'english'
      ? 'it must go to a settlement (or company) of its own colony.'
      : 'it must go to a village of its own tribe (or a war band it may lead).';
  }
  return stopProblem(s, u.side, [u], to, [], f.purpose === 'setup' && u.owner === 'MO') ?? 'stacking limits.';
}

/** Nothing placeable any more: what remains is delayed to the next turn (10.1, 10.2) or lost. */
export function autoPlace(s: KpwState, f: PlaceFrame, ctx: Ctx): boolean {
  const can = withIndex(s, () => f.items.some((id) => placeTargets(s, f, id).length > 0));
  if (can) return false;
  for (const id of f.items) {
    if (id === MUSKET) {
      if (s.turn < 9) s.muskets.push(s.turn + (s.options.short ? 2 : 1));
      note(s, ctx, 'musket', 'No war band can take the muskets: they wait a turn (10.2).');
      continue;
    }
    const u = s.units[id];
    if (f.purpose === 'reinf') {
      if (isLeader(u)) {
        u.where = 'track';
        u.returnTurn = s.turn + (s.options.short ? 2 : 1);
      } else if (u.side === 'english') s.colonies[u.owner].delayed++;
      else s.tribes[u.owner].delayed++;
      note(s, ctx, 'delay', `${u.name} cannot be placed legally: delayed to next turn (10.1).`);
    } else if (f.purpose === 'church') {
      u.where = 'track';
      u.returnTurn = s.turn + 1;
      s.churchEntered = true;
    } else if (f.purpose === 'massacre') {
      // no legal placement: no effect (13.3)
    } else if (f.purpose === 'entry' || f.purpose === 'entryLeader') {
      note(s, ctx, 'place', `${u.name} finds no ${tribeName(f.tribe ?? u.owner)} village to enter.`);
    }
  }
  s.stack.frames.pop();
  return true;
}
