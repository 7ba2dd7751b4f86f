// Phase 3 retreat and pursuit: the whole army goes to one area (border
// limits, never an enemy controlled or occupied one); the enemy pursues with
// one battle round at +1; survivors arrive disgraced. Leaders who cannot
// retreat are captured and their troops removed.
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { battleDice, braveryMods, jeanneDuel, rollHits } from './battle-dice.ts';
import { act, mustBeLegal } from './common.ts';
import { callLosses } from './losses.ts';
import { refuges } from './siege.ts';
import {
  areaName,
  borderLimit,
  capture,
  data,
  enemy,
  leaderName,
  leadersIn,
  note,
  rank,
  sideName,
  type Side,
  type WogState,
} from './state.ts';
import { plural } from '../../messages/text.ts';

export interface RetreatFrame {
  proc: 'retreat';
  /** to: choose the area; move: the pursuit's losses are taken, the survivors go. */
  step: 'to' | 'move';
  to?: string | null;
  area: string;
  side: Side;
  bc: Record<Side, string>;
  [k: string]: unknown;
}

/** Destinations for the whole army; reading: an area whose border lets fewer through still takes as many as it can (the rest are captured). */
export function retreatTargets(s: WogState, side: Side, from: string): string[] {
  return refuges(s, side, from);
}

function retreatLegal(s: WogState, f: RetreatFrame): LegalAction[] {
  return retreatTargets(s, f.side, f.area).map((to) =>
    act(
      'retreat',
      `Retreat from ${areaName(f.area)} to ${areaName(to)} (up to ${borderLimit(s, f.side, f.area, to)} leaders)`,
      { to },
      { to: areaName(to) },
    ),
  );
}

/** The pursuit: one battle round for the pursuer alone; the retreating side then takes its losses. */
export function pursue(s: WogState, f: RetreatFrame, ctx: Ctx): void {
  const pursuer = enemy(f.side);
  const pbc = f.bc[pursuer];
  if (!leadersIn(s, f.area, pursuer).some((l) => l.id === pbc)) return;
  // Reading: a pursuit is a battle round for the pursuer alone: +1 and his bravery
  // advantage. Jeanne's duel applies when she is (still) the French BC, on
  // either side of the pursuit: it can silence the pursuer (README).
  const bc = f.bc;
  if (
    s.leaders[bc.french]?.where === 'map' &&
    s.leaders[bc.french]!.area === f.area &&
    s.leaders[bc.english]?.where === 'map' &&
    s.leaders[bc.english]!.area === f.area &&
    jeanneDuel(s, bc, ctx)[pursuer]
  ) {
    note(s, ctx, 'pursuit', `${sideName(pursuer)} roll no pursuit dice.`);
    return;
  }
  const { dice } = battleDice(s, pursuer, f.area, pbc);
  const mod = data().charts.battle.pursuitModifier + braveryMods(s, f.bc)[pursuer];
  const r = rollHits(s, ctx, pursuer, dice, mod, 'Pursuit');
  note(s, ctx, 'pursuit', `${sideName(pursuer)} pursue with ${dice} dice at +${mod}: ${r.faces.join(' ')} → ${plural(r.hits, 'hit')}.`);
  callLosses(s, f.area, f.bc, { [f.side]: r.hits, [pursuer]: 0 } as Record<Side, number>);
}

/** The survivors move (the highest ranks first within the border limit), disgraced; the rest are captured. */
export function moveSurvivors(s: WogState, f: RetreatFrame, to: string | null, ctx: Ctx): void {
  const pursuer = enemy(f.side);
  const army = leadersIn(s, f.area, f.side).sort((a, b) => rank(s, b.id) - rank(s, a.id) || a.id.localeCompare(b.id));
  const limit = to === null ? 0 : borderLimit(s, f.side, f.area, to);
  army.forEach((l, i) => {
    if (i < limit) {
      l.area = to;
      l.disgraced = true;
      note(s, ctx, 'retreat', `${leaderName(s, l.id)} retreats to ${areaName(to!)}, disgraced.`);
    } else {
      capture(s, l.id, pursuer);
      note(s, ctx, 'capture', `${leaderName(s, l.id)} cannot retreat and is captured.`);
    }
  });
}

export const retreatProc: Procedure<WogState, RetreatFrame> = {
  prompts: (s, f) =>
    f.step !== 'to'
      ? []
      : [
          {
            role: f.side,
            text: `Retreat from ${areaName(f.area)}: choose the area (/wog retreat to:…).`,
            decision: `t${s.turn}:retreat:${f.area}`,
            buttons: true,
          },
        ],
  legal: (s, f, role) => (role === f.side && f.step === 'to' ? retreatLegal(s, f) : []),
  auto(s, f, ctx) {
    if (f.step === 'to' && retreatLegal(s, f).length) return false;
    moveSurvivors(s, f, f.step === 'move' ? (f.to ?? null) : null, ctx);
    retWith(s.stack);
    return true;
  },
  apply(s, f, role, a, ctx) {
    if (role !== f.side) throw new RuleError('WoG Phase 3 (retreat)', `The ${sideName(f.side)} are retreating.`);
    mustBeLegal(
      retreatLegal(s, f),
      a,
      'WoG Phase 3 (retreat)',
      'All retreating leaders go to the same adjacent area, not enemy controlled or occupied, within border limits.',
    );
    f.to = String(a.to);
    f.step = 'move';
    pursue(s, f, ctx);
  },
};
