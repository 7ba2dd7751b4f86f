// What the AI nations do over whole campaigns: attacks on enemy centres,
// amphibious assaults and bribes, and how often a nation that had the chance
// of an assault or a bribe at the start of a season took it (used by
// tests/wk4/bot.test.ts; run directly to print the figures:
// `npx tsx tests/wk4/ai-stats.ts [nations] [seeds] [years] [first seed]`).
import { isAdjacent } from '../../src/engine/hex.ts';
import type { Role } from '../../src/engine/types.ts';
import { hasTag, unitType } from '../../src/games/wk4/data.ts';
import { holder, mapOf, movement, visibleHexes } from '../../src/games/wk4/geo.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import type { Order } from '../../src/games/wk4/orders.ts';
import { atWar, stageOf, type Wk4State } from '../../src/games/wk4/state.ts';
import { landAssaults } from '../../src/games/wk4/bot.ts';
import { playoutAsync } from '../games/playout.ts';

export interface AiStats {
  seed: string;
  /** Battles fought: sieges of defended centres, amphibious landings. */
  sieges: number;
  landings: number;
  /** Orders written (each once a season, however often revised): land attacks on an enemy's centre, */
  attacks: number;
  /** sea moves carrying an army to an enemy's coast, bribes, Landsknekt hired. */
  amphibious: number;
  bribes: number;
  hires: number;
  /** Nation-seasons that began with an assault by land or sea (or a bribe) open to the nation, and how many it took. */
  landChances: number;
  landTaken: number;
  assaultChances: number;
  assaultsTaken: number;
  bribeChances: number;
  bribesTaken: number;
}

const enemyHeld = (s: Wk4State, n: Role, h: string) => {
  const x = holder(s, h);
  return x !== null && atWar(s, n, x);
};

/** An amphibious assault open now: transports with an infantry force of at most 3 beside them and an enemy coast in reach. */
function assaultOpen(s: Wk4State, n: Role): boolean {
  if (s.season !== 'spring' && s.season !== 'summer') return false;
  const m = mapOf(s);
  return Object.values(s.forces).some(
    (f) =>
      f.nation === n &&
      f.naval &&
      f.units.some((u) => hasTag(u.type, 'transport')) &&
      m.isLanding(f.hex) &&
      Object.values(s.forces).some(
        (a) =>
          a.nation === n &&
          !a.naval &&
          a.units.length <= 3 &&
          a.units.every((u) => hasTag(u.type, 'infantry')) &&
          (a.hex === f.hex || isAdjacent(a.hex, f.hex)),
      ) &&
      [...m.seaReach(f.hex, movement(f)).keys()].some((h) => enemyHeld(s, n, h)),
  );
}

/**
 * A sensible bribe open now: an enemy's army with mercenaries in sight, and
 * the price of their leaving (twice their cost) in the treasury.
 */
function bribeOpen(s: Wk4State, n: Role): boolean {
  const seen = visibleHexes(s, n);
  const price = unitType('landsknekt').cost;
  return Object.values(s.forces).some((f) => {
    const mercs = f.units.filter((u) => hasTag(u.type, 'mercenary')).length;
    return mercs > 0 && !f.naval && seen.has(f.hex) && atWar(s, n, f.nation) && s.nations[n].treasury >= 2 * price * mercs;
  });
}

