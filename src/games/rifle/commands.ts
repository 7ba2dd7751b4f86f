// The /rifle subcommands. `plan` and `plans` turn their options into actions
// themselves (a default count of 1; free text with several actions); every
// action is still checked against the legal list by the runner.
import { check } from '../../engine/errors.ts';
import type { Action, GameSubcommand } from '../../engine/types.ts';
import { RES_NAME, RESOURCE_IDS } from './data.ts';
import { findByText, parsePlanText } from './plan.ts';
import type { RifleState } from './state.ts';
import { upgrade } from './upgrade.ts';
import { buildView, summarize } from './view.ts';

/** A sell/buy as typed, for the rules' reason when it is refused ("grain", "Grain (price 1, …)"). */
function tradeProbe(type: 'sell' | 'buy', a: Record<string, string>): Action | null {
  const typed = (a.good ?? '')
    .replace(/\s*\(.*$/, '')
    .trim()
    .toLowerCase();
  const good = RESOURCE_IDS.find((id) => id === typed || RES_NAME[id].toLowerCase() === typed) ?? typed;
  const qty = Number(a.qty);
  return typed && Number.isFinite(qty) ? { type, good, qty } : null;
}

export const subcommands: GameSubcommand[] = [
  {
    name: 'leader',
    description: 'Pick your leader (no two alike)',
    options: [{ name: 'name', description: 'The leader to play (autocomplete lists those still free)', required: true }],
  },
  {
    name: 'plan',
    description: 'Plan one action (private until all are done)',
    options: [
      { name: 'action', description: 'An Action Board action (autocomplete shows what each limit still allows)', required: true },
      // Free: toActions reads it; the rules refuse a count below 1 with their own reason (no min here).
      { name: 'count', description: 'How many times to plan it (default 1)', required: false, freeText: true, type: 'integer' },
    ],
    toActions: (_state, _role, args): Action[] => {
      const p = findByText(String(args.action ?? '').replace(/ — .*$/, ''));
      check(
        p || !/trade|convoy|sell|buy/i.test(String(args.action)),
        'R&A Trade Convoy',
        'A Trade Convoy is planned by what it sells and buys: /rifle sell good: qty: and ' +
          '/rifle buy good: qty: (or in /rifle plans: "sell 4 hides, buy 2 tools").',
      );
      check(p, 'R&A Action Board', `"${args.action}" is not an action on the Action Board.`);
      const count = args.count === undefined || args.count === '' ? 1 : Number(args.count);
      check(Number.isInteger(count) && count >= 1, 'R&A Action Phase', `count must be a whole number, 1 or more, not "${args.count}".`);
      return [{ type: 'plan', act: p.key, count }];
    },
  },
  {
    name: 'plans',
    description: 'Plan several actions at once, e.g. "clear land x2, planks, build cabin, sell 4 grain"',
    options: [
      {
        name: 'text',
        description: 'Actions separated by commas, e.g. "clear land x2, planks, sell 4 grain"',
        required: true,
        freeText: true,
        // Leave it out in Discord and a box opens for the whole plan.
        paragraph: true,
      },
    ],
    toActions: (_state, _role, args) => parsePlanText(String(args.text ?? '')),
  },
  {
    name: 'sell',
    description: 'Sell one good on a Trade Convoy (one type sold per convoy)',
    options: [
      { name: 'good', description: 'The good to sell (autocomplete shows its price and how many you can)', required: true },
      // No min: the rules refuse a quantity below 1 with their own reason.
      { name: 'qty', description: 'How many to sell', required: true, type: 'integer' },
    ],
    probe: (a) => tradeProbe('sell', a),
  },
  {
    name: 'buy',
    description: 'Buy one good on a Trade Convoy (one type bought per convoy)',
    options: [
      { name: 'good', description: 'The good to buy (autocomplete shows its price and how many you can)', required: true },
      { name: 'qty', description: 'How many to buy', required: true, type: 'integer' },
    ],
    probe: (a) => tradeProbe('buy', a),
  },
  {
    name: 'unplan',
    description: 'Remove one planned action (or the last Trade Convoy)',
    options: [{ name: 'action', description: 'The planned action to remove', required: true }],
  },
  {
    name: 'review',
    description: 'Review your plan and what each limit still allows (private)',
    options: [],
    info: (state, viewer) => (upgrade(state as RifleState), summarize(buildView(state as RifleState, viewer), viewer)),
  },
  { name: 'done', description: 'Declare your plan done (revealed when everyone is done)', options: [] },
  { name: 'reopen', description: 'Take back "done" and change your plan (while another settlement is still planning)', options: [] },
  { name: 'auto', description: 'Let the bot settler finish your plan and declare done', options: [] },
  {
    name: 'choose',
    description: 'Answer a decision ("X or Y", Craftsman, leader extra, barter, what spoils in Storage)',
    options: [{ name: 'option', description: 'Your answer (autocomplete lists the choices offered)', required: true }],
  },
  { name: 'reroll', description: 'Spend 1 Peace to re-roll the Indian Raid', options: [] },
  { name: 'accept', description: 'Accept the Indian Raid result', options: [] },
];
