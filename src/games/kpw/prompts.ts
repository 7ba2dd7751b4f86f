// Who is asked what, procedure by procedure, and the key of each decision:
// the key stays the same while one decision stays open (the text may change,
// e.g. pips left), so per-decision deadlines and buttons survive its steps.
import type { Prompt } from '../../engine/types.ts';
import { evadeTargets, openBattles } from './battle.ts';
import { legalAdvance } from './advance-after-combat.ts';
import { markerLimit } from './battle-markers.ts';
import { battleOf, sideOf } from './battle-sides.ts';
import { churchPending } from './church.ts';
import { pipText, tribeName } from './common.ts';
import { spaceName } from './map.ts';
import { pipsLeft } from './move-costs.ts';
import { groupLimit } from './movement.ts';
import { legalAttrition } from './attrition.ts';
import {
  turnFrame,
  type AttritionFrame,
  type BattleFrame,
  type CombatFrame,
  type InterceptFrame,
  type KpwState,
  type MoveFrame,
  type PlaceFrame,
  type TurnFrame,
} from './state.ts';

const PLACE_TEXT: Record<string, string> = {
  setup: 'Place your starting forces (7.0)',
  reinf: 'Place your reinforcements (10.1)',
  church: 'Place Benjamin Church in a Plymouth or Rhode Island settlement (9.0)',
  allied: 'Place the Allied Indian warrior in an open area (9.0)',
  musket: 'Give the Musket marker to a war band in a river or port space (10.2)',
  entry: 'Place the entering warriors, one per village (11.1)',
  entryLeader: 'Place the entering leaders in their villages (11.1)',
  massacre: 'Massacre: raise one full-strength unit in a friendly village or settlement (13.3)',
};

/** The phase in play as a key prefix, e.g. 'turn3:indMove'. */
function phaseKey(s: KpwState): string {
  return `turn${s.turn}:${turnFrame(s).step}`;
}

/** 9.0: the Church or Allied Indian roll (phase 1, or phase 2 when Church entered there, 17.0). */
export function askChurch(s: KpwState, f: TurnFrame): Prompt | null {
  const p = churchPending(s, f);
  if (!p) return null;
  const text = p === 'church' ? `Turn ${s.turn}: roll for Benjamin Church's arrival.` : `Turn ${s.turn}: roll for Allied Indians.`;
  return { role: 'english', text, buttons: true, decision: `${phaseKey(s)}:${p}` };
}

export function askDiplomacy(s: KpwState): Prompt {
  return {
    role: 'indian',
    text: 'Indian diplomacy: send Philip to recruit a tribe that is ready for war, or recruit no one.',
    decision: `${phaseKey(s)}:indian`,
  };
}

export function askPlace(s: KpwState, f: PlaceFrame): Prompt {
  const n = f.items.length;
  const what = f.tribe ? ` (${tribeName(f.tribe)})` : '';
  // Massacre offers several candidate units but raises only one.
  const count = f.purpose === 'massacre' ? `choose 1 of ${n} units` : `${n} to place`;
  const decision = f.purpose === 'setup' ? `setup:${f.side}` : `${phaseKey(s)}:place:${f.purpose}${f.tribe ? `:${f.tribe}` : ''}`;
  return { role: f.side, text: `${PLACE_TEXT[f.purpose]}${what}: ${count}.`, decision };
}

/** One decision for the whole movement phase: choosing, moving and marking groups are its steps. */
export function askMove(s: KpwState, f: MoveFrame): Prompt {
  const who = f.side === 'english' ? 'company' : 'war band';
  const decision = `${phaseKey(s)}:${f.side}`;
  if (f.step === 'select')
    return {
      role: f.side,
      text:
        `Move a ${who} (${s.moved}/${groupLimit(s, f.side)} moved, ${s.markers}/${markerLimit(s, f.side)}` +
        ` Battle markers) or end the movement phase.`,
      decision,
    };
  const g = f.group!;
  if (f.step === 'group')
    return {
      role: f.side,
      text:
        `The ${who} in ${spaceName(g.at)} has ${pipText(pipsLeft(s, f.side, g))}` +
        ` left: move on, pick up, drop off, place a Battle marker or stop.`,
      decision,
    };
  return {
    role: f.side,
    text: `Place another Battle marker from ${spaceName(g.at)} (one per Infantry there) or stop.`,
    buttons: true,
    decision,
  };
}

