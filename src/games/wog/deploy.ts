// Phase Six: Deploy Troops and Recruit Mercenaries (nIP first). Unassigned
// troops move through chains of friendly-controlled areas (never across an
// obstructed border; the French never by sea); mercenaries hired from a
// neutral area go at once to a leader. A deployment names its troops (all of
// them, all of one kind, or a count of one kind): an open action, because the
// player chooses what goes, checked by the one rule below that also explains
// a refusal.
import { fail } from '../../engine/errors.ts';
import type { OpenStep, Procedure } from '../../engine/flow.ts';
import type { Edge } from '../../engine/graph.ts';
import type { Action, LegalAction, Role } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
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
  troopKey,
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

/** An area's unassigned troops that deploy (mercenaries are hired, not deployed). */
const deployable = (s: WogState, a: string): Troop[] => (s.loose[a] ?? []).filter((t) => t.kind !== 'mercenary');

/** The kinds waiting in an area, by troop key, with how many of each. */
function kindsIn(troops: Troop[]): { key: string; troop: Troop; n: number }[] {
  const m = new Map<string, { key: string; troop: Troop; n: number }>();
  for (const t of troops) {
    const k = troopKey(t);
    const e = m.get(k);
    if (e) e.n++;
    else m.set(k, { key: k, troop: t, n: 1 });
  }
  return [...m.values()];
}

const listKinds = (troops: Troop[]): string =>
  kindsIn(troops)
    .map((k) => `${k.n} ${troopLabel(k.troop)}`)
    .join(', ');

const norm = (x: string): string =>
  x
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9:]+/g, ' ')
    .trim();

/** The troop keys in `troops` that a typed kind names: its key, its kind, or its label (or the start of it). */
function kindsNamed(troops: Troop[], typed: string): string[] {
  const t = norm(typed);
  const ks = kindsIn(troops);
  const exact = ks.filter((k) => norm(k.key) === t || norm(troopLabel(k.troop)) === t);
  if (exact.length) return exact.map((k) => k.key);
  const words = t.split(' ');
  return ks
    .filter(
      (k) =>
        k.troop.kind === t ||
        words.every((w) =>
          norm(`${troopLabel(k.troop)} ${k.troop.kind}`)
            .split(' ')
            .some((x) => x.startsWith(w)),
        ),
    )
    .map((k) => k.key);
}

export interface DeployPlan {
  from: string;
  to: string;
  troops: Troop[];
}

/**
 * The one Phase 6 deployment rule: which troops go from where to where, or a
 * RuleError saying why not and what is allowed. `troop` picks one kind (a
 * key, kind or label); `count` that many of it (with no troop, only when one
 * kind waits there).
 */
export function planDeploy(s: WogState, side: Side, a: Action): DeployPlan {
  const from = areaIdOf(String(a.from ?? ''));
  if (from === null) fail(RULE, `"${String(a.from ?? '')}" is not an area.`);
  const here = deployable(s, from);
  if (s.control[from] !== side || !here.length)
    fail(RULE, `${areaName(from)} holds no unassigned troops of yours: troops deploy from your controlled areas where they were raised.`);
  const to = areaIdOf(String(a.to ?? ''));
  const reach = deployReach(s, side, from);
  if (to === null || !reach.includes(to))
    fail(
      RULE,
      `${to ? areaName(to) : `"${String(a.to ?? '')}"`} is not reached from ${areaName(from)} through a chain of your controlled areas ` +
        `(troops never cross obstructed borders${side === 'french' ? '; the French never deploy by sea' : ''}).`,
      reach.map((x) => `to:${areaName(x)}`),
    );
  let pool = here;
  if (a.troop !== undefined && a.troop !== '') {
    const keys = kindsNamed(here, String(a.troop));
    const kinds = kindsIn(here).map((k) => `troop:${troopLabel(k.troop)}`);
    if (!keys.length) fail(RULE, `No ${String(a.troop)} among the unassigned troops in ${areaName(from)} (${listKinds(here)}).`, kinds);
    if (keys.length > 1)
      fail(RULE, `"${String(a.troop)}" names more than one kind in ${areaName(from)} (${listKinds(here)}): say which.`, kinds);
    pool = here.filter((t) => troopKey(t) === keys[0]);
  }
  if (a.count === undefined || a.count === '') return { from, to, troops: pool };
  const n = Number(a.count);
  if (!Number.isInteger(n) || n < 1) fail(RULE, `count must be a whole number of SP, 1 or more (not "${String(a.count)}").`);
  if (pool === here && kindsIn(here).length > 1)
    fail(
      RULE,
      `Several kinds of troops wait in ${areaName(from)} (${listKinds(here)}): name the kind to move with troop: ` +
        '(count is of that kind), or leave count out to move them all.',
      kindsIn(here).map((k) => `troop:${troopLabel(k.troop)}`),
    );
  if (n > pool.length)
    fail(
      RULE,
      pool === here
        ? `${areaName(from)} has only ${here.length} unassigned SP to deploy.`
        : `${areaName(from)} has only ${pool.length} ${troopLabel(pool[0]!)} to deploy.`,
    );
  return { from, to, troops: pool.slice(0, n) };
}

