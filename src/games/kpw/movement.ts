// 12.1-12.3, 12.6 Movement: activating war bands/companies, stepping along
// connections (land, ½-pip river, ocean), picking up and dropping units.
import { check, fail } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import {
  controlled,
  entry,
  intact,
  tribeAllied,
  legalAction,
  leavesColony,
  leftoverProblem,
  listUnits,
  pipText,
  ruleOf,
  stackProblem,
  stopProblem,
  subsets,
  wholeStackAliases,
} from './common.ts';
import { kpwMap, siteSide, spaceOf, spaceName } from './map.ts';
import { at, isInf, note, withIndex, type Group, type KpwState, type MoveFrame, type Side, type Unit, unitList } from './state.ts';
import { interceptionCands } from './interception.ts';
import { legalMarkers, applyMarker, markerOptions } from './battle-markers.ts';
import { allowance, edgeCost, groupUnits, pipsLeft, staying } from './move-costs.ts';

export const groupLimit = (s: KpwState, side: Side): number => (side === 'indian' || s.churchEntered ? 5 : 3);

function disunitedBars(s: KpwState, side: Side, us: Unit[], to: string): boolean {
  return side === 'english' && leavesColony(s, us, to);
}

export interface StepOpt {
  to: string;
  key: string;
  cost: number;
  river: boolean;
  ocean: boolean;
}

/**
 * 12.2: a war band that floated into a non-allied river village by river may
 * only float on past it (by river); one that begins its move there (Philip
 * after 11.2) may leave any way.
 */
export function riverOnly(s: KpwState, side: Side, space: string, floating: boolean): boolean {
  if (!floating || side !== 'indian' || siteSide(space) !== 'indian' || !intact(s, space)) return false;
  return !tribeAllied(s, spaceOf(space).owner!);
}

/** Can a group standing (or passing) at `from` with `budget` half-pips still reach a space where it may stop? */
function canFinish(
  s: KpwState,
  side: Side,
  us: Unit[],
  from: string,
  budget: number,
  exclude: string[],
  floating = true,
  stay = false,
): boolean {
  if (!stopProblem(s, side, us, from, exclude, stay)) return true;
  const best = new Map<string, number>([[from, 0]]);
  const open: [string, number][] = [[from, 0]];
  while (open.length) {
    open.sort((a, b) => a[1] - b[1]);
    const [cur, c] = open.shift()!;
    const floatOnly = riverOnly(s, side, cur, cur !== from || floating);
    for (const n of kpwMap().graph.neighbors(cur)) {
      if (floatOnly && !n.edge.data.river) continue;
      const cost = edgeCost(s, side, us, n.edge.data);
      if (cost === null || c + cost > budget) continue;
      const e = entry(s, side, n.to, n.edge.data.river);
      if (e === 'no' || disunitedBars(s, side, us, n.to)) continue;
      if (e === 'stop' && !stopProblem(s, side, us, n.to, exclude)) return true;
      if (c + cost < (best.get(n.to) ?? Infinity)) {
        best.set(n.to, c + cost);
        open.push([n.to, c + cost]);
      }
    }
  }
  return false;
}

export function stepOptions(s: KpwState, side: Side, g: Group): StepOpt[] {
  const us = groupUnits(s, g);
  const rem = pipsLeft(s, side, g);
  const out: StepOpt[] = [];
  const floatOnly = riverOnly(s, side, g.at, g.prev !== null);
  for (const n of kpwMap().graph.neighbors(g.at)) {
    const link = n.edge.data;
    if (floatOnly && !link.river) continue;
    const cost = edgeCost(s, side, us, link);
    if (cost === null || cost > rem) continue;
    const e = entry(s, side, n.to, link.river);
    if (e === 'no' || disunitedBars(s, side, us, n.to)) continue;
    if (!canFinish(s, side, us, n.to, rem - cost, [])) continue;
    out.push({ to: n.to, key: link.river ? `${n.to}~river` : n.to, cost, river: link.river, ocean: false });
  }
  // 12.3 ocean: from a port, with the whole allowance, to any other port; never Allied Indians.
  if (side === 'english' && g.used === 0 && spaceOf(g.at).port && !us.some((u) => u.kind === 'allied')) {
    for (const p of kpwMap().ports) {
      if (p === g.at || disunitedBars(s, side, us, p)) continue;
      if (stopProblem(s, side, us, p)) continue;
      out.push({ to: p, key: `${p}~ocean`, cost: rem, river: false, ocean: true });
    }
  }
  return out;
}

