// Options, seats and the opening position of a campaign.
import { RuleError } from '../../engine/errors.ts';
import { parseOptionsWithDocs } from '../../engine/options.ts';
import { openSubmission } from '../../engine/submissions.ts';
import type { OptionDoc, RoleInfo } from '../../engine/types.ts';
import { LORDS, startOf, unitType } from './data.ts';
import { CENTRE_AP, wk4Map, type Wk4MapName } from './map.ts';
import { NATIONS, type NationId } from './nations.ts';
import type { Force, Lord, Nation, Unit, Wk4Options, Wk4State } from './state.ts';

export const optionDocs: OptionDoc[] = [
  {
    name: 'nations',
    description: 'How many nations take part (2-11; more than 4 need the full map)',
    type: 'integer',
    default: 4,
    min: 2,
    max: 11,
    rule: 'WK4 Seats',
  },
  {
    name: 'umpire',
    description: 'engine: the engine takes every umpire determination by its documented default; human: a moderator joins as umpire',
    type: 'string',
    choices: [
      { name: 'the engine', value: 'engine' },
      { name: 'a moderator (/game join side:umpire)', value: 'human' },
    ],
    default: 'engine',
  },
  {
    name: 'map',
    description: 'small: 16x12 hexes for 2-4 nations; full: the eleven nations',
    type: 'string',
    choices: [
      { name: 'small (2-4 nations)', value: 'small' },
      { name: 'full (up to 11)', value: 'full' },
      { name: 'small up to 4 nations, else full', value: 'auto' },
    ],
    default: 'auto',
  },
  { name: 'years', description: 'Years the campaign lasts if nobody wins first', type: 'integer', default: 3, min: 1, max: 20 },
  { name: 'bots', description: 'The last N nations are AI nations', type: 'integer', default: 0, min: 0, max: 11 },
];

export function parseOptions(raw: Record<string, string | number | boolean>): Wk4Options {
  const o = parseOptionsWithDocs(optionDocs, raw);
  const nations = Number(o.nations);
  const map: Wk4MapName = o.map === 'auto' ? (nations <= 4 ? 'small' : 'full') : (o.map as Wk4MapName);
  const avail = wk4Map(map).nations.length;
  if (nations > avail) throw new RuleError('WK4 Seats', `The ${map} map holds ${avail} nations, not ${nations}.`);
  return { nations, umpire: o.umpire as 'engine' | 'human', map, years: Number(o.years), bots: Math.min(nations, Number(o.bots)) };
}

export const nationIds = (o: Wk4Options): NationId[] => wk4Map(o.map).nations.slice(0, o.nations) as NationId[];

export function roles(o: Wk4Options): RoleInfo[] {
  const ids = nationIds(o);
  return ids.map((id, i) => ({ id, name: NATIONS[id].name, color: NATIONS[id].colour, bot: i >= ids.length - o.bots ? true : undefined }));
}

export function initialState(o: Wk4Options): Wk4State {
  const m = wk4Map(o.map);
  const ids = nationIds(o);
  const s: Wk4State = {
    options: o,
    nations: {},
    order: [...ids],
    lords: {},
    forces: {},
    owner: {},
    wars: [],
    alliances: {},
    year: 1,
    season: 'spring',
    sub: openSubmission(ids),
    initiative: [],
    battles: [],
    proposals: [],
    challenges: [],
    challengeDone: [],
    rulings: [],
    report: [],
    siegeRounds: {},
    crossings: {},
    captured: [],
    official: { owner: {}, wars: [], alliances: {}, year: 1, season: 'spring', battles: [] },
    nextId: 0,
    stack: { frames: [{ proc: 'campaign', step: 'start' }] },
  };
  for (const c of m.centres) s.owner[c.id] = c.owner && ids.includes(c.owner) ? c.owner : null;
  for (const id of ids) {
    const start = startOf(id);
    const held = m.centres.filter((c) => s.owner[c.id] === id);
    const n: Nation = {
      id,
      name: NATIONS[id].name,
      alive: true,
      treasury: start.treasury,
      ap: held.reduce((a, c) => a + CENTRE_AP[c.kind], 0),
      manpower: held.length,
      reserve: { ...start.reserve },
      militia: [],
    };
    s.nations[id] = n;
    const lords: Lord[] = LORDS[id].map((l) => ({ id: l.id, nation: id, name: l.name, trait: l.trait, status: 'free', capturedBy: null }));
    for (const l of lords) s.lords[l.id] = l;
    const cities = m.homeCities(id);
    const ports = m.homePorts(id);
    const place = (at: 'city' | 'city2' | 'port') =>
      (at === 'city' ? cities[0] : at === 'city2' ? (cities[1] ?? cities[0]) : (ports[0] ?? cities[1] ?? cities[0])).hex;
    const admiral = lords.find((l) => l.trait === 'navigator')!;
    const generals = lords.filter((l) => l !== admiral);
    const units = (counts: Record<string, number>): Unit[] =>
      Object.entries(counts).flatMap(([type, k]) =>
        Array.from({ length: k }, () => ({ id: `u${++s.nextId}`, type, steps: unitType(type).steps, green: false })),
      );
    const force = (lord: Lord, naval: boolean, hex: string, us: Unit[]): Force => ({
      id: lord.id,
      nation: id,
      lord: lord.id,
      naval,
      hex,
      units: us,
      moved: 0,
      cameFrom: null,
      carrying: [],
      aboard: null,
    });
    start.armies.forEach((a, i) => (s.forces[generals[i].id] = force(generals[i], false, place(a.at), units(a.units))));
    if (start.fleet && ports.length) s.forces[admiral.id] = force(admiral, true, place(start.fleet.at), units(start.fleet.ships));
  }
  s.official = { owner: { ...s.owner }, wars: [], alliances: {}, year: 1, season: 'spring', battles: [] };
  return s;
}
