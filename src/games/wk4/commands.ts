// /wk4 subcommands, grouped: order (one order each, or a pasted sheet),
// orders (review, withdraw, final, reopen), results (challenge, agree),
// umpire (approve, choose, override, adjust, note, rule, publish) and info.
// Typed orders are read by the same parser as a sheet line and checked by
// the rules' one check; autocomplete offers the listed orders of your view.
import { subOption, type SubOption } from '../../engine/subcommand.ts';
import type { Action, GameSubcommand, Role, Viewer } from '../../engine/types.ts';
import { TABLES } from './data.ts';
import { parseLine } from './sheet.ts';
import type { Wk4State } from './state.ts';
import { buildView } from './view.ts';
import { plural } from '../../messages/text.ts';

type Opt = SubOption;
const opt = subOption;
const text = (name: string, description: string, required = true): Opt => opt(name, description, required, { freeText: true });

/** An order typed as options: written as a sheet line, so a typed order and a pasted one read alike. */
const asLine =
  (line: (a: Record<string, string>) => string) =>
  (state: unknown, role: Role, args: Record<string, string>): Action[] => [
    { type: 'order', item: parseLine(state as Wk4State, role, line(args)) as never },
  ];

const order = (name: string, description: string, options: Opt[], line: (a: Record<string, string>) => string): GameSubcommand => ({
  name,
  group: 'order',
  description,
  options,
  toActions: asLine(line),
});

const info = (name: string, description: string, show: (s: Wk4State, v: Viewer) => string): GameSubcommand => ({
  name,
  group: 'info',
  description,
  options: [],
  info: (s, v) => show(s as Wk4State, v),
});

const umpire = (name: string, description: string, options: Opt[], toActions?: GameSubcommand['toActions']): GameSubcommand => ({
  name,
  group: 'umpire',
  who: 'umpire',
  description: `Umpire: ${description}`,
  options,
  ...(toActions ? { toActions } : {}),
});

