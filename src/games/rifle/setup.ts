// Options (1-4 settlements, how many are bots), seats, and the starting
// boards. Leaders are picked in-game (no two alike).
import { check } from '../../engine/errors.ts';
import { parseOptionsWithDocs } from '../../engine/options.ts';
import type { Ctx, OptionDoc, RoleInfo } from '../../engine/types.ts';
import { RULES } from './data.ts';
import {
  freshNotes,
  measuresOf,
  startingResources,
  startingStructures,
  syncHousing,
  type RifleOptions,
  type RifleState,
  type Settlement,
} from './state.ts';

export const optionDocs: OptionDoc[] = [
  {
    name: 'players',
    description: 'Settlements (1 = solo against the frontier, up to 4)',
    type: 'integer',
    default: 2,
    min: 1,
    max: 4,
    rule: 'R&A Introduction',
    choices: [1, 2, 3, 4].map((n) => ({ name: String(n), value: n })),
  },
  { name: 'bots', description: 'How many of the seats (the last ones) are bot settlers', type: 'integer', default: 0, min: 0, max: 4 },
  {
    name: 'roundup',
    description: 'House rule: Growth rolls and Recruits "per 20 Folk" round up, so a small settlement can grow',
    type: 'boolean',
    default: false,
    rule: 'R&A Growth Phase (house rule, data/rifle/README.md)',
  },
  {
    name: 'mildsalt',
    description: 'House rule: a Salt shortage rolls one d6 per missing Salt (10 Folk), not one per Folk left without Salt',
    type: 'boolean',
    default: false,
    rule: 'R&A Consume Phase (house rule, data/rifle/README.md)',
  },
];

export function parseOptions(raw: Record<string, string | number | boolean>): RifleOptions {
  const o = parseOptionsWithDocs(optionDocs, raw);
  const players = o.players as number;
  const bots = o.bots as number;
  check(bots <= players, 'R&A options', `bots must be a whole number from 0 to ${players}, not "${raw.bots}".`);
  return { players, bots, roundUp: o.roundup as boolean, ...(o.mildsalt ? { mildSalt: true } : {}) };
}

export function roleIds(o: RifleOptions): string[] {
  return Array.from({ length: o.players }, (_, i) => `p${i + 1}`);
}

export function isBotSeat(o: RifleOptions, i: number): boolean {
  return i >= o.players - o.bots;
}

export function roles(o: RifleOptions): RoleInfo[] {
  return roleIds(o).map((id, i) => ({
    id,
    name: `Settlement ${i + 1}${isBotSeat(o, i) ? ' (bot)' : ''}`,
    color: RULES.colors[i],
    bot: isBotSeat(o, i),
  }));
}

export function setup(o: RifleOptions, ctx: Ctx): RifleState {
  const settlements: Settlement[] = roleIds(o).map((role, i) => {
    const res = startingResources();
    const str = startingStructures();
    syncHousing(res, str);
    const st: Settlement = {
      role,
      name: `Settlement ${i + 1}`,
      color: RULES.colors[i],
      bot: isBotSeat(o, i),
      leader: null,
      res,
      str,
      out: null,
      craftsmen: { carpenter: 0, blacksmith: 0 },
      militia: 0,
      boon: null,
      extra: null,
      placed: {},
      revealedPlan: [],
      pending: null,
      raidFace: null,
      notes: freshNotes(),
      history: [],
      ...(o.roundUp ? { roundUp: true } : {}),
    };
    st.history.push(measuresOf(st, 0));
    return st;
  });
  ctx.emit({
    kind: 'setup',
    text:
      `Rifle and Axe: ${o.players === 1 ? 'a solo settlement against the frontier' : `${o.players} settlements`}, Kentucky ` +
      `${RULES.turns.firstYear}. Each player picks a leader (/rifle leader).`,
  });
  return {
    options: o,
    turn: 1,
    flow: { frames: [{ proc: 'leaders', step: 'pick' }] },
    orders: null,
    settlements,
    revealedTurn: 0,
    chronicle: [],
  };
}