export async function aiStats(seed: string, nations: number, years: number): Promise<AiStats> {
  const battles = new Map<string, string>();
  const orders = new Map<string, string>();
  const chances = new Map<string, 'assault' | 'bribe'>();
  const land = new Map<string, Set<string>>();
  await playoutAsync(wk4, { nations, years }, seed, {
    maxSteps: 50_000,
    each(env) {
      const s = env.game as Wk4State;
      const when = `${s.year}-${s.season}`;
      for (const b of s.battles) battles.set(`${when}-${b.id}`, b.kind);
      for (const n of s.order) {
        const items = (s.sub.seats[n]?.items ?? []) as unknown as Order[];
        if (stageOf(s) === 'orders' && !items.length && s.nations[n].alive) {
          if (assaultOpen(s, n)) chances.set(`${when}-${n}-assault`, 'assault');
          if (bribeOpen(s, n)) chances.set(`${when}-${n}-bribe`, 'bribe');
          const targets = landAssaults(s, n, wk4.legal(s, n)).map((l) => {
            const o = l.action.item as unknown as Order & { k: 'move' };
            return o.path[o.path.length - 1];
          });
          if (targets.length && !land.has(`${when}-${n}`)) land.set(`${when}-${n}`, new Set(targets));
        }
        for (const o of items) {
          const key = `${when}-${n}-${JSON.stringify(o)}`;
          if (orders.has(key)) continue;
          if (o.k === 'bribe' || o.k === 'landsknekt') orders.set(key, o.k);
          else if (o.k === 'sail' && o.carry.length && enemyHeld(s, n, o.to)) orders.set(key, 'amphibious');
          else if (o.k === 'move' && mapOf(s).centreAt(o.path[o.path.length - 1]) && enemyHeld(s, n, o.path[o.path.length - 1]))
            orders.set(key, 'attack');
        }
      }
    },
  });
  const kinds = [...battles.values()];
  const count = (k: string) => [...orders.values()].filter((x) => x === k).length;
  const took = (k: 'assault' | 'bribe', order: string) =>
    [...chances].filter(([key, v]) => v === k && [...orders].some(([o, x]) => x === order && o.startsWith(key.slice(0, -k.length)))).length;
  const landTaken = [...land].filter(([key, ts]) =>
    [...orders].some(([o, x]) => {
      if (x !== 'attack' || !o.startsWith(`${key}-`)) return false;
      const path = (JSON.parse(o.slice(key.length + 1)) as { path: string[] }).path;
      return ts.has(path[path.length - 1]);
    }),
  ).length;
  return {
    seed,
    landChances: land.size,
    landTaken,
    sieges: kinds.filter((k) => k === 'siege').length,
    landings: kinds.filter((k) => k === 'landing').length,
    attacks: count('attack'),
    amphibious: count('amphibious'),
    bribes: count('bribe'),
    hires: count('landsknekt'),
    assaultChances: [...chances.values()].filter((v) => v === 'assault').length,
    assaultsTaken: took('assault', 'amphibious'),
    bribeChances: [...chances.values()].filter((v) => v === 'bribe').length,
    bribesTaken: took('bribe', 'bribe'),
  };
}

export const statsLine = (r: Omit<AiStats, 'seed'>): string =>
  `${r.attacks} land attacks on centres, ${r.amphibious} amphibious assaults, ${r.bribes} bribes, ${r.hires} Landsknekt hired; ` +
  `fought ${r.sieges} sieges, ${r.landings} landings; chances taken: land assaults ${r.landTaken}/${r.landChances}, ` +
  `amphibious ${r.assaultsTaken}/${r.assaultChances}, ` +
  `bribes ${r.bribesTaken}/${r.bribeChances}`;

if (process.argv[1]?.endsWith('ai-stats.ts')) {
  const [nations = '4', seeds = '8', years = '3', first = '1'] = process.argv.slice(2);
  const all: AiStats[] = [];
  for (let i = 0; i < Number(seeds); i++) all.push(await aiStats(`wk4-ai-${i + Number(first)}`, Number(nations), Number(years)));
  for (const r of all) console.log(`${r.seed}: ${statsLine(r)}`);
  const keys = Object.keys(all[0]).filter((k) => k !== 'seed') as (keyof Omit<AiStats, 'seed'>)[];
  const sum = Object.fromEntries(keys.map((k) => [k, all.reduce((a, r) => a + r[k], 0)])) as Omit<AiStats, 'seed'>;
  console.log(`total over ${all.length} campaigns of ${nations} nations, ${years} years: ${statsLine(sum)}`);
}
