// A finished game's result as a tournament match outcome: the one reading
// of a result, for a result as it came in, a corrected one and the ratings'
// fold, with the VP side bid applied where the game was decided on VP.
import type { Match, Outcome } from './repo.ts';

/** A finished game's stored result as tournaments and ratings read it. */
export interface FinishedResult {
  winners?: string[];
  draw?: boolean;
  scores?: Record<string, number>;
  /** Set by an organiser's correction: the result was (true) or was not (false) decided on VP. */
  onVp?: boolean;
  /** Set by an organiser's forfeit: no game was played, so it is not rated. */
  forfeit?: boolean;
}

/** Whether a stored result was decided on VP (so a bid can move it): a game played to its end, unless a correction said. */
export const decidedOnVp = (how: string, r: FinishedResult | null): boolean => r?.onVp ?? how === 'play';

/**
 * The match outcome of a finished game (its game_finished event), the bid
 * applied: the one reading of a result, for a result as it came in, a
 * corrected one, and the ratings' fold. The first side's player is `m.a`.
 */
export function matchOutcomeOf(
  match: Match | null,
  [firstSide, secondSide]: [string, string],
  status: string,
  how: string,
  finished: FinishedResult,
): Outcome {
  if (status !== 'over') return 'none';
  const winners = finished.winners ?? [];
  const table: Outcome = finished.draw
    ? 'draw'
    : winners.includes(firstSide) && !winners.includes(secondSide)
      ? 'a'
      : winners.includes(secondSide) && !winners.includes(firstSide)
        ? 'b'
        : winners.length
          ? 'draw'
          : 'none';
  return match && decidedOnVp(how, finished) ? adjustForBid(match, [firstSide, secondSide], table, finished.scores) : table;
}

/** What the bid did to a result, for replies and the log ('' when it changed nothing). */
export function bidNote(
  match: Match,
  [firstSide, secondSide]: [string, string],
  table: Outcome,
  settled: Outcome,
  scores?: Record<string, number>,
): string {
  if (table === settled || !match.bidSide || !match.bidVp || !scores) return '';
  const [firstVp, secondVp] = [scores[firstSide], scores[secondSide]];
  const [firstNet, secondNet] = match.bidSide === firstSide ? [firstVp - match.bidVp, secondVp] : [firstVp, secondVp - match.bidVp];
  return (
    `${firstSide} ${firstVp}–${secondVp} ${secondSide} on VP; ` +
    `${match.bidSide} gives its bid of ${match.bidVp} VP: ${firstNet}–${secondNet}, so ${settled}`
  );
}

/** The outcome after the bid: the bidder's side gives `bidVp` VP (only for a game decided on VP). */
export function adjustForBid(
  match: Match,
  [firstSide, secondSide]: [string, string],
  outcome: Outcome,
  scores?: Record<string, number>,
): Outcome {
  if (!match.bidSide || !match.bidVp || !scores || typeof scores[firstSide] !== 'number' || typeof scores[secondSide] !== 'number')
    return outcome;
  const margin = scores[firstSide] - scores[secondSide];
  const onVp = (outcome === 'a' && margin > 0) || (outcome === 'b' && margin < 0) || (outcome === 'draw' && margin === 0);
  if (!onVp) return outcome;
  const adjusted = margin + (match.bidSide === firstSide ? -match.bidVp : match.bidVp);
  return adjusted > 0 ? 'a' : adjusted < 0 ? 'b' : 'draw';
}
