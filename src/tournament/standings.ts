// Standings with FIDE tie-breaks (Buchholz cut-1, Buchholz, median Buchholz,
// Sonneborn-Berger, head-to-head, wins) in an order the organiser may choose;
// each tie-break orders only the players still tied on the score and every
// tie-break before it (head-to-head is FIDE's direct encounter among them).
// Unplayed rounds follow the FIDE 2009 rules (Handbook C.02 §13.15):
// a player's own bye or forfeit counts against a virtual opponent whose score
// is SPR + (1 − SfPR) + 0.5 × (n − R); in an opponent's score every unplayed
// round counts as a draw. n is the number of rounds recorded so far, so the
// standings after a round never depend on rounds still to come.

export interface StandingGame {
  round: number;
  a: string;
  /** null: a bye for `a`. */
  b: string | null;
  /** Points of each side (a win 1, a draw ½). */
  pa: number;
  pb: number;
  /** False for byes and forfeits: no game was played. */
  played: boolean;
  /** A round a late entrant missed (no opponent, not a bye). */
  absent?: boolean;
}

export interface Standing {
  rank: number;
  id: string;
  score: number;
  /** Buchholz without the lowest opponent's score (FIDE C.07 "Buchholz Cut 1"). */
  buchholzCut1: number;
  buchholz: number;
  medianBuchholz: number;
  sonnebornBerger: number;
  played: number;
  /** Games played won, drawn and lost; byes; rounds decided by forfeit (won or lost). */
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  forfeits: number;
  /** Rounds missed by entering late. */
  absent: number;
}

interface Entry {
  round: number;
  opp: string | null;
  pts: number;
  played: boolean;
  absent: boolean;
}

/** The tie-breaks an organiser can order. */
export type TieBreak = 'bhc1' | 'bh' | 'mbh' | 'sb' | 'h2h' | 'wins';
export const TIE_BREAK_NAMES: Record<TieBreak, string> = {
  bhc1: 'Buchholz cut-1',
  bh: 'Buchholz',
  mbh: 'median Buchholz',
  sb: 'Sonneborn-Berger',
  h2h: 'head-to-head',
  wins: 'wins',
};

/**
 * Default orders: a Swiss by the Buchholz family (cut-1 first, as FIDE's
 * C.07 recommends), then Sonneborn-Berger, head-to-head, wins; a round robin
 * by head-to-head, Sonneborn-Berger, wins (Buchholz means nothing when all meet all).
 */
export type TieBreakOrder = 'swiss' | 'roundrobin';
export const DEFAULT_TIE_BREAKS: Record<TieBreakOrder, TieBreak[]> = {
  swiss: ['bhc1', 'bh', 'mbh', 'sb', 'h2h', 'wins'],
  roundrobin: ['h2h', 'sb', 'wins'],
};
export const tieBreakText = (order: TieBreak[]): string => order.map((k) => TIE_BREAK_NAMES[k]).join(', ');
export const TIE_BREAK_TEXT: Record<TieBreakOrder, string> = {
  swiss: tieBreakText(DEFAULT_TIE_BREAKS.swiss),
  roundrobin: tieBreakText(DEFAULT_TIE_BREAKS.roundrobin),
};

/**
 * An organiser's order ("buchholz cut-1, sb, wins"): names or short ids,
 * comma-separated, each once. Throws with what is allowed.
 */
