// Phase One: Determine Initiative.
import type { Ctx } from '../../engine/types.ts';
import { data, note, sideName, type Side, type WogState } from './state.ts';

export function initiativeModifier(s: WogState, side: Side): number {
  const m = data().charts.initiative;
  const king = s.kings[side];
  if (!king) return m.noKing;
  const l = s.leaders[king]!;
  const capital = data().map.areas.find((a) => a.capitalOf === side)!.id;
  // "+1 if English king is in England / French king in Ile-de-France": on the map there (not in prison).
  return l.where === 'map' && l.area === capital ? (side === 'english' ? m.englishKingInEngland : m.frenchKingInIleDeFrance) : 0;
}

/**
 * Both roll 1d6 with modifiers; the higher gets initiative, a tie changes
 * nothing (the English win a first-turn tie). IP impulses = 2 + the lower
 * die; nIP one fewer. Reading: "lowest 1d6 Initiative roll" is the lower
 * unmodified die.
 */
export function determineInitiative(s: WogState, ctx: Ctx): void {
  const de = ctx.dice.d6('Initiative (English)');
  const df = ctx.dice.d6('Initiative (French)');
  const me = initiativeModifier(s, 'english');
  const mf = initiativeModifier(s, 'french');
  const e = de + me;
  const f = df + mf;
  if (e > f) s.ip = 'english';
  else if (f > e) s.ip = 'french';
  else if (s.ip === null) s.ip = 'english';
  const ip = s.ip;
  const n = data().charts.initiative.baseImpulses + Math.min(de, df);
  s.impulses = { english: 0, french: 0 };
  s.impulses[ip] = n;
  s.impulses[ip === 'english' ? 'french' : 'english'] = n - 1;
  note(
    s,
    ctx,
    'initiative',
    `Turn ${s.turn} initiative: English ${de}${me ? `${me > 0 ? '+' : ''}${me}` : ''}=${e}, French ${df}` +
      `${mf ? `${mf > 0 ? '+' : ''}${mf}` : ''}=${f}. ${sideName(ip)}` +
      ` have the initiative: ${n} impulses, the other side ${n - 1}.`,
  );
}
