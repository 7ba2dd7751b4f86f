// 12.7 Placing Battle markers (12.8 winter limit); attacking an unallied or
// surrendered tribe's village brings it into the war (12.1, 13.6).
import { check, fail } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import { intactSiteSide, legalAction, pipText, ruleOf, stopProblem } from './common.ts';
import { kpwMap, spaceOf, spaceName } from './map.ts';
import { at, isInf, isWinter, note, other, withIndex, type KpwState, type MoveFrame, type Side } from './state.ts';
import { edgeCost, groupUnits, pipsLeft, staying } from './move-costs.ts';
import { tribeJoins } from './diplomacy.ts';

export const markerLimit = (s: KpwState, side: Side): number => (isWinter(s) ? 3 : side === 'indian' || s.churchEntered ? 5 : 3);

/** Something the side may attack in the space: enemy units or an enemy site (the English may also hit unallied villages). */
export function attackable(s: KpwState, side: Side, t: string): boolean {
  const enemy = at(s, t, other(side));
  if (side === 'indian') {
    return enemy.length > 0 || intactSiteSide(s, t) === 'english';
  }
  if (at(s, t, 'english').length && !enemy.length) return false;
  return enemy.length > 0 || intactSiteSide(s, t) === 'indian';
}

interface MarkerOpt {
  to: string;
  key: string;
  cost: number;
  river: boolean;
}

/**
 * After the first Battle marker (which ends the move and fixes g.left), more
 * markers from the same space need the same pips left but do not add up: pips
 * are spent per unit (12.1), each unit fights in one battle only (13.0), so
 * each marker is paid by the Infantry that will fight under it.
 */
export function markerOptions(s: KpwState, f: MoveFrame, side: Side): MarkerOpt[] {
  const g = f.group;
  if (!g || g.ocean || s.markers >= markerLimit(s, side)) return [];
  const us = groupUnits(s, g);
  const budget = f.step === 'group' ? pipsLeft(s, side, g) : (g.left ?? 0);
  if (f.step === 'group' && stopProblem(s, side, us, g.at, [], staying(g))) return [];
  const inf = at(s, g.at, side).filter(isInf).length;
  const mine = s.battles.filter((b) => b.side === side && b.from === g.at && !b.fought);
  if (mine.length >= inf) return [];
  const out: MarkerOpt[] = [];
  for (const n of kpwMap().graph.neighbors(g.at)) {
    const cost = edgeCost(s, side, us, n.edge.data);
    if (cost === null || cost > budget) continue;
    if (mine.some((b) => b.to === n.to) || out.some((o) => o.to === n.to)) continue;
    if (!attackable(s, side, n.to)) continue;
    out.push({ to: n.to, key: n.edge.data.river ? `${n.to}~river` : n.to, cost, river: n.edge.data.river });
  }
  return out;
}

export function legalMarkers(s: KpwState, f: MoveFrame, side: Side): LegalAction[] {
  return markerOptions(s, f, side).map((o) =>
    legalAction(
      { type: 'battle', target: o.key },
      `Place a Battle marker from ${spaceName(f.group!.at)} on ${spaceName(o.to)} (${pipText(o.cost)}${o.river ? ', river' : ''})`,
      'battle',
      { target: o.key },
      { target: spaceName(o.to) },
    ),
  );
}

export function applyMarker(s: KpwState, f: MoveFrame, side: Side, a: Action, ctx: Ctx): void {
  const g = f.group;
  check(g && (f.step === 'group' || f.step === 'markers'), 'KPW 12.7', 'Battle markers are placed by the moving war band or company.');
  check(!g.ocean, 'KPW 12.3', 'A company that moved by sea has no pips left to place a Battle marker.');
  const lim = markerLimit(s, side);
  check(s.markers < lim, isWinter(s) ? 'KPW 12.8' : 'KPW 12.7', `You may place only ${lim} Battle markers this movement phase.`);
  const o = withIndex(s, () => markerOptions(s, f, side)).find((x) => x.key === a.target);
  if (!o) markerRefusal(s, f, side, String(a.target));
  if (f.step === 'group') {
    g.left = pipsLeft(s, side, g) - o.cost;
    f.step = 'markers';
  }
  placeMarker(s, ctx, side, g.at, o.to, o.river);
}

