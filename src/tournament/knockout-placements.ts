// Placements in a single-elimination bracket (issue 20 §6): a knockout, or
// the top cut after a Swiss. The champion is 1st, the final's loser 2nd, the
// semi-finals' losers share 3rd–4th, the quarter-finals' 5th–8th, and so on
// (fewer when byes thinned a round: 6 entrants give 5th–6th). Players still
// in rank above everyone out. Read from the bracket's matches only.
import type { Placement } from './double-elim.ts';
import type { Match, Tournament, TournamentRepo } from './repo.ts';
import { winnerOf } from './results.ts';

/** "final", "semi-final", "quarter-final", else "round 2" (counting from the bracket's first round). */
export function knockoutStage(round: number, rounds: number): string {
  const left = rounds - round;
  return left === 0 ? 'final' : left === 1 ? 'semi-final' : left === 2 ? 'quarter-final' : `round ${round}`;
}

/** The single-elimination bracket's matches: a knockout's, or a Swiss's top cut. */
function bracketMatches(repo: TournamentRepo, t: Tournament): Match[] {
  return repo.matches(t.id).filter((m) => (t.format === 'knockout' ? m.bracket === 'main' : m.bracket === 'cut'));
}

export function knockoutPlacements(repo: TournamentRepo, t: Tournament, champion: string | null): Placement[] {
  const ms = bracketMatches(repo, t);
  if (!ms.length) return [];
  const first = Math.min(...ms.map((m) => m.round));
  const players = [...new Set(ms.filter((m) => m.round === first).flatMap((m) => (m.b ? [m.a, m.b] : [m.a])))];
  const rounds = Math.max(1, Math.ceil(Math.log2(Math.max(2, players.length))));
  const out = new Map<string, { round: number; how: string }>();
  const rec = new Map(players.map((p) => [p, { wins: 0, draws: 0, losses: 0 }]));
  for (const m of ms) {
    if (m.b === null || m.outcome === null) continue;
    const w = winnerOf(repo, t, m);
    const round = m.round - first + 1;
    for (const p of [m.a, m.b]) {
      const r = rec.get(p);
      if (r && m.outcome === 'draw') r.draws++;
      else if (r && p === w) r.wins++;
      else if (r) r.losses++;
      if (p !== w) out.set(p, { round, how: w === null ? 'called off in the' : 'out in the' });
    }
  }
  const depth = (p: string) => (p === champion ? Infinity : out.has(p) ? out.get(p)!.round : Number.MAX_SAFE_INTEGER);
  const ranked = [...players].sort((x, y) => depth(y) - depth(x) || players.indexOf(x) - players.indexOf(y));
  return ranked.map((p) => {
    const d = depth(p);
    const place = 1 + ranked.filter((q) => depth(q) > d).length;
    const to = place + ranked.filter((q) => depth(q) === d).length - 1;
    const o = out.get(p);
    const stage = p === champion ? 'champion' : o ? `${o.how} ${knockoutStage(o.round, rounds)}` : 'still in';
    return { id: p, place, to, stage, ...rec.get(p)! };
  });
}
