// Double elimination as a fixed bracket, the chart brackets-manager draws
// (its `defaultMinorOrdering`, also Challonge's): a winners' bracket of the
// next power of two with byes to the top seeds in its first round only; the
// losers' bracket alternates a round among its survivors (minor) and a round
// where the winners' bracket's losers drop in (major), each batch in the
// chart's order so nobody meets again the player who just beat them while it
// can be avoided; a grand final between the two champions, replayed once
// exactly when the winners' champion loses it.
//
// Written here, not taken from brackets-manager: that library is an async
// store of stage/group/round/match tables behind a storage adapter, which
// would duplicate Muster's matches table and its event-driven advancing;
// the structure it follows is small and pure, so it is reproduced here and
// checked against the library's chart in tests/tournament/double-elim.test.ts.
//
// Pure: the state is read from the games played so far, each found in the
// chart by its bracket and its two players (no pair meets twice in one
// bracket). A slot whose player can never come (a bye, a dropped player) is
// a walkover: the other player goes on without a game, so the losers'
// bracket has no byes.
import { bracketOrder, type Pairing } from './pairing.ts';

export type ElimBracket = 'W' | 'L' | 'F' | 'F2';

/** A finished game of an elimination bracket, as the pairing sees it. */
export interface ElimGame {
  round: number;
  board: number;
  bracket: ElimBracket;
  a: string;
  b: string | null;
  /** Who goes on (null: nobody, e.g. a game called off or a double forfeit). */
  winner: string | null;
}

export interface BracketPairing extends Pairing {
  bracket: ElimBracket;
}

/** A place in the final standings: `place`–`to` shared by players out at the same stage. */
export interface Placement {
  id: string;
  place: number;
  to: number;
  /** Where they went out ("losers' round 3", "grand final"), or "champion" / "still in". */
  stage: string;
  wins: number;
  draws: number;
  losses: number;
}

export interface DoubleElimState {
  /** The games to play next (null: the event is over). */
  next: BracketPairing[] | null;
  champion: string | null;
  placements: Placement[];
}

type Source = { seed: number } | { win: string } | { lose: string };
interface Node {
  key: string;
  bracket: ElimBracket;
  /** Losers'-bracket round (W: the round it would drop into), for placements. */
  depth: number;
  stage: string;
  from: [Source, Source];
  /** A losers' round where winners' losers drop in: its round and table (drop-ins may swap to avoid a rematch). */
  major?: { round: number; index: number };
}

// brackets-manager's defaultMinorOrdering, keyed as the library keys it (by
// twice the bracket size: four times the first round's losers): [0] orders
// the first round's losers, [r − 1] those of winners' round r.
const ORDERINGS: Record<number, string[]> = {
  4: ['natural', 'reverse'],
  8: ['natural', 'reverse', 'natural'],
  16: ['natural', 'reverse_half_shift', 'reverse', 'natural'],
  32: ['natural', 'reverse', 'half_shift', 'natural', 'natural'],
  64: ['natural', 'reverse', 'half_shift', 'reverse', 'natural', 'natural'],
  128: ['natural', 'reverse', 'half_shift', 'pair_flip', 'pair_flip', 'pair_flip', 'natural'],
};

function ordered<T>(method: string, items: T[]): T[] {
  const half = items.length / 2;
  if (items.length < 2) return [...items];
  switch (method) {
    case 'reverse':
      return [...items].reverse();
    case 'half_shift':
      return [...items.slice(half), ...items.slice(0, half)];
    case 'reverse_half_shift':
      return [...items.slice(half).reverse(), ...items.slice(0, half).reverse()];
    case 'pair_flip':
      return items.flatMap((_, i) => (i % 2 ? [] : [items[i + 1], items[i]]));
    default:
      return [...items];
  }
}

/** The order of winners' round `round`'s losers as they drop in (beyond the chart: its 128 pattern, stretched). */
function dropOrder(size: number, round: number): string {
  const chart = ORDERINGS[size * 2];
  if (chart) return chart[round - 1];
  const roundCount = Math.log2(size);
  return round === 1 || round === roundCount ? 'natural' : round === 2 ? 'reverse' : round === 3 ? 'half_shift' : 'pair_flip';
}

