// King Philip's War as a Muster game module.
import { parseOptionsWithDocs } from '../../engine/options.ts';
import type { GameModule, GameRules, GameTable, GameSubcommand, OptionDoc } from '../../engine/types.ts';
import { botChoice, deadlineChoice } from './bot.ts';
import { chartsText } from './charts-text.ts';
import { DICE_ORDER, OVERVIEW, phaseHelp } from './help.ts';
import { machine } from './flow.ts';
import { KPW_GROUP } from './paths.ts';
import { PROBES } from './probes.ts';
import { examplePosition, initialState, pushManualSetup } from './setup.ts';
import type { Ferocity, KpwOptions, KpwState, Side } from './state.ts';
import { buildView, phaseLabel, summarize } from './view.ts';
import type { KpwView } from './view-types.ts';
import { boardKey } from './board-key.ts';
import { upgradeEnding } from './upgrade.ts';

const kpwOptionDocs: OptionDoc[] = [
  { name: 'short', description: 'Short game: odd turns only, Church on turn 5 (17.0)', type: 'boolean', default: false },
  { name: 'church3', description: "Developer's note: Church enters automatically on turn 3", type: 'boolean', default: false },
  { name: 'disunited', description: 'Disunited Colonies (18.1)', type: 'boolean', default: false },
  {
    name: 'ferocity',
    description: 'Second battle rounds: normal (none), unlimited (18.2), limited to Key Leaders (18.3)',
    type: 'string',
    choices: [
      { name: 'normal', value: 'normal' },
      { name: 'unlimited (18.2)', value: 'unlimited' },
      { name: 'limited (18.3)', value: 'limited' },
    ],
    default: 'normal',
  },
  {
    name: 'setup',
    description: 'example: the Extended Examples start position; manual: place per 7.0',
    type: 'string',
    choices: [
      { name: 'example', value: 'example' },
      { name: 'manual', value: 'manual' },
    ],
    default: 'example',
  },
];

export function parseKpwOptions(raw: Record<string, string | number | boolean>): KpwOptions {
  const o = parseOptionsWithDocs(kpwOptionDocs, raw);
  return {
    short: !!o.short,
    church3: !!o.church3,
    disunited: !!o.disunited,
    ferocity: o.ferocity as Ferocity,
    setup: o.setup as 'example' | 'manual',
  };
}

// Options are [name, what it means]; values are matched against the legal list (autocomplete shows it).
const sub = (name: string, description: string, ...options: [string, string][]): GameSubcommand => ({
  ...(KPW_GROUP[name] ? { group: KPW_GROUP[name] } : {}),
  name,
  description,
  options: options.map(([o, d]) => ({ name: o, description: d, required: true })),
  ...(PROBES[name] ? { probe: PROBES[name] } : {}),
});

export const kpwRules: GameRules<KpwState, KpwOptions, KpwView> = {
  id: 'kpw',
  title: "King Philip's War",
  optionDocs: kpwOptionDocs,
  parseOptions: parseKpwOptions,
  roles: () => [
    { id: 'english', name: 'English', color: '#c0392b' },
    { id: 'indian', name: 'Indians', color: '#2e8b3a' },
  ],
  setup(options, ctx) {
    const s = initialState(options);
    if (options.setup === 'manual') pushManualSetup(s);
    else examplePosition(s);
    machine.run(s, ctx);
    return s;
  },
  prompts: (s) => machine.prompts(s),
  legal: (s, role) => machine.legal(s, role),
  apply: (s, role, action, ctx) => machine.apply(s, role, action, ctx),
  view: buildView,
  result: (s) => machine.result(s),
  phase: phaseLabel,
  bot: (s, role, l, ctx) => botChoice(s, role as Side, l, ctx.rand),
  onDeadline(s, role) {
    return deadlineChoice(machine.legal(s, role))?.action ?? null;
  },
  upgrade: upgradeEnding,
};

export const kpwTable: GameTable<KpwView> = {
  command: 'kpw',
  subcommands: [
    sub('roll', 'Roll for Church or Allied Indians (phase 1)'),
    sub(
      'place',
      'Place a counter',
      ['unit', 'The counter to place (a new unit or a returning leader)'],
      ['to', 'The space to place it in'],
    ),
    sub(
      'activate',
      'Start moving units from a space',
      ['space', 'The space the group starts from'],
      ['units', "Which of its units move together, or 'all'"],
    ),
    sub('step', 'Move the active group to a neighbouring space', [
      'to',
      "Neighbouring space (river moves 'space~river', sea moves 'port~ocean')",
    ]),
    sub('pickup', 'Pick up a unit', ['unit', "A unit in the group's space to join the moving group"]),
    sub('drop', 'Drop off a unit', ['unit', 'A unit of the moving group to leave in this space']),
    sub('battle', 'Place a Battle marker', ['target', "The neighbouring space to attack (ends the group's move)"]),
    sub('stop', "End this group's move"),
    // `from` (the unit holding the muskets) is optional: needed only when two units in the space hold them.
    {
      ...sub('muskets', 'Hand the Musket marker to another unit when a war band splits (10.2)', [
        'unit',
        'The war band that receives the Musket marker',
      ]),
      options: [
        { name: 'unit', description: 'The war band that receives the Musket marker', required: true },
        { name: 'from', description: 'The unit holding the muskets now (needed only when two in the space do)', required: false },
      ],
    },
    sub('end', 'End the phase'),
    sub('intercept', 'Try to intercept from a space', ['from', 'The space your intercepting units come from']),
    sub('send', 'Choose the intercepting units', ['units', "Which units intercept, or 'all'"]),
    sub('decline', 'Decline'),
    sub(
      'recruit',
      'Send Philip to recruit a tribe',
      ['tribe', 'The tribe to recruit (it must be ready)'],
      ['space', "The tribe's village Philip goes to"],
      ['with', 'The one unit going with Philip, or none'],
    ),
    sub('fight', 'Resolve a battle', ['battle', 'The Battle marker to resolve (from → to)'], ['units', "Which units attack, or 'all'"]),
    sub('evade', 'Try to evade', ['to', 'The space the defenders try to evade into']),
    sub('stand', 'Stand and fight'),
    sub('reroll', 'Re-roll one battle die', ['die', 'The die to re-roll: red, green or event']),
    sub('pass', 'Keep the dice'),
    sub('panic', 'Choose the panicking unit', ['unit', 'The unit that panics and is left out of the strength']),
    sub('loss', 'Take one SP of losses (a battle, or winter attrition)', ['unit', 'The unit (or the site) that takes the step loss']),
    sub('exploit', 'Roll for the NY/CT border war'),
    sub('ferocity', 'Fight a second round'),
    sub('advance', 'Advance after combat', ['units', 'The surviving attackers that advance into the space']),
    sub('stay', 'Do not advance'),
    {
      name: 'charts',
      description: 'The Combat Results Table, Alliance Chart and surrender positions',
      options: [],
      info: () => chartsText(),
    },
  ],
  help: { overview: `${OVERVIEW}\n\n${chartsText()}`, phase: (s) => phaseHelp(s as KpwState) },
  diceOrder: DICE_ORDER,
  summarize,
  boardKey,
  // No zoomWorthy: the close-up is every map post's first image, the one Discord previews (issue 19).
};

/** Rules and table together, as the registry holds a game. */
export const kpw: GameModule<KpwState, KpwOptions, KpwView> = { ...kpwRules, ...kpwTable };