const planLabel = (s: WogState, p: DeployPlan): string => `Deploy ${listKinds(p.troops)} from ${areaName(p.from)} to ${areaName(p.to)}`;

function deployLegal(s: WogState, side: Side): LegalAction[] {
  const out: LegalAction[] = [];
  for (const a of data().map.areas) {
    const here = deployable(s, a.id);
    if (s.control[a.id] === side && here.length) {
      const kinds = kindsIn(here);
      for (const to of deployReach(s, side, a.id)) {
        const args = { from: a.id, to };
        const labels = { from: areaName(a.id), to: areaName(to) };
        out.push(
          act(
            'deploy',
            `Deploy all ${here.length} unassigned SP (${listKinds(here)}) from ${areaName(a.id)} to ${areaName(to)}`,
            args,
            labels,
          ),
        );
        // One kind at a time when several wait there (count: a number of that kind, checked by planDeploy).
        if (kinds.length > 1)
          for (const k of kinds)
            out.push({
              ...act(
                'deploy',
                `Deploy the ${k.n} ${troopLabel(k.troop)} from ${areaName(a.id)} to ${areaName(to)}${k.n > 1 ? ` (count: 1-${k.n})` : ''}`,
                { ...args, troop: k.key },
                { ...labels, troop: troopLabel(k.troop) },
              ),
              group: `Deploy from ${areaName(a.id)} one kind (troop:) or a count of it (count:)`,
            });
      }
    }
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

function mustDeploy(f: SidesFrame, role: Role): Side {
  const side = f.sides[0]!;
  if (role !== side) fail(RULE, `The ${sideName(side)} deploy now (nIP first).`);
  return side;
}

/** /wog deploy from: to: [troop:] [count:] as an action: ids where the typed names are known (the check explains the rest). */
export function deployAction(state: unknown, role: Role, args: Record<string, string>): Action[] {
  const s = state as WogState;
  const from = areaIdOf(args.from ?? '') ?? args.from ?? '';
  const a: Action = { type: 'deploy', from, to: areaIdOf(args.to ?? '') ?? args.to ?? '' };
  const here = deployable(s, from);
  if (args.troop) {
    const keys = kindsNamed(here, args.troop);
    // One kind named: its key, unless it is the only kind there (then it is all of them, the listed action).
    if (keys.length !== 1) a.troop = args.troop;
    else if (kindsIn(here).length > 1) a.troop = keys[0]!;
  }
  if (args.count) a.count = args.count;
  // A count of the whole selection is the plain action (the listed one).
  try {
    const p = planDeploy(s, role as Side, a);
    const pool = a.troop === undefined ? here : here.filter((t) => troopKey(t) === a.troop);
    if (a.count !== undefined && p.troops.length === pool.length) delete a.count;
  } catch {
    // Refused: the runner asks the check again for the reason.
  }
  return [a];
}

const deployStep: OpenStep<WogState, SidesFrame> = {
  sub: 'deploy',
  check(s, f, role, a) {
    planDeploy(s, mustDeploy(f, role), a);
  },
  label: (s, f, _role, a) => planLabel(s, planDeploy(s, f.sides[0]!, a)),
};

export const deployProc: Procedure<WogState, SidesFrame> = {
  prompts: (s, f) => [
    {
      role: f.sides[0]!,
      text: 'Deploy unassigned troops (/wog deploy, troop: for one kind) and hire mercenaries (/wog hire), then /wog done.',
      decision: `t${s.turn}:deploy:${f.sides[0]}`,
    },
  ],
  legal: (s, f, role) => (role === f.sides[0] ? deployLegal(s, role as Side) : []),
  open: { deploy: deployStep },
  auto: raiseProc.auto,
  apply(s, f, role, a, ctx) {
    const side = mustDeploy(f, role);
    if (a.type === 'deploy') {
      const p = planDeploy(s, side, a);
      s.loose[p.from] = s.loose[p.from]!.filter((t) => !p.troops.includes(t));
      s.loose[p.to]!.push(...p.troops);
      note(s, ctx, 'deploy', `${sideName(side)} deploy ${listKinds(p.troops)} ${areaName(p.from)} → ${areaName(p.to)}.`);
      return;
    }
    mustBeLegal(
      deployLegal(s, side),
      a,
      RULE,
      'Troops move only through chains of your controlled areas (not across obstructed ' +
        'borders; the French not by sea); mercenaries go straight to a leader with room.',
    );
    if (a.type === 'hire') {
      const from = String(a.from);
      const i = s.loose[from]!.findIndex((t) => t.kind === 'mercenary');
      const t = s.loose[from]!.splice(i, 1)[0]!;
      s.leaders[String(a.leader)]!.troops.push(t);
      note(s, ctx, 'hire', `${leaderName(s, String(a.leader))} hires ${troopLabel(t)}.`);
    } else f.sides.shift();
  },
};
