// Standings with FIDE tie-breaks (Buchholz cut-1, Buchholz, median Buchholz,
// Sonneborn-Berger, head-to-head, wins) in an order the organiser may choose.
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
    const cut1 = sorted.length >= 2 ? bh - sorted[0] : bh;
    const sb = contrib.reduce((s, c) => s + c.opp * c.pts, 0);
    return {
      rank: 0,
      id,
      score: score.get(id)!,
      buchholzCut1: cut1,
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
  const keys = typeof order === 'string' ? DEFAULT_TIE_BREAKS[order] : order;
  const value: Record<TieBreak, (x: Standing) => number> = {
    bhc1: (x) => x.buchholzCut1,
    bh: (x) => x.buchholz,
    mbh: (x) => x.medianBuchholz,
    sb: (x) => x.sonnebornBerger,
    h2h: (x) => h2h(x.id),
    wins: (x) => x.wins,
  };
  out.sort((x, y) => {
    if (y.score !== x.score) return y.score - x.score;
    for (const k of keys) {
      const d = value[k](y) - value[k](x);
      if (d) return d;
    }
    return rating(y.id) - rating(x.id) || (x.id < y.id ? -1 : 1);
  });
  out.forEach((s, i) => (s.rank = i + 1));
  return out;
}
