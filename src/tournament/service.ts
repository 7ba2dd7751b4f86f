// Running a tournament: seeding, pairing each round once the last is
// finished, one Muster game per match (in its own thread), results taken
// from the games' game_finished events, forfeits on time, standings.
import type { Services } from '../app/services.ts';
import { moduleOf } from '../app/session.ts';
import { sha256 } from '../engine/runner.ts';
import { getGame } from '../games/registry.ts';
import type { Post } from '../messages/types.ts';
import { repoOf, type Bracket, type Match, type Outcome, type Tournament } from './repo.ts';
import { ratingsOf } from './ratings.ts';
import { seedOrder } from './seeding.ts';
import { closeCheckin } from './entry.ts';
import { championOf, sidesOf, swissRoundsOf, totalRounds } from './results.ts';
import { pairingDms } from './notices.ts';
import { nextPairings, type RoundPairing } from './rounds.ts';
import { matchHome, matchOpening, startMatch } from './threads.ts';
import { settleBidsIfReady } from './bids.ts';
import { matchOutcomeOf, type FinishedResult } from './outcomes.ts';
import { hubPost, roundStandingsPosts } from './hub.ts';

const HOUR = 3_600_000;

/** A bye in a bracket sends its player on; a Swiss or round-robin bye scores a point. */
const bracketBye = (tournament: Tournament, bracket: Bracket) =>
  tournament.format === 'knockout' || tournament.format === 'double' || bracket === 'cut';

/**
 * Create the round's matches and their games: each in its own thread under
 * the tournament's channel (opened when its first post is delivered), both
 * players seated and mentioned, and started at once, or after the side bids.
 * Tables take the lowest numbers free in the round, so a re-pairing keeps
 * them numbered from 1. Players who asked for it get their pairing by DM.
 */
export function pairRound(svc: Services, tournament: Tournament, round: number, pairs: RoundPairing[]): Post[] {
  const repo = repoOf(svc);
  const [firstSide, secondSide] = sidesOf(tournament.system, tournament.options);
  const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
  const mod = getGame(tournament.system)!;
  const roles = mod.roles(mod.parseOptions(tournament.options));
  const lines: string[] = [];
  const posts: Post[] = [];
  const boards = repo.freeBoards(tournament.id, round, pairs.length);
  const created: Match[] = [];
  const byes: string[] = [];
  svc.store.db.transaction(() => {
    if (round > tournament.round) repo.update(tournament.id, { round });
    repo.pairedRound(tournament.id, round);
  })();
  const stage = (bracket: Bracket) =>
    ({ main: '', W: "winners' bracket, ", L: "losers' bracket, ", F: 'grand final, ', F2: 'grand final reset, ', cut: 'top cut, ' })[
      bracket
    ];
  pairs.forEach((pairing, index) => {
    const board = boards[index];
    if (pairing.b === null) {
      created.push(
        repo.addMatch({
          tournamentId: tournament.id,
          round,
          board,
          a: pairing.a,
          b: null,
          outcome: 'bye',
          how: 'bye',
          bracket: pairing.bracket,
        }),
      );
      // The bye's player is told by mention, with what it is worth.
      const who = pairing.a.startsWith('bot:') ? names.get(pairing.a) : `<@${pairing.a}>`;
      if (!pairing.a.startsWith('bot:')) byes.push(pairing.a);
      lines.push(
        `Table ${board}: ${stage(pairing.bracket)}${who} — bye (${bracketBye(tournament, pairing.bracket) ? 'goes on' : '1 point'})`,
      );
      return;
    }
    const match = repo.addMatch({ tournamentId: tournament.id, round, board, a: pairing.a, b: pairing.b, bracket: pairing.bracket });
    created.push(match);
    const seed = svc.newSeed();
    const home = matchHome(tournament, round, board);
    const row = svc.store.createGame({
      guildId: tournament.guildId,
      channelId: home,
      system: tournament.system,
      options: tournament.options,
      seed: `${seed}:${tournament.id}:${round}:${board}`,
      seedHash: sha256(`${seed}:${tournament.id}:${round}:${board}`),
      createdBy: tournament.createdBy,
      label: `${tournament.name}, round ${round}, table ${board}`,
    });
    // Its chronicle goes to the tournament's channel (a forum holding the threads takes no plain posts).
    svc.store.homes.setParent(row.id, tournament.channelId);
    svc.store.setSeat(row.id, firstSide, pairing.a, names.get(pairing.a) ?? pairing.a);
    svc.store.setSeat(row.id, secondSide, pairing.b, names.get(pairing.b) ?? pairing.b);
    repo.setGame(match.id, row.id);
    if (tournament.clockHours) {
      svc.store.deadlines.setClock(row.id, tournament.clockHours * HOUR);
      if (tournament.bonusHours !== null)
        svc.store.deadlines.setBank(row.id, tournament.bonusHours * HOUR, tournament.capHours === null ? null : tournament.capHours * HOUR);
    }
    lines.push(
      `Table ${board}: ${stage(pairing.bracket)}${names.get(pairing.a)} (${roles[0].name}) v ${names.get(pairing.b)} (${roles[1].name}) ` +
        `— game #${row.id}, in its own thread`,
    );
    const fresh = repo.match(match.id)!;
    if (tournament.bidding) {
      posts.push(matchOpening(svc, tournament, fresh, row.id, 'bidding'));
      posts.push(...settleBidsIfReady(svc, tournament, fresh));
      return;
    }
    posts.push(...startMatch(svc, tournament, fresh));
  });
  return [
    {
      channelId: tournament.channelId,
      content: `📋 **${tournament.name}** — round ${round} pairings:\n${lines.join('\n')}`,
      ...(byes.length ? { mentions: byes } : {}),
    },
    ...posts,
    ...pairingDms(svc, tournament, created),
    hubPost(tournament.id, tournament.channelId),
  ];
}

