// Warriors of God as a Muster game module (rules on the engine's flow model).
import { RuleError } from '../../engine/errors.ts';
import { parseOptionsWithDocs } from '../../engine/options.ts';
import type { GameModule, GameRules, GameTable, GameSubcommand, Json, OptionDoc } from '../../engine/types.ts';
import { botChoice, deadlineChoice } from './bot.ts';
import { deployAction } from './deploy.ts';
import { preferredLoss } from './losses.ts';
import { DICE_ORDER, OVERVIEW, phaseHelp } from './help.ts';
import { machine } from './sequence.ts';
import { initialState } from './setup.ts';
import type { Side, WogOptions, WogState } from './state.ts';
import { buildView, phaseLabel, summarize, type WogView } from './view.ts';
import { upgradeEnding } from './upgrade.ts';

const optionDocs: OptionDoc[] = [
  {
    name: 'scenario',
    description: 'hyw: The Hundred Years War (1337-1453); liw: The Lion in Winter (1135-1258)',
    type: 'string',
    choices: [
      { name: 'The Hundred Years War', value: 'hyw' },
      { name: 'The Lion in Winter', value: 'liw' },
    ],
    default: 'hyw',
  },
];

export function parseWogOptions(raw: Record<string, string | number | boolean>): WogOptions {
  const o = parseOptionsWithDocs(optionDocs, raw);
  return { scenario: o.scenario as WogOptions['scenario'] };
}

const opt = (name: string, description: string, required = true) => ({ name, description, required });
// probe: the action the options describe, so a refusal gives the rule's own reason (apply on a copy).
const sub = (name: string, description: string, ...options: ReturnType<typeof opt>[]): GameSubcommand => ({
  name,
  description,
  options,
  probe: (args) => ({ type: name, ...Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '')) }),
});

export const SUBCOMMANDS: GameSubcommand[] = [
  sub('roll', 'Setup: roll for the first pick of the non-aligned leaders'),
  sub('choose', 'Setup: take a starting non-aligned leader', opt('leader', 'The non-aligned leader')),
  sub(
    'move',
    'Phase 2: move leaders across one border',
    opt('from', 'Area they leave'),
    opt('to', 'Neighbouring area'),
    opt('leaders', "Leaders moving together, joined with '+'"),
  ),
  sub('uncontrol', 'Phase 2: remove an enemy control marker', opt('area', 'The area')),
  sub('pass', 'Phase 2: pass this impulse'),
  sub('battle', 'Phase 3: resolve the battle in an area (initiative player)', opt('area', 'The contested area')),
  sub('commander', 'Phase 3: choose your battle commander', opt('leader', 'A highest-ranking leader there')),
  sub(
    'loss',
    'Phase 3: remove one SP (or a bare leader) for a hit taken',
    opt('leader', 'Whose army takes it'),
    opt('troop', 'infantry, longbow, gunner, mercenary, knight, or leader'),
  ),
  sub('siege', 'Phase 3: be besieged in the area you control'),
  sub('fight', 'Phase 3: fight a battle instead of a siege'),
  sub('continue', 'Phase 3: fight another round'),
  sub('retreat', 'Phase 3: retreat (then choose where)', opt('to', 'Area to retreat to (when asked where)', false)),
  sub('force', 'Phase 3: force the aggressor to retreat after three misses'),
  sub('flee', 'Phase 3: a leader flees a failed siege', opt('leader', 'The leader'), opt('to', 'Where he flees')),
  sub(
    'raise',
    'Phase 5: raise SP in a controlled area',
    opt('area', 'Controlled area'),
    opt('kind', 'infantry, knight, gunner or longbow'),
    opt('count', 'How many SP (default 1; knights and gunners 1)', false),
  ),
  {
    name: 'deploy',
    description: "Phase 6: move an area's unassigned troops: all, one kind (troop:), or a count of it",
    options: [
      opt('from', 'Area with unassigned troops'),
      opt('to', 'Friendly area reached through friendly areas'),
      opt('troop', 'Only this kind (infantry, knight, gunner, longbowmen…); default all', false),
      { name: 'count', description: 'How many of that kind (default all of it)', required: false, type: 'integer', min: 1, freeText: true },
    ],
    // What goes is the player's choice: built here, checked (and explained) by the Phase 6 rule.
    toActions: deployAction,
  },
  sub('hire', 'Phase 6: hire a mercenary for a leader', opt('from', 'Neutral area'), opt('leader', 'Your leader with room')),
  sub(
    'exchange',
    'Phase 7: choose which prisoners are exchanged (initiative player)',
    opt('english', "English leaders freed, joined with '+'"),
    opt('french', "French leaders freed, joined with '+'"),
  ),
  sub(
    'ransom',
    'Phase 7: ransom a captured leader',
    opt('leader', 'Your imprisoned leader'),
    opt('area', 'Controlled area to give up (value ≥ rank)'),
  ),
  sub('place', 'Phase 9: place a new or routed leader', opt('leader', 'Leader'), opt('area', 'Area')),
  sub('crown', 'Phase 9: crown a king', opt('leader', 'A 3-star leader of yours')),
  sub('assign', 'Phase 10: assign one unassigned SP to a leader', opt('area', 'Area'), opt('troop', 'Troop kind'), opt('leader', 'Leader')),
  sub('done', 'Finish your part of this phase'),
];

export const wogRules: GameRules<WogState, WogOptions, any> = {
  id: 'wog',
  title: 'Warriors of God',
  optionDocs,
  parseOptions: parseWogOptions,
  roles: () => [
    { id: 'english', name: 'English', color: '#c0392b' },
    { id: 'french', name: 'French', color: '#2e5cb8' },
  ],
  setup(options, ctx) {
    const s = initialState(options);
    machine.run(s, ctx);
    return s;
  },
  open: machine.openActions([{ type: 'deploy', sub: 'deploy' }]),
  prompts: (s) => machine.prompts(s),
  legal: (s, role) => machine.legal(s, role),
  apply(s, role, action, ctx) {
    if (role !== 'english' && role !== 'french') throw new RuleError('WoG', `No seat "${role}".`);
    machine.apply(s, role, action, ctx);
  },
  view: (s, viewer) => buildView(s, viewer) as unknown as Json,
  result: (s) => machine.result(s),
  phase: phaseLabel,
  bot: (s, role, l, ctx) => botChoice(s, role as Side, l, ctx.rand),
  onDeadline(s, role) {
    const legal = machine.legal(s, role);
    return (legal[0]?.sub === 'loss' ? preferredLoss(s, legal) : deadlineChoice(legal))?.action ?? null;
  },
  upgrade: upgradeEnding,
};

export const wogTable: GameTable<any> = {
  command: 'wog',
  subcommands: SUBCOMMANDS,
  help: { overview: OVERVIEW, phase: (s) => phaseHelp(s as WogState) },
  diceOrder: DICE_ORDER,
  summarize: (v, viewer) => summarize(v as unknown as WogView, viewer),
  // No zoomWorthy: the close-up (render/wog-zoom.ts) is every map post's first
  // image, the one Discord previews (issue 19): the battle, else the board in brief.
};

/** Rules and table together, as the registry holds a game. */
export const wog: GameModule<WogState, WogOptions, any> = { ...wogRules, ...wogTable };
