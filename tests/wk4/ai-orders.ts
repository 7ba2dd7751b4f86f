// The AI nations' order vocabulary: every order each AI nation wrote over
// seeded seasons on the small map, by kind — the assaults (amphibious attacks
// on an enemy's coast), sieges (land attacks on a centre an enemy holds) and
// bribes, and the normal orders. Used by tests/wk4/bot.test.ts; run directly
// to print the counts: `npx tsx tests/wk4/ai-orders.ts [seasons] [nations] [first seed]`.
import seedrandom from 'seedrandom';
import { applyAction, createGame } from '../../src/engine/runner.ts';
import { holder, mapOf } from '../../src/games/wk4/geo.ts';
import { wk4 } from '../../src/games/wk4/index.ts';
import type { Order } from '../../src/games/wk4/orders.ts';
import { atWar, SEASONS, stageOf, type Wk4State } from '../../src/games/wk4/state.ts';

export const ORDER_KINDS = [
  'assault',
  'siege',
  'bribe',
  'move',
  'river',
  'sail',
  'deploy',
  'buy',
  'militia',
  'landsknekt',
  'match',
  'war',
  'ally',
  'leave',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * The kind of an order as written, seen from the state it was written in: the
 * order sheet's words (move, attack, river, sail, deploy, buy, militia,
 * landsknekt, bribe, match, war, ally, leave), an attack split into a siege
 * (on a centre an enemy holds) and an assault (on an enemy's army or land
 * elsewhere, or an amphibious assault: a fleet carrying an army to an
 * enemy's coast).
 */
export function kindOf(s: Wk4State, n: string, o: Order): OrderKind {
  const enemy = (h: string) => {
    const x = holder(s, h);
    return x !== null && atWar(s, n, x);
  };
  if (o.k === 'sail') return o.carry.length && enemy(o.to) ? 'assault' : 'sail';
  if (o.k === 'move') {
    const to = o.path[o.path.length - 1];
    if (mapOf(s).centreAt(to) && enemy(to)) return 'siege';
    return o.attack ? 'assault' : 'move';
  }
  return o.k;
}

/** One campaign of AI nations for `seasons` seasons; the orders of each season counted once, as they stood when final. */
export function aiOrders(seed: string, seasons: number, nations = 4): Record<OrderKind, number> {
  const counts = Object.fromEntries(ORDER_KINDS.map((k) => [k, 0])) as Record<OrderKind, number>;
  const rand = seedrandom(`${seed}:ai-orders`);
  let { env } = createGame(wk4, { nations, map: 'small', years: Math.ceil(seasons / 4) + 1 }, seed);
  const when = (s: Wk4State) => s.year * 4 + SEASONS.indexOf(s.season);
  const first = when(env.game);
  while (stageOf(env.game) !== 'over' && when(env.game) - first < seasons) {
    const s = env.game;
    const p = wk4.prompts(s)[Math.floor(rand.quick() * wk4.prompts(s).length)];
    const legal = wk4.legal(s, p.role);
    const pick = wk4.bot!(s, p.role, legal, { rand: () => rand.quick() });
    if (pick.action.type === 'final')
      for (const o of (s.sub.seats[p.role]?.items ?? []) as unknown as Order[]) counts[kindOf(s, p.role, o)]++;
    env = applyAction(wk4, env, p.role, pick.action, true, legal).env;
  }
  return counts;
}

if (process.argv[1]?.endsWith('ai-orders.ts')) {
  const [seasons = '20', nations = '4', first = '1'] = process.argv.slice(2);
  const t = Date.now();
  const c = aiOrders(`wk4-orders-${first}`, Number(seasons), Number(nations));
  console.log(`${seasons} seasons, ${nations} AI nations, small map (${Date.now() - t} ms):`);
  console.log(ORDER_KINDS.map((k) => `${k} ${c[k]}`).join(', '));
}
