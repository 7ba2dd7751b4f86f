// BATTLES: field battles in three stages (bombardment and skirmishers, the
// main battle by combat-value ratio with the battle modifiers, cavalry
// pursuit), sieges (a column left for each successive round; evacuation
// losses 5 % x d10) and naval battles. Losses are step losses with a minimum
// of 1 unless the result is "-". Pure: forces in, losses and lines out; the
// caller applies retreats, lords' fates and captures.
import type { Dice } from '../../engine/dice.ts';
import type { Role } from '../../engine/types.ts';
import type { Modifier } from '../../engine/tables.ts';
import { hasTag, unitType, type Trait } from './data.ts';
import type { Unit } from './state.ts';
import {
  bombardmentTable,
  chartColumns,
  crt,
  EVACUATION_PER_D10,
  pursuitTable,
  ratioColumn,
  type Chart,
  type CrtResult,
} from './tables.ts';

export type BattleKind = 'field' | 'siege' | 'naval' | 'landing';

/** One army or fleet in a battle, as the battle sees it. */
export interface Combatant {
  id: string;
  label: string;
  trait: Trait | null;
  units: Unit[];
  /** Marched its maximum allowable distance this season (Spent Troops). */
  spent: boolean;
  outOfSupply: boolean;
}

export interface BattleInput {
  kind: BattleKind;
  attacker: Combatant[];
  defender: Combatant[];
  /** Mountain or forest: the main battle shifts one column right (Stage Two). */
  rough: boolean;
  /** Siege rounds fought here before this one (Siege Battle: one column left each). */
  siegeRound: number;
  /** Where it is fought, named in each die's label ("Main battle at Zama"), so the log says which battle a roll is of. */
  where?: string;
  /** Who sees the dice as they are rolled (docs/wk4-visibility.md); absent: public. */
  rollsTo?: Role[];
}

export interface SideResult {
  cv: number;
  modifiers: Modifier[];
  /** Steps lost, by stage. */
  bombarded: number;
  battle: number;
  pursuit: number;
  evacuation: number;
  /** Unit ids eliminated. */
  eliminated: string[];
}

export interface BattleOutcome {
  winner: 'attacker' | 'defender';
  column: number;
  columnName: string;
  roll: number;
  result: CrtResult;
  attacker: SideResult;
  defender: SideResult;
  lines: string[];
}

/** A unit's combat value now: proportional to its steps left, rounded up (ours); Horseman +1 per cavalry unit. */
export function unitCv(u: Unit, trait: Trait | null): number {
  const t = unitType(u.type);
  let cv = Math.ceil((t.cv * u.steps) / t.steps);
  if (trait === 'horseman' && t.tags.includes('cavalry') && u.steps > 0) cv += 1;
  return cv;
}

/** Army Combat Value: Valorous +10, Berserker x2 (LORDS). */
export function forceCv(c: Combatant): number {
  const base = c.units.reduce((a, u) => a + unitCv(u, c.trait), 0);
  if (!c.units.length) return 0;
  if (c.trait === 'berserker') return base * 2;
  if (c.trait === 'valorous') return base + 10;
  return base;
}

export const sideCv = (side: Combatant[]): number => side.reduce((a, c) => a + forceCv(c), 0);

const tagCv = (side: Combatant[], pred: (type: string) => boolean): number =>
  side.reduce((a, c) => a + c.units.filter((u) => pred(u.type)).reduce((b, u) => b + unitCv(u, c.trait), 0), 0);

const GENERAL: Record<BattleKind, Trait | null> = { field: 'strategist', siege: 'engineer', naval: 'navigator', landing: 'engineer' };