/** The chart for a bracket of `size` (a power of two, at least 2): winners', losers' and the grand final. */
export function doubleElimChart(size: number): Node[] {
  const roundCount = Math.log2(size);
  const nodes: Node[] = [];
  const winnersKey = (r: number, i: number) => `W${r}.${i}`;
  const losersKey = (r: number, i: number) => `L${r}.${i}`;
  for (let r = 1; r <= roundCount; r++)
    for (let i = 0; i < size >> r; i++)
      nodes.push({
        key: winnersKey(r, i),
        bracket: 'W',
        depth: r === 1 ? 0.5 : 2 * (r - 1) - 0.5,
        stage: `winners' round ${r}`,
        from:
          r === 1
            ? [{ seed: bracketOrder(size)[2 * i] }, { seed: bracketOrder(size)[2 * i + 1] }]
            : [{ win: winnersKey(r - 1, 2 * i) }, { win: winnersKey(r - 1, 2 * i + 1) }],
      });
  const lbRounds = 2 * (roundCount - 1);
  for (let j = 1; j <= lbRounds; j++) {
    const count = size >> (Math.floor((j + 1) / 2) + 1);
    for (let i = 0; i < count; i++) {
      let from: [Source, Source];
      if (j === 1) {
        const drops = ordered(
          dropOrder(size, 1),
          Array.from({ length: size / 2 }, (_, x) => winnersKey(1, x)),
        );
        from = [{ lose: drops[2 * i] }, { lose: drops[2 * i + 1] }];
      } else if (j % 2 === 0) {
        const winnersRound = j / 2 + 1;
        const drops = ordered(
          dropOrder(size, winnersRound),
          Array.from({ length: size >> winnersRound }, (_, x) => winnersKey(winnersRound, x)),
        );
        from = [{ lose: drops[i] }, { win: losersKey(j - 1, i) }];
        nodes.push({ key: losersKey(j, i), bracket: 'L', depth: j, stage: `losers' round ${j}`, from, major: { round: j, index: i } });
        continue;
      } else from = [{ win: losersKey(j - 1, 2 * i) }, { win: losersKey(j - 1, 2 * i + 1) }];
      nodes.push({ key: losersKey(j, i), bracket: 'L', depth: j, stage: `losers' round ${j}`, from });
    }
  }
  const lbChampion: Source = roundCount === 1 ? { lose: winnersKey(1, 0) } : { win: losersKey(lbRounds, 0) };
  nodes.push({ key: 'F', bracket: 'F', depth: lbRounds + 1, stage: 'grand final', from: [{ win: winnersKey(roundCount, 0) }, lbChampion] });
  return nodes;
}

const EMPTY = 0; // nobody will ever come
const PENDING = 1; // somebody will, once a game is played
type Slot = string | typeof EMPTY | typeof PENDING;

/**
 * The state of a double elimination from its games so far: the next games,
 * the champion and the placements. `seeds` in seed order; dropped players
 * give a walkover in their next game and go out there.
 */
