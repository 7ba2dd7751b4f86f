// Staging Melee Attacks (pp.20-24): forming square against cavalry (the
// nearest general's rating), the pitched battle (attacker green, skirmisher
// and artillery defenders red, square 1/1), casualties both ways, escape
// movements (12" mob, 6" back), rallying, artillery abandoning its gun.
import { RuleError } from '../../engine/errors.ts';
import { retWith, type Procedure } from '../../engine/flow.ts';
import type { Ctx, LegalAction } from '../../engine/types.ts';
import { bucketText, rollBucket, type Bucket } from './buckets.ts';
import { checkBreak, meleeRed, takeCasualties, unitLost } from './casualties.ts';
import { act, mustBeLegal, yesNo } from './common.ts';
import { attackFacts, type AttackFacts } from './facts.ts';
import { qualityShift } from './fire.ts';
import { escape, escapeHeadings, nearestOf, nearGeneral, place, tabletop, tu } from './table.ts';
import { aimPoint, attempt, checkMove, withinCommand } from './tabletop/index.ts';
import { headingOf, normDeg, sub } from '../../engine/geometry.ts';
import {
  alive,
  generalsOf,
  isArtillery,
  note,
  shift,
  sideName,
  typeData,
  type AtkmState,
  type Color,
  type General,
  type Side,
  type Unit,
} from './state.ts';

export const MELEE_RULE = 'ATKM Staging Melee Attacks';
export const SQUARE_RULE = 'ATKM Infantry Forming Square';

export interface MeleeFrame {
  proc: 'melee';
  step: 'start' | 'square' | 'fight' | 'rally' | 'escape' | 'after' | 'small';
  /** Tabletop: the escape direction the loser chose (degrees). */
  heading?: number;
  attacker: string;
  defender: string;
  facts: { aspect: string; cover: string; high: string; building: string };
  wasRed: { attacker: boolean; defender: boolean };
  square: boolean;
  loser: 'attacker' | 'defender' | 'tie' | null;
  escape: number;
  [k: string]: unknown;
}

/** Why `u` may not charge `t` (given the facts), or null. */
export function cannotCharge(u: Unit, t: Unit, f: AttackFacts): string | null {
  if (u.type !== 'infantry' && u.type !== 'cavalry')
    return 'Only infantry and cavalry initiate melee; skirmishers and artillery fire (p.21).';
  if (u.mob || u.formation === 'square') return 'A mob or a square cannot charge: its activation only reforms it (pp.15, 22).';
  if (t.gone || t.side === u.side) return 'Charge an enemy unit on the field.';
  if (typeData(u.type).melee?.[t.type] == null) return 'Infantry cannot initiate melee with cavalry: it forms square instead (p.21).';
  if (u.type === 'cavalry' && f.building) return 'Enemy cavalry cannot initiate melee with defenders inside a building (Buildings, p.26).';
  if (f.close || f.firing !== null) return 'close and firing are fire options, not melee ones.';
  if (f.aspect !== 'front' && (t.type === 'skirmisher' || t.formation === 'square' || t.mob || f.building))
    return 'Skirmishers, squares, mobs and units in buildings have no flank or rear (pp.24-26).';
  return null;
}

/** Infantry may try to form square when cavalry makes contact (p.23). */
export function maySquare(att: Unit, def: Unit): boolean {
  return att.type === 'cavalry' && def.type === 'infantry' && !def.mob && def.figures >= 8;
}

export function meleeFrame(s: AtkmState, u: Unit, t: Unit, f: AttackFacts): MeleeFrame {
  return {
    proc: 'melee',
    step: 'start',
    attacker: u.id,
    defender: t.id,
    facts: { aspect: f.aspect, cover: f.cover, high: f.high, building: f.building ? 'yes' : 'no' },
    wasRed: { attacker: u.color === 'red', defender: t.color === 'red' },
    square: false,
    loser: null,
    escape: 0,
  };
}

export interface MeleePlan {
  attDice: number;
  attColor: Color;
  defDice: number;
  defColor: Color;
}

