// The built-in player's judgement inside a battle, from the dice on the
// table: whether a Spy or Guide re-roll (13.2) is worth its marker, and which
// enemy unit or site to leave out on a Panic (13.3). Both read the same
// Combat Results Table the losses step uses (13.4), so the bot weighs exactly
// what the rules will apply.
import type { LegalAction } from '../../engine/types.ts';
import { crtLosses, kpwData } from './data.ts';
import { strength } from './losses.ts';
import { opponentOf, type Combatant } from './battle-sides.ts';
import type { BattleFrame, KpwState, Side } from './state.ts';

type Dice = BattleFrame['dice'];
const FACES = [1, 2, 3, 4, 5, 6];

/** SP losses a side with `sp` strength (plus its column shift) inflicts on `die` (13.4, CRT). */
export function crt(sp: number, die: number): number {
  return sp > 0 ? crtLosses(kpwData().charts, sp, die) : 0;
}

/** The battle side the player `role` decides for. */
export function combatantOf(f: BattleFrame, role: Side): Combatant {
  return f.A.role === role ? 'A' : 'D';
}

/**
 * What the dice are worth to side `me`: SP losses inflicted minus SP losses
 * suffered. Doubles stop the battle (13.2: worth 0). The event die counts when
 * it changes this battle: Emergency Reinforcements (+1 column), Panic (the
 * enemy leaves out the affected side's biggest piece, about 2 SP), Ambush (the
 * affected side strikes back with what its losses leave) and Massacre (a new
 * full-strength unit, about 2 SP) (13.3). `spDelta` adjusts the strengths (a
 * Spy used up no longer weakens its holder).
 */
export function diceValue(f: BattleFrame, me: Combatant, sp: { A: number; D: number }, dice: Dice): number {
  if (dice.red === dice.green) return 0;
  const you = opponentOf(me);
  const even = (dice.red + dice.green) % 2 === 0;
  const affected: Combatant = even === (f.A.die === 'red') ? 'A' : 'D';
  const event = f.round === 1 ? dice.event : 0;
  const own = { ...sp };
  const shift = { A: 0, D: 0 };
  if (event === 3) shift[affected] = 1;
  if (event === 5) own[affected] = Math.max(0, own[affected] - 2);
  const die = (x: Combatant) => dice[f[x].die];
  let dealt: number;
  let taken: number;
  if (event === 1) {
    // The ambusher strikes first; the ambushed answer with the SP left (13.3).
    const first = opponentOf(affected);
    const firstLoss = crt(own[first] + shift[first], die(first));
    const back = crt(Math.max(0, own[affected] - firstLoss) + shift[affected], die(affected));
    dealt = me === first ? firstLoss : back;
    taken = me === first ? back : firstLoss;
  } else {
    dealt = crt(own[me] + shift[me], die(me));
    taken = crt(own[you] + shift[you], die(you));
  }
  const massacre = event === 4 ? (affected === me ? 2 : -2) : 0;
  return dealt - taken + massacre;
}

/** The value of re-rolling one die: the mean over its six faces. */
function rerollValue(f: BattleFrame, me: Combatant, sp: { A: number; D: number }, die: keyof Dice): number {
  return FACES.reduce((sum, face) => sum + diceValue(f, me, sp, { ...f.dice, [die]: face }), 0) / FACES.length;
}

/**
 * 13.2 re-rolls: the die whose re-roll gains the most, when the gain is worth
 * the marker. A Spy used is taken off the enemy leader, so the enemy fights
 * this battle without its -1 SP (13.4) and moves and evades freely again; a
 * Guide used is our own +1 pip, +1 interception and evasion lost. Hence a
 * margin of about one SP of losses for either.
 */
export function rerollChoice(s: KpwState, f: BattleFrame, role: Side, legal: LegalAction[]): LegalAction | undefined {
  const me = combatantOf(f, role);
  const spy = f.rr[0]?.endsWith('spy');
  const sp = { A: strength(s, f, 'A'), D: strength(s, f, 'D') };
  const after = { ...sp };
  if (spy) after[opponentOf(me)] += 1;
  const keep = diceValue(f, me, sp, f.dice);
  let best: LegalAction | undefined = legal.find((l) => l.sub === 'pass');
  let bestGain = 0.9;
  for (const l of legal) {
    if (l.sub !== 'reroll') continue;
    const gain = rerollValue(f, me, after, String(l.action.die) as keyof Dice) - keep;
    if (gain > bestGain) {
      bestGain = gain;
      best = l;
    }
  }
  return best;
}

/**
 * 13.3 Panic: leave out the enemy piece whose absence costs them the most of
 * what they inflict on these very dice; among equals, the one with the most
 * SP (the enemy's strength is what a later ambush or second round reads).
 */
export function panicChoice(s: KpwState, f: BattleFrame, legal: LegalAction[]): LegalAction | undefined {
  const them = f.affected!;
  const shift = f.round === 1 ? f.shift[them] : 0;
  const die = f.dice[f[them].die];
  let best: LegalAction | undefined;
  let bestKey = [Infinity, Infinity];
  for (const l of legal) {
    if (l.sub !== 'panic') continue;
    const sp = strength(s, { ...f, panic: String(l.action.unit) }, them);
    const key = [crt(sp + shift, die), sp];
    if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      bestKey = key;
      best = l;
    }
  }
  return best;
}
