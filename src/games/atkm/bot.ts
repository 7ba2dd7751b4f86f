// The built-in general: fire where the dice favour it, charge with cavalry
// where no square can form, keep command points for yellow units near the
// end of the turn, restore officers and ensigns at the end of the turn, bank
// strong cards early in the turn (optional rule) and play them later. In
// referee mode it has no table to measure, so it imagines one (refereeGap)
// and believes the other side's reports of fire and charges (believedGap).
import type { LegalAction, Role } from '../../engine/types.ts';
import { firePlan } from './fire.ts';
import { attackFacts } from './facts.ts';
import { alive, cardRank, other, target, typeData, type AtkmState, type Side, type Unit } from './state.ts';

const p = (color: string) => (7 - target(color as 'green')) / 6;

/**
 * Referee mode: the bot's imagined table. The armies start 36" apart (about the
 * gap between the scenarios' deployment zones) and close 6" a turn (an
 * infantry line's move), so the gap is 36, 30, 24 ... 0 inches from turn 1. A
 * target is reported in range only when the unit's range reaches across that
 * gap, and then each target on a 90% chance (arc and sight are not known); a
 * charge only when the gap is within the unit's move, on the same chance.
 * Before this the bot reported every target in range from turn 1 and its
 * referee battles were over in a few bloody turns; with the gap alone (and a
 * 50% chance) it lost to a random player who fires from turn 1 two games in
 * three, hence believedGap.
 */
export const REFEREE_START_GAP = 36;
export const REFEREE_CLOSING = 6;
export const REFEREE_REPORT_CHANCE = 0.9;
export const refereeGap = (turn: number): number => Math.max(0, REFEREE_START_GAP - REFEREE_CLOSING * (turn - 1));

/**
 * The gap the bot believes in: the imagined one, or closer when a report showed the armies nearer (a fire within
 * the firer's range, a charge within the charger's move: AtkmState.closest), closing 6" a turn since. The other side's reports
 * are facts of the real table: a unit fired on from 12" may fire back.
 */
export function believedGap(s: AtkmState): number {
  const reported = Object.entries(s.closest ?? {}).map(([turn, gap]) => Math.max(0, gap - REFEREE_CLOSING * (s.turn - Number(turn))));
  return Math.min(refereeGap(s.turn), ...reported);
}

/** Could this unit fire on or charge the enemy across the believed gap (referee mode)? */
const reaches = (s: AtkmState, u: Unit): boolean =>
  Math.max(typeData(u.type).fireRange, ...Object.values(typeData(u.type).move)) >= believedGap(s);

/** Would the referee-mode bot report this fire or charge as possible (see refereeGap and believedGap)? */
export function refereeReports(s: AtkmState, u: Unit, kind: 'fire' | 'charge', rand: () => number): boolean {
  const gap = believedGap(s);
  const reach = kind === 'fire' ? typeData(u.type).fireRange : Math.max(...Object.values(typeData(u.type).move));
  return reach >= gap && rand() < REFEREE_REPORT_CHANCE;
}

function fireValue(s: AtkmState, u: Unit, t: Unit): number {
  const plan = firePlan(u, t, attackFacts({ type: 'fire' }, 'bot'));
  return plan.attDice * p(plan.attColor) - plan.defDice * p(plan.defColor) + (t.figures <= 6 ? 1 : 0);
}

function chargeValue(u: Unit, t: Unit): number {
  if (u.type === 'cavalry') {
    if (t.type === 'infantry' && t.figures >= 8 && !t.mob) return -2;
    return 2 * u.figures * 0.5 - t.figures * (t.type === 'skirmisher' || t.type.includes('artillery') ? 1 / 6 : p(t.color)) + 2;
  }
  return u.figures * 0.5 - t.figures * p(t.color) - (u.color === 'green' ? 0 : 2);
}

/** What a card is worth to the bot beyond one activation: the Ace two, the Queen no downgrade, the Jack full movement. */
const CARD_WORTH: Record<string, number> = { A: 3, Q: 2, J: 2, K: 1, JOKER: 1 };
const worth = (card: string): number => CARD_WORTH[cardRank(card)] ?? 0;
/** Early in the turn: this many cards or more still in the deck. */
export const BANK_EARLY = 14;
/** Late: with this few left, a banked card is played on any card no stronger, before the turn ends and wastes it. */
export const BANK_LATE = 4;

/**
 * Banking Cards (optional rule, p.14). Early in the turn, with a command point to spare for activations, the bot
 * banks a strong card (Ace, Queen, Jack) half the time, to play it in place of a plain card later; it plays a
 * banked card on a weaker one from mid-turn on (half the time before), and on any card no stronger near the end of the
 * deck, where a banked card left over is wasted.
 */