export function askIntercept(s: KpwState, f: InterceptFrame): Prompt {
  const decision = `${phaseKey(s)}:intercept:${f.kind}:${f.into}:${f.step}`;
  if (f.step === 'choose')
    return {
      role: f.side,
      text: `Enemy ${f.kind === 'moving' ? 'units entered' : 'Battle marker on'} ${spaceName(f.into)}: try to intercept, or decline.`,
      buttons: f.cands.length < 5,
      decision,
    };
  return { role: f.side, text: `Interception succeeded: choose which units go into ${spaceName(f.into)}.`, decision };
}

export function askCombat(s: KpwState, f: CombatFrame): Prompt {
  const decision = `${phaseKey(s)}:fight${f.mohawk ? ':mohawk' : ''}`;
  return {
    role: f.side,
    text: `${f.mohawk ? 'The Mohawks attack Philip: choose' : 'Choose'} the next battle to resolve (${openBattles(s, f).length} left).`,
    decision,
  };
}

/** A battle's decisions, keyed by battle, round and step (and whose re-roll or losses). */
const battleKey = (s: KpwState, f: BattleFrame, step: string) => `${phaseKey(s)}:battle:${f.id}:r${f.round}:${step}`;

export function askEvade(s: KpwState, f: BattleFrame): Prompt {
  return {
    role: f.D.role,
    text: `Your units in ${spaceName(battleOf(s, f).to)} are attacked: try to evade, or stand and fight?`,
    buttons: evadeTargets(s, f).length < 5,
    decision: battleKey(s, f, 'evade'),
  };
}

export function askReroll(s: KpwState, f: BattleFrame): Prompt {
  const x = f.rr[0].split('-')[0] as 'A' | 'D';
  return {
    role: sideOf(f, x),
    text:
      `Battle of ${spaceName(battleOf(s, f).to)}: red ${f.dice.red}, green ${f.dice.green}` +
      `${f.round === 1 ? `, event ${f.dice.event}` : ''}: use your ` +
      `${f.rr[0].endsWith('spy') ? 'Spy' : 'Guide'} re-roll?`,
    buttons: true,
    decision: battleKey(s, f, `reroll:${f.rr[0]}`),
  };
}

export function askPanic(s: KpwState, f: BattleFrame): Prompt {
  return {
    role: sideOf(f, f.affected === 'A' ? 'D' : 'A'),
    text: `Panic at ${spaceName(battleOf(s, f).to)}: choose one enemy unit or site to leave out of their strength.`,
    buttons: true,
    decision: battleKey(s, f, 'panic'),
  };
}

export function askAllocate(s: KpwState, f: BattleFrame): Prompt {
  const x = f.lossQueue[0];
  return {
    role: sideOf(f, x),
    text: `Battle of ${spaceName(battleOf(s, f).to)}: take ${f.loss[x]} SP of losses (a unit step or the site).`,
    buttons: true,
    decision: battleKey(s, f, `losses:${x}`),
  };
}

export function askExploit(s: KpwState, f: BattleFrame): Prompt {
  return {
    role: 'indian',
    text: 'A Connecticut settlement was razed: roll to exploit the New York/Connecticut border war?',
    buttons: true,
    decision: battleKey(s, f, 'exploit'),
  };
}

export function askFerocity(s: KpwState, f: BattleFrame): Prompt {
  const where = spaceName(battleOf(s, f).to);
  return { role: f.A.role, text: `Battle of ${where}: fight a second round?`, buttons: true, decision: battleKey(s, f, 'ferocity') };
}

export function askAdvance(s: KpwState, f: BattleFrame): Prompt {
  const b = battleOf(s, f);
  return {
    role: b.side,
    text: `${spaceName(b.to)} is open: advance into it, or stay?`,
    buttons: legalAdvance(s, f, b.side).length <= 5,
    decision: battleKey(s, f, 'advance'),
  };
}

export function askAttrition(s: KpwState, f: AttritionFrame): Prompt {
  return {
    role: f.side,
    text: `Winter attrition: remove ${f.left} more Infantry (full-strength first).`,
    buttons: legalAttrition(s, f, f.side).length <= 5,
    decision: `${phaseKey(s)}:${f.side}`,
  };
}
