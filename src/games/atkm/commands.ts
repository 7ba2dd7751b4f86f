// The /atkm subcommands. Facts a referee-mode player reports (inches, cover,
// flank...) are options of move, fire and charge, turned into open actions
// that the rules check; everything listable is matched against legal().
import { subOption, type SubOption } from '../../engine/subcommand.ts';
import type { Action, GameSubcommand } from '../../engine/types.ts';
import { RuleError } from '../../engine/errors.ts';
import { generalNamed, unitNamed, type AtkmState } from './state.ts';
import { tableUnits, tabletop } from './table.ts';
import { measure } from './tabletop/index.ts';

/** `/atkm measure from: to:` — answered privately, changes nothing. */
export function measureText(s: AtkmState, from: string | undefined, to: string | undefined): string {
  if (!tabletop(s))
    return (
      "Referee mode: measure on your own table with a tape in inches — from the front centre (a gun's muzzle, " +
      "the skirmishers' officer and ensign) — and report what you find as options of /atkm activate (near:), move, fire and charge."
    );
  if (!from || !to) return 'Give both ends: /atkm measure from:<unit, general or "x,y"> to:<unit, general or "x,y">.';
  try {
    return measure(s.table!, tableUnits(s), s.generals, from, to).text;
  } catch (e) {
    if (e instanceof RuleError) return e.describe(8);
    throw e;
  }
}

type Opt = SubOption;
const opt = subOption;
const fact = (name: string, description: string, type: 'string' | 'boolean' | 'integer' = 'string'): Opt => ({
  name,
  description,
  required: false,
  freeText: true,
  type,
});

/** A unit or general by id or by name as typed (an unknown name is passed on for the rules to refuse). */
function idOf(state: unknown, v: string | undefined): string | undefined {
  if (!v) return v;
  const s = state as AtkmState;
  return unitNamed(s, v)?.id ?? generalNamed(s, v)?.id ?? v;
}

/** Options naming a unit or a general: typed by name, carried by id. */
const NAMED = ['target', 'restore', 'unit', 'general', 'fire', 'charge'];

const build =
  (type: string, keys: string[]) =>
  (state: unknown, _role: string, args: Record<string, string>): Action[] => {
    const a: Action = { type };
    for (const k of keys) if (args[k] !== undefined && args[k] !== '') a[k] = NAMED.includes(k) ? idOf(state, args[k])! : args[k]!;
    return [a];
  };

const sub = (name: string, description: string, options: Opt[] = [], extra: Partial<GameSubcommand> = {}): GameSubcommand => ({
  name,
  description,
  options,
  probe: (args) => ({ type: name, ...Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '')) }),
  ...extra,
});

const ATTACK = [
  fact('aspect', 'front (default), flank or rear: where the line from your front centre meets the target'),
  fact('cover', 'none (default), light (hedge, fence, light wood) or heavy (structure, fortification)'),
  fact('high', 'none (default), attacker or defender: who stands on higher ground'),
  fact('building', 'true if the target holds a building', 'boolean'),
];