/** Units that may start a move together from a space and can end it somewhere, if only where they stand (6.3, 6.4, 12.1). */
function groupChoices(s: KpwState, side: Side, space: string): Unit[][] {
  const here = at(s, space, side);
  const free = here.filter((u) => !u.moved && controlled(s, u));
  if (!free.length) return [];
  return subsets(free).filter(
    (g) =>
      !stackProblem(s, g) &&
      !leftoverProblem(
        s,
        side,
        space,
        g.map((u) => u.id),
      ) &&
      canFinish(s, side, g, space, allowance(side, g), [], false, true),
  );
}

export function legalMove(s: KpwState, f: MoveFrame, role: Side): LegalAction[] {
  if (role !== f.side) return [];
  const side = f.side;
  const out: LegalAction[] = [];
  if (f.step === 'select') {
    if (s.moved < groupLimit(s, side)) {
      const spaces = new Set<string>();
      for (const id in s.units) {
        const u = s.units[id];
        if (u.where === 'map' && u.side === side && !u.moved && u.loc) spaces.add(u.loc);
      }
      for (const space of spaces) {
        const all = at(s, space, side);
        const choices = groupChoices(s, side, space);
        // One line per space where what is allowed is listed, not one per subset of its units.
        const group =
          `Move from ${spaceName(space)} (units:all or some of ` + `${listUnits(all.filter((u) => choices.some((g) => g.includes(u))))})`;
        for (const g of choices) {
          const arg = g.length === all.length ? 'all' : g.map((u) => u.id).join('+');
          const names = listUnits(g);
          const l = legalAction(
            { type: 'activate', space, units: arg },
            `Move ${names} from ${spaceName(space)}`,
            'activate',
            { space, units: arg },
            { space: spaceName(space), units: arg === 'all' ? `all (${names})` : names },
          );
          out.push({ ...l, group, ...(arg === 'all' ? { aliases: { units: wholeStackAliases(g) } } : {}) });
        }
      }
    }
    out.push(legalAction({ type: 'end' }, `End the ${side === 'english' ? 'English' : 'Indian'} Movement Phase`, 'end'));
    return out;
  }
  const g = f.group!;
  if (f.step === 'group') {
    const rem = pipsLeft(s, side, g);
    for (const o of stepOptions(s, side, g)) {
      const how = o.ocean ? ' by sea (all pips)' : o.river ? ` by river (${pipText(o.cost)})` : ` (${pipText(o.cost)})`;
      out.push(
        legalAction(
          { type: 'step', to: o.key },
          `Move to ${spaceName(o.to)}${how}, ${pipText(o.ocean ? 0 : rem - o.cost)} left after`,
          'step',
          { to: o.key },
          { to: `${spaceName(o.to)}${o.ocean ? ' (ocean)' : o.river ? ' (river)' : ''}` },
        ),
      );
    }
    const gus = groupUnits(s, g);
    for (const u of at(s, g.at, side)) {
      if (g.units.includes(u.id) || u.moved || !controlled(s, u)) continue;
      const ng = [...gus, u];
      if (stackProblem(s, ng) || leftoverProblem(s, side, g.at, [...g.units, u.id])) continue;
      if (allowance(side, ng) < g.used) continue;
      if (!canFinish(s, side, ng, g.at, allowance(side, ng) - g.used, [], g.prev !== null, staying(g))) continue;
      out.push(
        legalAction({ type: 'pickup', unit: u.id }, `Pick up ${u.name} at ${spaceName(g.at)}`, 'pickup', { unit: u.id }, { unit: u.name }),
      );
    }
    if (gus.length > 1) {
      for (const u of gus) {
        const rest = gus.filter((x) => x.id !== u.id);
        if (stackProblem(s, rest)) continue;
        if (!staying(g) && entry(s, side, g.at, false) !== 'stop') continue;
        if (
          stopProblem(
            s,
            side,
            [u],
            g.at,
            rest.map((x) => x.id),
            staying(g),
          )
        )
          continue;
        // The rest must still be able to end its move somewhere (the dropped unit stays here).
        if (!canFinish(s, side, rest, g.at, allowance(side, rest) - g.used, [], g.prev !== null, staying(g))) continue;
        out.push(
          legalAction({ type: 'drop', unit: u.id }, `Drop off ${u.name} at ${spaceName(g.at)}`, 'drop', { unit: u.id }, { unit: u.name }),
        );
      }
    }
  }
  if (f.step === 'group') out.push(...musketHandOffs(s, side, g));
  out.push(...legalMarkers(s, f, side));
  if (!stopProblem(s, side, groupUnits(s, g), g.at, [], staying(g)))
    out.push(legalAction({ type: 'stop' }, `End this ${side === 'english' ? 'company' : 'war band'}'s move at ${spaceName(g.at)}`, 'stop'));
  return out;
}

