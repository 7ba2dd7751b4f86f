// Who is asked what now, the legal actions (the single source of truth the
// runner gates on), and dispatching an action to its procedure.
import { fail } from '../../engine/errors.ts';
import { top } from '../../engine/procstack.ts';
import type { Action, Ctx, LegalAction, Prompt } from '../../engine/types.ts';
import { applyAttrition, legalAttrition } from './attrition.ts';
import { applyBattle, applyCombat, evadeTargets, legalBattle, legalCombat, openBattles } from './battle.ts';
import { battleOf, sideOf } from './battle-sides.ts';
import { applyChurch, churchPending, legalChurch } from './church.ts';
import { tribeName } from './common.ts';
import { refuseUnrelated } from './decision.ts';
import { applyDiplomacy, legalDiplomacy } from './diplomacy.ts';
import { applyIntercept, legalIntercept } from './interception.ts';
import { markerLimit } from './battle-markers.ts';
import { applyMove, groupLimit, legalMove } from './movement.ts';
import { pipsLeft } from './move-costs.ts';
import { spaceName } from './map.ts';
import { applyPlace, legalPlace } from './placement.ts';
import { pipText } from './common.ts';
import { run } from './sequence.ts';
import { SIDE_NAME, withIndex, type KFrame, type KpwState, type Side } from './state.ts';

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

function frameAsks(s: KpwState, f: KFrame): Prompt | null {
  switch (f.proc) {
    case 'turn':
      if (f.step === 'church' || (f.step === 'engReinf' && f.churchEntry)) {
        const p = churchPending(s, f);
        if (!p) return null;
        return { role: 'english', text: p === 'church' ? `Turn ${s.turn}: roll for Benjamin Church's arrival.` : `Turn ${s.turn}: roll for Allied Indians.`, buttons: true };
      }
      if (f.step === 'diplomacy') return { role: 'indian', text: 'Indian diplomacy: send Philip to recruit a tribe that is ready for war, or recruit no one.' };
      return null;
    case 'place': {
      const n = f.items.length;
      const what = f.tribe ? ` (${tribeName(f.tribe)})` : '';
      // Massacre offers several candidate units but raises only one.
      const count = f.purpose === 'massacre' ? `choose 1 of ${n} units` : `${n} to place`;
      return { role: f.side, text: `${PLACE_TEXT[f.purpose]}${what}: ${count}.` };
    }
    case 'move': {
      const who = f.side === 'english' ? 'company' : 'war band';
      if (f.step === 'select')
        return { role: f.side, text: `Move a ${who} (${s.moved}/${groupLimit(s, f.side)} moved, ${s.markers}/${markerLimit(s, f.side)} Battle markers) or end the movement phase.` };
      const g = f.group!;
      if (f.step === 'group') return { role: f.side, text: `The ${who} in ${spaceName(g.at)} has ${pipText(pipsLeft(s, f.side, g))} left: move on, pick up, drop off, place a Battle marker or stop.` };
      return { role: f.side, text: `Place another Battle marker from ${spaceName(g.at)} (one per Infantry there) or stop.`, buttons: true };
    }
    case 'intercept':
      if (f.step === 'choose') return { role: f.side, text: `Enemy ${f.kind === 'moving' ? 'units entered' : 'Battle marker on'} ${spaceName(f.into)}: try to intercept, or decline.`, buttons: f.cands.length < 5 };
      return { role: f.side, text: `Interception succeeded: choose which units go into ${spaceName(f.into)}.` };
    case 'combat':
      return { role: f.side, text: `${f.mohawk ? 'The Mohawks attack Philip: choose' : 'Choose'} the next battle to resolve (${openBattles(s, f).length} left).` };
    case 'battle': {
      const b = battleOf(s, f);
      const where = spaceName(b.to);
      switch (f.step) {
        case 'evade':
          return { role: f.D.role, text: `Your units in ${where} are attacked: try to evade, or stand and fight?`, buttons: evadeTargets(s, f).length < 5 };
        case 'reroll': {
          const x = f.rr[0].split('-')[0] as 'A' | 'D';
          return { role: sideOf(f, x), text: `Battle of ${where}: red ${f.dice.red}, green ${f.dice.green}${f.round === 1 ? `, event ${f.dice.event}` : ''}: use your ${f.rr[0].endsWith('spy') ? 'Spy' : 'Guide'} re-roll?`, buttons: true };
        }
        case 'panic':
          return { role: sideOf(f, f.affected === 'A' ? 'D' : 'A'), text: `Panic at ${where}: choose one enemy unit or site to leave out of their strength.`, buttons: true };
        case 'allocate': {
          const x = f.lossQueue[0];
          return { role: sideOf(f, x), text: `Battle of ${where}: take ${f.loss[x]} SP of losses (a unit step or the site).`, buttons: true };
        }
        case 'exploit':
          return { role: 'indian', text: 'A Connecticut settlement was razed: roll to exploit the New York/Connecticut border war?', buttons: true };
        case 'ferocity':
          return { role: f.A.role, text: `Battle of ${where}: fight a second round?`, buttons: true };
        case 'advance':
          return { role: b.side, text: `${where} is open: advance into it, or stay?`, buttons: legalBattle(s, f, b.side).length <= 5 };
      }
      return null;
    }
    case 'attrition':
      return { role: f.side, text: `Winter attrition: remove ${f.left} more Infantry (full-strength first).`, buttons: legalAttrition(s, f, f.side).length <= 5 };
  }
}

