// Moving Your Troops (pp.14-15) in referee mode: the players measure, the bot
// checks the reported distance against the chart, halved once for terrain,
// buildings or moving backward (never below half), x1.5 on a road in column,
// full movement with a Jack. Squares and mobs do not move.
import { RuleError } from '../../engine/errors.ts';
import type { Action } from '../../engine/types.ts';
import { factYes } from './facts.ts';
import { typeData, type Unit } from './state.ts';

export const MOVE_RULE = 'ATKM Moving Your Troops';

export interface MoveFacts {
  inches: number | null;
  terrain: boolean;
  backward: boolean;
  road: boolean;
}

export function moveFacts(a: Action): MoveFacts {
  const inches = a.inches === undefined || a.inches === '' || a.inches === null ? null : Number(a.inches);
  if (inches !== null && (!Number.isFinite(inches) || inches <= 0))
    throw new RuleError(MOVE_RULE, `inches must be a distance above 0, not "${String(a.inches)}".`);
  return {
    inches,
    terrain: factYes(a, 'terrain', MOVE_RULE),
    backward: factYes(a, 'backward', MOVE_RULE),
    road: factYes(a, 'road', MOVE_RULE),
  };
}

/** The most a unit may move now, and why. */
export function allowance(u: Unit, f: MoveFacts, jack: boolean): { inches: number; why: string } {
  const base = typeData(u.type).move[u.formation];
  if (base === undefined) throw new RuleError(MOVE_RULE, `${u.name} cannot move in ${u.formation} formation.`);
  const name = `${typeData(u.type).name} in ${u.formation}`;
  if (f.road && f.terrain) throw new RuleError(MOVE_RULE, 'A road move stays on the road the whole way: it crosses no terrain (p.15).');
  if (f.road && u.formation !== 'column' && u.formation !== 'limbered')
    throw new RuleError(MOVE_RULE, 'The road bonus is for units in column for their entire movement (p.15).');
  if (jack) return { inches: base, why: `${name}: ${base}" (Jack: full movement regardless of terrain or facing)` };
  if (f.terrain || f.backward)
    return {
      inches: base / 2,
      why:
        `${name}: ${base}" halved once for ${[f.terrain ? 'terrain' : '', f.backward ? 'moving backward' : ''].filter(Boolean).join(' and ')}` +
        ` = ${base / 2}"`,
    };
  if (f.road) return { inches: base * 1.5, why: `${name} on a road: ${base}" × 1.5 = ${base * 1.5}"` };
  return { inches: base, why: `${name}: ${base}"` };
}

export function checkMove(u: Unit, f: MoveFacts, jack: boolean): string {
  if (u.formation === 'square')
    throw new RuleError(MOVE_RULE, 'Infantry in square is immobile: its next activation may only change it to line or column (p.15).');
  if (u.mob) throw new RuleError(MOVE_RULE, 'A mob cannot move: its next activation must reform it on the spot (p.22).');
  if (u.type === 'skirmisher' && f.backward)
    throw new RuleError(MOVE_RULE, 'Skirmishers move in any direction: there is no backward for them (p.14).');
  const a = allowance(u, f, jack);
  if (f.inches !== null && f.inches > a.inches + 1e-9)
    throw new RuleError(MOVE_RULE, `${u.name} may move at most ${a.inches}" now (${a.why}); ${f.inches}" is too far.`);
  return a.why;
}