/**
 * 10.2: when a war band with muskets splits (units left behind at the start,
 * or dropped off), the Indian player decides which unit keeps the muskets:
 * hand them between the moving group and the units staying in its space.
 */
function musketHandOffs(s: KpwState, side: Side, g: Group): LegalAction[] {
  if (side !== 'indian' || g.musketHanded) return [];
  const here = at(s, g.at, side).filter((u) => isInf(u) && controlled(s, u));
  const pairs: [Unit, Unit][] = [];
  for (const h of here) {
    if (!h.musket) continue;
    const inGroup = g.units.includes(h.id);
    for (const t of here) if (!t.musket && g.units.includes(t.id) !== inGroup) pairs.push([h, t]);
  }
  // `from` names the holder; the action carries it only when two holders could hand to the same unit.
  const twoHolders = (t: Unit) => pairs.filter(([, x]) => x === t).length > 1;
  return pairs.map(([h, t]) =>
    legalAction(
      { type: 'muskets', unit: t.id, ...(twoHolders(t) ? { from: h.id } : {}) },
      `Hand the muskets from ${h.name} to ${t.name} (${g.units.includes(h.id) ? 'staying in' : 'moving on from'} ${spaceName(g.at)})`,
      'muskets',
      { unit: t.id, from: h.id },
      { unit: t.name, from: h.name },
    ),
  );
}

/** Why a step is refused, naming the rule (apply's answer for the command layer). */
function stepRefusal(s: KpwState, side: Side, g: Group, key: string): never {
  const [to, how] = key.split('~');
  const us = groupUnits(s, g);
  const band = side === 'english' ? 'company' : 'war band';
  if (!kpwMap().graph.has(to)) fail('KPW 4.2', `There is no space "${to}" on the map.`);
  const links = kpwMap().graph.edgesBetween(g.at, to);
  if (how === 'ocean')
    fail('KPW 12.3', 'Ocean movement must start in a port before moving, end in another port, and may not carry Allied Indians.');
  const link = links.find((e) => e.data.river === (how === 'river'));
  if (!link) {
    if (links.length)
      fail(
        'KPW 12.2',
        `${spaceName(to)} is joined to ${spaceName(g.at)} only by ${how === 'river' ? 'land' : 'river'}: use to:` +
          `${how === 'river' ? to : `${to}~river`}.`,
      );
    fail('KPW 5.0', `${spaceName(to)} is not adjacent to ${spaceName(g.at)}.`);
  }
  if (!link.data.river && riverOnly(s, side, g.at, g.prev !== null))
    fail('KPW 12.2', `The war band is floating past the unallied village ${spaceName(g.at)}: it may only go on by river.`);
  const cost = edgeCost(s, side, us, link.data);
  if (cost === null) {
    if (link.data.river) fail('KPW 12.2', 'Only war bands (or, after Church, companies with Church or Allied Indians) may move by river.');
    fail('KPW 12.1', 'Before Church arrives the English may use only 1-pip connections (unless the company has a Guide).');
  }
  const rem = pipsLeft(s, side, g);
  check(cost <= rem, 'KPW 12.1', `That costs ${pipText(cost)}; the ${band} has ${pipText(rem)} left.`);
  const name = spaceName(to);
  if (at(s, to, side === 'english' ? 'indian' : 'english').length)
    fail('KPW 12.1', `${name} holds enemy units: a ${band} may not enter it (attack it with a Battle marker instead, 12.7).`);
  const owner = intact(s, to) ? siteSide(to) : null;
  if (owner && owner !== side)
    fail(
      'KPW 12.1',
      `${side === 'english' ? 'Companies' : 'War bands'} may not enter ${name}: an enemy ` +
        `${side === 'english' ? 'village' : 'settlement'} that still stands (12.1).`,
    );
  if (owner === 'indian' && !tribeAllied(s, spaceOf(to).owner!) && !link.data.river)
    fail('KPW 12.1', `War bands cannot enter ${name}, a village of a tribe not allied to Philip (they may float past it by river, 12.2).`);
  if (disunitedBars(s, side, us, to)) fail('KPW 18.1', 'Before Church, units may not leave their own colony (Disunited Colonies).');
  fail(
    owner === 'indian' ? 'KPW 12.2' : 'KPW 12.1',
    `From ${name} the ${band} could not reach any space where it may end its move with the pips it has left.`,
  );
}

