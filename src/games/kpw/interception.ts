// 12.4 Interception of moving war bands/companies and 12.5 of Battle markers.
import { check, fail } from '../../engine/errors.ts';
import { checkAtLeast, type Modifier } from '../../engine/tables.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import {
  controlled,
  intactSiteSide,
  legalAction,
  leavesColony,
  leftoverProblem,
  listUnits,
  needText,
  stackProblem,
  subsets,
  wholeStackAliases,
} from './common.ts';
import { kpwMap, spaceName } from './map.ts';
import { at, isInf, isLeader, note, other, type InterceptFrame, type KpwState, type MoveFrame, type Side, type Unit } from './state.ts';
import { placeMarker } from './battle-markers.ts';

/** Land, non-water connection between two spaces (interception never crosses rivers or bays). */
function landPips(a: string, b: string): number | null {
  let best: number | null = null;
  for (const e of kpwMap().graph.edgesBetween(a, b)) {
    if (e.data.river || e.data.water) continue;
    if (best === null || e.data.pips < best) best = e.data.pips;
  }
  return best;
}

/** Units of a stack that may be sent into `into` together (≥1 Infantry, stacking kept). */
export function sendChoices(s: KpwState, side: Side, from: string, into: string): Unit[][] {
  const mine = at(s, from, side).filter((u) => controlled(s, u));
  const there = at(s, into, side);
  // Allied Indians may not end a move in a settlement (4.2).
  const settlement = intactSiteSide(s, into) === 'english';
  return subsets(mine).filter(
    (g) =>
      g.some(isInf) &&
      !(settlement && g.some((u) => u.kind === 'allied')) &&
      !stackProblem(s, [...there, ...g]) &&
      !leavesColony(s, g, into) &&
      !leftoverProblem(
        s,
        side,
        from,
        g.map((u) => u.id),
      ),
  );
}

/**
 * Stacks of `side` that may try to intercept into `into` (12.4/12.5): adjacent
 * by land, with Infantry, and `into` holds no enemy village/settlement and no
 * other enemy units than the movers.
 */
export function interceptionCands(
  s: KpwState,
  side: Side,
  into: string,
  _from: string | null,
  _marker: boolean,
  movers: string[] = [],
): string[] {
  if (intactSiteSide(s, into) === other(side)) return [];
  if (at(s, into, other(side)).some((u) => !movers.includes(u.id))) return [];
  // An Indian stack may not go into an unallied tribe's village.
  if (side === 'indian' && intactSiteSide(s, into) === 'indian' && s.tribes[kpwMap().space.get(into)!.owner!]?.status !== 'allied')
    return [];
  const out: string[] = [];
  for (const n of kpwMap().graph.neighbors(into)) {
    if (out.includes(n.to)) continue;
    if (landPips(n.to, into) === null) continue;
    const stack = at(s, n.to, side).filter((u) => controlled(s, u));
    if (!stack.some(isInf)) continue;
    if (!sendChoices(s, side, n.to, into).length) continue;
    // A roll that cannot succeed (e.g. 3 pips and no leader) is not offered.
    if (needText(5, interceptMods(s, side, n.to, into)).face > 6) continue;
    out.push(n.to);
  }
  return out;
}

export function interceptMods(s: KpwState, side: Side, from: string, into: string): Modifier[] {
  const stack = at(s, from, side);
  const l = stack.find(isLeader);
  const mods: Modifier[] = [{ label: 'pips', value: -(landPips(from, into) ?? 3) }];
  if (l)
    mods.push({ label: l.kind === 'key' ? 'Key Leader' : l.kind === 'captain' ? 'Captain' : 'Sachem', value: l.kind === 'key' ? 2 : 1 });
  if (stack.some((u) => u.spy)) mods.push({ label: 'Spy', value: -1 });
  if (stack.some((u) => u.guide)) mods.push({ label: 'Guide', value: 1 });
  return mods;
}