export function doubleElimState(seeds: string[], games: ElimGame[], dropped: ReadonlySet<string>): DoubleElimState {
  let size = 2;
  while (size < seeds.length) size *= 2;
  const chart = doubleElimChart(size);
  const byKey = new Map(chart.map((n) => [n.key, n]));
  const pairKey = (bracket: string, x: string, y: string) => `${bracket}:${[x, y].sort().join('\u0000')}`;
  const played = new Map(games.filter((g) => g.b !== null).map((g) => [pairKey(g.bracket, g.a, g.b!), g]));
  const out = new Map<string, { node: Node; how: 'lost' | 'dropped' | 'called off' }>();
  const next: BracketPairing[] = [];
  /** Per node: who goes on, who drops, and the round that decided it (its game's, or its feeders' for a walkover). */
  const memo = new Map<string, { win: Slot; lose: Slot; at: number }>();
  const lastGame = new Map<string, number>();
  for (const game of games)
    for (const player of [game.a, game.b]) if (player) lastGame.set(player, Math.max(lastGame.get(player) ?? 0, game.round));
  /** A dropped player is absent from a node they had not passed before dropping (`since`: when it was decided). */
  const present = (slot: Slot, node: Node, since = Infinity): Slot => {
    if (typeof slot === 'string' && dropped.has(slot) && !((lastGame.get(slot) ?? 0) > since)) {
      if (!out.has(slot)) out.set(slot, { node, how: 'dropped' });
      return EMPTY;
    }
    return slot;
  };
  const atOf = (src: Source): number => ('seed' in src ? 0 : evaluate(byKey.get('win' in src ? src.win : src.lose)!).at);
  const resolve = (src: Source): Slot => {
    if ('seed' in src) return seeds[src.seed - 1] ?? EMPTY;
    const row = evaluate(byKey.get('win' in src ? src.win : src.lose)!);
    return 'win' in src ? row.win : row.lose;
  };
  const majors = new Map<number, [Slot, Slot][]>();
  /**
   * A major losers' round: the chart's crossing, with drop-ins swapped where
   * that avoids a rematch the chart would make (decided once every player of
   * the round is known; a round already played keeps its games).
   */
  const dropIns = (losersRound: number): [Slot, Slot][] => {
    const known = majors.get(losersRound);
    if (known) return known;
    const nodes = chart.filter((n) => n.major?.round === losersRound);
    const pairs = nodes.map((n) => n.from.map(resolve) as [Slot, Slot]);
    // Until every player of the round is known, none of its games is paired.
    if (pairs.flat().includes(PENDING)) pairs.forEach((p) => p.fill(PENDING));
    else {
      // Decided from the games before the round was paired, so the same before and after it is played.
      const pairedIn = Math.max(...nodes.flatMap((n) => n.from.map(atOf))) + 1;
      const met = new Set(games.filter((g) => g.b !== null && g.round < pairedIn).map((g) => [g.a, g.b!].sort().join('\u0000')));
      const rematch = (x: Slot, y: Slot) => typeof x === 'string' && typeof y === 'string' && met.has([x, y].sort().join('\u0000'));
      const drops = pairs.map((p) => p[0]);
      // Swap pairs of drop-ins while a swap lowers the rematches.
      for (let again = true; again;) {
        again = false;
        for (let a = 0; a < pairs.length; a++)
          for (let b = a + 1; b < pairs.length; b++) {
            const now = +rematch(drops[a], pairs[a][1]) + +rematch(drops[b], pairs[b][1]);
            const swapped = +rematch(drops[b], pairs[a][1]) + +rematch(drops[a], pairs[b][1]);
            if (swapped < now) {
              [drops[a], drops[b]] = [drops[b], drops[a]];
              again = true;
            }
          }
      }
      pairs.forEach((p, i) => (p[0] = drops[i]));
    }
    majors.set(losersRound, pairs);
    return pairs;
  };
  const evaluate = (node: Node): { win: Slot; lose: Slot; at: number } => {
    const known = memo.get(node.key);
    if (known) return known;
    const [x, y] = node.major ? dropIns(node.major.round)[node.major.index] : node.from.map(resolve);
    let row: { win: Slot; lose: Slot; at?: number };
    if (typeof x === 'string' && typeof y === 'string') {
      const game = played.get(pairKey(node.bracket, x, y));
      if (game && game.winner !== null) {
        const loser = game.winner === x ? y : x;
        if (node.bracket !== 'W') out.set(loser, { node, how: 'lost' });
        row = { win: game.winner, lose: loser, at: game.round };
      } else if (game) {
        // Called off: nobody goes on, and neither drops to the losers' bracket.
        for (const player of [x, y]) out.set(player, { node, how: 'called off' });
        row = { win: EMPTY, lose: EMPTY, at: game.round };
      } else {
        const [first, second] = [present(x, node), present(y, node)];
        if (typeof first === 'string' && typeof second === 'string') {
          next.push({ a: first, b: second, bracket: node.bracket });
          row = { win: PENDING, lose: PENDING };
        } else row = { win: first === EMPTY ? second : first, lose: EMPTY };
      }
    } else if (x === PENDING || y === PENDING) row = { win: PENDING, lose: x === EMPTY || y === EMPTY ? EMPTY : PENDING };
    else {
      const since = Math.max(...node.from.map(atOf));
      const first = typeof x === 'string' ? present(x, node, since) : x;
      const second = typeof y === 'string' ? present(y, node, since) : y;
      row = { win: first === EMPTY ? second : first, lose: EMPTY };
      // The first round's byes are played as such (the top seeds'); later walkovers are not games.
      if (!games.length && node.key.startsWith('W1.') && typeof row.win === 'string') {
        next.push({ a: row.win, b: null, bracket: 'W' });
        row = { win: PENDING, lose: EMPTY };
      }
    }
    const done = { ...row, at: row.at ?? Math.max(...node.from.map(atOf)) };
    memo.set(node.key, done);
    return done;
  };
  // Evaluate everything (in chart order, so next games come winners' first, by round).
  for (const node of chart) evaluate(node);
  const final = byKey.get('F')!;
  const [wChamp, lChamp] = final.from.map(resolve);
  const grandFinal = memo.get('F')!;
  const first = typeof wChamp === 'string' && typeof lChamp === 'string' ? played.get(pairKey('F', wChamp, lChamp)) : undefined;
  let champion: string | null = null;
  if (first && first.winner === lChamp && typeof wChamp === 'string') {
    // The winners' champion lost the grand final (one loss each): the reset decides.
    out.delete(wChamp);
    const reset: Node = { ...final, key: 'F2', bracket: 'F2', stage: 'grand final reset' };
    const again = played.get(pairKey('F2', wChamp, lChamp));
    if (again?.winner) {
      champion = again.winner;
      out.set(again.winner === wChamp ? lChamp : wChamp, { node: reset, how: 'lost' });
    } else if (again) for (const player of [wChamp, lChamp]) out.set(player, { node: reset, how: 'called off' });
    else {
      const [slot, losersChampion] = [present(wChamp, reset), present(lChamp, reset)];
      if (typeof slot === 'string' && typeof losersChampion === 'string') next.push({ a: slot, b: losersChampion, bracket: 'F2' });
      else champion = typeof slot === 'string' ? slot : typeof losersChampion === 'string' ? losersChampion : null;
    }
  } else if (typeof grandFinal.win === 'string') champion = grandFinal.win;
  return { next: next.length ? next : null, champion, placements: placementsOf(seeds, games, out, champion) };
}

