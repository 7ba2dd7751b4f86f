// Running a tournament: seeding, pairing each round once the last is
// finished, one Muster game per match (in its own thread), results taken
// from the games' game_finished events, forfeits on time, standings.
import type { Services } from '../app/services.ts';
import { moduleOf } from '../app/session.ts';
import { sha256 } from '../engine/runner.ts';
import { getGame } from '../games/registry.ts';
import type { Post } from '../messages/types.ts';
import { StoreConflictError } from '../store/store.ts';
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

/** A round's matches and games as written, before any game starts. */
export interface WrittenRound {
  round: number;
  /** The pairings post's lines, one per table. */
  lines: string[];
  created: Match[];
  byes: string[];
}

/**
 * Create the round's matches and their games (lobbies with both players
 * seated, each in its own thread under the tournament's channel, opened when
 * its first post is delivered): writes only, in one short transaction (or the
 * caller's), no rules run. A round past the tournament's is claimed in it
 * (the round moves on only from the one read), so two processes cannot pair
 * it twice: null when it was paired meanwhile. Tables take the lowest
 * numbers free in the round, so a re-pairing keeps them numbered from 1.
 */
export function writeRound(svc: Services, tournament: Tournament, round: number, pairs: RoundPairing[]): WrittenRound | null {
  const repo = repoOf(svc);
  const [firstSide, secondSide] = sidesOf(tournament.system, tournament.options);
  const mod = getGame(tournament.system)!;
  const roles = mod.roles(mod.parseOptions(tournament.options));
  const stage = (bracket: Bracket) =>
    ({ main: '', W: "winners' bracket, ", L: "losers' bracket, ", F: 'grand final, ', F2: 'grand final reset, ', cut: 'top cut, ' })[
      bracket
    ];
  // Drawn before the transaction, in table order, one per game (a bye has none).
  const seeds = pairs.map((pairing) => (pairing.b === null ? '' : svc.newSeed()));
  return svc.store.db.transaction((): WrittenRound | null => {
    if (round > tournament.round && !repo.claimRound(tournament.id, tournament.round, round)) return null;
    repo.pairedRound(tournament.id, round);
    const names = new Map(repo.entrants(tournament.id).map((e) => [e.userId, e.userName]));
    const boards = repo.freeBoards(tournament.id, round, pairs.length);
    const written: WrittenRound = { round, lines: [], created: [], byes: [] };
    pairs.forEach((pairing, index) => {
      const board = boards[index];
      if (pairing.b === null) {
        written.created.push(
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
        if (!pairing.a.startsWith('bot:')) written.byes.push(pairing.a);
        written.lines.push(
          `Table ${board}: ${stage(pairing.bracket)}${who} — bye (${bracketBye(tournament, pairing.bracket) ? 'goes on' : '1 point'})`,
        );
        return;
      }
      const match = repo.addMatch({ tournamentId: tournament.id, round, board, a: pairing.a, b: pairing.b, bracket: pairing.bracket });
      const seed = `${seeds[index]}:${tournament.id}:${round}:${board}`;
      const row = svc.store.createGame({
        guildId: tournament.guildId,
        channelId: matchHome(tournament, round, board),
        system: tournament.system,
        options: tournament.options,
        seed,
        seedHash: sha256(seed),
        createdBy: tournament.createdBy,
        label: `${tournament.name}, round ${round}, table ${board}`,
      });
      // Its chronicle goes to the tournament's channel (a forum holding the threads takes no plain posts).
      svc.store.homes.setParent(row.id, tournament.channelId);
      svc.store.setSeat(row.id, firstSide, pairing.a, names.get(pairing.a) ?? pairing.a);
      svc.store.setSeat(row.id, secondSide, pairing.b, names.get(pairing.b) ?? pairing.b);
      repo.setGame(match.id, row.id);
      written.created.push({ ...match, gameId: row.id });
      if (tournament.clockHours) {
        svc.store.deadlines.setClock(row.id, tournament.clockHours * HOUR);
        if (tournament.bonusHours !== null)
          svc.store.deadlines.setBank(
            row.id,
            tournament.bonusHours * HOUR,
            tournament.capHours === null ? null : tournament.capHours * HOUR,
          );
      }
      written.lines.push(
        `Table ${board}: ${stage(pairing.bracket)}${names.get(pairing.a)} (${roles[0].name}) v ${names.get(pairing.b)} (${roles[1].name}) ` +
          `— game #${row.id}, in its own thread`,
      );
    });
    return written;
  })();
}

/**
 * A written round's games start (or open their side bidding), each on its
 * own after the round's commit: the rules set each game up and play its bot
 * seats outside any transaction, and its start commits guarded by the lobby
 * (another process that started it first wins; nothing is done twice).
 * Players who asked for it get their pairing by DM.
 */
export function openRound(svc: Services, tournament: Tournament, written: WrittenRound): Post[] {
  const repo = repoOf(svc);
  const posts: Post[] = [];
  for (const match of written.created) if (match.gameId !== null) posts.push(...openMatch(svc, tournament, repo.match(match.id) ?? match));
  return [
    {
      channelId: tournament.channelId,
      content: `📋 **${tournament.name}** — round ${written.round} pairings:\n${written.lines.join('\n')}`,
      ...(written.byes.length ? { mentions: written.byes } : {}),
    },
    ...posts,
    ...pairingDms(svc, tournament, written.created),
    hubPost(tournament.id, tournament.channelId),
  ];
}

/** One match's game begins: at once, or after the side bids. Started by another process meanwhile: nothing. */
function openMatch(svc: Services, tournament: Tournament, match: Match): Post[] {
  try {
    if (!tournament.bidding) return startMatch(svc, tournament, match);
    return [matchOpening(svc, tournament, match, match.gameId!, 'bidding'), ...settleBidsIfReady(svc, tournament, match)];
  } catch (error) {
    if (error instanceof StoreConflictError) return [];
    throw error;
  }
}

/** Write a round and open it (for callers outside any transaction). */
export function pairRound(svc: Services, tournament: Tournament, round: number, pairs: RoundPairing[]): Post[] {
  const written = writeRound(svc, tournament, round, pairs);
  return written ? openRound(svc, tournament, written) : [];
}

/**
 * Games of the tournament's round still in their lobby without side bidding:
 * left by a process that stopped between writing a round and starting its
 * games. They start now (one indexed read when there are none).
 */
function startLeftLobbies(svc: Services, tournament: Tournament): Post[] {
  if (tournament.bidding) return [];
  return repoOf(svc)
    .lobbyMatches(tournament.id, tournament.round)
    .flatMap((match) => openMatch(svc, tournament, match));
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
  posts.push(...startLeftLobbies(svc, tournament));
  const current = repo.matches(tournament.id, tournament.round);
  if (current.some((m) => m.outcome === null)) return false;
  // True for one process only (a conditional write): its standings are posted once.
  const justFinished = repo.finishedRound(tournament.id, tournament.round);
  // Rounds at set times: the next one waits for its time (the tick pairs it then).
  const pairedAt = repo.pairedAt(tournament.id, tournament.round);
  const waitUntil = tournament.roundHours && pairedAt !== null ? pairedAt + tournament.roundHours * HOUR : 0;
  // The last round ends the tournament at once; a next one waits for its time
  // (a Swiss round before the last is not paired just to learn that: 75 ms for 500 entrants).
  const waiting = svc.now() < waitUntil;
  const surelyMore = (tournament.format === 'swiss' || tournament.format === 'swisscut') && tournament.round < tournament.rounds;
  // The pairing is computed outside any transaction; its write claims the round read here.
  const pairs = waiting && surelyMore ? undefined : nextPairings(repo, tournament, tournament.round + 1);
  const next = waiting && (surelyMore || pairs?.length) ? undefined : pairs;
  // Finished only from the round read: another process that paired or finished it first wins.
  if (next !== undefined && !next?.length && !repo.finishAt(tournament.id, tournament.round)) return false;
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
  if (!next?.length) {
    const champion = championOf(repo, fresh);
    if (champion)
      posts.push({ channelId: tournament.channelId, content: `🥇 **${tournament.name}** winner: <@${champion}>`, mentions: [champion] });
    posts.push(hubPost(tournament.id, tournament.channelId));
    return true;
  }
  const written = writeRound(svc, tournament, tournament.round + 1, next);
  if (!written) return false;
  posts.push(...openRound(svc, repo.get(tournament.id)!, written));
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
    // The round is read and the next paired outside any transaction; its write claims the
    // round read (issue 21 §1 §3), so a second process (its tick, or its command that
    // ended another game) that read the same round pairs nothing.
    const step: Post[] = [];
    const tournament = repo.get(tournamentId);
    const moved = tournament?.status === 'running' && advanceOne(svc, tournament, step);
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