export function prompts(s: KpwState): Prompt[] {
  if (s.over) return [];
  const p = frameAsks(s, top(s.stack));
  return p ? [p] : [];
}

export function legal(s: KpwState, role: Side): LegalAction[] {
  if (s.over) return [];
  return withIndex(s, () => legalNow(s, role));
}

function legalNow(s: KpwState, role: Side): LegalAction[] {
  const f = top(s.stack);
  switch (f.proc) {
    case 'turn':
      if (f.step === 'church' || (f.step === 'engReinf' && f.churchEntry)) return legalChurch(s, f, role);
      if (f.step === 'diplomacy') return legalDiplomacy(s, role);
      return [];
    case 'place':
      return legalPlace(s, f, role);
    case 'move':
      return legalMove(s, f, role);
    case 'intercept':
      return legalIntercept(s, f, role);
    case 'combat':
      return legalCombat(s, f, role);
    case 'battle':
      return legalBattle(s, f, role);
    case 'attrition':
      return legalAttrition(s, f, role);
  }
}

export function applyAction(s: KpwState, role: Side, a: Action, ctx: Ctx): void {
  if (s.over) fail('KPW 16.0', 'The game is over.');
  const asked = prompts(s);
  if (!asked.some((p) => p.role === role)) {
    const who = asked[0] ? SIDE_NAME[asked[0].role as Side] : 'nobody';
    fail('KPW 8.0', `It is not your turn to act: ${who} ${asked[0] ? `must act (${asked[0].text})` : 'is asked anything'}.`);
  }
  const f = top(s.stack);
  refuseUnrelated(f, a, asked.find((p) => p.role === role)!.text, () => legal(s, role));
  switch (f.proc) {
    case 'turn':
      if (f.step === 'church' || (f.step === 'engReinf' && f.churchEntry)) applyChurch(s, f, role, a, ctx);
      else if (f.step === 'diplomacy') applyDiplomacy(s, f, role, a, ctx);
      break;
    case 'place':
      applyPlace(s, f, role, a, ctx);
      break;
    case 'move':
      applyMove(s, f, role, a, ctx);
      break;
    case 'intercept':
      applyIntercept(s, f, role, a, ctx);
      break;
    case 'combat':
      applyCombat(s, f, role, a, ctx);
      break;
    case 'battle':
      applyBattle(s, f, role, a, ctx);
      break;
    case 'attrition':
      applyAttrition(s, f, role, a, ctx);
      break;
  }
  run(s, ctx);
}
