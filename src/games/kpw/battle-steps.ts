// 13.0-13.10 and 18.2 A battle's steps as a table, in the order they run:
// who is asked what, the listed choices, the actions each step takes and its
// automatic progress. The battle procedure reads the step of its frame here,
// so the sequence is data, not a dispatch written out by hand.
import { fail } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction, Prompt } from '../../engine/types.ts';
import { applyAdvance, autoAdvance, legalAdvance } from './advance-after-combat.ts';
import { autoDone, autoEvent8 } from './battle-end.ts';
import {
  applyEvade,
  applyPanic,
  applyReroll,
  applyStand,
  autoReroll,
  autoRoll,
  autoStart,
  legalEvade,
  legalPanic,
  legalReroll,
} from './battle.ts';
import {
  applyExploit,
  applyFerocity,
  applyLoss,
  autoAllocate,
  autoEffects,
  autoFerocity,
  autoLosses,
  declineFerocity,
  FEROCITY_NEEDS,
  ferocityRule,
  legalAllocate,
  legalExploit,
  legalFerocity,
} from './losses.ts';
import { askAdvance, askAllocate, askEvade, askExploit, askFerocity, askPanic, askReroll } from './prompts.ts';
import type { BattleFrame, BattleStep, KpwState, Side } from './state.ts';

type Act = (s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx) => void;

interface BattleStepDef {
  ask?(s: KpwState, f: BattleFrame): Prompt;
  legal?(s: KpwState, f: BattleFrame, role: Side): LegalAction[];
  /** The actions this step takes, by type. */
  acts?: Record<string, Act>;
  /** Automatic progress; absent or false: a player must decide. */
  auto?(s: KpwState, f: BattleFrame, ctx: Ctx): boolean;
}

const BATTLE_STEPS: Record<BattleStep, BattleStepDef> = {
  start: { auto: autoStart },
  evade: { ask: askEvade, legal: legalEvade, acts: { evade: applyEvade, stand: applyStand } },
  roll: { auto: autoRoll },
  reroll: { ask: askReroll, legal: legalReroll, acts: { reroll: applyReroll, pass: applyReroll }, auto: autoReroll },
  panic: { ask: askPanic, legal: legalPanic, acts: { panic: applyPanic } },
  losses: { auto: autoLosses },
  allocate: { ask: askAllocate, legal: legalAllocate, acts: { loss: applyLoss }, auto: autoAllocate },
  effects: { auto: autoEffects },
  exploit: { ask: askExploit, legal: legalExploit, acts: { exploit: applyExploit, decline: applyExploit } },
  ferocity: { ask: askFerocity, legal: legalFerocity, acts: { ferocity: applyFerocity, decline: declineFerocity }, auto: autoFerocity },
  advance: { ask: askAdvance, legal: legalAdvance, acts: { advance: applyAdvance, stay: applyAdvance }, auto: autoAdvance },
  event8: { auto: autoEvent8 },
  done: { auto: autoDone },
};

/** The refusal of a battle action when the step that takes it is not the current one. */
const NOT_NOW: Record<string, [rule: string, text: string]> = {
  evade: ['KPW 13.1', 'No evasion decision is pending for you.'],
  stand: ['KPW 13.1', 'No evasion decision is pending for you.'],
  reroll: ['KPW 13.2', 'No re-roll is on offer now.'],
  pass: ['KPW 13.2', 'No re-roll is on offer now.'],
  panic: ['KPW 13.3', 'No Panic choice is pending for you.'],
  loss: ['KPW 13.5', 'No losses are waiting to be taken.'],
  exploit: ['KPW 13.6', 'No border-war roll is on offer now.'],
  decline: ['KPW 18.2', 'There is nothing to decline now.'],
};

function notNow(s: KpwState, type: string): [string, string] {
  if (type === 'ferocity') return [ferocityRule(s), FEROCITY_NEEDS];
  return NOT_NOW[type] ?? ['KPW 13.7', 'There is no advance after combat to decide now.'];
}

export function askBattle(s: KpwState, f: BattleFrame): Prompt | null {
  return BATTLE_STEPS[f.step].ask?.(s, f) ?? null;
}

export function legalBattle(s: KpwState, f: BattleFrame, role: Side): LegalAction[] {
  return BATTLE_STEPS[f.step].legal?.(s, f, role) ?? [];
}

export function applyBattle(s: KpwState, f: BattleFrame, role: Side, a: Action, ctx: Ctx): void {
  const act = BATTLE_STEPS[f.step].acts?.[a.type];
  if (!act) fail(...notNow(s, a.type));
  act(s, f, role, a, ctx);
}

export function autoBattle(s: KpwState, f: BattleFrame, ctx: Ctx): boolean {
  return BATTLE_STEPS[f.step].auto?.(s, f, ctx) ?? false;
}
