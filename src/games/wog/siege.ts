// Phase 3 siege: the area's controller may be besieged. SN = area value + 3
// + defender BC bravery - attacker BC bravery - attacker gunners (max 2);
// the attacker takes the area's defenders on a d6 > SN, else retreats (flee).
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
import {
  area,
  areaName,
  borderLimit,
  capture,
  data,
  enemy,
  leaderData,
  leaderName,
  leadersIn,
  neighbors,
  note,
  sideName,
  type Side,
  type WogState,
} from './state.ts';

export function siegeNumber(s: WogState, where: string, defBc: string, attBc: string, attacker: Side): { sn: number; gunners: number } {
  const c = data().charts.siege;
  const gunners = leadersIn(s, where, attacker).reduce((n, l) => n + l.troops.filter((t) => t.kind === 'gunner').length, 0);
  const g = Math.min(c.maxGunnerPoints, gunners);
  return { sn: (area(where).value ?? 0) + c.base + leaderData(s, defBc).bravery - leaderData(s, attBc).bravery - g, gunners: g };
}

/** Resolve a siege; true when the attacker failed and must flee. */
export function resolveSiege(s: WogState, where: string, defender: Side, bc: Record<Side, string>, ctx: Ctx): boolean {
  const attacker = enemy(defender);
  const { sn, gunners } = siegeNumber(s, where, bc[defender], bc[attacker], attacker);
  const die = ctx.dice.d6(`Siege of ${areaName(where)}`);
  const won = die > sn;
  // The prisoners are named: who fell is the siege's news (issue 22).
  const defenders = leadersIn(s, where, defender).map((l) => l.id);
  const fell = defenders.map((id) => leaderName(s, id));
  note(
    s,
    ctx,
    'siege',
    `Siege of ${areaName(where)}: SN ${sn} (value ${area(where).value} + 3 + ` +
      `${leaderData(s, bc[defender]).bravery} − ${leaderData(s, bc[attacker]).bravery} − ${gunners} gunners); ` +
      `${sideName(attacker)} roll ${die}: ` +
      (won
        ? `the defenders fall: ${fell.join(', ')} ${fell.length > 1 ? 'are' : 'is'} captured by the ${sideName(attacker)}.`
        : 'the siege fails.'),
  );
  if (won) for (const id of defenders) capture(s, id, attacker);
  return !won;
}

export interface FleeFrame {
  proc: 'flee';
  step: 'go';
  area: string;
  side: Side;
  used: Record<string, number>;
  [k: string]: unknown;
}

/** Where a retreating leader may go: adjacent, not enemy controlled or occupied, within the border limit. */
export function refuges(s: WogState, side: Side, from: string, used: Record<string, number> = {}, count = 1): string[] {
  return neighbors(from)
    .filter(
      (to) =>
        s.control[to] !== enemy(side) &&
        leadersIn(s, to, enemy(side)).length === 0 &&
        borderLimit(s, side, from, to) >= (used[to] ?? 0) + count,
    )
    .sort();
}

function fleeLegal(s: WogState, f: FleeFrame): LegalAction[] {
  const l = leadersIn(s, f.area, f.side).sort((a, b) => a.id.localeCompare(b.id))[0];
  if (!l) return [];
  return refuges(s, f.side, f.area, f.used).map((to) =>
    act(
      'flee',
      `${leaderName(s, l.id)} flees ${areaName(f.area)} → ${areaName(to)}`,
      { leader: l.id, to },
      { leader: leaderName(s, l.id), to: areaName(to) },
    ),
  );
}

/** After a failed siege each attacking leader flees on his own (not disgraced); one with nowhere to go is captured. */
export const fleeProc: Procedure<WogState, FleeFrame> = {
  prompts: (s, f) => [
    {
      role: f.side,
      text: `The siege of ${areaName(f.area)} failed: choose where each leader flees (/wog flee).`,
      decision: `t${s.turn}:flee:${f.area}:${leadersIn(s, f.area, f.side).length}`,
      buttons: true,
    },
  ],
  legal: (s, f, role) => (role === f.side ? fleeLegal(s, f) : []),
  auto(s, f, ctx) {
    const l = leadersIn(s, f.area, f.side).sort((a, b) => a.id.localeCompare(b.id))[0];
    if (!l) {
      retWith(s.stack);
      return true;
    }
    if (fleeLegal(s, f).length) return false;
    capture(s, l.id, enemy(f.side));
    note(s, ctx, 'capture', `${leaderName(s, l.id)} cannot flee ${areaName(f.area)} and is captured.`);
    return true;
  },
  apply(s, f, role, a, ctx) {
    if (role !== f.side) throw new RuleError('WoG Phase 3 (siege)', 'The besieger chooses where his leaders flee.');
    mustBeLegal(
      fleeLegal(s, f),
      a,
      'WoG Phase 3 (siege)',
      'Leaders flee one at a time to an adjacent area not occupied or controlled by the enemy, within border limits.',
    );
    const to = String(a.to);
    s.leaders[String(a.leader)]!.area = to;
    f.used[to] = (f.used[to] ?? 0) + 1;
    note(s, ctx, 'flee', `${leaderName(s, String(a.leader))} flees to ${areaName(to)}.`);
  },
};