/** Dice Rolled in Melee (p.22) with the bonuses of pp.24-26. */
export function meleePlan(u: Unit, t: Unit, f: AttackFacts, square: boolean): MeleePlan {
  const per = square ? 1 : typeData(u.type).melee![t.type]!;
  const aspect = f.aspect === 'flank' ? 2 : f.aspect === 'rear' ? 4 : 0;
  const attDice = u.figures * per + aspect + (t.mob ? 4 : 0) + (f.high === 'attacker' ? 2 : 0);
  // The initiator rolls green; against a square, its own colour (p.23).
  const attColor: Color = square ? u.color : 'green';
  let defColor: Color;
  if (t.type === 'skirmisher' || isArtillery(t.type)) defColor = shift('red', Math.max(0, qualityShift(t)));
  else if (t.formation === 'square')
    defColor = u.type === 'cavalry' ? shift('green', Math.min(0, qualityShift(t))) : shift(t.color, qualityShift(t) - 1);
  else defColor = shift(t.color, qualityShift(t));
  const cover = f.building || f.cover === 'heavy' ? 4 : f.cover === 'light' ? 2 : 0;
  const defDice = t.figures + cover + (f.high === 'defender' ? 2 : 0);
  return { attDice, attColor, defDice, defColor };
}

const factsOf = (f: MeleeFrame): AttackFacts => attackFacts({ type: 'charge', ...f.facts }, MELEE_RULE);
const nearestChoices = (s: AtkmState, side: Side, sub: string, what: string): LegalAction[] =>
  [
    act(sub, `${what}: a ${sideName(side)} general is within 12 inches`, { near: 'yes' }),
    ...generalsOf(s, side).map((g: General) =>
      act(
        sub,
        `${what}: no general within 12"; the nearest is ${g.name} (rating ${g.rating})`,
        { near: 'no', general: g.id },
        { general: g.name },
      ),
    ),
  ].map((l) => yesNo(l, 'near'));

function legalNow(s: AtkmState, f: MeleeFrame, role: string): LegalAction[] {
  const att = s.units[f.attacker]!;
  const def = s.units[f.defender]!;
  if (f.step === 'square' && role === def.side) return nearestChoices(s, def.side, 'square', `${def.name} forms square`);
  if (f.step === 'escape') {
    const loser = f.loser === 'attacker' ? att : def;
    if (role !== loser.side) return [];
    return escapeChoices(s, f).map((h, i) =>
      act('escape', `${loser.name} escapes ${f.escape}" heading ${h}°${i === 0 ? ' (straight away)' : ''}`, { heading: String(h) }),
    );
  }
  if (f.step === 'small') {
    if (role !== def.side) return [];
    const what = `${def.name} (${def.figures} left, too few for a square) assumes`;
    if (!tabletop(s))
      return (['line', 'column'] as const).map((fm) => act('form', `${what} ${fm}, facing as you choose`, { formation: fm }));
    return smallSquareChoices(s, f).map((c) => {
      const l = act('form', `${what} ${c.formation} facing ${c.facing}° (${c.label})`, {
        formation: c.formation,
        facing: String(c.facing),
      });
      // Typed without facing: toward the enemy (the first heading), as before the choice existed.
      return c.first ? { ...l, aliases: { facing: [{ value: '', action: { type: 'form', formation: c.formation } }] } } : l;
    });
  }
  if (f.step === 'rally') {
    const loser = f.loser === 'attacker' ? att : def;
    if (role !== loser.side) return [];
    return [
      ...generalsOf(s, loser.side).map((g) =>
        act(
          'rally',
          `${g.name} is within 12" of ${loser.name}: roll ${g.rating} red dice to rally`,
          { near: 'yes', general: g.id },
          { general: g.name },
        ),
      ),
      act('rally', `No general within 12" of ${loser.name}: it flees 12" as a mob`, { near: 'no' }),
    ].map((l) => yesNo(l, 'near'));
  }
  return [];
}

/** Has the defending square come down to 7 or fewer figures (p.24: it may not stay a square)? */
const smallSquare = (def: Unit): boolean => !def.gone && !def.mob && def.formation === 'square' && def.figures <= 7;

interface SmallChoice {
  formation: 'line' | 'column';
  facing: number;
  label: string;
  /** The first heading of its formation (toward the enemy): what a typed form without facing: means. */
  first: boolean;
}

/** The move order that puts the small square in its new formation and facing. */
const smallOrder = (c: Pick<SmallChoice, 'formation' | 'facing'>): string => `form:${c.formation} face:${c.facing}`;

/**
 * p.24: the small square "must assume line or column formation ... and may face in the direction of its player's
 * choice". Listed: each formation toward the enemy it fell back from (straight on when the cavalry is gone), to
 * either side and about, wherever the new footprint fits (the tabletop checks it). Any other angle waits for the
 * unit's next activation.
 */
