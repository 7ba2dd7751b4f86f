// 7.0 Setting up: the counter mix, the manual set-up queue, and the start
// position of the Extended Examples of Play (the 'example' preset).
import { call } from '../../engine/procstack.ts';
import { kpwData } from './data.ts';
import { COLONIES, TRIBES, TRIBE_NAMES, type KpwOptions, type KpwState, type Unit } from './state.ts';
import { kpwMap, sitesOf } from './map.ts';

function mkUnit(id: string, kind: Unit['kind'], side: Unit['side'], owner: string, name: string): Unit {
  return {
    id,
    kind,
    side,
    owner,
    name,
    str: kind === 'soldier' || kind === 'warrior' || kind === 'allied' ? 2 : 0,
    where: 'pool',
    loc: null,
  };
}

/** Every counter that is a unit, off the map (in the pool). */
export function counterMix(): Record<string, Unit> {
  const c = kpwData().charts.counters;
  const out: Record<string, Unit> = {};
  const add = (u: Unit) => (out[u.id] = u);
  for (const col of COLONIES) {
    add(mkUnit(`${col.toLowerCase()}-captain`, 'captain', 'english', col, `${col} Captain`));
    for (let i = 1; i <= (c.soldiers[col as 'MA'] ?? 0); i++)
      add(mkUnit(`${col.toLowerCase()}${i}`, 'soldier', 'english', col, `${col} Soldier ${i}`));
  }
  add(mkUnit('winslow', 'key', 'english', 'PL', 'Winslow'));
  add(mkUnit('church', 'key', 'english', 'PL', 'Church'));
  for (let i = 1; i <= c.alliedIndians; i++) add(mkUnit(`al${i}`, 'allied', 'english', 'AL', `Allied Indian ${i}`));
  add(mkUnit('philip', 'key', 'indian', 'WA', 'Philip'));
  add(mkUnit('canonchet', 'key', 'indian', 'NA', 'Canonchet'));
  for (const t of TRIBES) {
    add(mkUnit(`${t.toLowerCase()}-sachem`, 'sachem', 'indian', t, `${TRIBE_NAMES[t]} Sachem`));
    for (let i = 1; i <= (c.warriors[t as 'WA'] ?? 0); i++)
      add(mkUnit(`${t.toLowerCase()}${i}`, 'warrior', 'indian', t, `${t} Warrior ${i}`));
  }
  return out;
}

export function initialState(options: KpwOptions): KpwState {
  const tribes: KpwState['tribes'] = {};
  for (const t of TRIBES)
    tribes[t] = { status: ['WA', 'SK', 'PC'].includes(t) ? 'allied' : 'neutral', devastated: false, permanent: false, delayed: 0 };
  const colonies: KpwState['colonies'] = {};
  for (const c of COLONIES) colonies[c] = { devastated: false, delayed: 0 };
  return {
    options,
    turn: 1,
    units: counterMix(),
    damage: {},
    tribes,
    colonies,
    vp: { english: 0, indian: 0 },
    prov: { english: 0, indian: 0 },
    churchEntered: false,
    muskets: options.short ? [1, 3, 7, 9] : [2, 3, 4, 6],
    battles: [],
    battleSeq: 0,
    moved: 0,
    markers: 0,
    exploitUsed: false,
    noSurrender: false,
    stack: { frames: [{ proc: 'turn', step: 'church' }] },
    recent: [],
  };
}

function put(s: KpwState, id: string, loc: string): void {
  const u = s.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  if (!kpwMap().space.has(loc)) throw new Error(`no space ${loc}`);
  u.where = 'map';
  u.loc = loc;
}

/** 7.0 (Mohawks): two warriors in each non-treaty Mohawk village; the Sachem in the first unless the Indian player places him. */
function placeMohawks(s: KpwState, sachem = true): void {
  const villages = sitesOf('MO').filter((v) => v !== kpwMap().treaty);
  let n = 1;
  for (const v of villages) for (let i = 0; i < 2; i++) if (s.units[`mo${n}`]) put(s, `mo${n++}`, v);
  if (sachem && villages[0]) put(s, 'mo-sachem', villages[0]);
}

/**
 * The position of the Extended Examples of Play, inferred from the text:
 * Philip + 3 warriors in Montaup, 2 WA warriors facing Wickford, the WA
 * Sachem + 1 next to Marlborough's neutral space, the Sakonnets facing
 * Swansea, the Pocassets facing Bridgewater; a lone soldier in Portsmouth,
 * none in Wickford/Bridgewater, a soldier + Captain in Swansea and Dedham
 * (the only interceptor), Sudbury, Boston and Marlborough one soldier each,
 * and a lone Connecticut soldier in the port of New London.
 */
export function examplePosition(s: KpwState): void {
  const place: [string, string][] = [
    ['ma-captain', 'dedham'],
    ['ma1', 'dedham'],
    ['ma2', 'sudbury'],
    ['ma3', 'boston'],
    ['ma4', 'marlborough'],
    ['ma5', 'salem'],
    ['pl-captain', 'swansea'],
    ['pl1', 'swansea'],
    ['winslow', 'plymouth'],
    ['pl2', 'plymouth'],
    ['ri1', 'portsmouth'],
    ['ri-captain', 'providence'],
    ['ri2', 'providence'],
    ['ct1', 'new_london'],
    ['ct-captain', 'hartford'],
    ['ct2', 'hartford'],
    ['philip', 'montaup'],
    ['wa1', 'montaup'],
    ['wa2', 'montaup'],
    ['wa3', 'montaup'],
    ['wa4', 'sowams'],
    ['wa5', 'sowams'],
    ['wa-sachem', 'wollomonopoag'],
    ['wa6', 'wollomonopoag'],
    ['sk-sachem', 'punkatees'],
    ['sk1', 'punkatees'],
    ['sk2', 'punkatees'],
    ['pc-sachem', 'titicut'],
    ['pc1', 'titicut'],
    ['pc2', 'titicut'],
  ];
  for (const [id, loc] of place) put(s, id, loc);
  placeMohawks(s);
}

/**
 * 7.0 manual set-up: the English place first, then the Indians (the Mohawk
 * Warriors are placed for them; the Sachem "in either village" is theirs to choose).
 */
export function pushManualSetup(s: KpwState): void {
  placeMohawks(s, false);
  const eng: string[] = [];
  for (const [c, n] of [
    ['ma', 5],
    ['pl', 2],
    ['ri', 2],
    ['ct', 2],
  ] as const)
    for (let i = 1; i <= n; i++) eng.push(`${c}${i}`);
  eng.push('ma-captain', 'pl-captain', 'winslow', 'ri-captain', 'ct-captain');
  const ind: string[] = [];
  for (const [t, n] of [
    ['wa', 6],
    ['sk', 2],
    ['pc', 2],
  ] as const)
    for (let i = 1; i <= n; i++) ind.push(`${t}${i}`);
  ind.push('philip', 'wa-sachem', 'sk-sachem', 'pc-sachem', 'mo-sachem');
  call(s.stack, { proc: 'place', step: 'place', side: 'indian', purpose: 'setup', items: ind });
  call(s.stack, { proc: 'place', step: 'place', side: 'english', purpose: 'setup', items: eng });
}
