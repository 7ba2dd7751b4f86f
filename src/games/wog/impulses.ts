// Phase Two: Conduct Action Impulses. Move leaders across one border (limits
// by border kind and by sea), remove an enemy control marker, or pass.
import { RuleError } from '../../engine/errors.ts';
import { retWith } from '../../engine/flow.ts';
import type { Procedure } from '../../engine/flow.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal, subsets } from './common.ts';
import {
  area,
  areaIdOf,
  areaName,
  areaText,
  borderLimit,
  enemy,
  leaderListOf,
  leaderName,
  leadersIn,
  neighbors,
  note,
  onMap,
  sideName,
  type Side,
  type WogState,
} from './state.ts';
import { linkBetween } from './data.ts';
import { data } from './state.ts';

export interface ImpulseFrame {
  proc: 'impulses';
  step: 'go';
  side: Side;
  left: Record<Side, number>;
  [k: string]: unknown;
}

const RULE = 'WoG Phase 2';

/** "Leaders can only move if friendly leaders > enemy leaders + enemy control marker." */
export function canLeave(s: WogState, side: Side, a: string): boolean {
  return leaveRefusal(s, side, a) === null;
}

/** Why `side`'s leaders may not leave `a` this impulse (Phase 2), or null when they may. */
export function leaveRefusal(s: WogState, side: Side, a: string): RuleError | null {
  const mine = leadersIn(s, a, side).length;
  const theirs = leadersIn(s, a, enemy(side)).length;
  const marker = s.control[a] === enemy(side) ? 1 : 0;
  if (mine > theirs + marker) return null;
  return new RuleError(
    `${RULE} (move)`,
    `Leaders can only move if your leaders outnumber the enemy leaders plus an enemy control marker: in ${areaName(a)} ` +
      `you have ${mine}, against ${theirs} ${sideName(enemy(side))} leader${theirs === 1 ? '' : 's'}${marker ? ' + their control marker' : ''}.`,
  );
}

/** "Remove enemy control marker if friendly leaders > enemy leaders + 1." */
export function canUncontrol(s: WogState, side: Side, a: string): boolean {
  return uncontrolRefusal(s, side, a) === null;
}

/** Why `side` may not remove the control marker in the area typed (Phase 2), or null when it may: the rule the legal list uses. */
export function uncontrolRefusal(s: WogState, side: Side, typed: string): RuleError | null {
  const r = `${RULE} (remove enemy control marker)`;
  const a = areaIdOf(typed);
  if (a === null) return new RuleError(r, `"${typed}" is not an area of the map.`);
  const ctl = s.control[a];
  if (ctl !== enemy(side))
    return new RuleError(
      r,
      `${areaName(a)} has no ${sideName(enemy(side))} control marker to remove ` +
        `(${ctl === side ? 'you control it' : area(a).value === null ? 'it is neutral' : 'it is uncontrolled'}).`,
    );
  const mine = leadersIn(s, a, side).length;
  const theirs = leadersIn(s, a, enemy(side)).length;
  if (mine > theirs + 1) return null;
  return new RuleError(
    r,
    `An enemy control marker is removed only if your leaders outnumber the enemy leaders + 1: in ${areaName(a)} you have ` +
      `${mine} and the ${sideName(enemy(side))} ${theirs}, so you need at least ${theirs + 2}.`,
  );
}

export function impulseLegal(s: WogState, side: Side): LegalAction[] {
  const out: LegalAction[] = [];
  const areas = [...new Set(onMap(s, side).map((l) => l.area!))].sort();
  for (const from of areas) {
    if (!canLeave(s, side, from)) continue;
    const ids = leadersIn(s, from, side)
      .map((l) => l.id)
      .sort();
    for (const to of neighbors(from).sort()) {
      const limit = borderLimit(s, side, from, to);
      const kind = linkBetween(data().graph, from, to);
      for (const group of subsets(ids, limit)) {
        // Joined with " + ": leader names hold commas and brackets ("Jean, Duke of Normandy (Jean II)").
        const names = group.map((id) => leaderName(s, id)).join(' + ');
        const l = act(
          'move',
          `Move ${names}: ${areaName(from)} → ${areaName(to)} (${kind}, up to ${limit})`,
          { from, to, leaders: group.join('+') },
          { from: areaName(from), to: areaName(to), leaders: names },
        );
        const action = l.action;
        // The same leaders named in another order, or by their names joined with '+', are the same move.
        const others = orders(group).filter((o) => o.join('+') !== group.join('+'));
        l.aliases = {
          leaders: [
            ...others.map((o) => ({ value: o.join('+'), action: { type: 'move', from, to, leaders: o.join('+') } })),
            { value: group.map((id) => leaderName(s, id)).join('+'), action },
          ],
        };
        out.push(l);
      }
    }
  }
  for (const a of Object.keys(s.control).sort())
    if (canUncontrol(s, side, a))
      out.push(
        act('uncontrol', `Remove the ${sideName(enemy(side))} control marker in ${areaName(a)}`, { area: a }, { area: areaName(a) }),
      );
  out.push(act('pass', 'Pass this impulse'));
  return out;
}