function smallSquareChoices(s: AtkmState, f: MeleeFrame): SmallChoice[] {
  const def = s.units[f.defender]!;
  const att = s.units[f.attacker]!;
  const enemy = !att.gone;
  const base = enemy ? Math.round(headingOf(sub(aimPoint(tu(att)), aimPoint(tu(def))))) : Math.round(def.facing);
  const turns: [number, string][] = enemy
    ? [
        [0, `toward ${att.name}`],
        [90, `${att.name} on its left`],
        [270, `${att.name} on its right`],
        [180, `its back to ${att.name}`],
      ]
    : [
        [0, 'as it stands'],
        [90, 'turned right'],
        [270, 'turned left'],
        [180, 'turned about'],
      ];
  const units = alive(s).map(tu);
  const out: SmallChoice[] = [];
  for (const formation of ['line', 'column'] as const)
    for (const [turn, label] of turns) {
      const c = { formation, facing: normDeg(base + turn), label, first: turn === 0 };
      if (attempt(() => checkMove(s.table!, units, def.id, smallOrder(c)))) out.push(c);
    }
  // Nowhere fits: line where it stands, facing as it does (placed without the check, see apply).
  return out.length ? out : [{ formation: 'line', facing: Math.round(def.facing), label: 'as it stands', first: true }];
}

/** The loser's escape directions on the table (none when it breaks or abandons its gun). */
function escapeChoices(s: AtkmState, f: MeleeFrame): number[] {
  const att = s.units[f.attacker]!;
  const def = s.units[f.defender]!;
  const loser = f.loser === 'attacker' ? att : def;
  if (!f.loser || loser.gone || (f.escape === 12 && isArtillery(loser.type))) return [];
  return escapeHeadings(s, loser, loser === def ? att : def, f.escape, f.escape === 6);
}

function generalById(s: AtkmState, id: unknown): General | undefined {
  return s.generals.find((g) => g.id === id);
}

function fight(s: AtkmState, f: MeleeFrame, ctx: Ctx): void {
  const att = s.units[f.attacker]!;
  const def = s.units[f.defender]!;
  const facts = factsOf(f);
  const p = meleePlan(att, def, facts, f.square);
  const a: Bucket = rollBucket(ctx, p.attDice, p.attColor, `${att.name} melee`);
  const d: Bucket = rollBucket(ctx, p.defDice, p.defColor, `${def.name} melee`);
  note(
    s,
    ctx,
    'melee',
    `Melee: ${att.name} ${bucketText(a)}; ${def.name}${f.square ? ' in square' : ''} ${bucketText(d)}. ` +
      `${att.name} suffers ${d.successes}, ${def.name} suffers ${a.successes}.`,
  );
  const path = s.last?.unit === att.id ? s.last.path : undefined;
  s.last = {
    kind: 'melee',
    text: `${att.name} charges ${def.name}: ${d.successes}–${a.successes} casualties`,
    unit: att.id,
    target: def.id,
    path,
    melee: tabletop(s) ? { at: { x: att.x, y: att.y }, text: `${d.successes} : ${a.successes}` } : null,
  };
  // Casualties both ways: opponents' successes are not compared (p.21).
  takeCasualties(s, att, d.successes, d.hits, ctx, true);
  takeCasualties(s, def, a.successes, a.hits, ctx, true);
  f.loser = a.successes > d.successes ? 'defender' : d.successes > a.successes ? 'attacker' : 'tie';
  f.escape = f.loser === 'tie' ? 6 : 12;
  checkBreak(s, att, ctx);
  checkBreak(s, def, ctx);
}

/** An escape move on the table, kept in the last action for the picture. */
function escapeShown(s: AtkmState, u: Unit, from: Unit, inches: number, face: boolean, heading?: number): void {
  const start = { x: u.x, y: u.y };
  if (!escape(s, u, from, inches, face, heading)) return;
  if (s.last) s.last.escapes = [...(s.last.escapes ?? []), { unit: u.id, path: [start, { x: u.x, y: u.y }] }];
}