/** Battle Modifiers of one side against the other. */
export function battleModifiers(kind: BattleKind, side: Combatant[], other: Combatant[]): Modifier[] {
  const units = side.flatMap((c) => c.units);
  const mods: Modifier[] = [];
  if (!units.length) return mods;
  // Army Morale: the average morale of all battle groups, rounded up; Charismatic +1, Fop -1 (per lord present).
  const avg = Math.ceil(units.reduce((a, u) => a + unitType(u.type).morale, 0) / units.length);
  const moraleAdj = side.reduce((a, c) => a + (c.trait === 'charismatic' ? 1 : c.trait === 'fop' ? -1 : 0), 0);
  mods.push({ label: 'army morale', value: Math.max(1, Math.min(6, avg + moraleAdj)) });
  // General's modifier: the best lord present (ours: lords do not add up).
  const traits = side.map((c) => c.trait);
  const general = Math.max(0, ...traits.map((t) => (t === 'great_leader' ? 1 : t && t === GENERAL[kind] ? 1 : 0)));
  if (general) mods.push({ label: "general's modifier", value: general });
  if (traits.includes('berserker')) mods.push({ label: 'Berserker', value: -1 });
  if (kind !== 'naval') {
    if (units.some((u) => hasTag(u.type, 'artillery'))) mods.push({ label: 'artillery support', value: 1 });
    const more = (tag: 'recon' | 'skirmisher' | 'cavalry') => tagCv(side, (t) => hasTag(t, tag)) > tagCv(other, (t) => hasTag(t, tag));
    if (more('recon')) mods.push({ label: 'reconnaissance advantage', value: 1 });
    if (more('skirmisher')) mods.push({ label: 'skirmisher advantage', value: 1 });
    if (more('cavalry')) mods.push({ label: 'cavalry advantage', value: 1 });
  }
  if (side.some((c) => c.spent)) mods.push({ label: 'spent troops', value: -2 });
  if (side.some((c) => c.outOfSupply)) mods.push({ label: 'out of supply', value: -2 });
  // Green: -4 when most of the side's units have not fought yet (ours: the text does not say how many).
  if (units.filter((u) => u.green).length * 2 > units.length) mods.push({ label: 'green troops', value: -4 });
  return mods;
}

const total = (m: Modifier[]) => m.reduce((a, x) => a + x.value, 0);
const fmt = (m: Modifier[]) => m.map((x) => `${x.value > 0 ? '+' : ''}${x.value} ${x.label}`).join(', ') || 'none';

/** Percent of a combat value as step losses: rounded to the nearest step, at least 1 unless the result is "-". */
export function stepsFromPct(pct: number, cv: number): number {
  if (pct <= 0) return 0;
  return Math.max(1, Math.round((pct * cv) / 100));
}

/**
 * Take `n` step losses from a side: each step from the unit with the most
 * steps left (ours: the text leaves the distribution open); a Berserker's
 * army takes its share twice. Returns the ids of units eliminated.
 */
export function takeLosses(side: Combatant[], n: number): string[] {
  const dead: string[] = [];
  if (n <= 0) return dead;
  const berserk = side.some((c) => c.trait === 'berserker');
  let left = berserk ? n * 2 : n;
  while (left > 0) {
    let best: { c: Combatant; u: Unit } | null = null;
    for (const c of side) for (const u of c.units) if (u.steps > 0 && (!best || u.steps > best.u.steps)) best = { c, u };
    if (!best) break;
    best.u.steps--;
    left--;
    if (best.u.steps === 0) {
      dead.push(best.u.id);
      best.c.units = best.c.units.filter((u) => u !== best!.u);
    }
  }
  return dead;
}

const STAGE_NAME: Record<BattleKind, string> = {
  naval: 'Naval battle',
  field: 'Stage Two',
  landing: 'Landing (siege table)',
  siege: 'Siege',
};
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

const chartOf = (kind: BattleKind): Chart => (kind === 'naval' ? 'naval' : kind === 'field' ? 'main' : 'siege');

