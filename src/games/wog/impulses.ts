// Phase Two: Conduct Action Impulses. Move leaders across one border (limits
// by border kind and by sea), remove an enemy control marker, or pass.
import { RuleError } from '../../engine/errors.ts';
import { retWith } from '../../engine/flow.ts';
import type { Procedure } from '../../engine/flow.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal, subsets } from './common.ts';
import {
  areaName,
  borderLimit,
  enemy,
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
  const mine = leadersIn(s, a, side).length;
  const theirs = leadersIn(s, a, enemy(side)).length + (s.control[a] === enemy(side) ? 1 : 0);
  return mine > theirs;
}

/** "Remove enemy control marker if friendly leaders > enemy leaders + 1." */
export function canUncontrol(s: WogState, side: Side, a: string): boolean {
  return s.control[a] === enemy(side) && leadersIn(s, a, side).length > leadersIn(s, a, enemy(side)).length + 1;
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
        const names = group.map((id) => leaderName(s, id)).join(', ');
        const l = act(
          'move',
          `Move ${names}: ${areaName(from)} → ${areaName(to)} (${kind}, up to ${limit})`,
          { from, to, leaders: group.join('+') },
          { from: areaName(from), to: areaName(to), leaders: names },
        );
        // The same leaders named in another order are the same move.
        const others = orders(group).filter((o) => o.join('+') !== group.join('+'));
        if (others.length)
          l.aliases = { leaders: others.map((o) => ({ value: o.join('+'), action: { type: 'move', from, to, leaders: o.join('+') } })) };
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

function explainMove(s: WogState, side: Side, a: Action): never {
  const from = String(a.from ?? '');
  const to = String(a.to ?? '');
  const ids = String(a.leaders ?? '').split('+');
  const allowed = impulseLegal(s, side).map((l) => l.label);
  if (ids.some((id) => s.leaders[id]?.where !== 'map' || s.leaders[id]?.area !== from || s.leaders[id]?.owner !== side))
    throw new RuleError(RULE, `Every moving leader must be yours and in ${from}.`, allowed);
  if (!canLeave(s, side, from))
    throw new RuleError(
      RULE,
      'Leaders can only move if your leaders outnumber the enemy leaders plus an enemy control marker there.',
      allowed,
    );
  const limit = borderLimit(s, side, from, to);
  if (limit === 0) throw new RuleError(RULE, `${to} is not adjacent to ${from}.`, allowed);
  throw new RuleError(
    RULE,
    `At most ${limit} leaders may cross that border in one impulse (clear 2, river 3, obstructed 1; by sea 2 into a friendly area, else 1).`,
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
