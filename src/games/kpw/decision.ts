// 8.0: which commands answer the decision open now. A command that answers
// something else is told what is asked, instead of a refusal from whichever
// procedure happens to be on top (e.g. "no advance to decide" during evasion).
// Each procedure of the flow table (flow.ts) names its open decision.
import { fail } from '../../engine/errors.ts';
import type { Action, LegalAction } from '../../engine/types.ts';
import type { BattleFrame, InterceptFrame, PlaceFrame } from './state.ts';
import { placeRule } from './placement.ts';
import { kpwPath } from './paths.ts';

export interface Decision {
  /** Action types (= /kpw subcommands) that answer it. */
  types: string[];
  /** The rule section the decision belongs to. */
  rule: string;
}

export const CHURCH_ROLL: Decision = { types: ['roll'], rule: 'KPW 9.0' };
export const DIPLOMACY: Decision = { types: ['recruit', 'end'], rule: 'KPW 11.0' };
export const MOVEMENT: Decision = { types: ['activate', 'end', 'step', 'pickup', 'drop', 'stop', 'battle', 'muskets'], rule: 'KPW 12.1' };
export const COMBAT: Decision = { types: ['fight'], rule: 'KPW 13.0' };
export const ATTRITION: Decision = { types: ['loss'], rule: 'KPW 14.0' };

const BATTLE_STEP: Record<string, Decision> = {
  evade: { types: ['evade', 'stand'], rule: 'KPW 13.1' },
  reroll: { types: ['reroll', 'pass'], rule: 'KPW 13.2' },
  panic: { types: ['panic'], rule: 'KPW 13.3' },
  allocate: { types: ['loss'], rule: 'KPW 13.5' },
  exploit: { types: ['exploit', 'decline'], rule: 'KPW 13.6' },
  ferocity: { types: ['ferocity', 'decline'], rule: 'KPW 18.2' },
  advance: { types: ['advance', 'stay'], rule: 'KPW 13.7' },
};

export const placeDecision = (f: PlaceFrame): Decision => ({ types: ['place', 'decline'], rule: placeRule(f) });

export const interceptDecision = (f: InterceptFrame): Decision => ({
  types: f.step === 'choose' ? ['intercept', 'decline'] : ['send'],
  rule: f.kind === 'marker' ? 'KPW 12.5' : 'KPW 12.4',
});

export const battleDecision = (f: BattleFrame): Decision | null => BATTLE_STEP[f.step] ?? null;

/** Refuse an action that answers another decision, naming the open one and the commands that answer it now. */
export function refuseUnrelated(open: Decision | null, a: Action, askedText: string, legal: () => LegalAction[]): void {
  if (!open || open.types.includes(String(a.type))) return;
  // Only the commands offered now (e.g. no /kpw decline in set-up).
  const offered = new Set(legal().map((l) => String(l.action.type)));
  const now = open.types.filter((t) => offered.has(t));
  const how = (now.length ? now : open.types).map(kpwPath).join(' or ');
  fail(open.rule, `${kpwPath(String(a.type))} does not answer what is asked now. ${askedText} Answer with ${how}.`);
}