/** Fight one battle with the dice (order: bombardment attacker d6, defender d6; main 2d6; pursuit d6; evacuation d10). */
export function fight(input: BattleInput, dice: Dice): BattleOutcome {
  const { kind, attacker: A, defender: D } = input;
  const at = input.where ? ` at ${input.where}` : '';
  const to = input.rollsTo;
  const lines: string[] = [];
  const empty = (): SideResult => ({ cv: 0, modifiers: [], bombarded: 0, battle: 0, pursuit: 0, evacuation: 0, eliminated: [] });
  const ra = empty();
  const rd = empty();
  // Stage One: artillery bombardment and skirmishers (field battles).
  if (kind === 'field') {
    for (const [side, other, res, name] of [
      [A, D, rd, 'Attacker'],
      [D, A, ra, 'Defender'],
    ] as const) {
      const x = tagCv(side, (t) => hasTag(t, 'artillery') || hasTag(t, 'skirmisher'));
      if (x <= 0 || !other.some((c) => c.units.length)) continue;
      const face = dice.d6(`${name} bombardment${at}`, to);
      const steps = bombardmentTable.lookup(x, face);
      res.bombarded = steps;
      res.eliminated.push(...takeLosses(other, steps));
      lines.push(
        `Stage One: ${name.toLowerCase()}'s artillery and skirmishers (CV ${x}) roll ${face}: ${steps} step${steps === 1 ? '' : 's'} lost by the enemy.`,
      );
    }
  }
  // Stage Two: the main battle (siege and naval: their own charts).
  const chart = chartOf(kind);
  ra.cv = sideCv(A);
  rd.cv = sideCv(D);
  ra.modifiers = battleModifiers(kind, A, D);
  rd.modifiers = battleModifiers(kind, D, A);
  const net = total(ra.modifiers) - total(rd.modifiers);
  const base = ratioColumn(chart, ra.cv, rd.cv);
  const terrain = kind === 'field' && input.rough ? 1 : 0;
  const siege = kind === 'siege' || kind === 'landing' ? input.siegeRound : 0;
  const column = Math.max(0, Math.min(8, base - net + terrain - siege));
  const cols = chartColumns(chart);
  const r2 = dice.twoD6(`${kind === 'naval' ? 'Naval battle' : kind === 'field' ? 'Main battle' : 'Siege'}${at}`, to);
  const result = crt(chart, column, r2.total);
  lines.push(
    `${STAGE_NAME[kind]}: CV ${ra.cv} : ${rd.cv} = ${cols[base]}; ` +
      `attacker ${fmt(ra.modifiers)} (${total(ra.modifiers)}), defender ${fmt(rd.modifiers)} (${total(rd.modifiers)}), net ${net >= 0 ? '+' : ''}${net}` +
      `${terrain ? ', rough terrain 1 right' : ''}${siege ? `, siege round ${siege + 1}: ${siege} left` : ''} → column ${cols[column]}; ` +
      `2d6 ${r2.a}+${r2.b}=${r2.total}: ${result.cell}.`,
  );
  ra.battle = stepsFromPct(result.attackerPct, rd.cv);
  rd.battle = stepsFromPct(result.defenderPct, ra.cv);
  ra.eliminated.push(...takeLosses(A, ra.battle));
  rd.eliminated.push(...takeLosses(D, rd.battle));
  lines.push(
    `Losses: attacker ${plural(ra.battle, 'step')}, defender ${plural(rd.battle, 'step')}` +
      `${A.concat(D).some((c) => c.trait === 'berserker') ? ' (a Berserker takes them twice)' : ''}.`,
  );
  const winner = result.retreat === 'attacker' ? 'defender' : 'attacker';
  const [victor, loser, lres] = winner === 'attacker' ? [A, D, rd] : [D, A, ra];
  // Stage Three: pursuit by the victor's cavalry, flyers and warbeasts (field battles).
  if (kind === 'field' && loser.some((c) => c.units.length)) {
    const x = tagCv(victor, (t) => hasTag(t, 'cavalry') || hasTag(t, 'flyer') || hasTag(t, 'warbeast'));
    if (x > 0) {
      const face = dice.d6(`Pursuit${at}`, to);
      const steps = pursuitTable.lookup(x, face);
      lres.pursuit = steps;
      lres.eliminated.push(...takeLosses(loser, steps));
      lines.push(
        `Stage Three: pursuit by cavalry CV ${x}, roll ${face}: ${steps} more step${steps === 1 ? '' : 's'} ` +
          `lost by the ${winner === 'attacker' ? 'defender' : 'attacker'}.`,
      );
    }
  }
  // Siege: a defender who loses evacuates the fortifications: 5 % x d10 of its own strength (ours: of its steps left).
  if (kind === 'siege' && winner === 'attacker' && D.some((c) => c.units.length)) {
    const face = dice.d10(`Evacuation${at}`, to);
    const stepsLeft = D.reduce((a, c) => a + c.units.reduce((b, u) => b + u.steps, 0), 0);
    const steps = stepsFromPct(EVACUATION_PER_D10 * face, stepsLeft);
    rd.evacuation = steps;
    rd.eliminated.push(...takeLosses(D, steps));
    lines.push(`Evacuation: d10 ${face} → ${EVACUATION_PER_D10 * face}% of ${stepsLeft} steps = ${steps} lost escaping.`);
  }
  for (const u of [...A, ...D].flatMap((c) => c.units)) u.green = false;
  return { winner, column, columnName: cols[column], roll: r2.total, result, attacker: ra, defender: rd, lines };
}

/** Death of a General: each lord on the losing side rolls a die; 1 kills him. Returns the face. */
export function lordRoll(dice: Dice, lordName: string, to?: Role[]): number {
  return dice.d6(`Death of ${lordName}`, to);
}