/** Take the outcome of every match whose game has ended (the game_finished event). */
function consumeFinished(svc: Services): Set<number> {
  const repo = repoOf(svc);
  const rows = repo.unconsumed();
  const touched = new Set<number>();
  for (const { match, status, how, result } of rows) {
    const tournament = repo.get(match.tournamentId)!;
    const outcome = matchOutcomeOf(
      match,
      sidesOf(tournament.system, tournament.options),
      status,
      how,
      JSON.parse(result) as FinishedResult,
    );
    repo.setOutcome(match.id, outcome, how);
    repo.dropReport(match.id);
    touched.add(tournament.id);
  }
  return touched;
}

/**
 * Move a tournament on: when its round is complete post the standings and
 * pair the next round (or finish). Returns whether it paired or finished.
 */
function advanceOne(svc: Services, tournament: Tournament, posts: Post[]): boolean {
  const repo = repoOf(svc);
  const current = repo.matches(tournament.id, tournament.round);
  if (current.some((m) => m.outcome === null)) return false;
  const justFinished = repo.finishedRound(tournament.id, tournament.round);
  // Rounds at set times: the next one waits for its time (the tick pairs it then).
  const pairedAt = repo.pairedAt(tournament.id, tournament.round);
  const waitUntil = tournament.roundHours && pairedAt !== null ? pairedAt + tournament.roundHours * HOUR : 0;
  // The last round ends the tournament at once; a next one waits for its time
  // (a Swiss round before the last is not paired just to learn that: 75 ms for 500 entrants).
  const waiting = svc.now() < waitUntil;
  const surelyMore = (tournament.format === 'swiss' || tournament.format === 'swisscut') && tournament.round < tournament.rounds;
  const pairs = waiting && surelyMore ? undefined : nextPairings(repo, tournament, tournament.round + 1);
  const next = waiting && (surelyMore || pairs?.length) ? undefined : pairs;
  if (next !== undefined && !next?.length) repo.update(tournament.id, { status: 'finished' });
  const fresh = repo.get(tournament.id)!;
  // A Swiss (and a Swiss before its cut) posts standings after each round; an elimination its bracket's progress.
  if (justFinished && (tournament.round <= swissRoundsOf(repo, tournament) || fresh.status === 'finished'))
    posts.push(...roundStandingsPosts(svc, fresh));
  if (next === undefined) {
    if (justFinished)
      posts.push(
        {
          channelId: tournament.channelId,
          content: `⏳ **${tournament.name}**: round ${tournament.round + 1} is paired <t:${Math.floor(waitUntil / 1000)}:R>.`,
        },
        hubPost(tournament.id, tournament.channelId),
      );
    return false;
  }
  if (fresh.status === 'finished') {
    const champion = championOf(repo, fresh);
    if (champion)
      posts.push({ channelId: tournament.channelId, content: `🥇 **${tournament.name}** winner: <@${champion}>`, mentions: [champion] });
    posts.push(hubPost(tournament.id, tournament.channelId));
  } else posts.push(...pairRound(svc, fresh, tournament.round + 1, next!));
  return true;
}

