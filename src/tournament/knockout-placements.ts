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
function bracketMatches(repo: TournamentRepo, tournament: Tournament): Match[] {
  return repo
    .matches(tournament.id)
    .filter((match) => (tournament.format === 'knockout' ? match.bracket === 'main' : match.bracket === 'cut'));
}

export function knockoutPlacements(repo: TournamentRepo, tournament: Tournament, champion: string | null): Placement[] {
  const bracket = bracketMatches(repo, tournament);
  if (!bracket.length) return [];
  const first = Math.min(...bracket.map((m) => m.round));
  const players = [...new Set(bracket.filter((m) => m.round === first).flatMap((m) => (m.b ? [m.a, m.b] : [m.a])))];
  const rounds = Math.max(1, Math.ceil(Math.log2(Math.max(2, players.length))));
  const out = new Map<string, { round: number; how: string }>();
  const rec = new Map(players.map((p) => [p, { wins: 0, draws: 0, losses: 0 }]));
  for (const match of bracket) {
    if (match.b === null || match.outcome === null) continue;
    const winner = winnerOf(repo, tournament, match);
    const round = match.round - first + 1;
    for (const player of [match.a, match.b]) {
      const record = rec.get(player);
      if (record && match.outcome === 'draw') record.draws++;
      else if (record && player === winner) record.wins++;
      else if (record) record.losses++;
      if (player !== winner) out.set(player, { round, how: winner === null ? 'called off in the' : 'out in the' });
    }
  }
  const depth = (player: string) => (player === champion ? Infinity : out.has(player) ? out.get(player)!.round : Number.MAX_SAFE_INTEGER);
  const ranked = [...players].sort((x, y) => depth(y) - depth(x) || players.indexOf(x) - players.indexOf(y));
  return ranked.map((player) => {
    const playerDepth = depth(player);
    const place = 1 + ranked.filter((q) => depth(q) > playerDepth).length;
    const to = place + ranked.filter((q) => depth(q) === playerDepth).length - 1;
    const left = out.get(player);
    const stage = player === champion ? 'champion' : left ? `${left.how} ${knockoutStage(left.round, rounds)}` : 'still in';
    return { id: player, place, to, stage, ...rec.get(player)! };
  });
}
