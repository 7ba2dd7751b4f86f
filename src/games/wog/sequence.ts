// The sequence of play as a flow table (engine FlowMachine): the turn frame at
// the bottom runs the eleven phases in order and calls the procedures in which
// players decide. No hand-written dispatch: each procedure owns its step.
import { RuleError } from '../../engine/errors.ts';
import { FlowMachine, retWith, type Flow, type Procedure } from '../../engine/flow.ts';
import { call } from '../../engine/procstack.ts';
import type { Ctx } from '../../engine/types.ts';
import { assignProc, removeLeaderless } from './assign.ts';
import { battleProc, battlesProc } from './battle.ts';
import { act, mustBeLegal } from './common.ts';
import { determineControl } from './control.ts';
import { leaderDeath } from './death.ts';
import { lossesProc } from './losses.ts';
import { deployProc } from './deploy.ts';
import { impulsesProc, startImpulses } from './impulses.ts';
import { determineInitiative } from './initiative.ts';
import { crownProc, fillPool, placeProc } from './placement.ts';
import { exchangeProc, ransomProc } from './prisoners.ts';
import { raiseProc, returnMercenaries } from './raise.ts';
import { retreatProc } from './retreat.ts';
import { scoreTurn } from './scoring.ts';
import { fleeProc } from './siege.ts';
import { rollNonAlignedPick } from './setup.ts';
import { data, enemy, leaderData, leaderName, nip, nipFirst, note, sideName, type Side, type WogState } from './state.ts';

export const PHASES = [
  'setup',
  'initiative',
  'impulses',
  'battles',
  'control',
  'raise',
  'deploy',
  'prisoners',
  'death',
  'place',
  'crown',
  'assign',
  'score',
] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_NAMES: Record<Phase, string> = {
  setup: 'Setup: non-aligned leaders',
  initiative: 'Phase 1: Initiative',
  impulses: 'Phase 2: Action Impulses',
  battles: 'Phase 3: Battles',
  control: 'Phase 4: Control',
  raise: 'Phase 5: Raise Troops',
  deploy: 'Phase 6: Deploy Troops and Mercenaries',
  prisoners: 'Phase 7: Captured Leaders',
  death: 'Phase 8: Leader Death',
  place: 'Phase 9: Place Leaders',
  crown: 'Phase 9: Crown Kings',
  assign: 'Phase 10: Assign Troops',
  score: 'Phase 11: Score',
};

interface TurnFrame {
  proc: 'turn';
  step: Phase;
  /** The phase now running (step is the next one once a phase has started). */
  now?: Phase;
  [k: string]: unknown;
}

interface PickFrame {
  proc: 'pickNA';
  /** roll: the English roll for both (a player's action, so the table can force it); choose: the winner picks. */
  step: 'roll' | 'choose';
  side: Side;
  [k: string]: unknown;
}

const sides = (proc: string, s: WogState) => ({ proc, step: 'go' as const, sides: nipFirst(s) });

/** Enter a phase: do its automatic part and call the procedure where players decide. */
const ENTER: Record<Phase, (s: WogState, ctx: Ctx) => void> = {
  setup: (s) => call(s.stack, { proc: 'pickNA', step: 'roll', side: 'english' } satisfies PickFrame),
  initiative: determineInitiative,
  impulses: (s) => call(s.stack, startImpulses(s)),
  battles: (s) => call(s.stack, { proc: 'battles', step: 'pick' }),
  control: determineControl,
  raise: (s, ctx) => {
    returnMercenaries(s, ctx);
    call(s.stack, sides('raise', s));
  },
  deploy: (s) => call(s.stack, sides('deploy', s)),
  prisoners: (s) => call(s.stack, { proc: 'exchange', step: 'go' }),
  death: leaderDeath,
  place: (s) => {
    fillPool(s);
    call(s.stack, { proc: 'place', step: 'go', naTurn: nip(s) });
  },
  crown: (s) => call(s.stack, { proc: 'crown', step: 'go' }),
  assign: (s) => call(s.stack, sides('assign', s)),
  score: () => undefined,
};