export function parseTieBreaks(text: string): TieBreak[] {
  const squash = (x: string) => x.toLowerCase().replace(/[\s_-]+/g, '');
  const aliases = new Map<string, TieBreak>();
  for (const [id, name] of Object.entries(TIE_BREAK_NAMES) as [TieBreak, string][]) {
    aliases.set(squash(id), id);
    aliases.set(squash(name), id);
  }
  for (const [alias, id] of [
    ['cut1', 'bhc1'],
    ['buchholzcut1', 'bhc1'],
    ['median', 'mbh'],
    ['headtohead', 'h2h'],
    ['direct', 'h2h'],
    ['sonneborn', 'sb'],
  ] as [string, TieBreak][])
    aliases.set(alias, id);
  const out: TieBreak[] = [];
  const parts = text
    .replace(/["“”']/g, '')
    .split(/[,;>]/)
    .map((x) => x.trim())
    .filter(Boolean);
  for (const part of parts) {
    const id = aliases.get(squash(part));
    if (!id)
      throw new Error(
        `"${part.slice(0, 40)}" is not a tie-break: use ${Object.values(TIE_BREAK_NAMES).join(', ')} (or bhc1, bh, mbh, sb, h2h, wins).`,
      );
    if (out.includes(id)) throw new Error(`${TIE_BREAK_NAMES[id]} is listed twice.`);
    out.push(id);
  }
  if (!out.length) throw new Error('Name at least one tie-break.');
  return out;
}

export function standings(
  ids: string[],
  games: StandingGame[],
  rating: (id: string) => number = () => 0,
  order: TieBreakOrder | TieBreak[] = 'swiss',
): Standing[] {
  const rows = new Map<string, Entry[]>(ids.map((id) => [id, []]));
  const entriesOf = (id: string) => {
    let entries = rows.get(id);
    if (!entries) rows.set(id, (entries = []));
    return entries;
  };
  let roundsSoFar = 0;
  for (const game of games) {
    roundsSoFar = Math.max(roundsSoFar, game.round);
    entriesOf(game.a).push({ round: game.round, opp: game.b, pts: game.pa, played: game.played, absent: !!game.absent });
    if (game.b !== null) entriesOf(game.b).push({ round: game.round, opp: game.a, pts: game.pb, played: game.played, absent: false });
  }
  const score = new Map<string, number>();
  const adjusted = new Map<string, number>();
  for (const [id, entries] of rows) {
    score.set(
      id,
      entries.reduce((s, e) => s + e.pts, 0),
    );
    // Unplayed rounds (byes, forfeits, rounds missed) count as draws in an opponent's score.
    const playedPts = entries.filter((e) => e.played).reduce((s, e) => s + e.pts, 0);
    adjusted.set(id, playedPts + 0.5 * (roundsSoFar - entries.filter((e) => e.played).length));
  }
  const out = [...rows.keys()].map((id) => {
    const entries = [...rows.get(id)!].sort((x, y) => x.round - y.round);
    let before = 0;
    const contrib: { opp: number; pts: number }[] = [];
    for (const entry of entries) {
      const opp =
        entry.played && entry.opp !== null ? adjusted.get(entry.opp)! : before + (1 - entry.pts) + 0.5 * (roundsSoFar - entry.round);
      contrib.push({ opp, pts: entry.pts });
      before += entry.pts;
    }
    const buchholz = contrib.reduce((s, c) => s + c.opp, 0);
    const sorted = contrib.map((c) => c.opp).sort((x, y) => x - y);
    const median = sorted.length >= 3 ? buchholz - sorted[0] - sorted[sorted.length - 1] : buchholz;
    const cut1 = sorted.length >= 2 ? buchholz - sorted[0] : buchholz;
    const sonnebornBerger = contrib.reduce((s, c) => s + c.opp * c.pts, 0);
    return {
      rank: 0,
      id,
      score: score.get(id)!,
      buchholzCut1: cut1,
      buchholz,
      medianBuchholz: median,
      sonnebornBerger,
      played: entries.filter((e) => e.played).length,
      wins: entries.filter((e) => e.played && e.pts === 1).length,
      draws: entries.filter((e) => e.played && e.pts === 0.5).length,
      losses: entries.filter((e) => e.played && e.pts === 0).length,
      byes: entries.filter((e) => e.opp === null && !e.absent).length,
      absent: entries.filter((e) => e.absent).length,
      forfeits: entries.filter((e) => !e.played && e.opp !== null).length,
    };
  });
  const keys = typeof order === 'string' ? DEFAULT_TIE_BREAKS[order] : order;
  const value: Record<Exclude<TieBreak, 'h2h'>, (x: Standing) => number> = {
    bhc1: (x) => x.buchholzCut1,
    bh: (x) => x.buchholz,
    mbh: (x) => x.medianBuchholz,
    sb: (x) => x.sonnebornBerger,
    wins: (x) => x.wins,
  };
  const valuesAmong = (tied: Standing[], key: TieBreak): Map<string, number> =>
    key === 'h2h'
      ? directEncounter(
          tied.map((x) => x.id),
          games,
        )
      : new Map(tied.map((x) => [x.id, value[key](x)]));
  const lastResort = (x: Standing, y: Standing) => rating(y.id) - rating(x.id) || (x.id < y.id ? -1 : 1);
  // Each key orders only the players still tied on everything before it:
  // the score, then the keys in turn (direct encounter depends on who they are).
  const rankTied = (tied: Standing[], rest: TieBreak[]): Standing[] => {
    if (tied.length < 2 || !rest.length) return [...tied].sort(lastResort);
    const [key, ...later] = rest;
    const values = valuesAmong(tied, key);
    return runsOf(tied, (x) => values.get(x.id)!).flatMap((run) => rankTied(run, later));
  };
  const ranked = runsOf(out, (x) => x.score).flatMap((run) => rankTied(run, keys));
  ranked.forEach((standing, i) => (standing.rank = i + 1));
  return ranked;
}

/** Rows sorted by `key`, highest first, cut into runs of equal keys. */
function runsOf<T>(rows: T[], key: (row: T) => number): T[][] {
  const sorted = [...rows].sort((x, y) => key(y) - key(x));
  const runs: T[][] = [];
  for (const row of sorted) {
    const run = runs[runs.length - 1];
    if (run && key(run[0]) === key(row)) run.push(row);
    else runs.push([row]);
  }
  return runs;
}

/**
 * Direct encounter (FIDE C.07 Tie-Break Regulations, Article 6) among
 * exactly the players `tied` (same score and the same on every earlier
 * tie-break): each one's points in played games against the others. When
 * all of them have met, those points rank them. When some have not met, a
 * player is ranked first only if no other could equal their points even by
 * winning every encounter not played, then the next among the rest, and so
 * on; whoever is left stays tied. Higher values rank first; equal values
 * are not separated (the next tie-break decides).
 */
export function directEncounter(tied: string[], games: StandingGame[]): Map<string, number> {
  const among = new Set(tied);
  const points = new Map(tied.map((id) => [id, 0]));
  const met = new Set<string>();
  for (const game of games) {
    if (game.b === null || !game.played || !among.has(game.a) || !among.has(game.b)) continue;
    points.set(game.a, points.get(game.a)! + game.pa);
    points.set(game.b, points.get(game.b)! + game.pb);
    met.add(`${game.a}\n${game.b}`).add(`${game.b}\n${game.a}`);
  }
  const unmet = new Map(tied.map((id) => [id, tied.filter((other) => other !== id && !met.has(`${id}\n${other}`)).length]));
  if (tied.every((id) => unmet.get(id) === 0)) return points;
  const values = new Map(tied.map((id) => [id, 0]));
  const left = new Set(tied);
  for (let place = tied.length; left.size > 1; place--) {
    const best = [...left].find((id) =>
      [...left].every((other) => other === id || points.get(other)! + unmet.get(other)! < points.get(id)!),
    );
    if (best === undefined) break;
    values.set(best, place);
    left.delete(best);
  }
  return values;
}