export function legalIntercept(s: KpwState, f: InterceptFrame, role: Side): LegalAction[] {
  if (role !== f.side) return [];
  if (f.step === 'choose') {
    const out = f.cands.map((c) => {
      const need = needText(5, interceptMods(s, f.side, c, f.into)).text;
      return legalAction(
        { type: 'intercept', from: c },
        `Try to intercept into ${spaceName(f.into)} from ${spaceName(c)} (${need})`,
        'intercept',
        { from: c },
        { from: spaceName(c) },
      );
    });
    out.push(legalAction({ type: 'decline' }, 'Do not intercept', 'decline'));
    return out;
  }
  return sendChoices(s, f.side, f.chosen!, f.into).map((g) => {
    const all = at(s, f.chosen!, f.side).filter((u) => controlled(s, u));
    const arg = g.length === all.length ? 'all' : g.map((u) => u.id).join('+');
    const names = listUnits(g);
    const l = legalAction(
      { type: 'send', units: arg },
      `Send ${names} into ${spaceName(f.into)}`,
      'send',
      { units: arg },
      { units: arg === 'all' ? `all (${names})` : names },
    );
    return arg === 'all' ? { ...l, aliases: { units: wholeStackAliases(g) } } : l;
  });
}

function moveFrame(s: KpwState): MoveFrame | undefined {
  for (let i = s.stack.frames.length - 1; i >= 0; i--) {
    const f = s.stack.frames[i];
    if (f.proc === 'move') return f;
  }
  return undefined;
}

export function applyIntercept(s: KpwState, f: InterceptFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === f.side, 'KPW 12.4', 'It is not your interception decision.');
  if (a.type === 'decline') {
    check(f.step === 'choose', 'KPW 12.4', 'Choose which units to send.');
    s.stack.frames.pop();
    return;
  }
  if (a.type === 'intercept') {
    check(f.step === 'choose', 'KPW 12.4', 'Choose which units to send.');
    const from = String(a.from);
    check(
      f.cands.includes(from),
      'KPW 12.4',
      `The stack in ${spaceName(from)} may not intercept here (each stack rolls once; it needs Infantry and a land connection).`,
    );
    f.cands = f.cands.filter((c) => c !== from);
    const face = ctx.dice.d6(`interception: ${spaceName(from)}`);
    const r = checkAtLeast(
      face,
      5,
      interceptMods(s, f.side, from, f.into),
      `Interception from ${spaceName(from)} into ${spaceName(f.into)}`,
    );
    note(s, ctx, 'interception', r.text);
    if (!r.success) {
      if (!f.cands.length) s.stack.frames.pop();
      return;
    }
    if (f.kind === 'moving') {
      // Step 1: the mover goes back and moves no further.
      const movers = (f.movers as string[]) ?? [];
      for (const id of movers) if (s.units[id]?.where === 'map') s.units[id].loc = f.from;
      const mf = moveFrame(s);
      if (mf?.group) {
        mf.group = undefined;
        mf.step = 'select';
      }
      note(s, ctx, 'interception', `The moving stack returns to ${spaceName(f.from)}.`);
    }
    f.chosen = from;
    f.step = 'units';
    return;
  }
  if (a.type === 'send') {
    check(f.step === 'units' && f.chosen, 'KPW 12.4', 'No interception has succeeded.');
    const choices = sendChoices(s, f.side, f.chosen, f.into);
    const all = at(s, f.chosen, f.side).filter((u) => controlled(s, u));
    const ids = a.units === 'all' ? all.map((u) => u.id) : String(a.units).split('+');
    const ok = choices.find((g) => g.length === ids.length && g.every((u) => ids.includes(u.id)));
    if (!ok) fail('KPW 12.4', 'Send at least one Infantry and keep the stacking limits in both spaces.');
    for (const u of ok) u.loc = f.into;
    note(s, ctx, 'interception', `${listUnits(ok)} intercept${ok.length === 1 ? 's' : ''} into ${spaceName(f.into)}.`);
    s.stack.frames.pop();
    if (f.kind === 'moving') {
      // Step 3: the intercepted player places a Battle marker on that connection.
      placeMarker(s, ctx, other(f.side), f.from, f.into, false);
    } else if (f.cands.length) {
      f.step = 'choose';
      f.chosen = undefined;
      s.stack.frames.push(f);
    }
    return;
  }
  fail('KPW 12.4', `Unknown interception action ${a.type}.`);
}

/** Marker interception frames compute their candidates when they come up. */
export function autoIntercept(s: KpwState, f: InterceptFrame): boolean {
  if (f.lazy) {
    f.lazy = false;
    f.cands = interceptionCands(s, f.side, f.into, f.from, true);
  }
  if (f.step === 'choose' && !f.cands.length) {
    s.stack.frames.pop();
    return true;
  }
  if (f.step === 'units' && !sendChoices(s, f.side, f.chosen!, f.into).length) {
    s.stack.frames.pop();
    return true;
  }
  return false;
}
