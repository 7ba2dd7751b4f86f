// Teaching text: the overview and help for the phase in play.
import { top } from '../../engine/procstack.ts';
import { phaseLabel } from './view.ts';
import { turnFrame, type KpwState } from './state.ts';

export const DICE_ORDER =
  'Battle: red (English), green (Indians), event (1 Ambush, 2 Spy, 3 Emergency ' +
  'Reinforcements, 4 Massacre, 5 Panic, 6 Guide); re-rolls roll the chosen die ' +
  'again. Every other roll is one d6 in rule order: Church, Allied Indians, ' +
  'interception, evasion, Mohawk recruitment, Key Leader survival, border-war ' +
  'exploitation.';

export const OVERVIEW =
  `King Philip's War (1675-76), for two players: the English (red) and the Indians ` +
  `(green).\n` +
  `Nine turns (five odd turns in the short game); turn 5 is winter: moves cost ` +
  `double, 3 Battle markers each, attrition.\n` +
  `Each turn: 1 Church/Allied Indian roll · 2 English reinforcements · 3 Indian ` +
  `diplomacy · 4 Indian reinforcements (+ muskets) · 5 Indian movement · 6 Indian ` +
  `combat · 7 English movement · 8 English combat · 9 winter attrition · 10 ` +
  `victory check.\n` +
  `Movement: /kpw move activate (a space and its units, or 'all'), then /kpw move ` +
  `step to a neighbour (river moves are 'space~river' for ½ pip, sea moves ` +
  `'port~ocean'), /kpw move pickup, /kpw move drop, and /kpw move battle <target> ` +
  `to place a Battle marker (ends that group's move), /kpw move stop. War bands ` +
  `have 6 pips, companies 5 (Guide +1, Spy -1). Up to 5 war bands and 5 markers; ` +
  `the English 3 and 3, 1-pip paths only, until Church arrives.\n` +
  `Combat: /kpw combat fight picks the next battle. Defenders may /kpw combat ` +
  `evade or /kpw combat stand; dice red, green, event; doubles cancel the battle; ` +
  `Spies and Guides allow one /kpw combat reroll. Even red+green: the event hits ` +
  `the English, odd: the Indians. Losses are taken with /kpw combat loss (a unit ` +
  `step or the settlement/village/fort), then /kpw combat advance or /kpw combat ` +
  `stay.\n` +
  `VP: 1 per enemy Infantry defeated, site razed, Sachem/Captain lost; 2 per Key ` +
  `Leader lost. Either side's 30 VP, or Boston and Plymouth razed (for the ` +
  `Indians), wins at the end of the turn (16.0), not at once; Philip and Canonchet ` +
  `both dead or on the track loses the Indians the game at once (13.5). Otherwise ` +
  `most VP after turn 9; ties go to the side that lost fewer sites, then a draw.\n` +
  `Diplomacy: once enough settlements are razed, /kpw turn recruit sends Philip to ` +
  `a ready tribe's village and it joins.\n` +
  `Commands are grouped by the sequence of play: /kpw turn …, /kpw move …, /kpw ` +
  `combat …; /kpw end, /kpw decline, and /kpw charts for the charts below.`;

const PHASE_HELP: Record<string, string> = {
  church:
    'Phase 1: the English /kpw turn roll. Before Church: a roll at or under the turn ' +
    'number brings him (place him in a Plymouth or Rhode Island settlement). After: ' +
    'a roll of 1 or less (minus 1 per two villages razed) brings an Allied Indian ' +
    'warrior.',
  engReinf:
    'Phase 2: place the new Soldiers (2 MA, 1 each PL, RI, CT) and returning ' +
    'Captains with /kpw turn place, in a settlement or company of their colony (any ' +
    'company once Church is in play).',
  diplomacy:
    'Phase 3: /kpw turn recruit moves Philip (with up to one unit) to a village of a ' +
    'tribe that is ready (enough English settlements razed) and it joins; or /kpw ' +
    'end. The Mohawks are tried from the Treaty Space with a die roll.',
  indReinf:
    "Phase 4: place each allied tribe's new warriors in its own villages with /kpw " +
    'turn place; then give any Musket marker to a war band in a river or port space.',
  muskets: 'Muskets (10.2): give the Musket marker to a war band in a river or port space; it adds 1 SP.',
  indMove:
    "Phase 5: Indian movement. /kpw move activate a space's units, /kpw move step, " +
    '/kpw move pickup, /kpw move drop, /kpw move battle target, /kpw move stop; /kpw ' +
    'end when done; when a war band with muskets splits, /kpw move muskets hands ' +
    'them to the unit that keeps them (10.2). The English may try to intercept.',
  indCombat: 'Phase 6: resolve every Indian Battle marker with /kpw combat fight, in any order.',
  engMove: 'Phase 7: English movement (3 companies and 1-pip paths before Church, 5 after; ocean moves port to port with all pips).',
  engCombat: 'Phase 8: resolve every English Battle marker with /kpw combat fight.',
  attrition: 'Phase 9 (turn 5): each side removes one full-strength Infantry per two of its own sites razed (/kpw combat loss).',
  victory:
    'Phase 10: automatic victories (30 VP; Boston and Plymouth razed; Philip and ' +
    'Canonchet gone) are checked at the end of the turn (16.0), then the next turn ' +
    'begins.',
};

export function phaseHelp(s: KpwState): string {
  const f = top(s.stack);
  const base = PHASE_HELP[turnFrame(s).step] ?? '';
  let extra = '';
  if (f.proc === 'place' && f.purpose === 'setup')
    extra =
      'Set-up (7.0): the English place first (one Soldier per settlement, leaders with ' +
      'a Soldier of their colony), then the Indians in their own villages.';
  if (f.proc === 'intercept')
    extra =
      'Interception (12.4/12.5): roll 5+ with -pips of the connection, +1 ' +
      'Captain/Sachem, +2 Key Leader, -1 Spy, +1 Guide. Not across rivers or water.';
  if (f.proc === 'battle')
    extra =
      'Battle (13.1-13.7): evasion needs 5+ (Indians) or 7+ (English); dice red, ' +
      'green, event; doubles cancel; losses from the CRT by SP and die.';
  return `${phaseLabel(s)}. ${extra ? `${extra} ` : ''}${base}`;
}
