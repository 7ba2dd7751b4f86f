// 8.0 Sequence of play: the phase machine on the bottom frame of the
// procedure stack, and the loop that runs automatic steps until a player
// must decide.
import type { Ctx } from '../../engine/types.ts';
import { call, top } from '../../engine/procstack.ts';
import { autoAttrition, pushAttrition } from './attrition.ts';
import { autoBattle, autoCombat } from './battle.ts';
import { churchPending, stepChurch } from './church.ts';
import { diplomacyOptions } from './diplomacy.ts';
import { autoIntercept } from './interception.ts';
import { autoMove } from './movement.ts';
import { autoPlace } from './placement.ts';
import { pushMuskets, pushReinforcements } from './reinforcements.ts';
import { note, PHASES, type KpwState, type Phase, type TurnFrame, unitList } from './state.ts';
import { checkVictory } from './victory.ts';

export const PHASE_NAMES: Record<Phase, string> = {
  church: 'Church/Allied Indian Roll',
  engReinf: 'English Reinforcements',
  diplomacy: 'Indian Diplomacy',
  indReinf: 'Indian Reinforcements',
  muskets: 'Muskets',
  indMove: 'Indian Movement',
  indCombat: 'Indian Combat',
  engMove: 'English Movement',
  engCombat: 'English Combat',
  attrition: 'Winter Attrition',
  victory: 'Check Victory',
};

export function turnFrame(s: KpwState): TurnFrame {
  return s.stack.frames[0] as TurnFrame;
}

function nextPhase(s: KpwState, f: TurnFrame, ctx: Ctx): void {
  const i = PHASES.indexOf(f.step);
  if (f.step === 'victory') {
    s.turn += s.options.short ? 2 : 1;
    note(s, ctx, 'turn', `Turn ${s.turn} begins${s.turn === 5 ? ' (winter)' : ''}.`);
    s.stack.frames[0] = { proc: 'turn', step: 'church' };
    return;
  }
  s.stack.frames[0] = { proc: 'turn', step: PHASES[i + 1] };
}

function startMove(s: KpwState, side: 'english' | 'indian'): void {
  s.moved = 0;
  s.markers = 0;
  for (const u of unitList(s)) u.moved = false;
  call(s.stack, { proc: 'move', step: 'select', side });
}

/** Enter or finish the phase on the turn frame; false when the phase waits for a player. */
function stepTurn(s: KpwState, f: TurnFrame, ctx: Ctx): boolean {
  const firstTurn = s.turn === 1;
  if (f.step === 'church') {
    if (stepChurch(s, f, ctx)) return true;
    if (churchPending(s, f)) return false;
    nextPhase(s, f, ctx);
    return true;
  }
  if (f.step === 'diplomacy') {
    if (!f.diplomacyDone && diplomacyOptions(s).length) return false;
    nextPhase(s, f, ctx);
    return true;
  }
  if (f.started) {
    // 9.0 play note: the Allied Indian roll comes as soon as Church has entered.
    if (f.step === 'engReinf' && f.churchEntry && churchPending(s, f)) return false;
    if (f.step === 'indCombat' || f.step === 'engCombat') {
      const side = f.step === 'indCombat' ? 'indian' : 'english';
      s.battles = s.battles.filter((b) => b.side !== side);
    }
    if (f.step === 'victory') {
      if (checkVictory(s, ctx)) return false;
    }
    nextPhase(s, f, ctx);
    return true;
  }
  f.started = true;
  switch (f.step) {
    case 'engReinf':
      if (!firstTurn) pushReinforcements(s, 'english', ctx);
      // 17.0: in the short game Church enters on turn 5 during this phase (placed before the
      // Soldiers, who may then join any company, 9.0); the Allied Indian roll follows.
      if (s.options.short && s.turn >= 5 && !s.churchEntered && s.units.church.where === 'pool') {
        f.churchEntry = true;
        f.churchDone = true;
        s.churchTurn = s.turn;
        note(s, ctx, 'church', `Benjamin Church enters the game on turn ${s.turn} in the English Reinforcements phase (17.0).`);
        call(s.stack, { proc: 'place', step: 'place', side: 'english', purpose: 'church', items: ['church'] });
      }
      break;
    case 'indReinf':
      if (!firstTurn) pushReinforcements(s, 'indian', ctx);
      break;
    case 'muskets':
      pushMuskets(s);
      break;
    case 'indMove':
      startMove(s, 'indian');
      break;
    case 'engMove':
      startMove(s, 'english');
      break;
    case 'indCombat':
    case 'engCombat': {
      const side = f.step === 'indCombat' ? 'indian' : 'english';
      if (s.battles.some((b) => b.side === side && !b.fought)) call(s.stack, { proc: 'combat', step: 'choose', side, attacked: [] });
      break;
    }
    case 'attrition':
      if (s.turn === 5) pushAttrition(s, ctx);
      break;
  }
  return true;
}

/** Run automatic steps until some player has to decide (or the game is over). */
export function run(s: KpwState, ctx: Ctx): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.over) return;
    const f = top(s.stack);
    let progressed = false;
    switch (f.proc) {
      case 'turn':
        progressed = stepTurn(s, f, ctx);
        break;
      case 'place':
        progressed = autoPlace(s, f, ctx);
        break;
      case 'move':
        progressed = autoMove(s, f);
        break;
      case 'intercept':
        progressed = autoIntercept(s, f);
        break;
      case 'combat':
        progressed = autoCombat(s, f, ctx);
        break;
      case 'battle':
        progressed = autoBattle(s, f, ctx);
        break;
      case 'attrition':
        progressed = autoAttrition(s, f);
        break;
    }
    if (!progressed) return;
  }
  throw new Error('KPW sequence of play does not settle');
}

