// Standings with FIDE tie-breaks (Buchholz, median Buchholz, Sonneborn-Berger).
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

/** Tie-break orders: a Swiss by the FIDE Buchholz family; a round robin by head-to-head, Sonneborn-Berger, wins (Buchholz means nothing when all meet all). */
export type TieBreakOrder = 'swiss' | 'roundrobin';
export const TIE_BREAK_TEXT: Record<TieBreakOrder, string> = {
  swiss: 'Buchholz, median Buchholz, Sonneborn-Berger',
  roundrobin: 'head-to-head, Sonneborn-Berger, wins',
};

export function standings(
  ids: string[],
  games: StandingGame[],
  rating: (id: string) => number = () => 0,
  order: TieBreakOrder = 'swiss',
): Standing[] {
  const rows = new Map<string, Entry[]>(ids.map((id) => [id, []]));
  const at = (id: string) => {
    let r = rows.get(id);
    if (!r) rows.set(id, (r = []));
    return r;
  };
  let n = 0;
  for (const g of games) {
    n = Math.max(n, g.round);
    at(g.a).push({ round: g.round, opp: g.b, pts: g.pa, played: g.played, absent: !!g.absent });
    if (g.b !== null) at(g.b).push({ round: g.round, opp: g.a, pts: g.pb, played: g.played, absent: false });
  }
  const score = new Map<string, number>();
  const adjusted = new Map<string, number>();
  for (const [id, es] of rows) {
    score.set(
      id,
      es.reduce((s, e) => s + e.pts, 0),
    );
    // Unplayed rounds (byes, forfeits, rounds missed) count as draws in an opponent's score.
    const playedPts = es.filter((e) => e.played).reduce((s, e) => s + e.pts, 0);
    adjusted.set(id, playedPts + 0.5 * (n - es.filter((e) => e.played).length));
  }
  const out = [...rows.keys()].map((id) => {
    const es = [...rows.get(id)!].sort((x, y) => x.round - y.round);
    let before = 0;
    const contrib: { opp: number; pts: number }[] = [];
    for (const e of es) {
      const opp = e.played && e.opp !== null ? adjusted.get(e.opp)! : before + (1 - e.pts) + 0.5 * (n - e.round);
      contrib.push({ opp, pts: e.pts });
      before += e.pts;
    }
    const bh = contrib.reduce((s, c) => s + c.opp, 0);
    const sorted = contrib.map((c) => c.opp).sort((x, y) => x - y);
    const median = sorted.length >= 3 ? bh - sorted[0] - sorted[sorted.length - 1] : bh;
    const sb = contrib.reduce((s, c) => s + c.opp * c.pts, 0);
    return {
      rank: 0,
      id,
      score: score.get(id)!,
      buchholz: bh,
      medianBuchholz: median,
      sonnebornBerger: sb,
      played: es.filter((e) => e.played).length,
      wins: es.filter((e) => e.played && e.pts === 1).length,
      draws: es.filter((e) => e.played && e.pts === 0.5).length,
      losses: es.filter((e) => e.played && e.pts === 0).length,
      byes: es.filter((e) => e.opp === null && !e.absent).length,
      absent: es.filter((e) => e.absent).length,
      forfeits: es.filter((e) => !e.played && e.opp !== null).length,
    };
  });
  // Head-to-head: points scored in played games among the players on the same score.
  const headToHead = new Map<string, number>();
  for (const g of games) {
    if (g.b === null || !g.played || score.get(g.a) !== score.get(g.b)) continue;
    headToHead.set(g.a, (headToHead.get(g.a) ?? 0) + g.pa);
    headToHead.set(g.b, (headToHead.get(g.b) ?? 0) + g.pb);
  }
  const h2h = (id: string) => headToHead.get(id) ?? 0;
  if (order === 'roundrobin')
    out.sort(
      (x, y) =>
        y.score - x.score ||
        h2h(y.id) - h2h(x.id) ||
        y.sonnebornBerger - x.sonnebornBerger ||
        y.wins - x.wins ||
        rating(y.id) - rating(x.id) ||
        (x.id < y.id ? -1 : 1),
    );
  else
    out.sort(
      (x, y) =>
        y.score - x.score ||
        y.buchholz - x.buchholz ||
        y.medianBuchholz - x.medianBuchholz ||
        y.sonnebornBerger - x.sonnebornBerger ||
        rating(y.id) - rating(x.id) ||
        (x.id < y.id ? -1 : 1),
    );
  out.forEach((s, i) => (s.rank = i + 1));
  return out;
}