function finish(s: AtkmState, f: MeleeFrame, ctx: Ctx): void {
  const att = s.units[f.attacker]!;
  const def = s.units[f.defender]!;
  const loser = f.loser === 'attacker' ? att : def;
  if (!loser.gone && !s.stack.ended) {
    if (f.escape === 12) {
      if (isArtillery(loser.type)) {
        loser.gone = 'abandoned';
        note(
          s,
          ctx,
          'escape',
          `${loser.name} must flee 12": the gunners abandon their cannon and leave the field (Artillery's Escape Movement, p.23).`,
        );
        unitLost(s, loser, ctx);
      } else {
        if (tabletop(s)) escapeShown(s, loser, loser === def ? att : def, 12, false, f.heading);
        loser.mob = true;
        if (loser.formation === 'square') loser.formation = 'line';
        note(
          s,
          ctx,
          'escape',
          `${loser.name} loses the melee: escape movement 12" directly away (its player's choice of direction), then a mob. ` +
            'Its next activation may only reform it.',
        );
      }
    } else {
      if (tabletop(s)) escapeShown(s, loser, loser === def ? att : def, 6, true, f.heading);
      const why = f.loser === 'tie' ? 'The melee is tied' : `${loser.name} is rallied`;
      note(
        s,
        ctx,
        'escape',
        `${why}: ${loser.name} moves 6" back from ${loser === def ? att.name : def.name}, ` +
          `keeps its formation${loser.formation === 'square' ? ' (square)' : ''} and faces the enemy.`,
      );
    }
  }
  // A square reduced to 7 or fewer moves 6" away from the enemy even if it won, then its player chooses line or
  // column (p.24); a tie or a rally has moved it 6" already: only one 6" move.
  if (smallSquare(def) && !s.stack.ended) {
    const moves = f.loser === 'attacker' && !att.gone;
    if (moves && tabletop(s)) escapeShown(s, def, att, 6, true);
    note(
      s,
      ctx,
      'escape',
      `${def.name} has ${def.figures} left, too few for a square: ${moves ? `it moves 6" away from ${att.name}` : 'after its 6" move'} ` +
        "it assumes line or column, its player's choice (/atkm form).",
    );
    f.step = 'small';
  } else wrapUp(s, f);
}

/** Both units end the melee red; one already red gets a disorder marker (p.23). Then the melee is over. */
function wrapUp(s: AtkmState, f: MeleeFrame): void {
  const att = s.units[f.attacker]!;
  const def = s.units[f.defender]!;
  for (const [u, was] of [
    [att, f.wasRed.attacker],
    [def, f.wasRed.defender],
  ] as const)
    if (!u.gone) meleeRed(u, was);
  retWith(s.stack, 'melee');
}

function formSquare(s: AtkmState, f: MeleeFrame, near: boolean, g: General | undefined, ctx: Ctx): void {
  const def = s.units[f.defender]!;
  if (near) {
    f.square = true;
    note(s, ctx, 'square', `${def.name} is within 12" of a general and forms square automatically.`);
  } else {
    const gen = g!;
    const dice = Math.max(1, gen.rating + qualityShift(def));
    const b = rollBucket(ctx, dice, def.color, `${def.name} forms square`);
    f.square = b.successes > 0;
    note(
      s,
      ctx,
      'square',
      `${def.name} tries to form square (${gen.name}, rating ${gen.rating}): ${bucketText(b)} → ` +
        `${f.square ? 'the square forms in time' : 'no square: it fights in its formation'}.`,
    );
  }
  if (f.square) def.formation = 'square';
  f.step = 'fight';
}

function rally(s: AtkmState, f: MeleeFrame, g: General | undefined, ctx: Ctx): void {
  const loser = f.loser === 'attacker' ? s.units[f.attacker]! : s.units[f.defender]!;
  if (g) {
    const b = rollBucket(ctx, g.rating, 'red', `${g.name} rallies ${loser.name}`);
    if (b.successes > 0) f.escape = 6;
    note(
      s,
      ctx,
      'rally',
      `${g.name} rallies ${loser.name}: ${bucketText(b)} → ${b.successes ? 'a 6" escape keeping formation' : 'no 6: it flees 12"'}.`,
    );
  }
  f.step = 'after';
}

