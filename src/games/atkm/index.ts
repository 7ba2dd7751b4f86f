// All the King's Men as a Muster game module (referee mode on the flow model).
import { RuleError } from '../../engine/errors.ts';
import { parseOptionsWithDocs } from '../../engine/options.ts';
import type { GameModule, GameRules, GameTable, Json, OptionDoc } from '../../engine/types.ts';
import { botChoice } from './bot.ts';
import { syncTeams } from './cards.ts';
import { SUBCOMMANDS } from './commands.ts';
import { machine, OPEN } from './flow.ts';
import { DICE_ORDER, OVERVIEW, phaseHelp } from './help.ts';
import { initialState } from './setup.ts';
import { atkmDeck, cardName, data, type AtkmOptions, type AtkmState } from './state.ts';
import { parseListEntry, type ListEntry } from './data.ts';
import { UNIT_TYPES } from './tabletop/types.ts';
import { upgradeEnding } from './upgrade.ts';
import { buildView, phaseLabel, summarize, type AtkmView } from './view.ts';

const scenarios = () => Object.entries(data().victory.scenarios).map(([id, v]) => ({ name: v.name, value: id }));

export const optionDocs: OptionDoc[] = [
  {
    name: 'scenario',
    description: 'open-field (army collapse), river-crossing (hold the bridge 3 turns), village (dislodge by turn 8)',
    type: 'string',
    choices: scenarios(),
    default: 'open-field',
  },
  {
    name: 'mode',
    description: 'referee: armies on a real table, you measure and report; tabletop: the bot keeps positions and measures',
    type: 'string',
    choices: [
      { name: 'Referee (real table)', value: 'referee' },
      { name: 'Virtual tabletop', value: 'tabletop' },
    ],
    default: 'referee',
  },
  {
    name: 'army',
    description: 'standard list (3 foot, rifles, horse, battery) or roll each unit (2d6)',
    type: 'string',
    choices: [
      { name: 'Standard list', value: 'standard' },
      { name: 'Roll each unit', value: 'roll' },
    ],
    default: 'standard',
  },
  {
    name: 'units',
    description: 'Units per side when rolling (5 small, 8 medium, 10+ large)',
    type: 'integer',
    min: 2,
    max: 16,
    default: 6,
  },
  {
    name: 'quality',
    description: 'regular, or roll each unit (1 militia, 2-5 regular, 6 elite)',
    type: 'string',
    choices: [
      { name: 'All regular', value: 'regular' },
      { name: 'Roll', value: 'roll' },
    ],
    default: 'regular',
  },
  {
    name: 'ratings',
    description: 'two: every general rated 2; roll: d6 on the house table (1-2 → 1, 3-5 → 2, 6 → 3)',
    type: 'string',
    choices: [
      { name: 'All rated 2', value: 'two' },
      { name: 'Roll (house table)', value: 'roll' },
    ],
    default: 'two',
  },
  {
    name: 'generals',
    description: 'Generals per side (a team of players shares the command points)',
    type: 'integer',
    min: 1,
    max: 3,
    default: 1,
  },
  {
    name: 'red_list',
    description: "Red's own list (Building an Army): unit types, e.g. infantry+infantry:9+cavalry (:9 = 9 privates, below full)",
    type: 'string',
    default: '',
  },
  {
    name: 'black_list',
    description:
      "Black's own list: infantry, cavalry, skirmisher, foot-artillery, horse-artillery by commas; infantry:9 starts with 9 privates",
    type: 'string',
    default: '',
  },
  { name: 'override', description: 'Optional rule: override the deck for a command point', type: 'boolean', default: true },
  {
    name: 'banking',
    description: 'Optional rule: bank a card of your colour for a command point and play it later in the turn',
    type: 'boolean',
    default: false,
  },
  {
    name: 'special_casualties',
    description: 'Optional rule: three 6s take the officer, three 5s the ensign',
    type: 'boolean',
    default: true,
  },
];