export const SUBCOMMANDS: GameSubcommand[] = [
  sub('activate', 'Activate a unit with your card', [
    opt('unit', 'Your unit'),
    opt('near', 'yes/no or true/false: a general of yours within 12" (yellow/red units, referee mode)', false),
  ]),
  sub(
    'act',
    'Referee mode: activate a unit and carry out its whole activation in one command',
    [
      opt('unit', 'Your unit'),
      opt('near', 'yes/no: a general of yours within 12" (yellow/red units)', false),
      fact('move', 'Inches moved first (open ground)', 'string'),
      fact('fire', 'Enemy unit it fires on (after moving)'),
      fact('charge', 'Enemy unit it charges (the whole activation)'),
    ],
    { toActions: build('act', ['unit', 'near', 'move', 'fire', 'charge']) },
  ),
  sub('pass', 'Pass: a unit waits and drops a colour', [opt('unit', 'Your unit')]),
  sub(
    'move',
    'Move the activated unit (report the facts to have the distance checked)',
    [
      fact('inches', 'Distance moved, in inches', 'string'),
      fact('terrain', 'true if the move crosses or starts in terrain (halved)', 'boolean'),
      fact('backward', 'true if it moves backward (halved)', 'boolean'),
      fact('road', 'true if a column stays on a road the whole way (x1.5)', 'boolean'),
      fact('order', 'Tabletop: "24,18", "forward:6", "wheel:45 forward:4", "face:90", "back:3", "form:column"'),
    ],
    { toActions: build('move', ['inches', 'terrain', 'backward', 'road', 'order']) },
  ),
  sub('form', "Change the activated unit's formation (after moving)", [
    opt('formation', 'line, column, limbered or deployed'),
    opt('facing', 'Tabletop, a square too small to stay one: its heading in degrees (0 up, 90 right)', false),
  ]),
  sub(
    'fire',
    'Fire with the activated unit at an enemy unit in range and sight',
    [
      opt('target', 'Enemy unit'),
      fact('close', 'true: artillery firing at a target within 12" (3 dice a gunner)', 'boolean'),
      ...ATTACK,
      fact('firing', 'Infantry: figures in the front two ranks that fire', 'integer'),
    ],
    { toActions: build('fire', ['target', 'close', 'aspect', 'cover', 'high', 'building', 'firing']) },
  ),
  sub('charge', 'Charge: move the activated unit into contact and melee', [opt('target', 'Enemy unit'), ...ATTACK], {
    toActions: build('charge', ['target', 'aspect', 'cover', 'high', 'building']),
  }),
  sub('done', "End the activated unit's activation"),
  sub('square', 'Cavalry contacts your infantry: is a general within 12"?', [
    opt('near', 'yes or no (or true/false)'),
    opt('general', 'The nearest general (when near:no)', false),
  ]),
  sub('rally', 'Your unit lost a melee: is a general within 12" to rally it?', [
    opt('near', 'yes or no (or true/false)'),
    opt('general', 'The general within 12" (near:yes)', false),
  ]),
  sub('escape', 'Tabletop: your unit lost a melee: the direction of its escape', [opt('heading', 'Degrees: 0 up, 90 right, 180 down')]),
  sub('disorder', 'Card: the 2 (one of yours) or the Joker (an enemy) — the unit cannot act this turn', [opt('unit', 'The unit')], {
    group: 'card',
  }),
  sub(
    'general',
    'Card: the King — move your general (and restore a unit he reaches)',
    [
      opt('restore', 'A unit without officer or ensign he reaches', false),
      fact('to', 'Tabletop: where he goes, "x,y" (any point up to 20")'),
    ],
    { group: 'card', toActions: build('general', ['restore', 'to']) },
  ),
  sub('override', 'Card: override the deck for a command point (optional rule)', [], { group: 'card' }),
  sub('rest', 'Card (referee mode): pass on every card of your colour left this turn', [], { group: 'card' }),
  sub('bank', 'Card: bank this card for a command point, to play later this turn (optional rule)', [], { group: 'card' }),
  sub('banked', 'Card: play a banked card instead of the one drawn (optional rule)', [opt('card', 'The banked card')], {
    group: 'card',
  }),
  sub(
    'place',
    'Tabletop, end of turn: move a general up to 20" to a point',
    [opt('general', 'Your general'), fact('to', 'The point "x,y" in inches')],
    {
      toActions: build('place', ['general', 'to']),
    },
  ),
  sub('restore', 'End of turn: a general reaches a unit and appoints a new officer or ensign', [
    opt('unit', 'Your unit'),
    opt('general', 'Your general'),
  ]),
  sub('ready', 'End of turn: your generals are placed', [opt('held', 'yes/no: do you hold the objective (scenarios with one)', false)]),
  sub(
    'measure',
    'Tabletop: distance, arc, line of sight and range between units, generals or points',
    [opt('from', 'A unit, a general or "x,y"', false), opt('to', 'A unit, a general or "x,y"', false)],
    {
      info: (state, _viewer, args) => measureText(state as AtkmState, args?.from, args?.to),
    },
  ),
];
