// Phase 3 battle dice: how many dice a side rolls, the bravery difference,
// hits on 6+ (battle rounds and pursuit rounds alike).
import type { Ctx } from '../../engine/types.ts';
import { data, leaderData, leadersIn, note, sideName, type Side, type WogState } from './state.ts';

/** Battle rating of the BC; Robin Hood gets +1 when he commands any longbowmen. */
export function battleRating(s: WogState, bc: string): number {
  const l = leaderData(s, bc);
  const robin = l.special === 'robin_hood' && s.leaders[bc]!.troops.some((t) => t.kind === 'longbow');
  return l.battle + (robin ? 1 : 0);
}

/**
 * X = min(BR, non-gunner troop strength) + min(BR, longbow troops/leaders).
 * Every leader counts 1 SP; a longbow-marked leader also counts as a longbow.
 * Reading: a knight is 1 SP of strength (it covers 2 hits when removed).
 */
export function battleDice(
  s: WogState,
  side: Side,
  area: string,
  bc: string,
): { dice: number; br: number; strength: number; longbows: number } {
  const br = battleRating(s, bc);
  let strength = 0;
  let longbows = 0;
  for (const l of leadersIn(s, area, side)) {
    strength += 1 + l.troops.filter((t) => t.kind !== 'gunner').length;
    longbows += l.troops.filter((t) => t.kind === 'longbow').length + (leaderData(s, l.id).longbow ? 1 : 0);
  }
  return { dice: Math.min(br, strength) + Math.min(br, longbows), br, strength, longbows };
}

/** Roll `n` dice at `mod`; a hit is a modified 6+. */
export function rollHits(s: WogState, ctx: Ctx, side: Side, n: number, mod: number, what: string): { hits: number; faces: number[] } {
  const need = data().charts.battle.hitOn;
  const faces: number[] = [];
  for (let i = 0; i < n; i++) faces.push(ctx.dice.d6(`${what} (${sideName(side)}) #${i + 1}`));
  return { hits: faces.filter((f) => f + mod >= need).length, faces };
}

/** The bravery modifier each side adds to its dice: the braver BC adds the difference. */
export function braveryMods(s: WogState, bc: Record<Side, string>): Record<Side, number> {
  const d = leaderData(s, bc.english).bravery - leaderData(s, bc.french).bravery;
  return { english: Math.max(0, d), french: Math.max(0, -d) };
}

/**
 * "If French BC is Jeanne d'Arc", the English roll 1d6 against their BC's
 * bravery: lower silences the French this round, higher the English. Every
 * battle round, the pursuit's included (the aid calls it a battle round).
 */
export function jeanneDuel(s: WogState, bc: Record<Side, string>, ctx: Ctx): Record<Side, boolean> {
  const silent: Record<Side, boolean> = { english: false, french: false };
  if (leaderData(s, bc.french).special !== 'jeanne_darc') return silent;
  const die = ctx.dice.d6("Jeanne d'Arc's duel (English)");
  const brav = leaderData(s, bc.english).bravery;
  if (die < brav) silent.french = true;
  else if (die > brav) silent.english = true;
  note(
    s,
    ctx,
    'jeanne',
    `Jeanne d'Arc: English roll ${die} against bravery ${brav}: ` +
      `${silent.french ? 'the French roll no dice' : silent.english ? 'the English roll no dice' : 'a normal round'}.`,
  );
  return silent;
}