export const meleeProc: Procedure<AtkmState, MeleeFrame> = {
  prompts(s, f) {
    const def = s.units[f.defender]!;
    if (f.step === 'square')
      return [
        {
          role: def.side,
          text: `Enemy cavalry contacts ${def.name}: is a general of yours within 12 inches? (/atkm square)`,
          buttons: true,
          decision: `square:${s.turn}:${f.attacker}:${f.defender}`,
        },
      ];
    if (f.step === 'escape') {
      const loser = f.loser === 'attacker' ? s.units[f.attacker]! : def;
      return [
        {
          role: loser.side,
          text: `${loser.name} must escape ${f.escape}": choose its direction (/atkm escape heading:).`,
          buttons: true,
          decision: `escape:${s.turn}:${f.attacker}:${f.defender}`,
        },
      ];
    }
    if (f.step === 'small')
      return [
        {
          role: def.side,
          text: `${def.name} is too few for a square: choose line or column${tabletop(s) ? ' and its facing' : ''} (/atkm form formation:${
            tabletop(s) ? ' facing:' : ''
          }).`,
          buttons: true,
          decision: `small:${s.turn}:${f.attacker}:${f.defender}`,
        },
      ];
    if (f.step === 'rally') {
      const loser = f.loser === 'attacker' ? s.units[f.attacker]! : def;
      return [
        {
          role: loser.side,
          text: `${loser.name} lost the melee: is a general of yours within 12 inches to rally it? (/atkm rally)`,
          buttons: true,
          decision: `rally:${s.turn}:${f.attacker}:${f.defender}`,
        },
      ];
    }
    return [];
  },
  legal: legalNow,
  auto(s, f, ctx) {
    const att = s.units[f.attacker]!;
    const def = s.units[f.defender]!;
    if (f.step === 'start') {
      note(s, ctx, 'charge', `${att.name} charges ${def.name}.`);
      if (maySquare(att, def)) {
        if (def.formation === 'square') {
          f.square = true;
          // On to the fight (the tabletop returned here with the step unchanged and never settled).
          f.step = 'fight';
          note(s, ctx, 'square', `${def.name} is already in square: no roll is needed (p.24).`);
        } else if (tabletop(s)) formSquare(s, f, nearGeneral(s, def), nearestOf(s, def), ctx);
        else f.step = 'square';
        if (f.step === 'square' || tabletop(s)) return true;
      } else if (att.type === 'cavalry' && def.type === 'infantry')
        note(
          s,
          ctx,
          'square',
          `${def.name} cannot form square (${def.mob ? 'a mob is too disordered' : `${def.figures} figures, 8 needed`}).`,
        );
      f.step = 'fight';
      return true;
    }
    if (f.step === 'fight') {
      fight(s, f, ctx);
      if (s.stack.ended) return true;
      const loser = f.loser === 'attacker' ? att : def;
      f.step = f.escape === 12 && !loser.gone && generalsOf(s, loser.side).length ? 'rally' : 'after';
      if (f.step === 'rally' && tabletop(s)) {
        // The best-rated general within 12" of the loser rallies it (p.23).
        const near = generalsOf(s, loser.side)
          .filter((g) => withinCommand(g, tu(loser)))
          .sort((a, b) => b.rating - a.rating)[0];
        rally(s, f, near, ctx);
      }
      return true;
    }
    if (f.step === 'after' && tabletop(s) && f.heading === undefined && escapeChoices(s, f).length > 1) {
      f.step = 'escape';
      return true;
    }
    if (f.step === 'after') {
      finish(s, f, ctx);
      return true;
    }
    return false;
  },
  apply(s, f, role, a, ctx) {
    const rule = f.step === 'square' ? SQUARE_RULE : MELEE_RULE;
    mustBeLegal(
      legalNow(s, f, role),
      a,
      rule,
      f.step === 'square'
        ? 'Say whether a general is within 12 inches (/atkm square).'
        : f.step === 'escape'
          ? 'Choose one of the escape directions (/atkm escape heading:).'
          : f.step === 'small'
            ? tabletop(s)
              ? 'The square is too small to stay one: choose line or column and its facing (/atkm form formation: facing:).'
              : 'The square is too small to stay one: choose line or column (/atkm form formation:).'
            : 'Say whether a general is within 12 inches to rally the unit (/atkm rally).',
    );
    if (f.step === 'square') {
      formSquare(s, f, a.near === 'yes', generalById(s, a.general), ctx);
      return;
    }
    if (f.step === 'escape') {
      f.heading = Number(a.heading);
      f.step = 'after';
      return;
    }
    if (f.step === 'small') {
      const def = s.units[f.defender]!;
      const fm = a.formation as 'line' | 'column';
      let facing = '';
      if (tabletop(s)) {
        const c = smallSquareChoices(s, f).find(
          (x) => x.formation === fm && (a.facing !== undefined && a.facing !== '' ? String(x.facing) === String(a.facing) : x.first),
        )!;
        const r = attempt(() => checkMove(s.table!, alive(s).map(tu), def.id, smallOrder(c)));
        if (r) place(def, r);
        else def.facing = c.facing;
        facing = ` facing ${c.facing}° (${c.label})`;
      }
      def.formation = fm;
      note(s, ctx, 'form', `${def.name} assumes ${fm}${facing}.`);
      wrapUp(s, f);
      return;
    }
    rally(s, f, a.near === 'yes' ? generalById(s, a.general) : undefined, ctx);
  },
};

export function checkCharge(u: Unit, t: Unit | undefined, f: AttackFacts): asserts t is Unit {
  if (!t) throw new RuleError(MELEE_RULE, 'Charge an enemy unit on the field.');
  const no = cannotCharge(u, t, f);
  if (no) throw new RuleError(MELEE_RULE, no);
}