export const subcommands: GameSubcommand[] = [
  order(
    'move',
    'Move an army along a path (AP of its slowest unit)',
    [
      opt('army', 'Your army (its lord id)'),
      opt('to', 'Destination hex or centre'),
      text('path', 'Hexes in order, e.g. "3,4 4,4" (default: shortest)', false),
    ],
    (a) => `move ${a.army} ${a.path ?? `to ${a.to}`}`,
  ),
  order(
    'attack',
    'Move an army into an enemy hex to fight',
    [opt('army', 'Your army'), opt('to', 'Enemy hex or centre'), text('path', 'Hexes in order (default: shortest)', false)],
    (a) => `attack ${a.army} ${a.path ?? `to ${a.to}`}`,
  ),
  order(
    'river',
    'Move an army along its river (1 AP, not in Winter)',
    [opt('army', 'Your army on a river'), opt('to', 'River hex')],
    (a) => `river ${a.army} to ${a.to}`,
  ),
  order(
    'sail',
    'Sail a fleet port/beach to port/beach, carrying armies',
    [opt('fleet', 'Your fleet'), opt('to', 'Port or beach'), text('carry', 'Armies aboard, by lord id, space-separated', false)],
    (a) => `sail ${a.fleet} to ${a.to}${a.carry ? ` carry ${a.carry}` : ''}`,
  ),
  order(
    'deploy',
    'Activate reserves in a home city or port',
    [
      opt('type', 'Unit type'),
      opt('count', 'How many', true, { type: 'integer', min: 1, max: 12 }),
      opt('at', 'Home city or port'),
      opt('lord', 'Lord who leads them'),
    ],
    (a) => `deploy ${a.count} ${a.type} at ${a.at} lord ${a.lord}`,
  ),
  order(
    'buy',
    'Winter: buy units into the reserve pool',
    [opt('type', 'Unit type'), opt('count', 'How many', true, { type: 'integer', min: 1, max: 50 })],
    (a) => `buy ${a.count} ${a.type}`,
  ),
  order('militia', 'Fund a city militia this season ($3 a manpower point)', [opt('city', 'City you hold')], (a) => `militia ${a.city}`),
  order(
    'landsknekt',
    'Hire Landsknekt mercenaries in a city or port you hold',
    [opt('count', 'How many', true, { type: 'integer', min: 1, max: 12 }), opt('at', 'City or port'), opt('lord', 'Lord who leads them')],
    (a) => `landsknekt ${a.count} at ${a.at} lord ${a.lord}`,
  ),
  order(
    'bribe',
    "Bribe another player's mercenaries",
    [opt('army', 'Their army'), opt('mode', 'leave (x2) or switch (x4)')],
    (a) => `bribe ${a.army} ${a.mode}`,
  ),
  order(
    'match',
    'Match bribes of your mercenaries up to an amount',
    [opt('amount', 'Money', true, { type: 'integer', min: 1, max: 10000 })],
    (a) => `match ${a.amount}`,
  ),
  order('war', 'Declare war', [opt('nation', 'Nation')], (a) => `war ${a.nation}`),
  order('ally', 'Ally with a nation (it must ask too this season)', [opt('nation', 'Nation')], (a) => `ally ${a.nation}`),
  order('leave', 'Leave your alliance', [], () => 'leave'),
  {
    name: 'sheet',
    group: 'order',
    description: 'Paste a whole order sheet, one order a line',
    options: [
      opt('text', 'The order sheet, one order a line (Discord: leave it out to get a text box)', false, {
        freeText: true,
        paragraph: true,
      }),
    ],
    toActions: (_s, _r, a) => [{ type: 'sheet', text: a.text ?? '' }],
  },
  {
    name: 'review',
    group: 'orders',
    description: 'Your orders so far (private)',
    options: [],
    info: (s, v) => ordersText(s as Wk4State, v),
  },
  { name: 'withdraw', group: 'orders', description: 'Withdraw one of your orders', options: [opt('index', 'Order number')] },
  { name: 'final', group: 'orders', description: 'Declare your orders final', options: [] },
  { name: 'reopen', group: 'orders', description: 'Reopen your orders while others still write', options: [] },
  {
    name: 'challenge',
    group: 'results',
    description: 'Challenge the preliminary results (the umpire reads your reason)',
    options: [text('reason', 'What you think is wrong')],
    toActions: (_s, _r, a) => [{ type: 'challenge', reason: a.reason ?? '' }],
  },
  { name: 'agree', group: 'results', description: 'No challenge: let the results stand', options: [] },
  umpire(
    'approve',
    'approve a proposal as it stands',
    [opt('id', 'Proposal id'), text('note', 'A note for the log', false)],
    (_s, _r, a) => [{ type: 'approve', id: a.id ?? '', ...(a.note ? { note: a.note } : {}) }],
  ),
  umpire(
    'choose',
    'pick another option for a proposal',
    [opt('id', 'Proposal id'), opt('option', 'Option (e.g. a hex)'), text('note', 'A note for the log', false)],
    (_s, _r, a) => [{ type: 'choose', id: a.id ?? '', option: a.option ?? '', ...(a.note ? { note: a.note } : {}) }],
  ),
  umpire('approveall', 'approve every open proposal', []),
  umpire(
    'override',
    'override a proposal with your own ruling',
    [opt('id', 'Proposal id', true, { freeText: true }), text('note', 'Your ruling')],
    (_s, _r, a) => [{ type: 'override', id: a.id ?? '', note: a.note ?? '' }],
  ),
  umpire(
    'adjust',
    'change the board by hand (move/remove/owner/treasury/lord)',
    [text('what', 'e.g. "move cap2 4,5", "owner valois corona"'), text('note', 'Why')],
    (_s, _r, a) => [{ type: 'adjust', what: a.what ?? '', note: a.note ?? '' }],
  ),
  umpire(
    'note',
    'a fog-of-war note, public or to one nation',
    [text('text', 'The note'), opt('to', 'Nation (default: everyone)', false, { freeText: true })],
    (_s, _r, a) => [{ type: 'note', text: a.text ?? '', ...(a.to ? { to: a.to } : {}) }],
  ),
  umpire(
    'rule',
    'rule on a challenge',
    [opt('challenge', 'Challenge number'), opt('verdict', 'upheld or dismissed'), text('note', 'Your ruling', false)],
    (_s, _r, a) => [
      {
        type: 'rule',
        challenge: Number(a.challenge),
        verdict: a.verdict ?? '',
        note: a.note ?? (a.verdict === 'dismissed' ? 'The results stand.' : 'Upheld.'),
      },
    ],
  ),
  umpire('publish', 'publish the preliminary (or official) results', []),
  info('report', 'Your season report (private)', (s, v) => {
    const view = buildView(s, v);
    return [
      `${view.title}`,
      ...(view.report.length ? view.report : ['No report yet this season.']),
      ...(view.challenges.length ? ['Challenges:', ...view.challenges] : []),
    ].join('\n');
  }),
  info('forces', 'Your armies, fleets, treasury and reserves (private)', (s, v) => {
    const view = buildView(s, v);
    if (view.own)
      return [
        `Treasury $${view.own.treasury}, ${view.own.ap} AP, manpower ${view.own.manpower}; reserve: ${view.own.reserve.join(', ') || 'none'}`,
        ...view.own.forces,
      ].join('\n');
    return (view.forcesAll as string[]).length ? (view.forcesAll as string[]).join('\n') : 'Spectators see the official results only.';
  }),
  info('proposals', "Umpire: the engine's proposals and rulings", (s, v) => {
    const view = buildView(s, v);
    return view.proposals.length || view.rulings.length ? [...view.proposals, ...view.rulings].join('\n') : 'No proposals you may see.';
  }),
  {
    ...info('map', 'Your fog-of-war map (the umpire: everything; spectators: the official map), privately', (s, v) => {
      const view = buildView(s, v);
      const sight = view.picture.visible === 'all' ? 'the whole map' : `${plural(view.picture.visible.length, 'hex', 'hexes')} in sight`;
      return `${view.title}: ${sight}, ${plural(view.picture.markers.length, 'army or fleet', 'armies and fleets')} shown.`;
    }),
    infoMap: true,
  },
  info('tables', 'The battle tables (main battle, siege, naval)', () =>
    (['main', 'siege', 'naval'] as const)
      .map(
        (k) =>
          `${k}: ${TABLES[k].columns.join(' | ')}\n${Object.entries(TABLES[k].rows)
            .map(([r, cells]) => `${r.padStart(2)}: ${cells.join(' | ')}`)
            .join('\n')}`,
      )
      .join('\n\n'),
  ),
];

function ordersText(s: Wk4State, v: Viewer): string {
  const view = buildView(s, v);
  if (view.own)
    return view.own.orders.length
      ? `${view.own.orders.map((o, i) => `${i + 1}. ${o}`).join('\n')}${view.own.final ? '\n(final)' : ''}`
      : 'No orders yet.';
  if (view.viewer === 'umpire')
    return s.order
      .map(
        (n) =>
          `${s.nations[n].name}: ${(buildView(s, { kind: 'seat', role: n }).own?.orders ?? []).join('; ') || 'none'}${s.sub.seats[n]?.final ? ' (final)' : ''}`,
      )
      .join('\n');
  return 'You see no orders.';
}