const turnProc: Procedure<WogState, TurnFrame> = {
  auto(s, f, ctx) {
    const ph = f.step;
    f.now = ph;
    if (ph === 'score') {
      if (scoreTurn(s, ctx)) return true;
      s.turn++;
      f.step = 'initiative';
      note(s, ctx, 'turn', `Turn ${s.turn} (${data().rosters[s.scenario].scenario.turnYears[s.turn - 1]}) begins.`);
      return true;
    }
    f.step = PHASES[PHASES.indexOf(ph) + 1]!;
    ENTER[ph](s, ctx);
    return true;
  },
  resume(s, f, _r, ctx) {
    // Leaderless troops are removed when assignment ends (Phase 10).
    if (f.now === 'assign') removeLeaderless(s, ctx);
  },
};

const pickLegal = (s: WogState, f: PickFrame, role: string) =>
  role !== f.side
    ? []
    : f.step === 'roll'
      ? [act('roll', 'Roll for the first pick of the starting non-aligned leaders (both dice)')]
      : data().rosters[s.scenario].setup.nonAligned.map((id) =>
          act('choose', `Take ${leaderName(s, id)} (non-aligned)`, { leader: id }, { leader: leaderName(s, id) }),
        );

const pickProc: Procedure<WogState, PickFrame> = {
  prompts: (s, f) => [
    f.step === 'roll'
      ? {
          role: f.side,
          text: 'Roll for the first pick of the two starting non-aligned leaders (/wog roll).',
          decision: 'setup:na-roll',
          buttons: true,
        }
      : { role: f.side, text: 'You won the roll: choose your non-aligned leader (/wog choose).', decision: 'setup:na', buttons: true },
  ],
  legal: pickLegal,
  apply(s, f, role, a, ctx) {
    if (role !== f.side)
      throw new RuleError(
        'WoG setup',
        f.step === 'roll' ? 'The English roll for the pick.' : `The ${sideName(f.side)} won the roll and choose.`,
      );
    mustBeLegal(
      pickLegal(s, f, role),
      a,
      'WoG setup',
      f.step === 'roll' ? 'Roll first (/wog roll).' : 'Choose one of the two starting non-aligned leaders.',
    );
    if (a.type === 'roll') {
      f.side = rollNonAlignedPick(s, ctx);
      f.step = 'choose';
      return;
    }
    for (const id of data().rosters[s.scenario].setup.nonAligned) {
      const l = s.leaders[id]!;
      l.owner = id === a.leader ? f.side : enemy(f.side);
      // WOG-NOTES: the English taking Robert of Gloucester get an Aggressor marker in England.
      if (l.owner === 'english' && leaderData(s, id).special === 'robert_aggressor' && l.area) s.aggressor[l.area] = 'english';
    }
    note(
      s,
      ctx,
      'setup',
      `${sideName(f.side)} take ${leaderName(s, String(a.leader))}; the other non-aligned leader goes to the ${sideName(enemy(f.side))}.`,
    );
    retWith(s.stack);
  },
};

export const FLOW: Flow<WogState> = {
  turn: turnProc,
  pickNA: pickProc,
  impulses: impulsesProc,
  battles: battlesProc,
  battle: battleProc,
  losses: lossesProc,
  flee: fleeProc,
  retreat: retreatProc,
  raise: raiseProc,
  deploy: deployProc,
  exchange: exchangeProc,
  ransom: ransomProc,
  place: placeProc,
  crown: crownProc,
  assign: assignProc,
};

export const machine = new FlowMachine<WogState>(FLOW, {
  stack: (s) => s.stack,
  scores: (s) => ({ english: Math.max(0, s.vp), french: Math.max(0, -s.vp) }),
  rule: 'WoG sequence of play',
});

export function currentPhase(s: WogState): Phase {
  const f = s.stack.frames[0] as TurnFrame;
  return f.now ?? 'setup';
}
