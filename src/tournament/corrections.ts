// The organiser's result corrections. In an elimination bracket a corrected
// result can change who plays in later rounds: each later round is paired
// again from the corrected results, round by round; its games that no
// longer fit are called off and the new pairings created — unless one of
// them has begun (a move made, or a result in), and then the correction is
// refused with the match that blocks it, and nothing changes. A Swiss
// result corrected after its top cut was paired re-pairs the cut likewise.
// A correction is one domain event (one transaction): the match's outcome,
// the game's stored result (games and game_finished, the original kept in
// the result and the log) and the ratings of that server's system, folded again.
// The organiser names the game's result (and may give its final VP); a side
// bid applies to it as to a result that came in from play (matchOutcomeOf,
// the one reading), so the match's winner, standings and ratings follow the bid.
import type { Services } from '../app/services.ts';
import type { Post } from '../messages/types.ts';
import { UserError } from '../messages/user-error.ts';
import type { Match, Outcome, Tournament } from './repo.ts';
import { TournamentRepo } from './repo.ts';
import { advanceTournament, finishMatchGame, openRound, writeRound, type WrittenRound } from './service.ts';
import { championOf, isElimination, matchName, sidesOf } from './results.ts';
import { nextPairings, type RoundPairing } from './rounds.ts';
import { ratingsOf } from './ratings.ts';
import { hubPost, roundStandingsPosts } from './hub.ts';
import { outcomeText } from './reports.ts';
import { calledOffNotice } from './notices.ts';
import { bidNote, decidedOnVp, matchOutcomeOf, type FinishedResult } from './outcomes.ts';

/** The final VP an organiser gives with a correction: [first side, second side], or 'none' (VP did not decide it). */
export type CorrectedVp = [number, number] | 'none';

/** The game's finished event (status, how, result), if it has ended. */
function finishedOf(svc: Services, gameId: number | null): { status: string; how: string; result: string } | undefined {
  if (!gameId) return undefined;
  return svc.store.db.prepare('SELECT status, how, result FROM game_finished WHERE game_id = ?').get(gameId) as
    { status: string; how: string; result: string } | undefined;
}

const key = (pair: { a: string; b: string | null }) => (pair.b ? [pair.a, pair.b].sort().join(' v ') : `${pair.a} bye`);

