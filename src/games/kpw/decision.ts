// 8.0: which commands answer the decision open now. A command that answers
// something else is told what is asked, instead of a refusal from whichever
// procedure happens to be on top (e.g. "no advance to decide" during evasion).
import { fail } from '../../engine/errors.ts';
import type { Action, LegalAction } from '../../engine/types.ts';
import type { KFrame } from './state.ts';
import { placeRule } from './placement.ts';

export interface Decision {
  /** Action types (= /kpw subcommands) that answer it. */
  types: string[];
  /** The rule section the decision belongs to. */
  rule: string;
}

const MOVE = ['activate', 'end', 'step', 'pickup', 'drop', 'stop', 'battle', 'muskets'];

const BATTLE_STEP: Record<string, Decision> = {
  evade: { types: ['evade', 'stand'], rule: 'KPW 13.1' },
  reroll: { types: ['reroll', 'pass'], rule: 'KPW 13.2' },
  panic: { types: ['panic'], rule: 'KPW 13.3' },
  allocate: { types: ['loss'], rule: 'KPW 13.5' },
  exploit: { types: ['exploit', 'decline'], rule: 'KPW 13.6' },
  ferocity: { types: ['ferocity', 'decline'], rule: 'KPW 18.2' },
  advance: { types: ['advance', 'stay'], rule: 'KPW 13.7' },
};

export function openDecision(f: KFrame): Decision | null {
  switch (f.proc) {
    case 'turn':
      if (f.step === 'diplomacy') return { types: ['recruit', 'end'], rule: 'KPW 11.0' };
      return { types: ['roll'], rule: 'KPW 9.0' };
    case 'place':
      return { types: ['place', 'decline'], rule: placeRule(f) };
    case 'move':
      return { types: MOVE, rule: 'KPW 12.1' };
    case 'intercept':
      return { types: f.step === 'choose' ? ['intercept', 'decline'] : ['send'], rule: f.kind === 'marker' ? 'KPW 12.5' : 'KPW 12.4' };
    case 'combat':
      return { types: ['fight'], rule: 'KPW 13.0' };
    case 'battle':
      return BATTLE_STEP[f.step] ?? null;
    case 'attrition':
      return { types: ['loss'], rule: 'KPW 14.0' };
  }
}

/** Refuse an action that answers another decision, naming the open one and the commands that answer it now. */
export function refuseUnrelated(f: KFrame, a: Action, askedText: string, legal: () => LegalAction[]): void {
  const open = openDecision(f);
  if (!open || open.types.includes(String(a.type))) return;
  // Only the commands offered now (e.g. no /kpw decline in set-up).
  const offered = new Set(legal().map((l) => String(l.action.type)));
  const now = open.types.filter((t) => offered.has(t));
  const how = (now.length ? now : open.types).map((t) => `/kpw ${t}`).join(' or ');
  fail(open.rule, `/kpw ${a.type} does not answer what is asked now. ${askedText} Answer with ${how}.`);
}
