// Casualties (p.26), the optional Special Casualties (p.27), colour downgrades
// from damage (p.12) and Army Collapse (p.28).
import { endGame } from '../../engine/procstack.ts';
import type { Ctx } from '../../engine/types.ts';
import { rollBucket, bucketText } from './buckets.ts';
import { alive, bestRating, note, other, sideName, typeData, type AtkmState, type Color, type Unit } from './state.ts';

/** Put a disorder marker by the unit, saying why (a refused activation quotes it). */
export function disorder(u: Unit, why: string): void {
  u.disorder = true;
  u.disorderedBy = why;
}

/** Activation or damage: green → yellow → red; a red unit gets a disorder marker instead, `why` saying how. */
export function downgrade(u: Unit, why: string): void {
  if (u.color === 'green') u.color = 'yellow';
  else if (u.color === 'yellow') u.color = 'red';
  else disorder(u, why);
}

/** Melee (p.23): both units go red; one already red gets a disorder marker. */
export function meleeRed(u: Unit, wasRed: boolean): void {
  u.color = 'red';
  if (wasRed) disorder(u, 'it was already red when it fought a melee (Units Resolve, p.12)');
}

/** The best colour a unit can start a turn at: leaderless red, without ensign yellow (p.27). */
export function freshColor(u: Unit): Color {
  return !u.officer ? 'red' : !u.ensign ? 'yellow' : 'green';
}

/**
 * Remove `n` figures. `hits`: the attacker's successful faces left after the
 * defender's successes cancelled the highest (fire) or all of them (melee):
 * with Special Casualties, three 6s take the officer, three 5s the ensign.
 */
export function takeCasualties(s: AtkmState, u: Unit, n: number, hits: number[], ctx: Ctx, inMelee: boolean): void {
  if (n <= 0) return;
  let soldiers = n;
  const lost: string[] = [];
  if (s.options.specialCasualties) {
    if (hits.filter((f) => f === 6).length >= 3 && u.officer) {
      u.officer = false;
      soldiers--;
      lost.push('its officer');
    }
    if (hits.filter((f) => f === 5).length >= 3 && u.ensign && soldiers > 0) {
      u.ensign = false;
      soldiers--;
      lost.push(inMelee ? 'its ensign (and its flag to the enemy)' : 'its ensign');
    }
  }
  u.figures = Math.max(0, u.figures - soldiers);
  note(
    s,
    ctx,
    'casualties',
    `${u.name} loses ${soldiers} ${soldiers === 1 ? 'figure' : 'figures'}${lost.length ? ` and ${lost.join(' and ')}` : ''}: ${u.figures} left.`,
  );
  if (!u.officer) u.color = 'red';
}

/** Breaking point (p.26): at or below it the unit leaves the field. True when it broke. */
export function checkBreak(s: AtkmState, u: Unit, ctx: Ctx): boolean {
  if (u.gone || u.figures > typeData(u.type).breaking) return false;
  u.gone = 'broken';
  note(
    s,
    ctx,
    'broken',
    `${u.name} is reduced to ${u.figures} and breaks: it leaves the field for good (breaking point ${typeData(u.type).breaking}).`,
  );
  unitLost(s, u, ctx);
  return true;
}

/** Army Collapse (p.28): at half the starting units (rounded down) and each loss after, roll the best general's rating in yellow dice. */
export function unitLost(s: AtkmState, u: Unit, ctx: Ctx): void {
  const side = u.side;
  const left = alive(s, side).length;
  const half = Math.floor(s.sides[side].startUnits / 2);
  if (s.stack.ended) return;
  if (left === 0) {
    const ending = endGame(s.stack, {
      winners: [other(side)],
      draw: false,
      summary: `${sideName(side)}'s army is destroyed to the last unit.`,
    });
    note(s, ctx, 'collapse', ending.summary);
    return;
  }
  if (left > half) return;
  s.sides[side].collapseRolls++;
  const b = rollBucket(ctx, bestRating(s, side), 'yellow', `${sideName(side)} army collapse`);
  if (b.successes > 0) {
    note(
      s,
      ctx,
      'collapse',
      `${sideName(side)} is down to ${left} of ${s.sides[side].startUnits} units: collapse roll ${bucketText(b)}. The army fights on.`,
    );
    return;
  }
  const ending = endGame(s.stack, {
    winners: [other(side)],
    draw: false,
    summary:
      `${sideName(side)}'s army collapses (${left} of ${s.sides[side].startUnits} units left, ` +
      `collapse roll ${b.faces.join(', ')}: no 5+) and flees the field.`,
  });
  note(s, ctx, 'collapse', ending.summary);
}