function orders(ids: string[]): string[][] {
  if (ids.length <= 1) return [ids];
  return ids.flatMap((id, i) => orders([...ids.slice(0, i), ...ids.slice(i + 1)]).map((rest) => [id, ...rest]));
}

/** Why a move is refused, by the rule it breaks, with the areas and leaders by name as typed or known. */
function explainMove(s: WogState, side: Side, a: Action): never {
  const from = areaIdOf(String(a.from ?? ''));
  const to = areaIdOf(String(a.to ?? ''));
  const { ids, unknown } = leaderListOf(s, String(a.leaders ?? ''));
  const allowed = impulseLegal(s, side).map((l) => l.label);
  const r = `${RULE} (move)`;
  if (from === null) throw new RuleError(r, `${areaText(String(a.from ?? ''))} is not an area of the map.`, allowed);
  if (to === null) throw new RuleError(r, `${areaText(String(a.to ?? ''))} is not an area of the map.`, allowed);
  if (unknown.length) throw new RuleError(r, `No leader is named ${unknown.map((x) => `"${x}"`).join(' or ')}.`, allowed);
  const away = ids.filter((id) => s.leaders[id]?.where !== 'map' || s.leaders[id]?.area !== from || s.leaders[id]?.owner !== side);
  if (!ids.length || away.length)
    throw new RuleError(
      r,
      ids.length
        ? `Every moving leader must be yours and in ${areaName(from)}: ${away.map((id) => leaderName(s, id)).join(', ')} ${away.length > 1 ? 'are' : 'is'} not.`
        : 'Name the leaders who move (leaders:, joined with "+").',
      allowed,
    );
  const leave = leaveRefusal(s, side, from);
  if (leave) throw new RuleError(leave.rule, leave.message, allowed);
  const limit = borderLimit(s, side, from, to);
  if (limit === 0) throw new RuleError(r, `${areaName(to)} is not adjacent to ${areaName(from)}.`, allowed);
  if (ids.length <= limit) throw new RuleError(r, 'Name that move as listed (the leaders joined with "+").', allowed);
  throw new RuleError(
    r,
    `At most ${limit} leader${limit === 1 ? '' : 's'} may cross from ${areaName(from)} to ${areaName(to)} in one impulse ` +
      '(clear 2, river 3, obstructed 1; by sea 2 into a friendly area, else 1).',
    allowed,
  );
}

function next(s: WogState, f: ImpulseFrame): void {
  f.left[f.side] -= 1;
  s.impulses = { ...f.left };
  const other = enemy(f.side);
  if (f.left[other] > 0) f.side = other;
  else if (f.left[f.side] <= 0) retWith(s.stack);
}

export const impulsesProc: Procedure<WogState, ImpulseFrame> = {
  prompts: (s, f) => [
    {
      role: f.side,
      text: `${sideName(f.side)} impulse (${f.left[f.side]} left): /wog move, /wog uncontrol or /wog pass.`,
      decision: `t${s.turn}:impulse:${f.left.english}:${f.left.french}`,
    },
  ],
  legal: (s, f, role) => (role === f.side ? impulseLegal(s, f.side) : []),
  apply(s, f, role, a, ctx: Ctx) {
    if (role !== f.side) throw new RuleError(RULE, `It is the ${sideName(f.side)} impulse.`);
    const legal = impulseLegal(s, f.side);
    if (a.type === 'move')
      a = {
        ...a,
        leaders: String(a.leaders ?? '')
          .split('+')
          .sort()
          .join('+'),
      };
    if (
      a.type === 'move' &&
      !legal.some((l) => l.action.type === 'move' && l.action.from === a.from && l.action.to === a.to && l.action.leaders === a.leaders)
    )
      explainMove(s, f.side, a);
    if (a.type === 'uncontrol') {
      const why = uncontrolRefusal(s, f.side, String(a.area ?? ''));
      if (why)
        throw new RuleError(
          why.rule,
          why.message,
          legal.map((l) => l.label),
        );
    }
    mustBeLegal(legal, a, RULE, 'That is not an action of this impulse.');
    if (a.type === 'move') {
      const to = String(a.to);
      const ids = String(a.leaders).split('+');
      // Aggressor marker: the first leader to move into an enemy-occupied area.
      if (leadersIn(s, to, enemy(f.side)).length > 0 && !s.aggressor[to]) s.aggressor[to] = f.side;
      for (const id of ids) s.leaders[id]!.area = to;
      note(
        s,
        ctx,
        'move',
        `${sideName(f.side)}: ${ids.map((id) => leaderName(s, id)).join(', ')} move ${areaName(String(a.from))} → ${areaName(to)}.`,
      );
    } else if (a.type === 'uncontrol') {
      s.control[String(a.area)] = null;
      note(s, ctx, 'uncontrol', `${sideName(f.side)} remove the enemy control marker in ${areaName(String(a.area))}.`);
    } else note(s, ctx, 'pass', `${sideName(f.side)} pass.`);
    next(s, f);
  },
};

export function startImpulses(s: WogState): ImpulseFrame {
  return { proc: 'impulses', step: 'go', side: s.ip!, left: { ...s.impulses } };
}
