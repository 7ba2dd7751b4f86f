// Phase Six: Deploy Troops and Recruit Mercenaries (nIP first). Unassigned
// troops move through chains of friendly-controlled areas (never across an
// obstructed border; the French never by sea); mercenaries hired from a
// neutral area go at once to a leader.
import { RuleError } from '../../engine/errors.ts';
import type { Procedure } from '../../engine/flow.ts';
import type { Edge } from '../../engine/graph.ts';
import type { Action, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal, withCount } from './common.ts';
import type { WogLink } from './data.ts';
import { canCommand } from './assign.ts';
import type { SidesFrame } from './raise.ts';
import { raiseProc } from './raise.ts';
import {
  areaIdOf,
  areaName,
  data,
  leaderName,
  leadersIn,
  note,
  sideName,
  troopLabel,
  type Side,
  type Troop,
  type WogState,
} from './state.ts';

const RULE = 'WoG Phase 6';

/** Friendly-controlled areas reachable from `from` along a friendly chain (shared engine graph search). */
export function deployReach(s: WogState, side: Side, from: string): string[] {
  const cost = (e: Edge<WogLink>): number | null =>
    e.data.kind === 'obstructed' || (e.data.kind === 'sea' && side === 'french') ? null : 1;
  const reach = data().graph.costs(from, 1000, cost, (id) => s.control[id] === side);
  return [...reach.keys()].filter((id) => id !== from && s.control[id] === side).sort();
}

function deployLegal(s: WogState, side: Side): LegalAction[] {
  const out: LegalAction[] = [];
  for (const a of data().map.areas) {
    const loose = (s.loose[a.id] ?? []).filter((t) => t.kind !== 'mercenary');
    if (s.control[a.id] === side && loose.length)
      for (const to of deployReach(s, side, a.id))
        out.push(
          withCount(
            act(
              'deploy',
              `Deploy the ${loose.length} unassigned SP in ${areaName(a.id)} to ${areaName(to)}` +
                `${loose.length > 1 ? ` (or count: 1-${loose.length})` : ''}`,
              { from: a.id, to },
              { from: areaName(a.id), to: areaName(to) },
            ),
            loose.length,
            loose.length,
          ),
        );
    const merc = (s.loose[a.id] ?? []).find((t) => t.kind === 'mercenary');
    if (a.kind === 'neutral' && merc) {
      const areas = [a.id, ...deployReach(s, side, a.id)];
      for (const ar of areas)
        for (const l of leadersIn(s, ar, side))
          if (canCommand(s, l.id, merc))
            out.push(
              act(
                'hire',
                `Hire ${troopLabel(merc)} for ${leaderName(s, l.id)} in ${areaName(ar)}`,
                { from: a.id, leader: l.id },
                { from: areaName(a.id), leader: leaderName(s, l.id) },
              ),
            );
    }
  }
  out.push(act('done', 'Done deploying'));
  return out;
}

/** Ours: a count moves the cheapest SP first (infantry, longbowmen, gunners, knights); all of them without one. */
const ORDER: Troop['kind'][] = ['infantry', 'longbow', 'gunner', 'knight'];
function pickDeployed(loose: Troop[], n: number): Troop[] {
  const troops = loose.filter((t) => t.kind !== 'mercenary');
  return n >= troops.length ? troops : [...troops].sort((x, y) => ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind)).slice(0, n);
}

/** A count beyond the area's unassigned SP is refused with the number there. */
function checkCount(s: WogState, side: Side, a: Action): void {
  const n = Number(a.count);
  const from = areaIdOf(String(a.from)) ?? '';
  const have = (s.loose[from] ?? []).filter((t) => t.kind !== 'mercenary').length;
  if (!Number.isInteger(n) || n < 1) throw new RuleError(RULE, `count must be a whole number of SP, 1 or more (not "${String(a.count)}").`);
  if (s.control[from] === side && have > 0 && n > have)
    throw new RuleError(RULE, `${areaName(from)} has only ${have} unassigned SP to deploy.`);
}

export const deployProc: Procedure<WogState, SidesFrame> = {
  prompts: (s, f) => [
    {
      role: f.sides[0]!,
      text: 'Deploy unassigned troops (/wog deploy) and hire mercenaries (/wog hire), then /wog done.',
      decision: `t${s.turn}:deploy:${f.sides[0]}`,
    },
  ],
  legal: (s, f, role) => (role === f.sides[0] ? deployLegal(s, role as Side) : []),
  auto: raiseProc.auto,
  apply(s, f, role, a, ctx) {
    const side = f.sides[0]!;
    if (role !== side) throw new RuleError(RULE, `The ${sideName(side)} deploy now (nIP first).`);
    if (a.type === 'deploy' && a.count !== undefined) checkCount(s, side, a);
    mustBeLegal(
      deployLegal(s, side),
      a,
      RULE,
      'Troops move only through chains of your controlled areas (not across obstructed ' +
        'borders; the French not by sea); mercenaries go straight to a leader with room.',
    );
    if (a.type === 'deploy') {
      const from = String(a.from);
      const to = String(a.to);
      const moving = pickDeployed(s.loose[from]!, a.count === undefined ? Infinity : Number(a.count));
      s.loose[from] = s.loose[from]!.filter((t) => !moving.includes(t));
      s.loose[to]!.push(...moving);
      note(s, ctx, 'deploy', `${sideName(side)} deploy ${moving.length} SP ${areaName(from)} → ${areaName(to)}.`);
    } else if (a.type === 'hire') {
      const from = String(a.from);
      const i = s.loose[from]!.findIndex((t) => t.kind === 'mercenary');
      const t = s.loose[from]!.splice(i, 1)[0]!;
      s.leaders[String(a.leader)]!.troops.push(t);
      note(s, ctx, 'hire', `${leaderName(s, String(a.leader))} hires ${troopLabel(t)}.`);
    } else f.sides.shift();
  },
};
