// Help that teaches: the rules in brief, then what to do in the phase now.
import type { Wk4State } from './state.ts';
import { seasonName, stageOf } from './state.ts';

export const OVERVIEW = [
  'Warrior Kings IV: an umpired campaign of secret simultaneous orders for 2-11 nations. Each season every nation writes orders privately;',
  'when all are final the engine adjudicates (reserves, movement with initiative, battles, post-combat movement), the umpire reviews its',
  'proposals, preliminary results go to the players, who may challenge them (24 hours in the rules: set /mod clock), and the umpire',
  'makes them official (with umpire=engine the engine takes every default at once and lets the results stand: they are official once',
  'every nation has agreed or challenged). Victory: supply centres held at the end of a turn — 2 VP a major, 1 a minor — by alliance size:',
  '79/94/110/125/141/156 VP for 1/2/3/4/5/6+ members (of 156; scaled on the small map). The introduction\'s "70" conflicts with',
  'that table: we use the table.',
  '',
  'Orders (/wk4 order …; each is checked at once and a refusal names its rule):',
  '• move army: to: [path:"q,r q,r"] — along a path; AP cost of the slowest unit (Plodder x2); side limits per side a season for your',
  '  side (clear/desert 9, forest 3, mountain/swamp 1 and stop; roads and rivers no limit, not in Winter). attack: the same into an enemy.',
  '• river army: to: — 1 AP, start and end on the river. sail fleet: to: [carry:army] — port/beach to port/beach; transports carry one',
  "  lord's army each; an amphibious assault is infantry only, at most 3 regiments, naval battle first, then the siege table.",
  '  Fleets at war whose ways cross at sea meet there and fight; fleets of friends or neutrals pass each other.',
  '• deploy type: count: at: lord: — activate reserves in a home city/port (ships: home port). buy type: count: — Winter only, into the',
  '  reserve, manpower = centres held at the end of Fall. militia city: — $3 a manpower point this season. landsknekt count: at: lord:',
  '  — at any time, no manpower. bribe army: mode:leave|switch — x2 / x4 their cost; match amount: keeps yours loyal.',
  '• war nation:, ally nation: (both must ask the same season), leave. • sheet text: — paste a whole order sheet, one order a line.',
  '/wk4 orders review | withdraw index: | final | reopen. /wk4 results challenge reason: | agree.',
  '/wk4 info report|forces|map|tables (map: your own fog-of-war map).',
  'Umpire: /wk4 umpire approve id: [note:] | choose id: option: [note:] | approveall | override id: note: | adjust what: note: |',
  'note text: [to:] | rule challenge: verdict: note: | publish. Nations that spent the same actions wait for the umpire to order',
  'their movement (approve or choose) before the season is resolved.',
].join('\n');

export function phaseHelp(s: Wk4State): string {
  switch (stageOf(s)) {
    case 'orders':
      return (
        `${seasonName(s)}: write your orders (/wk4 order move army:… to:…, or /wk4 order sheet), review them ` +
        '(/wk4 orders review), then /wk4 orders final. Nobody sees them but you and the umpire.'
      );
    case 'initiative':
      return (
        'Nations spent the same actions: the umpire determines their order of movement (initiative), then the season ' + 'is resolved.'
      );
    case 'review':
      return (
        "The umpire reviews the engine's proposals (retreats, diversions, exploitation, counterattacks, initiative) " +
        'and publishes the preliminary results.'
      );
    case 'challenges':
      return (
        'Preliminary results are out: /wk4 info report shows yours. Challenge with /wk4 results challenge reason:… or /wk4 results agree.' +
        (s.options.umpire === 'engine'
          ? ' The engine is the umpire: it lets the results stand, official once every nation has answered.'
          : '')
      );
    case 'ruling':
      return 'The umpire rules on the challenges, then publishes the official results.';
    default:
      return 'The campaign is over.';
  }
}

export const DICE_ORDER =
  'per battle site in hex order: naval battle (2d6), then landing or siege or field battle — field: attacker bombardment d6, ' +
  'defender bombardment d6, main battle 2d6, pursuit d6; siege: 2d6 then evacuation d10 if the defender loses; ' +
  'then a d6 per losing lord (death on 1)';