export function correctResult(
  svc: Services,
  tournament: Tournament,
  match: Match,
  named: Outcome,
  actorId: string,
  reason: string,
  vp?: CorrectedVp,
  /** A forfeit: no game was played (not rated; a virtual opponent in the tie-breaks). */
  forfeit = false,
): { text: string; posts: Post[] } {
  const repo = new TournamentRepo(svc.store.db, svc.store.now);
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  const name = (u: string | null) => (u ? (names.get(u) ?? u) : 'bye');
  const was = match.outcome;
  const posts: Post[] = [];
  const changes: string[] = [];
  const before = championOf(repo, tournament);
  const sides = sidesOf(tournament.system, tournament.options);
  let outcome: Outcome = named;
  let bid = '';
  /** Rounds written again, and where their posts go among the others. */
  const opened: { position: number; written: WrittenRound }[] = [];
  svc.store.db.transaction(() => {
    // A game already over takes the corrected result; one still in play ends with it (its event then finds the match decided).
    const stored = correctStoredResult(svc, tournament, match, named, actorId, reason, vp, forfeit);
    const scores = Array.isArray(vp) ? { [sides[0]]: vp[0], [sides[1]]: vp[1] } : undefined;
    finishMatchGame(
      svc,
      tournament,
      match,
      named,
      `Tournament result set by the organiser: ${forfeit ? 'forfeit, ' : ''}${reason}`,
      scores && { scores, onVp: true },
      forfeit,
    );
    // The match's outcome is read from the game's stored result as any result is: a side bid applies here too.
    const fin = finishedOf(svc, match.gameId);
    if (fin) {
      const finished = JSON.parse(fin.result) as FinishedResult;
      outcome = matchOutcomeOf(match, sides, fin.status, fin.how, finished);
      bid = bidNote(match, sides, named, outcome, finished.scores);
    }
    repo.setOutcome(match.id, outcome, forfeit ? 'forfeit' : 'organiser');
    repo.dropReport(match.id);
    repo.log(
      tournament.id,
      actorId,
      `result match ${match.id}: ${was ?? 'pending'} → ${outcome}${forfeit ? ' by forfeit' : ''}${bid ? ` (${bid})` : ''}`,
      reason,
    );
    // A Swiss's later rounds stand (only standings change), but a top cut already paired follows the corrected standings.
    const from = isElimination(tournament, match) ? match.round + 1 : tournament.format === 'swisscut' ? tournament.rounds + 1 : Infinity;
    for (let round = from; round <= tournament.round; round++) {
      const expected = nextPairings(repo, tournament, round) ?? [];
      const stored = repo.matches(tournament.id, round);
      const want = new Set(expected.map(key));
      const have = new Set(stored.map(key));
      const stale = stored.filter((s) => !want.has(key(s)));
      const missing: RoundPairing[] = expected.filter((p) => !have.has(key(p)));
      if (!stale.length && !missing.length) continue;
      for (const staleMatch of stale) {
        const row = staleMatch.gameId ? svc.store.game(staleMatch.gameId) : null;
        if ((staleMatch.outcome !== null && staleMatch.outcome !== 'bye') || (row && row.version > 0))
          throw new UserError(
            `Refused: with match ${match.id} as ${outcome}, round ${round} would be paired differently, but match ${staleMatch.id} ` +
              `(${name(staleMatch.a)} v ${name(staleMatch.b)}) has already ${staleMatch.outcome !== null ? 'a result' : 'begun'}. ` +
              `Correct the later rounds first (latest first), or leave this result. Nothing was changed.`,
          );
      }
      for (const staleMatch of stale) {
        if (staleMatch.gameId)
          svc.store.finish(
            staleMatch.gameId,
            'abandoned',
            JSON.stringify({
              status: 'abandoned',
              summary: 'Re-paired after a corrected result.',
              calledOff: { tournament: tournament.name, round },
            }),
            'abandon',
          );
        repo.deleteMatch(staleMatch.id);
      }
      // Written here; its games start once this commits (the rules run outside any transaction).
      const written = writeRound(svc, repo.get(tournament.id)!, round, missing)!;
      // Its players hear at once, in the game's thread and by mention, with their new pairing and what to do.
      const fresh = repo.matches(tournament.id, round);
      const why = `the organiser corrected ${matchName(match)}, so round ${round} is paired again`;
      for (const staleMatch of stale) posts.push(...calledOffNotice(svc, tournament, staleMatch, why, fresh));
      opened.push({ position: posts.length, written });
      changes.push(
        `round ${round}: ${stale.map((s) => key({ a: name(s.a), b: s.b && name(s.b) })).join(', ')} → ` +
          missing.map((p) => key({ a: name(p.a), b: p.b && name(p.b) })).join(', '),
      );
    }
    // A finished bracket may have more to play now (a grand final's reset), or a new winner.
    const fresh = repo.get(tournament.id)!;
    if (fresh.status === 'finished' && nextPairings(repo, fresh, fresh.round + 1)?.length)
      repo.update(tournament.id, { status: 'running' });
    if (changes.length) repo.log(tournament.id, actorId, `re-paired after correcting match ${match.id}: ${changes.join('; ')}`, reason);
    // Ratings are a fold in game order: every later game of the system on this server moves too.
    if (stored) ratingsOf(svc).forgetFor(tournament.guildId, tournament.system);
  })();
  // The fold itself runs after the commit (issue 21 §1); a crash before it leaves the games unrated, for the next sync.
  ratingsOf(svc).sync();
  for (const { position, written } of opened.reverse()) posts.splice(position, 0, ...openRound(svc, repo.get(tournament.id)!, written));
  // The match's thread hears of it too (its players, its followers).
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  if (row && !row.channelId.includes(':'))
    posts.push({
      channelId: row.channelId,
      gameId: row.id,
      kind: 'update',
      content: `📋 The organiser set this match's tournament result: ${outcomeText(tournament, match, outcome)} (${reason}).`,
    });
  // The corrected result may complete its round: the next one is paired now.
  posts.push(...advanceTournament(svc, tournament.id));
  const done = repo.get(tournament.id)!;
  // A tournament that had finished posted its final standings: the corrected ones follow them.
  if (done.status === 'finished' && tournament.status === 'finished' && was !== outcome)
    posts.push(...roundStandingsPosts(svc, done).map((p) => ({ ...p, content: p.content.replace(/:$/, ', corrected:') })));
  const after = championOf(repo, done);
  // A result that ends the tournament is no correction: its winner was just announced.
  if (after && before && after !== before)
    posts.push({
      channelId: tournament.channelId,
      content: `🥇 Corrected: **${tournament.name}** winner is now <@${after}>.`,
      mentions: [after],
    });
  posts.push(hubPost(tournament.id, tournament.channelId));
  const note = (bid ? ` The side bid applies: ${bid}.` : '') + (changes.length ? ` Later rounds re-paired: ${changes.join('; ')}.` : '');
  return {
    text: `📋 Match ${match.id} (round ${match.round}, table ${match.board}) of **${tournament.name}**: ${was ?? 'pending'} → ${outcome}. Reason logged.${note}`,
    posts,
  };
}