function placementsOf(
  seeds: string[],
  games: ElimGame[],
  out: Map<string, { node: Node; how: string }>,
  champion: string | null,
): Placement[] {
  const rec = (player: string) => {
    const mine = games.filter((g) => g.b !== null && (g.a === player || g.b === player));
    const wins = mine.filter((g) => g.winner === player).length;
    const lost = mine.filter((g) => g.winner !== null && g.winner !== player).length;
    return { wins, draws: 0, losses: lost + mine.filter((g) => g.winner === null).length };
  };
  const depth = (player: string) =>
    player === champion ? Infinity : out.has(player) ? out.get(player)!.node.depth : Number.MAX_SAFE_INTEGER;
  const ranked = [...seeds].sort((x, y) => depth(y) - depth(x) || seeds.indexOf(x) - seeds.indexOf(y));
  return ranked.map((player) => {
    const playerDepth = depth(player);
    const place = 1 + ranked.filter((q) => depth(q) > playerDepth).length;
    const to = place + ranked.filter((q) => depth(q) === playerDepth).length - 1;
    const left = out.get(player);
    const stage =
      player === champion
        ? 'champion'
        : left
          ? `${left.how === 'lost' ? 'out in the' : left.how + ' in the'} ${left.node.stage}`
          : 'still in';
    return { id: player, place, to, stage, ...rec(player) };
  });
}

/** "1st", "5th–6th". */
export function placeText(placement: Pick<Placement, 'place' | 'to'>): string {
  const ord = (count: number) => {
    const lastTwo = count % 100;
    const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][count % 10] ?? 'th');
    return `${count}${suffix}`;
  };
  return placement.to > placement.place ? `${ord(placement.place)}–${ord(placement.to)}` : ord(placement.place);
}