/**
 * Move these tournaments on, and any whose games end meanwhile (a round of
 * bot seats plays out as it is paired). Idempotent.
 */
function advance(svc: Services, ids: Iterable<number>): Post[] {
  const repo = repoOf(svc);
  const posts: Post[] = [];
  const pending = new Set(ids);
  const resultsOnly = new Set(pending);
  for (let guard = 0; guard < 10_000 && pending.size; guard++) {
    const [tournamentId] = pending;
    pending.delete(tournamentId);
    // One process at a time reads a round and pairs the next (issue 21 §3): the write
    // lock is taken before the round is read, so a second process (its tick, or its
    // command that ended another game) finds the round paired and pairs nothing.
    const step: Post[] = [];
    const moved = svc.store.db
      .transaction(() => {
        const tournament = repo.get(tournamentId);
        return tournament?.status === 'running' && advanceOne(svc, tournament, step);
      })
      .immediate();
    posts.push(...step);
    // Paired (a round of byes may be complete at once) or finished: look again.
    if (moved) {
      resultsOnly.delete(tournamentId);
      pending.add(tournamentId);
    }
    for (const more of consumeFinished(svc)) {
      pending.add(more);
      resultsOnly.add(more);
    }
  }
  // Results came in without closing a round: the hub shows them.
  for (const tournamentId of resultsOnly) {
    const tournament = repo.get(tournamentId);
    if (tournament) posts.push(hubPost(tournament.id, tournament.channelId));
  }
  return posts;
}

/**
 * After a command: the tournaments whose games ended (their game_finished
 * events, not yet taken) move on; with no such event this is one indexed
 * read and no tournament is looked at. Ratings fold the finished games.
 */
export function advanceFinished(svc: Services): Post[] {
  const touched = consumeFinished(svc);
  const posts = touched.size ? advance(svc, touched) : [];
  ratingsOf(svc).sync();
  return posts;
}

/** A tournament an organiser changed directly (a corrected result may complete its round). */
export const advanceTournament = (svc: Services, tournamentId: number): Post[] => advance(svc, [tournamentId]);

/** The tick (and a restart): every running tournament, so rounds at set times are paired when their time comes. */
export function advanceRunning(svc: Services): Post[] {
  const posts = advance(svc, [
    ...consumeFinished(svc),
    ...repoOf(svc)
      .running()
      .map((t) => t.id),
  ]);
  ratingsOf(svc).sync();
  return posts;
}

/**
 * Seed (by rating, unrated players by sign-up order, or as the organiser
 * seeded by hand) and pair round 1. Signed-up players who never checked in
 * are told they are not playing.
 */
