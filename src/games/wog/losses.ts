// Phase 3 losses: each side removes strength points equal to the hits it
// took, choosing which (nIP first), within the aid's limits: leaders can't be
// removed while they have troops, a knight covers 2 hits, the BC is last, and
// one mercenary hit breaks all the side's mercenaries there. Then each leader
// hit rolls on the Elimination Chart (killed, captured, routed).
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { act, mustBeLegal } from './common.ts';
import { eliminationResult } from './data.ts';
import {
  areaName,
  capture,
  data,
  enemy,
  isKing,
  leaderName,
  leadersIn,
  nipFirst,
  note,
  rank,
  sideName,
  troopLabel,
  type Side,
  type Troop,
  type WogState,
} from './state.ts';
import { plural } from '../../messages/text.ts';

const RULE = 'WoG Phase 3 (losses)';
/** The order the bot and deadline default prefer (cheapest first). */
export const ORDER: (Troop['kind'] | 'leader')[] = ['infantry', 'longbow', 'gunner', 'mercenary', 'knight', 'leader'];

export interface LossFrame {
  proc: 'losses';
  step: 'take';
  area: string;
  bc: Record<Side, string>;
  /** Hits each side still has to take. */
  left: Record<Side, number>;
  /** Leaders hit so far (they roll on the Elimination Chart at the end). */
  hit: string[];
  [k: string]: unknown;
}

export function lossOptions(s: WogState, f: LossFrame, side: Side): LegalAction[] {
  if (f.left[side] <= 0) return [];
  const army = leadersIn(s, f.area, side).filter((l) => !f.hit.includes(l.id));
  const out: LegalAction[] = [];
  for (const l of army)
    for (const kind of ORDER.filter((k) => l.troops.some((t) => t.kind === k))) {
      const t = l.troops.find((x) => x.kind === kind)!;
      const why = kind === 'knight' ? ' (covers 2 hits)' : kind === 'mercenary' ? ' (all your mercenaries here break)' : '';
      out.push(
        act(
          'loss',
          `Remove 1 ${troopLabel(t)} from ${leaderName(s, l.id)}${why}`,
          { leader: l.id, troop: kind },
          { leader: leaderName(s, l.id) },
        ),
      );
    }
  const bare = army.filter((l) => l.troops.length === 0 && l.id !== f.bc[side]);
  for (const l of bare)
    out.push(
      act('loss', `${leaderName(s, l.id)} is hit (Elimination roll)`, { leader: l.id, troop: 'leader' }, { leader: leaderName(s, l.id) }),
    );
  const bc = army.find((l) => l.id === f.bc[side]);
  if (!out.length && bc)
    out.push(
      act(
        'loss',
        `${leaderName(s, bc.id)} (battle commander) is hit (Elimination roll)`,
        { leader: bc.id, troop: 'leader' },
        { leader: leaderName(s, bc.id) },
      ),
    );
  return out;
}

function applyLoss(s: WogState, f: LossFrame, side: Side, id: string, kind: string, ctx: Ctx): void {
  const l = s.leaders[id]!;
  if (kind === 'leader') {
    f.hit.push(id);
    f.left[side] -= 1;
    note(s, ctx, 'losses', `${sideName(side)}: ${leaderName(s, id)} is hit.`);
    return;
  }
  const t = l.troops.splice(
    l.troops.findIndex((x) => x.kind === kind),
    1,
  )[0]!;
  f.left[side] = Math.max(0, f.left[side] - (kind === 'knight' ? 2 : 1));
  let broke = 0;
  if (kind === 'mercenary')
    for (const o of leadersIn(s, f.area, side)) {
      broke += o.troops.filter((x) => x.kind === 'mercenary').length;
      o.troops = o.troops.filter((x) => x.kind !== 'mercenary');
    }
  note(
    s,
    ctx,
    'losses',
    `${sideName(side)} lose ${troopLabel(t)} (${leaderName(s, id)})${broke ? `; ${broke} more mercenaries break` : ''}.`,
  );
}

