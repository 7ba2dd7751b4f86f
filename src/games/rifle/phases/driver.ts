// The sequence of play: leaders, then each turn Growth, Livestock and Boon
// (automatic), the simultaneous Action phase, and the resolution phases 5-12,
// each run for every settlement and paused while a player owes a decision.
import type { Ctx } from '../../../engine/types.ts';
import { revealAndExecute } from '../plan.ts';
import { active, freshNotes, measuresOf, RESOLVE_PHASES, say, seasonName, type ResolvePhase, type RifleState, type Settlement } from '../state.ts';
import { RULES } from '../data.ts';
import { askExtra, boonPhase } from './boon.ts';
import { consumePhase } from './consume.ts';
import { endPhase } from './end.ts';
import { growthPhase, livestockPhase } from './growth.ts';
import { happinessPhase } from './happiness.ts';
import { hardshipPhase } from './hardship.ts';
import { mishapPhase } from './mishap.ts';
import { raidPhase } from './raid.ts';
import { seasonalPhase } from './seasonal.ts';
import { storagePhase } from './storage.ts';

type PhaseFn = (s: RifleState, st: Settlement, ctx: Ctx) => void;

const RUN: Record<ResolvePhase, PhaseFn> = {
  hardship: hardshipPhase,
  mishap: mishapPhase,
  raid: raidPhase,
  consume: consumePhase,
  seasonal: seasonalPhase,
  storage: storagePhase,
  happiness: happinessPhase,
  end: endPhase,
};

/** A settlement with no Folk left is abandoned (out of the game). */
function checkAbandoned(s: RifleState, st: Settlement, ctx: Ctx): void {
  if (!st.out && st.res.folk <= 0) {
    st.out = 'abandoned';
    st.outTurn = s.turn;
    st.pending = null;
    const text = `${st.name} has no Folk left and is abandoned.`;
    ctx.emit({ kind: 'out', text });
    say(s, text);
  }
  if (st.out) {
    st.pending = null;
    st.phaseDone = true;
  }
}

/** Phases 1-3 for every settlement, then the Action phase opens. */
export function startTurn(s: RifleState, ctx: Ctx): void {
  s.chronicle = [];
  say(s, `— Turn ${s.turn}: ${seasonName(s.turn)} —`);
  ctx.emit({ kind: 'turn', text: `Turn ${s.turn} of ${RULES.turns.count}: ${seasonName(s.turn)}.` });
  for (const st of active(s)) {
    st.boon = null;
    st.extra = null;
    st.plan = [];
    st.done = false;
    st.notes = freshNotes();
    st.ph = { step: 0 };
    st.phaseDone = false;
    growthPhase(s, st, ctx);
    livestockPhase(s, st, ctx);
    boonPhase(s, st, ctx);
    askExtra(s, st);
  }
  s.stage = 'plan';
  ctx.emit({ kind: 'phase', text: `Action Phase: plan your actions privately (/rifle plan, /rifle plans), then /rifle done.` });
}

/** All plans are in: reveal them, carry them out, and run the later phases. */
export function finishPlanning(s: RifleState, ctx: Ctx): void {
  revealAndExecute(s, ctx);
  s.stage = 'resolve';
  s.phaseIdx = 0;
  for (const st of s.settlements) {
    st.ph = { step: 0 };
    st.phaseDone = false;
  }
  advance(s, ctx);
}

/** Run resolution phases until someone owes a decision or the turn ends. */
export function advance(s: RifleState, ctx: Ctx): void {
  while (s.stage === 'resolve') {
    const phase = RESOLVE_PHASES[s.phaseIdx];
    for (const st of active(s)) {
      if (st.phaseDone || st.pending) continue;
      RUN[phase](s, st, ctx);
      checkAbandoned(s, st, ctx);
    }
    if (active(s).some((st) => st.pending)) return;
    for (const st of s.settlements) {
      st.ph = { step: 0 };
      st.phaseDone = false;
    }
    s.phaseIdx++;
    if (s.phaseIdx < RESOLVE_PHASES.length) continue;
    // End of the turn.
    for (const st of s.settlements) if (st.out && st.history[st.history.length - 1]?.turn !== s.turn) st.history.push(measuresOf(st, s.turn));
    if (s.turn >= RULES.turns.count || active(s).length === 0) {
      s.stage = 'over';
      ctx.emit({ kind: 'over', text: 'The game is over.' });
      return;
    }
    s.turn++;
    startTurn(s, ctx);
  }
}

/** Continue one settlement's current phase after its decision was answered. */
export function resume(s: RifleState, st: Settlement, ctx: Ctx): void {
  if (s.stage !== 'resolve') return;
  if (!st.pending && !st.phaseDone && !st.out) {
    RUN[RESOLVE_PHASES[s.phaseIdx]](s, st, ctx);
    checkAbandoned(s, st, ctx);
  }
  advance(s, ctx);
}
