// Help that teaches: the game in a few paragraphs, and what to do now.
import { cardName, data, type AtkmState } from './state.ts';

export const OVERVIEW = [
  "**All the King's Men** (Ken Cliffe): toy-soldier battles of the horse-and-musket era. Red and Black each have units " +
    '(infantry, cavalry, skirmishers, foot and horse artillery) and one to three generals rated 1-3.',
  '**Tabletop mode**: the bot keeps every unit in inches on a virtual table and measures for you: move with orders ' +
    '(`/atkm move order:"forward:6"`, `"wheel:45 forward:4"`, `"24,18"`), and `/atkm measure from: to:` answers distance, arc, sight and range.',
  '**Referee mode**: your figures stand on a real table. You measure; the bot deals the cards, keeps your command points secret, ' +
    'rolls the coloured dice and keeps colours, casualties, disorder and collapse. Report what the rules need measured as options: ' +
    '`near:yes` (within 12" of a general), `close:true` (artillery within 12"), `aspect:flank|rear`, `cover:light|heavy`, ' +
    '`high:attacker|defender`, `building:true`, `terrain:true`, `inches:8`.',
  "**A turn**: every unit starts green. Each general rolls his rating in dice in secret: the side's highest die is its command points " +
    '(shared by a team). The 28 cards (Hearts for Red, Clubs for Black, a Joker each) are turned one at a time: a card of your colour ' +
    'activates one unit (`/atkm activate`). Green units obey for free; yellow and red ones cost a command point, and beyond 12" of ' +
    "every general of yours they need an order roll (your rating in dice of the unit's colour, one success). Skirmishers always obey.",
  '**An activation**: move (`/atkm move`), fire (`/atkm fire target:`) and one formation change after moving (`/atkm form`), in any ' +
    'order; or charge (`/atkm charge target:`). Then `/atkm done`: the unit drops a colour (green → yellow → red); a red unit that acts ' +
    'gets a disorder marker and is done for the turn. Or `/atkm pass unit:` to let a unit wait (it still drops a colour).',
  '**Dice**: green succeed on 4-6, yellow 5-6, red 6. Fire: attacker dice per figure (artillery 2, 3 within 12"), defender 1 per figure ' +
    '(+4 for skirmishers and deployed guns, +2/+4 cover, +2 high ground); the difference is casualties and the target drops a colour. ' +
    'Melee: the attacker rolls green, both suffer the other\'s successes, the loser flees 12" as a mob (a tie: the defender falls back ' +
    '6"); both end red. Infantry of 8+ forms square against cavalry.',
  '**Special cards** of your colour: 2 idles one of your units; Jack: full movement; Queen: no downgrade; King: activate or move your ' +
    'general (tabletop: `/atkm card general to:"x,y"`, any point within 20"); Ace: two activations; Joker: activate or idle an enemy ' +
    'unit. Optional rules: override the deck, and (option `banking`) bank a card for a command point (`/atkm card bank`) to play ' +
    'instead of a later one (`/atkm card banked`). **Victory**: an army at half its starting units rolls its best ' +
    "general's rating in yellow dice at each loss; no 5+ and it flees.",
].join('\n\n');

export function phaseHelp(s: AtkmState): string {
  const top = s.stack.frames.at(-1)!;
  if (s.stack.ended) return `The battle is over: ${s.stack.ended.summary}`;
  const tabletop = s.options.mode === 'tabletop';
  switch (top.proc) {
    case 'card': {
      const rank = String(top.rank);
      const sp = data().cards.special[rank];
      return (
        `${cardName(String(top.card))}${sp ? ` — ${sp.name}: ${sp.effect}` : ': activate one of your units.'} ` +
        (rank === '2'
          ? 'Use /atkm card disorder unit: (one of your own units).'
          : `Use /atkm activate unit:${tabletop ? '' : ' (add near:yes if a general of yours is within 12" of a yellow or red unit)'}, ` +
            '/atkm pass unit:, or the card choices in /atkm card.' +
            (tabletop
              ? ''
              : ' In one command: /atkm act unit: [move:] [fire:] [charge:] (the whole activation); ' +
                '/atkm card rest passes on the rest of your cards this turn.'))
      );
    }
    case 'activation':
      return tabletop
        ? 'Your unit is activated: /atkm move order:"forward:6" (or "24,18", "wheel:45 forward:4", "face:90"), /atkm fire target:, ' +
            '/atkm form formation: (after moving), or /atkm charge target:. Finish with /atkm done.'
        : 'Your unit is activated: /atkm move (report inches:, terrain:true, backward:true, road:true to have the distance checked), ' +
            '/atkm fire target: (with the facts you measured), /atkm form formation: (after moving), or /atkm charge target:. ' +
            'Finish with /atkm done.';
    case 'melee':
      if (top.step === 'escape')
        return 'Your unit must escape: /atkm escape heading: one of the directions offered (straight away from the enemy, or 45° either side).';
      return top.step === 'square'
        ? 'Enemy cavalry contacts your infantry: /atkm square near:yes if a general of yours is within 12" (the square forms ' +
            'automatically), else near:no general: the nearest one, whose rating in dice you roll.'
        : 'Your unit lost the melee: /atkm rally near:yes general: if that general is within 12" (his rating in red dice; a 6 turns ' +
            'the 12" flight into a 6" fall-back), else near:no.';
    case 'endTurn':
      return tabletop
        ? 'End of turn: move your generals up to 20" each (/atkm place general: to:"x,y"). A general in contact with a unit without ' +
            'its officer or ensign appoints a new one (/atkm restore). Then /atkm ready.'
        : 'End of turn: move your generals (up to 20" each). A general who reaches a unit without its officer or ensign appoints a ' +
            'new one (/atkm restore). Then /atkm ready.';
    default:
      return 'Cards are being turned.';
  }
}

export const DICE_ORDER =
  'setup: unit types (2d6 each, d6 for artillery), qualities, ratings; each turn: command dice (secret), then per action: ' +
  'order dice, square dice, attacker then defender buckets, rally dice, collapse dice';