/** The side choosing now: the nIP first; sides with nothing left to lose are done. */
function chooser(s: WogState, f: LossFrame): Side | null {
  return nipFirst(s).find((x) => lossOptions(s, f, x).length > 1) ?? null;
}

export const lossesProc: Procedure<WogState, LossFrame> = {
  prompts(s, f) {
    const side = chooser(s, f);
    return side
      ? [
          {
            role: side,
            text: `Take ${plural(f.left[side], 'more hit', 'more hits')} in ${areaName(f.area)}: choose what to remove (/wog loss).`,
            decision: `t${s.turn}:loss:${f.area}:${side}:${f.left[side]}:${f.hit.length}`,
          },
        ]
      : [];
  },
  legal: (s, f, role) => (chooser(s, f) === role ? lossOptions(s, f, role as Side) : []),
  auto(s, f, ctx) {
    for (const side of nipFirst(s)) {
      const opts = lossOptions(s, f, side);
      if (f.left[side] > 0 && opts.length === 0) f.left[side] = 0;
      if (opts.length === 1) {
        applyLoss(s, f, side, String(opts[0]!.action.leader), String(opts[0]!.action.troop), ctx);
        return true;
      }
    }
    if (chooser(s, f)) return false;
    retWith(s.stack);
    eliminate(s, f.hit, ctx);
    return true;
  },
  apply(s, f, role, a, ctx) {
    const side = chooser(s, f);
    if (side !== role)
      throw new RuleError(RULE, side ? `The ${sideName(side)} take their losses first (nIP first).` : 'No losses to take.');
    mustBeLegal(
      lossOptions(s, f, side),
      a,
      RULE,
      "Leaders can't be removed while they have troops, and the battle commander is removed last.",
    );
    applyLoss(s, f, side, String(a.leader), String(a.troop), ctx);
  },
};

/** Call the losses procedure when any side took hits (nothing to ask otherwise). */
export function callLosses(s: WogState, area: string, bc: Record<Side, string>, left: Record<Side, number>): boolean {
  if (left.english <= 0 && left.french <= 0) return false;
  s.stack.frames.push({ proc: 'losses', step: 'take', area, bc, left, hit: [] } satisfies LossFrame);
  return true;
}

/** Bot and deadline default: the cheapest loss (a knight only for 2 hits), other leaders' troops before the BC's. */
export function preferredLoss(s: WogState, legal: LegalAction[]): LegalAction {
  const f = s.stack.frames.at(-1) as LossFrame;
  const side = s.leaders[String(legal[0]!.action.leader)]!.owner!;
  const key = (l: LegalAction): number => {
    let k = ORDER.indexOf(l.action.troop as Troop['kind']);
    if (l.action.troop === 'knight' && f.left[side] < 2) k = 4.5;
    return k * 2 + (l.action.leader === f.bc[side] ? 1 : 0);
  };
  return [...legal].sort((a, b) => key(a) - key(b))[0]!;
}

/** One Elimination roll per leader hit. */
export function eliminate(s: WogState, ids: string[], ctx: Ctx): void {
  for (const id of ids) {
    const l = s.leaders[id]!;
    if (l.where !== 'map') continue;
    const side = l.owner!;
    const r = eliminationResult(data().charts, ctx.dice.d6(`Elimination: ${leaderName(s, id)}`));
    if (r === 'killed') {
      const king = isKing(s, id);
      s.killed.push({ id, side, rank: rank(s, id), king });
      if (king) s.kings[side] = null;
      l.where = 'dead';
      l.area = null;
      l.troops = [];
    } else if (r === 'captured') capture(s, id, enemy(side));
    else {
      l.where = 'routed';
      l.area = null;
      l.troops = [];
    }
    note(s, ctx, 'elimination', `${leaderName(s, id)} (${sideName(side)}) is ${r}.`);
  }
}
