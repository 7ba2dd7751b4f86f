// Staging Fire Attacks (pp.15-20): ranges are measured by the players (or the
// tabletop), the bot rolls both buckets: attacker dice per firing figure by
// type (artillery 2, 3 within 12"), defender 1 per figure (+4 loose order),
// bonuses as extra dice, casualties = the difference, colour downgrade.
import { RuleError } from '../../engine/errors.ts';
import type { Ctx } from '../../engine/types.ts';
import { bucketText, rollBucket, type Bucket } from './buckets.ts';
import { checkBreak, downgrade, takeCasualties } from './casualties.ts';
import type { AttackFacts } from './facts.ts';
import { isArtillery, note, shift, typeData, type AtkmState, type Color, type Unit } from './state.ts';
import { plural } from '../../messages/text.ts';

export const FIRE_RULE = 'ATKM Staging Fire Attacks';

export const qualityShift = (u: Unit): number => (u.quality === 'elite' ? 1 : u.quality === 'militia' ? -1 : 0);

/** Why this unit may not fire at all now, or null. */
export function cannotFire(u: Unit): string | null {
  if (u.type === 'cavalry') return 'Cavalry cannot conduct fire attacks (Cavalry Cannot Fire, p.18).';
  if (u.formation === 'square') return 'An infantry unit in square cannot fire (Fire and Square Formation, p.19).';
  if (u.mob) return 'A mob must reform before it can fire (p.22).';
  if (isArtillery(u.type) && u.formation !== 'deployed')
    return 'Artillery fires only deployed in loose formation round its gun (p.7): form deployed first.';
  return null;
}

/** Refuses a fire attack the rules forbid (given the reported facts). */
export function checkFire(s: AtkmState, u: Unit, t: Unit | undefined, f: AttackFacts): asserts t is Unit {
  const no = cannotFire(u);
  if (no) throw new RuleError(FIRE_RULE, no);
  if (!t || t.gone || t.side === u.side) throw new RuleError(FIRE_RULE, 'Fire at an enemy unit on the field.');
  if (f.close && !isArtillery(u.type))
    throw new RuleError(FIRE_RULE, 'Only artillery fires grapeshot at targets within 12" (Close-range Artillery Attacks, p.18).');
  if (f.aspect !== 'front' && (t.type === 'skirmisher' || t.formation === 'square' || t.mob || f.building))
    throw new RuleError(FIRE_RULE, 'Skirmishers, squares, mobs and units in buildings have no flank or rear (pp.24-26).');
  if (f.firing !== null) {
    if (u.type !== 'infantry') throw new RuleError(FIRE_RULE, 'Only infantry reports how many figures fire (the front two ranks).');
    if (f.firing > u.figures) throw new RuleError(FIRE_RULE, `${u.name} has only ${u.figures} figures.`);
  }
}

/** Figures whose dice count: infantry fires with its front two ranks only (p.6). */
export function firingFigures(u: Unit, f: AttackFacts): number {
  if (f.firing !== null) return f.firing;
  if (u.type === 'infantry' && u.formation === 'column') return Math.min(u.figures, 4);
  return u.figures;
}

export interface FirePlan {
  attDice: number;
  attColor: Color;
  defDice: number;
  defColor: Color;
  why: string[];
}

/** The dice of both sides (Dice Rolled in Fire, p.18, and General Combat Situations, pp.24-25). */
export function firePlan(u: Unit, t: Unit, f: AttackFacts): FirePlan {
  const why: string[] = [];
  const per = f.close && isArtillery(u.type) ? typeData(u.type).closeFireDice! : typeData(u.type).fireDice;
  let attDice = firingFigures(u, f) * per;
  why.push(`${firingFigures(u, f)} × ${per}`);
  const aspectBonus = f.aspect === 'flank' ? 2 : f.aspect === 'rear' ? 4 : 0;
  if (aspectBonus) why.push(`+${aspectBonus} ${f.aspect}`);
  if (t.mob) why.push('+4 mob target');
  if (f.high === 'attacker') why.push('+2 high ground');
  attDice += aspectBonus + (t.mob ? 4 : 0) + (f.high === 'attacker' ? 2 : 0);
  // A square is a prime target: the attacker rolls green (p.20).
  const attColor: Color = t.formation === 'square' ? 'green' : u.color;
  const loose = t.type === 'skirmisher' || (isArtillery(t.type) && t.formation === 'deployed') ? 4 : 0;
  const cover = f.building || f.cover === 'heavy' ? 4 : f.cover === 'light' ? 2 : 0;
  const defDice = t.figures + loose + cover + (f.high === 'defender' ? 2 : 0);
  // Elite one colour better, militia one worse; a square one worse against anything but cavalry (pp.24, 28).
  const defColor = shift(t.color, qualityShift(t) - (t.formation === 'square' ? 1 : 0));
  return { attDice, attColor, defDice, defColor, why };
}

export interface FireResult {
  att: Bucket;
  def: Bucket;
  casualties: number;
}

export function resolveFire(s: AtkmState, u: Unit, t: Unit, f: AttackFacts, ctx: Ctx): FireResult {
  const p = firePlan(u, t, f);
  const att = rollBucket(ctx, p.attDice, p.attColor, `${u.name} fires`);
  const def = rollBucket(ctx, p.defDice, p.defColor, `${t.name} defends`);
  const casualties = Math.max(0, att.successes - def.successes);
  note(
    s,
    ctx,
    'fire',
    `${u.name} fires on ${t.name}: ${bucketText(att)} against ${bucketText(def)} → ${casualties ? plural(casualties, 'casualty', 'casualties') : 'no effect'}.`,
  );
  s.last = {
    kind: 'fire',
    text: `${u.name} fires on ${t.name}: ${plural(casualties, 'casualty', 'casualties')}`,
    unit: u.id,
    target: t.id,
  };
  if (casualties > 0) {
    downgrade(t, 'it was red when it lost men to fire (Units Resolve, p.12)');
    // The defender's successes cancel the attacker's highest faces first (Special Casualties, p.27).
    takeCasualties(s, t, casualties, att.hits.slice(def.successes), ctx, false);
    checkBreak(s, t, ctx);
  }
  return { att, def, casualties };
}