export function parseAtkmOptions(raw: Record<string, string | number | boolean>): AtkmOptions {
  const o = parseOptionsWithDocs(optionDocs, raw);
  return {
    mode: o.mode as AtkmOptions['mode'],
    scenario: String(o.scenario),
    army: o.army as AtkmOptions['army'],
    units: Number(o.units),
    quality: o.quality as AtkmOptions['quality'],
    ratings: o.ratings as AtkmOptions['ratings'],
    generals: Number(o.generals),
    override: Boolean(o.override),
    specialCasualties: Boolean(o.special_casualties),
    banking: Boolean(o.banking),
    lists: { red: chosenList('red_list', o.red_list), black: chosenList('black_list', o.black_list) },
  };
}

/** A player's chosen list (Building an Army): the units in order, each `type` or `type:figures` below full strength (p.5); null when none is given. */
function chosenList(option: string, raw: unknown): ListEntry[] | null {
  const text = String(raw ?? '').trim();
  if (!text) return null;
  const items = text.split(/[,;+\s]+/).filter(Boolean);
  const entries = items.map((x) => parseListEntry(x, data().units.types));
  const bad = entries.filter((e): e is string => typeof e === 'string');
  if (bad.length) throw new RuleError('ATKM Building an Army', `${option}: ${bad.join(' ')}`, [...UNIT_TYPES]);
  if (items.length < 2 || items.length > 20)
    throw new RuleError('ATKM Building an Army', `${option}: an army here has 2 to 20 units (this list has ${items.length}).`);
  return entries as ListEntry[];
}

export const atkmRules: GameRules<AtkmState, AtkmOptions, AtkmView> = {
  id: 'atkm',
  title: "All the King's Men",
  optionDocs,
  parseOptions: parseAtkmOptions,
  roles: () => [
    { id: 'red', name: 'Red army', color: '#c0392b', team: 'turns' },
    { id: 'black', name: 'Black army', color: '#2c3e50', team: 'turns' },
  ],
  open: OPEN,
  setup(options, ctx) {
    const s = initialState(options, ctx);
    machine.run(s, ctx);
    syncTeams(s, machine.prompts(s));
    return s;
  },
  prompts: (s) => machine.prompts(s),
  legal: (s, role) => machine.legal(s, role),
  apply(s, role, action, ctx) {
    if (role !== 'red' && role !== 'black') throw new RuleError('ATKM', `No seat "${role}".`);
    machine.apply(s, role, action, ctx);
    syncTeams(s, machine.prompts(s));
  },
  view: (s, viewer) => buildView(s, viewer),
  result: (s) => machine.result(s),
  phase: phaseLabel,
  bot: (s, role, l, ctx) => botChoice(s, role, l, ctx.rand),
  onDeadline(s, role) {
    const l = machine.legal(s, role);
    const pick = l.find((x) => x.sub === 'done' || x.sub === 'ready' || x.sub === 'pass') ?? l.find((x) => x.args.near === 'no') ?? l[0];
    return pick?.action ?? null;
  },
  upgrade: upgradeEnding,
};

export const atkmTable: GameTable<AtkmView> = {
  command: 'atkm',
  subcommands: SUBCOMMANDS,
  help: { overview: OVERVIEW, phase: (s) => phaseHelp(s as AtkmState) },
  diceOrder: DICE_ORDER,
  deckCards: () => atkmDeck().map((id) => ({ id, name: cardName(id) })),
  summarize: (v, viewer) => summarize(v, viewer),
  // No zoomWorthy: the close-up is every map post's first image, the one Discord
  // previews (issue 19); round the last action, else round every unit.
  // A snapshot when the table changes, not at every card.
  boardKey: (v) => ({
    units: v.picture.units.map((u) => [u.id, u.x, u.y, u.facing, u.formation, u.figures, u.colour, u.disorder]),
    turn: v.turn,
    over: v.over ? 1 : 0,
  }),
};

/** Rules and table together, as the registry holds a game. */
export const atkm: GameModule<AtkmState, AtkmOptions, AtkmView> = { ...atkmRules, ...atkmTable };

export type { Json };