/** Why a Battle marker is refused, naming the rule that forbids it (apply's answer for the command layer). */
function markerRefusal(s: KpwState, f: MoveFrame, side: Side, target: string): never {
  const g = f.group!;
  const [to, how] = target.split('~');
  if (!kpwMap().graph.has(to)) fail('KPW 4.2', `There is no space "${to}" on the map.`);
  if (!kpwMap().graph.adjacent(g.at, to)) fail('KPW 12.7', `${spaceName(to)} is not adjacent to ${spaceName(g.at)}.`);
  if (!attackable(s, side, to)) fail('KPW 12.7', `There is nothing to attack in ${spaceName(to)}.`);
  // The marker ends the move (12.7): the group must be allowed to end it where it stands.
  const us = groupUnits(s, g);
  const stop = f.step === 'group' ? stopProblem(s, side, us, g.at, [], staying(g)) : null;
  if (stop)
    fail(
      ruleOf(stop, 'KPW 6.3'),
      `Placing a Battle marker ends the move, and the ${side === 'english' ? 'company' : 'war band'}` +
        ` may not end it in ${spaceName(g.at)}: ${stop}`,
    );
  const links = kpwMap()
    .graph.edgesBetween(g.at, to)
    .filter((e) => (how === 'river') === e.data.river);
  if (!links.length)
    fail(
      'KPW 12.7',
      `${spaceName(to)} is joined to ${spaceName(g.at)} only by ${how === 'river' ? 'land' : 'river'}: use target:` +
        `${how === 'river' ? to : `${to}~river`}.`,
    );
  const costs = links.map((e) => edgeCost(s, side, us, e.data));
  if (costs.every((c) => c === null)) {
    if (how === 'river')
      fail('KPW 12.2', 'Only war bands (or, after Church, companies with Church or Allied Indians) may move, and so attack, by river.');
    fail(
      'KPW 12.7',
      `Before Church arrives an English company without a Guide may place a Battle ` +
        `marker only along a 1-pip connection; ${spaceName(g.at)} to ${spaceName(to)} is longer.`,
    );
  }
  const cost = Math.min(...costs.filter((c): c is number => c !== null));
  const budget = f.step === 'group' ? pipsLeft(s, side, g) : (g.left ?? 0);
  if (cost > budget)
    fail(
      'KPW 12.7',
      `Not enough pips: that Battle marker costs ${pipText(cost)}; the ` +
        `${side === 'english' ? 'company' : 'war band'} has ${pipText(budget)} left.`,
    );
  fail(
    'KPW 12.7',
    `Every Infantry in ${spaceName(g.at)} already has a Battle marker to resolve (or ${spaceName(to)}` +
      ` already has one from here): one marker per Infantry.`,
  );
}

/** Record a Battle marker; the tribe of an attacked unallied village joins; then 12.5 interception. */
export function placeMarker(s: KpwState, ctx: Ctx, side: Side, from: string, to: string, river: boolean): void {
  const id = `b${++s.battleSeq}`;
  s.battles.push({ id, side, from, to, river, fought: false });
  s.markers++;
  note(s, ctx, 'battle-marker', `${side === 'english' ? 'English' : 'Indian'} Battle marker: ${spaceName(from)} → ${spaceName(to)}.`);
  call(s.stack, { proc: 'intercept', step: 'choose', side: other(side), kind: 'marker', into: to, from, cands: [], lazy: true });
  if (side === 'english') {
    const owners = new Set<string>();
    const space = spaceOf(to);
    if (space.owner && intactSiteSide(s, to) === 'indian') owners.add(space.owner);
    for (const u of at(s, to, 'indian')) if (u.kind !== 'key') owners.add(u.owner);
    for (const t of owners) {
      const st = s.tribes[t];
      if (st && (st.status === 'neutral' || st.status === 'surrendered')) tribeJoins(s, ctx, t, 'attack');
    }
  }
}