interface StoredResult {
  status?: string;
  winners?: string[];
  draw?: boolean;
  scores?: Record<string, number>;
  summary?: string;
  onVp?: boolean;
  forfeit?: boolean;
  corrected?: { from: StoredResult | null; reason: string; by: string; at: number };
}

const sameScores = (x: Record<string, number> = {}, y: Record<string, number> = {}) =>
  Object.keys(x).length === Object.keys(y).length && Object.keys(x).every((k) => x[k] === y[k]);

/**
 * A match's game that has already ended takes the corrected result: games
 * and its game_finished event (marked unrated, how 'correction'). The result
 * keeps the original (the first one, through repeated corrections) with the
 * reason, and the organiser's log records both. `vp`: the corrected final VP
 * (decided on them), or 'none' (not decided on VP); without it, the VP and
 * whether they decided stay as stored. False when there is nothing to change.
 */
export function correctStoredResult(
  svc: Services,
  tournament: Tournament,
  match: Match,
  outcome: Outcome,
  actorId: string,
  reason: string,
  vp?: CorrectedVp,
  forfeit = false,
): boolean {
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  if (!row || (row.status !== 'over' && row.status !== 'abandoned')) return false;
  const db = svc.store.db;
  const fin = finishedOf(svc, row.id);
  const original = fin?.result ?? row.result;
  const prev = original ? (JSON.parse(original) as StoredResult) : null;
  const [firstSide, secondSide] = sidesOf(tournament.system, tournament.options);
  const status = outcome === 'none' ? 'abandoned' : 'over';
  const winners = outcome === 'a' ? [firstSide] : outcome === 'b' ? [secondSide] : [];
  const draw = outcome === 'draw';
  const wasOnVp = decidedOnVp(fin?.how ?? 'moderator', prev);
  const scores = Array.isArray(vp) ? { [firstSide]: vp[0], [secondSide]: vp[1] } : (prev?.scores ?? {});
  const onVp = Array.isArray(vp) ? true : vp === 'none' ? false : wasOnVp;
  const same =
    row.status === status &&
    !!prev?.draw === draw &&
    [...(prev?.winners ?? [])].sort().join() === [...winners].sort().join() &&
    sameScores(prev?.scores, scores) &&
    onVp === wasOnVp &&
    !!prev?.forfeit === forfeit;
  if (same) return false;
  const now = svc.store.now();
  const result: StoredResult = {
    status,
    winners,
    draw,
    scores,
    onVp,
    ...(forfeit ? { forfeit: true } : {}),
    summary: `Result corrected by the tournament organiser (${reason}); it was: ${prev?.summary ?? 'no result'}`,
    corrected: { from: prev?.corrected?.from ?? prev, reason, by: actorId, at: now },
  };
  const json = JSON.stringify(result);
  db.prepare('UPDATE games SET status = ?, result = ?, updated_at = ? WHERE id = ?').run(status, json, now, row.id);
  if (fin)
    db.prepare("UPDATE game_finished SET status = ?, how = 'correction', result = ?, rated = 0 WHERE game_id = ?").run(
      status,
      json,
      row.id,
    );
  else
    db.prepare("INSERT INTO game_finished (game_id, status, how, result, at) VALUES (?, ?, 'correction', ?, ?)").run(
      row.id,
      status,
      json,
      now,
    );
  new TournamentRepo(db, svc.store.now).log(
    tournament.id,
    actorId,
    `game #${row.id} stored result: ${describe(prev)} → ${describe(result)} (original kept: ${original ?? 'none'})`,
    reason,
  );
  return true;
}

const describe = (stored: StoredResult | null) =>
  (!stored
    ? 'none'
    : stored.status === 'abandoned'
      ? 'abandoned'
      : stored.draw
        ? 'draw'
        : stored.winners?.length
          ? `${stored.winners.join(', ')} won`
          : 'no winner') +
  (stored?.scores && Object.keys(stored.scores).length
    ? ` (VP ${Object.entries(stored.scores)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`
    : '');