export function startTournament(svc: Services, tournament: Tournament): Post[] {
  const repo = repoOf(svc);
  const missed = closeCheckin(svc, tournament);
  const ready = repo.entrants(tournament.id).filter((e) => e.checkedIn && !e.dropped);
  const order = seedOrder(svc, tournament, ready);
  svc.store.db.transaction(() => {
    // Players out of the field (withdrawn, never checked in) keep no seed.
    for (const entrant of repo.entrants(tournament.id))
      if (!entrant.checkedIn || entrant.dropped) repo.setEntrant(tournament.id, entrant.userId, { seed: null });
    order.forEach(({ entrant, rating }, index) => repo.setEntrant(tournament.id, entrant.userId, { seed: index + 1, rating: rating ?? 0 }));
    repo.update(tournament.id, {
      status: 'running',
      rounds: tournament.format === 'swisscut' || tournament.format === 'swiss' ? tournament.rounds : totalRounds(repo, tournament),
    });
  })();
  const fresh = repo.get(tournament.id)!;
  return [...missed, ...pairRound(svc, fresh, 1, nextPairings(repo, fresh, 1) ?? []), ...advance(svc, [fresh.id])];
}

/**
 * Tournament games whose decision clock ran out: the late seat forfeits
 * (a tournament's clock ends the game instead of taking the default).
 */
export function forfeitOnTime(svc: Services): Post[] {
  const repo = repoOf(svc);
  const posts: Post[] = [];
  for (const due of svc.store.deadlines.due(svc.now(), 1000)) {
    const match = repo.matchOfGame(due.gameId);
    const row = svc.store.game(due.gameId);
    if (!match || !row || row.status !== 'active') continue;
    const mod = moduleOf(row);
    const roles = mod.roles(mod.parseOptions(row.options)).map((r) => r.id);
    const winners = roles.filter((r) => r !== due.role);
    const result = { status: 'over', winners, draw: false, scores: {}, summary: `${due.role} forfeits: the clock ran out.` };
    // Still active once the write lock is held: another process may have ended the game meanwhile (issue 21 §3).
    const forfeited = svc.store.db
      .transaction(() => {
        if (svc.store.game(row.id)?.status !== 'active') return false;
        svc.store.finish(row.id, 'over', JSON.stringify(result), 'forfeit');
        svc.store.deadlines.clear(row.id);
        return true;
      })
      .immediate();
    if (!forfeited) continue;
    posts.push({
      channelId: row.channelId,
      gameId: row.id,
      content: `⏰ Time is up for ${due.role}: forfeit. ${winners.join(', ')} wins game #${row.id}.`,
    });
  }
  return posts;
}

/**
 * End a match's game as the organiser decided (or a confirmed report): one
 * game_finished event, like any end. `vp`: the organiser gave the final VP
 * (onVp: the result was decided on them, so a bid applies to it).
 */
export function finishMatchGame(
  svc: Services,
  tournament: Tournament,
  match: Match,
  outcome: Outcome,
  summary: string,
  vp?: { scores: Record<string, number>; onVp: boolean },
  forfeit = false,
): void {
  const row = match.gameId ? svc.store.game(match.gameId) : null;
  if (!row || (row.status !== 'active' && row.status !== 'lobby')) return;
  const [firstSide, secondSide] = sidesOf(tournament.system, tournament.options);
  svc.store.finish(
    row.id,
    outcome === 'none' ? 'abandoned' : 'over',
    JSON.stringify({
      status: outcome === 'none' ? 'abandoned' : 'over',
      winners: outcome === 'a' ? [firstSide] : outcome === 'b' ? [secondSide] : [],
      draw: outcome === 'draw',
      scores: vp?.scores ?? {},
      ...(vp ? { onVp: vp.onVp } : {}),
      ...(forfeit ? { forfeit: true } : {}),
      summary,
    }),
    'moderator',
  );
  svc.store.deadlines.clear(row.id);
}