export function bankChoice(s: AtkmState, bank: LegalAction[], banked: LegalAction[], rand: () => number): LegalAction | null {
  const top = s.stack.frames.at(-1)!;
  const card = String(top.card ?? '');
  const left = s.deck.draw.length;
  if (banked.length) {
    const b = banked.reduce((x, y) => (worth(String(y.args.card)) > worth(String(x.args.card)) ? y : x));
    const gain = worth(String(b.args.card)) - worth(card);
    if ((left <= BANK_LATE && gain >= 0) || (gain > 0 && (left < BANK_EARLY || rand() < 0.5))) return b;
  }
  const side = top.side as Side;
  if (bank.length && worth(card) >= 2 && left >= BANK_EARLY && s.sides[side].cp >= 2 && rand() < 0.5) return bank[0]!;
  return null;
}

export function botChoice(s: AtkmState, role: Role, legal: LegalAction[], rand: () => number): LegalAction {
  const top = s.stack.frames.at(-1)!;
  const side = role as Side;
  const by = (sub: string) => legal.filter((l) => l.sub === sub);
  const best = (ls: LegalAction[], score: (l: LegalAction) => number) => ls.reduce((a, b) => (score(b) > score(a) ? b : a));
  if (top.proc === 'endTurn') {
    if (by('place').length) return by('place')[0]!;
    if (by('restore').length) return by('restore')[0]!;
    const ready = by('ready');
    const mine = alive(s, side).length / s.sides[side].startUnits;
    const theirs = alive(s, other(side)).length / s.sides[other(side)].startUnits;
    return ready.find((l) => l.args.held === (mine >= theirs ? 'yes' : 'no')) ?? ready[0]!;
  }
  if (top.proc === 'melee') {
    const yes = legal.filter((l) => l.args.near === 'yes');
    const no = legal.filter((l) => l.args.near !== 'yes');
    return (rand() < 0.5 && yes.length ? yes : no.length ? no : legal)[0]!;
  }
  if (top.proc === 'card') {
    if (by('disorder').length && !by('activate').length && !by('pass').length) {
      // The 2: idle the unit that would do least (already worn, or the smallest).
      return best(by('disorder'), (l) => {
        const u = s.units[l.args.unit!]!;
        return (u.color === 'green' ? 0 : 5) - u.figures / 4;
      });
    }
    if (by('disorder').length && rand() < 0.4) {
      // Joker: hold back the enemy's freshest strong unit.
      return best(by('disorder'), (l) => {
        const u = s.units[l.args.unit!]!;
        return (u.color === 'green' ? 5 : 0) + u.figures / 3 + (u.type === 'cavalry' ? 2 : 0);
      });
    }
    const restore = by('general').filter((l) => l.args.restore);
    if (restore.length) return restore[0]!;
    const bank = bankChoice(s, by('bank'), by('banked'), rand);
    if (bank) return bank;
    const acts = by('activate');
    if (acts.length) {
      const green = acts.filter((l) => s.units[l.args.unit!]!.color === 'green');
      // Referee mode: a unit that can reach the enemy across the believed gap first.
      const engaged = green.filter((l) => s.options.mode === 'tabletop' || reaches(s, s.units[l.args.unit!]!));
      const fresh = engaged.length ? engaged : green;
      if (fresh.length) return fresh[Math.floor(rand() * fresh.length)]!;
      const near = acts.filter((l) => l.args.near !== 'no');
      const far = acts.filter((l) => l.args.near === 'no');
      const pool = rand() < 0.6 && near.length ? near : far.length ? far : near;
      return pool[Math.floor(rand() * pool.length)]!;
    }
    if (by('pass').length) return by('pass')[0]!;
    return legal[0]!;
  }
  if (top.proc === 'activation') {
    const u = s.units[String(top.unit)]!;
    const forms = by('form');
    if (u.mob || u.formation === 'square')
      return forms.find((l) => l.args.formation === 'line' || l.args.formation === 'deployed') ?? forms[0] ?? legal[0]!;
    if (u.formation === 'limbered' && forms.length && (!by('move').length || s.options.mode !== 'tabletop'))
      return forms.find((l) => l.args.formation === 'deployed') ?? forms[0]!;
    const referee = s.options.mode !== 'tabletop';
    const charges = by('charge').filter(() => !referee || refereeReports(s, u, 'charge', rand));
    if (charges.length) {
      const c = best(charges, (l) => chargeValue(u, s.units[l.args.target!]!));
      if (chargeValue(u, s.units[c.args.target!]!) > 0 && (u.type === 'cavalry' || rand() < 0.3)) return c;
    }
    const fires = by('fire').filter(() => !referee || refereeReports(s, u, 'fire', rand));
    if (fires.length) return best(fires, (l) => fireValue(s, u, s.units[l.args.target!]!));
    // Close with the enemy (in referee mode the move is a report, made while the imagined gap is open).
    if (by('move').length && (!referee || refereeGap(s.turn) > 0 || rand() < 0.5)) return by('move')[0]!;
    return by('done')[0] ?? legal[0]!;
  }
  return legal[Math.floor(rand() * legal.length)]!;
}