export function endGroup(f: MoveFrame): void {
  f.group = undefined;
  f.step = 'select';
}

export function applyMove(s: KpwState, f: MoveFrame, role: Side, a: Action, ctx: Ctx): void {
  const side = f.side;
  check(role === side, 'KPW 12.1', 'It is not your movement phase.');
  switch (a.type) {
    case 'end': {
      s.stack.frames.pop();
      note(s, ctx, 'phase', `${side === 'english' ? 'English' : 'Indian'} movement ends.`);
      return;
    }
    case 'activate': {
      check(f.step === 'select', 'KPW 12.1', 'Finish the current move first (stop, or place a Battle marker).');
      const limit = groupLimit(s, side);
      check(
        s.moved < limit,
        'KPW 12.1',
        `You may move only ${limit} ${side === 'english' ? 'companies' : 'war bands'} per movement phase.`,
      );
      const space = String(a.space);
      const here = at(s, space, side);
      const ids = a.units === 'all' ? here.map((u) => u.id) : String(a.units).split('+');
      const us = ids.map((id) => s.units[id]);
      check(
        us.length > 0 && us.every((u) => u && u.where === 'map' && u.loc === space && u.side === side),
        'KPW 12.1',
        `Those units are not all yours in ${spaceName(space)}.`,
      );
      check(
        us.every((u) => !u.moved),
        'KPW 12.1',
        'No unit moves more than once per movement phase.',
      );
      check(
        us.every((u) => controlled(s, u)),
        'KPW 11.1',
        'Only units of allied tribes may move.',
      );
      const p = stackProblem(s, us) ?? leftoverProblem(s, side, space, ids);
      if (p) fail(ruleOf(p, 'KPW 6.3'), p);
      check(
        canFinish(s, side, us, space, allowance(side, us), [], false, true),
        'KPW 12.1',
        `Those units could not end a move anywhere, not even in ${spaceName(space)}.`,
      );
      for (const u of us) u.moved = true;
      s.moved++;
      f.group = { units: ids, at: space, prev: null, used: 0, path: [space] };
      f.step = 'group';
      return;
    }
    case 'step': {
      check(f.step === 'group' && f.group, 'KPW 12.1', 'No war band or company is moving.');
      const g = f.group;
      const o = withIndex(s, () => stepOptions(s, side, g)).find((x) => x.key === a.to);
      if (!o) stepRefusal(s, side, g, String(a.to));
      const movers = [...g.units];
      g.prev = g.at;
      g.at = o.to;
      g.used += o.cost;
      g.musketHanded = false;
      for (const id of movers) s.units[id].loc = o.to;
      const path = (g.path ??= [g.prev]);
      path.push(o.to);
      // 12.4 step 1 sends an intercepted mover back to its previous space; if it may not
      // stop there (it was floating past an unallied village, 12.2), to the last space
      // of its move where it may.
      let back = g.prev;
      if (stopProblem(s, side, groupUnits(s, g), back, [], path.length === 2)) {
        for (let i = path.length - 2; i >= 0; i--) {
          if (!stopProblem(s, side, groupUnits(s, g), path[i], [], i === 0)) {
            back = path[i];
            break;
          }
        }
      }
      if (o.ocean) {
        g.ocean = true;
        note(
          s,
          ctx,
          'move',
          `${listUnits(groupUnits(s, g))} sail${movers.length === 1 ? 's' : ''} to ${spaceName(o.to)} (ocean movement).`,
        );
        endGroup(f);
      }
      // 12.4: a moving war band/company (a leader moving alone is neither) may be intercepted.
      const cands = groupUnits(s, g).some(isInf)
        ? interceptionCands(s, side === 'english' ? 'indian' : 'english', o.to, g.prev, false, movers)
        : [];
      if (cands.length)
        call(s.stack, {
          proc: 'intercept',
          step: 'choose',
          side: side === 'english' ? 'indian' : 'english',
          kind: 'moving',
          into: o.to,
          from: back,
          cands,
          movers,
        });
      return;
    }
    case 'pickup': {
      check(f.step === 'group' && f.group, 'KPW 12.1', 'No war band or company is moving.');
      const g = f.group;
      const u = s.units[String(a.unit)];
      check(
        u && u.where === 'map' && u.loc === g.at && u.side === side && !g.units.includes(u.id),
        'KPW 12.1',
        'That unit is not here to pick up.',
      );
      check(!u.moved, 'KPW 12.1', 'Units picked up may not have moved (or been dropped off) this phase.');
      const ng = [...groupUnits(s, g), u];
      const p = stackProblem(s, ng) ?? leftoverProblem(s, side, g.at, [...g.units, u.id]);
      if (p) fail('KPW 6.3', p);
      check(allowance(side, ng) >= g.used, 'KPW 12.1', 'No unit may move more than its pip allowance.');
      check(
        canFinish(s, side, ng, g.at, allowance(side, ng) - g.used, [], g.prev !== null, staying(g)),
        'KPW 6.3',
        'The group would have nowhere to end its move.',
      );
      u.moved = true;
      g.units.push(u.id);
      g.musketHanded = false;
      return;
    }
    case 'drop': {
      check(f.step === 'group' && f.group, 'KPW 12.1', 'No war band or company is moving.');
      const g = f.group;
      check(g.units.includes(String(a.unit)), 'KPW 12.1', 'That unit is not in the moving group.');
      check(g.units.length > 1, 'KPW 12.1', 'To leave the last unit here, end the move (stop).');
      const u = s.units[String(a.unit)];
      const rest = groupUnits(s, g).filter((x) => x.id !== u.id);
      const p =
        stackProblem(s, rest) ??
        stopProblem(
          s,
          side,
          [u],
          g.at,
          rest.map((x) => x.id),
          staying(g),
        );
      if (p) fail('KPW 6.3', p);
      if (!staying(g) && entry(s, side, g.at, false) !== 'stop')
        fail('KPW 12.2', `Units may not be dropped off in ${spaceName(g.at)}: the war band is only passing through.`);
      check(
        canFinish(s, side, rest, g.at, allowance(side, rest) - g.used, [], g.prev !== null, staying(g)),
        'KPW 6.3',
        'The rest of the group would have nowhere to end its move.',
      );
      g.units = g.units.filter((id) => id !== u.id);
      g.musketHanded = false;
      return;
    }
    case 'stop': {
      check(f.group, 'KPW 12.1', 'No war band or company is moving.');
      const p = stopProblem(s, side, groupUnits(s, f.group), f.group.at, [], staying(f.group));
      if (p) fail(ruleOf(p, 'KPW 6.3'), p);
      if (f.step === 'group' && f.group.used > 0)
        note(s, ctx, 'move', `${listUnits(groupUnits(s, f.group))} moved to ${spaceName(f.group.at)}.`);
      endGroup(f);
      return;
    }
    case 'battle':
      applyMarker(s, f, side, a, ctx);
      return;
    case 'muskets': {
      check(f.step === 'group' && f.group, 'KPW 10.2', 'Muskets change hands only while a war band is moving and splitting.');
      const g = f.group;
      const to = s.units[String(a.unit)];
      check(
        !g.musketHanded,
        'KPW 10.2',
        'The muskets have already changed hands at this split: the Indian player decides ' +
          'once which unit keeps them (move on, pick up or drop off first).',
      );
      // Without `from`, any holder on the other side of the split (the one offer there is).
      const offers = musketHandOffs(s, side, g).filter((l) => l.args.unit === a.unit && (a.from === undefined || l.args.from === a.from));
      if (!offers.length || !to)
        fail(
          'KPW 10.2',
          'Hand the muskets to a unit of your own in this space that splits off from (or ' +
            'stays with) the war band holding them, and that has none.',
        );
      if (offers.length > 1)
        fail(
          'KPW 10.2',
          `Two units here hold muskets: name the one that hands them over (from:` +
            `${offers.map((l) => l.argLabels!.from).join(' or from:')}).`,
        );
      const from = s.units[offers[0].args.from];
      from.musket = false;
      to.musket = true;
      g.musketHanded = true;
      note(s, ctx, 'musket', `The muskets pass from ${from.name} to ${to.name} in ${spaceName(g.at)} (10.2).`);
      return;
    }
  }
  fail('KPW 12.1', `Unknown movement action ${a.type}.`);
}

/** Nothing left to do but end: end the phase without asking. */
export function autoMove(s: KpwState, f: MoveFrame): boolean {
  // After a Battle marker, with no further marker possible, the move simply ends.
  if (f.step === 'markers' && !withIndex(s, () => markerOptions(s, f, f.side)).length) {
    endGroup(f);
    return true;
  }
  if (f.step !== 'select') return false;
  const free =
    s.moved < groupLimit(s, f.side) && unitList(s).some((u) => u.where === 'map' && u.side === f.side && !u.moved && controlled(s, u));
  if (!free) {
    s.stack.frames.pop();
    return true;
  }
  return false;
}
