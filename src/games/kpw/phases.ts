// 8.0 Sequence of play: the turn's phases as data, in order, each with what
// happens on entering it, what it waits for, what happens on leaving it and
// the decision (if any) the turn frame itself asks while it is in play. The
// turn procedure of the flow table (flow.ts) walks this table.
import type { Action, Ctx, LegalAction, Prompt } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import { pushAttrition } from './attrition.ts';
import { applyChurch, churchPending, legalChurch, stepChurch } from './church.ts';
import { CHURCH_ROLL, DIPLOMACY, type Decision } from './decision.ts';
import { applyDiplomacy, diplomacyOptions, legalDiplomacy } from './diplomacy.ts';
import { askChurch, askDiplomacy } from './prompts.ts';
import { pushMuskets, pushReinforcements } from './reinforcements.ts';
import { note, type KpwState, type Phase, type Side, type TurnFrame, unitList } from './state.ts';
import { checkVictory } from './victory.ts';

/** A decision the turn frame asks while its phase is in play (no procedure is called for it). */
export interface PhaseDecision {
  ask(s: KpwState, f: TurnFrame): Prompt | null;
  answers: Decision;
  legal(s: KpwState, f: TurnFrame, role: Side): LegalAction[];
  apply(s: KpwState, f: TurnFrame, role: Side, a: Action, ctx: Ctx): void;
}

export interface PhaseDef {
  phase: Phase;
  name: string;
  /** Runs once when the phase begins (marks the frame `started`); may call procedures. */
  enter?(s: KpwState, f: TurnFrame, ctx: Ctx): void;
  /** Automatic progress inside the phase; true when it changed something. */
  step?(s: KpwState, f: TurnFrame, ctx: Ctx): boolean;
  /** True while the phase waits for a player. */
  waits?(s: KpwState, f: TurnFrame): boolean;
  /** Runs when the phase ends; false when play stops here (the game is over). */
  exit?(s: KpwState, f: TurnFrame, ctx: Ctx): boolean | void;
  /** The decision the turn frame asks in this phase, if any. */
  decision?(f: TurnFrame): PhaseDecision | null;
}

const churchRoll: PhaseDecision = {
  ask: askChurch,
  answers: CHURCH_ROLL,
  legal: legalChurch,
  apply: applyChurch,
};

const recruit: PhaseDecision = {
  ask: (s) => askDiplomacy(s),
  answers: DIPLOMACY,
  legal: (s, _f, role) => legalDiplomacy(s, role),
  apply: applyDiplomacy,
};

function startMove(s: KpwState, side: Side): void {
  s.moved = 0;
  s.markers = 0;
  for (const u of unitList(s)) u.moved = false;
  call(s.stack, { proc: 'move', step: 'select', side });
}

function startCombat(s: KpwState, side: Side): void {
  if (s.battles.some((b) => b.side === side && !b.fought)) call(s.stack, { proc: 'combat', step: 'choose', side, attacked: [] });
}

/** Battle markers of a combat phase are removed when it ends. */
function clearBattles(s: KpwState, side: Side): void {
  s.battles = s.battles.filter((b) => b.side !== side);
}

/** The phases of a turn, in the order of 8.0. */
export const PHASE_TABLE: readonly PhaseDef[] = [
  {
    phase: 'church',
    name: 'Church/Allied Indian Roll',
    step: stepChurch,
    waits: (s, f) => !!churchPending(s, f),
    decision: () => churchRoll,
  },
  {
    phase: 'engReinf',
    name: 'English Reinforcements',
    enter(s, f, ctx) {
      if (s.turn !== 1) pushReinforcements(s, 'english', ctx);
      // 17.0: in the short game Church enters on turn 5 during this phase (placed before the
      // Soldiers, who may then join any company, 9.0); the Allied Indian roll follows.
      if (s.options.short && s.turn >= 5 && !s.churchEntered && s.units.church.where === 'pool') {
        f.churchEntry = true;
        f.churchDone = true;
        s.churchTurn = s.turn;
        note(s, ctx, 'church', `Benjamin Church enters the game on turn ${s.turn} in the English Reinforcements phase (17.0).`);
        call(s.stack, { proc: 'place', step: 'place', side: 'english', purpose: 'church', items: ['church'] });
      }
    },
    // 9.0 play note: the Allied Indian roll comes as soon as Church has entered.
    waits: (s, f) => !!f.churchEntry && !!churchPending(s, f),
    decision: (f) => (f.churchEntry ? churchRoll : null),
  },
  {
    phase: 'diplomacy',
    name: 'Indian Diplomacy',
    waits: (s, f) => !f.diplomacyDone && diplomacyOptions(s).length > 0,
    decision: () => recruit,
  },
  {
    phase: 'indReinf',
    name: 'Indian Reinforcements',
    enter: (s, _f, ctx) => {
      if (s.turn !== 1) pushReinforcements(s, 'indian', ctx);
    },
  },
  { phase: 'muskets', name: 'Muskets', enter: (s) => void pushMuskets(s) },
  { phase: 'indMove', name: 'Indian Movement', enter: (s) => startMove(s, 'indian') },
  { phase: 'indCombat', name: 'Indian Combat', enter: (s) => startCombat(s, 'indian'), exit: (s) => clearBattles(s, 'indian') },
  { phase: 'engMove', name: 'English Movement', enter: (s) => startMove(s, 'english') },
  { phase: 'engCombat', name: 'English Combat', enter: (s) => startCombat(s, 'english'), exit: (s) => clearBattles(s, 'english') },
  {
    phase: 'attrition',
    name: 'Winter Attrition',
    enter: (s, _f, ctx) => {
      if (s.turn === 5) pushAttrition(s, ctx);
    },
  },
  {
    phase: 'victory',
    name: 'Check Victory',
    // Entered as a step of its own, as stored games have it (the frame is marked started).
    enter: () => {},
    exit: (s, _f, ctx) => !checkVictory(s, ctx),
  },
];

const BY_PHASE = new Map(PHASE_TABLE.map((p, i) => [p.phase, i]));

export const PHASE_NAMES = Object.fromEntries(PHASE_TABLE.map((p) => [p.phase, p.name])) as Record<Phase, string>;

export function phaseDef(phase: Phase): PhaseDef {
  const i = BY_PHASE.get(phase);
  if (i === undefined) throw new Error(`no phase "${phase}" in the sequence of play`);
  return PHASE_TABLE[i];
}

/** The next phase; after the victory check, the next turn (two on in the short game, 17.0). */
function nextPhase(s: KpwState, f: TurnFrame, ctx: Ctx): void {
  const i = BY_PHASE.get(f.step)! + 1;
  if (i === PHASE_TABLE.length) {
    s.turn += s.options.short ? 2 : 1;
    note(s, ctx, 'turn', `Turn ${s.turn} begins${s.turn === 5 ? ' (winter)' : ''}.`);
    s.stack.frames[0] = { proc: 'turn', step: PHASE_TABLE[0].phase };
    return;
  }
  s.stack.frames[0] = { proc: 'turn', step: PHASE_TABLE[i].phase };
}

/** Enter, advance or leave the phase on the turn frame; false when it waits for a player. */
export function stepPhase(s: KpwState, f: TurnFrame, ctx: Ctx): boolean {
  const p = phaseDef(f.step);
  if (p.enter && !f.started) {
    f.started = true;
    p.enter(s, f, ctx);
    return true;
  }
  if (p.step?.(s, f, ctx)) return true;
  if (p.waits?.(s, f)) return false;
  if (p.exit?.(s, f, ctx) === false) return false;
  nextPhase(s, f, ctx);
  return true;
}
