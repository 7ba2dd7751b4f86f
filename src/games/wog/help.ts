// Teaching text: the overview and help for the phase in play.
import { currentPhase, type Phase } from './sequence.ts';
import type { WogState } from './state.ts';

export const DICE_ORDER =
  'Setup: non-aligned pick (English, French). Initiative: English, French. Battle ' +
  'round: Jeanne duel (if she commands), English dice, French dice, then one ' +
  'Elimination die per leader hit; pursuit: Jeanne duel (if she is still the ' +
  "French BC), the pursuer's dice, then Elimination. Siege: one die. Control: one " +
  'die per area in map order. Death: one die per leader in play, roster order.';

export const OVERVIEW =
  `Warriors of God (Hundred Years War 1337-1453, or The Lion in Winter 1135-1258), ` +
  `for two players: English and French.\n` +
  `12 turns; VP are zero-sum (one marker); a side at 30 VP at the end of a turn ` +
  `wins, else the leader after turn 12.\n` +
  `Each turn: 1 initiative roll (+1 king in his capital, -1 no king; the IP gets 2 ` +
  `+ the lower die impulses, the other one fewer) · 2 impulses: /wog move leaders ` +
  `across one border (clear 2, river 3, obstructed 1; by sea 2 into a friendly ` +
  `area, else 1), /wog uncontrol, /wog pass · 3 battles wherever both sides have ` +
  `leaders: /wog commander, /wog siege or /wog fight, rounds of dice (min(BR, ` +
  `strength) + min(BR, longbows), 6s hit, the braver commander adds the ` +
  `difference), /wog loss, /wog continue or /wog retreat (pursuit at +1) · 4 ` +
  `control rolls · 5 /wog raise troops (area value SP) · 6 /wog deploy troops (all, ` +
  `one kind with troop:, or count: of it) and /wog hire mercenaries · 7 prisoners: ` +
  `/wog exchange, /wog ransom · 8 leader death (a dead leader's heir comes forward ` +
  `from the future leader piles) · 9 /wog place new leaders, /wog crown · 10 /wog assign troops (3 × rank SP) · 11 ` +
  `score: areas 2/1/1 VP, enemy capital +1, leaders killed, leaders rotting in ` +
  `prison.\n` +
  `/wog done ends your part of phases 5, 6, 7 and 10. Each battle is posted with a ` +
  `close-up image of the area fought over.`;

const PHASE_HELP: Record<Phase, string> = {
  setup:
    'Setup: the English /wog roll for both sides; the winner of the roll takes one ' +
    'of the two starting non-aligned leaders with /wog choose; the other side gets ' +
    'the other.',
  initiative: 'Phase 1: both roll; the higher (with king modifiers) has the initiative.',
  impulses:
    'Phase 2: on your impulse /wog move some leaders from one area to a neighbour ' +
    '(only if your leaders there outnumber enemy leaders plus an enemy control ' +
    'marker), /wog uncontrol an enemy marker (your leaders > enemy leaders + 1), or ' +
    '/wog pass. Moving into enemy leaders places your Aggressor marker.',
  battles:
    'Phase 3: the IP picks the battle (/wog battle). Commanders (/wog commander: a ' +
    "highest-ranking leader; nIP first). The area's controller may be besieged (/wog " +
    'siege: the attacker needs more than value + 3 + defender bravery − attacker ' +
    'bravery − gunners) or fight (/wog fight); after a failed siege each besieging ' +
    'leader flees on his own (/wog flee). Hits are taken with /wog loss (nIP first; ' +
    'a knight covers 2 hits, one mercenary hit breaks them all, leaders only once ' +
    'their troops are gone, the commander last); a single possible loss is taken for ' +
    'you. After each round /wog continue, /wog retreat (the enemy pursues one round ' +
    'at +1; survivors are disgraced), or /wog force after three aggressor misses.',
  control:
    'Phase 4: a non-disgraced leader in an enemy area makes it uncontrolled; in an ' +
    'uncontrolled area he rolls: ≤ 6 − mercenaries at home, ≤ rank − mercenaries ' +
    'elsewhere.',
  raise:
    'Phase 5: /wog raise SP in your controlled areas (up to the value; count: for ' +
    'several infantry or longbowmen): infantry, knights by flag (one per area), ' +
    'gunners in value-3 areas (one), longbowmen in England and Wales; /wog done ' +
    'raises infantry with what is left.',
  deploy:
    "Phase 6: /wog deploy moves an area's unassigned troops through your controlled " +
    'areas (no obstructed borders, the French never by sea): all of them, only one ' +
    'kind with troop: (e.g. troop:knight), or count: of that kind; /wog hire takes a ' +
    'mercenary from a neutral area to one of your leaders; /wog done.',
  prisoners:
    'Phase 7: equal stars are exchanged, as many as both prisons can match (the IP ' +
    'picks the combination with /wog exchange); /wog ransom a leader by giving up an ' +
    'area of value ≥ his rank, or /wog done to let the rest rot (1 VP per star each ' +
    'turn to the captor).',
  death:
    'Phase 8: every leader rolls on the Leader Death Chart (dies on a d6 ≤ turns ' +
    "since entry); the dead leave their troops unassigned, and a dead leader's heir " +
    "comes forward from a later future leader pile to arrive in this turn's Phase 9.",
  place:
    "Phase 9: the coming turn's future leader pile and the routed leaders are placed: " +
    '/wog place (non-aligned alternate, nIP first) in a controlled or neutral area, ' +
    'or at home (+rank infantry).',
  crown: 'Phase 9: /wog crown one of your 3-star leaders if you have no king.',
  assign:
    'Phase 10: /wog assign loose troops to leaders in the same area (3 × rank SP; ' +
    'knights need a national 3-star, gunners a national leader); the rest are ' +
    'removed; /wog done.',
  score: 'Phase 11: areas 2/1/1 VP, enemy capital +1, leaders killed this turn (2/1/1, king +1), prisoners rotting 1 per star.',
};

export function phaseHelp(s: WogState): string {
  return s.stack.ended ? `The game is over: ${s.stack.ended.summary}` : PHASE_HELP[currentPhase(s)];
}
