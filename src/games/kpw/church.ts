// 9.0 Phase 1: the Church roll (die <= turn: Church arrives), then once
// Church is in play the Allied Indian roll (-1 per two villages razed, <= 1).
import { check, fail } from '../../engine/errors.ts';
import type { Action, Ctx, LegalAction } from '../../engine/types.ts';
import { call } from '../../engine/procstack.ts';
import { legalAction } from './common.ts';
import { note, type KpwState, type Side, type TurnFrame } from './state.ts';

/** Turn Church enters without a roll (developer's note; 17.0 short game), or 0. */
export function churchAutoTurn(s: KpwState): number {
  return s.options.short ? 5 : s.options.church3 ? 3 : 0;
}

function alliedLeft(s: KpwState): string | undefined {
  return Object.values(s.units).find((u) => u.kind === 'allied' && u.where === 'pool')?.id;
}

/** What phase 1 still waits for: 'church' roll, 'allied' roll, or nothing. */
export function churchPending(s: KpwState, f: TurnFrame): 'church' | 'allied' | null {
  if (!f.churchDone) return s.churchEntered || s.units.church.where !== 'pool' || churchAutoTurn(s) ? null : 'church';
  if (!f.alliedDone) {
    if (!s.churchEntered || !alliedLeft(s)) return null;
    if (s.options.short && s.turn < 5) return null;
    return 'allied';
  }
  return null;
}

/** Automatic parts of phase 1; returns true when it progressed. */
export function stepChurch(s: KpwState, f: TurnFrame, ctx: Ctx): boolean {
  if (!f.churchDone) {
    if (churchPending(s, f)) return false;
    f.churchDone = true;
    const auto = churchAutoTurn(s);
    // 17.0: the short game's Church comes in the English Reinforcements phase instead (phases.ts).
    if (auto && !s.options.short && !s.churchEntered && s.units.church.where === 'pool' && s.turn >= auto) {
      note(s, ctx, 'church', `Benjamin Church enters the game on turn ${s.turn} (${s.options.short ? '17.0' : "developer's note"}).`);
      s.churchTurn = s.turn;
      call(s.stack, { proc: 'place', step: 'place', side: 'english', purpose: 'church', items: ['church'] });
    }
    return true;
  }
  if (!f.alliedDone) {
    if (churchPending(s, f)) return false;
    f.alliedDone = true;
    return true;
  }
  return false;
}

export function legalChurch(s: KpwState, f: TurnFrame, role: Side): LegalAction[] {
  if (role !== 'english') return [];
  const p = churchPending(s, f);
  if (p === 'church')
    return [legalAction({ type: 'roll' }, `Roll for Church (arrives on ${s.turn === 1 ? 'a 1' : `1-${Math.min(s.turn, 6)}`})`, 'roll')];
  if (p === 'allied')
    return [
      legalAction(
        { type: 'roll' },
        `Roll for Allied Indians (needs 1 or less, -1 per two villages razed: ${Math.floor(s.prov.indian / 2)})`,
        'roll',
      ),
    ];
  return [];
}

export function applyChurch(s: KpwState, f: TurnFrame, role: Side, a: Action, ctx: Ctx): void {
  check(role === 'english', 'KPW 9.0', 'Phase 1 is a roll made by the English player.');
  check(a.type === 'roll', 'KPW 9.0', 'Roll the die for phase 1.');
  const p = churchPending(s, f);
  if (p === 'church') {
    const face = ctx.dice.d6('Church');
    f.churchDone = true;
    if (face <= s.turn) {
      note(s, ctx, 'church', `Church roll ${face} ≤ turn ${s.turn}: Benjamin Church enters the game (9.0).`);
      s.churchTurn = s.turn;
      call(s.stack, { proc: 'place', step: 'place', side: 'english', purpose: 'church', items: ['church'] });
    } else note(s, ctx, 'church', `Church roll ${face} > turn ${s.turn}: Church does not come yet.`);
    return;
  }
  if (p === 'allied') {
    const face = ctx.dice.d6('Allied Indians');
    const mod = Math.floor(s.prov.indian / 2);
    f.alliedDone = true;
    if (face - mod <= 1) {
      note(
        s,
        ctx,
        'allied',
        `Allied Indian roll ${face}${mod ? ` -${mod}` : ''} = ${face - mod}: an Allied Indian warrior joins the English (9.0).`,
      );
      call(s.stack, { proc: 'place', step: 'place', side: 'english', purpose: 'allied', items: [alliedLeft(s)!] });
    } else note(s, ctx, 'allied', `Allied Indian roll ${face}${mod ? ` -${mod}` : ''} = ${face - mod}: no Allied Indians.`);
    return;
  }
  fail('KPW 9.0', 'There is nothing to roll for now.');
}
